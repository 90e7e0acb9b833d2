"""Polis' score sheet worked out a second time, from the rule text and what the log says happened.

The final count (rule text, "ゲーム終了条件と勝敗"): the citizens in all the side's poleis, the
prestige won during the game, and the end-of-game prestige of its completed projects. Without
the engine's scoring code:

* Population and Projects are read off the table: the cubes on each polis the side owns, and
  for each project completed there its end-of-game value from the data file;
* Prestige is a ledger kept from the log, from the starting value on: every entry that moves
  a side's prestige, with the amount the rules give where the entry says what happened (a
  military action, a retreat and a tax cost 1, and so does tribute outside the home region;
  a polis that falls gives its fortification; a civil war as many as the citizens that join;
  a battle exchange the difference of the cards' attack values; a project completed its
  round-end value; megalopolis 1 per polis above its base population). A change the log
  does not account for shows as a difference.
* Feeding ("ラウンド終了時の処理", 食糧供給) is worked out again from the table as it stood before
  the step: 1 wheat per citizen of the side's poleis, prestige for what wheat cannot cover, and
  the rest unfed; an unfed side gives up poleis until their citizens cover the unfed ones. The
  game ends at a round's close for exactly the end conditions that hold then (unfed citizens,
  a side at 0 prestige on the ledger, round 4 over) and goes on when none does.
* An event's prestige is the card's, from the data file, applied in the card's order to the
  ledger's own count (never below 0); every prestige entry of an event is one of the card's, and
  none is missing.

The log is read as the rules said it (engine/core/text.py): each entry's template, which is its
message id, tells what happened, and its arguments say who (a seat number, whatever the players'
names) and what (the ids of poleis, projects, cards, regions). It reads the data files directly,
not through the engine's catalog.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[2] / "engine" / "polis" / "data"
SIDES = ("athens", "sparta")


def records(name: str) -> list[dict]:
    return json.loads((DATA / f"{name}.json").read_text())["records"]


POLEIS = {r["id"]: r for r in records("poleis")}
PROJECTS = {r["id"]: r for r in records("projects")}
ATTACK = {r["id"]: r.get("attack", 0) for r in records("combat")}
START_PRESTIGE = {r["id"]: r["prestige"] for r in records("start")}
EVENTS = {r["id"]: r for r in records("events")}
HOME = {r["start"]: r["region"] for r in POLEIS.values() if r["capital"]}
"""Each side's home region, its capital's: tribute there costs no prestige."""

MILITARY = "{seat:seat} pays {cost} prestige for a military action."
FALLS = ("{seat:seat} rolls {roll} against fortification {base}: {polis:polis} falls ({citizens} citizens, +{base} "
         "prestige).")
CIVIL_WAR = ("{seat:seat} pays {cost} silver to incite civil war in {polis:polis}: it joins them with {citizens} "
             "citizens (+{citizens} prestige).")
EXCHANGE = ("{attacker:seat} attacks with {attack:cards}; {defender:seat} defends with {defence:cards}: {lost:count} "
            "lost, +{gain} prestige.")
EXCHANGE_SALPINX = EXCHANGE[:-1] + ", -{paid} for the salpinx."
RETREAT = "{seat:side} pays {cost} prestige and retreats {n} units from {area:area} to {to:area}."
TRIBUTE = "{seat:seat} collects tribute in {region:area}: {gained:goods}."
TRIBUTE_AT_HOME = "{seat:seat} collects tribute in {region:area}: {gained:goods} (home region: no prestige)."
COMPLETED = "{seat:side} completes the {tile:project} in {polis:polis}: +{n} prestige."
MEGALOPOLIS = "{seat:side}: megalopolis, +{n} prestige."
TAX = "{seat:side} levies a tax: 1 prestige for 1 silver."
GAINS = "{seat:side} gains {n} {what:good}."
LOSES = "{seat:side} loses {n} {what:good}."
"""The entries that move a side's prestige (an event's gains and losses: when it is prestige)."""
EVENT = "Event of round {round:round}: {event:event}."
FEEDS = ("{seat:side} feeds {need:citizens} with {wheat} wheat.",
         "{seat:side} feeds {need:citizens} with {wheat} wheat and {prestige} prestige.")
UNFED = "{seat:side} cannot feed {unfed:citizens}: it must give up cities, and the game ends with this round."
GAME_ENDS = "The game ends: {reasons:reasons}."
NEXT_ROUND = "The merchant ships come home; the tribute boxes and the projects on offer are cleared."
GIVES_UP = "{seat:side} gives up {polis:polis} ({citizens:citizens})."
LAST_ROUND = 4
"""The game ends when round 4 is over, or at the end of a round where a side could not feed
its citizens or has 0 prestige ("ゲーム終了条件と勝敗")."""


def said(entry: dict) -> tuple[str, dict[str, Any]]:
    """An entry as the rules said it: its template and its arguments (none for plain words)."""
    text = entry["text"]
    return (text["say"], text["args"]) if isinstance(text, dict) else (text, {})


def card_attack(cards: list[str]) -> int:
    return sum(ATTACK[card] for card in cards)


def megalopolis(state: dict, seat: int) -> int:
    return sum(1 for polis, owner in state["owner"].items()
               if owner == seat and state["pop"][polis] > POLEIS[polis]["base"])


def event_prestige(event: str) -> list[tuple[str, int]]:
    """The card's prestige effects, in its order: (side or "both", change)."""
    return [(e["side"], e["n"]) for e in EVENTS[event]["effects"] if e["op"] == "gain" and e["what"] == "prestige"]


class PrestigeLedger:
    def __init__(self, state: dict, handicap: int = 0):
        """``handicap``: prestige a test gave both sides on top of the starting position."""
        self.prestige = [START_PRESTIGE[side] + handicap for side in SIDES]
        self.read = 0
        self.event: list[tuple[int, int]] = []
        """The prestige changes the event being resolved still owes: (seat, change)."""
        self.unfed = [0, 0]
        """Citizens each side could not feed and has not yet covered by giving up poleis."""
        self.unfed_now = False
        """A side could not feed its citizens in this round's end."""
        self.table = self.snapshot(state)

    @staticmethod
    def snapshot(state: dict) -> dict:
        return {"wheat": [res["wheat"] for res in state["res"]], "owner": dict(state["owner"]),
                "pop": dict(state["pop"])}

    def owned(self, seat: int) -> dict[str, int]:
        """The citizens of each polis the side held before this step."""
        return {polis: self.table["pop"][polis] for polis, owner in self.table["owner"].items() if owner == seat}

    def note(self, state: dict) -> None:
        """Read the log entries written since the last call; ``self.table`` is the table as the
        previous call left it, before this step (feeding is worked out from it)."""
        for entry in state["log"][self.read:]:
            text, args = said(entry)
            if text == EVENT:
                self.event_drawn(args["event"])
            elif text in FEEDS:
                self.fed(args)
            elif text == UNFED:
                assert args["unfed"] == self.unfed[args["seat"]] > 0, (text, args)
            elif text == GIVES_UP:
                self.gave_up(state, args)
            elif text in (GAME_ENDS, NEXT_ROUND):
                self.round_closed(state, args.get("reasons", []))
            else:
                self.moved(state, text, args)
        assert not self.event, f"event prestige never given: {self.event}"
        self.read = len(state["log"])
        self.table = self.snapshot(state)

    def moved(self, state: dict, text: str, args: dict[str, Any]) -> None:
        """The prestige an entry moves, checked against the rule where the entry tells why."""
        if text == MILITARY:
            assert args["cost"] == 1, args
            seat, amount = args["seat"], -1
        elif text == FALLS:
            assert args["base"] == POLEIS[args["polis"]]["base"] <= args["roll"], args
            seat, amount = args["seat"], args["base"]
        elif text == CIVIL_WAR:
            polis = args["polis"]
            joining = POLEIS[polis]["base"] if self.table["owner"][polis] is None else self.table["pop"][polis]
            assert args["citizens"] == joining, (args, "citizens joining", joining)
            seat, amount = args["seat"], args["citizens"]
        elif text in (EXCHANGE, EXCHANGE_SALPINX):
            gain = max(0, card_attack(args["attack"]) - card_attack(args["defence"]))
            assert args["gain"] == gain, args
            seat, amount = args["attacker"], gain - args.get("paid", 0)
        elif text == RETREAT:
            assert args["cost"] == 1, args
            seat, amount = args["seat"], -1
        elif text in (TRIBUTE, TRIBUTE_AT_HOME):
            seat = args["seat"]
            home = args["region"] == HOME[SIDES[seat]]
            assert (text == TRIBUTE_AT_HOME) == home, args
            amount = 0 if home else -1
        elif text == COMPLETED:
            assert args["n"] == PROJECTS[args["tile"]]["round"], args
            seat, amount = args["seat"], args["n"]
        elif text == MEGALOPOLIS:
            assert args["n"] == megalopolis(state, args["seat"]), args
            seat, amount = args["seat"], args["n"]
        elif text == TAX:
            seat, amount = args["seat"], -1
        elif text in (GAINS, LOSES) and args["what"] == "prestige":
            seat, amount = args["seat"], args["n"] if text == GAINS else -args["n"]
            assert self.event and self.event.pop(0) == (seat, amount), f"{text} {args} (the event owes {self.event})"
        else:
            return
        self.prestige[seat] += amount

    def event_drawn(self, event: str) -> None:
        """The card's prestige, never below 0, worked out on the ledger's own count; a change of
        0 writes no entry."""
        after = list(self.prestige)
        for side, n in event_prestige(event):
            for seat in (0, 1) if side == "both" else (SIDES.index(side),):
                before, after[seat] = after[seat], max(0, after[seat] + n)
                if after[seat] != before:
                    self.event.append((seat, after[seat] - before))

    def fed(self, args: dict[str, Any]) -> None:
        """1 wheat per citizen; prestige for what wheat cannot cover; the rest is unfed."""
        seat = args["seat"]
        need = sum(self.owned(seat).values())
        wheat = min(self.table["wheat"][seat], need)
        prestige = min(self.prestige[seat], need - wheat)
        assert (args["need"], args["wheat"], args.get("prestige", 0)) == (need, wheat, prestige), \
            f"{args} (worked out: {need} citizens, {wheat} wheat, {prestige} prestige)"
        self.prestige[seat] -= prestige
        self.unfed[seat] = need - wheat - prestige
        self.unfed_now |= self.unfed[seat] > 0

    def gave_up(self, state: dict, args: dict[str, Any]) -> None:
        """An unfed side gives up poleis, whole, until their citizens cover the unfed ones."""
        seat, polis = args["seat"], args["polis"]
        assert self.unfed[seat] > 0, f"{args}: nothing left unfed"
        assert args["citizens"] == self.owned(seat)[polis] and state["owner"][polis] != seat, args
        self.unfed[seat] -= args["citizens"]

    def round_closed(self, state: dict, reasons: list[str]) -> None:
        """The game ends, for the reasons that hold, or goes on when none does."""
        holds = {"could not feed": self.unfed_now, "0 prestige": 0 in self.prestige}
        if reasons:
            holds["round 4"] = state["round"] >= LAST_ROUND
            assert {words for words in holds if any(words in reason for reason in reasons)} == \
                {w for w, h in holds.items() if h}, f"{reasons} (the conditions: {holds})"
        else:  # the next round has begun
            assert not any(holds.values()) and state["round"] - 1 < LAST_ROUND, f"the game goes on: {holds}"
        self.unfed_now = False

    def finished(self, state: dict) -> None:
        """At the end: every unfed side has covered its unfed citizens (or has no polis left)."""
        for seat in (0, 1):
            owns = any(owner == seat for owner in state["owner"].values())
            assert self.unfed[seat] <= 0 or not owns, f"side {seat}: {self.unfed[seat]} citizens unfed, not given up"


def breakdowns(state: dict, ledger: PrestigeLedger) -> list[dict[str, int]]:
    sheets = []
    for seat in (0, 1):
        owned = [polis for polis, owner in state["owner"].items() if owner == seat]
        sheets.append({
            "Population": sum(state["pop"][polis] for polis in owned),
            "Prestige": ledger.prestige[seat],
            "Projects": sum(PROJECTS[tile]["final"] for polis in owned for tile in state["built"].get(polis, ())),
        })
    return sheets

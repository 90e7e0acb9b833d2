"""Polis' score sheet worked out a second time, from the rule text and what the log says happened.

The final count (rule text, "ゲーム終了条件と勝敗"): the citizens in all the side's poleis, the
prestige won during the game, and the end-of-game prestige of its completed projects. Without
the engine's scoring code:

* Population and Projects are read off the table: the cubes on each polis the side owns, and
  for each project completed there its end-of-game value from the data file;
* Prestige is a ledger kept from the log, from the starting value on: every line that moves
  a side's prestige, with the amount the rules give where the line says what happened (a
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
  ledger's own count (never below 0); every prestige line of an event is one of the card's, and
  none is missing.

It reads the data files directly, not through the engine's catalog.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.log_names import WHO, seat_line

DATA = Path(__file__).resolve().parents[2] / "engine" / "polis" / "data"
SIDES = ("athens", "sparta")
SIDE_NAMES = ("Athens", "Sparta")


def records(name: str) -> list[dict]:
    return json.loads((DATA / f"{name}.json").read_text())["records"]


POLEIS = {r["id"]: r for r in records("poleis")}
POLIS_BY_NAME = {r["name"]: r for r in POLEIS.values()}
PROJECTS = {r["id"]: r for r in records("projects")}
PROJECT_BY_NAME = {r["name"]: r for r in PROJECTS.values()}
ATTACK = {r["name"]: r.get("attack", 0) for r in records("combat")}
START_PRESTIGE = {r["id"]: r["prestige"] for r in records("start")}
EVENTS = records("events")
AREA_NAMES = {r["id"]: r["name"] for r in records("map")}
HOME = {r["start"]: AREA_NAMES[r["region"]] for r in POLEIS.values() if r["capital"]}
"""Each side's home region, its capital's: tribute there costs no prestige."""

MOVES = [WHO + pattern + "$" for pattern in (
    r" pays (?P<cost>1) prestige for a military action\.",
    r" rolls \d+ against fortification \d+: (?P<fallen>.+) falls \(\d+ citizens, \+(?P<n>\d+) prestige\)\.",
    r" pays \d+ silver to incite civil war in .+: it joins them with (?P<joined>\d+) citizens \(\+(?P<n>\d+) prestige\)\.",
    r" attacks with (?P<attack>.+); .+ defends with (?P<defence>.+): \d+ units? lost, \+(?P<n>\d+) prestige"
    r"(, -(?P<salpinx>\d+) for the salpinx)?\.",
    r" pays (?P<cost>1) prestige and retreats .+\.",
    r" collects tribute in (?P<region>" + "|".join(map(re.escape, AREA_NAMES.values())) + r"): "
    r"\d+ \w+(?:, \d+ \w+)*(?P<home> \(home region: no prestige\))?\.",
    r" completes the (?P<project>.+) in .+: \+(?P<n>\d+) prestige\.",
    r": megalopolis, \+(?P<n>\d+) prestige\.",
    r" levies a tax: (?P<cost>1) prestige for 1 silver\.",
    r" (?P<event>gains|loses) (?P<n>\d+) prestige\.",
)]
"""The lines that move a side's prestige."""
EVENT = re.compile(r"Event of round .+?: (?P<name>.+)\.$")
FEEDS = WHO + r" feeds (?P<need>\d+) citizens? with (?P<wheat>\d+) wheat( and (?P<prestige>\d+) prestige)?\.$"
UNFED = WHO + r" cannot feed (?P<unfed>\d+) citizens?: .+"
ROUND_CLOSED = re.compile(r"The game ends: (?P<reasons>.+)\.$|The merchant ships come home")
LAST_ROUND = 4
"""The game ends when round 4 is over, or at the end of a round where a side could not feed
its citizens or has 0 prestige ("ゲーム終了条件と勝敗")."""
GIVES_UP = WHO + r" gives up (?P<polis>.+) \((?P<citizens>\d+) citizens?\)\.$"


def card_attack(cards: str) -> int:
    return sum(ATTACK[name] for name in cards.split(" + "))


def megalopolis(state: dict, seat: int) -> int:
    return sum(1 for polis, owner in state["owner"].items()
               if owner == seat and state["pop"][polis] > POLEIS[polis]["base"])


def change(state: dict, seat: int, found: re.Match) -> int:
    """The prestige a log line moves, checked against the rule where the line tells why."""
    part = found.groupdict()
    if part.get("region"):
        home = part["region"] == HOME[SIDES[seat]]
        assert bool(part["home"]) == home, found.string
        return 0 if home else -1
    if part.get("cost"):
        return -int(part["cost"])
    n = int(part["n"])
    if part.get("fallen"):
        assert n == POLIS_BY_NAME[part["fallen"]]["base"], found.string
    elif part.get("joined"):
        assert n == int(part["joined"]), found.string
    elif part.get("attack"):
        assert n == max(0, card_attack(part["attack"]) - card_attack(part["defence"])), found.string
        return n - int(part["salpinx"] or 0)
    elif part.get("project"):
        assert n == PROJECT_BY_NAME[part["project"]]["round"], found.string
    elif "megalopolis" in found.string:
        assert n == megalopolis(state, seat), found.string
    elif part.get("event") == "loses":
        return -n
    return n


def event_prestige(name: str) -> list[tuple[str, int]]:
    """The card's prestige effects, in its order: (side or "both", change)."""
    found = {tuple((e["side"], e["n"]) for e in r["effects"] if e["op"] == "gain" and e["what"] == "prestige")
             for r in EVENTS if r["name"] == name}
    assert len(found) == 1, f"event {name!r}: {len(found)} different cards of that name"
    return list(found.pop())


class PrestigeLedger:
    def __init__(self, state: dict, handicap: int = 0):
        """``handicap``: prestige a test gave both sides on top of the starting position."""
        self.prestige = [START_PRESTIGE[side] + handicap for side in SIDES]
        self.who = {name: seat for seat, name in enumerate(state["names"])} | {n: s for s, n in enumerate(SIDE_NAMES)}
        self.moves = [seat_line(line, self.who) for line in MOVES]
        self.feeds, self.unfed_line, self.gives_up = (seat_line(line, self.who) for line in (FEEDS, UNFED, GIVES_UP))
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
        return {"wheat": [res["wheat"] for res in state["res"]], "owner": dict(state["owner"]), "pop": dict(state["pop"])}

    def owned(self, seat: int) -> dict[str, int]:
        """The citizens of each polis the side held before this step."""
        return {polis: self.table["pop"][polis] for polis, owner in self.table["owner"].items() if owner == seat}

    def note(self, state: dict) -> None:
        """Read the log lines written since the last call; ``self.table`` is the table as the
        previous call left it, before this step (feeding is worked out from it)."""
        for entry in state["log"][self.read:]:
            text = entry["text"]
            if found := EVENT.match(text):
                self.event_drawn(found["name"])
            elif found := self.feeds.match(text):
                self.fed(state, found)
            elif found := self.unfed_line.match(text):
                seat = self.who[found["who"]]
                assert int(found["unfed"]) == self.unfed[seat] > 0, text
            elif found := self.gives_up.match(text):
                self.gave_up(state, found)
            elif found := ROUND_CLOSED.match(text):
                self.round_closed(state, found)
            else:
                self.moved(state, text)
        assert not self.event, f"event prestige never given: {self.event}"
        self.read = len(state["log"])
        self.table = self.snapshot(state)

    def moved(self, state: dict, text: str) -> None:
        for line in self.moves:
            if found := line.match(text):
                seat = self.who[found.group("who")]
                amount = change(state, seat, found)
                if found.groupdict().get("event"):
                    assert self.event and self.event.pop(0) == (seat, amount), f"{text} (the event owes {self.event})"
                self.prestige[seat] += amount
                return

    def event_drawn(self, name: str) -> None:
        """The card's prestige, never below 0, worked out on the ledger's own count; a change of
        0 writes no line."""
        after = list(self.prestige)
        for side, n in event_prestige(name):
            for seat in (0, 1) if side == "both" else (SIDES.index(side),):
                before, after[seat] = after[seat], max(0, after[seat] + n)
                if after[seat] != before:
                    self.event.append((seat, after[seat] - before))

    def fed(self, state: dict, found: re.Match) -> None:
        """1 wheat per citizen; prestige for what wheat cannot cover; the rest is unfed."""
        seat = self.who[found["who"]]
        need = sum(self.owned(seat).values())
        wheat = min(self.table["wheat"][seat], need)
        prestige = min(self.prestige[seat], need - wheat)
        assert (int(found["need"]), int(found["wheat"]), int(found["prestige"] or 0)) == (need, wheat, prestige), \
            f"{found.string} (worked out: {need} citizens, {wheat} wheat, {prestige} prestige)"
        self.prestige[seat] -= prestige
        self.unfed[seat] = need - wheat - prestige
        self.unfed_now |= self.unfed[seat] > 0

    def gave_up(self, state: dict, found: re.Match) -> None:
        """An unfed side gives up poleis, whole, until their citizens cover the unfed ones."""
        seat = self.who[found["who"]]
        polis = POLIS_BY_NAME[found["polis"]]["id"]
        assert self.unfed[seat] > 0, f"{found.string}: nothing left unfed"
        assert int(found["citizens"]) == self.owned(seat)[polis] and state["owner"][polis] != seat, found.string
        self.unfed[seat] -= int(found["citizens"])

    def round_closed(self, state: dict, found: re.Match) -> None:
        """The game ends, for the reasons that hold, or goes on when none does."""
        holds = {"could not feed": self.unfed_now, "0 prestige": 0 in self.prestige}
        if found["reasons"]:
            holds["round 4"] = state["round"] >= LAST_ROUND
            assert {words for words in holds if words in found["reasons"]} == {w for w, h in holds.items() if h}, \
                f"{found.string} (the conditions: {holds})"
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

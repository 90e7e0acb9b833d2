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

It reads the data files directly, not through the engine's catalogue.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

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
AREA_NAMES = {r["id"]: r["name"] for r in records("map")}
HOME = {r["start"]: AREA_NAMES[r["region"]] for r in POLEIS.values() if r["capital"]}
"""Each side's home region, its capital's: tribute there costs no prestige."""

WHO = r"(?P<who>.+?)"
LINES = [re.compile(WHO + pattern + "$") for pattern in (
    r" pays (?P<cost>1) prestige for a military action\.",
    r" rolls \d+ against fortification \d+: (?P<fallen>.+) falls \(\d+ citizens, \+(?P<n>\d+) prestige\)\.",
    r" pays \d+ silver to incite civil war in .+: it joins them with (?P<joined>\d+) citizens \(\+(?P<n>\d+) prestige\)\.",
    r" attacks with (?P<attack>.+); .+ defends with (?P<defence>.+): \d+ units? lost, \+(?P<n>\d+) prestige"
    r"(, -(?P<salpinx>\d+) for the salpinx)?\.",
    r" pays (?P<cost>1) prestige and retreats .+\.",
    r" collects tribute in (?P<region>.+?): .+",
    r" completes the (?P<project>.+) in .+: \+(?P<n>\d+) prestige\.",
    r" feeds .+ with \d+ wheat and (?P<cost>\d+) prestige\.",
    r": megalopolis, \+(?P<n>\d+) prestige\.",
    r" levies a tax: (?P<cost>1) prestige for 1 silver\.",
    r" (?P<event>gains|loses) (?P<n>\d+) prestige\.",
)]


def card_attack(cards: str) -> int:
    return sum(ATTACK[name] for name in cards.split(" + "))


def megalopolis(state: dict, seat: int) -> int:
    return sum(1 for polis, owner in state["owner"].items()
               if owner == seat and state["pop"][polis] > POLEIS[polis]["base"])


def change(state: dict, seat: int, found: re.Match) -> int:
    """The prestige a log line moves, checked against the rule where the line tells why."""
    part = found.groupdict()
    if part.get("region"):
        return 0 if part["region"] == HOME[SIDES[seat]] else -1
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


class PrestigeLedger:
    def __init__(self, state: dict, handicap: int = 0):
        """``handicap``: prestige a test gave both sides on top of the starting position."""
        self.prestige = [START_PRESTIGE[side] + handicap for side in SIDES]
        self.who = {name: seat for seat, name in enumerate(state["names"])} | {n: s for s, n in enumerate(SIDE_NAMES)}
        self.read = 0

    def note(self, state: dict) -> None:
        """Read the log lines written since the last call."""
        for entry in state["log"][self.read:]:
            for line in LINES:
                if found := line.match(entry["text"]):
                    seat = self.who[found.group("who")]
                    self.prestige[seat] += change(state, seat, found)
                    break
        self.read = len(state["log"])


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

"""Where on the table a choice acts (``Choice.target``), as data, for boards to mark:

- ``Slot(row, index)``: a slot of the central board (rows 0-3, slots 0-1);
- ``Cell(seat, row, col)``: a cell of a seat's realm, a landscape or an empty spot beside one
  (rows 0-3 are the rule text's rows 1-4; the starting tile is column 0);
- ``ObjectiveCard(id)``, ``CharacterCard(id)``: a card on the table (in the middle, a display, a hand);
- ``Deck(kind)`` (mosaic, stall) and ``Rubies()``: the card decks and the ruby supply.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.core.choices import Target
from engine.core.contract import State

from .geometry import neighbours

SLOTS = [(row, slot) for row in range(4) for slot in range(2)]


@dataclass(frozen=True, slots=True)
class Slot(Target):
    row: int
    index: int


@dataclass(frozen=True, slots=True)
class Cell(Target):
    seat: int
    row: int
    col: int


@dataclass(frozen=True, slots=True)
class ObjectiveCard(Target):
    id: str


@dataclass(frozen=True, slots=True)
class CharacterCard(Target):
    id: str


@dataclass(frozen=True, slots=True)
class Deck(Target):
    kind: str


@dataclass(frozen=True, slots=True)
class Rubies(Target):
    pass


DECKS = {"mosaic": Deck("mosaic"), "stall": Deck("stall")}
RUBIES = Rubies()


@cache
def slot(row: int, index: int) -> Slot:
    return Slot(row, index)


@cache
def cell(seat: int, row: int, col: int) -> Cell:
    return Cell(seat, row, col)


def objective(oid: str) -> ObjectiveCard:
    return ObjectiveCard(oid)


def character(cid: str) -> CharacterCard:
    return CharacterCard(cid)


def on_the_table(state: State) -> list[Target]:
    """Every target that exists now: the central board, decks and rubies, the cards out, and
    every seat's realm cells and the empty cells beside them."""
    found: list[Target] = [slot(row, index) for row, index in SLOTS] + [*DECKS.values(), RUBIES]
    found += map(objective, state["middle"])
    found += map(character, state["display"])
    for seat, record in enumerate(state["seats"]):
        found += (objective(o["id"]) for o in record["objectives"])
        found += map(character, record["dealt"] + record["hand"] + record["played"])
        occupied = {(row, col) for row, col, _ in record["realm"]}
        spots = {near for pos in occupied for near in neighbours(pos) if near[1] >= 1} | occupied
        found += (cell(seat, row, col) for row, col in sorted(spots))
    return list(dict.fromkeys(found))

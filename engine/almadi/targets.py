"""Board target ids: where on the table a choice acts (``Choice.target``), for boards to mark.

- ``board:<row>:<slot>``: a slot of the central board (rows 0-3, slots 0-1);
- ``r<seat>:<row>:<column>``: a cell of a seat's realm, a landscape or an empty spot beside one
  (rows 0-3 are the rule text's rows 1-4; the starting tile is column 0);
- ``objective:<id>``, ``character:<id>``: a card on the table (in the middle, a display, a hand);
- ``deck:mosaic``, ``deck:stall``, ``rubies``: the card decks and the ruby supply.
"""

from __future__ import annotations

from functools import cache

from engine.core.contract import State

from .geometry import Pos, neighbours

SLOTS = [(row, slot) for row in range(4) for slot in range(2)]
DECKS = {"mosaic": "deck:mosaic", "stall": "deck:stall"}
RUBIES = "rubies"


@cache
def slot(row: int, index: int) -> str:
    return f"board:{row}:{index}"


@cache
def cell(seat: int, row: int, col: int) -> str:
    return f"r{seat}:{row}:{col}"


def cell_of(target: str | None) -> tuple[int, Pos] | None:
    """(seat, (row, column)) of a realm cell target; None for any other target."""
    if not target or target[0] != "r" or not target[1:2].isdigit():
        return None
    seat, row, col = target[1:].split(":")
    return int(seat), (int(row), int(col))


def objective(oid: str) -> str:
    return f"objective:{oid}"


def character(cid: str) -> str:
    return f"character:{cid}"


def on_the_table(state: State) -> list[str]:
    """Every target that exists now: the central board, decks and rubies, the cards out, and
    every seat's realm cells and the empty cells beside them."""
    found = [slot(row, index) for row, index in SLOTS] + [*DECKS.values(), RUBIES]
    found += map(objective, state["middle"])
    found += map(character, state["display"])
    for seat, record in enumerate(state["seats"]):
        found += (objective(o["id"]) for o in record["objectives"])
        found += map(character, record["dealt"] + record["hand"] + record["played"])
        occupied = {(row, col) for row, col, _ in record["realm"]}
        spots = {near for pos in occupied for near in neighbours(pos) if near[1] >= 1} | occupied
        found += (cell(seat, row, col) for row, col in sorted(spots))
    return list(dict.fromkeys(found))

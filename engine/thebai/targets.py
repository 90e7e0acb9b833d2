"""Where on the board a choice acts (``Choice.target``), as data, for boards to mark: a space of
the city (a Cadmea tile's or a die's, by its id), a devotion track, the contract deck, a face-up
contract or a contract card, the council's passage or one of its spaces, the end of a city row
(a Strategos, or a commander), and on a seat's side its supply of dice, the end of an estate row
and an estate's action space."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.core.choices import Target

from .catalog import catalog
from .constants import ESTATE_COLS, ESTATE_ROWS, ROWS, TRACKS
from .geometry import grid, side_for


@dataclass(frozen=True, slots=True)
class Space(Target):
    """A space of the city: a Cadmea tile's (``t1.3``) or a die's (``h1.1``, ``v6.1``)."""

    id: str


@dataclass(frozen=True, slots=True)
class TrackSpot(Target):
    track: str


@dataclass(frozen=True, slots=True)
class ContractDeck(Target):
    pass


@dataclass(frozen=True, slots=True)
class DisplaySlot(Target):
    slot: int


@dataclass(frozen=True, slots=True)
class ContractCard(Target):
    contract: str


@dataclass(frozen=True, slots=True)
class Passage(Target):
    pass


@dataclass(frozen=True, slots=True)
class CouncilSpace(Target):
    space: str


@dataclass(frozen=True, slots=True)
class RowEnd(Target):
    """A city row, where a Strategos is placed."""

    row: int


@dataclass(frozen=True, slots=True)
class CommanderRow(Target):
    """A city row's commander."""

    row: int


@dataclass(frozen=True, slots=True)
class Supply(Target):
    """A seat's dice not on the board: ``kind`` "c" (citizens) or "h" (hoplites)."""

    seat: int
    kind: str


@dataclass(frozen=True, slots=True)
class EstateRowEnd(Target):
    seat: int
    row: int


@dataclass(frozen=True, slots=True)
class EstateSpace(Target):
    """An action space of a seat's estate (``r1c2``: row 1, column 2)."""

    seat: int
    space: str


DECK, PASSAGE = ContractDeck(), Passage()


def estate_space_id(row: int, col: int) -> str:
    return f"r{row}c{col}"


@cache
def on_the_board(players: int) -> frozenset[Target]:
    """Every place a choice may act on in a game of ``players``."""
    g = grid(side_for(players))
    found: set[Target] = {*map(Space, g.tiles), *map(Space, g.dice), *map(TrackSpot, TRACKS), DECK, PASSAGE}
    found |= {*map(DisplaySlot, range(4)), *map(ContractCard, catalog().contracts)}
    found |= {*map(CouncilSpace, catalog().council), *map(RowEnd, range(1, ROWS + 1)),
              *map(CommanderRow, range(1, ROWS + 1))}
    for seat in range(players):
        found |= {Supply(seat, "c"), Supply(seat, "h"), *(EstateRowEnd(seat, r) for r in range(1, ESTATE_ROWS + 1))}
        found |= {EstateSpace(seat, estate_space_id(r, c)) for r in range(1, ESTATE_ROWS + 1)
                  for c in range(1, ESTATE_COLS + 1)}
    return frozenset(found)

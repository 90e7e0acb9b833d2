"""Almadi's kinds of choice and how their ids are spelled (the codec: nothing else reads an id).

Setup draws (chance outcomes): the first player, a starting tile, an objective for the middle,
a character dealt; then every player keeps two characters. A turn: take a landscape, place it,
use the effects it activated (the Moon names an objective), move a landscape with the Genie or
swap two with Hussain, recruit a character, or be done; a supply draw refills the board.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.choices import Args


@dataclass(frozen=True, slots=True)
class FirstPlayer(Args):
    spelling = "{seat}"
    seat: int


@dataclass(frozen=True, slots=True)
class StartTile(Args):
    spelling = "{start}"
    start: str


@dataclass(frozen=True, slots=True)
class MiddleObjective(Args):
    """An objective drawn from its pile for the middle."""

    spelling = "{objective}"
    objective: str


@dataclass(frozen=True, slots=True)
class DealtCharacter(Args):
    spelling = "{character}"
    character: str


@dataclass(frozen=True, slots=True)
class SupplyTile(Args):
    """A landscape drawn from the general supply (filling or refilling the central board)."""

    spelling = "{tile}"
    tile: str


@dataclass(frozen=True, slots=True)
class KeepPair(Args):
    spelling = "keep:{first}+{second}"
    first: str
    second: str


@dataclass(frozen=True, slots=True)
class TakeSlot(Args):
    """A landscape from the central board: its row (0-3) and slot (0-1)."""

    spelling = "take:{row}:{index}"
    row: int
    index: int


@dataclass(frozen=True, slots=True)
class PlaceAt(Args):
    spelling = "place:{row}:{col}"
    row: int
    col: int


@dataclass(frozen=True, slots=True)
class Recruit(Args):
    spelling = "recruit:{character}"
    character: str


@dataclass(frozen=True, slots=True)
class Done(Args):
    """Nothing more (effects left unused, no Genie move, the turn ends)."""

    spelling = "done"
    standing = True


@dataclass(frozen=True, slots=True)
class UseEffect(Args):
    """Martelin, Stall or Ruby."""

    spelling = "fx:{effect}"
    effect: str


@dataclass(frozen=True, slots=True)
class MoonObjective(Args):
    """The Moon: take this objective."""

    spelling = "fx:moon:{objective}"
    objective: str


@dataclass(frozen=True, slots=True)
class GenieTile(Args):
    """The landscape the Genie moves."""

    spelling = "genie:{tile}"
    tile: str


@dataclass(frozen=True, slots=True)
class SwapTile(Args):
    """Hussain: the landscape to swap with another."""

    spelling = "swap:{tile}"
    tile: str


@dataclass(frozen=True, slots=True)
class SwapWith(Args):
    spelling = "with:{tile}"
    tile: str


@dataclass(frozen=True, slots=True)
class MoveTo(Args):
    """Where the Genie moves the landscape."""

    spelling = "to:{row}:{col}"
    row: int
    col: int

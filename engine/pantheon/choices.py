"""Pantheon's kinds of choice and how their ids are spelled (the codec: nothing else reads an id).

Chance outcomes (a person at the table may supply them): an action card from the deck, a god
tile from the stack, a loot tile from the bag, a demigod, the epoch's nation, a bonus tile.

A seat's choices: the action of a turn (move, buy, take a god from the display, draw cards),
Traitera's second action, a card from the face-up row or the deck, a piece placed on a hex (a
foot by a step or a Gaiviles jump, a column), ending a move or a purchase, a follower's card
instead of moving, a payment for a god (or leaving a god Gallia revealed), Depraccus's draw,
a bonus tile (variant), an offering tile bought, raised or taken, a piece bought, feet or
columns from the general supply, Gallia's choice, a card discarded, Aegyptus's swap.

The ids are the ones saves have always held (``foot:J4``, ``god:depraccus-1``, ``pay:dancers1-gifts1``...).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core.choices import Args

FOOT, COLUMN = "foot", "column"
"""The pieces: a foot, a column."""

# -- chance outcomes ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardDrawn(Args):
    """An action card from the deck (into a hand, or onto the face-up row)."""

    spelling = "{kind}"
    kind: str


@dataclass(frozen=True, slots=True)
class GodDrawn(Args):
    """A god tile from the stack (revealed for the epoch, or drawn for a seat)."""

    spelling = "{tile}"
    tile: str


@dataclass(frozen=True, slots=True)
class LootDrawn(Args):
    """A loot tile from the bag, for the next of the nation's symbol hexes."""

    spelling = "{kind}"
    kind: str


@dataclass(frozen=True, slots=True)
class DemigodDrawn(Args):
    spelling = "{value}"
    value: int


@dataclass(frozen=True, slots=True)
class NationDrawn(Args):
    spelling = "{nation}"
    nation: str


@dataclass(frozen=True, slots=True)
class BonusDrawn(Args):
    spelling = "{tile}"
    tile: str


# -- a turn's action, Traitera, drawing cards -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MoveAction(Args):
    spelling = "move"


@dataclass(frozen=True, slots=True)
class BuyAction(Args):
    spelling = "buy"


@dataclass(frozen=True, slots=True)
class DrawAction(Args):
    """The action of drawing cards (3, more with Gadicea)."""

    spelling = "draw"


@dataclass(frozen=True, slots=True)
class TakeGod(Args):
    """A god tile from the display, paid for with offerings."""

    spelling = "god:{tile}"
    tile: str


@dataclass(frozen=True, slots=True)
class UseTraitera(Args):
    spelling = "use"


@dataclass(frozen=True, slots=True)
class KeepTraitera(Args):
    spelling = "keep"


@dataclass(frozen=True, slots=True)
class FromRow(Args):
    """A card from the face-up row."""

    spelling = "row:{kind}"
    kind: str


@dataclass(frozen=True, slots=True)
class FromDeck(Args):
    spelling = "deck"


# -- pieces on the board: moving, buying, the Column loot tile ----------------------------------------


class Placement(Args):
    """A piece put on a hex: a foot by a step (``Foot``) or a jump (``Jump``), or a column."""

    __slots__ = ()
    piece: ClassVar[str]
    jump: ClassVar[bool] = False
    hex: str


@dataclass(frozen=True, slots=True)
class Foot(Placement):
    spelling = "foot:{hex}"
    piece = FOOT
    hex: str


@dataclass(frozen=True, slots=True)
class Jump(Placement):
    """A foot landing by a Gaiviles jump (where no step reaches)."""

    spelling = "jump:{hex}"
    piece = FOOT
    jump = True
    hex: str


@dataclass(frozen=True, slots=True)
class Column(Placement):
    spelling = "column:{hex}"
    piece = COLUMN
    hex: str


@dataclass(frozen=True, slots=True)
class End(Args):
    """The end of a move or of a purchase (a follower who placed nothing: a pass)."""

    spelling = "end"
    standing = True


@dataclass(frozen=True, slots=True)
class DrawInstead(Args):
    """A follower draws a card instead of moving."""

    spelling = "draw"


# -- gods -----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Payment(Args):
    """The offering cards that take a god tile, as (kind, count) pairs sorted by kind; none: the
    offering tiles cover it all. Spelled ``pay:dancers1-gifts1``, or ``pay:tiles``."""

    cards: tuple[tuple[str, int], ...]

    def spelled(self) -> str:
        return "pay:" + ("-".join(f"{kind}{n}" for kind, n in self.cards) or "tiles")


@dataclass(frozen=True, slots=True)
class Decline(Args):
    """Leave the god Gallia revealed (it goes to the box)."""

    spelling = "decline"
    standing = True


@dataclass(frozen=True, slots=True)
class DepraccusCards(Args):
    """Cards drawn for Depraccus: 2 per Depraccus held, or fewer, or none (0)."""

    spelling = "depraccus:{cards}"
    cards: int


# -- bonus tiles, offerings, pieces from the general supply ---------------------------------------------


@dataclass(frozen=True, slots=True)
class PickBonus(Args):
    """The variant: a bonus tile chosen."""

    spelling = "bonus:{tile}"
    tile: str


@dataclass(frozen=True, slots=True)
class BuyTile(Args):
    """An offering tile bought at a level (a new one, or raised to it)."""

    spelling = "tile:{kind}:{level}"
    kind: str
    level: int


@dataclass(frozen=True, slots=True)
class BuyPiece(Args):
    """A foot or a column from the general supply into the seat's own, for 1 money."""

    spelling = "buy:{piece}"
    piece: str


@dataclass(frozen=True, slots=True)
class NewTile(Args):
    """The offering tile effect: a level-1 tile of a kind not held yet."""

    spelling = "new:{kind}"
    kind: str


@dataclass(frozen=True, slots=True)
class RaiseTile(Args):
    """The offering tile effect: a tile held raised by a level."""

    spelling = "upgrade:{kind}"
    kind: str


@dataclass(frozen=True, slots=True)
class ReservePieces(Args):
    """The reserve effect: ``feet`` or ``columns`` from the general supply."""

    spelling = "{pieces}"
    pieces: str


# -- the nations' powers ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GalliaCards(Args):
    spelling = "cards"


@dataclass(frozen=True, slots=True)
class GalliaGod(Args):
    spelling = "god"


@dataclass(frozen=True, slots=True)
class DiscardCard(Args):
    """Germania: a card discarded down to seven."""

    spelling = "discard:{kind}"
    kind: str


@dataclass(frozen=True, slots=True)
class SwapPieces(Args):
    """Aegyptus: ``n`` of the seat's ``give`` (feet or columns) for as many of the other."""

    spelling = "{give}:{n}"
    give: str
    n: int


@dataclass(frozen=True, slots=True)
class KeepPieces(Args):
    """Aegyptus: no swap."""

    spelling = "keep"
    standing = True

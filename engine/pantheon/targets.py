"""Where on the table a choice acts (``Choice.target``), as data, for boards to mark:

- ``Hex(id)``: a hex of the map (a foot or a column placed there, a loot tile drawn for it);
- ``GodOnDisplay(tile)``: a god tile of the epoch's display;
- ``RowCard(kind)``: a card of the face-up row, ``Deck()``: the action deck;
- ``OfferingTile(kind)``: the offering tiles of a kind (bought, raised or taken);
- ``BonusTile(tile)``: a bonus tile nobody has yet (the variant's choice);
- ``Hand()``: the viewer's hand (a payment for a god), ``HandCard(kind)``: a kind of card in it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from engine.core.choices import Target
from engine.core.contract import State

from .cards import CARD_ORDER
from .catalog import OFFERING_KINDS, Catalog, catalog


@dataclass(frozen=True, slots=True)
class Hex(Target):
    id: str


@dataclass(frozen=True, slots=True)
class GodOnDisplay(Target):
    tile: str


@dataclass(frozen=True, slots=True)
class RowCard(Target):
    kind: str


@dataclass(frozen=True, slots=True)
class Deck(Target):
    pass


@dataclass(frozen=True, slots=True)
class OfferingTile(Target):
    kind: str


@dataclass(frozen=True, slots=True)
class BonusTile(Target):
    tile: str


@dataclass(frozen=True, slots=True)
class Hand(Target):
    pass


@dataclass(frozen=True, slots=True)
class HandCard(Target):
    kind: str


DECK = Deck()
HAND = Hand()
ROW = {kind: RowCard(kind) for kind in CARD_ORDER}
HAND_CARDS = {kind: HandCard(kind) for kind in CARD_ORDER}
OFFERINGS = {kind: OfferingTile(kind) for kind in OFFERING_KINDS}


@lru_cache(maxsize=4)
def hexes(cat: Catalog) -> dict[str, Hex]:
    """Every hex of the map's target, by hex id (made once)."""
    return {hex_id: Hex(hex_id) for hex_id in cat.hexes}


@cache
def god(tile: str) -> GodOnDisplay:
    return GodOnDisplay(tile)


@cache
def bonus(tile: str) -> BonusTile:
    return BonusTile(tile)


@lru_cache(maxsize=4)
def _fixed(cat: Catalog) -> frozenset[Target]:
    """The targets always on the table: the hexes, the deck, the hand and its cards, the offering tiles."""
    return frozenset([*hexes(cat).values(), DECK, HAND, *HAND_CARDS.values(), *OFFERINGS.values()])


def on_the_table(state: State, bonus_left: list[str]) -> frozenset[Target]:
    """Every target that exists now: the fixed ones, the gods on display, the cards of the
    face-up row, and the bonus tiles nobody has (``bonus_left``)."""
    shown = [*map(god, state["god_display"]), *(ROW[kind] for kind in state["row"]), *map(bonus, bonus_left)]
    return _fixed(catalog()) | frozenset(shown)

"""Thebai's codec: every kind of choice the game offers (chance outcomes included), as the
arguments it carries, and the one place a choice's id is spelled (engine/core/choices.py).

The rules read what a choice means from ``choice.args`` (``match choice.args: case Go(space):
...``), never from its id. The ids are those saves have always kept (``f:b3:bronze2``,
``d:city:h1.1``, ``go:t2.1``, ``x:bronze:grape``, ``rot:0``, a card's or a tile's own id as a
chance outcome...), so saves made before choices had arguments still load.

Choices offered again and again (bots play whole games out) are made once: the constructors at
the end of this module are cached on their plain values.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.core import Choice
from engine.core.choices import Args, Target

from . import targets

# -- a turn ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Die(Args):
    """A citizen die of the supply, by its face (dice of a face are alike)."""

    spelling = "die:{face}"
    face: int


@dataclass(frozen=True, slots=True)
class Estate(Args):
    """An estate action space (``r2c1``) for the die in hand."""

    spelling = "est:{space}"
    space: str


@dataclass(frozen=True, slots=True)
class City(Args):
    """A dice space of the city (``h4.3``): where a citizen die goes, or the hoplite die there
    that moves."""

    spelling = "city:{space}"
    space: str


@dataclass(frozen=True, slots=True)
class OneTile(Args):
    """The Cadmea tile (by its space) a city die resolves."""

    spelling = "one:{space}"
    space: str


@dataclass(frozen=True, slots=True)
class Both(Args):
    """Both tiles beside a city die, for drachma equal to its power."""

    spelling = "both"


@dataclass(frozen=True, slots=True)
class Before(Args):
    """A commander's row bonus before the action."""

    spelling = "before"


@dataclass(frozen=True, slots=True)
class After(Args):
    spelling = "after"


@dataclass(frozen=True, slots=True)
class Metoikoi(Args):
    """A metoikoi tile of the supply onto a free estate space of its row."""

    spelling = "m:{metoikoi}:{space}"
    metoikoi: str
    space: str


@dataclass(frozen=True, slots=True)
class Skip(Args):
    """Leave an optional step (no metoikoi this turn, do not pay)."""

    spelling = "skip"
    standing = True


@dataclass(frozen=True, slots=True)
class End(Args):
    """End the turn."""

    spelling = "end"
    standing = True


@dataclass(frozen=True, slots=True)
class Stop(Args):
    """Do no more of a step (take no more contracts, stop promoting, end the archon's move...)."""

    spelling = "stop"
    standing = True


# -- the archon --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Land(Args):
    """The archon from the supply onto a Cadmea tile."""

    spelling = "land:{space}"
    space: str


@dataclass(frozen=True, slots=True)
class Go(Args):
    """One step of the archon, to the neighbouring tile."""

    spelling = "go:{space}"
    space: str


@dataclass(frozen=True, slots=True)
class Home(Args):
    """The archon back to the supply; or a hoplite die that fought sent home (no wage)."""

    spelling = "home"


# -- goods -------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Good(Args):
    """A kind of goods taken (grape, pottery, bronze)."""

    spelling = "{good}"
    good: str


@dataclass(frozen=True, slots=True)
class Exchange(Args):
    """One good or drachma given for one of another kind."""

    spelling = "x:{give}:{get}"
    give: str
    get: str


@dataclass(frozen=True, slots=True)
class Pay(Args):
    """Pay an optional cost for what it buys."""

    spelling = "pay"


@dataclass(frozen=True, slots=True)
class Alternative(Args):
    """One of an effect's alternatives, by its index."""

    spelling = "alt:{index}"
    index: int


@dataclass(frozen=True, slots=True)
class NoneOf(Args):
    """None of an effect's alternatives."""

    spelling = "none"
    standing = True


# -- contracts ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Display(Args):
    """A contract of the display, by its slot (0-3)."""

    spelling = "show:{slot}"
    slot: int


@dataclass(frozen=True, slots=True)
class Deck(Args):
    """The top card of the contract deck."""

    spelling = "deck"


@dataclass(frozen=True, slots=True)
class Contract(Args):
    """A contract card (a chance outcome: the card drawn from the deck)."""

    spelling = "{contract}"
    contract: str


@dataclass(frozen=True, slots=True)
class StartContract(Args):
    """One of the starting contracts."""

    spelling = "c:{contract}"
    contract: str


@dataclass(frozen=True, slots=True)
class Payment(Args):
    """What a fulfilment pays: (resource, count) pairs in the order of their names, spelled
    ``bronze1.grape1`` (nothing: the empty spelling)."""

    pairs: tuple[tuple[str, int], ...]

    def spelled(self) -> str:
        return ".".join(f"{kind}{count}" for kind, count in self.pairs)

    def amounts(self) -> dict[str, int]:
        return dict(self.pairs)


@dataclass(frozen=True, slots=True)
class Fulfil(Args):
    """A contract fulfilled (from the hand, or the display card a commander marks) with this payment."""

    spelling = "f:{contract}:{paid}"
    contract: str
    paid: Payment


# -- dice --------------------------------------------------------------------------------------------
# A seat's die, by where it is; a die of the supply by its kind and face (they are alike).


@dataclass(frozen=True, slots=True)
class CityDie(Args):
    spelling = "city:{space}"
    space: str


@dataclass(frozen=True, slots=True)
class EstateDie(Args):
    spelling = "est:{space}"
    space: str


@dataclass(frozen=True, slots=True)
class PoolDie(Args):
    spelling = "pool:{kind}:{face}"
    kind: str
    """"c" (citizen) or "h" (hoplite)."""
    face: int


@dataclass(frozen=True, slots=True)
class PassageDie(Args):
    """A die on one of the council passage's spaces, top first."""

    spelling = "pas:{slot}"
    slot: int


@dataclass(frozen=True, slots=True)
class LastDie(Args):
    """A die on the passage's bottom space (which holds any number), by its index there."""

    spelling = "last:{index}"
    index: int


@dataclass(frozen=True, slots=True)
class CouncilDie(Args):
    spelling = "cou:{space}"
    space: str


DieRef = CityDie | EstateDie | PoolDie | PassageDie | LastDie | CouncilDie


@dataclass(frozen=True, slots=True)
class Promote(Args):
    spelling = "d:{die}"
    die: DieRef


@dataclass(frozen=True, slots=True)
class Ascend(Args):
    """A die at 3* promoted: it ascends."""

    spelling = "ascend"


@dataclass(frozen=True, slots=True)
class Stay(Args):
    """A die at 3* promoted by someone else's move: it declines and stays."""

    spelling = "stay"


@dataclass(frozen=True, slots=True)
class CityRow(Args):
    """A row of the city (1-7): where a Strategos tile goes, whose commander card is taken."""

    spelling = "row:{row}"
    row: int


@dataclass(frozen=True, slots=True)
class EstateRow(Args):
    """A row of an estate (1-3): its leftmost Cadmea tile, or a commander stand beside it."""

    spelling = "row:{row}"
    row: int


@dataclass(frozen=True, slots=True)
class FromSupply(Args):
    """A hoplite die of the supply, by its face."""

    spelling = "pool:{face}"
    face: int


@dataclass(frozen=True, slots=True)
class To(Args):
    """Where a piece goes: a hoplite die's dice space, a hurried archon's tile."""

    spelling = "to:{space}"
    space: str


@dataclass(frozen=True, slots=True)
class Keep(Args):
    """Pay the wage of a hoplite die that fought, to keep it in the city."""

    spelling = "keep"


# -- Cadmea tiles, commanders, the council, the tracks ------------------------------------------------


@dataclass(frozen=True, slots=True)
class At(Args):
    """A space (a Cadmea space, a dice space or a council space) where something is placed."""

    spelling = "at:{space}"
    space: str


@dataclass(frozen=True, slots=True)
class Rotation(Args):
    """A tile turned this many quarter turns clockwise."""

    spelling = "rot:{turns}"
    turns: int


@dataclass(frozen=True, slots=True)
class Side(Args):
    """A side (0-3: N, E, S, W) of a placed tile whose roof matched."""

    spelling = "side:{side}"
    side: int


@dataclass(frozen=True, slots=True)
class Track(Args):
    """A devotion track (dionysus, ares)."""

    spelling = "t:{track}"
    track: str


# -- chance outcomes of the setup and of the fate phase -----------------------------------------------


@dataclass(frozen=True, slots=True)
class Marker(Args):
    """The devotion marker of a seat, next onto the Dionysus stack."""

    spelling = "seat:{seat}"
    seat: int


@dataclass(frozen=True, slots=True)
class Commander(Args):
    spelling = "{commander}"
    commander: str


@dataclass(frozen=True, slots=True)
class Gate(Args):
    spelling = "{gate}"
    gate: str


@dataclass(frozen=True, slots=True)
class FateTile(Args):
    spelling = "{tile}"
    tile: str


@dataclass(frozen=True, slots=True)
class Collapse(Args):
    spelling = "{card}"
    card: str


@dataclass(frozen=True, slots=True)
class CadmeaTile(Args):
    spelling = "{tile}"
    tile: str


@dataclass(frozen=True, slots=True)
class Invader(Args):
    spelling = "{invader}"
    invader: str


@dataclass(frozen=True, slots=True)
class Herald(Args):
    spelling = "{herald}"
    herald: str


# -- the choices, made once --------------------------------------------------------------------------


@cache
def choice(args: Args, target: Target | None = None) -> Choice:
    """The choice with these arguments (made once for each)."""
    return Choice.of(args, target=target)


STOP = choice(Stop())
SKIP = choice(Skip())
END = choice(End())
PAY = choice(Pay())
NONE_OF = choice(NoneOf())
DECK = choice(Deck(), targets.DECK)
BEFORE_AFTER = (choice(Before()), choice(After()))


@cache
def die(face: int, seat: int) -> Choice:
    return Choice.of(Die(face), target=targets.Supply(seat, "c"))


@cache
def estate(space: str, seat: int) -> Choice:
    return Choice.of(Estate(space), target=targets.EstateSpace(seat, space))


@cache
def city(space: str) -> Choice:
    return Choice.of(City(space), target=targets.Space(space))


@cache
def one_tile(space: str) -> Choice:
    return Choice.of(OneTile(space), target=targets.Space(space))


@cache
def both(space: str) -> Choice:
    return Choice.of(Both(), target=targets.Space(space))


@cache
def metoikoi(tile: str, space: str, seat: int) -> Choice:
    return Choice.of(Metoikoi(tile, space), target=targets.EstateSpace(seat, space))


@cache
def land(space: str) -> Choice:
    return Choice.of(Land(space), target=targets.Space(space))


@cache
def go(space: str) -> Choice:
    return Choice.of(Go(space), target=targets.Space(space))


@cache
def home(space: str | None) -> Choice:
    return Choice.of(Home(), target=targets.Space(space) if space is not None else None)


@cache
def stop_at(space: str) -> Choice:
    return Choice.of(Stop(), target=targets.Space(space))


@cache
def exchange(give: str, get: str) -> Choice:
    return Choice.of(Exchange(give, get))


@cache
def alternative(index: int) -> Choice:
    return Choice.of(Alternative(index))


@cache
def display(slot: int) -> Choice:
    return Choice.of(Display(slot), target=targets.DisplaySlot(slot))


@cache
def fulfil(contract: str, pairs: tuple[tuple[str, int], ...]) -> Choice:
    return Choice.of(Fulfil(contract, Payment(pairs)), target=targets.ContractCard(contract))


@cache
def start_contract(contract: str) -> Choice:
    return Choice.of(StartContract(contract), target=targets.ContractCard(contract))


@cache
def promote(ref: DieRef, target: Target | None) -> Choice:
    return Choice.of(Promote(ref), target=target)


@cache
def ascend_or_stay(space: str) -> tuple[Choice, Choice]:
    return Choice.of(Ascend(), target=targets.Space(space)), Choice.of(Stay(), target=targets.Space(space))


@cache
def keep_or_home(space: str) -> tuple[Choice, Choice]:
    return Choice.of(Keep(), target=targets.Space(space)), Choice.of(Home(), target=targets.Space(space))


@cache
def strategos_row(row: int) -> Choice:
    return Choice.of(CityRow(row), target=targets.RowEnd(row))


@cache
def commander_row(row: int) -> Choice:
    return Choice.of(CityRow(row), target=targets.CommanderRow(row))


@cache
def estate_row(row: int, seat: int) -> Choice:
    return Choice.of(EstateRow(row), target=targets.EstateRowEnd(seat, row))


@cache
def from_supply(face: int, seat: int) -> Choice:
    return Choice.of(FromSupply(face), target=targets.Supply(seat, "h"))


@cache
def to(space: str) -> Choice:
    return Choice.of(To(space), target=targets.Space(space))


@cache
def at(space: str, target: Target) -> Choice:
    return Choice.of(At(space), target=target)


@cache
def rotation(turns: int, space: str) -> Choice:
    return Choice.of(Rotation(turns), target=targets.Space(space))


@cache
def side(k: int, target: Target) -> Choice:
    return Choice.of(Side(k), target=target)


@cache
def track(name: str) -> Choice:
    return Choice.of(Track(name), target=targets.TrackSpot(name))


@cache
def outcome(args: Args) -> Choice:
    """A chance outcome (a card, a tile, a marker): no target."""
    return Choice.of(args)

"""Polis' kinds of choice, its codec: one ``Args`` class per kind (chance outcomes included),
each with the spelling of its id, which saves keep (``act:hoplites``, ``pay:metal:silver``,
``d4:3``). The rules read what a choice means from ``choice.args``; nothing outside this module
reads an id's text.

The choices themselves are made once per argument (and target) and shared: deciding builds no
new objects (the bots' play-outs decide thousands of times a second).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.core import Choice
from engine.core.choices import Args

from .catalog import DIE
from .targets import AtMarket, AtPolis, InArea, ProjectTile

# -- a turn ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Act(Args):
    """Take one of the 12 actions (engine/polis/text.py ``ACTIONS``)."""

    spelling = "act:{action}"
    action: str


@dataclass(frozen=True, slots=True)
class Pass(Args):
    """Take no more actions this round."""

    spelling = "pass"
    standing = True


@dataclass(frozen=True, slots=True)
class EndTurn(Args):
    """End the turn after one action."""

    spelling = "end"
    standing = True


@dataclass(frozen=True, slots=True)
class PayFee(Args):
    """The resource paid to act once the other side has passed."""

    spelling = "fee:{good}"
    good: str


# -- inside an action ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Polis(Args):
    """A polis: where units are raised, the one to besiege or incite, where the proxenos goes or
    a project is built, a city given up."""

    spelling = "polis:{polis}"
    polis: str


@dataclass(frozen=True, slots=True)
class Area(Args):
    """A land region or a sea: where new galleys go, where tribute is collected, where an event
    takes a unit from."""

    spelling = "area:{area}"
    area: str


@dataclass(frozen=True, slots=True)
class Count(Args):
    """How many units to raise or build."""

    spelling = "n:{n}"
    n: int


@dataclass(frozen=True, slots=True)
class Silver(Args):
    """How many of the units are paid in silver (the rest in their main resource)."""

    spelling = "silver:{silver}"
    silver: int


@dataclass(frozen=True, slots=True)
class Project(Args):
    """A project tile: the one to start, or the one turned up (a chance outcome)."""

    spelling = "project:{tile}"
    tile: str


@dataclass(frozen=True, slots=True)
class Destination(Args):
    """The one area a move goes to."""

    spelling = "to:{area}"
    area: str


@dataclass(frozen=True, slots=True)
class OneFrom(Args):
    """One more unit joins the move from this area."""

    spelling = "from:{area}"
    area: str


@dataclass(frozen=True, slots=True)
class AllFrom(Args):
    """Every unit this area can send joins the move."""

    spelling = "all:{area}"
    area: str


@dataclass(frozen=True, slots=True)
class Done(Args):
    """Enough: the units gathered move, or no more citizens grow."""

    spelling = "done"
    standing = True


@dataclass(frozen=True, slots=True)
class Die(Args):
    """The d4 of a siege or of a market's price (a chance outcome)."""

    spelling = "d4:{face}"
    face: int


@dataclass(frozen=True, slots=True)
class Market(Args):
    """The market a merchant ship sails to."""

    spelling = "market:{market}"
    market: str


@dataclass(frozen=True, slots=True)
class Goods(Args):
    """What the ship pays (goods, or silver) and what it gets (wheat or silver)."""

    spelling = "pay:{paid}:{got}"
    paid: str
    got: str


# -- battles -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Card(Args):
    """A combat card dealt (a chance outcome)."""

    spelling = "card:{card}"
    card: str


@dataclass(frozen=True, slots=True)
class Play(Args):
    """The two combat cards played in an exchange."""

    spelling = "play:{cards}"
    joiner = "+"
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Retreat(Args):
    """Every unit of the side in the battle retreats to this area."""

    spelling = "retreat:{area}"
    area: str


# -- the start and the end of a round ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Event(Args):
    """The event card drawn (a chance outcome)."""

    spelling = "event:{event}"
    event: str


@dataclass(frozen=True, slots=True)
class Grow(Args):
    """A new citizen in this polis (1 wheat)."""

    spelling = "grow:{polis}"
    polis: str


@dataclass(frozen=True, slots=True)
class LevyTax(Args):
    """Levy the tax: 1 prestige for 1 silver."""

    spelling = "tax"


@dataclass(frozen=True, slots=True)
class NoTax(Args):
    spelling = "no-tax"


# -- the choices, made once ------------------------------------------------------------------------

PASS = Choice.of(Pass())
END_TURN = Choice.of(EndTurn())
DONE = Choice.of(Done())
TAX = Choice.of(LevyTax())
NO_TAX = Choice.of(NoTax())
DIE_FACES = tuple(Choice.of(Die(face)) for face in range(1, DIE + 1))
"""The four faces of the d4, equally likely."""


@cache
def act(action: str) -> Choice:
    return Choice.of(Act(action))


@cache
def fee(good: str) -> Choice:
    return Choice.of(PayFee(good))


@cache
def polis(name: str) -> Choice:
    return Choice.of(Polis(name), target=AtPolis(name))


@cache
def area(name: str) -> Choice:
    return Choice.of(Area(name), target=InArea(name))


@cache
def count(n: int) -> Choice:
    return Choice.of(Count(n))


@cache
def silver(n: int) -> Choice:
    return Choice.of(Silver(n))


@cache
def project(tile: str) -> Choice:
    """A project tile to start, marked on the board."""
    return Choice.of(Project(tile), target=ProjectTile(tile))


@cache
def project_turned_up(tile: str) -> Choice:
    """A project tile turned up from the stack (a chance outcome)."""
    return Choice.of(Project(tile))


@cache
def destination(name: str) -> Choice:
    return Choice.of(Destination(name), target=InArea(name))


@cache
def one_from(name: str) -> Choice:
    return Choice.of(OneFrom(name), target=InArea(name))


@cache
def all_from(name: str) -> Choice:
    return Choice.of(AllFrom(name))


@cache
def market(name: str) -> Choice:
    return Choice.of(Market(name), target=AtMarket(name))


@cache
def exchange(paid: str, got: str) -> Choice:
    return Choice.of(Goods(paid, got))


@cache
def card(name: str, weight: int) -> Choice:
    """A combat card dealt, standing for ``weight`` copies of it in the deck."""
    return Choice.of(Card(name), weight=weight)


@cache
def play_cards(cards: tuple[str, ...]) -> Choice:
    return Choice.of(Play(cards), reveals=True)


@cache
def retreat(name: str) -> Choice:
    return Choice.of(Retreat(name), target=InArea(name), reveals=True)


@cache
def event(name: str, weight: int) -> Choice:
    """An event card drawn, standing for ``weight`` copies of it in the round's deck."""
    return Choice.of(Event(name), weight=weight)


@cache
def grow(name: str) -> Choice:
    return Choice.of(Grow(name), target=AtPolis(name))

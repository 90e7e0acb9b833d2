"""Building Pantheon tables by hand for rules tests: a real match, then a staged position."""

from __future__ import annotations

import copy

from engine.core import Stack
from engine.core.match import Match
from engine.core.state import copy_state
from engine.pantheon.board import count_occupancy
from engine.pantheon.catalog import OFFERING_KINDS
from engine.pantheon.rules import PantheonRules

RULES = PantheonRules()
NAMES = ["Ann", "Bruno", "Cleo", "Dag"]
FAR_LOOT = {"A11": "money"}
"""A loot tile nobody reaches in these tests, so that the epoch does not end by accident."""


def new_match(players: int = 3, seed: int = 7, **options) -> Match:
    return Match(RULES, NAMES[:players], options, seed)


def to_first_turn(match: Match) -> Match:
    """Draw chance and take the first choice of every setup decision until a turn begins."""
    while True:
        match.draw_all()
        if step(match)["step"] == "turn":
            return match
        seat = match.decision.actors[0]
        match.choose(seat, match.legal(seat)[-1].id)


def refresh(match: Match) -> None:
    """After editing the state by hand: resync derived data and forget the cached decision."""
    match.state["occupied"] = count_occupancy(match.state["players"])
    match.state_edited()


def table(players: int = 3, seed: int = 7, temple: str = "J5", seat: int = 0, epoch: int | None = None) -> Match:
    """A match at ``seat``'s turn with empty hands, no pieces on the board, the temple on ``temple``."""
    match = to_first_turn(new_match(players, seed))
    state = match.state
    for p in state["players"]:
        p.update(hand={}, hand_known={}, feet=4, columns=3, feet_on=[], columns_on=[], feet_general=8,
                 columns_general=9, gods=[], steps=0, traitera_used=0, demigods=[], demigods_known=[],
                 tiles={k: 0 for k in OFFERING_KINDS})
    state["tile_stock"] = {k: [4, 4] for k in OFFERING_KINDS}
    state["tile_box"] = {k: [0, 0] for k in OFFERING_KINDS}
    state["temple"] = temple
    state["loot"] = dict(FAR_LOOT)
    state["demigod_display"] = []
    if epoch is not None:
        state["epoch"] = epoch
    state["flow"] = [{"step": "turn", "seat": seat}]
    state["active"] = seat
    refresh(match)
    return match


def put(match: Match, seat: int, feet=(), columns=()) -> None:
    p = match.state["players"][seat]
    p["feet_on"] += list(feet)
    p["feet"] -= len(feet)
    p["columns_on"] += list(columns)
    p["columns"] -= len(columns)
    refresh(match)


def supply(match: Match, seat: int, feet: int | None = None, columns: int | None = None) -> None:
    """Set the seat's own supply of feet and columns; the general supply holds the rest."""
    p = match.state["players"][seat]
    for key, n in (("feet", feet), ("columns", columns)):
        if n is not None:
            p[f"{key}_general"] -= n - p[key]
            p[key] = n
    refresh(match)


def give(match: Match, seat: int, **cards: int) -> None:
    hand = match.state["players"][seat]["hand"]
    for kind, n in cards.items():
        hand[kind] = hand.get(kind, 0) + n
    refresh(match)


def own_gods(match: Match, seat: int, *tiles: str) -> None:
    match.state["players"][seat]["gods"] += list(tiles)
    refresh(match)


def ids(match: Match, seat: int) -> list[str]:
    return [c.id for c in match.legal(seat)]


def label(match: Match, seat: int, choice_id: str) -> str:
    return next(c for c in match.labelled(seat) if c.id == choice_id).label


def hint(match: Match, seat: int, choice_id: str) -> str:
    return next(c for c in match.labelled(seat) if c.id == choice_id).hint


def step(match: Match) -> dict:
    """The frame of the flow that runs next."""
    return match.state["flow"][-1]


def run_next(match: Match, *frames: dict) -> None:
    """Run ``frames`` (the first first) before what is waiting, as a step of the flow would push them."""
    Stack(match.state["flow"]).push(*frames)
    RULES.flow.settle(match.state["flow"], match.state)
    refresh(match)


def twin(match: Match) -> Match:
    """An independent copy of a hand-edited match (which replay could not rebuild)."""
    other = copy.copy(match)
    other.state, other.actions = copy_state(match.state), list(match.actions)
    other.state_edited()
    return other

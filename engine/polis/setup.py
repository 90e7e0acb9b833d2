"""A new Polis game: the state from the components (the 2012 starting position, the markets,
the decks) and the steps that open it, as every round opens (project tiles, the event).

The state is plain data. Seat 0 plays Athens, seat 1 Sparta; per-seat values are lists
indexed by seat. Decks (events, projects, combat cards) are kept as sorted lists, never in
an order: what comes next is a chance step, so nobody (and no bot) can know it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .catalog import Catalog, catalog
from .text import RESOURCES, SIDES

State = dict[str, Any]
Frame = dict[str, Any]

OFFER = 3
"""Project tiles turned up at the start of each round."""


def opening() -> list[Frame]:
    """The steps that open a round, the first one included: the project tiles turned up and the
    event drawn (chance steps), then the round begins."""
    return [{"step": "reveal_project", "n": OFFER}, {"step": "draw_event"}, {"step": "start_round"}]


def new_state(names: list[str], options: Mapping[str, Any]) -> State:
    cat = catalog()
    state: State = {
        "names": list(names),
        "options": dict(options),
        "data": cat.digest,
        "round": 1,
        "phase": "actions",
        "first": 1,
        "passed": [False, False],
        "unfed": [False, False],
        "owner": {p: None for p in cat.poleis},
        "pop": {p: 0 for p in cat.poleis},
        "units": {a: [0, 0] for a in cat.areas},
        "merchants": [0, 0],
        "slots": {m: [None] * rec["spaces"] for m, rec in cat.markets.items()},
        "prices": {m: 0 for m in cat.markets},
        "closed": [],
        "proxenos": [None, None],
        "held": [False, False],
        "res": [dict.fromkeys(RESOURCES, 0), dict.fromkeys(RESOURCES, 0)],
        "prestige": [0, 0],
        "supply": [0, 0],
        "offer": [],
        "stack": sorted(cat.projects),
        "building": {},
        "built": {},
        "tribute": [],
        "event": None,
        "starter": None,
        "events": [sorted(deck) for deck in cat.event_decks],
        "deck": sorted(cat.card_deck),
        "hands": [[], []],
        "battle": None,
        "end": [],
        "log": [],
    }
    for seat, side in enumerate(SIDES):
        _place_side(state, cat, seat, cat.start[side])
    return state


def _place_side(state: State, cat: Catalog, seat: int, start: dict[str, Any]) -> None:
    for polis, citizens in start["poleis"].items():
        state["owner"][polis] = seat
        state["pop"][polis] = citizens
    for key in ("hoplites", "galleys"):
        for area, n in start[key].items():
            state["units"][area][seat] += n
    state["merchants"][seat] = start["merchants"]
    state["proxenos"][seat] = start["proxenos"]
    state["res"][seat].update(start["resources"])
    state["prestige"][seat] = start["prestige"]
    used = (sum(start["poleis"].values()) + sum(start["hoplites"].values()) + sum(start["galleys"].values())
            + start["merchants"])
    state["supply"][seat] = start["cubes"] - used


def cubes(state: State, seat: int) -> int:
    """Every cube of a side, wherever it is: supply, citizens, hoplites, galleys, merchants."""
    on_map = sum(units[seat] for units in state["units"].values())
    at_markets = sum(slots.count(seat) for slots in state["slots"].values())
    citizens = sum(n for p, n in state["pop"].items() if state["owner"][p] == seat)
    total: int = state["supply"][seat] + on_map + at_markets + citizens + state["merchants"][seat]
    return total

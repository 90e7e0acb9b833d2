"""Event cards: one drawn at the start of each round from that round's deck, resolved at once.

Effects are data (engine/polis/data/events.json): gain or lose a resource or prestige (never
below 0), place a unit from the side's supply (only where the round's limit allows), remove
a unit of the side's choice, close a market for the round, name the first player, take
citizens from a polis (never its last), move a market's price.
"""

from __future__ import annotations

from typing import Any

from engine.core import add_log

from . import geo, holdings
from .catalog import catalog
from .text import SIDE_NAMES, SIDES

State = dict[str, Any]


def seats(side: str) -> tuple[int, ...]:
    return (0, 1) if side == "both" else (SIDES.index(side),)


def resolve(state: State, event: str) -> list[int]:
    """Apply the event's effects; returns the seats that must now remove a unit of their choice."""
    cat = catalog()
    record = cat.events[event]
    state["event"] = event
    add_log(state, f"Event of round {cat.rounds[state['round'] - 1]['label']}: {record['name']}.")
    removers: list[int] = []
    for effect in record["effects"]:
        op = effect["op"]
        if op == "gain":
            for seat in seats(effect["side"]):
                _gain(state, seat, effect["what"], effect["n"])
        elif op == "place":
            for seat in seats(effect["side"]):
                _place(state, seat, effect["area"])
        elif op == "remove":
            removers += [s for s in seats(effect["side"]) if removable(state, s)]
        elif op == "close":
            state["closed"].append(effect["market"])
            add_log(state, f"No trade in {cat.name(effect['market'])} this round.")
        elif op == "first":
            state["starter"] = SIDES.index(effect["side"])
        elif op == "citizens":
            lost = holdings.lose_citizens(state, effect["polis"], -effect["n"], keep_one=True)
            if lost:
                add_log(state, f"{cat.name(effect['polis'])} loses {lost} citizen{'s' * (lost > 1)}.")
        elif op == "price":
            track = cat.markets[effect["market"]]["prices"]
            market = effect["market"]
            state["prices"][market] = max(0, min(len(track) - 1, state["prices"][market] + effect["n"]))
    return removers


def _gain(state: State, seat: int, what: str, n: int) -> None:
    if what == "prestige":
        before = state["prestige"][seat]
        state["prestige"][seat] = max(0, before + n)
        change = state["prestige"][seat] - before
    else:
        before = state["res"][seat][what]
        state["res"][seat][what] = max(0, before + n)
        change = state["res"][seat][what] - before
    if change:
        add_log(state, f"{SIDE_NAMES[seat]} {'gains' if change > 0 else 'loses'} {abs(change)} {what}.")


def _place(state: State, seat: int, area: str) -> None:
    cat = catalog()
    word = "hoplite" if cat.is_land(area) else "galley"
    if geo.room(state, area, seat) < 1 or state["supply"][seat] < 1:
        add_log(state, f"{SIDE_NAMES[seat]} has no room for another {word} in {cat.name(area)}.")
        return
    state["units"][area][seat] += 1
    state["supply"][seat] -= 1
    add_log(state, f"{SIDE_NAMES[seat]} places a {word} in {cat.name(area)}.")


def removable(state: State, seat: int) -> list[str]:
    """Areas holding a hoplite or galley of ``seat``."""
    return [a for a, units in state["units"].items() if units[seat]]


def remove(state: State, seat: int, area: str) -> None:
    state["units"][area][seat] -= 1
    state["supply"][seat] += 1
    word = "hoplite" if catalog().is_land(area) else "galley"
    add_log(state, f"{SIDE_NAMES[seat]} removes a {word} from {catalog().name(area)}.")

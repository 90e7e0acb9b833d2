"""Event cards: one drawn at the start of each round from that round's deck, resolved at once.

Effects are data (engine/polis/data/events.json): gain or lose a resource or prestige (never
below 0), place a unit from the side's supply (only where the round's limit allows), remove
a unit of the side's choice, close a market for the round, name the first player, take
citizens from a polis (never its last), move a market's price.
"""

from __future__ import annotations

from typing import Any

from engine.core import Say, add_log

from . import geo, holdings
from .catalog import catalog
from .text import SIDES

State = dict[str, Any]


def seats(side: str) -> tuple[int, ...]:
    return (0, 1) if side == "both" else (SIDES.index(side),)


def resolve(state: State, event: str) -> list[int]:
    """Apply the event's effects; returns the seats that must now remove a unit of their choice."""
    cat = catalog()
    record = cat.events[event]
    state["event"] = event
    add_log(state, Say("Event of round {round:round}: {event:event}.", round=state["round"], event=event))
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
            add_log(state, Say("No trade in {market:market} this round.", market=effect["market"]))
        elif op == "first":
            state["starter"] = SIDES.index(effect["side"])
        elif op == "citizens":
            lost = holdings.lose_citizens(state, effect["polis"], -effect["n"], keep_one=True)
            if lost:
                add_log(state, Say("{polis:polis} loses {lost:citizens}.", polis=effect["polis"], lost=lost))
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
    if change > 0:
        add_log(state, Say("{seat:side} gains {n} {what:good}.", seat=seat, n=change, what=what))
    elif change < 0:
        add_log(state, Say("{seat:side} loses {n} {what:good}.", seat=seat, n=-change, what=what))


def _place(state: State, seat: int, area: str) -> None:
    unit = "hoplite" if catalog().is_land(area) else "galley"
    if geo.room(state, area, seat) < 1 or state["supply"][seat] < 1:
        add_log(state, Say("{seat:side} has no room for another {unit:unit} in {area:area}.", seat=seat, unit=unit,
                           area=area))
        return
    state["units"][area][seat] += 1
    state["supply"][seat] -= 1
    add_log(state, Say("{seat:side} places a {unit:unit} in {area:area}.", seat=seat, unit=unit, area=area))


def removable(state: State, seat: int) -> list[str]:
    """Areas holding a hoplite or galley of ``seat``."""
    return [a for a, units in state["units"].items() if units[seat]]


def remove(state: State, seat: int, area: str) -> None:
    state["units"][area][seat] -= 1
    state["supply"][seat] += 1
    unit = "hoplite" if catalog().is_land(area) else "galley"
    add_log(state, Say("{seat:side} removes a {unit:unit} from {area:area}.", seat=seat, unit=unit, area=area))

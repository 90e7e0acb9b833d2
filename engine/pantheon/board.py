"""Where pieces may go: occupancy, connection to the temple, placements within a budget of
steps or money.

A hex holds at most two pieces, of different players. Feet go anywhere (sea too) except on
column hexes and the temple's hex; columns only on column hexes next to one of the player's
connected feet. A new piece must touch the temple or one of the player's pieces that is
connected to the temple through the player's own pieces. Entering a hex that holds another
player's piece costs one extra step (or money).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.core import Choice

from .catalog import Catalog
from .choices import Column, Foot, Jump
from .targets import hexes


def occupancy(state: dict[str, Any]) -> dict[str, list[int]]:
    """hex -> seats with a piece there, kept in the state alongside the players' piece lists."""
    occupied: dict[str, list[int]] = state["occupied"]
    return occupied


def count_occupancy(players: list[dict[str, Any]]) -> dict[str, list[int]]:
    occupied: dict[str, list[int]] = {}
    for seat, p in enumerate(players):
        for hex_id in p["feet_on"]:
            occupied.setdefault(hex_id, []).append(seat)
        for hex_id in p["columns_on"]:
            occupied.setdefault(hex_id, []).append(seat)
    return occupied


def connected(cat: Catalog, temple: str, feet_on: tuple[str, ...], columns_on: tuple[str, ...]) -> set[str]:
    """The player's pieces joined to the temple through the player's own pieces.

    Feet are always joined (each was placed joined, by a step or a Gaiviles jump, and they
    stay until the epoch ends); columns of earlier epochs only once a new piece reaches them.
    """
    reached = set(feet_on)
    loose = set(columns_on).difference(reached)
    frontier = [*reached, temple]
    while frontier and loose:
        for h in cat.neighbours[frontier.pop()]:
            if h in loose:
                loose.remove(h)
                reached.add(h)
                frontier.append(h)
    return reached


def _anchors(cat: Catalog, temple: str, feet_on: tuple[str, ...], columns_on: tuple[str, ...]) -> set[str]:
    """The temple and the player's pieces joined to it: a new piece must touch one of them."""
    anchors = connected(cat, temple, feet_on, columns_on)
    anchors.add(temple)
    return anchors


def _steps(cat: Catalog, anchors: set[str], temple: str) -> set[str]:
    """Hexes a foot may step to from ``anchors``."""
    steps = set().union(*map(cat.foot_links.__getitem__, anchors))
    steps.discard(temple)
    return steps


def _candidates(cat: Catalog, hexes: set[str], own: tuple[str, ...]) -> tuple[str, ...]:
    """``hexes`` in reading order, less those holding one of the player's own pieces (never open to it)."""
    return tuple(sorted(hexes.difference(own), key=cat.hex_order.__getitem__))


@lru_cache(maxsize=1 << 14)
def _reach(cat: Catalog, temple: str, feet_on: tuple[str, ...],
           columns_on: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Where the player's next foot and next column could go, before looking at who stands
    there. Memoised: a player's pieces stay put through most decisions, other players' moves
    included."""
    own = feet_on + columns_on
    steps = _steps(cat, _anchors(cat, temple, feet_on, columns_on), temple)
    sites = set().union(*map(cat.column_links.__getitem__, feet_on))
    return _candidates(cat, steps, own), _candidates(cat, sites, own)


@lru_cache(maxsize=1 << 14)
def _jumps(cat: Catalog, temple: str, feet_on: tuple[str, ...],
           columns_on: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """(jumped-over hex, landing hex), in no particular order, for the landings no step reaches (Gaiviles)."""
    anchors = _anchors(cat, temple, feet_on, columns_on)
    steps = _steps(cat, anchors, temple)
    return tuple({(over, h) for anchor in anchors for over, h in cat.jumps[anchor]
                  if h not in steps and h != temple and h not in cat.column_sites})


def placements(cat: Catalog, state: dict[str, Any], seat: int, budget: int, jumps: int = 0) -> list[Choice]:
    """The choices that place a legal next piece for ``seat`` (given its supply) at a cost in
    steps or money within ``budget`` (at least 1): ``Foot``, ``Jump`` (Gaiviles), ``Column``,
    the hex as the target; feet first, then feet by jump, then columns, each in reading order. A
    piece costs 1, or 2 where another player stands."""
    temple = state["temple"]
    p = state["players"][seat]
    if temple is None or not (p["feet"] or p["columns"]):
        return []
    occupied = state["occupied"]
    feet_on, columns_on = tuple(p["feet_on"]), tuple(p["columns_on"])
    steps, sites = _reach(cat, temple, feet_on, columns_on)
    shared = budget >= 2
    result = _open(_choices_on(cat, Foot), steps, occupied, seat, shared) if p["feet"] else []
    if p["feet"] and jumps:
        landings: set[str] = set()
        for over, h in _jumps(cat, temple, feet_on, columns_on):
            if any(s != seat for s in occupied.get(over, ())):
                landings.add(h)
        result += _open(_choices_on(cat, Jump), _candidates(cat, landings, feet_on + columns_on), occupied, seat,
                        shared)
    if p["columns"]:
        result += _open(_choices_on(cat, Column), sites, occupied, seat, shared)
    return result


def _open(choices_on: dict[str, Choice], candidates: tuple[str, ...], occupied: dict[str, list[int]], seat: int,
          shared: bool) -> list[Choice]:
    """The choices placing on those of ``candidates`` open to ``seat`` (as ``_cost``): the empty
    ones, and with ``shared`` (a budget of 2) those holding another player's piece."""
    result = []
    for h in candidates:
        here = occupied.get(h)
        if not here or (shared and len(here) == 1 and here[0] != seat):
            result.append(choices_on[h])
    return result


@lru_cache(maxsize=12)
def _choices_on(cat: Catalog, how: type[Foot | Jump | Column]) -> dict[str, Choice]:
    """hex -> the choice placing a piece there by ``how`` (``Foot``, ``Jump`` or ``Column``), made
    once: the same ones are offered again and again."""
    targets = hexes(cat)
    return {h: Choice.of(how(h), target=targets[h]) for h in cat.hexes}


def column_choice(cat: Catalog, hex_id: str) -> Choice:
    """A column put on ``hex_id`` (the Column loot tile's, joined to nothing)."""
    return _choices_on(cat, Column)[hex_id]


def _cost(here: list[int] | None, seat: int) -> int:
    """1 for an empty hex, 2 for one holding another player's piece, 0 when closed to ``seat``."""
    if not here:
        return 1
    return 2 if len(here) == 1 and here[0] != seat else 0


def free_column_sites(cat: Catalog, state: dict[str, Any], seat: int) -> list[str]:
    """Column hexes a column may be put on without any connection (the Column loot tile)."""
    occupied = state["occupied"]
    return [h for h in _all_sites(cat) if _cost(occupied.get(h), seat)]


@lru_cache(maxsize=4)
def _all_sites(cat: Catalog) -> tuple[str, ...]:
    return tuple(sorted(cat.column_sites, key=cat.hex_order.__getitem__))

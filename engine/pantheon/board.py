"""Where pieces may go: occupancy, connection to the temple, placements with their step cost.

A hex holds at most two pieces, of different players. Feet go anywhere (sea too) except on
column hexes and the temple's hex; columns only on column hexes next to one of the player's
connected feet. A new piece must touch the temple or one of the player's pieces that is
connected to the temple through the player's own pieces. Entering a hex that holds another
player's piece costs one extra step (or money).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .data import Catalog

FOOT, COLUMN = "foot", "column"


class Placement(NamedTuple):
    kind: str
    hex: str
    cost: int
    jump: bool = False


def occupancy(state: dict[str, Any]) -> dict[str, list[int]]:
    """hex -> seats with a piece there, kept in the state alongside the players' piece lists."""
    return state["occupied"]


def count_occupancy(players: list[dict[str, Any]]) -> dict[str, list[int]]:
    occupied: dict[str, list[int]] = {}
    for seat, p in enumerate(players):
        for hex_id in p["feet_on"]:
            occupied.setdefault(hex_id, []).append(seat)
        for hex_id in p["columns_on"]:
            occupied.setdefault(hex_id, []).append(seat)
    return occupied


def connected(cat: Catalog, state: dict[str, Any], seat: int) -> set[str]:
    """The player's pieces joined to the temple through the player's own pieces.

    Feet are always joined (each was placed joined, by a step or a Gaiviles jump, and they
    stay until the epoch ends); columns of earlier epochs only once a new piece reaches them.
    """
    temple = state["temple"]
    p = state["players"][seat]
    own = set(p["feet_on"]) | set(p["columns_on"])
    if temple is None or not own:
        return set()
    reached = {h for h in cat.neighbours[temple] if h in own} | set(p["feet_on"])
    frontier = list(reached)
    while frontier:
        for h in cat.neighbours[frontier.pop()]:
            if h in own and h not in reached:
                reached.add(h)
                frontier.append(h)
    return reached


def placements(cat: Catalog, state: dict[str, Any], seat: int, jumps: int = 0) -> list[Placement]:
    """Every legal next piece for ``seat`` (given its supply), jumps included when allowed."""
    temple = state["temple"]
    p = state["players"][seat]
    if temple is None or not (p["feet"] or p["columns"]):
        return []
    occupied = occupancy(state)
    result: list[Placement] = []
    seen: set[str] = {temple}
    if p["feet"]:
        anchors = connected(cat, state, seat)
        anchors.add(temple)
        links = cat.foot_links
        for anchor in anchors:
            for h in links[anchor]:
                if h not in seen:
                    seen.add(h)
                    cost = _cost(occupied.get(h), seat)
                    if cost:
                        result.append(Placement(FOOT, h, cost))
        if jumps:
            columns = cat.column_sites
            for anchor in anchors:
                for over, h in cat.jumps[anchor]:
                    if h not in seen and h not in columns and any(s != seat for s in occupied.get(over, ())):
                        seen.add(h)
                        cost = _cost(occupied.get(h), seat)
                        if cost:
                            result.append(Placement(FOOT, h, cost, jump=True))
    if p["columns"]:
        links = cat.column_links
        sites: set[str] = set()
        for foot in p["feet_on"]:
            for h in links[foot]:
                if h not in sites:
                    sites.add(h)
                    cost = _cost(occupied.get(h), seat)
                    if cost:
                        result.append(Placement(COLUMN, h, cost))
    order = cat.hex_order
    result.sort(key=lambda pl: (pl.kind != FOOT, pl.jump, order[pl.hex]))
    return result


def _cost(here: list[int] | None, seat: int) -> int:
    """1 for an empty hex, 2 for one holding another player's piece, 0 when closed to ``seat``."""
    if not here:
        return 1
    return 2 if len(here) == 1 and here[0] != seat else 0


def distance(cat: Catalog, a: str, b: str) -> int:
    """Hexes between ``a`` and ``b`` in steps over the map (ignoring what stands in the way)."""
    ra, rb = cat.hexes[a], cat.hexes[b]
    qa, qb = ra["col"] - (ra["row"] - (ra["row"] & 1)) // 2, rb["col"] - (rb["row"] - (rb["row"] & 1)) // 2
    dq, dr = qa - qb, ra["row"] - rb["row"]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def free_column_sites(cat: Catalog, state: dict[str, Any], seat: int) -> list[str]:
    """Column hexes a column may be put on without any connection (the Column loot tile)."""
    occupied = occupancy(state)
    sites = [h for h in cat.column_sites if _cost(occupied.get(h), seat)]
    return sorted(sites, key=cat.hex_order.__getitem__)

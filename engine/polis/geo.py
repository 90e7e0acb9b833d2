"""The map in play: who controls an area, how far units may go, free trade routes, bribes.

An area is controlled by the side with more units there (hoplites on land, galleys at sea);
a tie controls nothing. Units may not pass through an area the enemy controls, but may
start in one and end in one. Control is judged before a move (all chosen units move at once).
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from .catalog import Catalog, catalog

State = dict[str, Any]


def cap(state: State) -> int:
    """Units a side may have in one area this round."""
    most: int = catalog().rounds[state["round"] - 1]["cap"]
    return most


def controller(state: State, area: str) -> int | None:
    a, s = state["units"][area]
    return 0 if a > s else 1 if s > a else None


def blocked(state: State, area: str, seat: int) -> bool:
    """The enemy of ``seat`` controls ``area``."""
    units: list[int] = state["units"][area]
    a, s = units
    return (s > a) if seat == 0 else (a > s)


def room(state: State, area: str, seat: int) -> int:
    units: int = state["units"][area][seat]
    return max(0, cap(state) - units)


def _spread(start: Iterable[str], links: dict[str, tuple[str, ...]], passable: Callable[[str], bool]) -> set[str]:
    """Every area reached from ``start`` going only through passable areas (start areas are entered anyway)."""
    seen = set(start)
    todo = deque(a for a in seen if passable(a))
    while todo:
        for other in links[todo.popleft()]:
            if other not in seen:
                seen.add(other)
                if passable(other):
                    todo.append(other)
    return seen


def hoplite_origins(state: State, seat: int, dest: str) -> set[str]:
    """Land regions from which a hoplite of ``seat`` can reach ``dest`` (by land, or by sea)."""
    cat = catalog()

    def free(area: str) -> bool:
        return not blocked(state, area, seat)

    by_land = _spread([dest], cat.land_links, lambda area: area == dest or free(area))
    seas = _spread([s for s in cat.coasts[dest] if free(s)], cat.sea_links, free)
    by_sea = {land for sea in seas if free(sea) for land in cat.coasts[sea]}
    return (by_land | by_sea) - {dest}


def galley_origins(state: State, seat: int, dest: str) -> set[str]:
    cat = catalog()

    def free(area: str) -> bool:
        return not blocked(state, area, seat)

    return _spread([dest], cat.sea_links, lambda area: area == dest or free(area)) - {dest}


def owns_trade_bypass(state: State, seat: int) -> bool:
    """Owner of Epidamnos and Abdera, holding a commercial polis: trades whatever the blockade."""
    owner, poleis = state["owner"], catalog().poleis
    return (owner["epidamnos"] == seat and owner["abdera"] == seat
            and any(owner[p] == seat for p, rec in poleis.items() if rec["commercial"]))


def trade_routes(state: State, seat: int) -> set[str]:
    """The markets a merchant of ``seat`` can sail to from its trade port through seas the enemy does not
    control (every market, for the owner of Epidamnos, Abdera and a commercial polis)."""
    cat = catalog()
    if owns_trade_bypass(state, seat):
        return set(cat.markets)

    def free(area: str) -> bool:
        return not blocked(state, area, seat)

    port = cat.ports[("athens", "sparta")[seat]]
    reached = {s for s in _spread([s for s in port["links"] if free(s)], cat.sea_links, free) if free(s)}
    return {m for m, rec in cat.markets.items() if any(s in reached for s in rec["links"])}


def trade_route(state: State, seat: int, market: str) -> bool:
    return market in trade_routes(state, seat)


def polis_nodes(cat: Catalog, polis: str) -> tuple[str, ...]:
    """The areas a polis stands in: its region, or (Epidamnos, Abdera) the areas it touches."""
    record = cat.poleis[polis]
    return (record["region"],) if record["region"] else tuple(record["links"])


def _costs(state: State, seat: int, start: str, stop_at_polis: bool = False) -> dict[str, int]:
    """Least bribes to enter each area from polis ``start`` (Dijkstra over land and sea); with
    ``stop_at_polis``, only as far as the first area holding another polis."""
    cat = catalog()
    units, enemy = state["units"], 1 - seat
    region = cat.poleis[start]["region"]
    best: dict[str, int] = {}
    queue = [(0 if region else units[area][enemy], area) for area in polis_nodes(cat, start)]
    heapq.heapify(queue)
    while queue:
        cost, area = heapq.heappop(queue)
        if area in best:
            continue
        best[area] = cost
        if stop_at_polis and any(p != start for p in cat.reaches[area]):
            break
        for other in cat.areas[area]["links"]:
            if other not in best:
                heapq.heappush(queue, (cost + units[other][enemy], other))
    return best


def nearest_bribe(state: State, seat: int, start: str) -> int:
    """The least the proxenos pays to reach any other polis (a large number if none can be reached)."""
    reaches = catalog().reaches
    best = _costs(state, seat, start, stop_at_polis=True)
    return min((cost for area, cost in best.items() if any(p != start for p in reaches[area])), default=10**6)


def bribes(state: State, seat: int, start: str) -> dict[str, int]:
    """Least silver the proxenos of ``seat`` pays from polis ``start`` to every other polis: 1 per enemy
    unit in each area it enters on the way, land or sea, the goal's area included, never the area it leaves."""
    cat = catalog()
    best = _costs(state, seat, start)
    return {p: min(best[a] for a in polis_nodes(cat, p)) for p in cat.poleis if p != start}

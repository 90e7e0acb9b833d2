"""Development actions: raise hoplites, build galleys, build merchant ships, start a project.

Units are citizens turned into pieces: a polis never gives its last citizen, and a side's
units in one area never exceed the round's limit. Each hoplite costs 1 metal, each galley or
merchant ship 1 wood, and silver may stand in for either, unit by unit.
"""

from __future__ import annotations

from typing import Any

from engine.core import Say, add_log

from . import geo
from .catalog import catalog

State = dict[str, Any]

MAIN_COST = {"hoplites": "metal", "galleys": "wood", "merchants": "wood"}
UNIT_WORD = {"hoplites": "hoplite", "galleys": "galley", "merchants": "merchant ship"}


def owned(state: State, seat: int) -> list[str]:
    return [p for p, owner in state["owner"].items() if owner == seat]


def can_pay(state: State, seat: int, cost: dict[str, int]) -> bool:
    res = state["res"][seat]
    return all(res[k] >= n for k, n in cost.items())


def pay(state: State, seat: int, cost: dict[str, int]) -> None:
    res = state["res"][seat]
    for k, n in cost.items():
        res[k] -= n


def purse(state: State, seat: int, action: str) -> int:
    """Units of this kind the side can pay for (its main resource plus silver)."""
    res: dict[str, int] = state["res"][seat]
    return res[MAIN_COST[action]] + res["silver"]


def silver_splits(state: State, seat: int, action: str, n: int) -> range:
    """How many of ``n`` units may be paid in silver (the rest in the main resource)."""
    res = state["res"][seat]
    return range(max(0, n - res[MAIN_COST[action]]), min(n, res["silver"]) + 1)


def most(state: State, seat: int, action: str, polis: str, sea: str | None = None) -> int:
    """The most units of this kind ``polis`` can turn out now (0: none)."""
    spare: int = state["pop"][polis] - 1
    if action == "hoplites":
        region = catalog().poleis[polis]["region"]
        if region is None:
            return 0
        spare = min(spare, geo.room(state, region, seat))
    elif action == "galleys":
        seas = [sea] if sea else catalog().poleis[polis]["arrows"]
        spare = min(spare, max((geo.room(state, s, seat) for s in seas), default=0))
    elif not catalog().poleis[polis]["commercial"]:
        return 0
    return max(0, min(spare, purse(state, seat, action)))


def unit_poleis(state: State, seat: int, action: str) -> list[str]:
    """Owned poleis that can raise at least one unit of this kind."""
    if purse(state, seat, action) < 1:
        return []
    return [p for p in owned(state, seat) if state["pop"][p] >= 2 and most(state, seat, action, p) >= 1]


def open_seas(state: State, seat: int, polis: str) -> list[str]:
    return [s for s in catalog().poleis[polis]["arrows"] if geo.room(state, s, seat) >= 1]


def build_units(state: State, seat: int, action: str, polis: str, n: int, silver: int, sea: str | None = None) -> None:
    res = state["res"][seat]
    res["silver"] -= silver
    res[MAIN_COST[action]] -= n - silver
    state["pop"][polis] -= n
    cat = catalog()
    if action == "hoplites":
        where = cat.poleis[polis]["region"]
        state["units"][where][seat] += n
    elif action == "galleys":
        where = sea or cat.poleis[polis]["arrows"][0]
        state["units"][where][seat] += n
    else:
        where = cat.ports[("athens", "sparta")[seat]]["id"]
        state["merchants"][seat] += n
    add_log(state, Say("{seat:seat} turns {citizens:citizens} of {polis:polis} into {units:count} in {where:place} "
                       "(paid {paid:paid}).", seat=seat, citizens=n, polis=polis, units=[n, UNIT_WORD[action]],
                       where=where, paid={MAIN_COST[action]: n - silver, "silver": silver}))


def project_poleis(state: State, seat: int, tile: str) -> list[str]:
    """Owned poleis of the tile's type with no project under construction, if the side can pay."""
    record = catalog().projects[tile]
    if not can_pay(state, seat, record["cost"]):
        return []
    poleis = catalog().poleis
    return [p for p in owned(state, seat) if poleis[p]["type"] == record["type"] and p not in state["building"]]


def project_tiles(state: State, seat: int) -> list[str]:
    return [t for t in state["offer"] if project_poleis(state, seat, t)]


def start_project(state: State, seat: int, tile: str, polis: str) -> None:
    cat = catalog()
    pay(state, seat, cat.projects[tile]["cost"])
    state["offer"].remove(tile)
    state["building"][polis] = tile
    add_log(state, Say("{seat:seat} starts the {tile:project} in {polis:polis}.", seat=seat, tile=tile, polis=polis))

"""Military actions (1 prestige each): move hoplites, move galleys, besiege a polis, collect tribute.

Tribute in the side's home region (its capital's region) costs no prestige.
"""

from __future__ import annotations

from typing import Any

from engine.core import Say, add_log

from . import geo, holdings
from .catalog import MILITARY_COST, catalog
from .text import SIDES

State = dict[str, Any]
MOVE_KIND = {"move-hoplites": "land", "move-galleys": "sea"}


def origins(state: State, seat: int, action: str, dest: str) -> list[str]:
    """Areas holding units of ``seat`` that can reach ``dest`` for this move, in map order."""
    reach = geo.hoplite_origins if action == "move-hoplites" else geo.galley_origins
    found = reach(state, seat, dest)
    return [a for a in catalog().areas if a in found and state["units"][a][seat] > 0]


def destinations(state: State, seat: int, action: str) -> list[str]:
    cat, kind = catalog(), MOVE_KIND[action]
    return [a for a, rec in cat.areas.items()
            if rec["kind"] == kind and geo.room(state, a, seat) >= 1 and origins(state, seat, action, a)]


def can_move(state: State, seat: int, action: str) -> bool:
    """Cheap check first: a unit beside an area of its kind with room always can go there."""
    if state["prestige"][seat] < MILITARY_COST:
        return False
    cat, units = catalog(), state["units"]
    links = cat.land_links if action == "move-hoplites" else cat.sea_links
    kind = MOVE_KIND[action]
    for area, rec in cat.areas.items():
        if rec["kind"] == kind and units[area][seat] and any(geo.room(state, other, seat) for other in links[area]):
            return True
    return bool(destinations(state, seat, action))


def move(state: State, seat: int, action: str, dest: str, picked: dict[str, int]) -> None:
    units = state["units"]
    for origin, n in picked.items():
        units[origin][seat] -= n
        units[dest][seat] += n
    unit = "hoplite" if action == "move-hoplites" else "galley"
    add_log(state, Say("{seat:seat} moves {units:count} to {dest:area} ({picked:moved}).", seat=seat,
                       units=[sum(picked.values()), unit], dest=dest, picked=dict(picked)))


def siege_targets(state: State, seat: int) -> list[str]:
    """Poleis with a region, not capitals, not the side's own, where it controls the region with at
    least as many hoplites as the polis's fortification (its base population), and with the cubes in
    its supply to fill it. The prestige for the action is paid before the target is chosen."""
    cat, units = catalog(), state["units"]
    found = []
    for polis, rec in cat.poleis.items():
        region = rec["region"]
        if (region is None or rec["capital"] or state["owner"][polis] == seat
                or geo.controller(state, region) != seat or units[region][seat] < rec["base"]
                or holdings.citizens_if_taken(state, polis) > state["supply"][seat]):
            continue
        found.append(polis)
    return found


def siege(state: State, seat: int, polis: str, roll: int) -> bool:
    """Resolve a siege with the d4 roll; True if the polis falls."""
    record = catalog().poleis[polis]
    base, enemy = record["base"], 1 - seat
    if roll >= base:
        held = state["proxenos"][enemy] == polis and not state["held"][enemy]
        citizens = holdings.take(state, seat, polis)
        state["prestige"][seat] += base
        add_log(state, Say("{seat:seat} rolls {roll} against fortification {base}: {polis:polis} falls ({citizens} "
                           "citizens, +{base} prestige).", seat=seat, roll=roll, base=base, polis=polis,
                           citizens=citizens))
        if held:
            state["held"][enemy] = True
            add_log(state, Say("The {enemy:side} proxenos in {polis:polis} is taken prisoner.", enemy=enemy,
                               polis=polis))
        return True
    state["units"][record["region"]][seat] -= 1
    state["supply"][seat] += 1
    add_log(state, Say("{seat:seat} rolls {roll} against fortification {base}: the siege of {polis:polis} fails and a "
                       "hoplite is lost.", seat=seat, roll=roll, base=base, polis=polis))
    if state["owner"][polis] == enemy:
        holdings.lose_citizens(state, polis, 1, keep_one=False)
    return False


def tribute_cost(state: State, seat: int, region: str) -> int:
    return 0 if catalog().home[SIDES[seat]] == region else MILITARY_COST


def tribute_regions(state: State, seat: int) -> list[str]:
    cat = catalog()
    found = []
    for region in cat.areas:
        if region in state["tribute"] or not state["units"][region][seat] or not cat.areas[region].get("tribute"):
            continue
        if any(state["owner"][p] == seat for p in cat.poleis_in[region]):
            if state["prestige"][seat] >= tribute_cost(state, seat, region):
                found.append(region)
    return found


def tribute_yield(state: State, seat: int, region: str) -> list[str]:
    """The resources the side's hoplites there cover on the box, from the left."""
    box: list[str] = catalog().areas[region]["tribute"]
    return box[:min(len(box), state["units"][region][seat])]


def collect(state: State, seat: int, region: str) -> None:
    cost = tribute_cost(state, seat, region)
    state["prestige"][seat] -= cost
    gained = tribute_yield(state, seat, region)
    res = state["res"][seat]
    for good in gained:
        res[good] += 1
    state["tribute"].append(region)
    if cost:
        add_log(state, Say("{seat:seat} collects tribute in {region:area}: {gained:goods}.", seat=seat, region=region,
                           gained=gained))
    else:
        add_log(state, Say("{seat:seat} collects tribute in {region:area}: {gained:goods} (home region: no prestige).",
                           seat=seat, region=region, gained=gained))

"""Political actions: trade, move the proxenos, free the proxenos, incite civil war.

Trade: a merchant ship sails from its side's trade port to a foreign market by seas the
enemy does not control, takes the first free shipload space usable this round, and exchanges
goods (or silver) for a shipload of wheat or silver at the market's price. Then a d4 moves
the market's price: down by the roll if silver was paid, up by the roll otherwise.
"""

from __future__ import annotations

from typing import Any

from engine.core import Say, add_log

from . import geo, holdings
from .catalog import CIVIL_WAR_ENEMY, CIVIL_WAR_NEUTRAL, FREE_PROXENOS_COST, catalog
from .text import SIDES

State = dict[str, Any]


def usable_space(state: State, market: str) -> int | None:
    """Index of the first free shipload space usable this round, or None."""
    usable = catalog().rounds[state["round"] - 1]["spaces"]
    slots = state["slots"][market]
    for index in range(min(usable, len(slots))):
        if slots[index] is None:
            return index
    return None


def price(state: State, market: str) -> tuple[int, int | None]:
    """(goods, silver) one shipload costs now."""
    goods, silver = catalog().markets[market]["prices"][state["prices"][market]]
    return goods, silver


def exchanges(state: State, seat: int, market: str) -> list[tuple[str, str]]:
    """(paid, received) pairs the side can afford at ``market`` now."""
    record = catalog().markets[market]
    goods, silver = price(state, market)
    res = state["res"][seat]
    found = [(paid, got) for got in record["gives"] for paid in record["buys"] if res[paid] >= goods]
    if "wheat" in record["gives"] and res["silver"] >= silver:
        found.append(("silver", "wheat"))
    return found


def markets(state: State, seat: int) -> list[str]:
    if state["merchants"][seat] < 1:
        return []
    open_markets = [m for m in catalog().markets
                    if m not in state["closed"] and usable_space(state, m) is not None and exchanges(state, seat, m)]
    if not open_markets:
        return []
    reached = geo.trade_routes(state, seat)
    return [m for m in open_markets if m in reached]


def trade(state: State, seat: int, market: str, paid: str, got: str) -> None:
    cat = catalog()
    goods, silver = price(state, market)
    cost = silver if paid == "silver" else goods
    shipload = cat.markets[market]["shipload"]
    res = state["res"][seat]
    res[paid] -= cost
    res[got] += shipload
    state["merchants"][seat] -= 1
    state["slots"][market][usable_space(state, market)] = seat
    add_log(state, Say("{seat:seat} trades in {market:market}: {cost} {paid:good} for {shipload} {got:good}.",
                       seat=seat, market=market, cost=cost, paid=paid, shipload=shipload, got=got))


def move_price(state: State, market: str, paid: str, roll: int) -> None:
    track = catalog().markets[market]["prices"]
    step = -roll if paid == "silver" else roll
    state["prices"][market] = max(0, min(len(track) - 1, state["prices"][market] + step))
    goods, silver = price(state, market)
    if silver is None:
        add_log(state, Say("The die shows {roll}: a shipload in {market:market} now costs {goods} goods.", roll=roll,
                           market=market, goods=goods))
    else:
        add_log(state, Say("The die shows {roll}: a shipload in {market:market} now costs {goods} goods or {silver} "
                           "silver.", roll=roll, market=market, goods=goods, silver=silver))


def proxenos_moves(state: State, seat: int) -> dict[str, int]:
    """Poleis the proxenos can reach, with the silver it pays in bribes."""
    if state["held"][seat]:
        return {}
    silver = state["res"][seat]["silver"]
    return {p: cost for p, cost in geo.bribes(state, seat, state["proxenos"][seat]).items() if cost <= silver}


def can_move_proxenos(state: State, seat: int) -> bool:
    held: bool = state["held"][seat]
    return not held and geo.nearest_bribe(state, seat, state["proxenos"][seat]) <= state["res"][seat]["silver"]


def move_proxenos(state: State, seat: int, polis: str, cost: int) -> None:
    state["res"][seat]["silver"] -= cost
    state["proxenos"][seat] = polis
    if cost:
        add_log(state, Say("{seat:seat}'s proxenos goes to {polis:polis}, paying {cost} silver in bribes.", seat=seat,
                           polis=polis, cost=cost))
    else:
        add_log(state, Say("{seat:seat}'s proxenos goes to {polis:polis}.", seat=seat, polis=polis))


def can_free(state: State, seat: int) -> bool:
    held: bool = state["held"][seat]
    return held and state["res"][seat]["silver"] >= FREE_PROXENOS_COST


def free(state: State, seat: int) -> None:
    state["res"][seat]["silver"] -= FREE_PROXENOS_COST
    state["res"][1 - seat]["silver"] += FREE_PROXENOS_COST
    state["held"][seat] = False
    capital = catalog().capital[SIDES[seat]]
    state["proxenos"][seat] = capital
    add_log(state, Say("{seat:seat} pays {cost} silver to {other:seat}: the proxenos is free and back in "
                       "{capital:polis}.", seat=seat, cost=FREE_PROXENOS_COST, other=1 - seat, capital=capital))


def civil_war_cost(state: State, polis: str) -> int:
    per_citizen = CIVIL_WAR_NEUTRAL if state["owner"][polis] is None else CIVIL_WAR_ENEMY
    return per_citizen * holdings.citizens_if_taken(state, polis)


def civil_war_targets(state: State, seat: int) -> list[str]:
    """Poleis in the proxenos's region (or the regionless polis it stands in), neither the side's own nor a
    capital, that the side can pay for."""
    if state["held"][seat]:
        return []
    cat = catalog()
    at = state["proxenos"][seat]
    region = cat.poleis[at]["region"]
    nearby = cat.poleis_in[region] if region else (at,)
    silver, supply = state["res"][seat]["silver"], state["supply"][seat]
    return [p for p in nearby
            if state["owner"][p] != seat and not cat.poleis[p]["capital"]
            and civil_war_cost(state, p) <= silver and holdings.citizens_if_taken(state, p) <= supply]


def civil_war(state: State, seat: int, polis: str) -> None:
    cost = civil_war_cost(state, polis)
    state["res"][seat]["silver"] -= cost
    citizens = holdings.take(state, seat, polis)
    state["prestige"][seat] += citizens
    add_log(state, Say("{seat:seat} pays {cost} silver to incite civil war in {polis:polis}: it joins them with "
                       "{citizens} citizens (+{citizens} prestige).", seat=seat, cost=cost, polis=polis,
                       citizens=citizens))

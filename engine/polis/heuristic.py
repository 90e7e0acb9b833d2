"""The greedy bot's heuristic: how good a (determinized) state looks for one side.

The score so far counts most; then what keeps the score coming: citizens that can be fed
at the next round end (a side that cannot feed them loses cities and ends the game),
resources, units on the board, merchants ready to sail and projects under way.

A side that has not passed is credited with the tribute it can still collect at home (half
its worth, and the wheat where its wheat in store would not feed its citizens); passing gives
that up, and what the tribute would have fed must be fed with prestige or cities. Collecting it
costs nothing and is worth more than the credit, so a side never keeps the credit by stalling.
(A credit for everything a side's units promise, lost on passing, made the greedy bot stall for
ever with free proxenos moves rather than pass.)

An action is several steps (Trade, then a market, then the goods), so a state in the middle
of an action is valued by the acting side's best completion (a small search over those steps,
dice averaged): choosing "Trade" is worth what the best trade is worth, to either side. (Judged
as it stands, the other side's half-made action looked like its fee paid for nothing, and a
search never saw the other side's threats coming.) The value is a lead, one side's the other's
negated.

Near a round end that ends the game (a side that cannot feed its citizens or is left without
prestige, or the last round) the state is judged by the final score it leads to, not by what
keeps the score coming: once a side has passed, or in the last round, the round end is
foreseen from the state as it stands (feeding, cities given up, growth, megalopolis), and
what the sides' units promise counts for nothing (a side that has passed cannot use it, and
one that may act would lose it by passing, so it would rather stall); once both have passed,
the round end is played out (see ``finished_round``). A side that may still act is foreseen
bringing in the wheat within its reach first (tribute, and a shipload for each merchant ship in
port it can pay for): before the last round it does not end the game by a shortfall that wheat
mends, and the side that passes first is judged against what the other can still do, not
against the other frozen where it stands (which made a side short of wheat pass into its own
starvation: a loss it had foreseen as a tie). A side far ahead may then end the game by
letting the other starve, and a side that would end it behind keeps its wheat and prestige
instead of spending them on moves that cannot pay.
"""

from __future__ import annotations

from typing import Any

from engine.core import CHANCE, Choice, Flow, copy_state
from engine.core.flow import EACH

from . import military, politics, upkeep
from .catalog import DIE, catalog
from .choices import Done, Grow, NoTax, Polis
from .scoring import project_prestige, score_of
from .steps_round import ledger_of
from .text import RESOURCES

MID_ACTION = frozenset({
    "fee", "hoplites_polis", "galleys_polis", "merchants_polis", "siege_polis", "proxenos_polis", "civil-war_polis",
    "project_polis", "hoplites_count", "galleys_count", "merchants_count", "hoplites_pay", "galleys_pay",
    "merchants_pay", "sea", "project", "destination", "gather", "siege_roll", "region", "market", "goods", "trade_roll",
})
SEARCH_NODES = 60
"""States a completion search may look at, per evaluation."""

WEIGHTS = {"wheat": 0.6, "silver": 0.7, "wood": 0.4, "metal": 0.4, "oil": 0.3, "wine": 0.3}
STARVING = 6.0
"""Cost of each citizen that neither wheat nor prestige could feed now."""
TO_COLLECT = 0.5
"""Cost of each citizen only tribute still to collect at home would feed: it takes an action,
and the other side may take the region first. (Less than prestige or a city, so that passing
without collecting it costs something; more than nothing, so that collecting it beats taking
an action that changes nothing, and a side that stalls never looks better than one that acts.)"""


MEAL_COST = 0.3
"""Cost of each citizen the wheat kept and the wheat a round brings will not feed, for each meal still to come."""
UNFED_NEXT = 2.0
"""Cost of each citizen the next round's meal would leave unfed, as far as can be told now."""
TRADED = 1.0
"""Cost of each citizen that only wheat a merchant ship could still fetch would feed, where
prestige cannot: as much as prestige (it takes the ship, goods and an action), not a starving
citizen's. Counted only where that trade gains more than it uses up, so that a side never
keeps the credit by stalling rather than trade or pass."""
SHIP = 1.0
"""What a merchant ship in port counts for (its own worth and its trade to come, ``prospects``)."""


def may_act(state: dict[str, Any], seat: int) -> bool:
    """Whether the side may still take actions this round."""
    return state["phase"] == "actions" and not state["passed"][seat]


def wheat_within_reach(state: dict[str, Any], seat: int) -> int:
    """Wheat the side can still collect this round as tribute at home, where it costs no prestige
    (none once it cannot act)."""
    if not may_act(state, seat):
        return 0
    return sum(military.tribute_yield(state, seat, region).count("wheat")
               for region in military.tribute_regions(state, seat) if not military.tribute_cost(state, seat, region))


def wheat_by_trade(state: dict[str, Any], seat: int) -> int:
    """The wheat a merchant ship could still bring this round (none once the side cannot act):
    the largest shipload of wheat it can pay for at a market it can reach, where that trade is
    worth more than the credit it uses up (``TRADED`` a wheat, against the ship and the goods)."""
    if not may_act(state, seat) or not state["merchants"][seat]:
        return 0
    best = _wheat_trade(state, seat, state["res"][seat])
    return best[0] if best else 0


def _wheat_trade(state: dict[str, Any], seat: int, res: dict[str, int]) -> tuple[int, str, int] | None:
    """The largest shipload of wheat worth its price (see ``wheat_by_trade``) that ``res`` can
    pay for, and its cheapest payment (good, amount); None if there is none."""
    cat, best = catalog(), None
    for market in politics.markets(state, seat):
        record = cat.markets[market]
        if "wheat" not in record["gives"]:
            continue
        goods, silver = politics.price(state, market)
        payments = [(good, goods) for good in record["buys"] if res[good] >= goods]
        if silver is not None and res["silver"] >= silver:
            payments.append(("silver", silver))
        if not payments:
            continue
        good, amount = min(payments, key=lambda payment: WEIGHTS[payment[0]] * payment[1])
        worth = TRADED * record["shipload"] - SHIP - WEIGHTS[good] * amount > 0
        if worth and (best is None or record["shipload"] > best[0]):
            best = (record["shipload"], good, amount)
    return best


def wheat_by_ships(state: dict[str, Any], seat: int) -> int:
    """The wheat all the side's merchant ships in port could still bring this round (none once
    it cannot act), each paying for its shipload from what the ships before it left (at today's
    prices)."""
    if not may_act(state, seat):
        return 0
    res, wheat = dict(state["res"][seat]), 0
    for _ in range(state["merchants"][seat]):
        trade = _wheat_trade(state, seat, res)
        if trade is None:
            break
        shipload, good, amount = trade
        wheat += shipload
        res[good] -= amount
    return wheat


def prospects(state: dict[str, Any], seat: int) -> float:
    """What the side's units promise this round: tribute still to collect where it owns a polis
    (at home only while it may act: passing gives it up), poleis it could besiege (by the chance
    of the d4), merchant ships with somewhere to sail."""
    cat = catalog()
    units, owner = state["units"], state["owner"]
    home = cat.home[("athens", "sparta")[seat]]
    acting = may_act(state, seat)
    value: float = 0.0
    for region, rec in cat.areas.items():
        mine = units[region][seat]
        if not mine or rec["kind"] != "land":
            continue
        box = rec.get("tribute") or ()
        if (region not in state["tribute"] and (acting or region != home)
                and any(owner[p] == seat for p in cat.poleis_in[region])):
            value += 0.5 * sum(WEIGHTS[r] for r in box[:mine])
        if units[region][1 - seat] >= mine:
            continue
        for polis in cat.poleis_in[region]:
            record = cat.poleis[polis]
            if owner[polis] == seat or record["capital"]:
                continue
            citizens = record["base"] if owner[polis] is None else state["pop"][polis]
            chance = (DIE + 1 - record["base"]) / DIE
            reach = 1.0 if mine >= record["base"] else 0.25 * mine / record["base"]
            value += 0.35 * reach * chance * (citizens + 1.5 + record["base"])
    value += 0.6 * min(2, state["merchants"][seat])
    return value + _incitement(state, seat)


def _incitement(state: dict[str, Any], seat: int) -> float:
    """A free proxenos next to a polis the side could pay to incite is worth part of that polis."""
    if state["held"][seat]:
        return 0.0
    from .politics import civil_war_cost
    cat = catalog()
    at = state["proxenos"][seat]
    region = cat.poleis[at]["region"]
    best = 0.0
    for polis in cat.poleis_in[region] if region else (at,):
        if state["owner"][polis] == seat or cat.poleis[polis]["capital"]:
            continue
        citizens = cat.poleis[polis]["base"] if state["owner"][polis] is None else state["pop"][polis]
        cost = civil_war_cost(state, polis)
        best = max(best, 0.3 * (2 * citizens + 1.5) * min(1.0, state["res"][seat]["silver"] / cost))
    return best


def expected_wheat(state: dict[str, Any], seat: int) -> int:
    """Wheat a side can count on in a round: its home tribute box and a shipload per merchant ship."""
    cat = catalog()
    home = cat.home[("athens", "sparta")[seat]]
    box: list[str] = cat.areas[home]["tribute"][:state["units"][home][seat]]
    ships: int = state["merchants"][seat] + sum(s.count(seat) for s in state["slots"].values())
    return box.count("wheat") + 3 * ships


def next_round_unfed(state: dict[str, Any], seat: int, citizens: int, kept: int, prestige: int) -> int:
    """Citizens the side could feed at the next round's end neither with the wheat it keeps from
    this round and the wheat it can count on in a round, nor with its prestige (keeping 1): what
    would cost it cities and end the game. None in the last round: no meal comes after it."""
    if state["round"] >= upkeep.LAST_ROUND:
        return 0
    return max(0, citizens - kept - expected_wheat(state, seat) - max(0, prestige - 1))


def meals_to_come(state: dict[str, Any], seat: int, citizens: int, wheat: int, prestige: int) -> float:
    """The worth of the ``wheat`` and ``prestige`` a side has once this round's meal is eaten,
    against the meals still to come for ``citizens``: the wheat spoilage leaves, less a cost for
    each citizen it and a round's wheat will not feed in each round to come, and for each the
    next round's meal would leave unfed."""
    kept = wheat - wheat // 2
    rounds_to_come: int = upkeep.LAST_ROUND - state["round"]
    beyond = max(0, citizens - kept - expected_wheat(state, seat))
    return (WEIGHTS["wheat"] * kept - MEAL_COST * rounds_to_come * beyond
            - UNFED_NEXT * next_round_unfed(state, seat, citizens, kept, prestige))


def side_value(state: dict[str, Any], seat: int) -> float:
    cat = catalog()
    owned = [p for p, owner in state["owner"].items() if owner == seat]
    citizens = sum(state["pop"][p] for p in owned)
    projects = project_prestige(state, owned)
    building = sum(cat.projects[t]["round"] + cat.projects[t]["final"]
                   for p, t in state["building"].items() if state["owner"][p] == seat)
    res = state["res"][seat]
    value: float = citizens + state["prestige"][seat] + projects + building
    value += sum(WEIGHTS[r] * res[r] for r in RESOURCES if r != "wheat")
    value += 0.3 * sum(units[seat] for units in state["units"].values()) + 0.4 * state["merchants"][seat]
    value += 1.5 * len(owned) + prospects(state, seat)
    if state["phase"] == "upkeep":
        # Fed already: growth is weighed against the meals to come, from what may come in by then.
        value += meals_to_come(state, seat, citizens, res["wheat"], state["prestige"][seat])
    else:
        # The coming meal: short of it, tribute the side can still collect feeds, then prestige
        # (and 0 prestige ends the game), and what nothing feeds costs cities. What it leaves
        # is weighed against the meals after it as at the round end, so that passing shows no
        # cost that acting on hid.
        wheat = res["wheat"]
        short = max(0, citizens - wheat)
        if short:
            collected = min(short, wheat_within_reach(state, seat))
            value -= TO_COLLECT * collected
            short -= collected
        paid = min(max(0, state["prestige"][seat] - 1), short)
        short -= paid
        shipped = min(short, wheat_by_trade(state, seat)) if short else 0
        value -= paid + TRADED * shipped + STARVING * (short - shipped)
        value += meals_to_come(state, seat, citizens, max(0, wheat - citizens), state["prestige"][seat] - paid)
    if state["prestige"][seat] <= 0:
        value -= STARVING
    if state["held"][seat]:
        value -= 1.0
    return value


def round_end_forecast(state: dict[str, Any]) -> list[float] | None:
    """Each side's final score if the round ended now and that ended the game; None if the game
    would go on. Cities are given up as cheaply as they can be and every wheat left grows a citizen.
    A side that may still act brings in the wheat within its reach first (``wheat_to_come``), less
    ``TO_COLLECT`` a wheat for the actions that takes: it is not stopped where it stands because
    the other side has passed, and before the last round it does not end the game by a shortfall
    that wheat can mend."""
    foreseen = _foreseen_round_end(state)
    return None if foreseen is None else foreseen[0]


def _foreseen_round_end(state: dict[str, Any]) -> tuple[list[float], list[bool]] | None:
    """``round_end_forecast``'s scores, and for each side whether it ends the game before the
    last round (it cannot feed its citizens or is left without prestige)."""
    ledgers = [_round_end_ledger(state, seat) for seat in (0, 1)]
    scores: list[float] = []
    unfed = []
    for seat, ledger in enumerate(ledgers):
        wheat, cost = wheat_to_come(state, seat)
        ledger.res["wheat"] += wheat
        ledger.prestige -= cost
        fed = upkeep.feed(ledger)
        left = fed.unfed
        while left > 0 and ledger.cities:
            left -= upkeep.give_up(ledger, cheapest_to_give_up(state, {c.id: c.pop for c in ledger.cities}, left))
        unfed.append(fed.unfed > 0)
        for city in ledger.cities:
            grown = 0
            while upkeep.growth_room(ledger, city, grown):
                upkeep.grow(ledger, city.id)
                grown += 1
        upkeep.megalopolis(ledger)
        scores.append(ledger.citizens() + ledger.prestige - TO_COLLECT * wheat
                      + project_prestige(state, [city.id for city in ledger.cities], under_way=True))
    if not upkeep.end_reasons(state["round"], unfed, [ledger.prestige for ledger in ledgers]):
        return None
    early = state["round"] < upkeep.LAST_ROUND
    return scores, [early and (unfed[seat] or ledger.prestige <= 0) for seat, ledger in enumerate(ledgers)]


def _round_end_ledger(state: dict[str, Any], seat: int) -> upkeep.Ledger:
    """The side's ledger as the round end starts: projects under way completed (their round prestige)."""
    ledger = ledger_of(state, seat)
    projects = catalog().projects
    ledger.prestige += sum(projects[tile]["round"] for polis, tile in state["building"].items()
                           if state["owner"][polis] == seat)
    return ledger


def wheat_to_come(state: dict[str, Any], seat: int) -> tuple[int, int]:
    """The wheat a side that may still act can bring in this round, and the prestige that costs:
    each tribute within reach that yields more wheat than the prestige it costs (keeping 1), and
    the shiploads of its merchant ships in port (``wheat_by_ships``). None once it cannot act."""
    if not may_act(state, seat):
        return 0, 0
    wheat, cost = wheat_by_ships(state, seat), 0
    for region in military.tribute_regions(state, seat):
        gained = military.tribute_yield(state, seat, region).count("wheat")
        price = military.tribute_cost(state, seat, region)
        if gained > price and cost + price < state["prestige"][seat]:
            wheat += gained
            cost += price
    return wheat, cost


def cheapest_to_give_up(state: dict[str, Any], citizens: dict[str, int], unfed: int) -> str:
    """The city to give up next for ``unfed`` citizens: of those that cover them alone, the one
    worth least (citizens and project prestige); if none does, the most populous."""
    covering = [polis for polis, pop in citizens.items() if pop >= unfed]
    if not covering:
        return max(citizens, key=lambda polis: (citizens[polis], polis))
    return min(covering, key=lambda polis: (citizens[polis] + project_prestige(state, [polis], under_way=True),
                                            polis))


def round_end_near(state: dict[str, Any]) -> bool:
    return state["phase"] == "actions" and (any(state["passed"]) or state["round"] >= upkeep.LAST_ROUND)


def static(state: dict[str, Any], seat: int) -> float:
    if not state["flow"]:  # the game is over: the final score, not a guess
        return 100.0 * (score_of(state, seat).total - score_of(state, 1 - seat).total)
    foreseen = _foreseen_round_end(state) if round_end_near(state) else None
    if foreseen is not None:
        # A side that ends the game early by starving bears the cost a starving citizen has
        # while the game goes on: judged by the final score alone, a side short of wheat found
        # ending the game now (passing, or spending its last wheat) cheaper than playing on.
        scores, ends = foreseen
        return scores[seat] - scores[1 - seat] - 2 * STARVING * (ends[seat] - ends[1 - seat])
    return side_value(state, seat) - side_value(state, 1 - seat)


def finished_round(flow: Flow, state: dict[str, Any]) -> dict[str, Any] | None:
    """The game as it ends with this round end, its decisions made by rote (cities given up as
    cheaply as they can be, all the growth wheat allows, no tax); None if it goes on (or the
    round end is not under way)."""
    if state["phase"] != "upkeep":
        return None
    trial = copy_state(state, log=False)
    while (decision := flow.decision(trial)) is not None and not decision.is_chance:
        actor = decision.actors[0]
        flow.apply(trial, actor, _by_rote(trial, _frame_deciding(trial, actor), decision.for_actor(actor)))
    return trial if decision is None else None


def _frame_deciding(state: dict[str, Any], actor: int) -> dict[str, Any]:
    top: dict[str, Any] = state["flow"][-1]
    return top["branches"][str(actor)][-1] if top["step"] == EACH else top


def _by_rote(state: dict[str, Any], frame: dict[str, Any], choices: tuple[Choice, ...]) -> Choice:
    """Give up the cheapest city, grow a citizen wherever one may grow, levy no tax."""
    if frame["step"] == "give_up":
        by_polis = {choice.args_as(Polis).polis: choice for choice in choices}
        return by_polis[cheapest_to_give_up(state, {polis: state["pop"][polis] for polis in by_polis}, frame["unfed"])]
    growing = [choice for choice in choices if type(choice.args) is Grow]
    if growing:
        return growing[0]
    rote = Done if frame["step"] == "growth" else NoTax
    return next(choice for choice in choices if type(choice.args) is rote)


def evaluate(flow: Flow, state: dict[str, Any], seat: int) -> float:
    ended = finished_round(flow, state)
    if ended is not None:
        return static(ended, seat)
    budget = [SEARCH_NODES]
    return _completed(flow, state, seat, budget)


def _completed(flow: Flow, state: dict[str, Any], seat: int, budget: list[int]) -> float:
    frames = state["flow"]
    decision = flow.decision(state) if frames and frames[-1]["step"] in MID_ACTION and budget[0] > 0 else None
    if decision is None:
        return static(state, seat)
    actor = decision.actors[0]
    values = []
    for choice in decision.for_actor(actor):
        budget[0] -= 1
        trial = copy_state(state, log=False)
        flow.apply(trial, actor, choice)
        values.append((choice.weight, _completed(flow, trial, seat, budget)))
        if budget[0] <= 0 and actor != CHANCE:
            break
    if actor == CHANCE:
        return sum(w * v for w, v in values) / sum(w for w, _ in values)
    return max(v for _, v in values) if actor == seat else min(v for _, v in values)

"""The greedy bot's heuristic: how good a (determinized) state looks for one side.

The score so far counts most; then what keeps the score coming: citizens that can be fed
at the next round end (a side that cannot feed them loses cities and ends the game),
resources, units on the board, merchants ready to sail and projects under way.

An action is several steps (Trade, then a market, then the goods), so a state in the middle
of the side's own action is valued by its best completion (a small search over those steps,
dice averaged): choosing "Trade" is worth what the best trade is worth.
"""

from __future__ import annotations

from typing import Any

from engine.core import CHANCE, Flow, copy_state

from .data import catalogue
from .terms import DIE, RESOURCES

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


def prospects(state: dict[str, Any], seat: int) -> float:
    """What the side's units promise this round: tribute still to collect where it owns a polis,
    poleis it could besiege (by the chance of the d4), merchant ships with somewhere to sail."""
    cat = catalogue()
    units, owner = state["units"], state["owner"]
    value = 0.0
    for region, rec in cat.areas.items():
        mine = units[region][seat]
        if not mine or rec["kind"] != "land":
            continue
        box = rec.get("tribute") or ()
        if region not in state["tribute"] and any(owner[p] == seat for p in cat.poleis_in[region]):
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
    cat = catalogue()
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
    cat = catalogue()
    home = cat.home[("athens", "sparta")[seat]]
    box = cat.areas[home]["tribute"][:state["units"][home][seat]]
    return box.count("wheat") + 3 * (state["merchants"][seat] + sum(s.count(seat) for s in state["slots"].values()))


def side_value(state: dict[str, Any], seat: int) -> float:
    cat = catalogue()
    owned = [p for p, owner in state["owner"].items() if owner == seat]
    citizens = sum(state["pop"][p] for p in owned)
    projects = sum(cat.projects[t]["final"] for p in owned for t in state["built"].get(p, ()))
    building = sum(cat.projects[t]["round"] + cat.projects[t]["final"]
                   for p, t in state["building"].items() if state["owner"][p] == seat)
    res = state["res"][seat]
    value = citizens + state["prestige"][seat] + projects + 0.8 * building
    value += sum(WEIGHTS[r] * res[r] for r in RESOURCES if r != "wheat")
    value += 0.3 * sum(units[seat] for units in state["units"].values()) + 0.4 * state["merchants"][seat]
    value += 1.5 * len(owned) + prospects(state, seat)
    if state["phase"] == "upkeep":
        # Fed already: growth is weighed against next round's meal, from what may come in by then.
        kept = res["wheat"] - res["wheat"] // 2
        value += WEIGHTS["wheat"] * kept - 0.9 * max(0, citizens - kept - expected_wheat(state, seat))
    else:
        # The coming meal: wheat beyond it is worth something; short of it, prestige feeds (and 0
        # prestige ends the game), and what nothing feeds costs cities.
        wheat = res["wheat"]
        value += WEIGHTS["wheat"] * max(0, wheat - citizens)
        short = max(0, citizens - wheat)
        paid = min(max(0, state["prestige"][seat] - 1), short)
        value -= paid + STARVING * (short - paid)
    if state["prestige"][seat] <= 0:
        value -= STARVING
    if state["held"][seat]:
        value -= 1.0
    return value


def static(state: dict[str, Any], seat: int) -> float:
    if not state["flow"] and state["over"]:
        from .rules import score_of  # the final score, not a guess
        return 100.0 * (score_of(state, seat).total - score_of(state, 1 - seat).total)
    return side_value(state, seat) - side_value(state, 1 - seat)


def evaluate(flow: Flow, state: dict[str, Any], seat: int) -> float:
    budget = [SEARCH_NODES]
    return _completed(flow, state, seat, budget)


def _completed(flow: Flow, state: dict[str, Any], seat: int, budget: list[int]) -> float:
    frames = state["flow"]
    if not frames or frames[-1]["step"] not in MID_ACTION or budget[0] <= 0:
        return static(state, seat)
    decision = flow.decision(state)
    actor = decision.actors[0]
    if actor != seat and actor != CHANCE:
        return static(state, seat)
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
    return max(v for _, v in values)

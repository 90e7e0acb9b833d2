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
from .terms import RESOURCES

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


def side_value(state: dict[str, Any], seat: int) -> float:
    cat = catalogue()
    owned = [p for p, owner in state["owner"].items() if owner == seat]
    citizens = sum(state["pop"][p] for p in owned)
    projects = sum(cat.projects[t]["final"] for p in owned for t in state["built"].get(p, ()))
    building = sum(cat.projects[t]["round"] + cat.projects[t]["final"]
                   for p, t in state["building"].items() if state["owner"][p] == seat)
    res = state["res"][seat]
    value = citizens + state["prestige"][seat] + projects + 0.8 * building
    value += sum(WEIGHTS[r] * res[r] for r in RESOURCES)
    value += 0.5 * sum(units[seat] for units in state["units"].values()) + 0.4 * state["merchants"][seat]
    value += 1.5 * len(owned)
    if state["phase"] == "actions":
        # The coming round end feeds every citizen: count it now, so that passing (which runs
        # the round end) is not mistaken for a loss.
        wheat = min(res["wheat"], citizens)
        prestige = min(state["prestige"][seat], citizens - wheat)
        value -= WEIGHTS["wheat"] * wheat + prestige + STARVING * (citizens - wheat - prestige)
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

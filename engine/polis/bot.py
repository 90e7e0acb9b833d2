"""The greedy bot's heuristic: how good a (determinized) state looks for one side.

The score so far counts most; then what keeps the score coming: citizens that can be fed
at the next round end (a side that cannot feed them loses cities and ends the game),
resources, units on the board, merchants ready to sail and projects under way.
"""

from __future__ import annotations

from typing import Any

from .data import catalogue
from .terms import RESOURCES

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
    unfed = citizens - res["wheat"] - state["prestige"][seat]
    if unfed > 0:
        value -= STARVING * unfed
    if state["prestige"][seat] <= 0:
        value -= STARVING
    if state["held"][seat]:
        value -= 1.0
    return value


def evaluate(state: dict[str, Any], seat: int) -> float:
    return side_value(state, seat) - side_value(state, 1 - seat)

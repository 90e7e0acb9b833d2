"""What a searched position is worth to each seat: a win chance between 0 and 1.

At the end of a game: the seat's share of first place (ties as the game's tiebreak rules
leave them), nudged a little by the score margin so that a won game is still played well.
Cut short: the game's heuristic (``Rules.evaluate``, a lead over the best other seat) through
a logistic curve. Only ever called on determinized states.
"""

from __future__ import annotations

import math

from engine.core.contract import Rules, State
from engine.core.scoring import ranking

MARGIN_WEIGHT = 0.05
"""How much of a finished game's value is the score margin rather than the win itself."""


def logistic(x: float) -> float:
    if x < -40:
        return 0.0
    if x > 40:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def final_values(rules: Rules, state: State, seats: int, scale: float) -> list[float]:
    scores = rules.scores(state)
    winners = ranking(scores, lambda seat: rules.tiebreak(state, seat))[0][1]
    totals = {score.seat: score.total for score in scores}
    values = []
    for seat in range(seats):
        share = 1.0 / len(winners) if seat in winners else 0.0
        margin = totals[seat] - max(total for other, total in totals.items() if other != seat)
        values.append((1 - MARGIN_WEIGHT) * share + MARGIN_WEIGHT * logistic(margin / scale))
    return values


def heuristic_values(rules: Rules, state: State, seats: int, scale: float, mirrored: bool = False) -> list[float]:
    """``mirrored``: two seats whose heuristic values are each other's negated (a lead)."""
    if mirrored and seats == 2:
        lead = rules.evaluate(state, 0) / scale
        return [logistic(lead), logistic(-lead)]
    return [logistic(rules.evaluate(state, seat) / scale) for seat in range(seats)]

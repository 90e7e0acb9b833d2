"""The bots' heuristic for Thebai: the score if the game ended now, plus what the seat holds
for the rounds to come (dice power, goods, devotion progress, battle readiness)."""

from __future__ import annotations

from .board import State, row_power
from .catalog import catalog
from .constants import ROUNDS, power
from .final import final_scores

FUTURE = 0.4
"""How much a point of future potential is worth against a point scored."""


def potential(state: State, seat: int) -> float:
    rounds_left: int = ROUNDS - state["round"]
    if rounds_left <= 0:
        return 0.0
    res = state["res"][seat]
    dice: int = sum(power(f) for f in state["pool_c"][seat]) + state["common"][seat]
    goods: int = res["grape"] + res["pottery"] + res["bronze"] + res["drachma"]
    tracks: int = sum(state["track"][t][seat] for t in state["track"])
    battle = 0.0
    if state["marker"]:
        strength, _ = row_power(state, seat, state["marker"])
        battle = min(strength, state["battles"] + 3)
    contracts = sum(1 for c in state["hand"][seat] if _payable(state, seat, c))
    return rounds_left / ROUNDS * (2 * dice + goods + tracks + 2 * battle + 3 * contracts)


def _payable(state: State, seat: int, contract: str) -> bool:
    res = state["res"][seat]
    return all(res[k] >= n for k, n in catalog().contracts[contract]["cost"].items())


def evaluate(state: State, seat: int) -> float:
    totals = [r.score.total for r in final_scores(state)]
    mine = totals[seat] + FUTURE * potential(state, seat)
    best_other = max((t for s, t in enumerate(totals) if s != seat), default=0)
    return mine - best_other

"""Final scoring of a game from its state, through the same code as the table assistant's score
sheet (engine/thebai/scoring.py): council, estate, dice in the city, sets, leftovers, hands."""

from __future__ import annotations

from functools import partial

from engine.core import Auto, Say, Score
from engine.core.flow import Frame, Stack
from engine.core.text import Said

from .board import State, empty_columns, log
from .catalog import catalog
from .constants import SUITS, power
from .council import council_vp
from .scoring import FinalEntry, FinalScore, final_score


def estate_vp(state: State, seat: int) -> int:
    """VP printed under the rightmost fully emptied estate column (none: 0)."""
    empty = empty_columns(state, seat)
    return catalog().column_vp[empty + 1] if empty else 0


def city_power(state: State, seat: int) -> int:
    return sum(power(f) for s, _, f in state["city"]["dice"].values() if s == seat)


def final_entry(state: State, seat: int) -> FinalEntry:
    contracts = catalog().contracts
    suits = [contracts[c]["suit"] for c in state["done"][seat]]
    res = state["res"][seat]
    return FinalEntry(
        track=state["vp"][seat],
        council=council_vp(state, seat),
        estate=estate_vp(state, seat),
        city_power=city_power(state, seat),
        contracts=tuple(suits.count(s) for s in SUITS),
        gates=len(state["gates_won"][seat]),
        goods=res["grape"] + res["pottery"] + res["bronze"],
        drachma=res["drachma"],
        unfulfilled=len(state["hand"][seat]),
    )


def final_scores(state: State) -> list[FinalScore]:
    return [final_score(seat, final_entry(state, seat)) for seat in range(state["n"])]


def scores(state: State) -> list[Score]:
    """Every category as if the game ended now (at the end: the final scores)."""
    return [result.score for result in final_scores(state)]


class GameEnd(Auto):
    name = "game_end"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        flow.clear()  # the game is over: its flow is empty
        for result in final_scores(state):
            log(state, partial(_final_line, result))


def _final_line(result: FinalScore) -> Said:
    gates = [[suit, n] for suit, n in zip(SUITS, result.gate_suits) if n]
    return Say("{seat:seat}: {vp} VP{gates:gate_suits}", seat=result.score.seat, vp=result.score.total, gates=gates)


STEPS = (GameEnd(),)

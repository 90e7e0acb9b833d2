"""Thebai (Board&Dice, 2025) on the flow engine: 2-4 players, 10 rounds of an action phase and a
fate phase. The rules live in small modules, one per part of the rulebook; this one registers
their steps and answers the contract's questions."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from engine.core import Flow, Rules, Score, State, Words

from . import (archon, cadmea, commanders, conflict, contracts, council, devotion, dice, fate, final, hoplites, ops,
               setup, turn)
from .heuristic import evaluate
from .catalog import catalog, data_version
from .constants import ESTATE_COLS, ESTATE_ROWS, ROUNDS, ROWS
from .geometry import grid, side_for
from .hidden import determinize, secret_cards
from .setup import new_state, setup_frames
from .text import words
from .view import ThebaiView, view

FLOW = Flow(step for module in (setup, turn, archon, dice, ops, devotion, cadmea, hoplites, contracts,
                                 commanders, council, fate, conflict, final) for step in module.STEPS)


@lru_cache(maxsize=None)
def _targets(players: int, digest: str) -> frozenset[str]:
    g = grid(side_for(players))
    found = set(g.tiles) | set(g.dice) | {"dionysus", "ares", "deck", "passage"}
    found |= {f"display.{k}" for k in range(4)} | {f"card.{c}" for c in catalog().contracts}
    found |= {f"council.{s}" for s in catalog().council} | {f"row{r}" for r in range(1, ROWS + 1)}
    found |= {f"cmd{r}" for r in range(1, ROWS + 1)}
    for seat in range(players):
        found |= {f"pool{seat}.c", f"pool{seat}.h"} | {f"e{seat}.row{r}" for r in range(1, ESTATE_ROWS + 1)}
        found |= {f"e{seat}.r{r}c{c}" for r in range(1, ESTATE_ROWS + 1) for c in range(1, ESTATE_COLS + 1)}
    return frozenset(found)


class ThebaiRules(Rules):
    id = "thebai"
    title = "Thebai"
    min_players = 2
    max_players = 4
    version = "1"
    flow = FLOW
    view_type = ThebaiView

    def setup(self, names: list[str], options: Mapping[str, Any], seed: int) -> State:
        state = new_state(names, seed)
        self.flow.start(state, *setup_frames(state))
        return state

    def view(self, state: State, viewer: int | None) -> ThebaiView:
        return view(state, viewer)

    def has_private(self, state: State, viewer: int) -> bool:
        return bool(secret_cards(state, viewer))

    def determinize(self, state: State, viewer: int | None, seed: int | str) -> State:
        return determinize(state, viewer, seed)

    def targets(self, state: State) -> frozenset[str]:
        return _targets(state["n"], catalog().digest)

    def scores(self, state: State) -> list[Score]:
        return final.scores(state)

    def evaluate(self, state: State, seat: int) -> float:
        return evaluate(state, seat)

    def progress(self, state: State) -> str:
        if not state["flow"]:
            return "game over"
        if state["round"] == 0:
            return "setup"
        return f"round {state['round']} of {ROUNDS} ({state['phase']})"

    def words(self, names: list[str]) -> Words:
        return words(names)

    def data_version(self) -> str:
        return data_version()

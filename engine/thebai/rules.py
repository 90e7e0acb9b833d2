"""Thebai (Board&Dice, 2025) on the flow engine: 2-4 players, 10 rounds of an action phase and a
fate phase. The rules live in small modules, one per part of the rulebook; this one registers
their steps and answers the contract's questions."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from engine.core import Flow, Rules, Say, Score, State, Words
from engine.core.choices import Target
from engine.i18n import ENGLISH, Language

from . import (
    archon,
    cadmea,
    commanders,
    conflict,
    contracts,
    council,
    devotion,
    dice,
    fate,
    final,
    hoplites,
    ops,
    setup,
    turn,
)
from .catalog import data_version
from .constants import ROUNDS
from .heuristic import evaluate
from .hidden import determinize, secret_cards
from .setup import new_state, setup_frames
from .targets import on_the_board
from .text import words
from .view import ThebaiView, view

FLOW = Flow(step for module in (setup, turn, archon, dice, ops, devotion, cadmea, hoplites, contracts,
                                 commanders, council, fate, conflict, final) for step in module.STEPS)


@lru_cache(maxsize=None)
class ThebaiRules(Rules):
    id = "thebai"
    title = "Thebai"
    min_players = 2
    max_players = 4
    version = "2"
    """2: the rules refuse moves version 1 allowed (Muster's paid die moving the die just placed),
    so a save of version 1 holding one no longer replays, and its message names both versions."""
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

    def targets(self, state: State) -> frozenset[Target]:
        return on_the_board(state["n"])

    def scores(self, state: State) -> list[Score]:
        return final.scores(state)

    def evaluate(self, state: State, seat: int) -> float:
        return evaluate(state, seat)

    def progress(self, state: State) -> Say:
        if not state["flow"]:
            return Say("game over")
        if state["round"] == 0:
            return Say("setup")
        return Say("round {round} of {rounds} ({phase:phase})", round=state["round"], rounds=ROUNDS,
                   phase=state["phase"])

    def words(self, names: list[str], language: Language = ENGLISH) -> Words:
        return words(names, language)

    def data_version(self) -> str:
        return data_version()

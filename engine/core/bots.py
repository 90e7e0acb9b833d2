"""Bots that can fill any seat of any game. They decide from what their seat may know: the
legal choices and a determinized state (``Match.lookahead``), never the real one. The search
bot is above the core (engine/search); engine/bots.py names every kind a seat may be."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Protocol

from .contract import Choice
from .match import Match
from .state import copy_state


class Bot(Protocol):
    """Whatever plays a seat: a choice of the seat's legal ones, from what the seat may know."""

    def choose(self, match: Match, seat: int) -> Choice: ...


class RandomBot:
    name = "random"

    def __init__(self, seed: int | str = 0):
        self.random = random.Random(seed)

    def choose(self, match: Match, seat: int) -> Choice:
        return self.random.choice(match.legal(seat))


class GreedyBot:
    """One ply: the choice whose resulting state the rules' evaluation likes best, tried on a
    state sampled from what the seat knows."""

    name = "greedy"

    def __init__(self, seed: int | str = 0):
        self.seed = seed
        self.random = random.Random(seed)

    def choose(self, match: Match, seat: int) -> Choice:
        choices = match.legal(seat)
        if len(choices) == 1:
            return choices[0]
        rules = match.rules
        known = match.lookahead(seat, f"{self.seed}:{len(match.actions)}").state
        best: list[Choice] = []
        best_value = float("-inf")
        for choice in choices:
            trial = copy_state(known, log=False)
            rules.apply(trial, seat, choice)
            value = rules.evaluate(trial, seat)
            if value > best_value:
                best, best_value = [choice], value
            elif value == best_value:
                best.append(choice)
        return self.random.choice(best)


def play_out(match: Match, bots: Mapping[int, Bot], max_decisions: int | None = None) -> list[Choice]:
    """Play until the game ends, drawing chance from the RNG; the choices the seats made, in
    order (what ``Match.replay`` takes as ``played`` to check the game). More than
    ``max_decisions`` decisions is a runaway game: RuntimeError."""
    played: list[Choice] = []
    while True:
        decision = match.decision
        if decision is not None and decision.is_chance:
            match.draw_all()
            decision = match.decision
        if decision is None:
            return played
        if max_decisions is not None and len(played) >= max_decisions:
            raise RuntimeError(f"runaway game: not over after {max_decisions} decisions")
        seat = decision.actors[0]
        played.append(match.choose(seat, bots[seat].choose(match, seat).id))

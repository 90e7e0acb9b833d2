"""Bots that can fill any seat of any game: they only use the decision and the rules."""

from __future__ import annotations

import random

from .contract import Choice
from .match import Match


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0):
        self.random = random.Random(seed)

    def choose(self, match: Match, seat: int) -> Choice:
        return self.random.choice(match.legal(seat))


class GreedyBot:
    """One ply: the choice whose resulting state the rules' evaluation likes best."""

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.random = random.Random(seed)

    def choose(self, match: Match, seat: int) -> Choice:
        choices = match.legal(seat)
        if len(choices) == 1:
            return choices[0]
        best: list[Choice] = []
        best_value = float("-inf")
        for choice in choices:
            trial = match.clone()
            trial.choose(seat, choice.id)
            value = match.rules.evaluate(trial.state, seat)
            if value > best_value:
                best, best_value = [choice], value
            elif value == best_value:
                best.append(choice)
        return self.random.choice(best)


BOTS = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(kind: str, seed: int = 0):
    try:
        return BOTS[kind](seed)
    except KeyError:
        raise ValueError(f"unknown bot {kind!r}; choose from {', '.join(BOTS)}") from None


def play_out(match: Match, bots: dict[int, object]) -> int:
    """Play until the game ends, drawing chance from the RNG; returns decisions made."""
    decisions = 0
    while True:
        match.draw_all()
        decision = match.decision
        if decision is None:
            return decisions
        seat = decision.actors[0]
        match.choose(seat, bots[seat].choose(match, seat).id)
        decisions += 1

"""Random play with Polis' invariants checked after every step: cubes conserved, no resource
or prestige below 0, every polis within its maximum, the round limit kept, the combat cards
all accounted for, at most 4 rounds, and every game reaches its end (no dead end)."""

from __future__ import annotations

import time

import pytest

from engine.core import Playout
from engine.core.playout import random_policy
from engine.polis.catalog import catalog
from engine.polis.setup import cubes
from tests.fuzz import FUZZ_GAMES

from .helpers import RULES
from .score_oracle import PrestigeLedger, breakdowns

CUBES = 45
MAX_DECISIONS = 5000
SCORED_EVERY = 10
"""Decisions between two checks of the whole score sheet in the middle of a game."""
NAMES = ["Kleon collects tribute in Argos: 2 silver", "Kleon"]
"""Players' names, one worded like a log line, which the score oracle must still read as a name."""


def check(state) -> None:
    cat = catalog()
    assert 1 <= state["round"] <= 4
    cap = cat.rounds[state["round"] - 1]["cap"]
    usable = cat.rounds[state["round"] - 1]["spaces"]
    for seat in (0, 1):
        assert cubes(state, seat) == CUBES, f"cubes of seat {seat}"
        assert state["supply"][seat] >= 0 and state["merchants"][seat] >= 0
        assert all(n >= 0 for n in state["res"][seat].values()), state["res"][seat]
        assert state["prestige"][seat] >= 0
    for polis, n in state["pop"].items():
        assert 0 <= n <= cat.poleis[polis]["max"], (polis, n)
        assert (n == 0) == (state["owner"][polis] is None), (polis, n, state["owner"][polis])
    for area, units in state["units"].items():
        assert 0 <= units[0] <= cap and 0 <= units[1] <= cap, (area, units, cap)
    for market, slots in state["slots"].items():
        assert all(seat is None for seat in slots[usable:]), (market, slots)
    assert len(state["deck"]) + sum(len(hand) for hand in state["hands"]) == len(cat.card_deck)


def play_checked(seed: int, options: dict, rich: bool = False) -> dict:
    """A random game; ``rich``: both sides start with plenty, so random play lives on to the
    later rounds (random sides otherwise starve in round 1 or 2)."""
    state = RULES.setup(NAMES, options, seed)
    extra = 30 if rich else 0
    for seat in (0, 1):
        state["res"][seat] = {k: v + extra for k, v in state["res"][seat].items()}
        state["prestige"][seat] += extra
    ledger = PrestigeLedger(state, handicap=extra)
    playout = Playout(RULES, state)
    policy = random_policy(seed)
    decisions = 0
    while not playout.finished:
        decision = playout.decision
        if decision.is_chance:
            playout.draw()
        else:
            seat = decision.actors[0]
            playout.apply(seat, policy(playout, seat, decision.for_actor(seat)))
            decisions += 1
            assert decisions < MAX_DECISIONS, f"seed {seed}: no end"
        check(playout.state)
        ledger.note(playout.state)
        assert ledger.prestige == playout.state["prestige"], f"seed {seed}: prestige {playout.state['prestige']}, " \
                                                             f"from the log {ledger.prestige}"
        if decisions % SCORED_EVERY == 0:
            check_scores(playout.state, ledger, seed)
    assert playout.finished and not playout.state["flow"] and playout.state["end"]
    check_scores(playout.state, ledger, seed)
    ledger.finished(playout.state)
    return playout.state


def check_scores(state: dict, ledger: PrestigeLedger, seed: int) -> None:
    engine = [score.breakdown for score in RULES.scores(state)]
    sheet = breakdowns(state, ledger)
    assert engine == sheet, f"seed {seed}: the engine scores {engine}, the second count {sheet}"


def run(games: int, first_seed: int = 0) -> dict[int, int]:
    rounds: dict[int, int] = {}
    for seed in range(first_seed, first_seed + games):
        options = {"pass_fee": "turn" if seed % 3 == 1 else "action"}
        state = play_checked(seed, options, rich=seed % 2 == 0)
        rounds[state["round"]] = rounds.get(state["round"], 0) + 1
    return rounds


def test_random_games_keep_the_invariants():
    rounds = run(40)
    assert sum(rounds.values()) == 40


@pytest.mark.slow
def test_random_games_by_the_hundred_keep_the_invariants():
    started = time.perf_counter()
    rounds = run(FUZZ_GAMES, first_seed=1000)
    assert sum(rounds.values()) == FUZZ_GAMES
    print(f"{FUZZ_GAMES} Polis games in {time.perf_counter() - started:.1f} s; games ending in each round: {rounds}")

"""Random complete games with the invariants checked after every action."""

import random

import pytest

from engine.core.bots import GreedyBot, RandomBot, play_out
from engine.core.match import Match
from tests.fuzz import FUZZ_GAMES

from .helpers import RULES
from .invariants import check
from .score_oracle import ScorePad

CHUNKS = 4
"""The games are split so that pytest-xdist can spread them over the cores."""
MAX_ACTIONS = 6000
NAMES = ["Ann gains Zeus", "Ann", "Bruno", "Cleo"]
"""Players' names, one worded like a log line: the log names a seat as data, never as words to read."""


def play_checked(seed: int, players: int, options: dict) -> Match:
    match = Match(RULES, NAMES[:players], options, seed)
    pick = random.Random(seed)
    check(match.state)
    pad = ScorePad(match.names)
    totals = [0] * players
    for step in range(MAX_ACTIONS):
        if step % 97 == 0:
            check_secrets(match)
        decision = match.decision
        if decision is None:
            pad.check_gods_held(match.state)
            return match
        pad.watch(match.state)
        seat = None
        if decision.is_chance:
            match.draw()
        else:
            seat = decision.actors[0]
            match.choose(seat, pick.choice(decision.choices[seat]).id)
        check(match.state)
        pad.note(match.state, seat)
        engine = [s.breakdown for s in match.scores()]
        assert engine == pad.sheets, f"seed {seed}, step {step}: the engine scores {engine}, the pad {pad.sheets}"
        now = [sum(p["vp"].values()) for p in match.state["players"]]
        assert all(a >= b for a, b in zip(now, totals)), "a score went down"
        totals = now
    raise AssertionError(f"seed {seed}: no end after {MAX_ACTIONS} actions")


def check_secrets(match: Match) -> None:
    """Each seat's view holds its own hand and demigod values and nobody else's."""
    state = match.state
    for viewer in range(state["n"]):
        view = RULES.view(state, viewer)
        assert view["hand"] == {k: n for k, n in state["players"][viewer]["hand"].items()}
        for seat, seen in enumerate(view["players"]):
            assert (seen["demigod_values"] is not None) == (seat == viewer)
            assert "hand" not in seen


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_by_the_hundred_keep_every_invariant(chunk):
    for seed in range(chunk, FUZZ_GAMES, CHUNKS):
        players = 2 + seed % 3
        options = {"bonus": "choose" if seed % 5 == 0 else "random"}
        match = play_checked(seed, players, options)
        assert match.finished and match.state["epoch"] == 6
        assert all(p["feet_on"] == [] for p in match.state["players"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_and_random_bots_finish(players):
    match = Match(RULES, NAMES[:players], {}, players)
    bots = {s: (GreedyBot(s) if s % 2 == 0 else RandomBot(s)) for s in range(players)}
    play_out(match, bots)
    assert match.finished and len(match.ranking()) >= 1

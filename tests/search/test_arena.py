"""Arena bookkeeping: rotations, shares of first place, intervals; and real toy matches."""

from __future__ import annotations

import pytest

from engine.search.arena import GameResult, arena, specs, tally, wilson


def test_every_deal_is_played_in_every_rotation_of_the_seats(toy_game):
    normal, greedy, random = "normal", "greedy", "random"
    games = specs(toy_game, [normal, greedy, random], 7, seed=10)
    assert [(g.seed, g.kinds) for g in games] == [
        (10, (normal, greedy, random)), (10, (greedy, random, normal)), (10, (random, normal, greedy)),
        (11, (normal, greedy, random)), (11, (greedy, random, normal)), (11, (random, normal, greedy)),
        (12, (normal, greedy, random)),
    ]


def test_a_shared_first_place_counts_as_a_share_and_margins_are_to_the_best_other():
    results = [
        GameResult(("normal", "greedy", "greedy"), (10, 7, 4), (0,), (("normal", 0.5), ("greedy", 0.01)), 9),
        GameResult(("greedy", "normal", "greedy"), (8, 8, 3), (0, 1), (("normal", 1.5),), 9),
    ]
    stats = tally(results)
    assert (stats["normal"].seats, stats["normal"].wins, stats["normal"].margins) == (2, 1.5, [3, 0])
    assert (stats["greedy"].seats, stats["greedy"].wins, stats["greedy"].margins) == (4, 0.5, [-3, -6, 0, -5])
    assert stats["normal"].rate == 0.75 and stats["normal"].think == [0.5, 1.5]


def test_the_95_percent_interval_is_wilsons():
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)
    assert wilson(0, 20)[0] == 0.0 and wilson(20, 20)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_toy_matches_are_reproducible_and_the_same_in_worker_processes(toy_game):
    here = arena(toy_game, ["normal", "random"], 4, seed=3, capped=False)
    there = arena(toy_game, ["normal", "random"], 4, seed=3, capped=False, jobs=2)
    for kind in ("normal", "random"):
        assert (here[kind].wins, here[kind].margins) == (there[kind].wins, there[kind].margins)
    assert here["normal"].seats == here["random"].seats == 4
    assert here["normal"].wins + here["random"].wins == 4
    assert len(here["normal"].think) > 4 and not here["random"].think == []


def test_searches_a_time_cap_ended_are_counted_per_kind(toy_game, monkeypatch):
    from engine.search import arena as arena_module
    from engine.search.profiles import LEVELS, Level

    monkeypatch.setitem(LEVELS, "normal", Level("normal", "Normal", iterations=10**7, cpu_cap=0.002, wall_cap=60.0))
    capped = arena_module.arena(toy_game, ["normal", "random"], 2, seed=3)
    assert capped["normal"].cut == len(capped["normal"].think) > 0 and capped["random"].cut == 0
    monkeypatch.setitem(LEVELS, "normal", Level("normal", "Normal", iterations=50, cpu_cap=0.002, wall_cap=60.0))
    assert arena_module.arena(toy_game, ["normal", "random"], 2, seed=3, capped=False)["normal"].cut == 0

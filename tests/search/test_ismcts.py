"""The search itself, on toy positions worked out by hand."""

from __future__ import annotations

import pytest

from engine.search import Limits, profile_for, search
from engine.search.ismcts import CHECK_EVERY, Walk
from engine.search.tree import Node, Stat

from .positions import one_card_from_the_goal, pledging


def searched(match, seat, limits, seed=1):
    return search(match.rules, match.state, seat, len(match.names), limits, seed, profile_for(match.rules.id))


def test_it_takes_the_winning_move_and_knows_it_wins(toy_game):
    result = searched(one_card_from_the_goal(), 0, Limits(300))
    best = result.candidates[0]
    assert best.choice == "play:2"
    assert best.value > 0.9
    assert [c.choice for c in result.candidates] == ["play:2", "draw"]
    assert result.candidates[1].value < 0.5 and result.candidates[0].visits > 10 * result.candidates[1].visits


def test_the_same_seed_and_budget_give_the_same_search(toy_game):
    match = one_card_from_the_goal()
    first, again = searched(match, 0, Limits(120), seed=7), searched(match, 0, Limits(120), seed=7)
    assert first == again.__class__(**{**again.__dict__, "cpu": first.cpu})
    assert first.deterministic and first.stopped in ("budget", "settled")


def test_every_seat_of_a_simultaneous_decision_decides_blind(toy_game):
    """At the pledges both seats decide at once, each from its own statistics at the node.
    Bea, who plays second, needs the bonus most: her search finds it clearly."""
    match = pledging()
    for seat in (0, 1):
        result = searched(match, seat, Limits(400))
        assert {c.choice for c in result.candidates} == {"pledge:high", "pledge:low"}
        assert all(c.visits > 0 for c in result.candidates)
    high, low = searched(match, 1, Limits(400)).candidates
    assert high.choice == "pledge:high" and high.value > low.value + 0.1


def test_a_single_legal_choice_is_taken_without_searching(toy_game):
    match = pledging()
    match.choose(0, "pledge:high")
    match.choose(1, "pledge:high")
    state = match.state
    state["hands"][0] = []
    state["deck"] = {"1": 0, "2": 0, "3": 0}
    state["peeked_this_turn"] = True
    match.state_edited()
    assert [c.id for c in match.legal(0)] == ["end"]
    result = searched(match, 0, Limits(100))
    assert (result.choice, result.iterations, result.stopped) == ("end", 0, "forced")


def test_a_search_stops_once_its_leader_cannot_be_caught(toy_game):
    result = searched(pledging(), 0, Limits(5000))
    assert result.stopped == "settled" and result.iterations < 5000
    top, second = result.candidates[:2]
    assert top.visits - second.visits > 5000 - result.iterations


def test_the_time_cap_and_a_stop_request_end_a_search_with_its_best_so_far(toy_game):
    match = one_card_from_the_goal()
    capped = searched(match, 0, Limits(10**7, cpu_cap=0.3))
    assert capped.stopped == "cap" and 0 < capped.iterations < 10**7 and not capped.deterministic
    assert capped.cpu >= 0.3
    asked = searched(match, 0, Limits(10**7, stop=lambda: True))
    assert asked.stopped == "asked" and asked.iterations == CHECK_EVERY
    assert asked.choice in {c.id for c in match.legal(0)}


def test_progress_reports_the_best_so_far_while_it_thinks(toy_game):
    reports = []
    result = searched(one_card_from_the_goal(), 0, Limits(10**7, cpu_cap=0.5, progress=reports.append,
                                                           progress_every=0.05))
    assert len(reports) >= 3
    assert all(report.stopped == "thinking" for report in reports)
    counts = [report.iterations for report in reports]
    assert counts == sorted(counts) and counts[-1] <= result.iterations
    assert reports[-1].candidates[0].choice == "play:2"


def tried(visits: int, mean: float) -> Stat:
    stat = Stat()
    for _ in range(visits):
        stat.add(mean)
    return stat


def test_a_step_its_seat_follows_with_another_is_worth_its_best_tried_next_step():
    # Seat 0 took an action of two steps: its second step has been tried 5 times at 0.8 (the
    # best) and 3 times at 0.2. A walk tries the poor one again, and seat 1 replies after it.
    root = Node()
    action = root.stats[(0, "act")] = tried(10, 0.5)
    steps = root.child((0, "act"))
    best = steps.stats[(0, "good")] = tried(5, 0.8)
    poor = steps.stats[(0, "poor")] = tried(3, 0.2)
    after_poor = steps.child((0, "poor"))
    reply = after_poor.stats[(1, "reply")] = tried(2, 0.6)
    path = [(0, action, steps), (0, poor, after_poor), (1, reply, after_poor.child((1, "reply")))]
    Walk._back_up_own_steps(path, [0.2, 0.8])
    # The poor step and the other seat's reply take the walk's values; the action takes the
    # best-tried step's worth, not the poor step's 0.2 (seat 0 will not pick it).
    assert (poor.visits, poor.mean) == (4, 0.2)
    assert reply.visits == 3 and reply.total == pytest.approx(2 * 0.6 + 0.8)
    assert action.visits == 11 and action.total == pytest.approx(10 * 0.5 + 0.8)
    assert best.visits == 5

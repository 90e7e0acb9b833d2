"""Final scoring from a game's state: the rulebook's example, sets, leftovers, unfulfilled
contracts, the floor at 0, and the council's last move."""

import itertools
import random

from engine.thebai.final import final_scores
from engine.thebai.scoring import FinalEntry, final_score, set_points

from .helpers import RULES, choose, clear_city, ids, inject, new_match, put_die
from .score_oracle import CONTRACT_SUIT, SUITS, best_sets, different_suits, same_suit

GREEN, BLUE, PEACH, RED = 0, 1, 2, 3


def rulebook_final_position():
    match = new_match()
    clear_city(match)
    state = match.state
    estate = state["estate"][BLUE]
    estate[0][:] = ["blue-8", "neutral-1"]  # 2 top-row tiles removed, columns 2 and 3 empty
    estate[1][:] = ["blue-9", "neutral-2"]
    estate[2][:] = ["neutral-3"]
    state["council"] = {"c-1": [BLUE, "die", 5], "tr-1": [BLUE, "die", 5]}
    state["collapse"] = ["bl-1"]
    state["councillor_tiles"] = {"bl-1": [BLUE]}
    state["track"]["dionysus"][BLUE] = 9
    put_die(match, "h4.2", BLUE, "c", 4)  # power 3
    put_die(match, "h5.2", BLUE, "h", 2)  # power 2
    state["done"][BLUE] = ["b1", "b2", "b3", "g1", "g2", "w1", "k1"]
    state["gates_won"][BLUE] = ["proetid"]
    state["res"][BLUE] = {"grape": 1, "pottery": 1, "bronze": 0, "drachma": 1}
    state["hand"][BLUE], state["known"][BLUE] = [], []
    state["vp"][BLUE] = 50
    return match


def test_rulebook_final_scoring_example():
    match = rulebook_final_position()
    result = final_scores(match.state)[BLUE]
    breakdown = result.score.breakdown
    assert breakdown["Council"] == 6 + 9 + 8  # top row 2 x 3, Dionysus 9, empty columns 2 x 4
    assert breakdown["City dice"] == 5
    assert breakdown["Estate"] == 9
    assert breakdown["Goods+drachma"] == 1
    assert breakdown["Unfulfilled"] == 0
    # The example's player gives the gate tile to the blue suit: 16 + 4 + 1 + 1 and 7 for four blue.
    assert sum(set_points([4, 2, 1, 1])) == 16 + 4 + 1 + 1 + 7
    # The program gives it where it scores most (the player's free choice): gold, 30.
    assert result.gate_suits == (0, 1, 0, 0)
    assert breakdown["Different suits"] + breakdown["Same suit"] == 30
    assert result.score.total == 50 + 23 + 5 + 9 + 30 + 1


def test_unfulfilled_contracts_cost_3_each_and_the_total_never_drops_below_0():
    match = new_match()
    state = match.state
    state["vp"][GREEN] = 1
    state["hand"][GREEN] = ["b1", "b2"]
    state["res"][GREEN] = {"grape": 0, "pottery": 0, "bronze": 0, "drachma": 0}
    state["city"]["dice"] = {}
    score = final_scores(state)[GREEN].score
    assert score.breakdown["Unfulfilled"] == -6 and score.total == 0


def test_the_council_moves_once_more_before_the_final_scoring():
    match = new_match()
    state = match.state
    state["round"] = 10
    state["passage"] = [[RED, 5], None, None, None]
    state["collapse"] = []
    inject(match, {"step": "round_end"})
    assert match.awaiting() == (RED,) and ids(match)[0].startswith("at:")
    choose(match, "at:bl-3")  # 2 VP per citizen die on the council (3-4 player side)
    assert not state["flow"] and match.finished and RULES.view(state, None)["phase"] == "over"
    assert final_scores(state)[RED].score.breakdown["Council"] == 2


def test_set_points_are_the_best_split_found_by_trying_every_one():
    """Random games seldom collect 5 of a suit: the sheet's arithmetic is held to the second
    count's exhaustive search (tests/thebai/score_oracle.py) on every hand of up to 7 per suit,
    and its choice of suits for the gate tiles on a sample."""
    for counts in itertools.product(range(8), repeat=4):
        assert set_points(counts) == (different_suits(counts), sum(map(same_suit, counts))), counts
    one_of = {suit: next(c for c, s in CONTRACT_SUIT.items() if s == suit) for suit in SUITS}
    pick = random.Random(1)
    for _ in range(40):
        counts, gates = tuple(pick.randrange(6) for _ in SUITS), pick.randrange(1, 6)
        sheet = final_score(0, FinalEntry(contracts=counts, gates=gates)).score.breakdown
        contracts = [one_of[suit] for suit, n in zip(SUITS, counts) for _ in range(n)]
        assert (sheet["Different suits"], sheet["Same suit"]) in best_sets(contracts, gates), (counts, gates)

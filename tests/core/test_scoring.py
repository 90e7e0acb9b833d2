from engine.core import Score
from engine.core.scoring import rank_points, ranking, winners


def test_ranking_shares_places_and_skips_after_a_tie():
    scores = [Score(0, {"x": 5}), Score(1, {"x": 9}), Score(2, {"x": 5}), Score(3, {"x": 1})]
    assert ranking(scores) == [(1, [1]), (2, [0, 2]), (4, [3])]


def test_tiebreak_separates_equal_totals():
    scores = [Score(0, {"x": 5}), Score(1, {"x": 5})]
    demigods = {0: 1, 1: 3}
    assert ranking(scores, lambda seat: (demigods[seat],)) == [(1, [1]), (2, [0])]
    assert winners(scores) == [0, 1]


def test_rank_points_ties_get_their_place_and_zero_scores_nothing():
    # 4 players: 5, 5, 2, 0 rubies with 12/8/4/2/0
    assert rank_points([5, 5, 2, 0], [12, 8, 4, 2, 0]) == [12, 12, 4, 0]
    assert rank_points([3, 1], [10, 4]) == [10, 4]
    assert rank_points([2, 2], [10, 4]) == [10, 10]

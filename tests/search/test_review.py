"""The post-game review (engine/search/review.py) on a toy game worked out by hand."""

from __future__ import annotations

import json

import pytest

from engine.core.match import Match
from engine.search.review import FOLLOW_SHARE, Decision, Review, decisions, review, reviewed, search_decision

from .review_games import NAMES, OPTIONS, SEED, blundered_game


def reviewed_game(seats=(0,)) -> Review:
    match = blundered_game()
    found = review(match.rules, NAMES, OPTIONS, SEED, match.actions,
                   lambda decision: search_decision(decision, "normal"), seats=list(seats))
    assert found is not None
    return found


@pytest.fixture(scope="module")
def ann_review():
    from engine import registry
    from tests import toygame

    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(registry.GAMES, toygame.GAME_ID, toygame.ENTRY)
        yield reviewed_game()


def test_the_blunder_is_the_largest_drop_and_the_winning_move_is_named(ann_review):
    drops = ann_review.largest_drops(0)
    worst = drops[0]
    assert (worst.played.choice, worst.best.choice) == ("draw", "play:2")
    assert (worst.played.label, worst.best.label) == ("Draw a card", "Play a 2")
    assert worst.best.win > 0.9 and worst.played.win < 0.1 and worst.drop > 0.8
    assert all(move.drop < 0.5 for move in drops[1:])
    assert {move.seat for move in ann_review.moves} == {0} and ann_review.seats == (0,)


def test_the_move_played_is_tried_in_its_share_of_the_worlds(ann_review):
    worst = ann_review.largest_drops(0)[0]
    assert worst.played.visits >= FOLLOW_SHARE * worst.worlds - 1
    assert worst.alternatives[0] == worst.best and "draw" in [each.choice for each in worst.alternatives]


def test_a_seat_s_review_is_the_same_whatever_it_could_not_see(toy_game):
    """Each decision of Ann's searched from the real state and from one that differs only in
    what Ann could not see (Bea's hand and the deck, sampled anew): the same reviewed move."""
    match = blundered_game()
    differed = 0
    for decision in decisions(match.rules, NAMES, OPTIONS, SEED, match.actions, [0]):
        state = decision.match.state
        twin = match.rules.determinize(state, 0, "other worlds")
        differed += twin["hands"][1] != state["hands"][1]
        unseen = Decision(Match.at(match.rules, NAMES, OPTIONS, SEED, twin, decision.match.actions), decision.seat,
                          decision.action, decision.position, decision.played)
        assert reviewed(unseen, search_decision(unseen, "normal")) == reviewed(decision,
                                                                               search_decision(decision, "normal"))
    assert differed


def test_a_review_is_kept_as_json_and_read_back_the_same(ann_review):
    assert Review.from_json(json.loads(json.dumps(ann_review.to_json()))) == ann_review


def changed(data, path, value):
    data = json.loads(json.dumps(data))
    *route, last = path
    place = data
    for key in route:
        place = place[key]
    if value is KeyError:
        del place[last]
    else:
        place[last] = value
    return data


DEEP: dict = {"say": "{x}", "args": {"x": []}}
for _ in range(10):
    DEEP["args"]["x"] = [DEEP["args"]["x"]]

HOSTILE = {
    "not a review": (("kind",), "tabula-save"),
    "a later format": (("format",), 2),
    "an unknown level": (("level",), "grandmaster"),
    "actions as text": (("actions",), "3"),
    "a seat beyond the letters": (("seats",), [0, 9]),
    "seats out of order": (("seats",), [1, 0]),
    "moves not a list": (("moves",), {"0": 1}),
    "a win above 1": (("moves", 0, "played", "win"), 1.5),
    "a win below 0": (("moves", 0, "best", "win"), -0.1),
    "a win as text": (("moves", 0, "played", "win"), "0.5"),
    "a win that is not a number": (("moves", 0, "played", "win"), float("nan")),
    "a win as true": (("moves", 0, "played", "win"), True),
    "negative visits": (("moves", 0, "played", "visits"), -1),
    "a missing field": (("moves", 0, "worlds"), KeyError),
    "a field too many": (("moves", 0, "extra"), 1),
    "a move of a seat not reviewed": (("moves", 0, "seat"), 1),
    "a move past the game's end": (("moves", 0, "action"), 10**6),
    "no alternatives": (("moves", 0, "alternatives"), []),
    "a huge label": (("moves", 0, "played", "label"), "x" * 5000),
    "a template without its argument": (("moves", 0, "played", "label"), {"say": "Play a {value}", "args": {}}),
    "a template that cannot be read": (("moves", 0, "played", "label"), {"say": "Play a {", "args": {}}),
    "arguments nested too deep": (("moves", 0, "played", "label"), DEEP),
}


@pytest.mark.parametrize("path, value", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_review_file_is_refused_with_its_reason(ann_review, path, value):
    with pytest.raises(ValueError) as refused:
        Review.from_json(changed(ann_review.to_json(), path, value))
    assert str(refused.value)


def test_a_review_of_moves_out_of_order_is_refused(ann_review):
    data = ann_review.to_json()
    data["moves"] = data["moves"][::-1]
    with pytest.raises(ValueError, match="in order"):
        Review.from_json(data)

"""Toy positions for the search tests, worked out by hand."""

from __future__ import annotations

from engine.core.match import Match
from engine.registry import rules_for
from tests.toygame import GAME_ID


def pledging(seed: int = 3) -> Match:
    """Both seats hold two cards and pledge at once (high is worth the bonus, low nothing)."""
    match = Match(rules_for(GAME_ID), ["Ann", "Bea"], {"bonus": 2}, seed)
    match.draw_all()
    assert match.awaiting() == (0, 1)
    return match


def one_card_from_the_goal(seed: int = 3) -> Match:
    """Ann's turn (she has peeked), 4 points played of the 6 to win, holding a 2: playing it
    wins at once; drawing ends her turn and Bea (5 points, holding a 1) wins on hers."""
    match = pledging(seed)
    match.choose(0, "pledge:low")
    match.choose(1, "pledge:low")
    state = match.state
    state["hands"] = [[2], [1]]
    state["peeked_this_turn"] = True
    state["played"] = [4, 5]
    state["deck"] = {"1": 2, "2": 3, "3": 4}
    match.state_edited()
    assert match.awaiting() == (0,)
    return match

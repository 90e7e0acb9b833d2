"""A short toy game with a blunder in it, played by hand for the review tests."""

from __future__ import annotations

from engine.core.match import Match
from engine.registry import rules_for
from tests.toygame import GAME_ID

NAMES = ["Ann", "Bea"]
OPTIONS = {"bonus": 1, "goal": 6}
SEED = 18
PLAYED = ((0, "play:3"), (0, "play:1"), (0, "end"), (1, "play:3"), (1, "play:2"), (1, "end"), (0, "draw"), (1, "draw"),
          (0, "draw"), (1, "play:3"))
"""The seat choices after the pledges: Ann's last draw is the blunder."""


def blundered_game() -> Match:
    """Ann is dealt a 3 and a 1, Bea a 2 and a 3; both pledge low (6 points win). Ann plays
    both (4 points), Bea both (5). Ann draws a 2, Bea a 3. Ann then draws again where playing
    her 2 would have won at once; Bea, with 5 points and a card in hand, wins on her turn
    whatever the card, as Ann could see."""
    match = Match(rules_for(GAME_ID), NAMES, OPTIONS, SEED)
    match.draw_all()
    assert match.state["hands"] == [[3, 1], [2, 3]]
    match.choose(0, "pledge:low")
    match.choose(1, "pledge:low")
    for index, (seat, choice) in enumerate(PLAYED):
        match.draw_all()
        if index == len(PLAYED) - 2:
            assert match.state["hands"] == [[2], [3]] and match.state["played"] == [4, 5]
        match.choose(seat, choice)
    assert match.finished and [score.total for score in match.rules.scores(match.state)] == [4, 8]
    return match

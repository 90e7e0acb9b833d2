"""A turn end the player confirms (Board Game Arena's "confirm your turn"): the move that ends
what its seat may undo waits, the seat sees it and confirms or undoes it; nobody else acts and
nothing is drawn meanwhile; the wait is saved, so every terminal and a resumed game wait too."""

from __future__ import annotations

import pytest

from engine.core.contract import CHANCE, IllegalChoice
from engine.core.match import Match
from tests.toygame import ToyRules

NAMES = ["Ann", "Bob"]


def at_anns_turn(seed=5):
    match = Match(ToyRules(), NAMES, {}, seed)
    match.draw_all()
    match.choose(0, "pledge:low", hold=True)  # a simultaneous step: never held
    match.choose(1, "pledge:high", hold=True)
    assert match.held is None and match.awaiting() == (0,)
    return match


def test_a_step_within_the_turn_is_not_held_the_turn_end_is():
    match = at_anns_turn()
    play = next(c.id for c in match.legal(0) if c.id.startswith("play:"))
    match.choose(0, play, hold=True)
    assert match.held is None and match.awaiting() == (0,)  # Ann still plays: undo is still hers
    match.choose(0, "end", hold=True)
    assert match.held == 0 and match.awaiting() == (0,) and match.actions[-1].held
    view = match.view(0)
    assert view["prompt"] == "End of turn: confirm it, or undo it" and view["choices"] == [] and view["awaiting"] == [0]
    assert match.view(1)["choices"] == []  # Bob's turn has not come yet
    with pytest.raises(IllegalChoice, match="waiting for Ann to confirm"):
        match.choose(1, match.legal(1)[0].id)
    assert match.can_undo(0) and not match.can_undo(1)
    match.undo(0)
    assert match.held is None and "end" in {c.id for c in match.legal(0)}
    match.choose(0, "end", hold=True)
    match.confirm(0)
    assert match.held is None and match.awaiting() == (1,) and not match.can_undo(0)


def test_nothing_is_drawn_before_the_turn_end_is_confirmed():
    match = at_anns_turn()
    match.choose(0, "draw", hold=True)  # the card drawn is the next (chance) step
    assert match.held == 0 and match.decision.is_chance
    match.draw_all()
    assert match.actions[-1].choice == "draw"  # nothing drawn while Ann may still undo
    with pytest.raises(IllegalChoice, match="confirm"):
        match.draw()
    match.confirm(0)
    match.draw_all()
    assert match.actions[-1].actor == CHANCE and match.awaiting() == (1,)


def test_a_choice_that_reveals_or_is_made_without_hold_never_waits():
    match = at_anns_turn()
    match.choose(0, "peek", hold=True)
    assert match.held is None
    match.choose(0, "draw")
    assert match.held is None and match.decision.is_chance
    with pytest.raises(IllegalChoice, match="no turn end to confirm"):
        match.confirm(0)


def test_a_held_end_of_the_game_is_not_over_until_confirmed():
    match = Match(ToyRules(), NAMES, {"goal": 6}, 3)
    match.draw_all()
    match.choose(0, "pledge:high")
    match.choose(1, "pledge:high")
    while not match.finished:
        seat = match.awaiting()[0]
        choice = next((c.id for c in match.legal(seat) if c.id.startswith("play:")), match.legal(seat)[0].id)
        match.choose(seat, choice, hold=True)
        if match.held is not None:
            if match.decision is None:
                break
            match.confirm(seat)
        match.draw_all()
    assert match.decision is None and match.held is not None and not match.finished
    match.confirm(match.held)
    assert match.finished


def test_undo_says_why_it_cannot():
    match = Match(ToyRules(), NAMES, {}, 5)
    match.draw_all()
    assert match.why_no_undo(0) == "You have made no move to take back yet."
    match.choose(0, "pledge:low")
    match.choose(1, "pledge:low")
    assert "Bob has moved since your last move" in match.why_no_undo(0)
    match.choose(0, "peek")
    assert "showed you something hidden" in match.why_no_undo(0)
    match.choose(0, "draw")
    match.draw_all()
    assert "Something was drawn after your last move" in match.why_no_undo(0)
    play = next(c.id for c in match.legal(1) if c.id.startswith("play:"))
    match.choose(1, play)
    assert match.why_no_undo(1) == ""
    match.choose(1, "end")
    assert "Your turn has passed on" in match.why_no_undo(1)
    with pytest.raises(IllegalChoice, match="Bob cannot undo now: Your turn has passed on"):
        match.undo(1)

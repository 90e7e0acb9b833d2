"""The hint: the search's three best choices for the seat to move, labelled as that seat sees
them, with win chances, and the same whatever the seat cannot see."""

from __future__ import annotations

from engine.search import LEVELS, think
from engine.search.hint import hint_from

from .positions import pledging


def hint_for(match, seat, seed="hint"):
    return hint_from(think(match, seat, LEVELS["normal"], seed, capped=False), match.labelled(seat), len(match.actions))


def ann_to_move():
    """After the pledges Ann may play her 3, draw or peek."""
    match = pledging()
    match.choose(0, "pledge:low")
    match.choose(1, "pledge:high")
    assert [c.id for c in match.legal(0)] == ["play:3", "draw", "peek"]
    return match


def test_the_best_choice_then_two_runners_up_with_win_chances(toy_game):
    match = ann_to_move()
    hint = hint_for(match, 0)
    assert [s.choice for s in hint.suggestions] == ["play:3", "peek", "draw"]
    assert [s.label for s in hint.suggestions] == ["Play a 3", "Peek at the next hand", "Draw a card"]
    assert hint.suggestions[0].visits > hint.suggestions[1].visits >= hint.suggestions[2].visits
    assert all(0 <= s.win <= 1 for s in hint.suggestions) and hint.suggestions[0].win > 0.5
    assert hint.seat == 0 and hint.position == len(match.actions) and not hint.forced


def test_the_hint_is_the_same_whatever_the_seat_cannot_see(toy_game):
    match, twin = ann_to_move(), ann_to_move()
    twin.state["hands"][1] = [1, 1]
    twin.state["deck"] = {"1": 2, "2": 4, "3": 2}
    twin.state["rng"] += 12345
    twin.state_edited()
    assert hint_for(match, 0) == hint_for(twin, 0)
    assert match.view(1) != twin.view(1)  # Bea would see the difference


"""Replays: every position of a saved game, stepped both ways, as each view saw it then."""

from __future__ import annotations

import pytest

from engine.core.bots import RandomBot
from engine.core.contract import CHANCE
from engine.core.match import Match
from engine.core.replay import CHECKPOINT, Replay
from engine.i18n import language
from engine.registry import rules_for
from tests.toygame import ToyRules

NAMES = ["Ann", "Bob", "Cy"]


def shown(view):
    """A view without its new-lines mark: live, the lines since the viewer's own last move;
    in a replay, those the last move wrote."""
    return {key: value for key, value in view.items() if key != "log_new"}


def played(rules, names, seed, moves=None, options=None):
    """A game played by random bots (to its end, or ``moves`` seat moves), with every seat's and
    the spectator's view recorded after each move, as the players saw them."""
    match = Match(rules, names, options or {}, seed)
    match.draw_all()
    seen = [{viewer: match.view(viewer, choices=False) for viewer in (None, *range(len(names)))}]
    bots = [RandomBot(f"{seed}:{seat}") for seat in range(len(names))]
    while not match.finished and (moves is None or len(seen) <= moves):
        seat = match.awaiting()[0]
        match.choose(seat, bots[seat].choose(match, seat).id)
        match.draw_all()
        seen.append({viewer: match.view(viewer, choices=False) for viewer in (None, *range(len(names)))})
    return match, seen


def test_a_replay_steps_both_ways_showing_each_view_as_it_was_seen():
    rules = ToyRules()
    match, seen = played(rules, NAMES, seed=11, moves=3 * CHECKPOINT, options={"goal": 0})
    replay = Replay(rules, NAMES, match.options, 11, match.actions)
    assert replay.last == len(seen) - 1 == 3 * CHECKPOINT and not replay.finished
    order = [*range(replay.last + 1), *reversed(range(replay.last + 1)), 0, replay.last, 5, CHECKPOINT + 3, 2]
    for position in order:
        for viewer, view in seen[position].items():
            assert shown(replay.view(position, viewer)) == shown(view), (position, viewer)
        assert replay.view(position, None)["log_new"] == seen[position][None]["log_new"]  # the last move's lines


def test_no_view_of_a_replay_shows_another_seats_hand():
    rules = ToyRules()
    match, _ = played(rules, NAMES, seed=4)
    replay = Replay(rules, NAMES, match.options, 4, match.actions)
    assert replay.finished and replay.last > 10
    peeks = 0
    for position in reversed(range(replay.last + 1)):
        hands = replay.match_at(position).state["hands"]
        for viewer in (None, 0, 1, 2):
            view = replay.view(position, viewer)
            assert view["hand"] == (hands[viewer] if viewer is not None else None)
            assert view["hand_sizes"] == [len(hand) for hand in hands]
            for line in view["log"]:
                name, _, rest = line.partition(" ")
                if rest.startswith(("gets a ", "sees ")) and not rest.endswith("a card"):
                    assert name == NAMES[viewer], (position, viewer, line)
                peeks += rest.startswith("peeks at")
    assert peeks


def test_moves_are_seat_choices_with_the_draws_that_followed_them():
    rules = ToyRules()
    match, seen = played(rules, NAMES, seed=2, moves=6)
    replay = Replay(rules, NAMES, match.options, 2, match.actions)
    assert [move.position for move in replay.moves] == list(range(1, 7))
    assert all(move.seat != CHANCE for move in replay.moves)
    assert replay.moves[-1].actions == len(match.actions)
    assert replay.view(0, 0)["log"][-2:] == seen[0][0]["log"][-2:]  # the setup deal is position 0
    for position in range(1, 7):
        before, after = seen[position - 1][1]["log"], seen[position][1]["log"]
        assert replay.new_lines(position, 1) == len(after) - len(before)


def test_chapters_are_where_the_rules_chapter_changes():
    rules = rules_for("almadi")
    match, _ = played(rules, NAMES, seed=3, moves=40)
    replay = Replay(rules, NAMES, match.options, 3, match.actions)
    titles = [replay.chapter_title(chapter.position) for chapter in replay.chapters]
    assert titles[:3] == ["round 1 of 16", "round 2 of 16", "round 3 of 16"]
    assert replay.chapter_title(replay.chapters[2].position, language("ja")) == "ラウンド3/16"
    for chapter in replay.chapters[1:]:
        state = replay.match_at(chapter.position).state
        before = replay.match_at(chapter.position - 1).state
        assert rules.chapter(state) == chapter.title != rules.chapter(before)
        assert replay.chapter_of(chapter.position) == chapter
    assert replay.chapter_of(replay.last) == replay.chapters[-1]


def test_a_position_outside_the_game_is_refused():
    rules = ToyRules()
    match, _ = played(rules, NAMES[:2], seed=1, moves=3)
    replay = Replay(rules, NAMES[:2], match.options, 1, match.actions)
    with pytest.raises(IndexError):
        replay.view(replay.last + 1, None)

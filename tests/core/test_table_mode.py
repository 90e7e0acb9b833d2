"""Table mode: people play with the physical game and say what was drawn at every chance step.

Run over every registered game: each chance step waits for the table and offers exactly the
outcomes still possible, the game finishes, it saves, resumes and replays the same, and undo
takes back a mistyped draw."""

from __future__ import annotations

import json
import random

import pytest

from engine.core.bots import RandomBot
from engine.core.contract import CHANCE, TABLE, IllegalChoice
from engine.core.match import Match
from engine.registry import GAMES, rules_for
from saves.session import GameSession
from saves.store import SaveStore, Seat

GAME_IDS = sorted(GAMES)


def names_for(rules) -> list[str]:
    return ["Ann", "Bruno", "Chloe", "Dara", "Emil"][:max(rules.min_players, min(3, rules.max_players))]


def same(a, b) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def play_at_the_table(rules, seed: int, limit: int = 20_000):
    """Play a table-mode match to its end: random seats, random possible draws. Returns the match
    and how many chance steps the table answered."""
    match = Match(rules, names_for(rules), {TABLE: True}, seed)
    chooser, bots, answered = random.Random(seed), {}, 0
    for _ in range(limit):
        decision = match.decision
        if decision is None:
            return match, answered
        if decision.is_chance:
            with pytest.raises(IllegalChoice):
                match.draw()  # the app never draws in table mode
            possible = match.possible_outcomes()
            offered = match.view(0)["choices"]
            assert [c.id for c in offered] == [c.id for c in possible]
            assert possible and all(c.weight > 0 for c in possible)
            assert [c.id for c in possible] == [c.id for c in decision.for_actor(CHANCE) if c.weight > 0]
            assert all(c.label for c in offered)
            assert match.view(0)["prompt"].startswith("What was drawn?")
            seat = chooser.randrange(len(match.names))  # whoever is at the keyboard answers
            match.choose(seat, chooser.choice(possible).id)
            answered += 1
            continue
        seat = decision.actors[0]
        bot = bots.setdefault(seat, RandomBot(f"{seed}:{seat}"))
        match.choose(seat, bot.choose(match, seat).id)
    raise AssertionError(f"{rules.title}: not over after {limit} decisions")


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_game_with_chance_offers_table_mode(game):
    rules = rules_for(game)
    assert rules.has_chance and TABLE in [option.key for option in rules.offered_options()]
    assert TABLE not in rules.check_options({}) and rules.check_options({TABLE: True})[TABLE] is True


@pytest.mark.parametrize("game", GAME_IDS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_chance_step_asks_the_table_and_the_game_finishes_and_replays(game, seed):
    rules = rules_for(game)
    match, answered = play_at_the_table(rules, seed)
    assert answered > 0
    assert all(not action.drawn for action in match.actions)
    assert sum(1 for action in match.actions if action.actor == CHANCE) == answered
    replayed = Match.replay(rules, match.names, match.options, match.seed, match.actions)
    assert same(replayed.state, match.state) and replayed.finished


@pytest.mark.parametrize("game", GAME_IDS)
def test_an_outcome_that_cannot_happen_is_refused(game):
    rules = rules_for(game)
    match = Match(rules, names_for(rules), {TABLE: True}, 5)
    while not match.asks_table():
        seat = match.decision.actors[0]
        match.choose(seat, RandomBot(5).choose(match, seat).id)
    impossible = [c.id for c in match.decision.for_actor(CHANCE) if c.weight <= 0] + ["no-such-outcome"]
    before = json.dumps(match.state, sort_keys=True)
    for outcome in impossible:
        with pytest.raises(IllegalChoice):
            match.choose(0, outcome)
    assert json.dumps(match.state, sort_keys=True) == before


@pytest.mark.parametrize("game", GAME_IDS)
def test_saved_resumed_and_undone_like_any_game(tmp_path, game):
    rules = rules_for(game)
    store = SaveStore(tmp_path)
    seats = [Seat(name, "human") for name in names_for(rules)]
    session = GameSession.new(store, game, "At the table", seats, {TABLE: True}, 11)
    assert session.match.asks_table() or not any(a.drawn for a in session.match.actions)
    chooser = random.Random(11)
    answered = 0
    for _ in range(60):
        match = session.match
        if match.finished:
            break
        if match.asks_table():
            outcome = chooser.choice(match.possible_outcomes()).id
            session.act(0, outcome)
            answered += 1
            # a mistyped draw is taken back by anyone at the table, and typed again
            assert match.can_undo(len(match.names) - 1)
            session.undo(len(match.names) - 1)
            assert session.match.asks_table()
            session.act(0, outcome)
            continue
        seat = match.awaiting()[0]
        session.act(seat, RandomBot(f"11:{len(match.actions)}").choose(match, seat).id)
    assert answered > 0
    assert not any(action.get("d") for action in store.load(session.record.id).actions)
    resumed = GameSession.resume(store, session.record.id)
    assert resumed.match.table_mode and same(resumed.match.state, session.match.state)
    assert len(resumed.match.actions) == len(session.match.actions)  # resuming drew nothing


def test_without_table_mode_nothing_changes():
    rules = rules_for(GAME_IDS[0])
    match = Match(rules, names_for(rules), {}, 3)
    match.draw_all()
    assert not match.table_mode and not match.asks_table()
    assert all(action.drawn for action in match.actions if action.actor == CHANCE)


def test_table_mode_without_a_human_seat_is_refused(tmp_path):
    """Bots cannot say what the table drew: such a game would wait forever, so it is not created."""
    store = SaveStore(tmp_path)
    seats = [Seat("Bot A", "greedy"), Seat("Bot B", "random")]
    with pytest.raises(ValueError, match="Table mode needs a human seat"):
        GameSession.new(store, "almadi", "Bots only", seats, {TABLE: True}, 5)
    assert store.summaries() == []
    GameSession.new(store, "almadi", "Bots only", seats, {TABLE: False}, 5)

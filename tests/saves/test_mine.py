"""Whose move it is, kept in each save's header, and a player's games waiting for them
(saves/mine.py), without replaying a game."""

import json
import time

from saves.mine import my_games, owned_seats, waiting_for
from saves.seats import SeatLeases
from saves.session import GameSession
from saves.store import Seat


def two_humans(store, toy_game, title):
    return GameSession.new(store, toy_game, title, [Seat("Ann", "human"), Seat("Bob", "human")], {"goal": 6}, seed=3)


def test_the_summary_says_whose_move_it_is_after_each_move(store, toy_game):
    session = two_humans(store, toy_game, "pledges")
    [summary] = store.summaries()
    assert summary.to_move == [0, 1]  # both pledge at once
    session.act(0, "pledge:high")
    [summary] = store.summaries()
    assert summary.to_move == [1] == list(session.match.awaiting())
    assert summary.updated == store.load(session.record.id).updated


def test_a_save_from_before_to_move_is_read_and_gets_it_at_its_next_move(store, toy_game):
    session = two_humans(store, toy_game, "old")
    path = store.path_of(session.record.id)
    document = json.loads(path.read_text())
    del document["save"]["1"]["to_move"]
    path.write_text(json.dumps(document, separators=(",", ":")))
    assert store.summaries()[0].to_move is None
    session.act(0, "pledge:low")
    assert store.summaries()[0].to_move == [1]
    assert path.read_text().endswith("]}}}")  # the action log stays last: the header alone is read


def test_locally_every_human_seat_is_mine_and_the_longest_waiting_comes_first(store, toy_game):
    first = two_humans(store, toy_game, "first")
    time.sleep(0.01)
    two_humans(store, toy_game, "second")
    GameSession.new(store, toy_game, "bots", [Seat("R", "random"), Seat("G", "greedy")], {"goal": 6}, seed=3)
    time.sleep(0.01)
    first.act(0, "pledge:high")  # still waits for Bob, mine too, but now since later
    games = my_games(store.summaries(), store.data_dir, None)
    assert [game.summary.title for game in games] == ["second", "first"]
    assert [game.seats for game in games] == [(0, 1), (0, 1)]
    assert [game.summary.title for game in waiting_for(store.summaries(), store.data_dir, None)] == ["second", "first"]


def test_over_ssh_a_players_games_are_those_their_key_owns_a_seat_of(store, toy_game):
    ann_game = two_humans(store, toy_game, "ann's")
    bob_only = two_humans(store, toy_game, "bob's")
    SeatLeases(store.data_dir, ann_game.record.id).acquire(0, "t1", identity="SHA256:ann")
    SeatLeases(store.data_dir, ann_game.record.id).acquire(1, "t2", identity="SHA256:bob")
    SeatLeases(store.data_dir, bob_only.record.id).acquire(1, "t3", identity="SHA256:bob")
    assert owned_seats(store.data_dir, "SHA256:ann") == {ann_game.record.id: [0]}
    assert owned_seats(store.data_dir, "") == {}
    ann_game.act(0, "pledge:high")
    assert waiting_for(store.summaries(), store.data_dir, "SHA256:ann") == []
    mine = my_games(store.summaries(), store.data_dir, "SHA256:ann")
    assert [(game.summary.title, game.seats, game.my_move) for game in mine] == [("ann's", (0,), False)]
    bobs = waiting_for(store.summaries(), store.data_dir, "SHA256:bob")
    assert [(game.summary.title, game.seats) for game in bobs] == [("bob's", (1,)), ("ann's", (1,))]

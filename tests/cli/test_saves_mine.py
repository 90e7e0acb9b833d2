"""`tabula saves list --json` (the seats to move and since when) and `--mine KEY` (a player's
games, the longest waiting for them first)."""

import json
import time

from saves.seats import SeatLeases
from saves.session import GameSession
from saves.store import SaveStore, Seat
from tests.cli.test_cli import run


def two_humans(store, toy_game, title):
    return GameSession.new(store, toy_game, title, [Seat("Ann", "human"), Seat("Bob", "human")], {"goal": 6}, seed=3)


def test_json_gives_the_seats_to_move_and_since_when(capsys, data_dir, toy_game):
    store = SaveStore(data_dir)
    game = two_humans(store, toy_game, "[bold]Lunch[/] \x1b[31m")
    game.act(0, "pledge:high")
    status, out, _ = run(capsys, "saves", "list", "--json")
    assert status == 0 and "\x1b" not in out
    [listed] = json.loads(out)
    assert listed["title"] == "[bold]Lunch[/] \x1b[31m"
    assert listed["to_move"] == [{"seat": "B", "name": "Bob"}]
    assert listed["since"] == store.load(game.record.id).updated


def test_mine_lists_the_games_a_key_owns_a_seat_of_the_longest_waiting_first(capsys, data_dir, toy_game):
    store = SaveStore(data_dir)
    games = []
    for title in ("older", "newer", "not hers"):
        games.append(two_humans(store, toy_game, title))
        time.sleep(0.01)
    for game in games[:2]:
        SeatLeases(data_dir, game.record.id).acquire(1, "t", identity="SHA256:bob")
    SeatLeases(data_dir, games[2].record.id).acquire(1, "t", identity="SHA256:eve")
    games[0].act(0, "pledge:low")  # still Bob's move, since now: "newer" has waited longer
    status, out, _ = run(capsys, "saves", "list", "--json", "--mine", "SHA256:bob")
    assert status == 0
    assert [game["title"] for game in json.loads(out)] == ["newer", "older"]
    status, out, _ = run(capsys, "saves", "list", "--mine", "SHA256:bob")
    assert status == 0 and "not hers" not in out and out.index("newer") < out.index("older")
    status, out, _ = run(capsys, "saves", "list", "--mine", "SHA256:nobody")
    assert status == 0 and "No saved games" in out

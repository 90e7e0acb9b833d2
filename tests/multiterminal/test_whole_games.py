"""Whole games between people at real terminals: every game played to its end by two (and, where
the game takes three, three) `tabula join` processes on pseudo-terminals at 80x24, each player
acting only when their own screen says it is their turn, with the turn end confirmed (the
default). Nothing may stall: every move, confirmation and undo must reach every terminal.

The picks are seeded: the game length is bounded by the seed (a few hundred keys at most);
``last`` leans the picks towards ending a turn, which keeps Polis' and Thebai's games short."""

from __future__ import annotations

import pytest

from saves.session import GameSession
from saves.store import SaveStore, Seat
from tests.multiterminal.ptys import join, play_to_the_end

pytestmark = pytest.mark.slow
NAMES = ("Ann", "Bruno", "Cleo")


@pytest.mark.parametrize("game, players, seed, last", [
    ("almadi", 2, 7, 0.0), ("almadi", 3, 5, 0.7),
    ("pantheon", 2, 46, 0.0), ("pantheon", 3, 7, 0.0),
    ("thebai", 2, 6, 1.0), ("thebai", 3, 2, 1.0),
    ("polis", 2, 35, 0.7),
])
def test_a_whole_game_between_terminals_ends_without_a_stall(tmp_path, game, players, seed, last):
    seats = [Seat(name, "human") for name in NAMES[:players]]
    save_id = GameSession.new(SaveStore(tmp_path), game, "Friends", seats, seed=seed).record.id
    terminals = [join(tmp_path, save_id, seat) for seat in range(players)]
    try:
        # 3 Pantheon terminals on 2 busy cores: up to 250 s
        presses = play_to_the_end(tmp_path, save_id, terminals, seed=seed, last=last, bound=420)
    finally:
        for terminal in terminals:
            terminal.terminal.close()
    record = SaveStore(tmp_path).load(save_id)
    assert record.status == "finished" and presses > 20
    assert {action["a"] for action in record.actions if action["a"] >= 0} == set(range(players))

"""A replay never shows a running game's secrets: while the game runs, a terminal is offered the
spectator's view and the views of the seats it could see live (at a served terminal, the seats
its player's key owns; at the host's own terminal, the human seats), never a bot's; every
seat's view opens once the game is over, with the seed it was dealt from."""

from __future__ import annotations

import pytest

from saves.seats import SeatLeases, new_holder_id, seats_seen_live
from saves.session import GameSession
from saves.store import SaveStore, Seat
from tests.tui.helpers import make_app, pilot_test, settle, text_of, until
from tui.screens.replay import ReplayScreen

ANN, BOB = "SHA256:ann-key", "SHA256:bob-key"


@pytest.fixture
def served(monkeypatch):
    from tui.serve import PLAYER_KEY, SEAT_PER_TERMINAL

    monkeypatch.setenv(SEAT_PER_TERMINAL, "1")
    return lambda key: monkeypatch.setenv(PLAYER_KEY, key)


def live_game(data_dir, seats, moves: int = 12) -> GameSession:
    session = GameSession.new(SaveStore(data_dir), "pantheon", "Live", seats, seed=4)
    for _ in range(moves):
        seat = session.match.awaiting()[0]
        session.act(seat, session.match.legal(seat)[0].id)
    return session




async def replay_views(data_dir) -> tuple[list, list[str]]:
    """Open the newest save's replay from Resume; the views it offers, and the status line at
    each view ``w`` cycles through (from its end)."""
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.replay is not None)
        screen = app.screen
        await pilot.press("end")
        statuses = []
        for _ in range(len(screen.names) + 1):
            await pilot.press("w")
            await settle(pilot)
            statuses.append(text_of(screen.query_one("#status")))
            assert screen.query_one("#replay-private").display == (screen.viewer is not None)
        return screen.views, statuses


def test_the_seats_seen_live_are_a_key_s_own_seats_or_the_host_s_humans():
    kinds = ["human", "human", "hard"]
    assert seats_seen_live(kinds, None, {}) == [0, 1]
    assert seats_seen_live(kinds, ANN, {0: ANN, 1: BOB}) == [0]
    assert seats_seen_live(kinds, BOB, {0: ANN}) == []
    assert seats_seen_live(kinds, "", {0: ""}) == []  # a served terminal without a key owns nothing


@pilot_test
async def test_another_player_replaying_a_running_game_sees_only_the_spectator_view(tmp_path, served):
    session = live_game(tmp_path, [Seat("Ann", "human"), Seat("Bot", "normal")])
    SeatLeases(tmp_path, session.record.id).acquire(0, new_holder_id(), ANN)
    served(BOB)
    views, statuses = await replay_views(tmp_path)
    assert views == [None]
    assert all("spectator view" in status for status in statuses)


@pilot_test
async def test_a_player_replaying_their_running_game_sees_their_seat_and_the_spectator_view(tmp_path, served):
    session = live_game(tmp_path, [Seat("Ann", "human"), Seat("Bot", "normal")])
    SeatLeases(tmp_path, session.record.id).acquire(0, new_holder_id(), ANN)
    served(ANN)
    views, statuses = await replay_views(tmp_path)
    assert views == [None, 0]
    assert not any("Bot" in status for status in statuses) and any("view of ●A Ann" in s for s in statuses)


@pilot_test
async def test_the_host_replaying_a_running_game_sees_the_human_seats_but_no_bot_s(tmp_path):
    live_game(tmp_path, [Seat("Ann", "human"), Seat("Bruno", "human"), Seat("Bot", "normal")])
    views, _ = await replay_views(tmp_path)
    assert views == [None, 0, 1]


@pilot_test
async def test_every_view_and_the_seed_open_once_the_game_is_over(toy, tmp_path, served):
    session = GameSession.new(SaveStore(tmp_path), "toy", "Over", [Seat("Ann", "human"), Seat("Bot", "random")],
                              seed=3)
    while not session.match.finished:
        seat = session.match.awaiting()[0]
        session.act(seat, session.match.legal(seat)[0].id)
    served(BOB)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.replay is not None)
        assert app.screen.views == [None, 0, 1]
        assert f"seed {session.record.seed}" in text_of(app.screen.query_one("#prompt"))

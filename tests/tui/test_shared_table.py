"""Pilot tests of the table shared between terminals (seat per terminal), with the toy game.

The app under test is one terminal; "another terminal" is a SharedSession in the test, which
writes and rings the game's doorbells exactly as another Tabula process does. Real separate
app processes are in tests/multiterminal/test_app_terminals.py.
"""

from __future__ import annotations

import asyncio
import time

from saves.seats import SeatLeases
from saves.session import GameSession
from saves.shared import SharedSession
from saves.store import SaveStore
from tests.tui.helpers import (
    make_app,
    new_save,
    open_first_save,
    pilot_test,
    settle,
    text_of,
    until,
)
from tui.compat import notifications, screen_strips
from tui.screens.resume import ResumeScreen, SeatPicker
from tui.screens.table import TableScreen

TWO_HUMANS = [("Ann", "human"), ("Bruno", "human")]


def other_terminal(data_dir, save_id: str, seats: list[int]) -> SharedSession:
    shared = SharedSession(GameSession.resume(SaveStore(data_dir), save_id), seats, lambda: None)
    shared.start()
    return shared


def notices(app) -> list[str]:
    return [f"{n.title}: {n.message}" for n in notifications(app)]


def log_text(table) -> str:
    return "\n".join(line.text for line in table.query_one("#log").lines)


def saved_actions(data_dir, save_id: str) -> list[tuple[int, str]]:
    record = SaveStore(data_dir).load(save_id)
    return [(action["a"], action["c"]) for action in record.actions]


@pilot_test
async def test_a_joined_table_plays_only_its_seat_and_catches_up_when_the_other_terminal_moves(toy, tmp_path):
    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    app = make_app(tmp_path, join=(save_id, 0))
    rings = []
    app.bell = lambda: rings.append(True)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and not table.curtain_up  # one seat: nothing to hide
        assert table.state.humans == [0] and table.state.viewer == 0
        assert table.query_one("#private").border_title == "Private — ●A Ann"
        assert SeatLeases(tmp_path, save_id).holder_of(0) is not None
        assert SeatLeases(tmp_path, save_id).holder_of(1) is None

        await pilot.press("1")  # Ann pledges high; Bruno still has to pledge
        await settle(pilot)
        assert saved_actions(tmp_path, save_id)[-1] == (0, "pledge:high")
        assert text_of(table.query_one("#prompt")) == "Waiting for ▲B Bruno: Pledge\n(▲B Bruno is not at the table)"
        assert not table.state.choices
        await pilot.press("1")  # not Ann's turn: nothing is played
        await settle(pilot)
        assert saved_actions(tmp_path, save_id)[-1] == (0, "pledge:high")

        bruno = other_terminal(tmp_path, save_id, [1])
        try:
            bruno.act(1, "pledge:low")
            await until(pilot, lambda: table.state.choices)
        finally:
            bruno.stop()
        assert "Bruno pledges low" in log_text(table)
        assert text_of(table.query_one("#prompt")).startswith("▶ ●A Ann: play or draw")
        assert any("Your turn" in notice and "Bruno pledges low" in notice for notice in notices(app))
        assert rings == [True]

        await pilot.press("escape")  # leaving frees the seat at once
        await settle(pilot)
        assert SeatLeases(tmp_path, save_id).holder_of(0) is None


@pilot_test
async def test_a_new_your_turn_notice_takes_the_place_of_the_last_one_instead_of_piling_over_the_table(toy, tmp_path):
    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    app = make_app(tmp_path, join=(save_id, 0))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        bruno = other_terminal(tmp_path, save_id, [1])
        try:
            await pilot.press("1")  # Ann pledges high
            await settle(pilot)
            bruno.session.refresh()  # the other terminal reads Ann's move from the save
            bruno.act(1, "pledge:low")
            await until(pilot, lambda: table.state.choices)
            for _ in range(2):  # Ann draws (her turn ends); Bruno draws; it is Ann's turn again
                draw = [choice.id for choice in table.state.choices].index("draw")
                await pilot.press(str(draw + 1))
                await until(pilot, lambda: not table.state.choices)
                bruno.session.refresh()
                bruno.act(1, "draw")
                await until(pilot, lambda: table.state.choices)
                await settle(pilot)
        finally:
            bruno.stop()
        turns = [notice for notice in notices(app) if "Your turn" in notice]
        assert len(turns) == 1 and "Bruno gets a card" in turns[0]
        shown = "\n".join(strip.text for strip in screen_strips(app))
        assert shown.count("Your turn") == 1


@pilot_test
async def test_a_move_on_a_state_the_other_terminal_already_changed_is_refused_with_a_clear_message(toy, tmp_path):
    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    app = make_app(tmp_path, join=(save_id, 0))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        table = app.screen
        table.session.refresh = lambda: False  # the other move lands before this terminal notices it
        bruno = other_terminal(tmp_path, save_id, [1])
        try:
            bruno.act(1, "pledge:low")
            await pilot.press("1")
            await until(pilot, lambda: any("moved first" in notice for notice in notices(app)))
        finally:
            bruno.stop()
        assert "Another terminal moved first; showing the new state." in "\n".join(notices(app))
        assert saved_actions(tmp_path, save_id)[-1] == (1, "pledge:low")  # Ann's stale pledge was not written
        assert "Bruno pledges low" in log_text(table)
        assert table.state.choices  # Ann still has to pledge, now on the real state


@pilot_test
async def test_a_spectator_sees_no_hand_and_cannot_act(toy, tmp_path):
    session = new_save(tmp_path, "toy", TWO_HUMANS)
    app = make_app(tmp_path, join=(session.record.id, None))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert table.state.viewer is None and table.state.humans == []
        assert not table.query_one("#private").display and not table.query_one("#choices").display
        assert "spectator view" in text_of(table.query_one("#status"))
        assert text_of(table.query_one("#prompt")) == ("Waiting for ●A Ann, ▲B Bruno: Pledge\n"
                                                       "(●A Ann, ▲B Bruno are not at the table)")
        log = log_text(table)
        assert "Ann gets a card" in log and "Bruno gets a card" in log
        for hand in session.match.state["hands"]:
            assert not any(f"gets a {card}" in log for card in hand)
        await pilot.press("1")
        await settle(pilot)
        assert len(saved_actions(tmp_path, session.record.id)) == len(session.match.actions)
        assert SeatLeases(tmp_path, session.record.id).live().keys() <= {"bots"}


@pilot_test
async def test_the_resume_list_shows_taken_seats_and_offers_only_a_free_seat_or_watching(toy, tmp_path):
    save_id = new_save(tmp_path, "toy", [*TWO_HUMANS, ("Cleo", "random")]).record.id
    ann = other_terminal(tmp_path, save_id, [0])
    try:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("r")
            await settle(pilot)
            assert isinstance(app.screen, ResumeScreen)
            row = app.screen.query_one("#saves").get_row_at(0)
            assert str(row[4]) == "●A"  # the Playing now column: seats held by a terminal
            await pilot.press("enter")
            await settle(pilot)
            picker = app.screen
            assert isinstance(picker, SeatPicker)
            offered = [str(option.prompt) for option in picker.query_one("#seat-choices").options]
            assert offered == ["Take seat ▲B (Bruno)", "Watch as spectator"]
            assert "At another terminal: ●A Ann" in text_of(picker.query_one(".dialog-question"))
            await pilot.press("enter")
            await settle(pilot)
            table = app.screen
            assert isinstance(table, TableScreen) and table.state.humans == [1]
            assert SeatLeases(tmp_path, save_id).holder_of(1) is not None
            assert table.query_one("#private").border_title == "Private — ▲B Bruno"
            await pilot.press("escape")
            await settle(pilot)
            assert SeatLeases(tmp_path, save_id).holder_of(1) is None
    finally:
        ann.stop()


@pilot_test
async def test_join_key_lets_a_terminal_take_one_seat_of_a_game_nobody_plays_and_watching_takes_none(toy, tmp_path):
    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("j")
        await settle(pilot)
        offered = [str(option.prompt) for option in app.screen.query_one("#seat-choices").options]
        assert offered == ["Take seat ●A (Ann)", "Take seat ▲B (Bruno)", "Play every free seat here (hot-seat)",
                           "Watch as spectator"]
        await pilot.press("down", "down", "down", "enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.screen.state.viewer is None
        assert set(SeatLeases(tmp_path, save_id).live()) <= {"bots"}  # a spectator holds no seat


@pilot_test
async def test_a_hot_seat_table_holds_every_human_seat_so_other_terminals_can_only_watch(toy, tmp_path):
    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.state.humans == [0, 1] and table.curtain_up
        assert SeatLeases(tmp_path, save_id).free([0, 1]) == []
        late = make_app(tmp_path)
        async with late.run_test(size=(80, 24)) as other:
            await open_first_save(other)
            offered = [str(option.prompt) for option in late.screen.query_one("#seat-choices").options]
            assert offered == ["Watch as spectator"]


@pilot_test
async def test_a_terminal_that_does_not_run_the_bots_waits_for_the_one_that_does(toy, tmp_path):
    save_id = new_save(tmp_path, "toy", [*TWO_HUMANS, ("Cleo", "random")]).record.id
    bruno = other_terminal(tmp_path, save_id, [1])  # first at the table: it runs the bots
    try:
        assert bruno.runs_bots
        app = make_app(tmp_path, join=(save_id, 0))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await asyncio.sleep(0.2)
            await settle(pilot)
            table = app.screen
            assert not table.state.runs_bots and 2 in table.state.awaiting
            assert all(actor != 2 for actor, _ in saved_actions(tmp_path, save_id))
            assert "▲B Bruno, ■C Cleo" in text_of(table.query_one("#prompt"))  # also waiting for them
            bruno.play_bots()
            await until(pilot, lambda: 2 not in table.state.awaiting)
            assert "Cleo pledges" in log_text(table)
    finally:
        bruno.stop()


@pilot_test
async def test_a_terminal_whose_seat_was_taken_over_says_so_and_only_watches(toy, tmp_path):
    from saves.seats import HOST, Lease

    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    app = make_app(tmp_path, join=(save_id, 0), bell_on_turn=False)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        table = app.screen
        leases = SeatLeases(tmp_path, save_id)
        with leases.lock:  # as if this terminal had stalled past its lease and another took the seat
            taken = leases._read()
            taken.leases["0"] = Lease("another terminal", HOST, taken.leases["0"].pid, time.time())
            leases._write(taken)
        await pilot.press("1")
        await settle(pilot)
        assert "taken over by another terminal" in "\n".join(notices(app))
        assert "seat lost, watching only" in text_of(table.query_one("#status"))
        assert not table.state.choices and not table.query_one("#choices").display
        assert len(saved_actions(tmp_path, save_id)) == len(table.session.match.actions)
        assert all(actor != 0 for actor, choice in saved_actions(tmp_path, save_id) if choice.startswith("pledge"))


@pilot_test
async def test_joining_a_seat_another_terminal_took_meanwhile_says_so_and_goes_home(toy, tmp_path):
    from tui.screens.home import HomeScreen

    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    bruno = other_terminal(tmp_path, save_id, [1])
    try:
        app = make_app(tmp_path, join=(save_id, 1))
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            refused = lambda: any("Seat ▲B is held by another terminal" in notice for notice in notices(app))  # noqa: E731
            await until(pilot, lambda: refused() and isinstance(app.screen, HomeScreen), settled=False)
    finally:
        bruno.stop()


@pilot_test
async def test_served_over_ssh_opening_any_game_asks_where_to_sit(toy, tmp_path, monkeypatch):
    from tui.serve import SEAT_PER_TERMINAL
    from tui.serve.ssh import app_environment

    assert app_environment("xterm", {})[SEAT_PER_TERMINAL] == "1"
    monkeypatch.setenv(SEAT_PER_TERMINAL, "1")
    new_save(tmp_path, "toy", TWO_HUMANS)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)  # nobody else plays it, yet every terminal is one player here
        assert isinstance(app.screen, SeatPicker)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.screen.state.humans == [0]


async def names_offered(data_dir) -> list[str]:
    """The names the new game form offers for seats A and B."""
    from textual.widgets import Input

    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await settle(pilot)
        return [app.screen.query_one(f"#name-{seat}", Input).value for seat in (0, 1)]


@pilot_test
async def test_served_over_ssh_the_login_name_is_offered_for_seat_a(toy, tmp_path, monkeypatch):
    from tui.serve import PLAYER_NAME
    from tui.serve.ssh import app_environment

    assert app_environment("xterm", {}, "ann")[PLAYER_NAME] == "ann"
    assert PLAYER_NAME not in app_environment("xterm", {})
    assert await names_offered(tmp_path) == ["Alice", "Bruno"]
    monkeypatch.setenv(PLAYER_NAME, "\x1b[31mann-the-very-long-login")  # escape codes never reach the screen
    assert await names_offered(tmp_path) == ["[31mann-the-very", "Bruno"]
    monkeypatch.setenv(PLAYER_NAME, "Bruno")  # a login name that is also a default: no two Brunos
    assert await names_offered(tmp_path) == ["Bruno", "Alice"]


@pilot_test
async def test_when_the_other_terminals_player_leaves_this_table_says_so(toy, tmp_path):
    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    bruno = other_terminal(tmp_path, save_id, [1])
    app = make_app(tmp_path, join=(save_id, 0))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        assert app.screen.session.others == {1}
        bruno.stop()  # Bruno goes home: his seat is free at once
        await until(pilot, lambda: any("left the table" in notice for notice in notices(app)), timeout=10)
        assert any("▲B Bruno left the table" in notice for notice in notices(app))

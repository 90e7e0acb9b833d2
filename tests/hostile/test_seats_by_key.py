"""On a served table one SSH player cannot see another seat's secrets: a connection plays the
seats it was given, hot-seat only where the host allows it, and a seat taken under a key is that
key's until its owner gives it up or the game's creator frees it. No screenshots on the server."""

from __future__ import annotations

import pytest

from saves.session import GameSession
from saves.store import SaveStore, Seat
from tests.tui.helpers import make_app, pilot_test, settle, until
from tui.compat import notifications
from tui.screens.resume import ResumeScreen, SeatPicker
from tui.screens.table import TableScreen

ANN, BOB = "SHA256:ann-key", "SHA256:bob-key"
TWO_HUMANS = [Seat("Ann", "human"), Seat("Bruno", "human")]


@pytest.fixture
def served(monkeypatch):
    """This process is an app the SSH server started for the player with key ``as_player(key)``."""
    from tui.serve import PLAYER_KEY, SEAT_PER_TERMINAL

    monkeypatch.setenv(SEAT_PER_TERMINAL, "1")

    def as_player(key: str) -> None:
        monkeypatch.setenv(PLAYER_KEY, key)

    as_player(ANN)
    return as_player


def new_game(data_dir, seats=TWO_HUMANS) -> str:
    return GameSession.new(SaveStore(data_dir), "toy", "Ann and Bruno", list(seats), seed=7).record.id


def offered(app) -> list[str]:
    return [str(option.prompt) for option in app.screen.query_one("#seat-choices").options]


async def open_picker(pilot) -> None:
    await pilot.press("r")
    await settle(pilot)
    assert isinstance(pilot.app.screen, ResumeScreen)
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(pilot.app.screen, SeatPicker))


async def sit(data_dir, choice: int = 0) -> None:
    """One served player's visit: open the game, take the ``choice``-th seat offered, leave the app
    (its process ends: its lease goes with it, as when an SSH client is killed)."""
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_picker(pilot)
        for _ in range(choice):
            await pilot.press("down")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.state is not None)


@pilot_test
async def test_a_served_terminal_is_not_offered_hot_seat(toy, tmp_path, served):
    new_game(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_picker(pilot)
        assert offered(app) == ["Take seat ●A (Ann)", "Take seat ▲B (Bruno)", "Watch as spectator"]


@pilot_test
async def test_a_seat_taken_under_a_key_is_not_offered_to_another_key_after_its_player_left(toy, tmp_path, served):
    new_game(tmp_path)
    await sit(tmp_path)  # Ann takes seat A, then her connection is killed
    served(BOB)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_picker(pilot)
        assert offered(app) == ["Take seat ▲B (Bruno)", "Watch as spectator"]
        question = str(app.screen.query_one(".dialog-question").render())
        assert "●A Ann" in question and "another player" in question


@pilot_test
async def test_a_new_game_on_a_served_terminal_plays_one_seat(toy, tmp_path, served):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await settle(pilot)
        # seat B becomes a human: Tab to its kind, open the list, go up to "Human"
        await pilot.press("tab", "tab", "tab", "tab", "tab", "enter", "up", "up", "enter", "ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.state is not None)
        assert app.screen.state.humans == [0]


@pilot_test
async def test_screenshots_are_offered_locally_only(toy, tmp_path, monkeypatch):
    from tui.serve import SEAT_PER_TERMINAL

    async def palette_commands() -> list[str]:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            return [command.title for command in app.get_system_commands(app.screen)]

    assert "Screenshot" in await palette_commands()
    monkeypatch.setenv(SEAT_PER_TERMINAL, "1")
    assert "Screenshot" not in await palette_commands()


def notices(app) -> str:
    return "\n".join(str(notice.message) for notice in notifications(app))


async def free_a_seat(data_dir, choice_text: str) -> str:
    """A served player opens Resume, presses f and picks the choice containing ``choice_text``;
    returns the notices shown."""
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("f")
        await settle(pilot)
        if choice_text:
            labels = [str(option.prompt) for option in app.screen.query_one("#choices").options]
            for _ in range(next(i for i, label in enumerate(labels) if choice_text in label)):
                await pilot.press("down")
            await pilot.press("enter")
            await settle(pilot)
        return notices(app)


@pilot_test
async def test_a_player_who_gives_up_a_seat_leaves_it_to_another_key(toy, tmp_path, served):
    new_game(tmp_path)
    await sit(tmp_path)  # Ann plays seat A
    assert "Seat ●A is free" in await free_a_seat(tmp_path, "Give up my seat ●A Ann")
    served(BOB)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_picker(pilot)
        assert offered(app)[0] == "Take seat ●A (Ann)"


@pilot_test
async def test_the_games_creator_frees_another_players_seat(toy, tmp_path, served):
    from saves.seats import SeatLeases

    game = new_game(tmp_path)
    SeatLeases(tmp_path, game).claim_creator(ANN)
    served(BOB)
    await sit(tmp_path, choice=1)  # Bob plays seat B
    served("SHA256:carol-key")
    assert "No seat of this game is yours" in await free_a_seat(tmp_path, "")  # Carol is neither owner nor creator
    served(ANN)
    assert "Seat ▲B is free" in await free_a_seat(tmp_path, "Free seat ▲B Bruno")
    assert SeatLeases(tmp_path, game).owners() == {}


@pilot_test
async def test_free_a_seat_is_for_served_players_only(toy, tmp_path):
    new_game(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        assert app.screen.check_action("free_seat", ()) is False


async def pick_row(pilot, game_id: str) -> None:
    """Resume: open that game."""
    table = pilot.app.screen.query_one("#saves")
    table.move_cursor(row=table.get_row_index(game_id))
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(pilot.app.screen, SeatPicker))


@pilot_test
async def test_the_host_allows_hot_seat_for_one_game_and_it_takes_the_seats_one_may_take(toy, tmp_path, served,
                                                                                          capsys):
    from saves.seats import SeatLeases
    from tui import cli

    game = new_game(tmp_path, [*TWO_HUMANS, Seat("Cleo", "human")])
    SeatLeases(tmp_path, game).acquire(2, "bob-terminal", BOB)  # Bob played seat C and left
    SeatLeases(tmp_path, game).release(2, "bob-terminal")
    other_game = new_game(tmp_path)
    assert cli.main(["saves", "seats", game, "--hot-seat", "on", "--data-dir", str(tmp_path)]) == 0
    assert "hot-seat over SSH: allowed" in capsys.readouterr().out
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        await pick_row(pilot, game)
        assert offered(app) == ["Take seat ●A (Ann)", "Take seat ▲B (Bruno)", "Play every free seat here (hot-seat)",
                                "Watch as spectator"]
        await pilot.press("down", "down", "enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.state is not None)
        assert app.screen.state.humans == [0, 1]
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        await pick_row(pilot, other_game)  # the other game: hot-seat was not allowed there
        assert "Play every free seat here (hot-seat)" not in offered(app)


def test_another_key_cannot_take_an_owned_seat_but_the_host_can(toy, tmp_path):
    from saves.seats import SeatLeases, SeatTaken

    game = new_game(tmp_path)
    leases = SeatLeases(tmp_path, game)
    leases.acquire(0, "ann-terminal", ANN)
    leases.release(0, "ann-terminal")
    with pytest.raises(SeatTaken, match="belongs to another player"):
        leases.acquire(0, "bob-terminal", BOB)
    leases.acquire(0, "web-terminal", None)  # the host's own terminal is not bound by owners
    leases.release(0, "web-terminal")
    with pytest.raises(SeatTaken):
        leases.acquire(0, "keyless-terminal", "")  # a served terminal without a key owns nothing
    leases.acquire(1, "keyless-terminal", "")
    assert leases.owners() == {0: ANN}
    assert leases.may_take([0, 1], BOB) == [1] and leases.may_take([0, 1], ANN) == [0, 1]
    assert leases.give_up(0, BOB) is False and leases.give_up(0, ANN) is True and leases.owners() == {}


def test_a_served_hot_seat_table_is_refused_unless_allowed(toy, tmp_path):
    from engine.core.contract import IllegalChoice
    from saves.seats import SeatLeases
    from saves.shared import SharedSession

    game = new_game(tmp_path)
    session = GameSession.resume(SaveStore(tmp_path), game)
    with pytest.raises(IllegalChoice, match="each terminal plays one seat"):
        SharedSession(session, None, lambda: None, identity=ANN).start()
    with pytest.raises(IllegalChoice):
        SharedSession(session, [0, 1], lambda: None, identity=ANN).start()
    SeatLeases(tmp_path, game).allow_hot_seat(True)
    table = SharedSession(session, None, lambda: None, identity=ANN)
    table.start()
    try:
        assert table.seats == {0, 1}
    finally:
        table.stop()


def test_over_ssh_a_killed_players_seat_is_not_taken_under_another_key(tmp_path, monkeypatch):
    """The reproduced failure: Ann's client is killed, Bob logs in with his own key under another
    name, and must not be offered Ann's seat (nor hot-seat)."""
    import asyncio
    import time

    import asyncssh

    from saves.seats import SeatLeases
    from tests.hostile.test_ssh_limits import CODE, connect, read_until, run, start

    ann, bob = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    authorized = tmp_path / "authorized_keys"
    authorized.write_bytes(ann.export_public_key() + bob.export_public_key())
    monkeypatch.setenv("PYTHONPATH", CODE)
    data_dir = tmp_path / "data"

    async def scenario():
        server = await start(tmp_path, authorized, command=())
        record = GameSession.new(SaveStore(data_dir), "almadi", "Ann and Bruno", TWO_HUMANS, seed=7).record
        ann_conn = await connect(server, ann, username="ann")
        screen = await ann_conn.create_process(term_type="xterm-256color", term_size=(100, 30), encoding=None)
        await read_until(screen, rb"T A B U L A", timeout=30)
        screen.stdin.write(b"r")
        await read_until(screen, rb"Ann and Bruno", timeout=20)  # listed
        screen.stdin.write(b"\r")
        await read_until(screen, rb"Watch as spectator", timeout=20)
        screen.stdin.write(b"\r")  # the first seat offered: A
        await read_until(screen, rb"you play .{1,3}A Ann", timeout=30)
        ann_conn.abort()  # her client is killed
        deadline = time.monotonic() + 20
        while SeatLeases(data_dir, record.id).holder_of(0) is not None:
            assert time.monotonic() < deadline, "Ann's seat is still held"
            await asyncio.sleep(0.2)

        async with await connect(server, bob, username="bob") as bob_conn:
            screen = await bob_conn.create_process(term_type="xterm-256color", term_size=(100, 30), encoding=None)
            await read_until(screen, rb"T A B U L A", timeout=30)
            screen.stdin.write(b"r")
            await read_until(screen, rb"Ann and Bruno", timeout=20)
            screen.stdin.write(b"\r")
            picker = await read_until(screen, rb"Watch as spectator", timeout=20)  # all drawn since Enter
            assert b"Take seat \xe2\x96\xb2B" in picker  # Bruno's seat is free for Bob
            assert b"Take seat \xe2\x97\x8fA" not in picker and b"hot-seat" not in picker
        await server.stop()

    run(scenario(), timeout=150)


@pilot_test
async def test_over_ssh_only_the_games_creator_renames_or_deletes_it(toy, tmp_path, served):
    from saves.seats import SeatLeases

    game = new_game(tmp_path)
    SeatLeases(tmp_path, game).claim_creator(ANN)
    host_game = new_game(tmp_path)  # started at the host's own terminal: no creator key
    for player in (BOB, ANN):
        served(player)
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await pilot.press("r")
            await settle(pilot)
            for save_id in (host_game, game):
                table = app.screen.query_one("#saves")
                table.move_cursor(row=table.get_row_index(save_id))
                for key in ("r", "d"):
                    app.clear_notifications()
                    await pilot.press(key)
                    await settle(pilot)
                    mine = player == ANN and save_id == game
                    asked = not isinstance(app.screen, ResumeScreen)
                    assert asked == mine, (player, save_id, key)
                    assert ("Only the player who started this game" in notices(app)) == (not mine)
                    if asked:
                        await pilot.press("escape")
                        await settle(pilot)
    assert {record.id for record in SaveStore(tmp_path).summaries()} == {game, host_game}


@pilot_test
async def test_at_the_hosts_own_terminal_any_game_may_be_renamed(toy, tmp_path):
    new_game(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert not isinstance(app.screen, ResumeScreen)

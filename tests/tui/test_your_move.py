"""Your move, everywhere: Home counts the games waiting for this player, Resume's Mine view
lists theirs (the longest waiting first, with whose move it is), and ctrl+n goes to the next
game waiting. Locally every human seat is this player's."""

from __future__ import annotations

import time
from dataclasses import replace

from engine.core.seats import seat_tag
from saves.session import GameSession
from saves.shared import SharedSession
from saves.store import SaveStore
from tests.tui.helpers import make_app, new_save, pilot_test, settle, text_of, until
from tui.screens.home import HomeScreen
from tui.screens.resume import ResumeScreen
from tui.screens.stats import StatsScreen
from tui.screens.table import TableScreen

ALICE_AND_BOT = [("Alice", "human"), ("Rex", "random")]
BOTS = [("Rex", "random"), ("Gus", "greedy")]


def three_waiting(tmp_path) -> list[str]:
    """Three games waiting for Alice, the first made waiting longest; and a game of bots."""
    ids = []
    for title in ("oldest", "middle", "newest"):
        ids.append(new_save(tmp_path, "toy", ALICE_AND_BOT, title=title).record.id)
        time.sleep(0.01)
    bots = new_save(tmp_path, "toy", BOTS, title="bots")
    bots.play_bots()
    return ids


def titles(screen) -> list[str]:
    table = screen.query_one("#saves")
    return [str(table.get_row_at(row)[0]).strip() for row in range(table.row_count)]


@pilot_test
async def test_home_says_in_how_many_games_it_is_your_move(toy, tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not app.screen.query_one("#your-move").display
    three_waiting(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        line = app.screen.query_one("#your-move")
        assert line.display and text_of(line).startswith("Your move in 3 games")


@pilot_test
async def test_the_mine_view_lists_the_longest_waiting_first_with_whose_move(toy, tmp_path):
    ids = three_waiting(tmp_path)
    store = SaveStore(tmp_path)
    store.rename(ids[1], "[red]middle[/]")  # a title is plain text, never markup
    app = make_app(tmp_path)
    async with app.run_test(size=(160, 30)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ResumeScreen)
        assert titles(screen)[0] == "bots"  # every game, the most recently played first
        await pilot.press("m")
        await settle(pilot)
        assert titles(screen) == ["oldest", "[red]middle[/]", "newest"]
        whose = str(screen.query_one("#saves").get_row_at(0)[1])
        assert whose.startswith(f"you {seat_tag(0)}, {seat_tag(1)} Rex since "), whose  # both pledge at once
        await pilot.press("m")
        await settle(pilot)
        assert len(titles(screen)) == 4


@pilot_test
async def test_ctrl_n_goes_from_home_through_three_games_waiting(toy, tmp_path):
    ids = three_waiting(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        visited = []
        for _ in range(3):
            await pilot.press("ctrl+n")
            await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.session.save_id
                        not in visited)
            visited.append(app.screen.session.save_id)
            await pilot.press("1")  # a move: the game now waits for Alice since now, the others longer
            await settle(pilot)
        assert visited == ids
        stack = [type(screen) for screen in app.screen_stack]
        assert stack[-2:] == [HomeScreen, TableScreen] and stack.count(TableScreen) == 1  # each took the last's place


ANN, BRUNO = "SHA256:ann", "SHA256:bruno"
TWO_HUMANS = [("Ann", "human"), ("Bruno", "human")]


def seated(tmp_path, save_id: str, seat: int, identity: str) -> SharedSession:
    """Another terminal of the player ``identity``, at ``seat`` (theirs from now on)."""
    terminal = SharedSession(GameSession.resume(SaveStore(tmp_path), save_id), [seat], lambda: None,
                             identity=identity)
    terminal.start()
    return terminal


def play(terminal: SharedSession, choice: str) -> None:
    seat = next(iter(terminal.seats))
    terminal.session.refresh()
    terminal.act(seat, next(c.id for c in terminal.match.legal(seat) if c.id.startswith(choice)))


@pilot_test
async def test_a_game_coming_to_your_move_while_you_are_elsewhere_rings_the_bell_once(toy, tmp_path):
    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    ann, bruno = seated(tmp_path, save_id, 0, ANN), seated(tmp_path, save_id, 1, BRUNO)
    app = make_app(tmp_path)
    app.identity = ANN  # Ann at this terminal too, as over SSH
    rings, counts = [], []
    app.bell = lambda: rings.append(type(app.screen))
    counted = app.your_moves_changed
    app.your_moves_changed = lambda games, new: (counts.append(new), counted(games, new))  # type: ignore[method-assign]
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: counts)
            line = app.screen.query_one("#your-move")
            assert text_of(line).startswith("Your move in 1 game") and not rings  # both pledge: it already was
            play(ann, "pledge")
            await until(pilot, lambda: not line.display)
            play(bruno, "pledge")  # then Ann's turn
            await until(pilot, lambda: line.display)
            assert text_of(line).startswith("Your move in 1 game") and rings == [HomeScreen]
            await pilot.press("s")  # the play records: elsewhere in the app
            await settle(pilot)
            seen = len(counts)
            play(ann, "peek")  # still Ann's move: no second ring
            await until(pilot, lambda: len(counts) > seen)
            assert rings == [HomeScreen]
            play(ann, "draw")  # Bruno's turn, then Ann's again: it rings again
            await until(pilot, lambda: not line.display)  # Home, under the play records, follows
            play(bruno, "draw")
            await until(pilot, lambda: len(rings) == 2)
            assert rings == [HomeScreen, StatsScreen]
    finally:
        ann.stop()
        bruno.stop()


@pilot_test
async def test_no_bell_when_the_player_turned_it_off(toy, tmp_path):
    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    ann, bruno = seated(tmp_path, save_id, 0, ANN), seated(tmp_path, save_id, 1, BRUNO)
    store = SaveStore(tmp_path)
    store.put_settings(replace(store.settings(), bell=False))
    app = make_app(tmp_path)
    app.identity = ANN
    rings = []
    app.bell = lambda: rings.append(True)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            line = app.screen.query_one("#your-move")
            play(ann, "pledge")
            await until(pilot, lambda: not line.display)
            play(bruno, "pledge")
            await until(pilot, lambda: line.display)
            assert not rings
    finally:
        ann.stop()
        bruno.stop()


@pilot_test
async def test_at_the_game_s_own_table_only_the_table_rings(toy, tmp_path):
    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    bruno = seated(tmp_path, save_id, 1, BRUNO)
    app = make_app(tmp_path, join=(save_id, 0))
    app.identity = ANN
    rings, counts = [], []
    app.bell = lambda: rings.append(True)
    counted = app.your_moves_changed
    app.your_moves_changed = lambda games, new: (counts.append(new), counted(games, new))  # type: ignore[method-assign]
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            await pilot.press("1")  # Ann pledges
            await until(pilot, lambda: counts and app._your_moves.waiting == set())
            play(bruno, "pledge")  # Ann's turn: her table says so, and rings
            await until(pilot, lambda: {save_id} in counts and rings)
            await settle(pilot)
            assert rings == [True]
    finally:
        bruno.stop()

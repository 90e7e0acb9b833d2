"""Your move, everywhere: Home counts the games waiting for this player, Resume's Mine view
lists theirs (the longest waiting first, with whose move it is), and ctrl+n goes to the next
game waiting. Locally every human seat is this player's."""

from __future__ import annotations

import threading
import time
from dataclasses import replace

from engine.core.seats import seat_tag
from saves.seats import SeatLeases
from saves.session import GameSession
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
async def test_home_told_the_same_count_again_is_not_laid_out_again(toy, tmp_path):
    """A game opened rings the player's doorbell: Home, under the screen on top, hears the same
    count and is left as it is."""
    three_waiting(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        home = app.screen
        layouts: list[object] = []
        home.screen_layout_refresh_signal.subscribe(home, layouts.append)
        home.show_waiting(3)
        await settle(pilot)
        assert not layouts
        home.show_waiting(2)
        await settle(pilot)
        assert layouts and text_of(home.query_one("#your-move")).startswith("Your move in 2 games")


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
async def test_the_mine_view_comes_from_the_players_file_without_waiting_for_the_list_of_every_game(toy, tmp_path):
    ids = three_waiting(tmp_path)
    app = make_app(tmp_path)
    listing = threading.Event()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        listed = app.store.summaries
        app.store.summaries = lambda: (listing.wait(10), listed())[1]  # the list of every game is held up
        try:
            await pilot.press("r", "m")
            await until(pilot, lambda: len(titles(app.screen)) == 3, settled=False)
            assert [game.summary.id for game in app.screen.mine] == ids and not listing.is_set()
        finally:
            listing.set()
        await settle(pilot)
        assert titles(app.screen) == ["oldest", "middle", "newest"]


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


def owned_game(tmp_path) -> str:
    """A game whose seat A is Ann's key's and B Bruno's; Ann has pledged: it waits for Bruno."""
    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    leases = SeatLeases(tmp_path, save_id)
    leases.acquire(0, "ann's terminal", identity=ANN)
    leases.acquire(1, "bruno's terminal", identity=BRUNO)
    leases.release(0, "ann's terminal")
    leases.release(1, "bruno's terminal")
    play(tmp_path, save_id, 0, "pledge")
    return save_id


def play(tmp_path, save_id: str, seat: int, choice: str) -> None:
    """A move made elsewhere: another session of the game, with a store of its own."""
    session = GameSession.resume(SaveStore(tmp_path), save_id)
    session.act(seat, next(c.id for c in session.match.legal(seat) if c.id.startswith(choice)))


def as_ann(tmp_path, **kwargs):
    """An app of Ann's (as over SSH: her key), whose bell rings are noted in ``app.rings``."""
    app = make_app(tmp_path, **kwargs)
    app.identity = ANN
    app.rings = []
    app.bell = lambda: app.rings.append(type(app.screen))
    return app


@pilot_test
async def test_a_game_coming_to_your_move_while_you_are_elsewhere_counts_and_rings_once(toy, tmp_path):
    save_id = owned_game(tmp_path)
    app = as_ann(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.your_moves.games is not None)
        line = app.screen.query_one("#your-move")
        assert not line.display and not app.rings  # Bruno's move
        play(tmp_path, save_id, 1, "pledge")  # Ann's move now
        await until(pilot, lambda: line.display)
        assert text_of(line).startswith("Your move in 1 game") and app.rings == [HomeScreen]
        await pilot.press("s")  # the play records: elsewhere in the app
        await settle(pilot)
        play(tmp_path, save_id, 0, "peek")  # still Ann's move: no second ring
        play(tmp_path, save_id, 0, "draw")  # Bruno's move
        await until(pilot, lambda: not line.display)  # Home, under the play records, follows
        play(tmp_path, save_id, 1, "draw")  # Ann's again: it rings again
        await until(pilot, lambda: len(app.rings) == 2)
        assert app.rings == [HomeScreen, StatsScreen] and line.display


@pilot_test
async def test_a_ring_reads_the_players_waiting_file_and_no_save(toy, tmp_path, monkeypatch):
    save_id = owned_game(tmp_path)
    app = as_ann(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.your_moves.games is not None)
        store, reads = app.store, []
        for name in ("summaries", "signed_summaries", "_game_entries", "_read_signed", "_header_summary", "load"):
            real = getattr(store, name)
            monkeypatch.setattr(store, name, lambda *args, real=real, name=name: (reads.append(name), real(*args))[1])
        play(tmp_path, save_id, 1, "pledge")
        await until(pilot, lambda: app.screen.query_one("#your-move").display)
        assert reads == [] and app.rings == [HomeScreen]


@pilot_test
async def test_no_bell_when_the_player_turned_it_off(toy, tmp_path):
    save_id = owned_game(tmp_path)
    store = SaveStore(tmp_path)
    store.put_settings(replace(store.settings(), bell=False))
    app = as_ann(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.your_moves.games is not None)
        play(tmp_path, save_id, 1, "pledge")
        await until(pilot, lambda: app.screen.query_one("#your-move").display)
        assert not app.rings


@pilot_test
async def test_at_the_game_s_own_table_only_the_table_rings(toy, tmp_path):
    save_id = owned_game(tmp_path)
    app = as_ann(tmp_path, join=(save_id, 0))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.your_moves.games is not None)
        play(tmp_path, save_id, 1, "pledge")  # Ann's turn: her table says so, and rings
        await until(pilot, lambda: app.your_moves.waiting and app.rings)
        await settle(pilot)
        assert app.rings == [TableScreen]


@pilot_test
async def test_a_player_with_too_many_games_for_a_file_gets_the_count_again_when_home_is_shown(toy, tmp_path,
                                                                                              monkeypatch):
    from saves import waiting

    monkeypatch.setattr(waiting, "MOST_GAMES", 0)  # no waiting file: no doorbell follows this player
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not app.screen.query_one("#your-move").display
        await pilot.press("s")  # Stats, over Home
        await settle(pilot)
        assert isinstance(app.screen, StatsScreen)
        three_waiting(tmp_path)
        await pilot.press("escape")
        await until(pilot, lambda: text_of(app.screen.query_one("#your-move")).startswith("Your move in 3 games"))

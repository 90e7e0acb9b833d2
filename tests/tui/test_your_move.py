"""Your move, everywhere: Home counts the games waiting for this player, Resume's Mine view
lists theirs (the longest waiting first, with whose move it is), and ctrl+n goes to the next
game waiting. Locally every human seat is this player's."""

from __future__ import annotations

import time

from engine.core.seats import seat_tag
from saves.store import SaveStore
from tests.tui.helpers import make_app, new_save, pilot_test, settle, text_of, until
from tui.screens.home import HomeScreen
from tui.screens.resume import ResumeScreen
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

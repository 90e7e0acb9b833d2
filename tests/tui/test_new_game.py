"""The New game form at 80x24, through the keyboard: what each row says, an open list, and the
game it offers first."""

from __future__ import annotations

from textual.widgets import Label, Select
from textual.widgets._select import SelectOverlay

from engine.registry import rules_for, titles
from saves.store import SaveStore
from tests.tui.helpers import make_app, pilot_test, settle
from tui.compat import screen_strips
from tui.screens.new_game import NewGameScreen
from tui.screens.table import TableScreen


def shown(app, region) -> str:
    """The words the screen shows in ``region``, its lines joined by a space."""
    lines = ["".join(segment.text for segment in strip) for strip in screen_strips(app)]
    cut = [line[region.x:region.right] for line in lines[region.y:region.bottom]]
    return " ".join(" ".join(cut).split())


async def open_form_for(pilot, game_id: str) -> NewGameScreen:
    """Home's New game, then the game chosen from its list with the arrows."""
    await pilot.press("n")
    await settle(pilot)
    order = list(titles())
    await pilot.press("enter", *["down"] * order.index(game_id), "enter")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, NewGameScreen) and screen.game_id == game_id
    return screen


@pilot_test
async def test_polis_seats_go_by_the_names_of_their_sides(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form_for(pilot, "polis")
        labels = [shown(app, screen.query_one(f"#seat-{seat} Label").region) for seat in (0, 1)]
        assert labels == ["●A Athens", "▲B Sparta"]


@pilot_test
async def test_every_label_and_value_of_every_game_reads_whole_at_80x24(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        for game_id in titles():
            screen = await open_form_for(pilot, game_id)
            for option in rules_for(game_id).offered_options():
                select = screen.query_one(f"#option-{option.key}", Select)
                row = select.parent
                assert shown(app, row.query_one(Label).region) == option.label
                for value, label in option.values:
                    select.value = value
                    await settle(pilot, rounds=1)
                    assert label in shown(app, select.region)
            await pilot.press("escape")
            await settle(pilot)


@pilot_test
async def test_an_open_list_pushes_the_rows_below_it_down(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form_for(pilot, "almadi")
        table_mode = screen.query_one("#option-table", Select)
        while not table_mode.has_focus:
            await pilot.press("tab")
        await pilot.press("enter")
        await settle(pilot)
        overlay = table_mode.query_one(SelectOverlay)
        assert table_mode.expanded and overlay.region.height
        others = [row for row in screen.query(".field") if row is not table_mode.parent and row.display]
        assert not [row.id or str(row.query_one(Label).content) for row in others
                    if row.region.overlaps(overlay.region)]
        listed = shown(app, overlay.region)
        assert "Off: Tabula makes the draws" in listed and "On: real components, you say what was drawn" in listed


@pilot_test
async def test_the_form_offers_first_the_game_last_started(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form_for(pilot, "polis")
        while not screen.query_one("#kind-1", Select).has_focus:
            await pilot.press("tab")
        await pilot.press("enter", "up", "up", "enter", "ctrl+s")  # Bruno plays too: no bot to think
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
    assert SaveStore(tmp_path).settings().last_game == "polis"
    again = make_app(tmp_path)  # the app started anew on the same data folder
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await settle(pilot)
        assert again.screen.query_one("#game", Select).value == "polis"

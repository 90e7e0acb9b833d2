"""Pilot tests playing Thebai through the keyboard."""

from __future__ import annotations

from saves.store import SaveStore
from tests.tui.helpers import make_app, new_save, open_first_save, pilot_test, settle, text_of
from tui.screens.end import EndScreen
from tui.screens.home import HomeScreen
from tui.screens.table import TableScreen


@pilot_test
async def test_a_whole_two_player_game_through_the_keyboard(tmp_path):
    new_save(tmp_path, "thebai", [("Alice", "human"), ("Bruno", "greedy")], seed=3)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        for move in range(600):
            if isinstance(app.screen, EndScreen):
                break
            count = len(table.state.choices)
            assert count, "a human must always have a choice while the game runs"
            if move % 4 == 3 and count > 1:
                await pilot.press("down", "enter")
            else:
                await pilot.press(str(move % min(count, 9) + 1))
            await settle(pilot, rounds=1)
        end = app.screen
        assert isinstance(end, EndScreen)
        sheet = text_of(end.query_one("#sheet"))
        for word in ("Council", "Estate", "City dice", "Different suits", "Same suit", "Total", "●A Alice"):
            assert word in sheet
        await pilot.press("enter")
        assert isinstance(app.screen, HomeScreen)
    [record] = SaveStore(tmp_path).summaries()
    assert record.status == "finished" and record.moves == len(table.session.match.actions)


@pilot_test
async def test_number_keys_sit_on_the_board_where_the_choices_act(tmp_path):
    from tui.boards.thebai_panels import action_name

    new_save(tmp_path, "thebai", [("Alice", "human"), ("Bruno", "greedy")], seed=3)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        while not table.state.choices[0].id.startswith("die:"):  # the starting tile and contract
            await pilot.press("1")
            await settle(pilot)
        await pilot.press("1")  # use a citizen die: the estate shows where it may go
        await settle(pilot)
        assert table.focused_view == "player:0"
        estate = text_of(table.query_one("#player-0"))
        on_estate = [(n, c) for n, c in enumerate(table.state.choices, 1) if c.target and c.target.startswith("e0.")]
        assert on_estate
        for number, choice in on_estate:
            assert f"{number}{action_name(choice.target[3:])}"[:6] in estate
        await pilot.press("v")  # the city, with the keys of the city's dice spaces
        await settle(pilot)
        city = text_of(table.query_one("#shared"))
        in_city = [n for n, c in enumerate(table.state.choices, 1) if c.target and c.target[0] in "hv" and n <= 9]
        assert all(f"[{n}]" in city for n in in_city)

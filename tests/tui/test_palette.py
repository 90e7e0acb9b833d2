"""The command palette offers what the screen in front of the user can do."""

from tests.tui.helpers import TWO_HUMANS, make_app, new_save, open_first_save, pilot_test, settle
from tui.commands import TabulaCommands


def offered(app) -> dict[str, str]:
    return {name: help_text for name, help_text, _ in TabulaCommands(app.screen).commands()}


@pilot_test
async def test_home_offers_new_game_resume_and_a_rules_picker(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        commands = offered(app)
        assert {"Rules help", "New game", "Resume a game"} <= set(commands)
        assert "pick which" in commands["Rules help"] and "Zoom the map" not in commands


@pilot_test
async def test_a_pantheon_table_offers_zoom_and_views_and_almadi_no_zoom(tmp_path):
    new_save(tmp_path, "pantheon", TWO_HUMANS)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        await pilot.press("enter")  # past the curtain
        await settle(pilot)
        commands = offered(app)
        assert {"Zoom the map", "Next view", "Score sheet", "Game log", "Table talk", "Settings",
                "Back to home"} <= set(commands)
        assert "current decision" in commands["Rules help"]
    new_save(tmp_path, "almadi", TWO_HUMANS)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        assert "Zoom the map" not in offered(app)

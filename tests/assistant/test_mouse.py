"""The assistant's lists by mouse: a click picks the option under the pointer, as Enter does
(their cursor gutter once hid Textual's own ``gutter``, and a click crashed the app)."""

from __future__ import annotations

from tests.tui.helpers import make_app, pilot_test, settle
from tui.screens.assistant import AssistantGameScreen, AssistantHomeScreen

SIZE = (80, 24)


@pilot_test
async def test_a_click_on_a_game_of_the_assistant_opens_it(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await settle(pilot)
        assert isinstance(app.screen, AssistantHomeScreen)
        await pilot.click("#games", offset=(4, 1))
        await settle(pilot)
        assert isinstance(app.screen, AssistantGameScreen)
        await pilot.click("#tools", offset=(4, 1))
        await settle(pilot)
        assert not isinstance(app.screen, AssistantGameScreen)

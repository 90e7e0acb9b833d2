"""Where a game stands reads in the player's language: the table's status line and the replay's
(the round or epoch it is in), in Japanese for a Japanese player."""

from __future__ import annotations

from engine.core.bots import RandomBot
from tests.tui.helpers import make_app, new_save, pilot_test, settle, text_of
from tui.screens.replay import ReplayScreen


def almadi_four_moves_in(data_dir):
    """Four moves of a two-player game: the first turn (a landscape taken, placed, its effects
    used or not) and into the second."""
    session = new_save(data_dir, "almadi", [("Ann", "human"), ("Bruno", "human")], seed=3)
    bot = RandomBot(3)
    for _ in range(4):
        seat = session.match.awaiting()[0]
        session.act(seat, bot.choose(session.match, seat).id)


@pilot_test
async def test_the_table_and_its_replay_say_where_the_game_stands_in_japanese(tmp_path):
    almadi_four_moves_in(tmp_path)
    app = make_app(tmp_path, language="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
        assert "・ラウンド1/16・" in text_of(app.screen.query_one("#status"))
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert "Almadi · 手番2/32 · " in text_of(app.screen.query_one("#status"))

"""Where a game stands reads in the player's language: the table's status line, the replay's
(the round or epoch it is in) and Resume's list, in Japanese for a Japanese player."""

from __future__ import annotations

import json

from engine.core.bots import RandomBot
from engine.i18n import language
from saves.store import SaveStore
from tests.tui.helpers import make_app, new_save, pilot_test, settle, text_of
from tui.screens.replay import ReplayScreen
from tui.widgets.row_list import RowList


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


def written_before_progress_said(store: SaveStore, save_id: str) -> None:
    """The save as a Tabula that kept only its English progress wrote it."""
    path = store.path_of(save_id)
    data = json.loads(path.read_text())
    del data["save"]["1"]["progress_said"]
    path.write_text(json.dumps(data, separators=(",", ":")))


@pilot_test
async def test_resume_lists_where_a_game_stands_in_japanese_and_an_old_saves_english_as_it_is(tmp_path):
    new_save(tmp_path, "thebai", [("Ann", "human"), ("Bruno", "greedy")], seed=3, title="Ann's game")
    old = new_save(tmp_path, "thebai", [("Cleo", "human"), ("Dara", "greedy")], seed=4, title="Cleo's game")
    written_before_progress_said(SaveStore(tmp_path), old.record.id)
    app = make_app(tmp_path, language="ja")
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        table = app.screen.query_one("#saves", RowList)
        rows = [" ".join(table.get_row_at(row)) for row in range(table.row_count)]
    ann, cleo = (next(row for row in rows if title in row) for title in ("Ann's game", "Cleo's game"))
    assert language("ja").gettext("setup") in ann and "setup" not in ann
    assert "setup" in cleo

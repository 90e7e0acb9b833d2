"""Text from saves, files and login names is shown as plain text in the app: never markup,
never terminal control (Pilot, with what the compositor would paint)."""

from __future__ import annotations

import pytest

from engine.core.contract import HINTS
from saves.session import GameSession
from saves.store import SaveStore, Seat
from tests.hostile.corpus import (
    HOSTILE,
    MARKUP,
    bad_characters,
    real_save,
    screen_text,
)
from tests.tui.helpers import make_app, new_save, open_table, pilot_test, settle, until
from tui.compat import notifications
from tui.screens.end import EndScreen, ScoreSheetScreen
from tui.screens.resume import ResumeScreen
from tui.screens.table import TableScreen
from tui.widgets.dialogs import ReadDialog


def notices(app) -> str:
    return "\n".join(f"{n.title}: {n.message}" for n in notifications(app))


def assert_plain(app, *expected: str) -> str:
    """The screen shows no control character, and shows each of ``expected`` literally."""
    shown = screen_text(app)
    assert not bad_characters(shown), f"control characters on screen: {bad_characters(shown)!r}"
    for text in expected:
        assert text in shown, f"{text!r} is not shown literally"
    return shown


@pilot_test
async def test_every_text_field_of_a_save_is_plain_in_resume_and_at_the_table(toy, tmp_path):
    for text in HOSTILE:
        real_save(tmp_path, names=(text, "Bruno"), title=text, progress=text, updated=text, created=text)
    app = make_app(tmp_path)
    async with app.run_test(size=(160, 50), notifications=True) as pilot:
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        assert_plain(app, *MARKUP[:2])
        for row in range(len(HOSTILE)):
            app.screen.query_one("#saves").move_cursor(row=row)
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.state is not None)
            assert_plain(app)
            await pilot.press("s")  # the running score sheet names the players too
            await settle(pilot)
            assert isinstance(app.screen, ScoreSheetScreen)
            assert_plain(app)
            await pilot.press("escape", "escape")
            await settle(pilot)
            await pilot.press("r")
            await settle(pilot)
        assert "Error" not in notices(app)


@pytest.mark.parametrize("size", [(160, 50), (200, 60)], ids=["160x50", "200x60"])
@pytest.mark.parametrize("game", ["almadi", "pantheon", "thebai", "polis"])
@pilot_test
async def test_player_names_are_plain_on_every_board_panel(tmp_path, game, size):
    names = ["[/]x", "\x1b]0;pwned\x07\x1b[2J"]
    if game in ("pantheon", "thebai"):
        names.append("[link=https://evil.example]c[/link]")
    store = SaveStore(tmp_path)
    GameSession.new(store, game, "[/x]", [Seat(name, "human") for name in names], seed=3)
    app = make_app(tmp_path)
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.state is not None)
        if app.screen.curtain_up:
            assert_plain(app)
            await pilot.press("enter")
            await settle(pilot)
        for _ in range(len(app.screen.views())):
            assert_plain(app, "[/]x")
            await pilot.press("v")
            await settle(pilot)


@pilot_test
async def test_hostile_names_at_the_end_of_a_game(toy, tmp_path):
    store = SaveStore(tmp_path)
    GameSession.new(store, "toy", "[/x] end", [Seat("[/]", "greedy"), Seat("[b]x[/b", "random")], seed=5)
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 40), notifications=True) as pilot:
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, EndScreen), timeout=30)
        assert_plain(app, "[/]", "[b]x[/b", "[/x] end")


@pytest.mark.parametrize("status", ["[/]", "\x1b[2J", "[link=https://evil.example]x[/link]"])
@pilot_test
async def test_a_bad_status_is_reported_plainly_at_start_up(toy, tmp_path, status):
    real_save(tmp_path, status=status)
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await until(pilot, lambda: app.screen.query_one("#problems").display)
        assert_plain(app, "unknown status")


@pilot_test
async def test_a_save_that_does_not_replay_is_reported_plainly(toy, tmp_path):
    real_save(tmp_path, title="[/x]", actions=[{"a": 0, "c": "[/]nonsense"}])
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: "Cannot resume" in notices(app))
        assert "[/x]" in notices(app)
        assert_plain(app, "[/x]")


@pilot_test
async def test_a_save_of_an_unknown_hostile_game_is_listed_and_refused_plainly(toy, tmp_path):
    real_save(tmp_path, game="[/]\x1b[2J")
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.press("r")
        await settle(pilot)
        assert_plain(app, "[/]")
        await pilot.press("enter")
        await until(pilot, lambda: "Cannot resume" in notices(app))
        assert_plain(app)


@pilot_test
async def test_rename_and_delete_dialogs_quote_a_hostile_title_plainly(toy, tmp_path):
    real_save(tmp_path, title="[/]\x1b]0;pwned\x07")
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert_plain(app, "New title for")
        await pilot.press("escape", "d")
        await settle(pilot)
        assert_plain(app, "Delete")


@pilot_test
async def test_a_hostile_login_name_plays_a_whole_game(toy, tmp_path, monkeypatch):
    from tui.serve import PLAYER_NAME

    monkeypatch.setenv(PLAYER_NAME, "[/]x")
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.state is not None)
        assert_plain(app, "[/]x")
        for _ in range(200):
            if isinstance(app.screen, EndScreen):
                break
            await pilot.press("enter" if app.screen.curtain_up else "1")
            await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        assert_plain(app, "[/]x")


@pilot_test
async def test_hostile_names_in_play_records_are_plain_on_every_stats_tab(tmp_path):
    from saves.records import PlayerResult, PlayRecord

    store = SaveStore(tmp_path)
    for day in range(1, 4):
        store.records.put(PlayRecord(f"r{day}", f"2025-01-0{day}T20:00:00+00:00", "pantheon",
                                     [PlayerResult("\x1b]0;pwned\x07\x1b[2J", 30 + day, {"Gods\x1b[31m": 5}, True),
                                      PlayerResult("[/]x", 20)], source="sheet"))
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await until(pilot, lambda: type(app.screen).__name__ == "StatsScreen")
        assert_plain(app, "[/]x")
        for _ in range(3):
            await pilot.press("right")  # the next tab: a chart
            await settle(pilot)
            assert_plain(app)


@pilot_test
async def test_a_hostile_name_is_plain_in_the_hint_panel_and_the_whole_choice_dialog(toy, tmp_path):
    name = "[/][b]x[/b"  # markup that does not parse: as a border title it was a MarkupError
    session = new_save(tmp_path, "toy", [(name, "human"), ("Bruno", "greedy")], options={HINTS: True})
    session.act(0, "pledge:low")
    session.play_bots()
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        table = await open_table(pilot)
        await pilot.press("h")
        await until(pilot, lambda: table.query_one("#hint").display, timeout=20)
        assert_plain(app, f"Hint for ●A {name}")
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, ReadDialog)
        assert_plain(app)
        assert "Error" not in notices(app)

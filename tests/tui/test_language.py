"""The language at the terminal: chosen in Settings, it takes effect at once (Home and the footer
say their words again), is remembered for next time, and `tabula --lang` asks for one."""

from __future__ import annotations

from datetime import datetime

import pytest

from saves.store import SaveStore
from tests.hostile.corpus import screen_text
from tests.tui.helpers import make_app, new_save, open_first_save, pilot_test, settle, text_of
from tui import i18n
from tui.cli import build_parser
from tui.cli.base import language
from tui.screens.home import HomeScreen
from tui.screens.settings import SettingsScreen
from tui.widgets.footer import Footer


def menu(screen) -> list[str]:
    return [str(option.prompt) for option in screen.query_one("#menu").options]


def footer_labels(screen) -> list[str]:
    return [key.description for key in screen.query_one(Footer)._wanted]


@pilot_test
async def test_switching_to_japanese_in_settings_turns_home_japanese_at_once_and_is_remembered(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert menu(app.screen)[0] == "New game  (n)"
        await pilot.press("o")
        await settle(pilot)
        assert isinstance(app.screen, SettingsScreen)
        rows = [str(option.prompt) for option in app.screen.query_one("#settings").options]
        assert rows[-1] == f"{len(rows)} Language / 言語: English"
        await pilot.press(str(len(rows)))
        await settle(pilot)
        rows = [str(option.prompt) for option in app.screen.query_one("#settings").options]
        assert rows[0].startswith("1 手番ベル：オン") and rows[-1].endswith("言語: 日本語")
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert menu(app.screen)[:2] == ["新しいゲーム  (n)", "ゲームを再開  (r)"]
        assert text_of(app.screen.query_one("#tagline")) == "テーバイ、アルマディ、ポリス、パンテオンのための卓"
        assert "ルール" in footer_labels(app.screen)
    assert SaveStore(tmp_path).settings().language("") == "ja"

    again = make_app(tmp_path)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert menu(again.screen)[0] == "新しいゲーム  (n)"


@pilot_test
async def test_a_thebai_table_reads_in_the_language_asked_for(tmp_path):
    new_save(tmp_path, "thebai", [("Ann", "human"), ("Bruno", "human")], seed=3)
    app = make_app(tmp_path, language="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        assert table.state.view["prompt"].startswith("Ann：開始カドメイアタイルを選んでください")
        assert table.state.view["log"][0] == "手番順：Ann、Bruno"
        prompt = text_of(table.query_one("#prompt"))
        assert prompt.startswith("▶\u2800●A\u2800Ann：開始カドメイアタイルを選んでください")
        row = next(line for line in screen_text(app).splitlines() if "●A" in line and "▶" in line)
        assert "●A\u2800Ann：開始" in row, row  # the mark stays with the sentence, not alone on its row
        app.switch_language("en")
        await settle(pilot)
        assert table.state.view["prompt"].startswith("Ann: pick a starting Cadmea tile")
        assert text_of(table.query_one("#prompt")).startswith("▶ ●A Ann: pick a starting Cadmea tile")



def test_tabula_lang_asks_for_a_language_before_or_after_the_command():
    assert language(build_parser().parse_args(["--lang", "ja"])) == "ja"
    assert language(build_parser().parse_args(["saves", "--lang", "en"])) == "en"
    assert language(build_parser().parse_args([])) is None
    assert i18n.chosen(None, "ja") == "ja" and i18n.chosen("en", "ja") == "en"


@pilot_test
async def test_resume_in_japanese_says_its_title_columns_and_footer_in_japanese(tmp_path):
    from textual.widgets import Label

    from tui.widgets.row_list import RowList

    new_save(tmp_path, "thebai", [("Ann", "human"), ("Bruno", "greedy")], seed=3)
    app = make_app(tmp_path, language="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert text_of(app.screen.query_one(".screen-title", Label)) == "ゲームを再開"
        columns = app.screen.query_one("#saves", RowList).headers
        assert columns == ["タイトル", "ゲーム", "進行", "最後", "プレイ中"]
        assert {"自分/全部", "席に着く", "リプレイ", "名前変更"} <= set(footer_labels(app.screen))
        assert "Ann, ▲B Bruno（初級ボット）" in text_of(app.screen.query_one("#save-detail"))


def test_a_bot_is_marked_in_the_language_read_now():
    """Each kind's mark is kept per language (a list has thousands of seats), never across them."""
    from tui.text import bot_mark

    try:
        assert bot_mark("greedy") == " (easy bot)"
        i18n.use("ja")
        assert bot_mark("greedy") == "（初級ボット）" and bot_mark("human") == ""
        i18n.use("en")
        assert bot_mark("greedy") == " (easy bot)"
    finally:
        i18n.use("en")


def test_times_are_written_the_japanese_way():
    from tui.text import short_time

    try:
        i18n.use("ja")
        assert short_time("2025-03-01T14:05:00") == "2025年3月1日 14:05"
        assert short_time("2025-03-01T14:05:00", compact=True) == "2025/03/01"
        i18n.use("en")
        assert short_time("2025-03-01T14:05:00") == "2025-03-01 14:05"
        assert short_time("2025-03-01T14:05:00", compact=True) == "2025-03-01"
    finally:
        i18n.use("en")


@pytest.mark.parametrize("pattern", ["yyyy-MM-dd HH:mm", "HH:mm", "MM-dd HH:mm", "yyyy-MM-dd", "y年M月d日 H:mm",
                                     "M/d H:mm", "y/MM/dd", "d MMM y", "yy-MM-dd", "h:mm a", "'at' HH:mm",
                                     "HH:mm '100%'", "'at'"])
@pytest.mark.parametrize("code", ["en", "ja"])
def test_dates_are_written_as_babel_writes_them(pattern, code):
    """The list of saves writes its dates' numbers itself (thousands of rows); whatever the
    catalogue's pattern, the date reads as Babel writes it."""
    from babel.dates import parse_pattern

    from tui.text import _date_pattern

    for moment in (datetime(2025, 3, 1, 4, 5), datetime(987, 12, 31, 23, 59)):
        assert _date_pattern(pattern, code)(moment) == str(parse_pattern(pattern).apply(moment, code))


def test_counts_and_places_follow_the_language():
    from tui.i18n import ngettext
    from tui.text import ordinal

    try:
        i18n.use("ja")
        assert ordinal(2) == "2位" and ngettext("{n} play", "{n} plays", 3).format(n=3) == "3プレイ"
        i18n.use("en")
        assert ordinal(2) == "2nd" and ngettext("{n} play", "{n} plays", 1).format(n=1) == "1 play"
    finally:
        i18n.use("en")

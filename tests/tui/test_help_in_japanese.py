"""The rules help (F1) in Japanese: each game's help.ja.md has exactly the English help's topics,
so F1 opens at the decision in front of the player in either language; a help not written in
the reader's language is shown in English."""

from __future__ import annotations

import pytest
from textual.widgets import Label, Markdown, OptionList

from engine.registry import titles
from tests.tui.helpers import make_app, new_save, open_first_save, pilot_test, settle, text_of
from tests.tui.scenes import thebai_archon, thebai_mid_game
from tui.help_text import LEAVING, help_path, in_language, load_sections
from tui.screens.help import HelpScreen

GAMES = sorted(titles())


@pytest.mark.parametrize("game_id", GAMES)
def test_the_japanese_help_has_exactly_the_english_topics_in_the_same_order(game_id):
    assert in_language(help_path(game_id), "ja").name == "help.ja.md"
    english, japanese = load_sections(game_id), load_sections(game_id, "ja")
    assert [s.topic for s in japanese] == [s.topic for s in english]
    assert len({s.topic for s in japanese}) == len(japanese)
    for section in japanese:
        assert section.title not in {s.title for s in english}, section.title
        assert any("\u3040" <= char <= "\u30ff" for char in section.title + section.body), section.topic


def test_the_japanese_reading_section_spells_out_every_short_mark_of_the_thebai_table():
    from engine.thebai.catalog import catalog
    from tui.boards.thebai_panels import ACTION_SHORT

    reading = next(s for s in load_sections("thebai", "ja") if s.topic == "reading").body
    for roof in catalog().roofs.values():
        assert f"{roof['short']}（{roof['id']}、" in reading, roof["id"]
    for name, short in ACTION_SHORT.items():
        assert f"{short}（{name}、" in reading, name


def test_a_help_file_not_written_in_a_language_falls_back_to_english_file_by_file(tmp_path):
    english = tmp_path / "help.md"
    english.write_text("## Turn {#turn}\nTake one.\n", encoding="utf-8")
    assert in_language(english, "ja") == english
    (tmp_path / "help.ja.md").write_text("## 手番 {#turn}\n1つ取ります。\n", encoding="utf-8")
    assert in_language(english, "ja") == tmp_path / "help.ja.md"
    assert in_language(english, "en") == english
    assert in_language(LEAVING, "ja").name == "help_leaving.ja.md"


@pilot_test
async def test_f1_at_a_japanese_thebai_table_opens_the_decisions_topic_in_japanese(tmp_path):
    thebai_mid_game(tmp_path)
    app = make_app(tmp_path, language="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await thebai_archon(pilot)
        table = app.screen
        assert table.state.view["topic"] == "archon"
        await pilot.press("f1")
        await settle(pilot)
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen) and help_screen.shown_topic == "archon"
        assert text_of(help_screen.query_one(".screen-title", Label)) == "ルールヘルプ — Thebai"
        topics = help_screen.query_one("#help-topics", OptionList)
        assert str(topics.get_option_at_index(topics.highlighted or 0).prompt) == "アルコーンの移動"
        shown = help_screen.query_one("#help-text", Markdown).source
        assert shown.startswith("## アルコーンの移動\n") and "1ドラクマ" in shown
        assert str(topics.get_option_at_index(topics.option_count - 1).prompt) == "途中退出と引き分け"
        await pilot.press("escape")
        assert app.screen is table


@pilot_test
async def test_a_game_without_japanese_help_shows_its_english_help_to_a_japanese_reader(toy, tmp_path):
    new_save(tmp_path, "toy", [("Alice", "human"), ("Bruno", "random")])
    app = make_app(tmp_path, language="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        await pilot.press("f1")
        await settle(pilot)
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen) and help_screen.shown_topic == "pledge"
        assert [s.topic for s in help_screen.sections[:-1]] == [s.topic for s in load_sections("toy")[:-1]]
        assert help_screen.query_one("#help-text", Markdown).source.startswith(
            f"## {load_sections('toy')[help_screen.start].title}\n")
        assert help_screen.sections[-1].title == "途中退出と引き分け"  # this file has its translation

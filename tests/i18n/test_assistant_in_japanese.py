"""The table assistant reads in Japanese: every setup step (with its table lines), section and draw
label, and every round helper's and score sheet's title, help, field label and hint of the four
games has a Japanese translation, and each step fills in for every player count."""

from __future__ import annotations

import pytest

from engine.almadi.assistant import OBJECTIVES_TYPED, ROW_TYPED
from engine.assistant.forms import DIGITS, NUMBERS
from engine.assistant.games import GAME_IDS, assistant_for
from engine.i18n import language
from engine.pantheon.assistant import SEATS_TYPED
from engine.polis.assistant import CITIES_TYPED
from engine.thebai.assistant import DICE
from tests.tui.helpers import pilot_test

JAPANESE = language("ja")
SEEDS = range(6)
"""Enough seeds that each player gets each turn-order place (Thebai's starting table)."""


def checklist_texts(game_id: str) -> set[str]:
    game = assistant_for(game_id)
    texts = set()
    for players in game.PLAYER_COUNTS:
        for seed in SEEDS:
            checklist = game.setup_checklist(players, seed)
            for step in checklist.steps:
                texts |= {step.section, step.template, *(line for line, _ in step.lines)}
            texts |= {draw.label_template for draw in checklist.draws}
    return texts


def form_texts(game_id: str) -> set[str]:
    texts = set()
    for form in assistant_for(game_id).FORMS:
        texts |= {form.title, form.help}
        for field in (*form.shared, *form.per_player):
            texts |= {field.label} | ({field.hint} if field.hint else set())
    return texts


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_checklist_text_has_a_japanese_translation(game_id):
    missing = sorted(text for text in checklist_texts(game_id) if not JAPANESE.translated(text))
    assert missing == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_form_text_has_a_japanese_translation(game_id):
    missing = sorted(text for text in form_texts(game_id) if not JAPANESE.translated(text))
    assert missing == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_checklists_read_in_japanese_with_their_numbers(game_id):
    game = assistant_for(game_id)
    for players in game.PLAYER_COUNTS:
        checklist = game.setup_checklist(players, seed=1)
        for step in checklist.steps:
            japanese = step.words(JAPANESE.gettext)
            assert japanese != step.text
            for template, args in ((step.template, step.args), *step.lines):
                filled = [value for key, value in args.items() if f"{{{key}}}" in template]
                assert all(str(value) in japanese for value in filled), step.id
        for draw in checklist.draws:
            assert draw.label_words(JAPANESE.gettext) != draw.label


@pilot_test
async def test_a_battle_helper_notes_a_refusal_and_a_new_sheet_title_read_in_japanese(tmp_path):
    from tests.assistant.test_screens import open_tool
    from tests.tui.helpers import make_app, settle, text_of
    from tui.screens.assistant_form import FormScreen

    app = make_app(tmp_path, language="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_tool(pilot, "thebai", ["down"])  # Thebai, 3 players, a battle
        screen = app.screen
        assert isinstance(screen, FormScreen)
        assert screen.sheet["title"] == "Thebaiの運命フェイズ：戦闘・3人"
        await pilot.press("2", "enter", "1", "enter")  # battle 2, invader card +1
        await pilot.press(*"3 2", "tab", "2", "tab", "2", "down", "1")
        await settle(pilot)
        summary, breakdown = text_of(screen.query_one("#form-summary")), text_of(screen.query_one("#form-breakdown"))
        assert summary.startswith("侵略者のパワー3 · 門タイル：") and "次の手番順" in summary
        assert "給料：戦闘に参加したホプリタイダイス" in breakdown and "Wages" not in breakdown
        await pilot.press("x")  # no letter goes into a field of numbers
        await settle(pilot)
        hint = text_of(screen.query_one("#form-hint"))
        assert hint.startswith("⚠ 受け付けません：") and hint.endswith("のみ") and "only" not in hint


def test_a_bound_refused_says_its_reason_in_japanese():
    from engine.assistant.forms import Field, OutOfRange, sheet_words

    with pytest.raises(OutOfRange) as refused:
        Field("gates", "Gate tiles", most=4, why="4 battles, one gate tile each").value("9", 2)
    assert str(refused.value) == "9 is more than 4 (4 battles, one gate tile each)"
    assert sheet_words(JAPANESE)(refused.value.said).startswith("9は4を超えている（")


PROBES = {DIGITS: "999", NUMBERS: "9 " * 19 + "9", ROW_TYPED: "O" * 20, SEATS_TYPED: "a e", OBJECTIVES_TYPED: "+99",
          CITIES_TYPED: "99/1/1", DICE: "1 1 1 1 1"}
"""For each kind of field, what a player may type that its bounds refuse (a signed modifier has none)."""


@pytest.mark.parametrize("game_id", GAME_IDS)
@pilot_test
async def test_values_out_of_range_are_refused_all_in_japanese(game_id, tmp_path):
    from tests.assistant.test_screens import open_tool
    from tests.tui.helpers import make_app, settle, text_of
    from tests.tui.test_catalogue_complete import english_in

    refusals: dict[str, str] = {}
    app = make_app(tmp_path, language="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_tool(pilot, game_id, ["down"])  # the first sheet, after the setup checklist
        for index, form in enumerate(assistant_for(game_id).FORMS):
            if index:
                await pilot.press("escape", "down", "enter")  # the next sheet of the game's list
                await settle(pilot)
            assert app.screen.form is form
            for field in (*form.shared, *form.per_player):
                for key in PROBES.get(field.typed, ""):
                    await pilot.press(key)  # the hint is checked as each key is answered
                    hint = text_of(app.screen.query_one("#form-hint"))
                    if hint.startswith("⚠"):
                        refusals[f"{form.id}.{field.key}"] = hint
                await pilot.press("down")
    bounded = [f"{form.id}.{field.key}" for form in assistant_for(game_id).FORMS
               for field in (*form.shared, *form.per_player)
               if field.typed in PROBES and (field.most is not None or field.items is not None or field.check)]
    assert set(bounded) - set(refusals) == set()
    english = {where: english_in(hint) for where, hint in refusals.items() if english_in(hint)}
    assert not english, english


@pilot_test
async def test_a_growth_the_wheat_cannot_pay_is_said_in_japanese(tmp_path):
    from tests.assistant.test_screens import open_tool
    from tests.hostile.corpus import screen_text
    from tests.tui.helpers import make_app, settle
    from tests.tui.test_catalogue_complete import english_in

    app = make_app(tmp_path, language="ja")
    async with app.run_test(size=(160, 50)) as pilot:
        await open_tool(pilot, "polis", ["down"])  # the end of round helper
        # round 1; Athens: a city of 3 citizens, 5 prestige, 3 wheat (all eaten), and it grows by 1
        await pilot.press("1", "down", *"3/2/5", "down", "5", "down", "3", *["down"] * 5, "1")
        await settle(pilot)
        shown = screen_text(app)
    assert "成長1には小麦1が必要。食料供給の後に残るのは0" in shown, shown
    assert not english_in(shown), english_in(shown)


@pilot_test
async def test_the_saved_sheets_progress_reads_in_japanese(tmp_path):
    from engine.assistant.sheets import new_checklist, new_form
    from saves.store import SaveStore
    from tests.assistant.test_screens import rendered
    from tests.tui.helpers import make_app, settle
    from tests.tui.test_catalogue_complete import english_in
    from tui.screens.assistant_store import progress_of

    store = SaveStore(tmp_path)
    sides = ["アテネ", "スパルタ"]
    checklist, sheet = new_checklist("thebai", 3, 1, JAPANESE), new_form("polis", "final", sides, JAPANESE)
    store.put_sheet("checklist", checklist, progress_of(checklist))
    helper = new_form("polis", "round-end", sides, JAPANESE)
    store.put_sheet("open", helper, progress_of(helper))
    sheet = {**sheet, "entries": [{"population": "9"}, {"population": "4"}], "finished": True}
    store.put_sheet("finished", sheet, progress_of(sheet))
    store.put_sheet("kept-in-english", checklist, "0/31 steps")  # as a Tabula before sentences kept it
    app = make_app(tmp_path, language="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await settle(pilot)
        shown = rendered(app.screen.query_one("#sheets"))
    assert shown.count("0/31手順") == 2 and "記入中" in shown and "アテネ 9、完了" in shown, shown
    assert not english_in(shown), english_in(shown)

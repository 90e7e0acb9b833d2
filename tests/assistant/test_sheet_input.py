"""Score sheets that cannot hurt: fast typing stays in its fields, bounds refuse as typed."""

from __future__ import annotations

from textual import events

from tests.assistant.test_screens import open_tool
from tests.tui.helpers import make_app, pilot_test, settle, text_of

SIZE = (80, 24)
CHARACTERS = {"enter": "\r", "tab": "\t", "space": " ", "backspace": "\x7f"}


def burst(app, keys) -> None:
    """Keys as a terminal delivers a fast burst: all queued at once, before any is handled."""
    for key in keys:
        app.post_message(events.Key(key, CHARACTERS.get(key, key if len(key) == 1 else None)))


@pilot_test
async def test_a_burst_of_keys_lands_each_digit_in_its_field(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_tool(pilot, "thebai", ["down", "down"])  # Thebai, 3 players, final scoring
        screen = app.screen
        burst(app, ["2", "5", "enter", "1", "2", "down", "9", "tab", "2", "1", "shift+tab", "up", "4"])
        await settle(pilot)
        # back on a field, the typed text is selected: the 4 replaces the 12
        assert screen.sheet["entries"] == [{"track": "25", "council": "4", "estate": "9"}, {"estate": "21"}, {}]


@pilot_test
async def test_out_of_range_and_non_numeric_keys_are_refused_in_the_field(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_tool(pilot, "thebai", ["down", "down"])  # Thebai, 3 players, final scoring
        screen = app.screen
        await pilot.press(*["down"] * 8)  # A's gate tiles
        assert screen.focused.id == "p0-gates"
        burst(app, ["5", "x", "-", "3", "enter", "7"])  # 5 > 4 gate tiles; x and - are not digits
        await settle(pilot)
        assert screen.focused.id == "p0-goods"
        assert screen.sheet["entries"][0] == {"gates": "3", "goods": "7"}
        await pilot.press("up", "tab", "2")  # B: 2 more gate tiles would make 5 of the game's 4
        await settle(pilot)
        assert screen.sheet["entries"][1] == {}
        hint = text_of(screen.query_one("#form-hint"))
        assert hint.startswith("⚠ Not taken: ▲B · Gate tiles: 5 in all, at most 4 (4 battles, one gate tile each)")
        await pilot.press("1")  # one more is possible
        await settle(pilot)
        assert screen.sheet["entries"][1] == {"gates": "1"}
        assert text_of(screen.query_one("#form-hint")).startswith("▲B · Gate tiles")


@pilot_test
async def test_every_field_takes_its_largest_value_and_refuses_one_more(tmp_path):
    """Through the keyboard, field by field: the bound is exactly where the rules put it."""
    from engine.assistant.forms import DIGITS, limit_of
    from engine.assistant.games import GAME_IDS, assistant_for
    from engine.assistant.sheets import new_form
    from tui.screens.assistant_form import FormScreen
    from tui.screens.assistant_store import new_sheet_id

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        for game in GAME_IDS:
            module = assistant_for(game)
            players = module.PLAYER_COUNTS[-1]
            for form in module.FORMS:
                await app.push_screen(FormScreen(new_sheet_id(game), new_form(game, form.id, players)))
                await settle(pilot)
                screen = app.screen
                for field in form.per_player:
                    most = limit_of(field.most, players)
                    if field.typed != DIGITS or most is None:
                        continue
                    widget = screen.query_one(f"#p0-{field.key}")
                    screen.set_focus(widget)
                    await pilot.press(*str(most))
                    await pilot.press(*str(most + 1)[-1:])  # a digit more: out of range
                    assert widget.value == str(most), (game, form.id, field.key)
                    assert "Not taken" in text_of(screen.query_one("#form-hint")), (game, field.key)
                await pilot.press("escape")
                await settle(pilot)


@pilot_test
async def test_the_sheet_is_worked_out_off_the_ui_thread_and_shown(tmp_path):
    import threading

    from engine.assistant import sheets

    seen = []
    original = sheets.evaluate_sheet

    def spy(sheet):
        seen.append(threading.current_thread() is threading.main_thread())
        return original(sheet)

    import tui.screens.assistant_form as form_screen

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        form_screen.evaluate_sheet = spy
        try:
            await open_tool(pilot, "thebai", ["down", "down"])
            await pilot.press(*"40")
            await settle(pilot)
        finally:
            form_screen.evaluate_sheet = original
        assert seen and not any(seen)
        assert "●A 40" in text_of(app.screen.query_one("#form-summary"))


@pilot_test
async def test_ctrl_f_marks_a_score_sheet_finished(tmp_path):
    from saves.store import SaveStore

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_tool(pilot, "thebai", ["down", "down"])
        await pilot.press(*"30", "ctrl+f")
        await settle(pilot)
        screen = app.screen
        assert screen.sheet["finished"] is True
        assert "✓ finished" in text_of(screen.query_one("#form-summary"))
        assert SaveStore(tmp_path).get_sheet(screen.sheet_id)["finished"] is True

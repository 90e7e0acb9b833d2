"""Pilot tests of the table assistant at 80x24, through the keyboard only."""

from __future__ import annotations

import asyncio

from engine.assistant.games import GAME_IDS
from saves.store import SaveStore
from tests.tui.helpers import make_app, pilot_test, settle, text_of, until
from tui.screens.assistant import AssistantGameScreen, AssistantHomeScreen
from tui.screens.assistant_checklist import ChecklistScreen
from tui.screens.assistant_form import FormScreen

SIZE = (80, 24)


def rendered(widget) -> str:
    """The text a widget's content draws now, line by line (what a plain-text capture shows)."""
    return "\n".join(widget.render_line(y).text for y in range(widget.scrollable_content_region.height))


def to_game(game: str) -> list[str]:
    """The keys that pick ``game`` in the assistant's list of games."""
    return ["down"] * GAME_IDS.index(game)


async def open_tool(pilot, game: str, tool_presses: list[str]) -> None:
    """From Home: the assistant, a game, a tool (arrows from the first)."""
    await pilot.press("t")
    assert isinstance(pilot.app.screen, AssistantHomeScreen)
    await pilot.press(*to_game(game), "enter")
    assert isinstance(pilot.app.screen, AssistantGameScreen)
    await pilot.press(*tool_presses, "enter")
    await settle(pilot)


@pilot_test
async def test_tick_setup_steps_and_progress_is_saved(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_tool(pilot, "thebai", ["left"])  # Thebai, 2 players, setup checklist
        screen = app.screen
        assert isinstance(screen, ChecklistScreen)
        assert screen.checklist.players == 2
        title = screen.query_one("#checklist-title")
        assert text_of(title).endswith("0/34 done")
        draws = text_of(screen.query_one("#draws"))
        assert f"Seed {screen.sheet['seed']}" in draws and "First player:" in draws
        await pilot.press("space")  # ticks the first step and moves on to the next
        await pilot.press("down", "enter")  # skips one, ticks the third
        await settle(pilot)
        assert screen.sheet["ticked"] == ["city", "council"]
        assert text_of(title).endswith("2/34 done")
        await pilot.press("up", "up", "up", "space")  # untick the first: the cursor stays on it
        await settle(pilot)
        assert SaveStore(tmp_path).get_sheet(screen.sheet_id)["ticked"] == ["council"]
        assert "▶ [ ] City board in the middle" in rendered(screen.query_one("#steps"))


@pilot_test
async def test_type_scores_and_the_total_changes(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_tool(pilot, "thebai", ["down", "down"])  # Thebai, 3 players, final scoring
        screen = app.screen
        assert isinstance(screen, FormScreen) and screen.form.id == "final"
        summary = screen.query_one("#form-summary")
        assert "●A 0  ▲B 0  ■C 0" in text_of(summary)
        await pilot.press(*"25")  # A's score track
        await pilot.press("down", "down", "down", "down", *"4")  # A: 4 contracts of suit 1 -> 4 + 7
        await settle(pilot)
        assert "●A 36" in text_of(summary) and "●A wins" in text_of(summary)
        await pilot.press("tab", *"3", "down", "down", "down", "down", *"1")  # B: 3 of suit 1, a gate tile
        await settle(pilot)
        assert screen.sheet["entries"][1] == {"suit1": "3", "gates": "1"}
        assert "▲B 11" in text_of(summary)  # the gate tile makes a fourth of suit 1: 4 + 7
        await pilot.press("backspace", "x")  # a letter is refused in the field, not stored
        await settle(pilot)
        assert screen.sheet["entries"][1] == {"suit1": "3", "gates": ""}
        assert "Not taken: ▲B · Gate tiles: only digits" in text_of(screen.query_one("#form-hint"))


@pilot_test
async def test_battle_helper_shows_the_outcome(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_tool(pilot, "thebai", ["down"])  # Thebai, 3 players, battle
        screen = app.screen
        await pilot.press("ctrl+a", *"2", "enter", *"1", "enter")  # battle 2, modifier +1: invader 3
        await pilot.press(*"3 2", "tab", "2", "tab", *"2*")  # A: 3 + 2, B: 2, C: 2*
        await settle(pilot)
        shown = text_of(screen.query_one("#form-breakdown"))
        assert "Invader power: 3" in shown
        assert "Gate tile: ●A." in shown
        assert "won" in shown and "lost" in shown


@pilot_test
async def test_save_and_resume_a_sheet(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_tool(pilot, "polis", ["down", "down"])  # Polis final scoring
        assert app.screen.form.id == "final"
        await pilot.press(*"14", "down", *"9", "tab", *"20")
        await settle(pilot)
        await pilot.press("escape", "escape")
        await settle(pilot)
        assert isinstance(app.screen, AssistantHomeScreen)
        assert "Polis final scoring, 2p" in str(app.screen.query_one("#sheets").rows[0][0])
    app = make_app(tmp_path)  # a new session of the app
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await settle(pilot)
        await pilot.press("tab", "enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, FormScreen)
        assert screen.sheet["entries"] == [{"population": "14", "prestige": "9"}, {"prestige": "20"}]
        assert "Athens 23  Sparta 20" in text_of(screen.query_one("#form-summary"))


@pilot_test
async def test_a_change_written_after_its_screen_was_left_is_saved(tmp_path):
    """Escape right after a key, on a busy machine: the write runs once the form has gone, and lands."""
    from concurrent.futures import ThreadPoolExecutor

    from tui.screens import assistant_store

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_tool(pilot, "polis", ["down", "down"])  # Polis final scoring
        form = app.screen
        asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor())  # fresh threads, as at start-up
        with assistant_store._write_lock:  # the writes wait, as behind a slow disk
            await pilot.press(*"14", "escape")
            await until(pilot, lambda: not form.is_attached, settled=False)
        await settle(pilot)
        assert app.return_code is None  # still running
        assert SaveStore(tmp_path).get_sheet(form.sheet_id)["entries"][0] == {"population": "14"}


@pilot_test
async def test_enter_a_seed_and_the_draws_follow_it(tmp_path):
    from engine.polis.assistant import setup_checklist

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_tool(pilot, "polis", [])  # Polis setup
        screen = app.screen
        await pilot.press("s", *"2024", "enter")
        await settle(pilot)
        assert screen.sheet["seed"] == 2024
        draws = text_of(screen.query_one("#draws"))
        for draw in setup_checklist(2, 2024).draws:
            assert f"{draw.label}: {draw.value}" in draws
        assert SaveStore(tmp_path).get_sheet(screen.sheet_id)["seed"] == 2024


@pilot_test
async def test_the_tool_list_shows_its_cursor_and_stops_at_the_last_tool(tmp_path):
    # Almadi has two tools; Down twice used to wrap back to the checklist, with no cursor shown
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t", *to_game("almadi"), "enter")
        await settle(pilot)
        tools = app.screen.query_one("#tools")
        assert "▶ Setup checklist" in rendered(tools)
        await pilot.press("down")
        assert "▶ Score sheet: Final scoring" in rendered(tools) and "▶ Setup" not in rendered(tools)
        await pilot.press("down", "enter")
        await settle(pilot)
        assert isinstance(app.screen, FormScreen) and app.screen.form.id == "final"


@pilot_test
async def test_only_the_focused_list_on_home_shows_a_cursor(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_tool(pilot, "polis", ["down", "down"])  # Polis final scoring
        await pilot.press("escape", "escape")
        await settle(pilot)
        assert app.store.sheets() == []  # only looked at: no sheet saved
        await pilot.press("enter")
        await pilot.press("down", "down", "enter")
        await settle(pilot)
        await pilot.press("3")  # the first entry saves the sheet
        await pilot.press("escape", "escape")
        await settle(pilot)
        games, sheets = app.screen.query_one("#games"), app.screen.query_one("#sheets")
        assert "▶ Polis" in rendered(games) and "▶" not in rendered(sheets)
        await pilot.press("tab")
        await settle(pilot)
        assert "▶" not in rendered(games)
        assert "▶" in next(line for line in rendered(sheets).splitlines() if "Polis final scoring" in line)


@pilot_test
async def test_every_sheet_opens_and_fits_80_columns(tmp_path):
    # the Polis end-of-round labels hold '[/limit]', which once crashed the screen as markup
    from engine.assistant.games import GAME_IDS, assistant_for
    from engine.assistant.sheets import new_form
    from tui.screens.assistant_store import new_sheet_id

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        for game in GAME_IDS:
            module = assistant_for(game)
            for form in module.FORMS:
                players = max(module.PLAYER_COUNTS)
                await app.push_screen(FormScreen(new_sheet_id(game), new_form(game, form.id, players)))
                await settle(pilot)
                screen = app.screen
                inputs = list(screen.query("Input"))
                assert len(inputs) == len(form.shared) + players * len(form.per_player)
                assert all(widget.region.right <= SIZE[0] - 2 for widget in inputs), (game, form.id)
                assert "▶" in text_of(screen.query(".form-marker").first())
                await pilot.press(*["tab"] * max(1, len(form.shared)))  # to a player: the hint names both
                hint = text_of(screen.query_one("#form-hint"))
                label = module.player_labels(players)[0 if form.shared else 1]
                assert hint.startswith(f"{label} · {form.per_player[0].label}"), (game, form.id, hint)
                await pilot.press("escape")


@pilot_test
async def test_fast_keys_move_down_one_row_each(tmp_path):
    # keys arriving together (a terminal sends them in one read) must each move one row
    from textual import events

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_tool(pilot, "thebai", ["down", "down"])  # Thebai, 3 players, final scoring
        screen = app.screen
        for _ in range(3):
            screen.post_message(events.Key("down", None))
        await settle(pilot)
        assert screen.focused.id == "p0-city"
        markers = [text_of(marker) for marker in screen.query(".form-marker")]
        assert markers.index("▶ ") == 3 and markers.count("▶ ") == 1
        assert text_of(screen.query_one("#form-hint")) == "●A · Dice power on the city"


@pilot_test
async def test_results_scroll_with_page_keys_and_stand_beside_the_inputs_when_wide(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_tool(pilot, "thebai", ["down"])  # Thebai battle
        screen = app.screen
        results = screen.query_one("#form-result")
        assert "Invader power 1 · gate tile: nobody" in text_of(screen.query_one("#form-summary"))
        await pilot.press("pagedown")
        await settle(pilot)
        assert results.scroll_y > 0 and screen.focused.id == "s-battle"
        await pilot.press("pageup")
        await settle(pilot)
        assert results.scroll_y == 0
        await pilot.resize_terminal(160, 50)
        await settle(pilot)
        entry, outcome = screen.query_one("#form-entry"), screen.query_one("#form-outcome")
        assert outcome.region.x >= entry.region.right and outcome.region.height > 40
        assert not results.max_scroll_y  # everything shows at once


def test_the_checklists_spell_out_what_they_refer_to():
    from engine.polis.assistant import setup_checklist as polis
    from engine.thebai.assistant import setup_checklist as thebai

    checklist = thebai(4, seed=3)
    table = next(step.text for step in checklist.steps if step.id == "citizens-own")
    order = next(draw for draw in checklist.draws if draw.label == "Turn order").value.split()
    lines = table.splitlines()[1:]
    assert [line.split()[:2] for line in lines[:4]] == [[place, f"{seat}:"] for place, seat in
                                                         zip(("1st", "2nd", "3rd", "4th"), order)]
    assert "citizen dice 1 1 1★, 1 drachma" in lines[0] and "reconstructed" in lines[-1]
    steps = {step.id: step.text for step in polis(2, seed=1).steps}
    assert "Gytheion and Pylos for Sparta, Athens for Athens" in steps["harbours"]
    assert "round 1 at most 3, round 2 at most 4, round 3 at most 5, round 4 at most 5" in steps["round"]
    assert "14 project tiles and lay 3" in steps["projects"]
    assert "proxenos in your capital" in steps["units"]


def test_a_new_draw_clears_the_ticks_of_the_steps_it_changed():
    from engine.assistant.checklist import redrawn
    from engine.thebai.assistant import setup_checklist

    old = setup_checklist(3, seed=1)
    new_seed = next(seed for seed in range(2, 99) if setup_checklist(3, seed).draws[2].value != old.draws[2].value)
    ticked = ["city", "dionysus", "turn-order", "citizens-own", "score"]
    assert redrawn(old, setup_checklist(3, new_seed), ticked) == ["city", "score"]
    assert redrawn(old, setup_checklist(3, 1), ticked) == ticked  # the same draws: every tick holds


@pilot_test
async def test_redrawing_in_the_app_unticks_the_changed_steps(tmp_path):
    from engine.thebai.assistant import setup_checklist

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_tool(pilot, "thebai", ["left"])  # Thebai, 2 players, setup checklist
        screen = app.screen
        await pilot.press("s", *"1", "enter")
        await settle(pilot)
        screen.sheet["ticked"] = ["city", "dionysus", "ares", "score"]
        other = next(seed for seed in range(2, 99)
                     if setup_checklist(2, seed).draws[0].value != setup_checklist(2, 1).draws[0].value)
        await pilot.press("s", *str(other), "enter")
        await settle(pilot)
        assert screen.sheet["ticked"] == ["city", "score"]
        assert SaveStore(tmp_path).get_sheet(screen.sheet_id)["ticked"] == ["city", "score"]


@pilot_test
async def test_named_players_go_on_the_sheet_and_into_the_play_records(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t", *to_game("thebai"), "enter")  # Thebai, 3 players
        await settle(pilot)
        await pilot.press("n", *"Ann, Bruno, Chloe", "enter")
        await settle(pilot)
        assert "Ann, Bruno, Chloe" in text_of(app.screen.query_one("#names"))
        await pilot.press("down", "down", "enter")  # the final scoring
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, FormScreen) and screen.sheet["players"] == ["Ann", "Bruno", "Chloe"]
        await pilot.press(*"40", "tab", *"35", "ctrl+f")
        await settle(pilot)
        [record] = app.store.records.all()
        assert [p.name for p in record.players] == ["Ann", "Bruno", "Chloe"] and record.winners == ["Ann"]
        assert "Ann 40" in text_of(screen.query_one("#form-summary"))


@pilot_test
async def test_a_long_japanese_step_wraps_under_its_words_and_starts_no_line_with_a_closing_mark(tmp_path):
    app = make_app(tmp_path, language="ja")
    async with app.run_test(size=SIZE) as pilot:
        await open_tool(pilot, "thebai", ["left"])  # Thebai, 2 players, setup checklist
        steps = app.screen.query_one("#steps")
        lines = [line[2:] for line in rendered(steps).splitlines() if line.strip()]
        steps_lines = [line for line in lines if line.startswith(("[ ]", "    "))]
        continued = [line for line in steps_lines if line.startswith("    ")]
        assert continued, "no continuation line stands under its step's words"
        assert [line for line in continued if line[4] in " 、。）」』："] == []

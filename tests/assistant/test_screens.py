"""Pilot tests of the table assistant at 80x24, through the keyboard only."""

from __future__ import annotations

from saves.store import SaveStore
from tests.tui.helpers import make_app, pilot_test, settle, text_of
from tui.screens.assistant import AssistantGameScreen, AssistantHomeScreen
from tui.screens.assistant_checklist import ChecklistScreen
from tui.screens.assistant_form import FormScreen

SIZE = (80, 24)


async def open_tool(pilot, game_presses: list[str], tool_presses: list[str]) -> None:
    """From Home: the assistant, a game (arrows from the first), a tool (arrows from the first)."""
    await pilot.press("t")
    assert isinstance(pilot.app.screen, AssistantHomeScreen)
    await pilot.press(*game_presses, "enter")
    assert isinstance(pilot.app.screen, AssistantGameScreen)
    await pilot.press(*tool_presses, "enter")
    await settle(pilot)


@pilot_test
async def test_tick_setup_steps_and_progress_is_saved(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_tool(pilot, [], ["left"])  # Thebai, 2 players, setup checklist
        screen = app.screen
        assert isinstance(screen, ChecklistScreen)
        assert screen.checklist.players == 2
        title = screen.query_one("#checklist-title")
        assert text_of(title).endswith("0/34 done")
        draws = text_of(screen.query_one("#draws"))
        assert f"Seed {screen.sheet['seed']}" in draws and "First player:" in draws
        await pilot.press("space")
        await pilot.press("down", "enter")
        await settle(pilot)
        assert screen.sheet["ticked"] == ["city", "devotion"]
        assert text_of(title).endswith("2/34 done")
        await pilot.press("up", "space")  # untick
        await settle(pilot)
        assert SaveStore(tmp_path).get_sheet(screen.sheet_id)["ticked"] == ["devotion"]


@pilot_test
async def test_type_scores_and_the_total_changes(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_tool(pilot, [], ["down", "down"])  # Thebai, 3 players, final scoring
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
        await pilot.press("backspace", "x")
        await settle(pilot)
        assert "not a whole number" in text_of(summary)


@pilot_test
async def test_battle_helper_shows_the_outcome(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_tool(pilot, [], ["down"])  # Thebai, 3 players, battle
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
        await open_tool(pilot, ["down", "down"], ["down", "down"])  # Polis final scoring
        assert app.screen.form.id == "final"
        await pilot.press(*"14", "down", *"9", "tab", *"20")
        await settle(pilot)
        await pilot.press("escape", "escape")
        await settle(pilot)
        assert isinstance(app.screen, AssistantHomeScreen)
        assert "Polis final scoring, 2p" in app.screen.query_one("#sheets").get_row_at(0)[0]
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
async def test_enter_a_seed_and_the_draws_follow_it(tmp_path):
    from engine.polis.setup import setup_checklist

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_tool(pilot, ["down", "down"], [])  # Polis setup
        screen = app.screen
        await pilot.press("s", *"2024", "enter")
        await settle(pilot)
        assert screen.sheet["seed"] == 2024
        draws = text_of(screen.query_one("#draws"))
        for draw in setup_checklist(2, 2024).draws:
            assert f"{draw.label}: {draw.value}" in draws
        assert SaveStore(tmp_path).get_sheet(screen.sheet_id)["seed"] == 2024

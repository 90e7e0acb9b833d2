"""Nobody can foresee a served game's draws: its seed comes from the operating system's entropy,
no player chooses it and none can read it while the game runs; a seed chosen by hand is for a
local terminal (teaching, tests) and the game then says so wherever it is listed."""

from __future__ import annotations

import pytest

from saves.session import GameSession
from saves.store import SaveStore, Seat, record_from_dict, record_to_dict
from tests.tui.helpers import make_app, pilot_test, settle, text_of, until
from tui.screens.new_game import NewGameScreen
from tui.screens.replay import ReplayScreen
from tui.screens.resume import ResumeScreen
from tui.screens.table import TableScreen

BOB = "SHA256:bob-key"


@pytest.fixture
def served(monkeypatch):
    from tui.serve import PLAYER_KEY, SEAT_PER_TERMINAL

    monkeypatch.setenv(SEAT_PER_TERMINAL, "1")
    monkeypatch.setenv(PLAYER_KEY, BOB)


async def start_from_the_form(pilot) -> None:
    await pilot.press("n")
    assert isinstance(pilot.app.screen, NewGameScreen)
    await pilot.press("ctrl+s")
    await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen))


@pilot_test
async def test_a_served_game_s_seed_is_drawn_in_secret_and_never_shown_while_it_runs(toy, tmp_path, served):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_from_the_form(pilot)  # the form offers no seed to a served player
        [record] = SaveStore(tmp_path).summaries()
        seed = str(record.seed)
        shown = [text_of(widget) for widget in app.screen.query("Static, Label")]
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        shown += [text_of(app.screen.query_one("#save-detail"))]
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.replay is not None)
        shown += [text_of(widget) for widget in app.screen.query("Static, Label")]
    assert not record.seed_chosen and record.seed.bit_length() > 32  # 64 random bits: no search finds it
    assert not any(seed in text for text in shown)


@pilot_test
async def test_the_form_offers_no_seed_on_a_served_table(toy, tmp_path, served):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen) and not app.screen.query("#seed")


@pilot_test
async def test_a_seed_chosen_at_a_local_terminal_is_kept_and_marked_wherever_the_game_is_listed(toy, tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        app.screen.query_one("#seed").value = "42"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        detail = text_of(app.screen.query_one("#save-detail"))
        row = app.screen.query_one("#saves").get_row_at(0)
    [record] = SaveStore(tmp_path).summaries()
    assert record.seed == 42 and record.seed_chosen
    assert any("seed chosen" in str(cell) for cell in row) and "seed chosen by hand" in detail


def test_saves_list_marks_a_chosen_seed(toy, tmp_path, capsys):
    from tui.cli import main

    store = SaveStore(tmp_path)
    GameSession.new(store, "toy", "Chosen", [Seat("Ann", "human"), Seat("Bob", "human")], seed=42)
    GameSession.new(store, "toy", "Secret", [Seat("Ann", "human"), Seat("Bob", "human")])
    assert main(["--data-dir", str(tmp_path), "saves", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "seed chosen" in next(line for line in lines if "Chosen" in line)
    assert "seed chosen" not in next(line for line in lines if "Secret" in line)


def test_a_save_written_before_the_mark_loads_as_dealt_in_secret(toy, tmp_path):
    record = GameSession.new(SaveStore(tmp_path), "toy", "Old", [Seat("Ann", "human"), Seat("Bob", "human")]).record
    data = record_to_dict(record)
    del data["seed_chosen"]
    assert record_from_dict(data).seed_chosen is False

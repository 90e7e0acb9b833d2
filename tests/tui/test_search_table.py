"""The search bot at the table, through the keyboard: the thinking line with its progress, m to
move now (at a hot-seat table and at a table joined from another terminal), and the hint key."""

from __future__ import annotations

import re

import pytest

from engine.core.contract import HINTS
from engine.search import LEVELS, Level
from saves.store import SaveStore
from tests.tui.helpers import make_app, new_save, open_table, pilot_test, settle, text_of, until
from tui.compat import mark_taken_down, notifications, select_options
from tui.screens.new_game import NewGameScreen
from tui.screens.table import TableScreen
from tui.table.controller import Thinking

ENDLESS = Level("normal", "Normal (endless)", iterations=10**8, cpu_cap=20.0, wall_cap=60.0)
"""A Normal bot that thinks until told to move (the level travels with each request)."""


@pytest.fixture
def endless(monkeypatch):
    monkeypatch.setitem(LEVELS, "normal", ENDLESS)


async def think_then_move_now(pilot, table: TableScreen, actions: int) -> None:
    """Bruno (a bot) is thinking: the line shows it, with progress; m makes him move."""
    await until(pilot, lambda: table.thinking is not None and table.thinking.fraction >= 0.05,
                timeout=30, settled=False)
    line = text_of(table.query_one("#thinking"))
    assert table.query_one("#thinking").display
    assert "▲B Bruno is thinking…" in line and "m: move now" in line and "▰" in line and "%" in line
    assert table.check_action("move_now", ()) is True
    assert len(table.session.match.actions) == actions  # nothing decided yet
    await pilot.press("1")  # a choice key does nothing while the bot is to move
    await pilot.press("m")
    await until(pilot, lambda: len(table.session.match.actions) > actions, timeout=10)
    assert table.thinking is None and not table.query_one("#thinking").display
    assert table.session.match.actions[actions].actor == 1  # Bruno's pledge
    assert not table.check_action("move_now", ())


@pilot_test
async def test_a_thinking_bot_shows_its_progress_and_moves_now_on_m(toy, tmp_path, endless):
    session = new_save(tmp_path, "toy", [("Alice", "human"), ("Bruno", "normal")])
    actions = len(session.match.actions)  # the deal; both seats now pledge at once
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot)
        await think_then_move_now(pilot, table, actions)
        assert table.state.viewer == 0 and table.state.choices  # Alice pledges now
    assert len(SaveStore(tmp_path).load(session.record.id).actions) == actions + 1


@pilot_test
async def test_a_report_from_the_search_that_arrives_as_the_table_is_taken_down_is_let_go(toy, tmp_path, endless):
    new_save(tmp_path, "toy", [("Alice", "human"), ("Bruno", "normal")])
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot)
        await until(pilot, lambda: table.thinking is not None, timeout=30, settled=False)
        mark_taken_down(table)  # how Textual starts to take a screen down (at quit): it marks it,
        await table.query_one("#thinking").remove()  # then removes its widgets, the screen last
        table.take(Thinking(1, 0.5))  # the search's report, sent before the table began to close: no error


@pilot_test
async def test_a_joined_terminal_running_the_bots_shows_them_thinking_and_moves_now(toy, tmp_path, endless):
    session = new_save(tmp_path, "toy", [("Ann", "human"), ("Bruno", "normal")])
    app = make_app(tmp_path, join=(session.record.id, 0))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.state, settled=False)
        table = app.screen
        assert table.state.runs_bots
        await think_then_move_now(pilot, table, len(session.match.actions))


@pilot_test
async def test_the_hint_key_suggests_three_choices_by_their_keys_in_a_panel_esc_closes(toy, tmp_path):
    session = new_save(tmp_path, "toy", [("Alice", "human"), ("Bruno", "greedy")], options={HINTS: True})
    session.act(0, "pledge:low")
    session.play_bots()
    assert session.match.awaiting() == (0,) and len(session.match.legal(0)) == 4
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        table = await open_table(pilot)
        await settle(pilot)
        assert table.check_action("hint", ()) is True
        await pilot.press("h")
        panel = table.query_one("#hint")
        await until(pilot, lambda: panel.display, timeout=20)
        assert str(panel.border_title).startswith("Hint for ●A Alice") and not notifications(app)  # no toast
        lines = text_of(panel).splitlines()
        keys = {choice.label: str(number) for number, choice in enumerate(table.state.choices, start=1)}
        suggested = [re.fullmatch(r"(\S) (.+) — about \d+% to win", line) for line in lines[:3]]
        assert all(suggested) and len({found[2] for found in suggested}) == 3
        assert all(keys[found[2]] == found[1] for found in suggested)  # each by the key that picks it
        assert "from what you can see" in lines[3]
        choices = table.query_one("#choices")
        assert table.state.choices[choices.highlighted].label == suggested[0][2]
        assert len(table.session.match.actions) == len(session.match.actions)  # a hint decides nothing
        await pilot.press("escape")  # closes the hint, and only the hint
        await settle(pilot)
        assert app.screen is table and not panel.display
        assert len(table.session.match.actions) == len(session.match.actions)
        await pilot.press(suggested[0][1])  # its key plays it
        await settle(pilot)
        assert len(table.session.match.actions) > len(session.match.actions)


@pilot_test
async def test_no_hint_key_when_the_game_has_hints_off(toy, tmp_path):
    new_save(tmp_path, "toy", [("Alice", "human"), ("Bruno", "human")])
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        table = await open_table(pilot)
        await pilot.press("enter")  # Alice's curtain
        await settle(pilot)
        assert table.check_action("hint", ()) is False
        await pilot.press("h")
        await settle(pilot)
        assert table.thinking is None and not table.query_one("#hint").display


@pilot_test
async def test_the_new_game_form_offers_the_levels_and_hints_follow_the_seats(toy, tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await settle(pilot)
        form = app.screen
        assert isinstance(form, NewGameScreen)
        kind, hints = form.query_one("#kind-1"), form.query_one(f"#option-{HINTS}")
        assert kind.value == "normal"
        labels = [label for label, _ in select_options(kind) if label]
        assert labels[:4] == ["Human", "Easy bot", "Normal bot", "Hard bot"]
        assert hints.value is True  # one person against a bot
        await pilot.press(*["tab"] * 5, "enter", "up", "up", "enter")  # Bruno becomes a human
        await settle(pilot)
        assert kind.value == "human" and hints.value is False  # two people at the table
        await pilot.press(*["tab"] * 4, "enter", "down", "enter")  # past the toy's options, then Hints on
        await settle(pilot)
        assert form.focused is hints and hints.value is True
        await pilot.press(*["shift+tab"] * 4, "enter", "down", "down", "down", "enter")  # Bruno: Hard bot
        await settle(pilot)
        assert kind.value == "hard" and hints.value is True
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.state, settled=False)
        assert app.screen.session.record.seats[1].kind == "hard" and app.screen.session.match.hints


@pilot_test
async def test_a_bot_thinking_at_another_terminal_shows_here_and_m_asks_that_terminal_to_move(toy, tmp_path, endless):
    import threading

    from engine.search.worker import Thinker
    from saves.session import GameSession
    from tui.table.controller import TableController

    session = new_save(tmp_path, "toy", [("Ann", "human"), ("Bruno", "normal")])
    save_id, actions = session.record.id, len(session.match.actions)
    thinker = Thinker()
    runner = TableController(GameSession.resume(SaveStore(tmp_path), save_id), [], lambda event: None,
                             lambda work: threading.Thread(target=work, daemon=True).start(), bot_pause=0,
                             thinker=thinker)  # another terminal, watching: first at the table, it runs the bots
    runner.start()
    try:
        app = make_app(tmp_path, join=(save_id, 0))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.state, settled=False)
            table = app.screen
            assert not table.state.runs_bots and table.state.choices  # Ann pledges while Bruno thinks there
            await until(pilot, lambda: table.thinking is not None and table.thinking.fraction >= 0.05, timeout=30,
                        settled=False)
            line = text_of(table.query_one("#thinking"))
            assert "▲B Bruno is thinking…" in line and "m: move now" in line and "▰" in line and "%" in line
            assert table.check_action("move_now", ()) is True
            assert len(SaveStore(tmp_path).load(save_id).actions) == actions  # nothing decided yet
            await pilot.press("m")
            await until(pilot, lambda: 1 not in table.state.awaiting, timeout=15)
            assert table.thinking is None and not table.query_one("#thinking").display
            assert table.session.match.actions[actions].actor == 1  # Bruno's pledge, made over there
            assert table.state.choices and not table.check_action("move_now", ())  # Ann still pledges
    finally:
        runner.stop()
        thinker.close()

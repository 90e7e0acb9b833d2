"""Pilot tests playing the real Almadi through the keyboard."""

from __future__ import annotations

import re

from saves.store import SaveStore
from tests.tui.helpers import (
    TWO_HUMANS,
    make_app,
    new_save,
    open_first_save,
    pilot_test,
    play_to_the_end_by_keys,
    settle,
    text_of,
    until,
)
from tui.screens.end import EndScreen
from tui.screens.help import HelpScreen
from tui.screens.home import HomeScreen
from tui.screens.table import TableScreen


@pilot_test
async def test_a_full_two_player_game_through_the_keyboard(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        # Seat B becomes a human: Tab to its kind, open the list, go up to "Human"; seed 5.
        await pilot.press("tab", "tab", "tab", "tab", "tab", "enter", "up", "up", "enter")
        # past the options (characters, table mode, hints)
        await pilot.press("tab", "tab", "tab", "tab", "tab", "5", "enter")
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.state.humans == [0, 1]
        sheet = await play_to_the_end_by_keys(pilot, moves=400, arrows_every=3)
        end = app.screen
        for word in ("Oases", "Caravans", "Palaces", "Total", "●A Alice", "▲B Bruno"):
            assert word in sheet
        assert "Winner" in text_of(end.query_one("#winners")) or "Shared win" in text_of(end.query_one("#winners"))
        await pilot.press("enter")
        assert isinstance(app.screen, HomeScreen)
    [record] = SaveStore(tmp_path).summaries()
    assert record.status == "finished" and record.seed == 5 and record.moves == len(table.session.match.actions)


@pilot_test
async def test_curtain_between_two_humans_with_characters(tmp_path):
    session = new_save(tmp_path, "almadi", TWO_HUMANS, options={"characters": True})
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        assert table.curtain_up and "Pass to ●A Alice" in text_of(table.query_one("#curtain"))
        await pilot.press("enter")
        await settle(pilot)
        private = text_of(table.query_one("#private"))
        assert "Characters dealt to you" in private
        await pilot.press("1")  # Alice keeps two characters; Bruno chooses next
        await settle(pilot)
        assert table.curtain_up and "Pass to ▲B Bruno" in text_of(table.query_one("#curtain"))
        assert text_of(table.query_one("#private")) == "" and not table.query_one("#table-body").display
        assert len(table.session.match.actions) == len(session.match.actions) + 1
        await pilot.press("1")  # swallowed: Bruno has not lifted the curtain yet
        await settle(pilot)
        assert len(table.session.match.actions) == len(session.match.actions) + 1
        await pilot.press("enter")
        await settle(pilot)
        assert table.query_one("#private").border_title == "Private — ▲B Bruno"
        assert text_of(table.query_one("#private")) != private


@pilot_test
async def test_undo_a_taken_landscape(tmp_path):
    new_save(tmp_path, "almadi", [("Alice", "human"), ("Bruno", "greedy")])
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        before = len(table.session.match.actions)
        board = text_of(table.query_one("#shared"))
        assert table.state.view["topic"] == "turn" and not table.state.can_undo
        await pilot.press("1")
        await settle(pilot)
        assert table.state.view["topic"] == "placement" and table.state.can_undo
        assert text_of(table.query_one("#shared")) != board
        await pilot.press("u")
        await settle(pilot)
        assert len(table.session.match.actions) == before
        assert text_of(table.query_one("#shared")) == board
        assert SaveStore(tmp_path).summaries()[0].moves == before


@pilot_test
async def test_f1_opens_the_almadi_rules_at_the_decision(tmp_path):
    new_save(tmp_path, "almadi", [("Alice", "human"), ("Bruno", "random")])
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        await pilot.press("1")
        await settle(pilot)
        assert app.screen.state.view["topic"] == "placement"
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.shown_topic == "placement"
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)


@pilot_test
async def test_a_bots_only_game_is_watched_to_the_end(tmp_path):
    new_save(tmp_path, "almadi", [("Rob", "random"), ("Greta", "random")])
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        await until(pilot, lambda: isinstance(app.screen, EndScreen), timeout=60)  # the bots play it all
        assert "Place" in text_of(app.screen.query_one("#sheet"))
    assert SaveStore(tmp_path).summaries()[0].status == "finished"


@pilot_test
async def test_placing_shows_your_realm_with_the_legal_spots_numbered_at_80_columns(tmp_path):
    new_save(tmp_path, "almadi", [("Alice", "human"), ("Bruno", "greedy")])
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        assert table.focused_view == "shared" and "╎" not in text_of(table.query_one("#player-0"))
        await pilot.press("1")  # take a landscape: the left panel turns to Alice's realm
        await settle(pilot)
        shown = [panel.id for panel in table.query("#boards .panel") if panel.region.height]
        assert table.focused_view == "player:0" and shown == ["player-0"]
        realm = text_of(table.query_one("#player-0"))
        assert "to place:" in realm
        for number in range(1, min(len(table.state.choices), 9) + 1):
            assert re.search(rf"╎ *{number} *╎", realm)  # on a free spot, drawn dashed
        await pilot.press("v")
        await pilot.pause()
        assert [panel.id for panel in table.query("#boards .panel") if panel.region.height] == ["player-1"]
        assert "you play ●A Alice" in text_of(table.query_one("#status"))


PANEL_AT_80X24 = (41, 20)
"""Columns and lines inside the one board panel of an 80x24 table."""


def test_a_full_realm_and_the_central_board_fit_a_panel_at_80x24():
    """A finished game's realms (16 landscapes each) and the central board: every line within
    the panel's 41 columns, the whole realm (or board) in its first 20 lines, the legend after."""
    import io

    from rich.console import Console

    from engine.core.bots import RandomBot
    from engine.core.match import Match
    from engine.registry import rules_for
    from tui.boards.almadi import BOARD
    from tui.boards.base import Frame

    match = Match(rules_for("almadi"), ["A", "B"], {}, 3)
    bots = [RandomBot(0), RandomBot(1)]
    match.draw_all()
    while not match.finished:
        seat = match.awaiting()[0]
        match.choose(seat, bots[seat].choose(match, seat).id)
        match.draw_all()
    view = match.view(0)
    assert all(info["placed"] == info["to_place"] == 16 for info in view["seats"])
    width, height = PANEL_AT_80X24
    for panel in BOARD.panels(2):
        if panel.name not in ("shared", "player:0", "player:1"):
            continue
        console = Console(width=400, record=True, file=io.StringIO())
        console.print(panel.draw(view, Frame(width, 0)))
        lines = console.export_text().splitlines()
        assert max(len(line.rstrip()) for line in lines) <= width
        last_row = max(number for number, line in enumerate(lines) if re.match(r"\s*(Row )?4 ", line))
        assert last_row + 1 < height, "\n".join(lines)  # its bottom edge too

"""A game's own set of panels on the real table: the toy game drawn by a board that declares a
Deck, a Pledges panel, an Estate per seat and a private Hand instead of the default three kinds.
Games like Thebai (City, Estate, Tracks, Council) and Polis (Markets...) rely on this."""

from __future__ import annotations

import sys
from types import ModuleType

import pytest

from tests.tui.helpers import TWO_HUMANS, make_app, new_save, open_first_save, pilot_test, settle, text_of
from tui.boards.base import Board, Panel, focus, seat_panels
from tui.screens.end import EndScreen
from tui.screens.table import TableScreen


def deciding(prefix: str):
    return lambda view, viewer: any(choice.id.startswith(prefix) for choice in view["choices"])


class EstateBoard(Board):
    def panels(self, seats: int) -> list[Panel]:
        return [
            Panel("deck", "Deck", lambda view, frame: f"{view['deck']} cards in the deck"),
            Panel("pledges", "Pledges", lambda view, frame: "High or low: everyone at once",
                  needed=deciding("pledge:")),
            Panel("hand", "Hand", lambda view, frame: None if view["hand"] is None else f"Cards {view['hand']}",
                  needed=deciding("play:"), private=True),
            *seat_panels(seats, lambda view, seat, frame: f"Played {view['played'][seat]}", name="estate"),
        ]


@pytest.fixture
def estates(toy, monkeypatch):
    module = ModuleType("tui.boards.toy")
    module.BOARD = EstateBoard()
    monkeypatch.setitem(sys.modules, "tui.boards.toy", module)
    return module.BOARD


def visible(table: TableScreen) -> list[str]:
    return [panel.id for panel in table.query(".panel") if panel.id and panel.display
            and panel.id not in ("choices", "scores", "log")]


@pilot_test
async def test_a_game_declares_its_own_panels_and_the_decision_picks_the_one_shown_at_80x24(estates, tmp_path):
    new_save(tmp_path, "toy", TWO_HUMANS)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.curtain_up  # the hand is private: pass the device
        await pilot.press("enter")
        await settle(pilot)
        assert table.views() == ["deck", "pledges", "hand", "estate:0", "estate:1"]
        assert table.focused_view == "pledges" and visible(table) == ["pledges"]  # what the pledge needs
        assert table.query_one("#pledges").border_subtitle == "v: next view (2/5)"
        assert table.query_one("#hand").border_title == "Hand — ●A Alice"
        assert table.query_one("#estate-1").border_title == "▶ ▲B Bruno"  # awaited too: the pledge is simultaneous
        seen = []
        for _ in range(5):
            await pilot.press("v")
            seen.append(visible(table))
        assert seen == [["hand"], ["estate-0"], ["estate-1"], ["deck"], ["pledges"]]
        for key in ("1", "enter", "1", "enter"):  # both pledge (passing the device); Alice's turn
            await pilot.press(key)
            await settle(pilot)
        assert not table.curtain_up  # playing a card needs her hand
        assert table.focused_view == "hand" and text_of(table.query_one("#hand")).startswith("Cards [")
        await pilot.resize_terminal(160, 50)
        await settle(pilot)
        assert visible(table) == ["deck", "pledges", "hand", "estate-0", "estate-1"]  # wide: every panel
        assert table.query_one("#hand").has_class("-focused")


@pilot_test
async def test_the_end_screen_shows_every_panel_but_the_private_ones(estates, tmp_path):
    session = new_save(tmp_path, "toy", [("Rob", "random"), ("Greta", "random")])
    session.play_bots()
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        end = app.screen
        assert isinstance(end, EndScreen)
        titles = [str(panel.border_title) for panel in end.query("#final-boards .panel")]
        assert titles == ["Final deck", "Final pledges", "●A Rob", "▲B Greta"]
        assert text_of(end.query_one("#final-estate-1")).startswith("Played ")


def test_the_first_panel_the_decision_needs_is_in_focus_else_the_first():
    panels = EstateBoard().panels(2)
    pledge = {"choices": [type("C", (), {"id": "pledge:high"})()]}
    assert focus(panels, pledge, 0) == "pledges"
    assert focus(panels, {"choices": []}, 0) == "deck"
    assert [panel.widget_id for panel in panels][-1] == "estate-1"
    with pytest.raises(ValueError):
        Panel("Council Hall", "Council", lambda view, frame: "")

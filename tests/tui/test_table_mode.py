"""Table mode in the app: the table asks what was drawn, offering the possible outcomes."""

from __future__ import annotations

from engine.core.contract import CHANCE, TABLE
from tests.tui.helpers import make_app, new_save, open_first_save, pilot_test, settle, text_of
from tui.screens.table import TableScreen


@pilot_test
async def test_the_table_asks_what_was_drawn_and_plays_on(tmp_path):
    session = new_save(tmp_path, "almadi", [("Alice", "human"), ("Bruno", "human")], seed=3, options={TABLE: True})
    assert session.match.asks_table() and not session.match.actions  # not even the first player is drawn
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        answered = 0
        for _ in range(40):
            state = table.state
            match = table.session.match
            if not match.asks_table():
                break
            assert "What was drawn?" in text_of(table.query_one("#prompt"))
            assert [c.id for c in state.choices] == [c.id for c in match.possible_outcomes()]
            await pilot.press("1")
            await settle(pilot)
            answered += 1
        assert answered >= 2
        match = table.session.match
        assert not match.asks_table() and match.awaiting()[0] in (0, 1)
        assert all(a.actor == CHANCE and not a.drawn for a in match.actions)
        assert "What was drawn?" not in text_of(table.query_one("#prompt"))

"""A served app runs for hours, one process per player: a table left with Esc must leave nothing
behind. Home → Resume → a game → Esc, again and again: the screens, the game they showed and the
lines their widgets drew are freed once the collector has run."""

from __future__ import annotations

import gc
import weakref

from tests.tui.helpers import TWO_HUMANS, make_app, new_save, pilot_test, settle
from tui.compat import rendered_lines_of
from tui.screens.home import HomeScreen
from tui.screens.resume import ResumeScreen
from tui.screens.table import TableScreen


def table_refs(table: TableScreen) -> dict[str, weakref.ref]:
    """Weak references to a table screen, its game, and the lines each of its widgets drew
    (Textual keeps the lines a widget rendered: ``tui.compat.rendered_lines_of``)."""
    refs = {"table": weakref.ref(table), "session": weakref.ref(table.session.session),
            "match": weakref.ref(table.session.match)}
    for number, widget in enumerate(table.walk_children()):
        refs[f"lines of {type(widget).__name__} #{number}"] = weakref.ref(rendered_lines_of(widget))
    return refs


@pilot_test
async def test_the_tables_left_with_esc_are_freed_with_their_game_and_drawn_lines(toy, tmp_path):
    for seed in (1, 2):
        new_save(tmp_path, "toy", TWO_HUMANS, seed=seed)
    app = make_app(tmp_path)
    closed: list[dict[str, weakref.ref]] = []
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(4):
            await pilot.press("r")
            await settle(pilot)
            assert isinstance(app.screen, ResumeScreen)
            resume = {"resume list": weakref.ref(app.screen)}
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, TableScreen) and app.screen.state is not None  # drawn
            closed.append(resume | table_refs(app.screen))
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, HomeScreen)
        gc.collect()
        alive = [f"cycle {cycle}: {name}" for cycle, refs in enumerate(closed, start=1)
                 for name, ref in refs.items() if ref() is not None]
        assert not alive, "still referenced after the collector ran:\n" + "\n".join(alive)

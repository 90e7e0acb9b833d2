"""A widget that keeps the lines it painted paints what Textual paints, and a row whose content
it painted before is not painted again (tui/widgets/painted.py)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from tests.tui.helpers import pilot_test, rows_textual_paints
from tui.compat import PaintedScrollBars
from tui.widgets.painted import PaintedScrollBar


class Painted(VerticalScroll, PaintedScrollBars):
    pass


class Scrolls(App):
    CSS = "VerticalScroll { height: 12; width: 30; }"

    def compose(self) -> ComposeResult:
        for scroll in (Painted(id="painted"), VerticalScroll(id="plain")):
            with scroll:
                yield Static("\n".join(f"line {n}" for n in range(40)))


def painted(widget: Widget) -> list[Strip]:
    return widget.render_lines(Region(0, 0, widget.size.width, widget.size.height))


@pilot_test
async def test_a_scrollbar_paints_what_textuals_does_and_each_kind_of_row_once():
    app = Scrolls()
    async with app.run_test(size=(80, 30)) as pilot:
        scrolls = [app.query_one(f"#{name}", VerticalScroll) for name in ("painted", "plain")]
        bar, textuals = (scroll.vertical_scrollbar for scroll in scrolls)
        assert isinstance(bar, PaintedScrollBar)
        with rows_textual_paints(bar) as rows_painted_by_textual:
            for y in (0, 3, 17, 28, 3, 17):
                for scroll in scrolls:
                    scroll.scroll_to(y=y, animate=False, immediate=True)
                await pilot.pause()
                assert painted(bar) == painted(textuals)
                if y == 28:
                    rows_painted_by_textual.clear()
            assert rows_painted_by_textual == []  # positions seen before: every row is a kind painted already
        bar.mouse_over = textuals.mouse_over = True  # another look: its rows painted anew, as Textual does
        await pilot.pause()
        assert painted(bar) == painted(textuals)

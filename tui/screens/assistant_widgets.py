"""Widgets of the table assistant screens: a list whose cursor shows without colour."""

from __future__ import annotations

from rich.segment import Segment
from textual.strip import Strip
from textual.widgets import OptionList
from textual._widget_navigation import find_next_enabled_no_wrap

CURSOR = "▶ "
GUTTER = len(CURSOR)


class CursorList(OptionList):
    """An OptionList that marks its highlighted option with '▶' while it has the focus (so the
    cursor reads in plain text and under NO_COLOR, and only the active list shows one), and
    that stops at the ends instead of wrapping around: Down once too often stays at the bottom."""

    def _get_left_gutter_width(self) -> int:
        return GUTTER

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        try:
            index, line = self._lines[self.scroll_offset.y + y]
        except IndexError:
            return Strip([Segment(" " * GUTTER), *strip], strip.cell_length + GUTTER)
        mark = CURSOR if self.has_focus and index == self.highlighted and line == 0 else " " * GUTTER
        style = strip._segments[0].style if strip._segments else None
        return Strip([Segment(mark, style), *strip], strip.cell_length + GUTTER)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_cursor_down(self) -> None:
        self.move_cursor(1)

    def action_cursor_up(self) -> None:
        self.move_cursor(-1)

    def move_cursor(self, direction: int) -> None:
        target = find_next_enabled_no_wrap(self.options, self.highlighted, direction)
        if target is not None:
            self.highlighted = target

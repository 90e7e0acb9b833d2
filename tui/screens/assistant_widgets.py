"""Widgets of the table assistant screens: lists whose cursor shows without colour."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tui.compat import LeftGutter, find_next_enabled_no_wrap, first_style, option_line
from tui.i18n import N_

CURSOR = "▶ "
GUTTER = len(CURSOR)


class CursorList(LeftGutter):
    """An OptionList that marks its highlighted option with '▶' while it has the focus (so the
    cursor reads in plain text and under NO_COLOR, and only the active list shows one), and
    that stops at the ends instead of wrapping around: Down once too often stays at the bottom."""

    left_gutter = GUTTER

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        try:
            index, line = option_line(self, self.scroll_offset.y + y)
        except IndexError:
            return Strip([Segment(" " * GUTTER), *strip], strip.cell_length + GUTTER)
        mark = CURSOR if self.has_focus and index == self.highlighted and line == 0 else " " * GUTTER
        style = first_style(strip)
        return Strip([Segment(mark, style), *strip], strip.cell_length + GUTTER)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_cursor_down(self) -> None:
        self.move_cursor(1)

    def action_cursor_up(self) -> None:
        self.move_cursor(-1)

    def move_cursor(self, direction: Literal[-1, 1]) -> None:
        target = find_next_enabled_no_wrap(self.options, self.highlighted, direction)
        if target is not None:
            self.highlighted = target


class RowList(ScrollView, can_focus=True):
    """Rows of fixed-width columns drawn a line at a time (Textual's line API): only the rows on
    screen are rendered, so a list of thousands fills at once. The cursor row is marked with
    '▶' while the list has the focus, and in reverse video."""

    BINDINGS = [
        Binding("up", "move(-1)", N_("Up"), show=False),
        Binding("down", "move(1)", N_("Down"), show=False),
        Binding("pageup", "page(-1)", N_("Page up"), show=False),
        Binding("pagedown", "page(1)", N_("Page down"), show=False),
        Binding("home", "jump(0)", N_("First"), show=False),
        Binding("end", "jump(-1)", N_("Last"), show=False),
        Binding("enter", "select", N_("Open"), show=False),
    ]
    COMPONENT_CLASSES = {"rowlist--header", "rowlist--cursor"}
    DEFAULT_CSS = """
    RowList { height: 1fr; }
    RowList > .rowlist--header { text-style: bold; }
    RowList > .rowlist--cursor { text-style: reverse; }
    """

    class Selected(Message):
        def __init__(self, row_list: RowList, key: str) -> None:
            super().__init__()
            self.row_list = row_list
            self.key = key

    def __init__(self, columns: Sequence[tuple[str, int]], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.columns = tuple(columns)
        self.keys: list[str] = []
        self.rows: list[tuple[Text, ...]] = []
        self.cursor = 0

    @property
    def row_count(self) -> int:
        return len(self.rows)

    @property
    def cursor_key(self) -> str | None:
        return self.keys[self.cursor] if self.keys else None

    def set_rows(self, rows: Sequence[tuple[str, Sequence[Text]]]) -> None:
        """Replace the rows; the cursor stays on the row with the same key (else the first)."""
        current = self.cursor_key
        self.keys = [key for key, _ in rows]
        self.rows = [tuple(cells) for _, cells in rows]
        self.cursor = self.keys.index(current) if current in self.keys else 0
        self.virtual_size = Size(GUTTER + sum(width + 1 for _, width in self.columns), len(self.rows) + 1)
        self.scroll_to_cursor()
        self.refresh()

    def line_text(self, cells: Sequence[Text | str], mark: str) -> Text:
        line = Text(mark.ljust(GUTTER))
        for (_, width), cell in zip(self.columns, cells):
            text = cell.copy() if isinstance(cell, Text) else Text(cell)
            text.truncate(width, overflow="ellipsis", pad=True)
            line.append_text(text)
            line.append(" ")
        return line

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        if y == 0:  # the header stays in place
            text = self.line_text([title for title, _ in self.columns], "")
            style = self.get_component_rich_style("rowlist--header")
        else:
            index = self.scroll_offset.y + y - 1
            if index >= len(self.rows):
                return Strip.blank(width, self.rich_style)
            on_cursor = index == self.cursor and self.has_focus
            text = self.line_text(self.rows[index], CURSOR if on_cursor else "")
            style = self.get_component_rich_style("rowlist--cursor") if on_cursor else self.rich_style
        text.stylize(style)
        segments = list(text.render(self.app.console))
        strip = Strip(segments).crop(self.scroll_offset.x, self.scroll_offset.x + width)
        return strip.extend_cell_length(width, style)

    def scroll_to_cursor(self) -> None:
        visible = max(1, self.scrollable_content_region.height - 1)
        top = self.scroll_offset.y
        if self.cursor < top:
            self.scroll_to(y=self.cursor, animate=False)
        elif self.cursor >= top + visible:
            self.scroll_to(y=self.cursor - visible + 1, animate=False)

    def move_to(self, index: int) -> None:
        if self.rows:
            self.cursor = max(0, min(len(self.rows) - 1, index))
            self.scroll_to_cursor()
            self.refresh()

    def action_move(self, step: int) -> None:
        self.move_to(self.cursor + step)

    def action_page(self, direction: int) -> None:
        self.move_to(self.cursor + direction * max(1, self.scrollable_content_region.height - 2))

    def action_jump(self, index: int) -> None:
        self.move_to(index if index >= 0 else len(self.rows) - 1)

    def action_select(self) -> None:
        if self.rows:
            self.post_message(self.Selected(self, self.keys[self.cursor]))

    def on_click(self, event: events.Click) -> None:
        index = self.scroll_offset.y + event.y - 1
        if event.y >= 1 and 0 <= index < len(self.rows):
            self.move_to(index)
            if event.chain > 1:
                self.action_select()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

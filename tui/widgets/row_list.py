"""A table of plain-text rows in fixed-width columns that draws only the rows in view.

Resume lists every save, ten thousand of them as easily as ten: the rows are not kept as
widgets or measured, only counted; the cells of a row are asked for (``cells_of``) when it
comes into view, so a list of any length is shown in one paint and keys act at once. It looks
and is used like Textual's DataTable with a row cursor: a header, zebra stripes, arrow keys,
Page Up/Down, Ctrl+Home/End to the first and last row, Home/End (and Left/Right) across the
columns, Enter or a click on the highlighted row to select it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.cells import set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

CellsOf = Callable[[int], Sequence[str]]
HEADER = 1
"""Lines above the rows: the column headers, which stay put as the rows scroll."""


class RowList(ScrollView, can_focus=True):
    BINDINGS = [
        Binding("enter", "select_cursor", "Select", show=False),
        Binding("up", "cursor_up", "Cursor up", show=False),
        Binding("down", "cursor_down", "Cursor down", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown", "page_down", "Page down", show=False),
        Binding("ctrl+home", "scroll_top", "Top", show=False),
        Binding("ctrl+end", "scroll_bottom", "Bottom", show=False),
    ]

    COMPONENT_CLASSES = {"row-list--header", "row-list--cursor", "row-list--even-row"}

    DEFAULT_CSS = """
    RowList {
        background: $surface;
        color: $foreground;
        &:focus {
            background-tint: $foreground 5%;
            & > .row-list--cursor {
                background: $block-cursor-background;
                color: $block-cursor-foreground;
                text-style: $block-cursor-text-style;
            }
            & > .row-list--header {
                background-tint: $foreground 5%;
            }
        }
        &:dark > .row-list--even-row {
            background: $surface-darken-1 40%;
        }
        & > .row-list--header {
            text-style: bold;
            background: $panel;
            color: $foreground;
        }
        &:ansi > .row-list--header {
            background: ansi_bright_blue;
            color: ansi_default;
        }
        & > .row-list--even-row {
            background: $surface-lighten-1 50%;
        }
        & > .row-list--cursor {
            background: $block-cursor-blurred-background;
            color: $block-cursor-blurred-foreground;
            text-style: $block-cursor-blurred-text-style;
        }
    }
    """

    class Highlighted(Message):
        """The cursor moved to another row."""

        def __init__(self, row_list: RowList, row: int) -> None:
            super().__init__()
            self.row_list = row_list
            self.row = row

        @property
        def control(self) -> RowList:
            return self.row_list

    class Selected(Highlighted):
        """Enter, or a click, on the highlighted row."""

    class Resized(Message):
        """The list has a new size: the room for its columns (``room``) may have changed."""

        def __init__(self, row_list: RowList) -> None:
            super().__init__()
            self.row_list = row_list

        @property
        def control(self) -> RowList:
            return self.row_list

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.headers: list[str] = []
        self.widths: list[int] = []
        """Each column's width, without the space either side of it."""
        self.row_keys: list[str] = []
        self.cells_of: CellsOf = lambda row: ()
        self.cursor_row = 0

    def show(self, columns: Sequence[tuple[str, int]], row_keys: list[str], cells_of: CellsOf,
             cursor: int = 0) -> None:
        """Show these columns (header, width) and rows (a key each; ``cells_of(row)`` gives the
        row's cells), the cursor on row ``cursor``."""
        self.headers = [header for header, _ in columns]
        self.widths = [width for _, width in columns]
        self.row_keys, self.cells_of = row_keys, cells_of
        self.virtual_size = Size(sum(width + 2 for width in self.widths), len(row_keys) + HEADER)
        self.cursor_row = -1  # so that the row is highlighted anew, even where it was
        self.move_cursor(row=cursor)

    def room(self, rows: int, unsized: int) -> int:
        """The cells the columns of ``rows`` rows have: the list's width less the scrollbar they
        will need (``unsized``: its width, were it laid out, before it has been)."""
        width, height = self.size
        if not width:
            width, height = unsized, 0
        return width - (self.styles.scrollbar_size_vertical if rows + HEADER > height else 0)

    @property
    def row_count(self) -> int:
        return len(self.row_keys)

    def get_row_at(self, row: int) -> Sequence[str]:
        return self.cells_of(row)

    def get_row_index(self, key: str) -> int:
        return self.row_keys.index(key)

    def move_cursor(self, *, row: int) -> None:
        """Highlight that row (kept within the list) and scroll it into view."""
        row = max(0, min(row, self.row_count - 1))
        if row == self.cursor_row:
            return
        self.cursor_row = row
        self.scroll_to_cursor()
        self.refresh()
        if self.row_count:
            self.post_message(self.Highlighted(self, row))

    def scroll_to_cursor(self) -> None:
        row = self.cursor_row
        self.scroll_to(y=min(max(self.scroll_y, row - self.page + 1), row), animate=False, force=True,
                       immediate=True)

    def on_resize(self, event: events.Resize) -> None:
        self.scroll_to_cursor()
        self.post_message(self.Resized(self))

    @property
    def page(self) -> int:
        """The rows in view."""
        return max(1, self.scrollable_content_region.height - HEADER)

    def action_cursor_up(self) -> None:
        self.move_cursor(row=self.cursor_row - 1)

    def action_cursor_down(self) -> None:
        self.move_cursor(row=self.cursor_row + 1)

    def action_page_up(self) -> None:
        self.move_cursor(row=self.cursor_row - self.page)

    def action_page_down(self) -> None:
        self.move_cursor(row=self.cursor_row + self.page)

    def action_scroll_top(self) -> None:
        self.move_cursor(row=0)

    def action_scroll_bottom(self) -> None:
        self.move_cursor(row=self.row_count - 1)

    def action_scroll_home(self) -> None:
        self.scroll_x = 0

    def action_scroll_end(self) -> None:
        self.scroll_x = self.max_scroll_x

    def action_select_cursor(self) -> None:
        if self.row_count:
            self.post_message(self.Selected(self, self.cursor_row))

    def on_click(self, event: events.Click) -> None:
        """A click highlights the row, or selects it if it was highlighted."""
        row = event.style.meta.get("row", -1)
        if 0 <= row < self.row_count:
            event.stop()
            if row == self.cursor_row:
                self.action_select_cursor()
            else:
                self.move_cursor(row=row)

    def render_line(self, y: int) -> Strip:
        """Styled as a DataTable styles its rows: each row's component style over the list's own,
        the cursor's over that."""
        base = self.rich_style
        if y < HEADER:
            row, style = -1, base + self.get_component_styles("row-list--header").rich_style
            cells: Sequence[str] = self.headers
        else:
            row = int(self.scroll_y) + y - HEADER
            if row >= self.row_count:
                return Strip.blank(self.size.width, base)
            style = base
            if row % 2 == 0:
                style += self.get_component_styles("row-list--even-row").rich_style
            if row == self.cursor_row:
                style += self.get_component_rich_style("row-list--cursor")
            cells = self.cells_of(row)
        return self.line_of(row, cells, style, base)

    def line_of(self, row: int, cells: Sequence[str], style: Style, base: Style) -> Strip:
        """The cells, each cut or padded to its column's width with a space either side and
        marked with its row (-1: the header) for clicks; the width beyond the columns in the
        list's own style."""
        strip = Strip([Segment(f" {set_cell_size(cell, width)} ", style + Style.from_meta({"row": row, "column": at}))
                       for at, (cell, width) in enumerate(zip(cells, self.widths))])
        strip = strip.extend_cell_length(self.virtual_size.width, style)
        scroll_x = int(self.scroll_x)
        return strip.crop(scroll_x, scroll_x + self.size.width).extend_cell_length(self.size.width, base)

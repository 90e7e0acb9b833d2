"""A panel showing one renderer output from tui.boards, redrawn when its width changes."""

from __future__ import annotations

from typing import Callable

from rich.console import RenderableType
from textual import events
from rich.text import Text
from textual.widgets import Static

from tui.text import plain, plain_renderable

Draw = Callable[[int], RenderableType | None]


class BoardPanel(Static):
    """Holds a ``draw(width)`` function (a board renderer with its view bound)."""

    def __init__(self, title: str = "", **kwargs) -> None:
        super().__init__("", **kwargs)
        self.base_title = plain(title, lines=False)
        self.border_title = self.base_title
        self._draw: Draw | None = None
        self._drawn_width = 0

    def show(self, draw: Draw | None, title: str | None = None) -> None:
        self._draw = draw
        if title is not None:
            self.base_title = self.border_title = plain(title, lines=False)
        self.redraw()

    def say_more_below(self, more: bool) -> None:
        """On the top border, which shows even when the bottom one is past the screen."""
        self.border_title = self.base_title + Text(" · PgDn/PgUp: more" if more else "")

    def redraw(self) -> None:
        """Draw again at the current width (what ``draw`` shows may depend on more than the view)."""
        width = self.content_size.width or max(20, self.app.size.width // 2)
        self._drawn_width = width
        renderable = plain_renderable(self._draw(width)) if self._draw else None
        # Static keeps the height it measured at a width: a new drawing at the same width
        # (after a resize across the roomy breakpoint) would be cut to the old height.
        self.clear_cached_dimensions()
        self.update(renderable if renderable is not None else "")

    def on_resize(self, event: events.Resize) -> None:
        """Draw again for the new width once this layout is done: a drawing changed during it
        keeps the height it was laid out with (a map cut short after a resize)."""
        if self._draw and self.content_size.width != self._drawn_width:
            self.call_after_refresh(self.redraw)

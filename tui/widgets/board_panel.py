"""A panel showing one renderer output from tui.boards, redrawn when its width changes."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events
from textual.widgets import Static

from tui.i18n import _
from tui.text import plain, plain_renderable

Draw = Callable[[int], RenderableType | None]


class BoardPanel(Static):
    """Holds a ``draw(width)`` function (a board renderer with its view bound)."""

    def __init__(self, title: str = "", *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__("", name=name, id=id, classes=classes)
        self.base_title = plain(title, lines=False)
        self._title = self.border_title = self.base_title
        self._subtitle = ""
        self._draw: Draw | None = None
        self._drawn_width = 0
        self._drawn: RenderableType | None = None
        """What was last drawn, at ``_drawn_width``."""
        self._more = False
        self._stale = False
        """Shown a drawing not drawn yet (it was out of sight): ``catch_up`` draws it."""

    def show(self, draw: Draw | None, title: str | None = None, *, now: bool = True) -> None:
        """Show ``draw``'s drawing; ``now`` False: when the panel comes into sight (``catch_up``),
        since a panel out of sight (80 columns show one) need not be drawn on every move."""
        self._draw = draw
        if title is not None:
            self.base_title = plain(title, lines=False)
            self.say_more_below(self._more)
        if now:
            self.redraw()
        else:
            self._stale = True

    def catch_up(self) -> None:
        """Draw what was shown while out of sight, if anything."""
        if self._stale:
            self.redraw()

    def say_more_below(self, more: bool) -> None:
        """On the top border, which shows even when the bottom one is past the screen."""
        self._more = more
        title = self.base_title + Text(_(" · PgDn/PgUp: more") if more else "")
        if title != self._title:  # setting a border's text repaints, even the same text
            self._title = self.border_title = title

    def say_under(self, subtitle: str) -> None:
        """On the bottom border (the view hint)."""
        if subtitle != self._subtitle:
            self._subtitle = self.border_subtitle = subtitle

    def redraw(self) -> None:
        """Draw again at the current width (what ``draw`` shows may depend on more than the view);
        a drawing the same as the one shown is left as it is (not measured and painted again)."""
        width = self.width_to_draw()
        self._stale = False
        renderable = plain_renderable(self._draw(width)) if self._draw else None
        drawn = renderable if renderable is not None else ""
        if width == self._drawn_width and same_drawing(drawn, self._drawn):
            return
        self._drawn_width, self._drawn = width, drawn
        # Static keeps the height it measured at a width: a new drawing at the same width
        # (after a resize across the roomy breakpoint) would be cut to the old height.
        self.clear_cached_dimensions()
        self.update(drawn)

    def width_to_draw(self) -> int:
        """The panel's width; while it has none (out of sight), the width it was drawn at, else
        that of a panel in sight beside it, else in the other column: its likely width once
        shown (a guess drawn again if wrong)."""
        if self.content_size.width:
            return self.content_size.width
        if self._drawn_width:
            return self._drawn_width
        panels = list(self.parent.query_children(BoardPanel)) + list(self.screen.query(BoardPanel)) \
            if self.parent is not None else []
        return next((panel.content_size.width for panel in panels if panel.content_size.width),
                    max(20, self.app.size.width // 2))

    def on_resize(self, event: events.Resize) -> None:
        """Draw again for the new width once this layout is done: a drawing changed during it
        keeps the height it was laid out with (a map cut short after a resize)."""
        if self._draw and self.content_size.width != self._drawn_width:
            self.call_after_refresh(self.redraw_if_resized)

    def redraw_if_resized(self) -> None:
        """Draw again, unless drawn at this width meanwhile (a table drawn once laid out)."""
        if self.content_size.width != self._drawn_width:
            self.redraw()


def same_drawing(one: RenderableType | None, other: RenderableType | None) -> bool:
    """Whether two drawings are known to show the same: texts alike, style for style (anything
    else a renderer draws cannot be compared, and is taken as changed)."""
    if isinstance(one, str) and isinstance(other, str):
        return one == other
    if isinstance(one, Text) and isinstance(other, Text):
        return text_parts(one) == text_parts(other)
    if isinstance(one, Group) and isinstance(other, Group):
        return len(one.renderables) == len(other.renderables) and all(
            same_drawing(part, other_part) for part, other_part in zip(one.renderables, other.renderables))
    return False


def text_parts(text: Text) -> tuple[object, ...]:
    return (text.plain, text.spans, text.style, text.justify, text.overflow, text.no_wrap, text.end, text.tab_size)

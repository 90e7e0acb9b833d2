"""The game log as the viewing seat may read it, newest at the bottom; the lines written since
the seat's own last move (what the others did meanwhile) are marked."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widgets import RichLog

from tui.text import clean

NEW_MARK = "▸ "
OLD_MARK = "  "


def marked_lines(lines: list[str], new: int) -> list[Text]:
    """Each line behind its mark: ``NEW_MARK`` (and bold) for the last ``new``, else blank."""
    first_new = len(lines) - new
    return [Text(NEW_MARK, style="bold") + Text(clean(line), style="bold") if index >= first_new
            else Text(OLD_MARK) + Text(clean(line))
            for index, line in enumerate(lines)]


class GameLog(RichLog):
    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, min_width=20, **kwargs)
        self._shown: list[Text] = []
        self._width = 0

    def show(self, lines: list[str], new: int = 0) -> None:
        """Show ``lines``, the last ``new`` of them marked; appends when they extend what is
        shown, else rewrites."""
        marked = marked_lines(lines, new)
        if not self.scrollable_content_region.width:  # hidden (behind the curtain): written when laid out
            self._shown, self._width = marked, 0
            return
        if marked[: len(self._shown)] == self._shown:
            self._write(marked[len(self._shown):])
        else:
            self.clear()
            self._write(marked)
        self._shown = marked

    def on_mount(self) -> None:
        """Anchored: the layout that places new lines scrolls to them. RichLog would scroll
        after it, painting the log once more after every move."""
        self.anchor()

    def _write(self, lines: list[Text]) -> None:
        for line in lines:
            self.write(line, scroll_end=False)
        if self._anchor_released:  # the player scrolled back: a move brings the newest lines back
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def on_resize(self, event: events.Resize) -> None:
        """RichLog wraps lines once, as written: write them again at the new width."""
        if event.size.width != self._width:
            self._width = event.size.width
            self.clear()
            self._write(self._shown)

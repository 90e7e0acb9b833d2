"""The game log as the viewing seat may read it, newest at the bottom."""

from __future__ import annotations

from textual import events
from textual.widgets import RichLog

from tui.text import plain


class GameLog(RichLog):
    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, min_width=20, **kwargs)
        self._shown: list[str] = []
        self._width = 0

    def show(self, lines: list[str]) -> None:
        """Show ``lines``; appends when they extend what is shown, else rewrites."""
        if not self.scrollable_content_region.width:  # hidden (behind the curtain): written when laid out
            self._shown, self._width = list(lines), 0
            return
        if lines[: len(self._shown)] == self._shown:
            self._write(lines[len(self._shown):])
        else:
            self.clear()
            self._write(lines)
        self._shown = list(lines)

    def _write(self, lines: list[str]) -> None:
        for line in lines:
            self.write(plain(line))

    def on_resize(self, event: events.Resize) -> None:
        """RichLog wraps lines once, as written: write them again at the new width.
        Either way the newest entries stay in sight."""
        if event.size.width != self._width:
            self._width = event.size.width
            self.clear()
            self._write(self._shown)
        self.scroll_end(animate=False, immediate=True)

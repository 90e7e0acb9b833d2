"""The game log as the viewing seat may read it, newest at the bottom; the lines written since
the seat's own last move (what the others did meanwhile) are marked."""

from __future__ import annotations

from functools import lru_cache

from rich.text import Text
from textual import events

from tui.compat import CompatLog, PaintedScrollBars, forget_rendered_lines
from tui.i18n import _
from tui.text import bound, clean

NEW_MARK = "▸ "
OLD_MARK = "  "
KEPT = 100
"""The side log keeps the newest 50 to 100 lines (`l` shows them all): wrapping each line is
what costs, and a long game's log would make opening its table slow."""


def marked_lines(lines: list[str], new: int) -> list[Text]:
    """Each line behind its mark: ``NEW_MARK`` (and bold) for the last ``new``, else blank."""
    first_new = len(lines) - new
    return [marked_line(line, index >= first_new) for index, line in enumerate(lines)]


@lru_cache(maxsize=4 * KEPT)
def marked_line(line: str, new: bool) -> Text:
    """Kept: a move's log is the lines of the move before and a few more (not to be changed: it
    may be shown again)."""
    if new:
        return Text(bound(NEW_MARK, line), style="bold") + Text(clean(line), style="bold")
    return Text(bound(OLD_MARK, line)) + Text(clean(line))


def kept(lines: list[str], new: int) -> list[Text]:
    """The lines the side log shows, marked: the newest, from a point that moves on by half of
    ``KEPT`` at a time (so most moves only add lines), after a line saying how many are left out."""
    start = max(0, len(lines) - KEPT + KEPT // 2) // (KEPT // 2) * (KEPT // 2)
    marked = marked_lines(lines[start:], min(new, len(lines) - start))
    if not start:
        return marked
    return [Text(_("… {n} earlier lines (l: the whole log)").format(n=start), style="dim"), *marked]


class GameLog(CompatLog, PaintedScrollBars):
    def __init__(self, *, whole: bool = False, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        """``whole``: show every line (the full log, ``l``), not the newest ``KEPT``."""
        super().__init__(wrap=True, markup=False, highlight=False, min_width=20, name=name, id=id, classes=classes)
        self.whole = whole
        self._shown: list[Text] = []
        self._ends: list[int] = []
        """How many of RichLog's lines there were after each shown line was written."""
        self._width = 0

    def show(self, lines: list[str], new: int = 0) -> None:
        """Show ``lines``, the last ``new`` of them marked. Only what changed is written again:
        the lines added, and those whose mark went (the new lines of the previous turn)."""
        marked = marked_lines(lines, new) if self.whole else kept(lines, new)
        if not self.scrollable_content_region.width:  # hidden: written when laid out
            self._shown, self._width = marked, 0
            return
        if not self.size_known:  # laid out, its Resize not handled yet (a table drawn right after its first layout)
            self._width, self.size_known = self.size.width, True
        same = next((index for index, (now, was) in enumerate(zip(marked, self._shown)) if now != was),
                    min(len(marked), len(self._shown)))
        self._rewind(same)
        self._write(marked[same:])
        self._shown = marked

    def on_mount(self) -> None:
        """Anchored: the layout that places new lines scrolls to them. RichLog would scroll
        after it, painting the log once more after every move."""
        self.anchor()

    def _rewind(self, count: int) -> None:
        """Forget what was written for the shown lines past the first ``count``."""
        if count < len(self._ends):
            del self.lines[self._ends[count - 1] if count else 0:]
            del self._ends[count:]
            forget_rendered_lines(self)
            self.refresh()

    def _write(self, lines: list[Text]) -> None:
        for line in lines:
            self.write(line, scroll_end=False)
            self._ends.append(len(self.lines))
        if self.anchor_released:  # the player scrolled back: a move brings the newest lines back
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def on_resize(self, event: events.Resize) -> None:
        """RichLog wraps lines once, as written: write them again at the new width."""
        if event.size.width != self._width:
            self._width = event.size.width
            self.size_known = self.size_known or bool(self._width)  # as RichLog's handler, which runs next
            self.clear()
            self._ends.clear()
            self._write(self._shown)

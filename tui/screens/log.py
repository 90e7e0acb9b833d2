"""The whole game log in a scrollable view (``l`` at the table): arrows, PgUp/PgDn, Home/End."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical

from tui.i18n import N_, _, ngettext
from tui.screens.base import TabulaModal
from tui.widgets.footer import Footer
from tui.widgets.game_log import NEW_MARK, GameLog


class LogScreen(TabulaModal[None]):
    BINDINGS = [Binding("escape,l", "close", N_("Close"))]

    def __init__(self, lines: list[str], new: int) -> None:
        super().__init__(classes="dialog")
        self.lines, self.new = list(lines), new

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box log-box"):
            yield GameLog(id="full-log", whole=True)
        yield Footer()

    def on_mount(self) -> None:
        box = self.query_one(".log-box")
        box.border_title = ngettext("Game log · {n} line", "Game log · {n} lines", len(self.lines)).format(
            n=len(self.lines))
        box.border_subtitle = (_("{mark} new since your last move · Esc to close").format(mark=NEW_MARK.strip())
                               if self.new else _("Esc to close"))
        log = self.query_one("#full-log", GameLog)
        log.show(self.lines, self.new)
        log.focus()

    def action_close(self) -> None:
        self.dismiss(None)

"""Shown while the terminal is smaller than the app needs; swallows every key but quit."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.geometry import Size
from textual.widgets import Static

from tui.i18n import N_, _
from tui.screens.base import TabulaScreen


class TooSmallScreen(TabulaScreen[None]):
    BINDINGS = [Binding("q", "app.quit", N_("Quit"))]

    def __init__(self, need: Size) -> None:
        super().__init__()
        self.need = need

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(self.message(self.app.size), id="too-small")

    def message(self, size: Size) -> str:
        return _("Terminal too small — need {need}, this one is {size}.\nEnlarge the window to go on; q or Ctrl+Q "
                 "quits.").format(need=f"{self.need.width}x{self.need.height}", size=f"{size.width}x{size.height}")

    def show_size(self, size: Size) -> None:
        """Called by the app as it handles the terminal's resize (not from this screen's own
        Resize event, which arrives later, after whatever the user does next)."""
        if self.is_mounted:
            self.query_one("#too-small", Static).update(self.message(size))

    def on_key(self, event: events.Key) -> None:
        if event.key not in ("q", "ctrl+q"):
            event.stop()
            event.prevent_default()

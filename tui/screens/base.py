"""What every Tabula screen shares: resize events that are out of date are dropped.

Textual lays out the screens under the top one twice per resize: directly, and through a queued
Resize event; and every layout that changes a screen's size posts that screen a Resize of its own.
When a shrink and a grow follow each other quickly (a window edge dragged, a resize forwarded over
SSH), one screen can end up with both sizes queued, and the two then re-post each other forever:
the app spins at full CPU and never paints again. A Resize whose size is no longer the terminal's
is always followed by a newer one, so it is safe to drop.
"""

from __future__ import annotations

from textual import events
from textual.screen import ModalScreen, Screen, ScreenResultType


class LatestSizeOnly:
    def on_resize(self, event: events.Resize) -> None:
        if event.size != self.app.size:
            event.prevent_default()


class TabulaScreen(LatestSizeOnly, Screen[ScreenResultType]):
    pass


class TabulaModal(LatestSizeOnly, ModalScreen[ScreenResultType]):
    pass

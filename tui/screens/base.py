"""What every Tabula screen shares: resize events that are out of date are dropped, the lines
its widgets drew are let go when it closes, a widget taken out is painted over
(tui.compat.RepaintsWhatWasRemoved), a widget covered whole is not rendered
(tui.compat.RendersWhatShows), and the cyclic collector hears of it (tui/collector.py).

Textual lays out the screens under the top one twice per resize: directly, and through a queued
Resize event; and every layout that changes a screen's size posts that screen a Resize of its own.
When a shrink and a grow follow each other quickly (a window edge dragged, a resize forwarded over
SSH), one screen can end up with both sizes queued, and the two then re-post each other forever:
the app spins at full CPU and never paints again. A Resize whose size is no longer the terminal's
is always followed by a newer one, so it is safe to drop.

A screen's first layout gives it its size, and Textual then sends it a Resize of that size, which
laid it out again and every screen under it (Home under a table), all at the size they already
had: a Resize of the size the screen was last laid out at only sets the size classes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from textual import events, getters
from textual.app import App
from textual.geometry import Size
from textual.screen import ModalScreen, Screen, ScreenResultType

from tui.compat import RendersWhatShows, RepaintsWhatWasRemoved, forget_styles_cache

if TYPE_CHECKING:
    from tui.app import TabulaApp


class InAnApp(Protocol):
    """What LatestSizeOnly needs of the screen it is mixed into."""

    @property
    def app(self) -> App[Any]: ...

    @property
    def size(self) -> Size: ...

    @property
    def outer_size(self) -> Size: ...

    def update_classes(self, classes: Mapping[str, bool], update: bool = True, animate: bool = True) -> Any: ...

    def size_classes(self) -> None: ...


class LatestSizeOnly:
    def on_resize(self: InAnApp, event: events.Resize) -> None:
        if event.size != self.app.size:
            event.prevent_default()
        elif event.size == self.outer_size:  # laid out at this size already
            event.prevent_default()
            self.size_classes()

    def size_classes(self: InAnApp) -> None:
        """The app's breakpoint classes for the terminal's size, set now: Textual sets them on the
        screen's first Resize, after a first layout without them (laid out wide, then again).
        Called first thing in ``compose``, they restyle the screen alone: its widgets, not yet
        mounted, take their styles once, with them (set later, every widget is styled again)."""
        classes: dict[str, bool] = {}
        for breakpoints, length in ((self.app.HORIZONTAL_BREAKPOINTS or [], self.size.width),
                                    (self.app.VERTICAL_BREAKPOINTS or [], self.size.height)):
            reached = [name for start, name in sorted(breakpoints) if length >= start]
            classes.update((name, bool(reached) and name == reached[-1]) for _, name in breakpoints)
        self.update_classes(classes, animate=False)


class ForgetsItsLines:
    """Textual 8 caches ``StylesCache.get_inner_outer``, a method, in a process-wide
    ``lru_cache(1024)``: its key holds the ``StylesCache`` of every widget drawn, and with it
    all the lines that widget last rendered, long after the widget is gone (textual#6665).
    Each Home → Resume → table → Esc kept ~1 MB of an Almadi table's lines this way, in a
    served app that runs for hours. The cache only saves building two Styles: it is emptied
    whenever a screen closes, which lets the closed screen's lines go (a Textual that no longer
    caches it has nothing to empty)."""

    def on_unmount(self) -> None:
        forget_styles_cache()


class FollowedByTheCollector:
    """The cyclic collector (tui/collector.py) is told when the screen is shown and painted, and
    whether a game is played on it; and it makes a full pass as the screen closes: its widgets
    hold each other, and freed then, before the next screen is built, their memory is used again
    (a served player's app in a game: 29.3-29.5 MB against 30.2-30.5 without it)."""

    in_play: ClassVar[bool] = False
    """A game is played on this screen: the collector's full passes are kept out of its moves."""

    if TYPE_CHECKING:
        @property
        def app(self) -> TabulaApp: ...

        def call_after_refresh(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> bool: ...

    def on_screen_resume(self) -> None:
        self.call_after_refresh(self.app.collector.follow, self.in_play)

    def on_unmount(self) -> None:
        if self.app.is_running:  # not the app's last screens, closed as it ends
            self.app.call_later(self.app.collector.full_pass)


class TabulaScreen(LatestSizeOnly, ForgetsItsLines, FollowedByTheCollector, RepaintsWhatWasRemoved,
                   RendersWhatShows, Screen[ScreenResultType]):
    if TYPE_CHECKING:  # shown by the Tabula app only (Textual's getters.app would check it on every use)
        app = getters.app(TabulaApp)

    @property
    def table_of(self) -> str | None:
        """The saved game this screen is the table of (None: it is no table)."""
        return None


class TabulaModal(LatestSizeOnly, ForgetsItsLines, FollowedByTheCollector, ModalScreen[ScreenResultType],
                  RepaintsWhatWasRemoved, RendersWhatShows):
    # ModalScreen first: Textual styles a screen by its first base that is a widget, and its
    # first base's, and so on (a mixin that is a Screen before it would lose ModalScreen's CSS)
    if TYPE_CHECKING:
        app = getters.app(TabulaApp)

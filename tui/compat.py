"""The one door to Textual's internals: every use of a private Textual name is here, each for a
reason Textual's public API cannot serve, and each checked by tests/tui/test_compat.py against
the installed Textual, so that a release that changes one fails one named test instead of
breaking screens at random. Nothing else in the app or its tests touches a Textual name that
starts with an underscore.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Iterable, Iterator
from typing import Any, Protocol

from rich.style import Style
from textual import events, messages
from textual._compositor import Compositor, CompositorMap
from textual._styles_cache import StylesCache
from textual._time import get_time
from textual._widget_navigation import find_next_enabled_no_wrap
from textual.app import App
from textual.geometry import Region, Size
from textual.message_pump import MessagePump
from textual.notifications import Notification
from textual.screen import Screen
from textual.scrollbar import ScrollBar
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Footer, OptionList, RichLog
from textual.widgets._footer import FooterKey

from tui.widgets.painted import PaintedScrollBar

__all__ = [
    "FooterKey", "find_next_enabled_no_wrap", "forget_styles_cache", "being_taken_down", "PaintsWhatLayoutDirtied",
    "RepaintsWhatWasRemoved", "RendersWhatShows",
    "CompatLog", "forget_rendered_lines", "option_line", "first_style", "LeftGutter", "KeepsOptionsOnResize",
    "PaintedScrollBars",
    "footer_ready", "key_disabled", "set_key_disabled", "screen_strips", "app_quiet", "count_handling",
    "restore_handling", "replace_idle_wait", "running_app", "notifications", "watch_paints", "watch_layouts",
    "rendered_lines_of", "mark_taken_down", "select_options",
]

# -- the app ------------------------------------------------------------------------------------


def forget_styles_cache() -> None:
    """Empty Textual's process-wide cache of ``StylesCache.get_inner_outer`` (an
    ``lru_cache(1024)`` whose keys hold every drawn widget's rendered lines: textual#6665). A
    Textual that no longer caches it has nothing to empty."""
    clear = getattr(StylesCache.get_inner_outer, "cache_clear", None)
    if clear is not None:
        clear()


def being_taken_down(screen: Screen[Any]) -> bool:
    """The screen is being closed (Textual marks it before removing its widgets; there is no
    public test for it)."""
    return bool(screen._pruning)


class RepaintsWhatWasRemoved(Screen[Any]):
    """A screen whose layout paints over a widget removed since the last one.

    Textual finds what a layout changed on the terminal by comparing it with its map of every
    widget. A refresh of a widget out of sight marks that map stale, and the next look-up of a
    widget's place rebuilds it. When that look-up comes after a widget was taken out and before
    the layout (a notice whose time is up: its rack is refreshed as it goes), the rebuilt map
    no longer holds the widget, the layout finds nothing changed where it was, and its cells
    stay on the terminal for good (a notice left over a player's prompt). A widget the last
    layout painted that the map lost is put back in it before the layout: the layout then finds
    it gone, and paints over where it was."""

    _painted: CompositorMap | None = None

    def _refresh_layout(self, size: Size | None = None, scroll: bool = False) -> None:
        compositor = self._compositor
        every_widget = not scroll or bool(self._layout_widgets)  # Textual's own test
        if every_widget and self._painted:
            full_map = compositor._full_map
            lost = {widget: place for widget, place in self._painted.items() if widget not in full_map}
            if lost:
                compositor._full_map = {**full_map, **lost}
        super()._refresh_layout(size, scroll)
        if every_widget:
            self._painted = compositor._full_map
        elif compositor._visible_map is not None:  # a scroll placed only what is in sight
            self._painted = {**(self._painted or {}), **compositor._visible_map}


class RendersWhatShows(Screen[Any]):
    """A screen whose paint renders no widget that another one covers whole.

    Textual renders every widget in sight, line by line, then keeps cell by cell the topmost
    widget's (its paint is opaque: nothing shows through from below). The boards' containers at
    80 columns, covered by the panel they hold, were rendered again, for nothing, whenever a move
    laid them out anew: 44 of the 120 lines of an Almadi move. What is painted is the same
    without them (tests/tui/test_compat.py compares the two)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._compositor = UncoveredCompositor()


class UncoveredCompositor(Compositor):
    _covered_in: dict[Widget, tuple[Region, Region]] | None = None
    _covered: frozenset[Widget] = frozenset()

    def _get_renders(self, crop: Region | None = None) -> Iterator[tuple[Region, Region, list[Strip]]]:
        """Textual's, but for the covered widgets (found once for each map of what is in sight)."""
        visible = self.visible_widgets
        if visible is not self._covered_in:
            self._covered_in, self._covered = visible, covered_widgets(visible)
        for widget, (region, clip) in visible.items():
            if widget in self._covered or (crop is not None and not crop.overlaps(clip)):
                continue
            x, y, width, height = region.intersection(clip)
            if width and height:
                yield region, clip, widget.render_lines(Region(x - region.x, y - region.y, width, height))


def covered_widgets(visible: dict[Widget, tuple[Region, Region]]) -> frozenset[Widget]:
    """The containers whose part in sight lies wholly under the widgets above them (Textual
    lists them topmost first): a leaf is not looked at, nothing covers it but in a layer."""
    above: list[Region] = []
    covered = set()
    for widget, (region, clip) in visible.items():
        shown = region.intersection(clip)
        if widget.children and is_covered(shown, above):
            covered.add(widget)
        else:
            above.append(shown)
    return frozenset(covered)


def is_covered(region: Region, above: list[Region]) -> bool:
    rest = [region]
    for top in [top for top in above if region.overlaps(top)]:
        rest = [piece for part in rest for piece in uncovered_parts(part, top)]
        if not rest:
            return True
    return False


def uncovered_parts(region: Region, top: Region) -> list[Region]:
    """What of ``region`` ``top`` leaves uncovered, in up to four regions."""
    if not region.overlaps(top):
        return [region]
    cut = region.intersection(top)
    parts = [Region(region.x, region.y, region.width, cut.y - region.y),
             Region(region.x, cut.bottom, region.width, region.bottom - cut.bottom),
             Region(region.x, cut.y, cut.x - region.x, cut.height),
             Region(cut.right, cut.y, region.right - cut.right, cut.height)]
    return [part for part in parts if part.width > 0 and part.height > 0]


class PaintsWhatLayoutDirtied(Screen[Any]):
    """A screen that paints, with a layout, what that layout made dirty (a scrollbar whose thumb
    moved, a log scrolled to its new end): Textual paints those a frame later, after they ask for
    it, so the screen would change again 17 ms and more after a move was drawn. What that paint
    drew is not painted again as its asks come; a paint outside a layout is Textual's own (the
    widgets that asked for it)."""

    laying_out = False

    def _compositor_refresh(self) -> None:
        if not self.laying_out:
            super()._compositor_refresh()
            return
        painted = set(self._compositor.visible_widgets)
        self._compositor.update_widgets(painted)
        super()._compositor_refresh()
        for widget in painted:  # drawn as they are now: not painted again a frame later
            widget._repaint_required = False

    reflowed_at = 0.0
    """When the last layout that placed every widget began."""

    async def _on_layout(self, message: messages.Layout) -> None:
        """A widget's ask for a layout, posted before a layout that placed every widget (it was
        still on its way to the screen as that layout ran), is answered by it: not laid out again."""
        if message.time < self.reflowed_at:
            message.stop()
            message.prevent_default()
            return
        await super()._on_layout(message)

    def _refresh_layout(self, size: Size | None = None, scroll: bool = False) -> None:
        """Lay out once where Textual lays out twice: each widget the layout gives a new size
        sets its ``virtual_size``, a reactive that asks for another layout, which arranges every
        widget as this one did and paints them again. Asked for by the layout itself, that one
        is dropped, unless a scrollbar came or went (it is placed, and narrows its widget's
        inside, by a layout); what asked for a layout before this one, or asks after it, is
        laid out as ever."""
        asked = {widget for widget in with_scrollbars(self.walk_children(Widget)) if widget._layout_required}
        scrollbars = {widget: scrollbars_shown(widget) for widget in self._compositor.widgets}
        if not scroll or self._layout_widgets:  # Textual's test for a layout of every widget
            self.reflowed_at = get_time()
        self.laying_out = True
        try:
            super()._refresh_layout(size, scroll)
        finally:
            self.laying_out = False
        laid_out = self._compositor.widgets
        if all(scrollbars_shown(widget) == scrollbars.get(widget, (False, False)) for widget in laid_out):
            for widget in with_scrollbars(laid_out):
                if widget not in asked:
                    widget._layout_required = False


def scrollbars_shown(widget: Widget) -> tuple[bool, bool]:
    """Whether the widget shows its vertical and its horizontal scrollbar (one of no size is
    not shown: Textual's footer has one that comes and goes as its keys run past its width)."""
    vertical, horizontal = widget.scrollbars_enabled
    return vertical and widget.styles.scrollbar_size_vertical > 0, \
        horizontal and widget.styles.scrollbar_size_horizontal > 0


def with_scrollbars(widgets: Iterable[Widget]) -> Iterator[Widget]:
    """Each widget, followed by its scrollbars (laid out with it, outside the DOM)."""
    for widget in widgets:
        yield widget
        yield from widget._get_virtual_dom()


def screen_strips(app: App[Any]) -> list[Strip]:
    """What the app's screen shows now, line by line, as its compositor would paint it."""
    return list(app.screen._compositor.render_strips())


# -- the log ------------------------------------------------------------------------------------


class CompatLog(RichLog):
    """A RichLog anchored at the height a layout gives it, in that layout (Textual's layout
    scrolls an anchored log with its old height, and scrolls it again, a frame later, with the
    new one), which says whether the player released its anchor and whether its width is known."""

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        resized = super()._size_updated(size, virtual_size, container_size, layout)
        if resized and self.is_anchored and not self.anchor_released:
            self.scroll_end(animate=False, immediate=True, x_axis=False)
        return resized

    @property
    def anchor_released(self) -> bool:
        """The player scrolled back, away from the newest lines."""
        return bool(self._anchor_released)

    @property
    def size_known(self) -> bool:
        """RichLog's flag: its width is known, so what is written is wrapped to it (RichLog sets it
        on its first Resize, and holds writes back until then)."""
        return bool(self._size_known)

    @size_known.setter
    def size_known(self, known: bool) -> None:
        self._size_known = known


def forget_rendered_lines(log: RichLog) -> None:
    """After lines were taken out of ``log.lines``: drop the lines rendered from them and size
    the log again."""
    log._line_cache.clear()
    log.virtual_size = Size(log._widest_line_width, len(log.lines))


# -- lists --------------------------------------------------------------------------------------


def option_line(options: OptionList, y: int) -> tuple[int, int]:
    """(the option's index, its line within the option) of line ``y`` of an OptionList's content."""
    index, line = options._lines[y]
    return index, line


def first_style(strip: Strip) -> Style | None:
    """The style a rendered line starts with."""
    first = next(iter(strip), None)
    return first.style if first is not None else None


class KeepsOptionsOnResize(OptionList):
    """An OptionList that forgets its rendered options when a resize changed its width only:
    Textual forgets them on every resize (their cache is not keyed by width), so a move that
    changed the list's height alone rendered and painted the list again, a frame later."""

    _options_width: int | None = None

    def _on_resize(self, event: events.Resize | None = None) -> None:
        """Textual gives the event to a handler that takes one (OptionList's takes none)."""
        width = self.scrollable_content_region.width
        if width == self._options_width and event is not None:
            event.prevent_default()  # OptionList's own handler, next in line, is not called
        self._options_width = width


class PaintedScrollBars(Widget):
    """A scrollable widget whose vertical scrollbar keeps the lines it painted
    (tui/widgets/painted.py); Textual makes a widget's scrollbars in a property of its own. A
    mixin named after the widget's own base (Textual takes a widget's default styles from its
    first base alone)."""

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        if self._vertical_scrollbar is None:
            scrollbar = PaintedScrollBar(vertical=True, name="vertical", thickness=self.scrollbar_size_vertical)
            scrollbar.display = False
            self._vertical_scrollbar = scrollbar
            self.app._start_widget(self, scrollbar)
        return self._vertical_scrollbar


class LeftGutter(OptionList):
    """An OptionList with a gutter of ``left_gutter`` cells on its left (for a cursor mark). Not
    named ``gutter``: that is Widget's padding and border, which Textual reads on a click."""

    left_gutter = 0

    def _get_left_gutter_width(self) -> int:
        return self.left_gutter


# -- the footer ---------------------------------------------------------------------------------


def footer_ready(footer: Footer) -> None:
    """Tell Textual's Footer that the screen's bindings are known (it composes nothing before)."""
    footer._bindings_ready = True


def key_disabled(key: FooterKey) -> bool:
    return bool(key._disabled)


def set_key_disabled(key: FooterKey, disabled: bool) -> None:
    key._disabled = disabled


# -- tests --------------------------------------------------------------------------------------


def running_app() -> App[Any] | None:
    """The app whose code is running now (Textual's context variable), if any."""
    from textual._context import active_app

    return active_app.get(None)


def app_quiet(app: App[Any], handling: int) -> bool:
    """Nothing queued for the app or any of its widgets and screens, and nothing being handled
    (``handling``: the messages being handled now, as ``count_handling`` counts them)."""
    return handling == 0 and all(pump._message_queue.empty() and not pump._next_callbacks
                                 for pump in [app, *list(app._registry)])


def count_handling(count: list[int]) -> tuple[Any, Any]:
    """Make every message pump count, in ``count[0]``, the messages and after-refresh callbacks
    it is handling; returns what to give ``restore_handling`` afterwards."""

    def counted(handle: Any) -> Any:
        async def handling(self: MessagePump, *args: Any) -> Any:
            count[0] += 1
            try:
                return await handle(self, *args)
            finally:
                count[0] -= 1

        return handling

    saved = (MessagePump._dispatch_message, MessagePump._flush_next_callbacks)
    MessagePump._dispatch_message = counted(MessagePump._dispatch_message)  # type: ignore[method-assign]
    MessagePump._flush_next_callbacks = counted(MessagePump._flush_next_callbacks)  # type: ignore[method-assign]
    return saved


def restore_handling(saved: tuple[Any, Any]) -> None:
    MessagePump._dispatch_message, MessagePump._flush_next_callbacks = saved  # type: ignore[method-assign]


class IdleWait(Protocol):
    """What Textual's ``wait_for_idle`` is called as."""

    def __call__(self, min_sleep: float = ..., max_sleep: float = ...) -> Coroutine[Any, Any, None]: ...


def replace_idle_wait(wait: IdleWait) -> Callable[[], None]:
    """Make Pilot (and the app's own waits) wait with ``wait`` instead of Textual's
    ``wait_for_idle`` (same arguments); returns what puts Textual's back."""
    import textual.app
    import textual.pilot

    saved = (textual.app.wait_for_idle, textual.pilot.wait_for_idle)  # type: ignore[attr-defined]
    textual.app.wait_for_idle = textual.pilot.wait_for_idle = wait  # type: ignore[attr-defined]

    def restore() -> None:
        textual.app.wait_for_idle, textual.pilot.wait_for_idle = saved  # type: ignore[attr-defined]

    return restore


def notifications(app: App[Any]) -> list[Any]:
    """The notifications the app shows now (Textual keeps them; it has no public list)."""
    return list(app._notifications)


def take_down_notification(app: App[Any], notification: Notification) -> None:
    """Take ``notification`` off the screen now (nothing if its time is up); the next
    notification's refresh draws the rest (Textual's own takes them down one by one)."""
    app._unnotify(notification, refresh=False)


def watch_paints(app: App[Any], seen: Callable[[Screen[Any], Any], None]) -> None:
    """Call ``seen(screen, renderable)`` with each paint the app sends its terminal, before it goes."""
    display = app._display

    def shown(screen: Screen[Any], renderable: Any) -> None:
        seen(screen, renderable)
        display(screen, renderable)

    app._display = shown  # type: ignore[method-assign]


def watch_layouts(screen: Screen[Any], seen: Callable[[], None]) -> None:
    """Call ``seen()`` as ``screen`` lays its widgets out (each layout, before it is done)."""
    layout = screen._refresh_layout

    def laid_out(size: Size | None = None, scroll: bool = False) -> None:
        seen()
        layout(size, scroll)

    screen._refresh_layout = laid_out  # type: ignore[method-assign]


def rendered_lines_of(widget: Widget) -> Any:
    """The object that keeps the lines ``widget`` last rendered (for tests that it is let go)."""
    return widget._styles_cache


def mark_taken_down(screen: Screen[Any]) -> None:
    """Mark the screen as Textual does when it starts to take it down (at quit)."""
    screen._pruning = True


def select_options(select: Any) -> list[tuple[Any, Any]]:
    """A Select's (label, value) options, the blank one included."""
    return list(select._options)

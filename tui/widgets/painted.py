"""Lines painted once. Textual paints each line of a widget with the widget's styles (border,
padding, background, the app's colour filters), which costs more than a simple line itself,
and paints a widget whole again whenever its size or place changed: on a game table, a board
whose drawing grew a line, or a scrollbar whose thumb moved, at almost every move. A widget
with ``KeepsPaintedLines`` says what each row shows apart from its look (``painted_key``), and
a row whose content it painted before, in the same look, is taken as it was painted.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable

from textual.geometry import Region
from textual.scrollbar import ScrollBar
from textual.strip import Strip
from textual.widget import Widget


class KeepsPaintedLines(Widget):
    """A mixin: ``painted_key`` says what a row shows; the lines painted are kept until the
    widget's look changes or ``keep_painted`` lets some go. Named after a widget's own base
    (Textual takes a widget's default styles from its first base alone)."""

    _painted: dict[Hashable, Strip] | None = None
    _painted_look: tuple[object, ...] = ()

    def painted_key(self, y: int) -> Hashable | None:
        """What row ``y`` shows, apart from the widget's look (None: painted anew each time)."""
        raise NotImplementedError

    def render_lines(self, crop: Region) -> list[Strip]:
        look = self.look(crop)
        if look != self._painted_look or self._painted is None:
            self._painted_look, self._painted = look, {}
        keys = [self.painted_key(y) for y in crop.line_range]
        strips: list[Strip] = []
        start = crop.y
        """The first row of the run that Textual paints."""
        for y, key in zip(crop.line_range, keys):
            painted = self._painted.get(key) if key is not None else None
            if painted is not None:
                strips += self._paint_rows(crop, start, y, keys)
                strips.append(painted)
                start = y + 1
        strips += self._paint_rows(crop, start, crop.bottom, keys)
        return strips

    def _paint_rows(self, crop: Region, start: int, end: int, keys: list[Hashable | None]) -> list[Strip]:
        """Rows ``start`` to ``end`` (excluded) of ``crop``, painted by Textual, and kept
        (``keys``: what each row of ``crop`` shows)."""
        if start >= end:
            return []
        strips = super().render_lines(Region(crop.x, start, crop.width, end - start))
        assert self._painted is not None
        for key, strip in zip(keys[start - crop.y:end - crop.y], strips):
            if key is not None:
                self._painted[key] = strip
        return strips

    def keep_painted(self, keys: Collection[Hashable]) -> None:
        """Let go of the lines painted but those of ``keys``."""
        if self._painted:
            self._painted = {key: strip for key, strip in self._painted.items() if key in keys}

    def look(self, crop: Region) -> tuple[object, ...]:
        """Everything but a row's content that its painted line depends on."""
        styles, app = self.styles, self.app
        return (self.size.width, crop.column_span, styles.border, styles.padding, styles.background,
                styles.color, styles.tint, styles.text_opacity, self.background_colors, self.opacity,
                tuple(id(line_filter) for line_filter in self.get_line_filters()), id(app.ansi_theme),
                app.native_ansi_color)


class PaintedScrollBar(ScrollBar, KeepsPaintedLines):
    """A scrollbar's rows are a few kinds (the track, the thumb, its two ends): each is painted
    once, wherever the thumb goes."""

    def painted_key(self, y: int) -> Hashable | None:
        return tuple(self.render_line(y))

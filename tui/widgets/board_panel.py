"""A panel showing one renderer output from tui.boards, redrawn when its width changes.

A move changes a few lines of a board: the panel paints those alone. Each line is rendered once
for all panels (a cache of lines by their text and styles), and a drawing whose lines are as many
as before repaints only the lines that changed. Textual's Static renders a whole drawing again
and repaints every line (a Pantheon map: 10 ms for each move that touched it). A line painted
with the panel's border keeps that paint for the next drawings (tui/widgets/painted.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import islice

from rich.console import Group, RenderableType
from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.content import Content
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import RichVisual, Visual
from textual.widget import Widget

from tui.i18n import _
from tui.text import plain, plain_renderable
from tui.widgets.painted import KeepsPaintedLines

Draw = Callable[[int], RenderableType | None]


class BoardPanel(KeepsPaintedLines):
    """Holds a ``draw(width)`` function (a board renderer with its view bound)."""

    DEFAULT_CSS = """
    BoardPanel {
        height: auto;
    }
    """
    ALLOW_SELECT = False
    """Its lines are rendered apart, with no offsets for a mouse's selection to read."""

    def __init__(self, title: str = "", *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.base_title = plain(title, lines=False)
        self._title = self.border_title = self.base_title
        self._subtitle = ""
        self._draw: Draw | None = None
        self._drawn_width = 0
        self._drawn: RenderableType = ""
        """What was last drawn, at ``_drawn_width``."""
        self._lines: list[Line] = []
        """``_drawn``'s lines as rendered at ``_drawn_width``..."""
        self._lines_style: VisualStyle | None = None
        """... in this style of the panel's..."""
        self._strips: list[Strip] = []
        """... and as Textual paints them."""
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
        before = self._lines
        self._drawn_width, self._drawn = width, drawn
        self.take_lines(rendered_lines(self, drawn, width))
        if len(self._lines) != len(before):
            self.refresh(layout=True)
            return
        changed = [Region(0, y, self.size.width, 1) for y, (line, old) in enumerate(zip(self._lines, before))
                   if line is not old]
        if changed:
            self.refresh(*changed)

    def take_lines(self, lines: list[Line]) -> None:
        """A drawing's lines, in the panel's style now; a line shown already keeps its strip. The
        lines painted are kept for this drawing and the one before (a board the decision turns
        away from and back to)."""
        shown = {id(line): strip for line, strip in zip(self._lines, self._strips)}
        self.keep_painted({*self._lines, *lines})
        self._lines, self._lines_style = lines, self.visual_style
        self._strips = [shown[id(line)] if id(line) in shown else Strip(line) for line in lines]

    @property
    def content(self) -> RenderableType:
        """What the panel shows."""
        return self._drawn

    def notify_style_update(self) -> None:
        """The lines carry the panel's style: drawn again in a new one."""
        super().notify_style_update()
        if self._drawn_width and self._lines_style != self.visual_style:
            self.take_lines(rendered_lines(self, self._drawn, self._drawn_width))

    def painted_key(self, y: int) -> Line | None:
        """The drawing's line on row ``y`` (None on the border)."""
        index = y - self.styles.gutter.top
        return self._lines[index] if 0 <= index < len(self._lines) else None

    def render_line(self, y: int) -> Strip:
        if y < len(self._strips):
            return self._strips[y]
        return Strip.blank(self.size.width, self.visual_style.rich_style)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max((strip.cell_length for strip in self._strips), default=0)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines)

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


Line = tuple[Segment, ...]
"""A rendered line: its segments, in the panel's style. Kept as plain segments: a Textual Strip
holds seven caches of its own (with them, a cached line took 5.4 KB; without, 3.6)."""


def rendered_lines(panel: Widget, drawing: RenderableType, width: int) -> list[Line]:
    """A drawing's lines as a Static would paint them at ``width`` (a line wider wraps): a text
    as Textual's Content, a group as Rich renders it; a text's lines come from ``TEXT_LINES``,
    the same objects for the same lines."""
    if isinstance(drawing, str):
        drawing = Text(drawing)
    if isinstance(drawing, Text):
        return text_strips(panel, drawing, width, True)
    lines: list[Line] = []
    open_line = False
    """The last line goes on with the next part (Rich's: a text whose end is no newline)."""
    for part in parts_of(drawing):
        if isinstance(part, Text) and part.end in ("\n", ""):
            strips = text_strips(panel, part, width, False)
        else:
            strips = [tuple(strip) for strip in Visual.to_strips(panel, RichVisual(panel, part), width, None,
                                                                  panel.visual_style, apply_selection=False)]
        if open_line and strips and lines:
            lines[-1] = canonical(Strip.join([Strip(lines[-1]), Strip(strips.pop(0))]).crop(0, width))
        lines.extend(strips)
        open_line = isinstance(part, Text) and part.end == ""
    if open_line and lines and not lines[-1]:
        lines.pop()  # an open line with nothing on it ends nothing
    return lines


def parts_of(drawing: RenderableType) -> Iterator[RenderableType]:
    """A group's parts, those of a group in it in its place (Rich draws them one after another)."""
    if isinstance(drawing, Group):
        for part in drawing.renderables:
            yield from parts_of(part)
    else:
        yield drawing


def text_strips(panel: Widget, text: Text, width: int, as_content: bool) -> list[Line]:
    """A text's lines, each one strip, or more where it wraps. The lines not in ``TEXT_LINES``
    are rendered there: together, those that cannot wrap (one strip each), else one by one."""
    style = panel.visual_style
    lines = list(text.split("\n", allow_blank=True))
    keys = [(as_content, line.plain, tuple(line.spans), line.style, text.justify, text.overflow, text.no_wrap,
             text.tab_size, width, style) for line in lines]
    found = [TEXT_LINES.get(key) for key in keys]
    missing = [index for index, strips in enumerate(found) if strips is None]
    if missing:
        fitting = [index for index in missing if lines[index].cell_len <= width]
        together = render_text(panel, text, [lines[index] for index in fitting], width, as_content)
        if len(together) != len(fitting):  # not one strip a line after all: each on its own
            together, fitting = [], []
        for index, strip in zip(fitting, together):
            found[index] = TEXT_LINES[keys[index]] = (strip,)
        for index in missing:
            if found[index] is None:
                found[index] = TEXT_LINES[keys[index]] = tuple(render_text(panel, text, [lines[index]], width,
                                                                           as_content))
        for oldest in list(islice(TEXT_LINES, max(0, len(TEXT_LINES) - TEXT_LINES_KEPT))):
            del TEXT_LINES[oldest]
    return [strip for strips in found if strips is not None for strip in strips]


def render_text(panel: Widget, text: Text, lines: list[Text], width: int, as_content: bool) -> list[Line]:
    """``lines`` of ``text`` (which gives them its way to wrap), as a Static renders a text."""
    if not lines:
        return []
    if not as_content and text.justify in (None, "default"):
        fitting = fitting_lines(panel, lines, width)
        if fitting is not None:
            return fitting
    together = text.blank_copy()
    together.end = "\n"
    together.append_text(Text("\n").join(lines))
    visual = Content.from_rich_text(together, console=panel.app.console) if as_content else RichVisual(panel, together)
    return [canonical(strip)
            for strip in Visual.to_strips(panel, visual, width, None, panel.visual_style, apply_selection=False)]


def fitting_lines(panel: Widget, lines: list[Text], width: int) -> list[Line] | None:
    """Lines of a group's text as Rich renders them together, in a third of the time: each on
    its own, when each fits the width (then Rich neither wraps nor cuts it) and none has a tab
    or a link (which Rich and Textual would change); else None."""
    console = panel.app.console
    style = console.get_style(panel.visual_style.rich_style)
    rendered = []
    for line in lines:
        if line.cell_len > width or "\t" in line.plain:
            return None
        alone = Text()  # its style a span, as when Rich joins the lines
        alone.append_text(line)
        segments = list(alone.render(console))
        if any(segment.style is not None and segment.style.link_id for segment in segments):
            return None
        if style:  # the panel's style under the line's, as Textual's Static applies it
            segments = [Segment(text, style + line_style) for text, line_style, _ in segments]
        rendered.append(canonical(Strip(segments)))
    return rendered


def canonical(strip: Strip) -> Line:
    """The same segments for the same line however it was rendered (with other lines or alone),
    so that what a panel paints does not depend on what was drawn before; no offsets for a
    mouse's selection (a line's are its own)."""
    return tuple(Strip([segment for segment in strip.discard_meta() if segment.text]).simplify())


TEXT_LINES: dict[tuple[object, ...], tuple[Line, ...]] = {}
"""Rendered text lines, by their text, styles, width and the panel's style (a style may be a
style name, which Textual's console reads with Rich's default theme in every app)."""
TEXT_LINES_KEPT = 512
"""Lines kept, the first rendered going first: the boards a table shows and those of the last
few dozen moves (half as many cost an Almadi move 5% more). About 3.6 KB a line beyond what
the panels hold: 1.8 MB at most, of the 30 a served player's app may take."""


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

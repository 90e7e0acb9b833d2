"""The boards' visual language: each game declares its glyphs once, in a ``Palette`` (in its
board module, never in the engine), draws with a ``Pen`` that notes every glyph it puts on the
screen, and shows a legend of exactly those.

A glyph is a character (or a few, for one meaning drawn several ways: the arrows ``↑→↓←``)
with a meaning, a style in colour and a style under NO_COLOR. Meaning is carried by the
character first: colour only repeats it, so NO_COLOR and colour-blind players lose nothing.
Styles in colour set both foreground and background wherever they set a background (a tile's
fill, the sea), and plain foreground colours are mid-tones, so the light and the dark theme
both read them. Under NO_COLOR a glyph keeps its character and its attributes only (bold,
reverse, underline, dim): a number key or a highlighted target is reverse video in both.

``Palette.clashes`` lists characters drawn with two meanings in one game; a test keeps it empty
for every game, and checks that every kind in the game's data (landscape, edge, terrain,
piece...) has a glyph.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.style import Style
from rich.text import Text

from engine.core.seats import LETTERS, SYMBOLS
from tui.choice_keys import NEXT_PAGE, PREVIOUS_PAGE
from tui.i18n import N_, _

if TYPE_CHECKING:
    from .base import Frame

KEY = "bold reverse"
"""A choice's number key on the board, in colour and under NO_COLOR."""
MONO_ATTRIBUTES = {"bold", "dim", "italic", "underline", "reverse", "strike", "not"}


@dataclass(frozen=True)
class Glyph:
    text: str
    """The character drawn; several characters are variants of one meaning (``↑→↓←``)."""
    meaning: str
    """What the legend says of it (N_ marked: shown in the reader's language); '' for lines that
    need no word (a tile's frame)."""
    group: str = ""
    """The legend's heading it goes under ('Landscapes', 'Edges'; N_ marked too)."""
    colour: str = ""
    """Its Rich style in colour."""
    mono: str = ""
    """Its style under NO_COLOR: attributes only."""
    shown: str | None = None
    """How the legend writes it, when not ``text`` (e.g. 'a' for the feet a-d)."""

    def __post_init__(self) -> None:
        if set(self.mono.split()) - MONO_ATTRIBUTES:
            raise ValueError(f"{self.meaning}: the NO_COLOR style {self.mono!r} may hold attributes only")

    def char(self, variant: int = 0) -> str:
        return self.text[variant]


class Palette:
    """A game's glyphs by name, in legend order, and its seat colours (after letter and symbol)."""

    def __init__(self, game: str, glyphs: dict[str, Glyph], seat_colours: Iterable[str] = ()):
        self.game = game
        self.glyphs = glyphs
        self.seat_colours = tuple(seat_colours)

    def __getitem__(self, name: str) -> Glyph:
        return self.glyphs[name]

    def clashes(self) -> list[str]:
        """Characters drawn with two meanings (should be none), by glyph name: 'M: moon, market'."""
        meanings: dict[str, list[str]] = {}
        for name, glyph in self.glyphs.items():
            for char in dict.fromkeys(glyph.text):
                if not char.isspace():
                    meanings.setdefault(char, []).append(name)
        return [f"{char}: {', '.join(found)}" for char, found in meanings.items() if len(found) > 1]

    def style(self, name: str, color: bool) -> Style:
        return _style(self, name, color)

    def seat_style(self, seat: int, color: bool) -> Style:
        """A seat's pieces: bold, in the seat's colour when there is colour."""
        return _seat_style(self, seat, color)


@cache
def _style(palette: Palette, name: str, color: bool) -> Style:
    glyph = palette.glyphs[name]
    return Style.parse((glyph.colour if color else glyph.mono) or "none")


@cache
def _seat_style(palette: Palette, seat: int, color: bool) -> Style:
    colour = palette.seat_colours[seat] if color and seat < len(palette.seat_colours) else ""
    return Style.parse(f"bold {colour}".strip())


def seat_glyph(seat: int) -> str:
    """A seat's symbol and letter, as in every title: '●A'."""
    return f"{SYMBOLS[seat]}{LETTERS[seat]}"


class Pen:
    """Draws one frame with a palette, in colour or not, noting each glyph it hands out so the
    legend explains exactly what was drawn."""

    def __init__(self, palette: Palette, color: bool = True):
        self.palette = palette
        self.color = color
        self.used: dict[str, None] = {}
        self.looks: dict[str, Style] = {}
        """How the legend shows some glyphs, when not in their own style (a seat's piece)."""

    def __call__(self, name: str, variant: int = 0) -> tuple[str, Style]:
        """The character (``variant``: which of the glyph's characters) and its style."""
        self.used[name] = None
        return self.palette.glyphs[name].text[variant], self.palette.style(name, self.color)

    def style(self, name: str) -> Style:
        """A glyph's style, for drawing that is not the glyph itself (a tile's fill)."""
        return self.palette.style(name, self.color)

    def note(self, *names: str) -> None:
        """Glyphs drawn otherwise (in a label) that the legend must explain."""
        self.used.update(dict.fromkeys(names))

    def seat(self, seat: int) -> Style:
        return self.palette.seat_style(seat, self.color)

    def legend(self, width: int, extra: Iterable[Text] = ()) -> Text:
        """The glyphs drawn, in the palette's order, grouped under their headings, each as it
        looks on the board; then the ``extra`` entries; wrapped at ``width`` between entries."""
        return legend_text(self.entries() + [("", item) for item in extra], width)

    def entries(self) -> list[tuple[str, Text]]:
        """(heading, entry) of each glyph drawn, in the palette's order."""
        found = []
        for name, glyph in self.palette.glyphs.items():
            if name in self.used and glyph.meaning:
                shown = Text()
                shown.append(glyph.shown if glyph.shown is not None else glyph.text,
                             self.looks.get(name) or self.palette.style(name, self.color))
                found.append((glyph.group, entry(shown, _(glyph.meaning))))
        return found


def entry(shown: str | Text, meaning: str, style: str | Style = "bold") -> Text:
    """A legend entry of glyphs drawn otherwise (a number key, a seat's letters)."""
    text = shown.copy() if isinstance(shown, Text) else Text.assemble((shown, style))
    text.append(" " + meaning, "dim")
    return text


KEY_MEANING = N_("a choice's key: where it acts")


def key_entry(meaning: str = KEY_MEANING) -> Text:
    """The legend's entry of the choice keys (``meaning``: N_ marked, shown in the reader's language)."""
    return entry("1", _(meaning), KEY)


def key_entries(marks: Iterable[str], meaning: str = KEY_MEANING) -> list[Text]:
    """The legend of the choice keys a board drew (``marks``: ``target_keys(view).values()``):
    the keys, and the keys that turn the choice list's pages where a choice of another page acts."""
    marks = set(marks)
    pages = [entry(mark, which.format(key=mark), KEY)
             for mark, which in ((NEXT_PAGE, _("a choice on a later page (press {key})")),
                                 (PREVIOUS_PAGE, _("a choice on an earlier page (press {key})"))) if mark in marks]
    return ([key_entry(meaning)] if marks - {NEXT_PAGE, PREVIOUS_PAGE} else []) + pages


def legend_text(entries: list[tuple[str, Text]], width: int) -> Text:
    """Entries, each after its group's heading when the group changes, on lines of ``width``."""
    text = Text(no_wrap=True)
    line, group = 0, None
    for heading, item in entries:
        piece = Text()
        if heading != group and heading:
            piece.append(_("{heading}: ").format(heading=_(heading)), "dim italic")
        group = heading
        piece.append_text(item)
        gap = 2 if line else 0
        if line and line + gap + piece.cell_len > width:
            text.append("\n")
            line, gap = 0, 0
        if gap:
            text.append(" " * gap)
        text.append_text(piece)
        line += gap + piece.cell_len
    return text


class Ledger:
    """What each panel on the screen drew last: its legend entries, by panel name. The legend
    panel shows them all, each once, in the order of the panels; ``on_change`` is called when
    a panel drew something that changes it."""

    def __init__(self, on_change: Callable[[], None] | None = None):
        self.on_change = on_change
        self.drawn: dict[str, tuple[tuple[str, Text], ...]] = {}

    def record(self, panel: str, entries: Iterable[tuple[str, Text]]) -> None:
        entries = tuple(entries)
        if _plain(self.drawn.get(panel, ())) != _plain(entries):
            self.drawn[panel] = entries
            if self.on_change is not None:
                self.on_change()

    def forget(self, panel: str) -> None:
        if self.drawn.pop(panel, None) and self.on_change is not None:
            self.on_change()

    def legend(self, width: int) -> Text | None:
        """Every panel's entries, each once; None when they drew none."""
        seen: dict[str, tuple[str, Text]] = {}
        for entries in self.drawn.values():
            for heading, item in entries:
                seen.setdefault(item.plain, (heading, item))
        if not seen:
            return None
        return legend_text(grouped(list(seen.values())), width)


def _plain(entries: Iterable[tuple[str, Text]]) -> tuple[str, ...]:
    return tuple(item.plain for _, item in entries)


def grouped(entries: list[tuple[str, Text]]) -> list[tuple[str, Text]]:
    """Entries of a heading together, headings in the order first seen (keys and seats last)."""
    order = list(dict.fromkeys(heading for heading, _ in entries if heading))
    return sorted(entries, key=lambda pair: order.index(pair[0]) if pair[0] else len(order))


def finish(frame: Frame, pen: Pen, drawing: RenderableType | list[RenderableType], extra: Iterable[Text] = ()
           ) -> RenderableType:
    """A panel's drawing, followed by the legend of what ``pen`` drew (and ``extra`` entries:
    the seats' letters, the number keys) when the panel is alone; noted in the frame's ledger."""
    extra = list(extra)
    entries = pen.entries() + [("", item) for item in extra]
    if frame.ledger is not None and frame.panel:
        frame.ledger.record(frame.panel, entries)
    parts = list(drawing) if isinstance(drawing, list) else [drawing]
    if frame.legend and entries:
        parts.append(legend_text(entries, frame.width))
    return Group(*parts) if len(parts) > 1 else parts[0]

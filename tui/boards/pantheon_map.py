"""Pantheon's map as terrain: the palette (declared once) and the hex map at four sizes.

The map is in offset rows (odd rows half a hex to the right), each hex a few characters:

- the sea is an area: a blue fill with a ``≈`` texture (the texture alone under NO_COLOR), and
  where two sea hexes meet no outline is drawn, so the sea reads as one body of water;
- the land is plain, a ``·`` in each hex; a column hex shows ``¦``, the active nation's
  symbol hexes ``○`` (its loot goes there), every nation's start hex ``⌂``, the temple ``Π``;
- a loot tile shows its kind: ``+`` reserve, ``δ`` demigod, ``Ω`` god, ``‡`` column,
  ``¤`` offering tile, ``♠`` cards, ``$`` special money, ``»`` steps;
- a piece is its seat's symbol and letter, as the seat's tag everywhere (``●A Alice``): a foot
  with the small letter (``●a``), a column with the capital (``●A``), in the seat's colour (under
  NO_COLOR columns are underlined); where a hex has no room for symbols (the narrow sizes,
  two characters a hex at 80x24) the letters stand alone and the legend gives each seat's symbol;
- the number key of a choice acting on a hex is on it in reverse video, and the highlighted
  choice's hex is drawn in reverse video.

Sizes, the largest that fits the panel: ``TEXT2`` (two characters a hex, 80x24), ``TEXT3``
(three), ``TEXT4`` (three and a column of terrain), ``TEXT5`` (four and a column: pieces with
their symbols, 160x50), and on a roomy screen hexes outlined ``╱╲│``, each with its id above its
contents: ``HEX6`` (five characters inside) and ``HEX7`` (six, 200x60: a hex about as wide as it
is tall, odd and even rows' peaks a column apart). A zoomed map is a window of the map in cells
of four characters, pieces with their symbols.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rich.style import Style
from rich.text import Text

from engine.core.seats import LETTERS, SYMBOLS
from tui.i18n import N_

from .canvas import Canvas
from .glyphs import KEY, Glyph, Palette, Pen, entry, key_entries

SEA = ("#9cc8f0", "#1d4f7c")
"""The sea's texture and fill."""
LOOT = "bold #2b1d00 on #f2c14e"
SEAT_COLOURS = ("#d94a3f", "#b8860b", "#2e9444", "#3d7be0")
"""Red, yellow, green, blue (the game's colours, seats A-D): mid-tones, read on light and dark."""

LOOT_KINDS = {"reserve": "+", "demigod": "δ", "god": "Ω", "column": "‡", "offering": "¤", "cards": "♠",
              "money": "$", "steps": "»"}
LOOT_NAMES = {"reserve": N_("reserve"), "demigod": N_("demigod"), "god": N_("god tile"), "column": N_("column"),
              "offering": N_("offering tile"), "cards": N_("cards"), "money": N_("special money"), "steps": N_("steps")}


def _loot(kind: str) -> Glyph:
    return Glyph(LOOT_KINDS[kind], LOOT_NAMES[kind], N_("Loot"), LOOT, "bold")


PALETTE = Palette("pantheon", {
    "sea": Glyph("≈", N_("sea"), N_("Map"), f"{SEA[0]} on {SEA[1]}", "dim"),
    "land": Glyph("·", N_("land"), N_("Map"), "dim", "dim"),
    "column_site": Glyph("¦", N_("column hex"), N_("Map"), "bold", "bold"),
    "symbol": Glyph("○", N_("nation's symbol hex"), N_("Map"), "bold", "bold"),
    "home": Glyph("⌂", N_("a nation's start hex"), N_("Map"), "dim", "dim"),
    "temple": Glyph("Π", N_("temple"), N_("Map"), "bold #1a1a1a on #eeeeee", "bold underline"),
    "outline": Glyph("╱╲│", "", N_("Map"), "dim", "dim"),
    **{f"loot:{kind}": _loot(kind) for kind in LOOT_KINDS},
    "foot": Glyph("abcd", N_("foot"), N_("Pieces"), "bold", "bold", shown="a"),
    "column": Glyph("ABCD", N_("column"), N_("Pieces"), "bold reverse", "bold underline", shown="A"),
    "seat": Glyph(SYMBOLS[:4], "", N_("Pieces"), "bold", "bold"),
}, SEAT_COLOURS)
"""``seat``: the seats' symbols before their pieces' letters (the legend gives each seat's)."""

MARKERS = ("temple", "loot", "column_site", "symbol", "home", "land")


@dataclass(frozen=True)
class Size:
    inner: int
    """Characters of contents in a hex."""
    outlined: bool = False
    """Hexes outlined ``╱╲│`` (three lines a row, the id above the contents), else side by side."""
    gap: int = 0
    """Columns of terrain after the contents of a hex that is not outlined."""
    symbols: bool = False
    """Pieces drawn with their seats' symbols (``●a``), else by letter alone."""

    @property
    def pitch(self) -> int:
        return self.inner + 1 if self.outlined else self.inner + self.gap

    @property
    def shift(self) -> int:
        """Columns odd rows are shifted right by."""
        return self.pitch // 2

    @property
    def slants(self) -> int:
        """Rows of ``╱╲`` between two rows of outlined hexes (their interior holds the hex's id)."""
        return 2 if self.outlined else 0

    def width(self, cols: int) -> int:
        return LABEL + self.pitch * cols + self.shift + (1 if self.outlined else 0)


LABEL = 3
TEXT2, TEXT3, TEXT4 = Size(2), Size(3), Size(3, gap=1)
TEXT5 = Size(4, gap=1, symbols=True)
HEX6, HEX7 = Size(5, outlined=True, symbols=True), Size(6, outlined=True, symbols=True)
SIZES = (HEX7, HEX6, TEXT5, TEXT4, TEXT3, TEXT2)

Layout = tuple[list[tuple[str, Style]], list[str], list[tuple[str, Style]]]
"""One way to fill a hex: the cells before the marker (a key), the marker's glyph (if any), the
cells after it."""


def _marker(hex_: dict[str, Any]) -> str:
    if hex_["temple"]:
        return "temple"
    if hex_["loot_effect"]:
        return f"loot:{hex_['loot_effect']}"
    if hex_["column_site"]:
        return "column_site"
    if hex_["active_symbol"]:
        return "symbol"
    if hex_["start"]:
        return "home"
    return "land"


def _pieces(pen: Pen, hex_: dict[str, Any], symbols: bool) -> tuple[list[tuple[str, Style]], set[str]]:
    """The cells of a hex's pieces, each its letter after its seat's symbol if ``symbols``, and
    the glyphs they are."""
    cells, names = [], set()
    if hex_["pieces"]:  # the legend shows a foot and a column in the first seat's colour
        pen.looks.update({kind: pen.seat(0) + pen.style(kind) for kind in ("foot", "column")})
    for piece in hex_["pieces"]:
        seat, kind = piece["seat"], piece["piece"]
        style = pen.seat(seat) + pen.style(kind)
        drawn = ["seat", kind] if symbols else [kind]
        cells += [(pen.palette[name].char(seat), style) for name in drawn]
        names.update(drawn)
    return cells, names


def contents(pen: Pen, hex_: dict[str, Any], inner: int, key: str | None, symbols: bool = False,
             outlined: bool = False) -> list[tuple[str, Style]]:
    """A hex's ``inner`` characters: the key of a choice acting there, its marker, its pieces
    (``symbols``: each after its seat's symbol); an ``outlined`` hex puts a blank where no key
    is and one after the marker. What does not fit is left out in this order: the blank for a
    key, the blank after the marker, the marker, the pieces' symbols (their letters never)."""
    blank = (" ", Style())
    keyed = [(key, Style.parse(KEY))] if key is not None else []
    sea = hex_["terrain"] == "sea"
    marker = [] if sea else [_marker(hex_)]
    layouts: list[Layout] = [(keyed, [], [])] if sea else [(keyed, marker, []), (keyed, [], [])]
    if outlined and not sea:
        layouts[:0] = [(keyed or [blank], marker, [blank]), (keyed, marker, [blank])]
    for with_symbols in ((True, False) if symbols else (False,)):
        pieces, names = _pieces(pen, hex_, with_symbols)
        for before, markers, gap in layouts:
            if len(before) + len(markers) + len(gap) + len(pieces) > inner and (with_symbols or markers):
                continue
            pen.note(*names)
            cells = before + [pen(name) for name in markers] + gap + pieces
            return (cells + [pen("sea") if sea else blank] * inner)[:inner]
    raise AssertionError("unreachable: the last layout always fits")


def _neighbours(row: int, col: int) -> dict[str, tuple[int, int]]:
    """Offset rows, odd rows shifted right: the six neighbours by side."""
    shift = row % 2
    return {"left": (row, col - 1), "right": (row, col + 1),
            "up_left": (row - 1, col - 1 + shift), "up_right": (row - 1, col + shift),
            "down_left": (row + 1, col - 1 + shift), "down_right": (row + 1, col + shift)}


def draw(view: dict[str, Any], pen: Pen, keys: dict[str, str], size: Size, rows: range, cols: range,
         marked: str | None = None, ids: bool = False) -> Text:
    """The hexes of ``rows`` x ``cols`` at ``size``, under their column letters (unless outlined)
    and beside their row numbers; ``marked``: the hex drawn in reverse video; ``ids``: each
    outlined hex's id above its contents."""
    board = view["map"]
    at = {(h["row"], h["col"]): h for h in board["hexes"]}
    pitch, slants = size.pitch, size.slants
    line_height = 1 + slants
    top = 0 if size.outlined else 1
    canvas = Canvas(size.width(len(cols)), top + slants + len(rows) * line_height)
    if not size.outlined:
        canvas.write(0, LABEL, "".join(f"{chr(65 + c):<{pitch}}" for c in cols).rstrip(), "dim")
    sea_text, sea_style = (pen("sea") if any(h["terrain"] == "sea" for h in board["hexes"]) else (" ", Style()))
    borders: dict[tuple[int, int], tuple[str, bool]] = {}
    for index, row in enumerate(rows):
        y = top + slants + index * line_height
        shift = size.shift if row % 2 else 0
        canvas.write(y, 0, f"{row + 1:>2} ", "dim")
        for offset, col in enumerate(cols):
            hex_ = at.get((row, col))
            if hex_ is None:
                continue
            left = LABEL + shift + offset * pitch
            inner_left = left + 1 if size.outlined else left
            sea = hex_["terrain"] == "sea"
            if size.outlined:
                sides = _slants(size, row, left)
                for i, (west, east) in enumerate(sides, start=1):  # the interior of the slant rows above and below
                    for y2 in (y - i, y + i):
                        canvas.fill(y2, west + 1, east - west - 1, 1, sea_text if sea else " ",
                                    sea_style if sea else "")
                _outline(borders, at, hex_, y, left, size, sides)
                if ids:
                    west, east = sides[0]
                    canvas.write(y - 1, west + 1, hex_["id"][: east - west - 1], "dim" if not sea else sea_style)
            cells = contents(pen, hex_, size.inner, keys.get(hex_["id"]), size.symbols, size.outlined)
            for n, (char, style) in enumerate(cells):
                canvas.put(y, inner_left + n, char, style)
            if size.gap:
                canvas.fill(y, inner_left + size.inner, size.gap, 1, sea_text if sea else " ", sea_style if sea else "")
            if marked == hex_["id"]:
                canvas.style(y, inner_left, size.inner, Style.parse("bold reverse"))
    if borders:
        outline = pen.style("outline")
        drawn = False
        for (y, x), (char, land) in borders.items():
            if land:
                canvas.put(y, x, char, outline)
                drawn = True
            else:
                canvas.put(y, x, sea_text, sea_style)
        if drawn:
            pen.note("outline")
    return canvas.text()


def _slants(size: Size, row: int, left: int) -> list[tuple[int, int]]:
    """The columns of an outlined hex's west and east slants on each slant row out from its
    contents (the same above and below). Its peaks are where the next row's hexes meet: the
    middle of an even pitch, a column left of it in an even row and right of it in an odd one
    when the pitch is odd (HEX7), each slant spread evenly over the rows."""
    peak = size.pitch - size.shift if row % 2 else size.shift
    rise = size.slants + 1

    def step(across: int, i: int) -> int:
        return (across * i + rise // 2) // rise

    return [(left + step(peak, i), left + size.pitch - step(size.pitch - peak, i)) for i in range(1, rise)]


def _outline(borders: dict[tuple[int, int], tuple[str, bool]], at: dict[tuple[int, int], dict[str, Any]],
             hex_: dict[str, Any], y: int, left: int, size: Size, sides: list[tuple[int, int]]) -> None:
    """Note the border cells of one hex: a line where either side is land, else sea."""
    near = _neighbours(hex_["row"], hex_["col"])
    land = hex_["terrain"] != "sea"

    def mark(cell: tuple[int, int], char: str, side: str) -> None:
        other = at.get(near[side])
        is_line = land or (other is not None and other["terrain"] != "sea")
        old = borders.get(cell)
        borders[cell] = (char, is_line or (old is not None and old[1]))

    mark((y, left), "│", "left")
    mark((y, left + size.pitch), "│", "right")
    for i, (west, east) in enumerate(sides, start=1):
        mark((y - i, west), "╱", "up_left")
        mark((y - i, east), "╲", "up_right")
        mark((y + i, west), "╲", "down_left")
        mark((y + i, east), "╱", "down_right")


def legend_extra(view: dict[str, Any], pen: Pen, keys: Iterable[str] = ()) -> list[Text]:
    """Whose pieces the letters are, when the map shows pieces: each seat's foot and column as
    drawn ('●a ●A Alice' where pieces carry their symbols, else 'a A ●A Alice'), and the choice
    ``keys`` on the map."""
    seats = []
    if {"foot", "column"} & set(pen.used):
        symbols = "seat" in pen.used
        for player in view["players"]:
            seat = player["seat"]
            tag = SYMBOLS[seat] if symbols else ""
            letters = Text.assemble((tag + LETTERS[seat].lower(), pen.seat(seat) + pen.style("foot")), " ",
                                    (tag + LETTERS[seat], pen.seat(seat) + pen.style("column")))
            named = player["name"] if symbols else f"{SYMBOLS[seat]}{LETTERS[seat]} {player['name']}"
            seats.append(entry(letters, named))
    return [*seats, *key_entries(keys)]

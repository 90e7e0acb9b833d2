"""Pantheon's map as terrain: the palette (declared once) and the hex map at four sizes.

The map is in offset rows (odd rows half a hex to the right), each hex a few characters:

- the sea is an area: a blue fill with a ``≈`` texture (the texture alone under NO_COLOR), and
  where two sea hexes meet no outline is drawn, so the sea reads as one body of water;
- the land is plain, a ``·`` in each hex; a column hex shows ``¦``, the active nation's
  symbol hexes ``○`` (its loot goes there), every nation's start hex ``⌂``, the temple ``Π``;
- a loot tile shows its kind: ``+`` reserve, ``δ`` demigod, ``Ω`` god, ``‡`` column,
  ``¤`` offering tile, ``♠`` cards, ``$`` special money, ``»`` steps;
- pieces are seat letters: a foot the seat's small letter (a b c d), a column its capital
  (A B C D), in the seat's colour; under NO_COLOR columns are underlined;
- the number key of a choice acting on a hex is on it in reverse video, and the highlighted
  choice's hex is drawn in reverse video.

Sizes, the largest that fits the panel: ``TEXT2`` (two characters a hex, 80x24), ``TEXT3``
(three), ``TEXT4`` (three and a column of terrain), ``HEX6`` (a roomy panel: hexes outlined
``╱╲│``, each with its id above five characters of contents). A zoomed map is a window of the
map in ``HEX6`` hexes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from rich.style import Style
from rich.text import Text

from engine.core.seats import LETTERS, SYMBOLS
from engine.pantheon.data import catalog

from .canvas import Canvas
from .glyphs import KEY, Glyph, Palette, Pen, entry, key_entries

SEA = ("#9cc8f0", "#1d4f7c")
"""The sea's texture and fill."""
LOOT = "bold #2b1d00 on #f2c14e"
SEAT_COLOURS = ("#d94a3f", "#b8860b", "#2e9444", "#3d7be0")
"""Red, yellow, green, blue (the game's colours, seats A-D): mid-tones, read on light and dark."""

LOOT_KINDS = {"reserve": "+", "demigod": "δ", "god": "Ω", "column": "‡", "offering": "¤", "cards": "♠",
              "money": "$", "steps": "»"}
LOOT_NAMES = {"reserve": "reserve", "demigod": "demigod", "god": "god tile", "column": "column",
              "offering": "offering tile", "cards": "cards", "money": "special money", "steps": "steps"}


def _loot(kind: str) -> Glyph:
    return Glyph(LOOT_KINDS[kind], f"{LOOT_NAMES[kind]}", "Loot", LOOT, "bold")


PALETTE = Palette("pantheon", {
    "sea": Glyph("≈", "sea", "Map", f"{SEA[0]} on {SEA[1]}", "dim"),
    "land": Glyph("·", "land", "Map", "dim", "dim"),
    "column_site": Glyph("¦", "column hex", "Map", "bold", "bold"),
    "symbol": Glyph("○", "nation's symbol hex", "Map", "bold", "bold"),
    "home": Glyph("⌂", "a nation's start hex", "Map", "dim", "dim"),
    "temple": Glyph("Π", "temple", "Map", "bold #1a1a1a on #eeeeee", "bold underline"),
    "outline": Glyph("╱╲│", "", "Map", "dim", "dim"),
    **{f"loot:{kind}": _loot(kind) for kind in LOOT_KINDS},
    "foot": Glyph("abcd", "foot", "Pieces", "bold", "bold", shown="a"),
    "column": Glyph("ABCD", "column", "Pieces", "bold reverse", "bold underline", shown="A"),
}, SEAT_COLOURS)

MARKERS = ("temple", "loot", "column_site", "symbol", "home", "land")


@dataclass(frozen=True)
class Size:
    inner: int
    """Characters of contents in a hex."""
    half: int = 0
    """Half an outlined hex's width (0: no outlines, the hexes side by side)."""
    gap: int = 0
    """Columns of terrain after the contents of a hex that is not outlined."""

    @property
    def pitch(self) -> int:
        return 2 * self.half if self.half else self.inner + self.gap

    @property
    def slants(self) -> int:
        """Rows of ``╱╲`` between two rows of hexes (their interior holds the hex's id)."""
        return self.half - 1 if self.half else 0

    def width(self, cols: int) -> int:
        return LABEL + self.pitch * cols + self.pitch // 2 + (1 if self.half else 0)


LABEL = 3
TEXT2, TEXT3, TEXT4 = Size(2), Size(3), Size(3, gap=1)
HEX6 = Size(5, 3)
SIZES = (HEX6, TEXT4, TEXT3, TEXT2)


def pick(width: int, cols: int) -> Size:
    return next((size for size in SIZES if size.width(cols) <= width), TEXT2)


def _marker(hex_: dict[str, Any]) -> str:
    if hex_["temple"]:
        return "temple"
    if hex_["loot"]:
        return f"loot:{catalog().loot[hex_['loot']]['effect']}"
    if hex_["column_site"]:
        return "column_site"
    if hex_["active_symbol"]:
        return "symbol"
    if hex_["start"]:
        return "home"
    return "land"


def contents(pen: Pen, hex_: dict[str, Any], inner: int, key: str | None) -> list[tuple[str, Style]]:
    """A hex's ``inner`` characters: the key of a choice acting there, its marker, its pieces;
    what does not fit is left out in that order from the end (pieces are never left out)."""
    pieces = [pen("column" if kind == "column" else "foot", seat)[0] for seat, kind in hex_["pieces"]]
    pieces = [(char, pen.seat(seat) + pen.style(kind)) for char, (seat, kind) in zip(pieces, hex_["pieces"])]
    keyed = [(key, Style.parse(KEY))] if key is not None else []
    if hex_["terrain"] == "sea":  # the water all round what is on it
        return (keyed + pieces + [pen("sea")] * inner)[:inner]
    marker = [pen(_marker(hex_))]
    blank = (" ", Style())
    if inner >= 5:
        cells = (keyed or [blank]) + marker + [blank] + pieces
    else:
        cells = keyed + marker + pieces
        while len(cells) > inner and len(cells) > len(pieces) + len(keyed):
            cells.remove(marker[0])
    return (cells + [blank] * inner)[:inner]


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
    pen.looks.update({kind: pen.seat(0) + pen.style(kind) for kind in ("foot", "column")})
    pitch, slants = size.pitch, size.slants
    line_height = 1 + slants
    top = 0 if size.half else 1
    width = LABEL + pitch * len(cols) + pitch // 2 + (1 if size.half else 0)
    canvas = Canvas(width, top + slants + len(rows) * line_height)
    if not size.half:
        canvas.write(0, LABEL, "".join(f"{chr(65 + c):<{pitch}}" for c in cols).rstrip(), "dim")
    sea_text, sea_style = (pen("sea") if any(h["terrain"] == "sea" for h in board["hexes"]) else (" ", Style()))
    borders: dict[tuple[int, int], tuple[str, bool]] = {}
    for index, row in enumerate(rows):
        y = top + slants + index * line_height
        shift = pitch // 2 if row % 2 else 0
        canvas.write(y, 0, f"{row + 1:>2} ", "dim")
        for offset, col in enumerate(cols):
            hex_ = at.get((row, col))
            if hex_ is None:
                continue
            left = LABEL + shift + offset * pitch
            inner_left = left + 1 if size.half else left
            sea = hex_["terrain"] == "sea"
            if size.half:
                for i in range(1, slants + 1):  # the interior of the slant rows above and below
                    for y2 in (y - i, y + i):
                        canvas.fill(y2, left + i + 1, 2 * size.half - 2 * i - 1, 1, sea_text if sea else " ",
                                    sea_style if sea else "")
                _outline(borders, at, hex_, y, left, size)
            for n, (char, style) in enumerate(contents(pen, hex_, size.inner, keys.get(hex_["id"]))):
                canvas.put(y, inner_left + n, char, style)
            if size.gap:
                canvas.fill(y, inner_left + size.inner, size.gap, 1, sea_text if sea else " ", sea_style if sea else "")
            if ids and slants > 1:
                canvas.write(y - 1, left + 2, hex_["id"][: 2 * size.half - 3], "dim" if not sea else sea_style)
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


def _outline(borders: dict[tuple[int, int], tuple[str, bool]], at: dict[tuple[int, int], dict[str, Any]],
             hex_: dict[str, Any], y: int, left: int, size: Size) -> None:
    """Note the border cells of one hex: a line where either side is land, else sea."""
    k = size.half
    near = _neighbours(hex_["row"], hex_["col"])
    land = hex_["terrain"] != "sea"

    def mark(cell: tuple[int, int], char: str, side: str) -> None:
        other = at.get(near[side])
        is_line = land or (other is not None and other["terrain"] != "sea")
        old = borders.get(cell)
        borders[cell] = (char, is_line or (old is not None and old[1]))

    mark((y, left), "│", "left")
    mark((y, left + 2 * k), "│", "right")
    for i in range(1, k):
        mark((y - i, left + i), "╱", "up_left")
        mark((y - i, left + 2 * k - i), "╲", "up_right")
        mark((y + i, left + i), "╲", "down_left")
        mark((y + i, left + 2 * k - i), "╱", "down_right")


def legend_extra(view: dict[str, Any], pen: Pen, keys: Iterable[str] = ()) -> list[Text]:
    """Whose pieces the letters are ('a A ●A Alice'), when the map shows pieces, and the choice
    ``keys`` on the map."""
    seats = []
    if {"foot", "column"} & set(pen.used):
        for player in view["players"]:
            seat = player["seat"]
            letters = Text.assemble((LETTERS[seat].lower(), pen.seat(seat) + pen.style("foot")), " ",
                                    (LETTERS[seat], pen.seat(seat) + pen.style("column")))
            seats.append(entry(letters, f"{SYMBOLS[seat]}{LETTERS[seat]} {player['name']}"))
    return [*seats, *key_entries(keys)]

"""Almadi's landscape tiles as tiles: the palette (declared once) and the drawing of a tile, an
empty spot, a realm and the central board's rows, at five sizes.

A tile is a box filled with its landscape's colour, the landscape's glyph in the middle and
each edge's feature on the frame, on its side (arrows point outwards)::

    LARGE 9x5     MEDIUM 7x3   SMALL 5x3   TINY 3x3   COMPACT 2x1
    ┌───↑───┐     ┌──↑──┐      ┌─↑─┐        ↑         ≈→
    │ Oasis │     § ≈≈≈ →      § ≈ →      §≈→
    § ≈≈≈≈≈ →     └──♦──┘      └─♦─┘       ♦
    │       │
    └───♦───┘

The starting tile's landscapes have a double frame (╔═╗), an empty spot where a choice puts a
landscape a dashed one (╭╌╮) with the choice's number key inside. A choice acting on a tile
(a Genie move, taking it from the central board) shows its key in the tile's top-left corner,
the landscape just placed a ``*`` in its top-right corner (so the two never hide each other),
and a palace with a Mosaic card ``#``. A side with several jars repeats the jar along a top
or bottom edge (``δδ``) and counts them beside a flank (``δ²``). Colour repeats what the glyphs say: every meaning has a
character of its own, no letter is shared.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from engine.almadi.catalog import JAR, SIDE_NAMES, icons, side_of
from tui.i18n import N_, _

from .canvas import Canvas
from .glyphs import KEY, Glyph, Palette, Pen, key_entries

LANDSCAPES = ("oasis", "caravan", "market", "palace")
EDGES = ("arrow", "genie", "martelin", "stall", "moon", "ruby", "jar")
FILLS = {  # (ink, fill): the box's colours; the facts: oases blue, caravans yellow, markets green, palaces red
    "oasis": ("#0b2a45", "#86bde8"),
    "caravan": ("#3b2a00", "#f0d47c"),
    "market": ("#0d3311", "#93d48c"),
    "palace": ("#4a0c0c", "#ee9a90"),
}
NAMES = {"oasis": "Oasis", "caravan": "Caravan", "market": "Market", "palace": "Palace"}


LEGEND_NAMES = {"oasis": N_("oasis"), "caravan": N_("caravan"), "market": N_("market"), "palace": N_("palace")}
"""The landscapes as the legend names them."""


def _landscape(text: str, kind: str) -> Glyph:
    ink, fill = FILLS[kind]
    return Glyph(text, LEGEND_NAMES[kind], N_("Landscapes"), f"bold {ink} on {fill}", "bold")


PALETTE = Palette("almadi", {
    "oasis": _landscape("≈", "oasis"),
    "caravan": _landscape("∩", "caravan"),
    "market": _landscape("$", "market"),
    "palace": _landscape("⌂", "palace"),
    "arrow": Glyph("↑→↓←", N_("arrow (points out)"), N_("Edges"), "bold", "bold"),
    "genie": Glyph("§", N_("genie"), N_("Edges"), "bold", "bold"),
    "martelin": Glyph("τ", N_("martelin"), N_("Edges"), "bold", "bold"),
    "stall": Glyph("π", N_("stall"), N_("Edges"), "bold", "bold"),
    "moon": Glyph("☾", N_("moon"), N_("Edges"), "bold", "bold"),
    "ruby": Glyph("♦", N_("ruby"), N_("Edges"), "bold", "bold"),
    "jar": Glyph("δ", N_("jar"), N_("Edges"), "bold", "bold"),
    "jars": Glyph("²³⁴⁵⁶⁷⁸⁹", N_("jars on that side"), N_("Edges"), "bold", "bold", shown="δ²"),
    "frame": Glyph("┌─┐│└┘", "", N_("Marks")),
    "start": Glyph("╔═╗║╚╝", N_("starting tile"), N_("Marks"), "bold", "bold", shown="╔╗"),
    "mosaic": Glyph("#", N_("palace with a Mosaic"), N_("Marks"), "bold", "bold"),
    "placed": Glyph("*", N_("just placed"), N_("Marks"), "bold #ffffff on #b0306a", "bold reverse"),
    "spot": Glyph("╭╌╮╎╰╯", N_("free spot"), N_("Marks"), "dim", "dim", shown="╭╮"),
    "empty": Glyph("·", N_("empty"), N_("Marks"), "dim", "dim"),
})
SIDES = ("top", "right", "bottom", "left")
HIGHLIGHT = Style(reverse=True, bold=True)
"""The tile or spot of the choice highlighted in the list."""



@dataclass(frozen=True)
class Size:
    width: int
    height: int
    framed: bool
    name: str = ""


LARGE = Size(9, 5, True, "large")
MEDIUM = Size(7, 3, True, "medium")
SMALL = Size(5, 3, True, "small")
TINY = Size(3, 3, False, "tiny")
COMPACT = Size(2, 1, False, "compact")
SIZES = (LARGE, MEDIUM, SMALL, TINY, COMPACT)


def pick(width: int, columns: int, roomy: bool, gap: int = 0, margin: int = 0) -> Size:
    """The largest size whose ``columns`` tiles (``gap`` apart, after ``margin``) fit ``width``;
    LARGE only with room to spare (its rows are five lines high)."""
    sizes = SIZES if roomy else SIZES[1:]
    return next((s for s in sizes if margin + columns * s.width + (columns - 1) * gap <= width), COMPACT)


def _fill(kind: str, pen: Pen) -> Style:
    """The box's frame and background: the landscape's colours without the bold (none under NO_COLOR)."""
    if not pen.color:
        return Style()
    ink, fill = FILLS[kind]
    return Style(color=ink, bgcolor=fill)


def _edge(pen: Pen, side: str, index: int) -> tuple[str, Style]:
    """The glyph of a tile's side ``index`` (0 top, 1 right, 2 bottom, 3 left)."""
    if side == "arrow":
        return pen("arrow", index)
    return pen(side)


def draw_tile(canvas: Canvas, pen: Pen, top: int, left: int, size: Size, tile: dict[str, Any],
              key: str | None = None, placed: bool = False, mosaic: bool = False) -> None:
    """A landscape at (top, left): ``key`` in its top-left corner, ``placed`` a star in its top-right."""
    kind = tile["type"]
    fill = _fill(kind, pen)
    start = bool(tile.get("start"))
    w, h = size.width, size.height
    canvas.fill(top, left, w, h, " ", fill)
    glyph, glyph_style = pen(kind)
    ink = fill + glyph_style
    if size is COMPACT:
        right = tile["sides"][1]
        canvas.put(top, left, glyph, ink)
        if right:
            char, style = _edge(pen, right, 1)
            canvas.put(top, left + 1, char, fill + style)
        if key is not None:
            canvas.put(top, left, key, KEY)
        return
    if size.framed:
        frame = "start" if start else "frame"
        pen.note(frame)
        tl, hz, tr, vt, bl, br = tuple(pen.palette[frame].text)
        line_style = fill + pen.style(frame)
        canvas.write(top, left, tl + hz * (w - 2) + tr, line_style)
        canvas.write(top + h - 1, left, bl + hz * (w - 2) + br, line_style)
        for row in range(top + 1, top + h - 1):
            canvas.put(row, left, vt, line_style)
            canvas.put(row, left + w - 1, vt, line_style)
    elif start:
        char, style = pen("start", 3)
        for row in range(top, top + h):
            canvas.put(row, left, char, fill + style)
    mid, centre = top + h // 2, left + w // 2
    if size is LARGE:
        canvas.write(top + 1, left + 1, NAMES[kind].center(w - 2), ink)
        canvas.write(mid, centre - 2, glyph * 5, ink)
    elif size is MEDIUM:
        canvas.write(mid, centre - 1, glyph * 3, ink)
    else:
        canvas.put(mid, centre, glyph, ink)
    jars = tile.get("jars") or (0, 0, 0, 0)
    for index, side in enumerate(tile["sides"]):
        if not side:
            continue
        char, style = _edge(pen, side, index)
        row, col = ((top, centre), (mid, left + w - 1), (top + h - 1, centre), (mid, left))[index]
        canvas.put(row, col, char, fill + style)
        if jars[index] > 1 and size.framed:  # several jars: repeated along the top or bottom, counted beside a flank
            if index in (0, 2):
                shown = min(jars[index], w - 2)
                canvas.write(row, left + 1 + (w - 2 - shown) // 2, char * shown, fill + style)
            else:
                count, count_style = pen("jars", min(jars[index], 9) - 2)
                canvas.put(row, col + (-1 if index == 1 else 1), count, fill + count_style)
    if mosaic:
        char, style = pen("mosaic")
        row, col = (top + h - 2, centre) if size is LARGE else (mid, centre + 1)
        canvas.put(row, col, char, fill + style)
    if placed:
        char, style = pen("placed")
        canvas.put(top, left + w - 1, char, style)
    if key is not None:
        canvas.put(top, left, key, KEY)


def draw_spot(canvas: Canvas, pen: Pen, top: int, left: int, size: Size, key: str | None) -> None:
    """An empty cell: a dashed box with the number key of the choice that fills it, else a dot."""
    w, h = size.width, size.height
    mid, centre = top + h // 2, left + w // 2
    if key is None:
        char, style = pen("empty")
        canvas.put(mid, centre, char, style)
        return
    if size is COMPACT:
        canvas.put(top, left, key, KEY)
        return
    _, style = pen("spot")
    tl, hz, tr, vt, bl, br = tuple(pen.palette["spot"].text)
    canvas.write(top, left, tl + hz * (w - 2) + tr, style)
    canvas.write(top + h - 1, left, bl + hz * (w - 2) + br, style)
    for row in range(top + 1, top + h - 1):
        canvas.put(row, left, vt, style)
        canvas.put(row, left + w - 1, vt, style)
    canvas.put(mid, centre, key, KEY)


def legend(pen: Pen, width: int, keys: Iterable[str] = ()) -> Text:
    """What the drawings of this pen showed, and the choice ``keys`` on them."""
    return pen.legend(width, key_entries(keys))


ROW_LABEL = 3
"""Columns before a realm's first tile: its row number (' ~ ' outside rows 1-4, Abriza's)."""


def realm_text(view: dict[str, Any], seat: int, keys: dict[tuple[int, int], str], width: int, roomy: bool,
               pen: Pen, highlighted: tuple[int, int] | None = None) -> Text | None:
    """``seat``'s realm as tiles under their column numbers, at the largest size that fits
    ``width``; ``keys``: choice keys by cell; ``highlighted``: the cell of the choice highlighted
    in the list, in reverse video. None before the starting tile is laid."""
    realm = view["seats"][seat]["realm"]
    pending = view["pending"]
    placed = tuple(pending["placed_at"]) if pending and pending["player"] == seat and pending["placed_at"] else None
    mosaics = {tuple(cell) for cell in view["seats"][seat].get("mosaic_palaces", ())}
    at = {(t["row"], t["col"]): t for t in realm}
    where = [*at, *keys]
    if not where:
        return None
    rows = range(min(min(r for r, _ in where), 0), max(max(r for r, _ in where), 3) + 1)
    cols = range(0, max(c for _, c in where) + 1)
    size = pick(width, len(cols), roomy, margin=ROW_LABEL)
    canvas = Canvas(ROW_LABEL + len(cols) * size.width, 1 + len(rows) * size.height)
    for col in cols:
        canvas.write(0, ROW_LABEL + col * size.width, str(col).center(size.width)[: size.width], "dim")
    for line, row in enumerate(rows):
        top = 1 + line * size.height
        canvas.write(top + size.height // 2, 0, f"{row + 1:>2} " if 0 <= row <= 3 else " ~ ", "dim")
        for col in cols:
            left = ROW_LABEL + col * size.width
            tile = at.get((row, col))
            if tile is None:
                draw_spot(canvas, pen, top, left, size, keys.get((row, col)))
            else:
                draw_tile(canvas, pen, top, left, size, tile, keys.get((row, col)), (row, col) == placed,
                          (row, col) in mosaics)
            if (row, col) == highlighted:
                canvas.emphasise(top, left, size.width, size.height, HIGHLIGHT)
    return canvas.text()


def board_text(view: dict[str, Any], keys: dict[tuple[int, int], str], width: int, roomy: bool, pen: Pen,
               highlighted: tuple[int, int] | None = None) -> Text:
    """The central board: four numbered rows of two landscapes, drawn as tiles; ``keys`` by
    (row, slot); ``highlighted``: the slot of the choice highlighted in the list."""
    label = max((cell_len(_("Row {n}").format(n=number + 1)) for number in range(len(view["board"]))), default=0) + 1
    slots = max((len(row) for row in view["board"]), default=2)
    size = pick(width, slots, roomy, gap=1, margin=label)
    size = SMALL if size in (TINY, COMPACT) else size  # two tiles a row always fit a 40-column panel
    canvas = Canvas(label + slots * (size.width + 1), len(view["board"]) * size.height)
    for number, row in enumerate(view["board"]):
        top = number * size.height
        canvas.write(top + size.height // 2, 0, _("Row {n}").format(n=number + 1), "bold")
        for index, tile in enumerate(row):
            left = label + index * (size.width + 1)
            if tile is None:
                draw_spot(canvas, pen, top, left, size, keys.get((number, index)))
            else:
                draw_tile(canvas, pen, top, left, size, tile, keys.get((number, index)))
            if (number, index) == highlighted:
                canvas.emphasise(top, left, size.width, size.height, HIGHLIGHT)
    return canvas.text()


def tile_beside(tile: dict[str, Any], size: Size, pen: Pen, label: str) -> Text:
    """One landscape (the one in hand) with ``label`` beside its middle line."""
    canvas = Canvas(ROW_LABEL + size.width + 2 + cell_len(label), size.height)
    draw_tile(canvas, pen, 0, ROW_LABEL, size, tile)
    canvas.write(size.height // 2, ROW_LABEL + size.width + 2, label)
    return canvas.text()


def tile_between(tile: dict[str, Any], size: Size, pen: Pen, above: str, below: str) -> Text:
    """One landscape (the one in hand) under a line of text and over another."""
    width = max(size.width, cell_len(above), cell_len(below))
    canvas = Canvas(width, size.height + 2)
    canvas.write(0, 0, above, "dim")
    draw_tile(canvas, pen, 1, (width - size.width) // 2, size, tile)
    canvas.write(size.height + 1, (width - cell_len(below)) // 2, below, "bold")
    return canvas.text()


def landscape_record(record: dict[str, Any], color: bool) -> Text:
    """A landscape tile as its component record gives it (the component editor), medium-sized;
    a side that shows nothing the rules know is left blank."""
    sides = record.get("sides")
    shown = [side_of(sides.get(name)) if isinstance(sides, dict) else None for name in SIDE_NAMES]
    tile = {"type": record.get("type") if record.get("type") in FILLS else "oasis",
            "sides": [icons(side)[0] if side else None for side in shown],
            "jars": [len(icons(side)) if side and side.startswith(JAR) else 0 for side in shown]}
    canvas = Canvas(MEDIUM.width, MEDIUM.height)
    draw_tile(canvas, Pen(PALETTE, color), 0, 0, MEDIUM, tile)
    return canvas.text()

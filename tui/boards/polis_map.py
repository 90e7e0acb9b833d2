"""The Polis map as a schematic: land regions, seas, markets, trade ports and the two poleis
without a region as named boxes on a grid (positions from the map data), joined by lines.

A link between neighbouring boxes is drawn in the gap between them (``─ │ ╲ ╱``; two links
crossing between four boxes make ``╳``); a longer straight link runs across the empty grid
cells on its way. A link whose straight line meets another box is not drawn (the built-in
map has none but a ruler-straight lane through a trade port, which the port's own links show).

Four sizes, the largest that fits: two-line boxes in 35 columns (an 80-column table), one-line
boxes in 71, four-line boxes in 107 and 142.
A box shows its units by side symbol and count (●2 ▲1: Athens 2, Sparta 1); land regions
are in capitals, seas in small letters, markets start with $. The number key of a choice
that acts on a box is written above its top-left corner.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text

from engine.core.choices import Target
from engine.polis.catalog import Catalog
from engine.polis.targets import AtMarket, AtPolis, InArea, TradePort
from tui.i18n import _

from .base import Keys
from .glyphs import Pen
from .polis_glyphs import (
    SIDES,
    abbreviation,
    box_name,
    cells_of,
    marked,
    polis_token,
    side_cell,
    units_text,
)

Cell = tuple[str, str]


@dataclass(frozen=True)
class Size:
    node_w: int
    node_h: int
    gap_w: int
    gap_h: int = 1

    @property
    def anchor(self) -> int:
        """The column of a box where vertical lines meet it (under a one-line box's short name)."""
        return 1 if self.node_h == 1 else self.node_w // 2

    def width(self, cols: int) -> int:
        return cols * self.node_w + (cols - 1) * self.gap_w


SIZES = (Size(14, 4, 2), Size(11, 4, 1), Size(7, 1, 1), Size(3, 2, 1))
"""Boxes of a full name, units and one line per polis; of a short name...; of one line
(abbreviation and units); of two lines (abbreviation, then units, which may run one column
into the gap: the tiny map of an 80-column table, where the board panel is 42 wide)."""


def pick_size(width: int, cols: int) -> Size:
    return next((s for s in SIZES if s.width(cols) <= width), SIZES[-1])


class Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.cells: list[list[Cell]] = [[(" ", "")] * width for _ in range(height)]
        self.width, self.height = width, height

    def put(self, row: int, col: int, char: str, style: str = "") -> None:
        if 0 <= row < self.height and 0 <= col < self.width:
            self.cells[row][col] = (char, style)

    def write(self, row: int, col: int, text: str, style: str = "", limit: int | None = None) -> None:
        for offset, char in enumerate(text[:limit]):
            self.put(row, col + offset, char, style)

    def line(self, row: int, col: int, char: str) -> None:
        old = self.cells[row][col][0] if 0 <= row < self.height and 0 <= col < self.width else " "
        if {old, char} == {"╲", "╱"}:
            char = "╳"
        elif {old, char} == {"─", "│"}:
            char = "┼"
        self.put(row, col, char, "dim")

    def text(self) -> Text:
        out = Text(no_wrap=True, end="")
        for index, row in enumerate(self.cells):
            if index:
                out.append("\n")
            last = len(row)
            while last and row[last - 1][0] == " ":
                last -= 1
            for char, style in row[:last]:
                if char:  # "": the second cell of a wide character
                    out.append(char, style=style)
        return out


@dataclass(frozen=True)
class Place:
    id: str
    kind: str
    """land, sea, market, port or polis (Epidamnos, Abdera)."""
    col: int
    row: int
    links: tuple[str, ...]
    target: Target
    """The board target of the place (``PolisRules.targets``): the choices acting on it name it."""
    seat: int | None = None
    """A trade port's side."""


def places(cat: Catalog) -> dict[str, Place]:
    found: dict[str, Place] = {}
    for area, rec in cat.areas.items():
        found[area] = _place(area, rec["kind"], rec, InArea(area))
    for market, rec in cat.markets.items():
        found[market] = _place(market, "market", rec, AtMarket(market))
    for side, rec in cat.ports.items():
        found[rec["id"]] = _place(rec["id"], "port", rec, TradePort(side), SIDES.index(side))
    for polis, rec in cat.poleis.items():
        if rec["region"] is None:
            found[polis] = _place(polis, "polis", rec, AtPolis(polis))
    return found


def _place(place_id: str, kind: str, rec: dict[str, Any], target: Target, seat: int | None = None) -> Place:
    """The place of a record of the map data: where it is on the grid and what it links to."""
    col, row = rec["pos"]
    return Place(place_id, kind, col, row, tuple(rec["links"]), target, seat)


def draw_map(view: dict[str, Any], cat: Catalog, width: int, keys: Keys, pen: Pen) -> Text:
    """The map at the largest size that fits ``width``; ``keys``: choice number by target id;
    ``pen`` notes the glyphs drawn, for the legend."""
    spots = places(cat)
    cols = 1 + max(p.col for p in spots.values())
    rows = 1 + max(p.row for p in spots.values())
    size = pick_size(width, cols)
    pitch_x, pitch_y = size.node_w + size.gap_w, size.node_h + size.gap_h
    canvas = Canvas(size.width(cols), 1 + rows * pitch_y)
    at = {(p.col, p.row): p for p in spots.values()}
    pairs = {tuple(sorted((place.id, other))) for place in spots.values() for other in place.links if other in spots}
    for a, b in sorted(pairs):
        _link(canvas, size, at, spots[a], spots[b])
    for place in spots.values():
        top, left = 1 + place.row * pitch_y, place.col * pitch_x
        for number, line in enumerate(box_lines(view, cat, place, size, keys, pen)):
            room = size.node_w + (1 if size.node_w == 3 and number == 1 else 0)
            for offset, (char, style) in enumerate(fitted(line, room)):
                canvas.put(top + number, left + offset, char, style)
        key = keys.get(place.target)
        if key is not None:
            canvas.write(top - 1, left, key, "bold reverse")
        if size.node_h > 1:  # a box of several lines hides the lines behind it
            for number in range(len(box_lines(view, cat, place, size, keys, pen)), size.node_h):
                canvas.write(top + number, left, " " * size.node_w)
    return canvas.text()


def fitted(line: list[Cell], room: int) -> list[Cell]:
    """The first ``room`` cells of a box's line; a wide character whose second cell does not fit
    gives way to a space."""
    kept = line[:room]
    if len(line) > room and line[room][0] == "":
        kept[-1] = (" ", "")
    return kept


def _link(canvas: Canvas, size: Size, at: dict[tuple[int, int], Place], a: Place, b: Place) -> None:
    dx, dy = b.col - a.col, b.row - a.row
    if not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
        return
    steps = max(abs(dx), abs(dy))
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    if any((a.col + k * sx, a.row + k * sy) in at for k in range(1, steps)):
        return
    pitch_x, pitch_y = size.node_w + size.gap_w, size.node_h + size.gap_h
    mid_x, mid_y = size.anchor, size.node_h // 2
    if dy == 0:  # along the boxes' first line, from box to box: their text is written over it
        row = 1 + a.row * pitch_y
        start, end = sorted((a.col, b.col))
        for col in range(start * pitch_x + 1, end * pitch_x):
            canvas.line(row, col, "─")
        return
    if dx == 0:
        col = a.col * pitch_x + mid_x
        start, end = sorted((a.row, b.row))
        for row in range(1 + start * pitch_y + size.node_h, 1 + end * pitch_y):
            canvas.line(row, col, "│")
        return
    char = "╲" if sx == sy else "╱"
    x0, y0 = (a.col, a.row) if a.row < b.row else (b.col, b.row)
    step_x = sx if a.row < b.row else -sx
    for k in range(steps):
        cx, cy = x0 + k * step_x, y0 + k
        gap_row = 1 + cy * pitch_y + size.node_h
        gap_col = cx * pitch_x + (size.node_w if step_x > 0 else -size.gap_w)
        canvas.line(gap_row, gap_col + size.gap_w // 2, char)
        if k + 1 < steps:  # across the empty cell on the way
            nx, ny = cx + step_x, cy + 1
            canvas.line(1 + ny * pitch_y + mid_y, nx * pitch_x + size.node_w // 2, char)


def box_lines(view: dict[str, Any], cat: Catalog, place: Place, size: Size, keys: Keys,
              pen: Pen) -> list[list[Cell]]:
    """The lines of one box, each a list of (character, style)."""
    width = size.node_w
    if place.kind in ("land", "sea"):
        name_style = "bold" if place.kind == "land" else "italic"
        units = view["units"][place.id]
        if size.node_h == 1:
            return [_cells(abbreviation(cat, place.id), name_style) + units_text(units, pen)]
        if size.node_w == 3:
            return [_cells(abbreviation(cat, place.id), name_style), units_text(units, pen)]
        roomy = size.node_w > 11
        lines = [_cells(box_name(cat, place.id, width), name_style),
                 units_text(units, pen, words=place.kind if roomy and any(units) else None)]
        if place.id in view["tribute"]:
            lines[1] += _cells(" " + _("paid"), "dim")
        if place.kind == "land":
            lines += [polis_token(view, cat, p, keys.get(AtPolis(p)), pen, long=roomy) for p in cat.poleis_in[place.id]]
        return lines
    if place.kind == "market":
        return _market_lines(view, cat, place.id, size, pen)
    if place.kind == "port":
        seat = place.seat
        assert seat is not None, place
        ships = [side_cell(pen, seat)] + _cells(str(view["sides"][seat]["merchants"]))
        if size.node_h == 1:
            return [_cells(_("Port")) + ships]
        if size.node_w == 3:
            return [_cells(_("Prt")), ships]
        return [_cells(_("Trade port")), _cells(_("ships") + " ") + ships]
    if size.node_h == 1:
        return [polis_token(view, cat, place.id, None, pen)]
    name = cat.poleis[place.id]["name"] if size.node_w > 3 else abbreviation(cat, place.id)
    return [_cells(name, "bold"), polis_token(view, cat, place.id, None, pen, long=size.node_w > 11, named=False)]


def _market_lines(view: dict[str, Any], cat: Catalog, market: str, size: Size, pen: Pen) -> list[list[Cell]]:
    """A market's name ($ first), and its spaces: the sides' ships, free spaces (·), × where the
    event closed it; the small boxes show only the ships (or the ×)."""
    closed = market in view["closed"]
    marks: list[str | int] = []
    for index, seat in enumerate(view["slots"][market]):
        marks.append(seat if seat is not None else "closed" if closed and index == 0
                     else "slot" if index < view["spaces"] else " ")

    def cells(shown: list[str | int]) -> list[Cell]:
        return [side_cell(pen, mark) if isinstance(mark, int) else (" ", "") if mark == " " else marked(pen, mark)
                for mark in shown]

    used = [mark for mark in marks if isinstance(mark, int) or mark == "closed"]
    name = marked(pen, "market")
    if size.node_h == 1:
        return [[name] + _cells(abbreviation(cat, market)[:3]) + cells(used[:3])]
    if size.node_w == 3:
        return [[name] + _cells(abbreviation(cat, market)[:2]), cells(used[:4])]
    goods, silver = cat.markets[market]["prices"][view["prices"][market]]
    price = f"{goods}" + (f"/{silver}s" if silver is not None else "")
    lines = [[(name[0], "bold")] + _cells(cat.markets[market]["name"], "bold"),
             _cells(_("price {price}").format(price=price)) + (_cells("  " + _("closed"), "dim") if closed else [])]
    lines.append(cells(marks))
    return lines


def _cells(text: str, style: str = "") -> list[Cell]:
    return cells_of(text, style)


def _join(tokens: list[list[Cell]]) -> list[Cell]:
    joined: list[Cell] = []
    for token in tokens:
        if joined:
            joined.append((" ", ""))
        joined += token
    return joined

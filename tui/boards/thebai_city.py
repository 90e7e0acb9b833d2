"""The city board of Thebai: Cadmea spaces on a grid, dice spaces between them, and each row's
battle information (battle marker, invader, gate tile, commander card, Strategos tiles).

A Cadmea tile is a solid block (reverse video in its owner's colour) showing its owner's letter
and the symbol of an archon on it; dice are plain text (seat letter and face), so tiles and
dice never run together. Compact (narrow panels): one text line per city row and one between
rows, 3 columns a cell, the row's battle marker and invader beside it and the rest of the row
information beside it or in a block below. Roomy (160x50 and more): each tile a 7x3 box with its
four roofs on its edges, the rows' information in a block beside the city (200x60) or under it.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.core.seats import seat_letter
from engine.thebai.catalog import catalog
from engine.thebai.geometry import Grid, grid, roof
from engine.thebai.targets import CommanderRow, RowEnd, Space
from engine.thebai.view import ThebaiTable
from tui.i18n import N_, _
from tui.text import cut, pad

from .base import Keys, target_keys
from .glyphs import MONO_ATTRIBUTES
from .thebai_style import (
    BATTLE,
    EMPTY_SPACE,
    FREE_DICE,
    HIDDEN,
    KEY_STYLE,
    NEUTRAL,
    NEUTRAL_COLOUR,
    PALETTE,
    PLAZA,
    RESERVED,
    ROOFS,
    SEAT_COLOURS,
    STAND,
    ThebaiPen,
    archon_glyph,
    die_text,
    owner,
    roof_glyph,
    seat_style,
    tile_style,
)

SIDE_INFO_WIDTH = 76
"""Panel width from which a row's gate, commander and Strategos tiles sit beside it."""


def dice_cell(view: ThebaiTable, g: Grid, space: str, keys: Keys, pen: ThebaiPen,
              width: int = 3) -> tuple[str, str]:
    city = view["city"]
    if Space(space) in keys:
        return pen.key(keys[Space(space)]).center(width), KEY_STYLE
    if space in city["dice"]:
        die = city["dice"][space]
        pen.note("citizen" if die["kind"] == "c" else "hoplite")
        text, style = die_text(die["seat"], die["kind"], die["face"], pen)
        return text.center(width), style
    if space in city["plaza"]:
        pen.note("plaza")
        return PLAZA.center(width), "bold"
    if space in city["posts"]:
        seat = city["posts"][space]
        pen.note("stand")
        return f"{STAND}{seat_letter(seat)}".center(width), seat_style(seat)
    if any(t in city["tiles"] for t in g.touching[space]):
        pen.note("free")
        return FREE_DICE.center(width), "dim"
    return " " * width, ""


def _archon_on(view: ThebaiTable, space: str, pen: ThebaiPen) -> str:
    seat = next((seat for seat, at in enumerate(view["city"]["archons"]) if at == space), None)
    if seat is None:
        return " "
    pen.note("archon")
    return archon_glyph(seat)


def tile_cell(view: ThebaiTable, space: str, keys: Keys, pen: ThebaiPen, width: int = 3) -> tuple[str, str]:
    """A Cadmea space: a tile block (owner letter, archon), an empty space, or a number key."""
    city = view["city"]
    if Space(space) in keys:
        return pen.key(keys[Space(space)]).center(width), KEY_STYLE
    if space in city["tiles"]:
        pen.note("tile")
        placed = city["tiles"][space]
        return f"{owner(placed)}{_archon_on(view, space, pen)}".center(width), tile_style(placed)
    if space in city["sites"]:
        seat = city["sites"][space]
        pen.note("reserved")
        return f"{RESERVED}{seat_letter(seat)}".center(width), seat_style(seat)
    pen.note("empty")
    return EMPTY_SPACE.center(width), "dim"


def battle_mark(view: ThebaiTable, row: int, pen: ThebaiPen) -> Text:
    """The battle marker and the row's invader (? face down, else its modifier)."""
    text = Text()
    battle = view["marker"] == row
    if battle:
        pen.note("battle")
    text.append(BATTLE if battle else " ", style=PALETTE["battle"].colour if battle else "")
    invader = view["rows"][row - 1]["invader"]
    if not invader:
        pen.note("hidden")
    text.append(f"{catalog().invaders[invader]['modifier']:+d}" if invader else f" {HIDDEN}",
                style="bold" if battle else "dim")
    return text


GATE_COLUMN = (N_("Proetid"), N_("Electran"), N_("Neistan"), N_("Oncaean"), N_("Borrhaean"), N_("Homoloid"),
               N_("Hypsistan"))
"""The gates as the rows' gate column names them: the first word of each gate's name (the column's
heading says "gate")."""


def row_details(view: ThebaiTable, row: int, keys: Keys, pen: ThebaiPen) -> Text:
    """Gate tile, commander card and Strategos tiles of a row, with the keys of choices there."""
    text = Text()
    line = view["rows"][row - 1]
    gate = line["gate"]
    text.append(column(_(catalog().gates[gate]["name"].split()[0]) if gate else "-", 10))
    cmd = line["commander"]
    if CommanderRow(row) in keys:
        text.append(pen.key(keys[CommanderRow(row)]), style=KEY_STYLE)
    text.append(column(_(catalog().commanders[cmd]["name"]) if cmd else "-", 12))
    if RowEnd(row) in keys:
        text.append(pen.key(keys[RowEnd(row)]), style=KEY_STYLE)
    for tile in line["strategos"]:
        text.append(f" {seat_letter(tile['seat'])}{tile['value']}", style=seat_style(tile["seat"]))
    return text


def column(word: str, width: int) -> str:
    """A column's heading in ``width`` cells, a cell left after it (cut by display width)."""
    return pad(cut(word, width - 1), width)


def details_header() -> str:
    """The headings over ``row_details``: the gate (10 cells), the commander (12), the Strategos
    tiles (9: the line fits the panel as the English one does)."""
    return column(_("gate"), 10) + column(_("commander"), 12) + cut(_("Strategos"), 9)


def rows_block(view: ThebaiTable, pen: ThebaiPen) -> Text:
    keys = target_keys(view)
    text = Text(pad(cut(_("row"), 3), 3) + " " + column(_("inv"), 4) + details_header(), style="dim")
    for row in range(1, len(view["rows"]) + 1):
        text.append(f"\n{row:>2} ")
        text.append_text(battle_mark(view, row, pen))
        text.append(" ")
        text.append_text(row_details(view, row, keys, pen))
    return text


def compact_city(view: ThebaiTable, beside: bool, pen: ThebaiPen) -> Text:
    g = grid(view["city"]["side"])
    keys = target_keys(view)
    text = Text(no_wrap=True)
    header = "   " + "".join(f"   {c:^3}" for c in range(1, g.cols + 1)) + "    " + cut(_("inv"), 3)
    text.append(header + ("  " + details_header() if beside else ""), style="dim")
    for r in range(1, g.rows + 2):
        cells = [dice_cell(view, g, f"v{r}.{c}", keys, pen) for c in range(1, g.cols + 1)]
        if r in (1, g.rows + 1) and not any(cell.strip() for cell, _ in cells):
            cells = []  # an empty border line is left out
        if cells:
            text.append("\n   ")
        for cell, style in cells:
            text.append("   ")
            text.append(cell, style=style)
        if r > g.rows:
            break
        text.append(f"\n{r:>2} ", style="dim")
        for c in range(1, g.cols + 2):
            text.append(*dice_cell(view, g, f"h{r}.{c}", keys, pen))
            if c <= g.cols:
                text.append(*tile_cell(view, f"t{r}.{c}", keys, pen))
        text.append(" ")
        text.append_text(battle_mark(view, r, pen))
        if beside:
            text.append("  ")
            text.append_text(row_details(view, r, keys, pen))
    return text


def _roofs(view: ThebaiTable, space: str, pen: ThebaiPen) -> list[tuple[str, str]]:
    placed = view["city"]["tiles"][space]
    roofs = [roof(catalog().tiles[placed["tile"]]["roofs"], placed["turns"], side) for side in range(4)]
    pen.note(*(f"roof:{name}" for name in roofs))
    return [roof_glyph(name) for name in roofs]


def roomy_tile(view: ThebaiTable, space: str, keys: Keys, pen: ThebaiPen) -> list[list[tuple[str, str]]]:
    """Three lines of 7 columns: the tile's box with its roofs, owner and archon."""
    blank = [("       ", "")]
    if space not in view["city"]["tiles"]:
        return [blank, [tile_cell(view, space, keys, pen, 7)], blank]
    north, east, south, west = _roofs(view, space, pen)
    body = tile_cell(view, space, keys, pen, 3)
    return [[("┌──", "dim"), north, ("──┐", "dim")],
            [west, (" ", ""), body, (" ", ""), east],
            [("└──", "dim"), south, ("──┘", "dim")]]


ROOMY_LABEL = 2
"""Columns of the roomy city's row numbers (1-7)."""


def roomy_width(view: ThebaiTable) -> int:
    """Columns of the city drawn roomy (tiles as boxes with their roofs): the row numbers, then
    a dice space and a box a column, and the last dice spaces."""
    return ROOMY_LABEL + 10 * grid(view["city"]["side"]).cols + 3


def roomy_city(view: ThebaiTable, pen: ThebaiPen) -> Text:
    """The city with each tile a box with its roofs (the rows' details go beside it)."""
    g = grid(view["city"]["side"])
    keys = target_keys(view)
    text = Text(no_wrap=True)
    margin = " " * ROOMY_LABEL
    text.append(margin + "".join(f"   {c:^7}" for c in range(1, g.cols + 1)), style="dim")
    for r in range(1, g.rows + 2):
        cells = [dice_cell(view, g, f"v{r}.{c}", keys, pen, 7) for c in range(1, g.cols + 1)]
        if r in (1, g.rows + 1) and not any(cell.strip() for cell, _ in cells):
            cells = []  # an empty border line is left out
        if cells:
            text.append("\n" + margin)
        for cell, style in cells:
            text.append("   ")
            text.append(cell, style=style)
        if r > g.rows:
            break
        boxes = [roomy_tile(view, f"t{r}.{c}", keys, pen) for c in range(1, g.cols + 1)]
        for line in range(3):
            text.append("\n" + (f"{r:<{ROOMY_LABEL}}" if line == 1 else margin), style="dim")
            for c in range(1, g.cols + 2):
                text.append(*(dice_cell(view, g, f"h{r}.{c}", keys, pen) if line == 1 else ("   ", "")))
                if c <= g.cols:
                    for part, style in boxes[c - 1][line]:
                        text.append(part, style=style)
    return text


def city(view: ThebaiTable, width: int, pen: ThebaiPen, roomy: bool = False) -> list[Text]:
    """The city drawn for a panel ``width`` wide: ``roomy``, its tiles as boxes with their roofs
    (the rows' details apart: ``rows_block``); else compact, the rows' details beside it, or
    below when narrow."""
    if roomy:
        return [roomy_city(view, pen)]
    if width >= SIDE_INFO_WIDTH:
        return [compact_city(view, beside=True, pen=pen)]
    return [compact_city(view, beside=False, pen=pen), rows_block(view, pen)]


def attributes_only(style: str) -> str:
    """A style under NO_COLOR: its attributes, its colours left out."""
    return " ".join(word for word in style.split() if word in MONO_ATTRIBUTES)


def cadmea_record(record: dict[str, Any], color: bool) -> Text:
    """A Cadmea tile as its component record gives it (the component editor): the roomy city's
    box, its roofs as printed (north, east, south, west) on its edges, the block of its colour
    showing the colour's letter (N for a neutral tile)."""
    roofs = record.get("roofs")
    north, east, south, west = (roof_glyph(roofs[side]) if isinstance(roofs, list) and side < len(roofs)
                                and roofs[side] in ROOFS else ("?", "bold") for side in range(4))
    colour = record.get("colour")
    body = ((colour[0].upper() if colour in SEAT_COLOURS else NEUTRAL).center(3),
            f"bold reverse {SEAT_COLOURS.get(str(colour), NEUTRAL_COLOUR)}")
    lines = [[("┌──", "dim"), north, ("──┐", "dim")], [west, (" ", ""), body, (" ", ""), east],
             [("└──", "dim"), south, ("──┘", "dim")]]
    text = Text(no_wrap=True)
    for number, line in enumerate(lines):
        text.append("\n" if number else "")
        for part, style in line:
            text.append(part, style=style if color else attributes_only(style))
    return text

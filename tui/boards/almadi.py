"""Almadi boards: the central board and supplies, each realm, and the viewer's characters.

A tile is drawn as a 5x3 cell: its top edge above, left edge / landscape letter / right edge
in the middle, bottom edge below. Arrows point outwards (^ > v <); effects are letters
(G genie, H martelin, S stall, M moon, R ruby, J jar). When the realm is too wide for the
panel, each tile shrinks to its landscape letter and its right edge.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

CELL = 5
COMPACT_CELL = 3
TYPE_NAMES = {"O": "Oasis", "C": "Caravan", "M": "Market", "P": "Palace"}


def _icon(view: dict[str, Any], side: str, index: int) -> str:
    if not side:
        return " "
    if side == view["arrow"]:
        return view["arrow_icons"][view["side_names"][index]]
    return view["icons"][side]


def _cell(view: dict[str, Any], tile: dict[str, Any] | None, mark: bool = False) -> tuple[str, str, str]:
    if tile is None:
        return " " * CELL, "  .  ", " " * CELL
    top, right, bottom, left = (_icon(view, side, i) for i, side in enumerate(tile["sides"]))
    return f"{'*' if mark else ' '} {top}  ", f" {left}{tile['letter']}{right} ", f"  {bottom}  "


def _compact_cell(view: dict[str, Any], tile: dict[str, Any] | None, mark: bool = False) -> str:
    if tile is None:
        return " . "
    return f"{tile['letter']}{_icon(view, tile['sides'][1], 1)}{'*' if mark else ' '}"


def realm_lines(view: dict[str, Any], seat: int, width: int) -> list[str]:
    """The realm as text lines: full edges when they fit in ``width``, compact otherwise."""
    realm = view["seats"][seat]["realm"]
    pending = view["pending"]
    placed = tuple(pending["placed_at"]) if pending and pending["player"] == seat and pending["placed_at"] else None
    at = {(t["row"], t["col"]): t for t in realm}
    rows = range(min(min(r for r, _ in at), 0), max(max(r for r, _ in at), 3) + 1)
    cols = range(0, max(c for _, c in at) + 1)
    full = 3 + CELL * len(cols) <= width
    lines = ["   " + "".join(f"{c:^{CELL if full else COMPACT_CELL}}" for c in cols)]
    for row in rows:
        label = f"{row + 1:>2} " if 0 <= row <= 3 else " ~ "
        if full:
            cells = [_cell(view, at.get((row, c)), (row, c) == placed) for c in cols]
            for part in range(3):
                lines.append((label if part == 1 else "   ") + "".join(cell[part] for cell in cells))
        else:
            lines.append(label + "".join(_compact_cell(view, at.get((row, c)), (row, c) == placed) for c in cols))
    if not full:
        lines.append("   (compact: landscape letter + right edge; widen for all edges)")
    return lines


def _objective_line(objective: dict[str, Any]) -> str:
    state = "" if "done" not in objective else ("[done] " if objective["done"] else "[open] ")
    return f"{state}{objective['colour']} {objective['points']}: {objective['text']}"


def _character_line(character: dict[str, Any]) -> str:
    return f"{character['name']} ({character['cost']} rubies): {character['text']}"


def _clip(line: str, width: int) -> str:
    return line if len(line) <= width else line[: max(width - 1, 0)] + "~"


def _text(lines: list[str], width: int) -> Text:
    return Text("\n".join(_clip(line, width) for line in lines), no_wrap=True)


def shared(view: dict[str, Any], width: int) -> RenderableType:
    header = [f"Almadi - {view['progress']}", *view["legend"].split("; ")]
    board = []
    for row, slots in enumerate(view["board"]):
        cells = [_cell(view, tile) for tile in slots]
        for part in range(3):
            label = f"Row {row + 1} " if part == 1 else "      "
            board.append(label + " ".join(cell[part] for cell in cells))
    supply = view["supply"]
    facts = [
        "Supply: " + ", ".join(f"{kind} {count}" for kind, count in supply.items()) + f" (total {view['supply_total']})",
        f"Mosaic deck {view['decks']['mosaic']}, stall deck {view['decks']['stall']}, rubies left {view['rubies_left']}",
    ]
    lines = header + board + facts
    if view["middle"]:
        lines.append("Objectives in the middle:")
        lines.extend("  " + _objective_line(o) for o in view["middle"])
    if view["display"]:
        lines.append("Characters face up:")
        lines.extend("  " + _character_line(c) for c in view["display"])
    pending = view["pending"]
    if pending and pending["tile"]:
        who = view["tags"][pending["player"]]
        effects = ", ".join(f"{name} x{count}" for name, count in pending["effects"].items())
        genie = f"; Genie move {pending['genie_moves'] + 1}/{pending['genie_limit']} available" if pending["genie"] else ""
        lines.append(f"{who} has the {pending['tile']['type']} from row {pending['from_row']}"
                     + (f"; effects to use: {effects}" if effects else "") + genie)
    return _text(lines, width)


def player(view: dict[str, Any], seat: int, width: int) -> RenderableType:
    info = view["seats"][seat]
    score = view["scores"][seat]["total"]
    turn_mark = " (to play)" if view["current"] == seat else ""
    lines = [
        f"{info['tag']} {info['name']}{turn_mark} - placed {info['placed']}/16, score {score}",
        f"rubies {info['rubies']}, mosaics {info['mosaics']}, stalls {info['stalls']}"
        + (f", characters in hand {info['hand_size']}" if view["characters_mode"] else ""),
    ]
    lines.extend("  " + _objective_line(o) for o in info["objectives"])
    lines.extend("  played: " + _character_line(c) for c in info["characters"])
    lines.extend(realm_lines(view, seat, width))
    return _text(lines, width)


def private(view: dict[str, Any], viewer: int, width: int) -> RenderableType | None:
    if not view["characters_mode"]:
        return None
    info = view["seats"][viewer]
    lines = []
    if info["dealt"]:
        lines.append("Characters dealt to you (keep 2):")
        lines.extend("  " + _character_line(c) for c in info["dealt"])
    if info["hand"]:
        lines.append("Your hand:")
        lines.extend("  " + _character_line(c) for c in info["hand"])
    if not lines:
        return None
    return Group(_text(lines, width))

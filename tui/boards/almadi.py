"""Almadi boards: the central board and supplies, each realm, and the viewer's characters.

A tile is drawn as a 5x3 cell: its top edge above, left edge / landscape letter / right edge
in the middle, bottom edge below. Arrows point outwards (^ > v <); effects are letters
(G genie, H martelin, S stall, M moon, R ruby, J jar). When the realm is too wide for the
panel, the cells close up to 4 columns, then shrink to the landscape letter and its right edge.
With room to spare (``roomy``: a screen of 180x40 or more) each tile is a 7x3 box, its edges on
the frame and its landscape spelled (Oas, Car, Mkt, Pal).

While the viewer chooses where a landscape goes (placing it, or a Genie destination), each
legal spot of the realm shows the number key of its choice, e.g. ``[3]``; a landscape the
Genie may move (or swap), or one to take from the central board, shows its number key in its
top-left corner. Choices are marked where their ``target`` says (engine/almadi/targets.py).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from rich.console import Group, RenderableType

from engine.almadi import targets
from engine.almadi.catalog import ARROW

from .base import Board, Panel, seat_panels, target_keys
from .text import listed, lines as text_lines, prose, wrap

ROOMY_CELL = 7
CELL = 5
NARROW_CELL = 4
COMPACT_CELL = 3
ICONS = {"genie": "G", "martelin": "H", "stall": "S", "moon": "M", "ruby": "R", "jar": "J"}
ARROW_ICONS = ("^", ">", "v", "<")
"""An arrow points outwards: top, right, bottom, left."""
LEGEND = ("Edges: ^>v< arrow, G genie, H martelin, S stall, M moon, R ruby, J jar", "O C M P landscapes")
SHORT_NAMES = {"O": "Oas", "C": "Car", "M": "Mkt", "P": "Pal"}


def _icon(side: str, index: int) -> str:
    """The glyph of a tile's side ``index`` (top, right, bottom, left); blank for none."""
    if not side:
        return " "
    return ARROW_ICONS[index] if side == ARROW else ICONS[side]


def _key(number: int | None) -> str:
    """A choice's number key as one character ('+' past 9, ' ' for none)."""
    return " " if number is None else str(number) if number <= 9 else "+"


def _spot(number: int | None, size: int) -> str:
    """An empty spot of ``size`` columns: '.' or the number key of the choice that fills it."""
    if number is None:
        return ".".center(size)
    return (f"[{number}]" if number <= 9 else f"{number}]").center(size)[:size]


def _cell(tile: dict[str, Any] | None, mark: bool = False, key: int | None = None, size: int = CELL) -> tuple[str, str, str]:
    """Three lines of ``size`` (5 or 4) columns; ``key``: the number of the choice naming this spot or tile."""
    if tile is None:
        return " " * size, _spot(key, size), " " * size
    top, right, bottom, left = (_icon(side, i) for i, side in enumerate(tile["sides"]))
    corner = "*" if mark else _key(key)
    pad = " " * (size - 4)
    return f"{corner}{pad}{top}  ", f"{pad}{left}{tile['letter']}{right} ", f"{pad} {bottom}  "


def _roomy_cell(tile: dict[str, Any] | None, mark: bool = False, key: int | None = None) -> tuple[str, str, str]:
    """A 7x3 box: edges on the frame (a plain frame where an edge is blank), the landscape spelled."""
    if tile is None:
        return " " * ROOMY_CELL, _spot(key, ROOMY_CELL), " " * ROOMY_CELL
    top, right, bottom, left = (_icon(side, i) for i, side in enumerate(tile["sides"]))
    corner = "*" if mark else "╭" if key is None else _key(key)
    return (f"{corner}──{top.strip() or '─'}──╮",
            f"{left.strip() or '│'} {SHORT_NAMES[tile['letter']]} {right.strip() or '│'}",
            f"╰──{bottom.strip() or '─'}──╯")


def _compact_cell(tile: dict[str, Any] | None, mark: bool = False, key: int | None = None) -> str:
    if tile is None:
        return _spot(key, COMPACT_CELL)
    corner = "*" if mark else _key(key)
    return f"{tile['letter']}{_icon(tile['sides'][1], 1)}{corner}"


def realm_keys(view: dict[str, Any], seat: int) -> dict[tuple[int, int], int]:
    """Number keys of the viewer's choices acting on cells of ``seat``'s realm: a spot to fill,
    or a landscape the Genie may move or swap."""
    keys = {}
    for target, number in target_keys(view).items():
        found = targets.cell_of(target)
        if found is not None and found[0] == seat:
            keys[found[1]] = number
    return keys


def realm_lines(view: dict[str, Any], seat: int, width: int, roomy: bool = False) -> list[str]:
    """The realm as text lines: full edges when they fit in ``width``, compact otherwise;
    ``roomy``: boxed tiles when they fit."""
    realm = view["seats"][seat]["realm"]
    pending = view["pending"]
    placed = tuple(pending["placed_at"]) if pending and pending["player"] == seat and pending["placed_at"] else None
    keys = realm_keys(view, seat)
    at = {(t["row"], t["col"]): t for t in realm}
    where = [*at, *keys]
    if not where:
        return ["   (no starting tile yet)"]
    rows = range(min(min(r for r, _ in where), 0), max(max(r for r, _ in where), 3) + 1)
    cols = range(0, max(c for _, c in where) + 1)
    sizes = (ROOMY_CELL, CELL, NARROW_CELL) if roomy else (CELL, NARROW_CELL)
    size = next((size for size in sizes if 3 + size * len(cols) <= width), COMPACT_CELL)
    lines = ["   " + "".join(f"{c:^{size}}" for c in cols)]
    for row in rows:
        label = f"{row + 1:>2} " if 0 <= row <= 3 else " ~ "
        numbers = [keys.get((row, c)) for c in cols]
        marks = [(row, c) == placed for c in cols]
        if size == COMPACT_CELL:
            lines.append(label + "".join(_compact_cell(at.get((row, c)), m, k) for c, m, k in zip(cols, marks, numbers)))
            continue
        draw = _roomy_cell if size == ROOMY_CELL else partial(_cell, size=size)
        cells = [draw(at.get((row, c)), m, k) for c, m, k in zip(cols, marks, numbers)]
        for part in range(3):
            lines.append((label if part == 1 else "   ") + "".join(cell[part] for cell in cells))
    if size == COMPACT_CELL:
        lines.extend(wrap("   (compact: landscape letter + right edge; widen for all edges)", width))
    return lines


def tile_in_hand_lines(view: dict[str, Any], seat: int, roomy: bool = False) -> list[str]:
    """The landscape ``seat`` took and must place now, drawn with its edges."""
    pending = view["pending"]
    if not pending or pending["player"] != seat or not pending["tile"] or pending["placed_at"]:
        return []
    top, middle, bottom = (_roomy_cell if roomy else _cell)(pending["tile"])
    return [f"   {top}", f"   {middle}  to place: {pending['tile']['type']}", f"   {bottom}"]


def _objective_line(objective: dict[str, Any]) -> str:
    state = "" if "done" not in objective else ("[done] " if objective["done"] else "[open] ")
    return f"{state}{objective['colour']} {objective['points']}: {objective['text']}"


def _character_line(character: dict[str, Any]) -> str:
    return f"{character['name']} ({character['cost']} rubies): {character['text']}"


def shared(view: dict[str, Any], width: int, roomy: bool = False) -> RenderableType:
    """The central board, supplies and objectives; ``roomy``: boxed tiles when they fit."""
    header = prose([f"Almadi - {view['progress']}", *LEGEND], width)
    board = []
    keys = target_keys(view)
    slots_per_row = max((len(slots) for slots in view["board"]), default=0)
    draw = _roomy_cell if roomy and 6 + (ROOMY_CELL + 1) * slots_per_row <= width else _cell
    for row, slots in enumerate(view["board"]):
        cells = [draw(tile, key=keys.get(targets.slot(row, index))) for index, tile in enumerate(slots)]
        for part in range(3):
            label = f"Row {row + 1} " if part == 1 else "      "
            board.append(label + " ".join(cell[part] for cell in cells))
    supply = view["supply"]
    facts = [
        "Supply: " + ", ".join(f"{kind} {count}" for kind, count in supply.items()) + f" (total {view['supply_total']})",
        f"Mosaic deck {view['decks']['mosaic']}, stall deck {view['decks']['stall']}, rubies left {view['rubies_left']}",
    ]
    notes = []
    pending = view["pending"]
    if pending and pending["tile"]:  # first under the board: what the player to move is doing
        who = view["tags"][pending["player"]]
        effects = ", ".join(f"{name} x{count}" for name, count in pending["effects"].items())
        genie = f"; Genie move {pending['genie_moves'] + 1}/{pending['genie_limit']} available" if pending["genie"] else ""
        notes.append(f"{who} has the {pending['tile']['type']} from row {pending['from_row']}"
                     + (f"; effects to use: {effects}" if effects else "") + genie)
    notes.extend(facts)
    notes += listed("Objectives in the middle:", map(_objective_line, view["middle"]))
    notes += listed("Characters face up:", map(_character_line, view["display"]))
    return text_lines(header + board + prose(notes, width), width)


def player(view: dict[str, Any], seat: int, width: int, roomy: bool = False) -> RenderableType:
    """A player's counts, objectives, characters and realm; ``roomy``: boxed tiles when they fit."""
    info = view["seats"][seat]
    score = view["scores"][seat]["total"]
    turn_mark = " (to play)" if view["current"] == seat else ""
    about = [
        f"{info['tag']} {info['name']}{turn_mark} - placed {info['placed']}/{info['to_place']}, score {score}",
        f"rubies {info['rubies']}, mosaics {info['mosaics']}, stalls {info['stalls']}"
        + (f", characters in hand {info['hand_size']}" if view["characters_mode"] else ""),
    ]
    held = ["  " + _objective_line(o) for o in info["objectives"]]
    held.extend("  played: " + _character_line(c) for c in info["characters"])
    lines = prose(about, width) + tile_in_hand_lines(view, seat, roomy)
    lines.extend(realm_lines(view, seat, width, roomy))  # before the lists below: 80x24 shows the realm whole
    return text_lines(lines + prose(held, width), width)


def private(view: dict[str, Any], viewer: int, width: int) -> RenderableType | None:
    if not view["characters_mode"]:
        return None
    info = view["seats"][viewer]
    lines = (listed("Characters dealt to you (keep 2):", map(_character_line, info["dealt"]))
             + listed("Your hand:", map(_character_line, info["hand"])))
    if not lines:
        return None
    return Group(text_lines(prose(lines, width), width))


REALM_PHASES = ("place", "effects", "genie", "genie_to", "genie_with")


def keeping(view: dict[str, Any], viewer: int | None) -> bool:
    """Keeping characters: the hand."""
    return viewer is not None and bool(view.get("choices")) and view.get("phase") == "keep"


def in_the_realm(view: dict[str, Any], viewer: int | None, seat: int) -> bool:
    """Placing a landscape, using its effects or the Genie: the viewer's realm; but a Moon
    acts on the objectives in the middle, on the board."""
    choices = view.get("choices", ())
    on_the_board = any(c.target and c.target.startswith("objective:") for c in choices)
    return seat == viewer and bool(choices) and view.get("phase") in REALM_PHASES and not on_the_board


class AlmadiBoard(Board):
    roomy_cells = True

    def panels(self, seats: int) -> list[Panel]:
        """The central board (taking a landscape, a Moon, else), the characters dealt and in
        hand, and each realm."""
        return [
            Panel("shared", "Board", lambda view, frame: shared(view, frame.width, frame.roomy)),
            Panel("private", "Private", lambda view, frame: private(view, frame.viewer, frame.width),
                  needed=keeping, private=True),
            *seat_panels(seats, lambda view, seat, frame: player(view, seat, frame.width, frame.roomy), in_the_realm),
        ]


BOARD = AlmadiBoard()

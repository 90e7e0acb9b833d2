"""Almadi boards: the central board and supplies, each realm, and the viewer's characters.

Landscapes are drawn as tiles (tui/boards/almadi_tiles.py): a box in its landscape's colour
with its glyph in the middle (≈ oasis, ∩ caravan, $ market, ⌂ palace) and each edge's
feature on its side (↑→↓← arrows pointing out, § genie, τ martelin, π stall, ☾ moon,
♦ ruby, δ jar); the largest size that fits the panel, the largest of all on a roomy screen.
The central board's rows are the same tiles, two a row.

While the viewer chooses where a landscape goes (placing it, or a Genie destination), each
legal spot of the realm is a dashed box with the number key of its choice; a landscape the
Genie may move (or swap), or one to take from the central board, shows its number key in its
top-left corner; the choice highlighted in the list is drawn in reverse video. Choices are
marked where their ``target`` says (engine/almadi/targets.py). The legend explains exactly
the glyphs drawn: under the panel at 80 columns, else in the table's legend panel.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from engine.almadi import targets
from tui.i18n import N_, _

from . import almadi_tiles as tiles
from .base import Board, Frame, Panel, legend_panel, seat_panels, target_keys
from .glyphs import Pen, entry, finish, key_entries
from .text import lines as text_lines
from .text import listed, prose, wrapped

NO_START = "   (no starting tile yet)"
TO_PLACE = "to place:"


def realm_keys(view: dict[str, Any], seat: int) -> dict[tuple[int, int], str]:
    """Keys of the viewer's choices acting on cells of ``seat``'s realm: a spot to fill,
    or a landscape the Genie may move or swap."""
    return {(target.row, target.col): key for target, key in target_keys(view).items()
            if isinstance(target, targets.Cell) and target.seat == seat}


def highlighted_cell(frame: Frame, seat: int) -> tuple[int, int] | None:
    """The cell of ``seat``'s realm the highlighted choice acts on, if any."""
    target = frame.highlighted.target if frame.highlighted is not None else None
    return (target.row, target.col) if isinstance(target, targets.Cell) and target.seat == seat else None


def realm(view: dict[str, Any], seat: int, frame: Frame, pen: Pen) -> RenderableType:
    """``seat``'s realm as tiles at the largest size that fits, and the landscape the seat must
    place now beside it (above it when there is no room: a tile's height more)."""
    width = frame.width
    drawn = tiles.realm_text(view, seat, realm_keys(view, seat), width, frame.roomy, pen, highlighted_cell(frame, seat))
    pending = view["pending"]
    if not pending or pending["player"] != seat or not pending["tile"] or pending["placed_at"]:
        return Text(NO_START) if drawn is None else drawn
    tile = pending["tile"]
    beside = width - (max(map(len, drawn.plain.splitlines())) if drawn is not None else 0) - 2
    size = tiles.pick(beside, 1, frame.roomy)
    if drawn is not None and size.framed and beside >= len(TO_PLACE):
        grid = Table.grid(padding=(0, 2))
        grid.add_row(drawn, tiles.tile_between(tile, size, pen, TO_PLACE, tile["type"]))
        return grid
    label = f"{TO_PLACE} {tile['type']}"
    size = tiles.pick(width - len(label) - 2, 1, frame.roomy, margin=tiles.ROW_LABEL)
    in_hand = tiles.tile_beside(tile, size if size.framed else tiles.SMALL, pen, label)
    return Group(in_hand, Text(NO_START) if drawn is None else drawn)


def highlight_entry(frame: Frame, keys: Iterable[str]) -> list[Text]:
    """The legend's word on the choice keys drawn, and on the highlighted choice when one is shown."""
    keys = list(keys)
    if not keys:
        return []
    return [*key_entries(keys), *([entry(Text.assemble(("   ", "reverse")), _("the highlighted choice"))]
                           if frame.highlighted is not None and frame.highlighted.target else [])]


def _objective_line(objective: dict[str, Any]) -> str:
    state = "" if "done" not in objective else ("[done] " if objective["done"] else "[open] ")
    return f"{state}{objective['colour']} {objective['points']}: {objective['text']}"


def _character_line(character: dict[str, Any]) -> str:
    return f"{character['name']} ({character['cost']} rubies): {character['text']}"


def shared(view: dict[str, Any], frame: Frame) -> RenderableType:
    """The central board's rows as tiles, the supplies and objectives."""
    width, pen = frame.width, Pen(tiles.PALETTE, frame.color)
    keys = target_keys(view)
    slots = {(row, index): keys[targets.slot(row, index)]
             for row, slots in enumerate(view["board"]) for index in range(len(slots))
             if targets.slot(row, index) in keys}
    marked = frame.highlighted.target if frame.highlighted is not None else None
    highlighted = next(((row, index) for row, slots in enumerate(view["board"]) for index in range(len(slots))
                        if targets.slot(row, index) == marked), None)
    board = tiles.board_text(view, slots, width, frame.roomy, pen, highlighted)
    supply = view["supply"]
    decks = view["decks"]
    facts = [
        "Supply: " + ", ".join(f"{kind} {count}" for kind, count in supply.items())
        + f" (total {view['supply_total']})",
        f"Mosaic deck {decks['mosaic']}, stall deck {decks['stall']}, rubies left {view['rubies_left']}",
    ]
    notes = []
    pending = view["pending"]
    if pending and pending["tile"]:  # first under the board: what the player to move is doing
        who = view["tags"][pending["player"]]
        effects = ", ".join(f"{name} x{count}" for name, count in pending["effects"].items())
        genie_move = f"{pending['genie_moves'] + 1}/{pending['genie_limit']}"
        genie = f"; Genie move {genie_move} available" if pending["genie"] else ""
        notes.append(f"{who} has the {pending['tile']['type']} from row {pending['from_row']}"
                     + (f"; effects to use: {effects}" if effects else "") + genie)
    notes.extend(facts)
    notes += listed("Objectives in the middle:", map(_objective_line, view["middle"]))
    notes += listed("Characters face up:", map(_character_line, view["display"]))
    drawing: list[RenderableType] = [text_lines(prose([f"Almadi - {view['progress']}"], width), width), board,
               text_lines(prose(notes, width), width)]
    return finish(frame, pen, drawing, highlight_entry(frame, slots.values()))


def player(view: dict[str, Any], seat: int, frame: Frame) -> RenderableType:
    """A player's counts, the landscape to place, the realm (before the lists: 80x24 shows
    it whole), objectives and characters."""
    width, pen = frame.width, Pen(tiles.PALETTE, frame.color)
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
    drawing = [wrapped(prose(about, width)), realm(view, seat, frame, pen)]
    if held:
        drawing.append(text_lines(prose(held, width), width))
    return finish(frame, pen, drawing, highlight_entry(frame, realm_keys(view, seat).values()))


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
    on_the_board = any(isinstance(c.target, targets.ObjectiveCard) for c in choices)
    return seat == viewer and bool(choices) and view.get("phase") in REALM_PHASES and not on_the_board


class AlmadiBoard(Board):
    roomy_cells = True
    records = {"landscapes": tiles.landscape_record}

    def panels(self, seats: int) -> list[Panel]:
        """The central board (taking a landscape, a Moon, else), the legend of the tiles drawn,
        the characters dealt and in hand, and each realm."""
        return [
            Panel("shared", N_("Board"), shared, highlight=True),
            legend_panel(),
            Panel("private", N_("Private"),
                  lambda view, frame: None if frame.viewer is None else private(view, frame.viewer, frame.width),
                  needed=keeping, private=True),
            *seat_panels(seats, player, in_the_realm, highlight=True),
        ]


BOARD = AlmadiBoard()

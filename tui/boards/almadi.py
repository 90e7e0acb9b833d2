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

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from engine.almadi import targets
from engine.almadi.objectives import describe
from engine.almadi.text import counted_text
from engine.almadi.view import SETTING_UP
from tui.i18n import N_, _, current

from . import almadi_tiles as tiles
from .base import Board, Frame, Panel, legend_panel, seat_panels, target_keys
from .glyphs import Pen, entry, finish, key_entries
from .text import lines as text_lines
from .text import listed, prose, wrapped

NO_START = N_("(no starting tile yet)")
TO_PLACE = N_("to place:")


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
    no_start = Text("   " + _(NO_START))
    if not pending or pending["player"] != seat or not pending["tile"] or pending["placed_at"]:
        return no_start if drawn is None else drawn
    tile, to_place = pending["tile"], _(TO_PLACE)
    beside = width - (max(map(len, drawn.plain.splitlines())) if drawn is not None else 0) - 2
    size = tiles.pick(beside, 1, frame.roomy)
    if drawn is not None and size.framed and beside >= cell_len(to_place):
        grid = Table.grid(padding=(0, 2))
        grid.add_row(drawn, tiles.tile_between(tile, size, pen, to_place, _(tile["type"])))
        return grid
    label = f"{to_place} {_(tile['type'])}"
    size = tiles.pick(width - len(label) - 2, 1, frame.roomy, margin=tiles.ROW_LABEL)
    in_hand = tiles.tile_beside(tile, size if size.framed else tiles.SMALL, pen, label)
    return Group(in_hand, no_start if drawn is None else drawn)


def highlight_entry(frame: Frame, keys: Iterable[str]) -> list[Text]:
    """The legend's word on the choice keys drawn, and on the highlighted choice when one is shown."""
    keys = list(keys)
    if not keys:
        return []
    return [*key_entries(keys), *([entry(Text.assemble(("   ", "reverse")), _("the highlighted choice"))]
                           if frame.highlighted is not None and frame.highlighted.target else [])]


def _objective_line(objective: dict[str, Any]) -> str:
    state = "" if "done" not in objective else (_("[done] ") if objective["done"] else _("[open] "))
    return _("{state}{colour} {points}: {requirement}").format(
        state=state, colour=_(objective["colour"]), points=objective["points"],
        requirement=describe(objective["requirement"], current()))


def _character_line(character: dict[str, Any]) -> str:
    return _("{name} ({cost} rubies): {text}").format(name=character["name"], cost=character["cost"],
                                                     text=_(character["text"]))


def progress(view: dict[str, Any]) -> str:
    """Where the game stands, as the status line says it."""
    if view["final"]:
        return _("game over")
    if view["phase"] in SETTING_UP:
        return _("setup")
    return _("turn {turn} of {turns}").format(turn=view["turn"], turns=view["total_turns"])


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
        _("Supply: {counts} (total {total})").format(
            counts=_(", ").join(f"{_(kind)} {count}" for kind, count in supply.items()), total=view["supply_total"]),
        _("Mosaic deck {mosaic}, stall deck {stall}, rubies left {rubies}").format(
            mosaic=decks["mosaic"], stall=decks["stall"], rubies=view["rubies_left"]),
    ]
    notes = []
    pending = view["pending"]
    if pending and pending["tile"]:  # first under the board: what the player to move is doing
        who = view["tags"][pending["player"]]
        effects = counted_text(pending["effects"], current())
        genie = _("; Genie move {move}/{limit} available").format(
            move=pending["genie_moves"] + 1, limit=pending["genie_limit"]) if pending["genie"] else ""
        notes.append(_("{who} has the {tile} from row {row}").format(
            who=who, tile=_(pending["tile"]["type"]), row=pending["from_row"])
            + (_("; effects to use: {effects}").format(effects=effects) if effects else "") + genie)
    notes.extend(facts)
    notes += listed(_("Objectives in the middle:"), map(_objective_line, view["middle"]))
    notes += listed(_("Characters face up:"), map(_character_line, view["display"]))
    drawing: list[RenderableType] = [text_lines(prose(["Almadi - " + progress(view)], width), width), board,
               text_lines(prose(notes, width), width)]
    return finish(frame, pen, drawing, highlight_entry(frame, slots.values()))


def player(view: dict[str, Any], seat: int, frame: Frame) -> RenderableType:
    """A player's counts, the landscape to place, the realm (before the lists: 80x24 shows
    it whole), objectives and characters."""
    width, pen = frame.width, Pen(tiles.PALETTE, frame.color)
    info = view["seats"][seat]
    score = view["scores"][seat]["total"]
    turn_mark = _(" (to play)") if view["current"] == seat else ""
    about = [
        _("{tag} {name}{turn} - placed {placed}/{to_place}, score {score}").format(
            tag=info["tag"], name=info["name"], turn=turn_mark, placed=info["placed"], to_place=info["to_place"],
            score=score),
        _("rubies {rubies}, mosaics {mosaics}, stalls {stalls}").format(
            rubies=info["rubies"], mosaics=info["mosaics"], stalls=info["stalls"])
        + (_(", characters in hand {n}").format(n=info["hand_size"]) if view["characters_mode"] else ""),
    ]
    held = ["  " + _objective_line(o) for o in info["objectives"]]
    held.extend("  " + _("played: ") + _character_line(c) for c in info["characters"])
    drawing = [wrapped(prose(about, width)), realm(view, seat, frame, pen)]
    if held:
        drawing.append(text_lines(prose(held, width), width))
    return finish(frame, pen, drawing, highlight_entry(frame, realm_keys(view, seat).values()))


def private(view: dict[str, Any], viewer: int, width: int) -> RenderableType | None:
    if not view["characters_mode"]:
        return None
    info = view["seats"][viewer]
    lines = (listed(_("Characters dealt to you (keep 2):"), map(_character_line, info["dealt"]))
             + listed(_("Your hand:"), map(_character_line, info["hand"])))
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

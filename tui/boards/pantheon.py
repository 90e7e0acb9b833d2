"""Pantheon boards: the hex map with the epoch's displays, each player's area, the viewer's hand.

The map is drawn as terrain by tui/boards/pantheon_map.py (its palette declared there): the
sea an area, land plain, column, symbol and start hexes, loot, the temple, and each seat's
pieces by its symbol and letter (``●a`` a foot, ``●A`` a column; the letter alone where a hex
has no room: 80x24), at the largest size that fits the panel; on a roomy screen (180x40 or more)
the hexes are outlined, wider ones at 200x60. The legend under the map (or in the table's
legend panel) explains exactly the glyphs drawn.

While the viewer chooses where a foot or a column goes, each hex it may go to (a choice whose
target is a hex) shows the number key of that choice in reverse video (``+`` past 9), so the
path is picked on the map. The map grows with its panel (a map board).

Zoomed (the table's ``z``), the board shows a window of the map in larger cells: each hex's id
above its number key, marker and pieces (with their symbols, at 80x24 too). The window is
centred on the hex of the highlighted choice (marked ``→`` and drawn in reverse video), else on
the viewer's last foot (the active player's for a spectator), else on the temple, and is moved
in from the map's edges, never past them. A panel wide enough for every column shows the whole map so.
"""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.style import Style
from rich.text import Text

from engine.core.contract import Choice
from engine.core.seats import seat_tag
from engine.pantheon.targets import Hand, HandCard, Hex
from tui.i18n import N_, _

from . import base, pantheon_map
from .base import Board, Frame, Panel, legend_panel, seat_panels
from .glyphs import Pen, entry, finish
from .text import wrapped

ZOOM_IN = N_("zoom in on the highlighted choice")
ZOOM_OUT = N_("the whole map")
HIGHLIGHT = Style(reverse=True, bold=True)
POINTER = "→"
"""Before the hex of the highlighted choice on the zoomed map (not '>': that marks a choice on a
later page of the list)."""
"""The hex of the choice highlighted in the list."""
ZOOM_CELL = 5
"""A zoomed hex: a gap (the pointer before the highlighted hex), then the key, the marker and a
piece with its seat's symbol (``1○●a``), or two pieces (``▲b●a``: no room for the marker)."""
ZOOM_ROWS = 7
"""The rows of a zoomed window narrower than the map (it fits a panel at 80x24)."""


def choice_hex(choice: Choice | None) -> str | None:
    """The hex a choice acts on (its target), by id; None for a choice acting elsewhere."""
    target = choice.target if choice is not None else None
    return target.id if isinstance(target, Hex) else None


def target_keys(view: dict[str, Any]) -> dict[str, str]:
    """Keys of the viewer's choices that act on a hex, by hex id."""
    return {target.id: key for target, key in base.target_keys(view).items() if isinstance(target, Hex)}


GOD_KINDS = {"instant": N_("instant"), "once": N_("once"), "permanent": N_("permanent")}
"""A god's kind of power, as the view names it."""


def _god_text(god: dict[str, Any]) -> str:
    needs = "+".join(map(str, god["needs"]))
    only = _(" cards only") if god["cards_only"] else ""
    return f"{god['name']} {needs}{only} ({_(GOD_KINDS.get(god['kind'], god['kind']))})"


def _epoch_track(view: dict[str, Any]) -> str:
    names = {e["epoch"]: e["name"] for e in view["epochs"]}
    cells = [f"{e}{'*' if e in view['scoring_epochs'] else ''} {names.get(e, '?')}" for e in range(1, 7)]
    return _("Epochs: {cells}   (* = scoring)").format(cells=" · ".join(cells))


def display_lines(view: dict[str, Any]) -> list[str]:
    labels = view["labels"]
    nation = view["nation"]
    lines = [_epoch_track(view)]
    if nation:
        lines.append(_("Epoch {n}: {nation} — {power}").format(n=nation["epoch"], nation=nation["name"],
                                                                power=_(nation["power"])))
    temple = view["temple"] or _("not placed")
    start = view["players"][view["start_player"]]
    lines.append(_("Temple: {temple} (start player {seat})").format(temple=temple,
                                                                   seat=f"{seat_tag(start['seat'])} {start['name']}"))
    gods = view["gods"]
    none = _("none left") if view["epoch"] else _("none yet (revealed when epoch 1 begins)")
    shown = " | ".join(_god_text(g) for g in gods["display"]) or none
    lines.append(_("Gods: {gods}   [stack {stack}, box {box}]").format(gods=shown, stack=gods["stack"],
                                                                       box=gods["box"]))
    loot = [h for h in view["map"]["hexes"] if h["loot"]]
    loot_text = _(", ").join(f"{h['id']} {_(labels['loot'][h['loot']])}" for h in loot) or none
    lines.append(_("Loot: {loot}   [bag {bag}]").format(loot=loot_text, bag=view["loot_bag"]))
    demigods = " ".join(map(str, view["demigods"]["display"])) or _("none")
    lines.append(_("Demigods on display: {demigods}   [stack {stack}]").format(demigods=demigods,
                                                                              stack=view["demigods"]["stack"]))
    row = _(", ").join(_(labels["cards"][k]) for k in view["row"]) or _("empty")
    money = " ".join(map(str, view["special_money"])) or _("none")
    lines.append(_("Face-up row: {row}   [deck {deck}, discard {discard}]   Special money (top first): {money}").format(
        row=row, deck=view["deck"], discard=view["discard"], money=money))
    stock = _(", ").join(f"{_(labels['tiles'][k])} {s['1/2']}/{s['3/4']}" for k, s in view["offering_stock"].items())
    prices = "/".join(map(str, next(iter(view["offering_prices"].values()))))
    lines.append(_("Offering tiles left (levels 1-2 / 3-4): {stock}   prices by level {prices}").format(
        stock=stock, prices=prices))
    return lines


def zoom_window(centre: tuple[int, int], shown: tuple[int, int], size: tuple[int, int]) -> tuple[int, int]:
    """The top row and left column of a window of ``shown`` (rows, columns) on a map of ``size``:
    centred on ``centre`` as far as the map's edges allow, never past them."""
    def start(at: int, span: int, total: int) -> int:
        return max(0, min(at - span // 2, total - span))

    return start(centre[0], shown[0], size[0]), start(centre[1], shown[1], size[1])


def zoom_centre(view: dict[str, Any], highlighted: Choice | None) -> tuple[str | None, bool]:
    """The hex a zoomed map centres on, and whether it is the highlighted choice's hex."""
    hex_id = choice_hex(highlighted)
    if hex_id:
        return hex_id, True
    seat = view["viewer"] if view["viewer"] is not None else view["active"]
    return view["players"][seat]["last_foot"] or view["temple"], False


def _letter(col: int) -> str:
    return chr(65 + col)


def zoom_frame(view: dict[str, Any], width: int, highlighted: Choice | None) -> tuple[range, range]:
    """The rows and columns a zoomed map shows at ``width``: as many columns as fit, and
    ZOOM_ROWS rows (all of them once every column fits), around the hex of zoom_centre()."""
    board = view["map"]
    size = (board["rows"], board["cols"])
    centre_id, _ = zoom_centre(view, highlighted)
    centre = next(((h["row"], h["col"]) for h in board["hexes"] if h["id"] == centre_id), (size[0] // 2, size[1] // 2))
    across = max(1, min((width - 3 - ZOOM_CELL // 2) // ZOOM_CELL, size[1]))
    shown = (size[0] if across == size[1] else min(ZOOM_ROWS, size[0]), across)
    top, left = zoom_window(centre, shown, size)
    return range(top, top + shown[0]), range(left, left + shown[1])


def zoom_map(view: dict[str, Any], width: int, highlighted: Choice | None, pen: Pen) -> Text:
    """A window of the map in roomy cells, under a line saying which rows and columns it shows."""
    board = view["map"]
    at = {(h["row"], h["col"]): h for h in board["hexes"]}
    rows, cols = zoom_frame(view, width, highlighted)
    centre_id, marked = zoom_centre(view, highlighted)
    keys = target_keys(view)
    inner = ZOOM_CELL - 1
    text = Text(no_wrap=True)
    text.append(f"Rows {rows[0] + 1}-{rows[-1] + 1} of 1-{board['rows']}, "
                f"columns {_letter(cols[0])}-{_letter(cols[-1])} of A-{_letter(board['cols'] - 1)}", style="dim")
    for row in rows:
        shift = " " * (ZOOM_CELL // 2 if row % 2 else 0)
        hexes = [at.get((row, col)) for col in cols]
        ids = "".join(f" {h['id'] if h else '':<{inner}}" for h in hexes)
        text.append("\n   " + (shift + ids).rstrip(), style="dim")
        text.append(f"\n{row + 1:>2} {shift}", style="dim")
        for hex_ in hexes:
            here = marked and hex_ is not None and hex_["id"] == centre_id
            text.append(POINTER if here else " ", style="bold")
            if hex_ is None:
                text.append(" " * inner)
                continue
            for char, style in pantheon_map.contents(pen, hex_, inner, keys.get(hex_["id"]), symbols=True):
                text.append(char, style + HIGHLIGHT if here else style)
    return text


def whole_map(view: dict[str, Any], frame: Frame, pen: Pen) -> Text:
    """The whole map at the largest size that fits; outlined hexes on a roomy screen only (they
    take three lines a row)."""
    board = view["map"]
    sizes = [size for size in pantheon_map.SIZES if frame.roomy or not size.outlined]
    size = next((size for size in sizes if size.width(board["cols"]) <= frame.width), pantheon_map.TEXT2)
    marked = choice_hex(frame.highlighted)
    return pantheon_map.draw(view, pen, target_keys(view), size, range(board["rows"]), range(board["cols"]),
                             marked=marked, ids=True)


def shared(view: dict[str, Any], frame: Frame) -> RenderableType:
    """The map and the displays. ``frame.zoom`` (from the table; None where no zoom is offered):
    a window of the map around the highlighted choice instead of the whole map."""
    pen = Pen(pantheon_map.PALETTE, frame.color)
    drawn = zoom_map(view, frame.width, frame.highlighted, pen) if frame.zoom else whole_map(view, frame, pen)
    extra = pantheon_map.legend_extra(view, pen, target_keys(view).values())
    if frame.zoom and POINTER in drawn.plain:
        extra.append(entry(POINTER, _("the highlighted choice")))
    if frame.zoom is not None:
        extra.append(entry("z", _(ZOOM_OUT if frame.zoom else ZOOM_IN)))
    return finish(frame, pen, [drawn, wrapped([""] + display_lines(view))], extra)


def player_lines(view: dict[str, Any], seat: int) -> list[str]:
    p = view["players"][seat]
    labels = view["labels"]
    roles = [_(role) for role, on in ((N_("start player"), p["is_start"]), (N_("big foot"), p["has_big_foot"])) if on]
    vp = _(", ").join(f"{_(k)} {v}" for k, v in p["vp"].items())
    lines = [f"{seat_tag(seat)} {p['name']}: " + _("{score} VP ({parts})").format(score=p["score"], parts=vp)
             + (f"  [{_(', ').join(roles)}]" if roles else "")]
    lines.append(_("Supply: {feet} feet, {columns} columns · on the board: {feet_on} feet, {columns_on} columns · "
                   "general supply: {feet_general} feet, {columns_general} columns").format(
        feet=p["feet"], columns=p["columns"], feet_on=len(p["feet_on"]), columns_on=len(p["columns_on"]),
        feet_general=p["feet_general"], columns_general=p["columns_general"]))
    tiles = _(", ").join(f"{_(labels['tiles'][k])} {v or '-'}" for k, v in p["tiles"].items())
    lines.append(_("Offering tiles: {tiles}").format(tiles=tiles))
    gods = _(", ").join(g["name"] + (f" ({g['money']})" if g["money"] else "") for g in p["gods"]) or _("none")
    if p["traitera_unused"]:
        gods += " · " + _("Traitera unused: {n}").format(n=p["traitera_unused"])
    lines.append(_("Permanent gods: {gods}").format(gods=gods))
    bonus = _(labels["bonus"][p["bonus"]]) if p["bonus"] in labels["bonus"] else "-"
    lines.append(_("Hand: {cards} cards · demigods: {demigods} · steps tiles: {steps} · bonus: {bonus}").format(
        cards=p["hand_size"], demigods=p["demigods"], steps=p["steps"], bonus=bonus))
    return lines


def player(view: dict[str, Any], seat: int, width: int) -> RenderableType:
    return wrapped(player_lines(view, seat))


def private_lines(view: dict[str, Any], viewer: int) -> list[str] | None:
    hand = view.get("hand")
    if hand is None:
        return None
    labels = view["labels"]["cards"]
    cards = _(", ").join(_("{n} {card}").format(n=n, card=_(labels[k])) for k, n in hand.items()) or _("no cards")
    lines = [_("Your hand: {cards} (money {money} in all)").format(cards=cards, money=view["hand_money"])]
    me = view["players"][viewer]
    values = _(", ").join(map(str, me["demigod_values"] or [])) or _("none")
    lines.append(_("Your demigods (face down): {values}").format(values=values) if not me["demigod_values"] else
                 _("Your demigods (face down): {values} — {points} points at each scoring").format(
                     values=values, points=me["demigod_points"]))
    return lines


def private(view: dict[str, Any], viewer: int, width: int) -> RenderableType | None:
    lines = private_lines(view, viewer)
    return None if lines is None else wrapped(lines)


def paying(view: dict[str, Any], viewer: int | None) -> bool:
    """Paying for a god or discarding: choices that act on the hand."""
    return viewer is not None and any(isinstance(choice.target, (Hand, HandCard)) for choice in view.get("choices", ()))


class PantheonBoard(Board):
    map_board = True
    roomy_cells = True

    def panels(self, seats: int) -> list[Panel]:
        """The map and displays (it zooms), the hand (paying, discarding), each player's area."""
        return [
            Panel("shared", N_("Board"), shared, zoom=True, highlight=True),
            legend_panel(),
            Panel("private", N_("Private"),
                  lambda view, frame: None if frame.viewer is None else private(view, frame.viewer, frame.width),
                  needed=paying, private=True),
            *seat_panels(seats, lambda view, seat, frame: player(view, seat, frame.width)),
        ]


BOARD = PantheonBoard()

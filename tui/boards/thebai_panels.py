"""Thebai's panels other than the city: an estate with its owner's supply, the devotion and
turn-order tracks with the fate timeline, the council, the contract display and a hand."""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from rich.cells import cell_len
from rich.text import Text

from engine.core.choices import Target
from engine.core.seats import seat_letter, seat_tag
from engine.thebai.catalog import catalog
from engine.thebai.constants import ESTATE_COLS, ESTATE_ROWS, ROUNDS, TRACKS
from engine.thebai.targets import (
    DECK,
    PASSAGE,
    ContractCard,
    CouncilSpace,
    DisplaySlot,
    EstateRowEnd,
    EstateSpace,
    Supply,
    TrackSpot,
    estate_space_id,
)
from engine.thebai.text import FATE_WORDS, PHASE_WORDS, cost_text, effect_text
from engine.thebai.view import ThebaiTable, TrackView
from tui.i18n import N_, _, current
from tui.text import cut, pad

from .base import Keys, target_keys
from .glyphs import entry
from .thebai_style import (
    COLLAPSED,
    COVERED,
    FREE_DICE,
    HIDDEN,
    KEY_STYLE,
    METOIKOS,
    NOW,
    RESOLVED,
    STAND,
    ThebaiPen,
    die_text,
    face_text,
    seat_style,
)

CELL = 11


def _key(keys: Keys, target: Target, pen: ThebaiPen) -> str | None:
    return pen.key(keys[target]) if target in keys else None


def action_name(space: str) -> str:
    """An estate space's action, in the reader's language."""
    name: str = catalog().estate[space]["name"]
    return _(name)


ACTION_SHORT = {"Masons": "Mason", "Harvest": "Harv…", "Fulfil": "Fulf…", "Muster": "Must…", "Council": "Coun…"}
"""The estate's action names of more than 5 letters, as a narrow estate (80 columns) writes them
(not with a dot: "." is a free space); English names only (a translated name is cut with "…")."""


def shown_name(name: str, room: int) -> str:
    """An action's name in ``room`` cells: whole, else its short form, else as much of it as fits
    with "…" (a space holding a die has the least room), never cut without a mark."""
    if cell_len(name) <= room:
        return name
    short = ACTION_SHORT.get(name, name)
    if cell_len(short) <= room:
        return short
    return cut(name, room) if room > 1 else ""


def estate(view: ThebaiTable, seat: int, width: int, pen: ThebaiPen) -> Text:
    """Three rows of five action spaces: covered ones dim with '#', dice and metoikoi (μ) on
    theirs, and under each column the VP it scores when it is the rightmost empty one. Row
    colours are spelled out when there is room, else by their initial."""
    keys = target_keys(view)
    wide = width >= 9 + ESTATE_COLS * CELL
    cell = CELL if wide else max(6, (width - 3) // ESTATE_COLS)
    text = Text(no_wrap=True)
    colours = catalog().row_colours
    mine = view["seats"][seat]
    for row in range(1, ESTATE_ROWS + 1):
        if row > 1:
            text.append("\n")
        key = _key(keys, EstateRowEnd(seat, row), pen)
        text.append(key or f"{row}", style=KEY_STYLE if key else "dim")
        text.append(f" {pad(colours[row - 1], 6)} " if wide else f"{colours[row - 1][0]} ", style="dim")
        covered_from = ESTATE_COLS - len(mine["estate"][row - 1]) + 1
        for col in range(1, ESTATE_COLS + 1):
            space = estate_space_id(row, col)
            name = action_name(space)
            if EstateSpace(seat, space) in keys:
                text.append(pen.key(keys[EstateSpace(seat, space)], brackets=False), style=KEY_STYLE)
                text.append(pad(shown_name(name, cell - 2), cell - 1), style="bold")
            elif col >= covered_from:
                pen.note("covered")
                text.append(pad(f"{COVERED}{shown_name(name, cell - 2)}", cell), style="dim")
            elif space in mine["estate_dice"] or space in mine["estate_metoikoi"]:
                if space in mine["estate_dice"]:
                    pen.note("citizen")
                    mark, style = die_text(seat, "c", mine["estate_dice"][space], pen)
                else:
                    pen.note("metoikos")
                    power = catalog().metoikoi[mine["estate_metoikoi"][space]]["power"]
                    mark, style = f"{METOIKOS}{power}", "bold"
                text.append(mark, style=style)
                text.append(pad(f" {shown_name(name, cell - 2 - len(mark))}", cell - len(mark)))
            else:
                text.append(pad(f" {shown_name(name, cell - 2)}", cell))
    vps = catalog().column_vp
    text.append("\n" + " " * (9 if wide else 3) + "".join(("" if c == 1 else f"{vps[c]:>2} VP").ljust(cell)
                                                           for c in range(1, ESTATE_COLS + 1)), style="dim")
    return text


def estate_words(width: int) -> list[Text]:
    """The legend's word on the rows' initials and the short action names, when the estate is
    too narrow to spell them."""
    if width >= 9 + ESTATE_COLS * CELL:
        return []
    colours = catalog().row_colours
    return [entry(" ".join(colour[0] for colour in colours), _("rows: {colours}").format(
        colours=_(", ").join(_(colour) for colour in colours)), "dim"),
            *(entry(short, name, "dim") for name, short in ACTION_SHORT.items() if _(name) == name)]


def supply(view: ThebaiTable, seat: int, pen: ThebaiPen) -> Text:
    mine = view["seats"][seat]
    res = mine["goods"]
    keys = target_keys(view)
    text = Text()
    text.append(f"{seat_tag(seat)} {mine['name']}", style=seat_style(seat))
    goods = " ".join(f"{_(good)} {res[good]}" for good in ("grape", "pottery", "bronze", "drachma"))
    text.append(f"  {mine['vp']} VP   {goods}\n")
    for kind, label, pool in (("c", N_("citizens"), mine["citizens"]), ("h", N_("hoplites"), mine["hoplites"])):
        key = _key(keys, Supply(seat, kind), pen)
        if key:
            text.append(key, style=KEY_STYLE)
        text.append(f"{_(label)} {' '.join(face_text(face, pen) for face in pool) or '-'}  ")
    text.append(_("(+{n} in the common supply)  archon {archon}").format(
        n=mine["common"], archon=view["city"]["archons"][seat] or _("home")) + "\n")
    secret = mine["unseen"]
    hand = " ".join(mine["known"] + ([_("+{n} unseen").format(n=secret)] if secret else [])) or _("none")
    suits = [catalog().contracts[c]["suit"] for c in mine["done"]]
    done = " ".join(f"{_(s)}x{suits.count(s)}" for s in dict.fromkeys(suits)) or _("none")
    text.append(_("hand {hand}  fulfilled {done}  gate tiles {gates}").format(
        hand=hand, done=done, gates=len(mine["gates_won"])) + "\n")
    commanders = " ".join(catalog().commanders[c]["name"] for c in mine["commanders"])
    extras = [_("metoikoi {tiles}").format(tiles=" ".join(mine["metoikoi"])) if mine["metoikoi"] else "",
              _("blessings {tiles}").format(tiles=" ".join(mine["blessings"])) if mine["blessings"] else "",
              _("Strategos left {cards}").format(cards=" ".join(map(str, mine["strategos_left"]))),
              _("councillors {n}").format(n=mine["councillors"]),
              _("commanders {names}").format(names=commanders) if commanders else ""]
    text.append("  ".join(e for e in extras if e), style="dim")
    return text


def tracks(view: ThebaiTable, pen: ThebaiPen) -> Text:
    keys = target_keys(view)
    by_track = cast(Mapping[str, TrackView], view["tracks"])  # a TrackView for each of TRACKS
    text = Text()
    for track in TRACKS:
        key = _key(keys, TrackSpot(track), pen)
        text.append(key or " ", style=KEY_STYLE if key else "")
        text.append(pad(_(track.capitalize()), 9), style="bold")
        line = by_track[track]
        for seat in line["standing"]:
            text.append(f" {seat_tag(seat)} {line['steps'][seat]}", style=seat_style(seat))
        text.append("   " + _("(of {n})").format(n=line["length"]) + "\n", style="dim")
    text.append(" " + _("Turn order") + " ")
    for seat in view["order"]:
        text.append(f"{seat_tag(seat)} ", style=seat_style(seat))
    phase = _(PHASE_WORDS.get(view["phase"], "game over"))
    text.append("   " + _("round {round} of {rounds}, {phase}").format(round=view["round"], rounds=ROUNDS,
                                                                       phase=phase) + "\n")
    text.append_text(fate_timeline(view, pen))
    return text


def fate_timeline(view: ThebaiTable, pen: ThebaiPen) -> Text:
    """Each round's fate tile: resolved, face up (a conflict: war and its row), or face down
    with its stack's letter; this round's marked."""
    text = Text(" " + _("Fate") + " ")
    for k, slot in enumerate(view["fate"]):
        if slot["done"]:
            pen.note("resolved")
            mark, style = RESOLVED, "dim"
        elif slot["tile"] and slot["up"]:
            record = catalog().fate[slot["tile"]]
            mark = f"war{record['row']}" if record["kind"] == "conflict" else _(FATE_WORDS[slot["tile"]])
            style = "bold #d94a3f" if record["kind"] == "conflict" else "bold"
        else:
            pen.note("hidden")
            mark, style = f"{HIDDEN}{slot['stack'][0]}", "dim"
        if k + 1 == view["round"]:
            pen.note("now")
            text.append(f"{NOW}{k + 1}", style="bold")
        else:
            text.append(f"{k + 1}", style="dim")
        text.append(f":{mark} ", style=style)
    return text


METRIC_SHORT = {
    "own_groups": N_("groups"), "largest_group": N_("largest"), "matched_tiles": N_("2-roof"),
    "top_row_emptied": N_("top row"), "middle_row_emptied": N_("mid row"), "bottom_row_emptied": N_("low row"),
    "dionysus_steps": N_("Dionysus"), "ares_steps": N_("Ares"), "track_promotions": N_("promos"),
    "empty_columns": N_("empty col"), "strategos_on_city": N_("Strategos"), "council_citizens": N_("council"),
    "contracts_done": N_("2 contr"), "best_suit": N_("best suit"), "gates": N_("gates"),
}


def council(view: ThebaiTable, pen: ThebaiPen, width: int = 80) -> Text:
    """The passage (free spaces show their VP; the dice past its spaces after 'then'), then one
    line per monument: each space's occupant (a citizen die's seat letter, ^ and the seat of a
    Lasthenes stand; × collapsed, with the seats of its councillor tiles; . free) and criterion,
    a space that does not fit ``width`` on the next line, whole."""
    keys = target_keys(view)
    board = view["council"]
    text = Text()
    key = _key(keys, PASSAGE, pen)
    text.append(key or " ", style=KEY_STYLE if key else "")
    text.append(_("Passage") + " ", style="bold")
    for k, die in enumerate(board["passage"]):
        if die:
            pen.note("citizen")
            text.append(seat_letter(die["seat"]), style=seat_style(die["seat"]))
        else:
            text.append(f"{catalog().passage_vp[k]}", style="dim")
        text.append(" ")
    if board["passage_last"]:
        pen.note("citizen")
        text.append(_("then") + " ", style="dim")
    for die in board["passage_last"]:
        text.append(seat_letter(die["seat"]), style=seat_style(die["seat"]))
    monuments: dict[str, list[str]] = {}
    for space in board["spaces"]:
        monuments.setdefault(catalog().council[space]["monument"], []).append(space)
    for name, spaces in monuments.items():
        text.append(f"\n {pad(name, 3)}", style="bold")
        column = 4
        for space in spaces:
            piece = council_space(view, space, keys, pen)
            if column + piece.cell_len > width:
                text.append("\n    ")
                column = 4
            text.append_text(piece)
            column += piece.cell_len
    return text


def council_space(view: ThebaiTable, space: str, keys: Keys, pen: ThebaiPen) -> Text:
    """' [A]groups 3': a monument space's occupant (or the key of a choice there) and criterion."""
    c = catalog().council[space]["criterion"]
    board = view["council"]
    key = _key(keys, CouncilSpace(space), pen)
    who = board["taken"].get(space)
    text = Text()
    if key:
        text.append(f" {key}", style=KEY_STYLE)
    elif who:
        citizen = who["what"] == "die"
        pen.note("citizen" if citizen else "stand")
        text.append(f" [{'' if citizen else STAND}{seat_letter(who['seat'])}]", style=seat_style(who["seat"]))
    elif space in board["collapse"]:
        pen.note("collapsed")
        tiles = "".join(seat_letter(s) for s in board["councillor_tiles"].get(space, []))
        text.append(f" [{COLLAPSED}{tiles}]", style="dim")
    else:
        pen.note("free")
        text.append(f" [{FREE_DICE}]", style="dim")
    text.append(f"{_(METRIC_SHORT[c['metric']])} {c['vp'][view['city']['side']]}")
    return text


def contract_line(contract: str) -> str:
    c = catalog().contracts[contract]
    cost, reward = cost_text(c["cost"], lang=current()), effect_text(c["reward"], lang=current())
    return f"{contract} {_(c['suit'])}: {cost} -> {reward}"


def display(view: ThebaiTable, pen: ThebaiPen) -> Text:
    keys = target_keys(view)
    contracts = view["contracts"]
    text = Text()
    key = _key(keys, DECK, pen)
    if key:
        text.append(key, style=KEY_STYLE)
    text.append(_("Contracts (deck {n})").format(n=contracts["deck"]), style="bold")
    marked = contracts["marked"]
    for k, contract in enumerate(contracts["display"]):
        text.append("\n")
        key = _key(keys, DisplaySlot(k), pen) or (_key(keys, ContractCard(contract), pen) if contract else None)
        text.append((key or " ").ljust(4), style=KEY_STYLE if key else "")
        text.append(contract_line(contract) if contract else _("(empty)"))
        if contract and contract == marked:
            text.append("  [Creon]", style="bold")
    return text


def hand(view: ThebaiTable, viewer: int, pen: ThebaiPen) -> Text:
    keys = target_keys(view)
    text = Text(_("Your hand"), style="bold")
    for contract in view["hand"] or ():
        text.append("\n")
        key = _key(keys, ContractCard(contract), pen)
        text.append((key or " ").ljust(4), style=KEY_STYLE if key else "")
        text.append(contract_line(contract))
    return text

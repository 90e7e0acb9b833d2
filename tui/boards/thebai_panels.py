"""Thebai's panels other than the city: an estate with its owner's supply, the devotion and
turn-order tracks with the fate timeline, the council, the contract display and a hand."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.core.seats import seat_letter, seat_tag
from engine.thebai.catalog import catalog
from engine.thebai.constants import ESTATE_COLS, ESTATE_ROWS, ROUNDS
from engine.thebai.text import cost_text, effect_text

from .base import target_keys
from .glyphs import entry
from .thebai_style import (COLLAPSED, COVERED, FREE_DICE, HIDDEN, KEY_STYLE, METOIKOS, NOW, RESOLVED, STAND, ThebaiPen,
                           die_text, face_text, seat_style)

CELL = 11


def _key(keys, target, pen: ThebaiPen) -> str | None:
    return pen.key(keys[target]) if target in keys else None


def action_name(space: str) -> str:
    return catalog().estate[space]["name"]


def estate(view: dict[str, Any], seat: int, width: int, pen: ThebaiPen) -> Text:
    """Three rows of five action spaces: covered ones dim with '#', dice and metoikoi (μ) on
    theirs, and under each column the VP it scores when it is the rightmost empty one. Row
    colours are spelled out when there is room, else by their initial."""
    keys = target_keys(view)
    wide = width >= 9 + ESTATE_COLS * CELL
    cell = CELL if wide else max(6, (width - 3) // ESTATE_COLS)
    text = Text(no_wrap=True)
    colours = catalog().row_colours
    for row in range(1, ESTATE_ROWS + 1):
        if row > 1:
            text.append("\n")
        key = _key(keys, f"e{seat}.row{row}", pen)
        text.append(key or f"{row}", style=KEY_STYLE if key else "dim")
        text.append(f" {colours[row - 1]:<6} " if wide else f"{colours[row - 1][0]} ", style="dim")
        covered_from = ESTATE_COLS - len(view["estate"][seat][row - 1]) + 1
        for col in range(1, ESTATE_COLS + 1):
            space = f"r{row}c{col}"
            name = action_name(space)
            if f"e{seat}.{space}" in keys:
                text.append(pen.key(keys[f"e{seat}.{space}"], brackets=False), style=KEY_STYLE)
                text.append(name[:cell - 2].ljust(cell - 1), style="bold")
            elif col >= covered_from:
                pen.note("covered")
                text.append(f"{COVERED}{name}"[:cell - 1].ljust(cell), style="dim")
            elif space in view["estate_dice"][seat] or space in view["estate_meto"][seat]:
                if space in view["estate_dice"][seat]:
                    pen.note("citizen")
                    mark, style = die_text(seat, "c", view["estate_dice"][seat][space], pen)
                else:
                    pen.note("metoikos")
                    power = catalog().metoikoi[view["estate_meto"][seat][space]]["power"]
                    mark, style = f"{METOIKOS}{power}", "bold"
                text.append(mark, style=style)
                text.append(f" {name}"[:cell - 1 - len(mark)].ljust(cell - len(mark)))
            else:
                text.append(f" {name}"[:cell - 1].ljust(cell))
    vps = catalog().column_vp
    text.append("\n" + " " * (9 if wide else 3) + "".join(("" if c == 1 else f"{vps[c]:>2} VP").ljust(cell)
                                                           for c in range(1, ESTATE_COLS + 1)), style="dim")
    return text


def row_colours(width: int) -> list[Text]:
    """The legend's word on the rows' initials, when the estate is too narrow to spell them."""
    if width >= 9 + ESTATE_COLS * CELL:
        return []
    colours = catalog().row_colours
    return [entry(" ".join(colour[0] for colour in colours), "rows: " + ", ".join(colours), "dim")]


def supply(view: dict[str, Any], seat: int, pen: ThebaiPen) -> Text:
    res = view["res"][seat]
    keys = target_keys(view)
    text = Text()
    text.append(f"{seat_tag(seat)} {view['names'][seat]}", style=seat_style(seat))
    text.append(f"  {view['vp'][seat]} VP   grape {res['grape']} pottery {res['pottery']} bronze {res['bronze']} "
                f"drachma {res['drachma']}\n")
    for kind, label, pool in (("c", "citizens", view["pool_c"][seat]), ("h", "hoplites", view["pool_h"][seat])):
        key = _key(keys, f"pool{seat}.{kind}", pen)
        if key:
            text.append(key, style=KEY_STYLE)
        text.append(f"{label} {' '.join(face_text(face, pen) for face in pool) or '-'}  ")
    text.append(f"(+{view['common'][seat]} in the common supply)  archon {view['archons'][seat] or 'home'}\n")
    secret = view["hand_sizes"][seat] - len(view["known"][seat])
    hand = " ".join(view["known"][seat] + ([f"+{secret} unseen"] if secret else [])) or "none"
    suits = [catalog().contracts[c]["suit"] for c in view["done"][seat]]
    done = " ".join(f"{s}x{suits.count(s)}" for s in dict.fromkeys(suits)) or "none"
    text.append(f"hand {hand}  fulfilled {done}  gate tiles {len(view['gates_won'][seat])}\n")
    extras = [f"metoikoi {' '.join(view['meto'][seat])}" if view["meto"][seat] else "",
              f"blessings {' '.join(view['blessings'][seat])}" if view["blessings"][seat] else "",
              f"Strategos left {' '.join(map(str, view['strat_left'][seat]))}",
              f"councillors {view['councillors'][seat]}",
              "commanders " + " ".join(catalog().commanders[c]["name"] for c, s in view["cmd"].items() if s["seat"] == seat)]
    text.append("  ".join(e for e in extras if e and not e.endswith("commanders ")), style="dim")
    return text


def tracks(view: dict[str, Any], pen: ThebaiPen) -> Text:
    keys = target_keys(view)
    text = Text()
    for track in ("dionysus", "ares"):
        key = _key(keys, track, pen)
        text.append(key or " ", style=KEY_STYLE if key else "")
        text.append(f"{track.capitalize():<9}", style="bold")
        positions = view["track"][track]
        order = sorted(range(view["n"]), key=lambda s: (-positions[s], view["arrived"][track][s]))
        for seat in order:
            text.append(f" {seat_tag(seat)} {positions[seat]}", style=seat_style(seat))
        text.append(f"   (of {catalog().tracks[track]})\n", style="dim")
    text.append(" Turn order ")
    for seat in view["order"]:
        text.append(f"{seat_tag(seat)} ", style=seat_style(seat))
    text.append(f"   round {view['round']} of {ROUNDS}, {view['phase']}\n")
    text.append_text(fate_timeline(view, pen))
    return text


def fate_timeline(view: dict[str, Any], pen: ThebaiPen) -> Text:
    """Each round's fate tile: resolved, face up (a conflict: war and its row), or face down
    with its stack's letter; this round's marked."""
    text = Text(" Fate ")
    for k, slot in enumerate(view["fate"]):
        if slot["done"]:
            pen.note("resolved")
            mark, style = RESOLVED, "dim"
        elif slot["tile"] and slot["up"]:
            record = catalog().fate[slot["tile"]]
            mark = f"war{record['row']}" if record["kind"] == "conflict" else slot["tile"][:6]
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
    "own_groups": "groups", "largest_group": "largest", "matched_tiles": "2-roof", "top_row_emptied": "top row",
    "middle_row_emptied": "mid row", "bottom_row_emptied": "low row", "dionysus_steps": "Dionysus",
    "ares_steps": "Ares", "track_promotions": "promos", "empty_columns": "empty col", "strategos_on_city": "Strategos",
    "council_citizens": "council", "contracts_done": "2 contr", "best_suit": "best suit", "gates": "gates",
}


def council(view: dict[str, Any], pen: ThebaiPen, width: int = 80) -> Text:
    """The passage (free spaces show their VP; the dice past its spaces after 'then'), then one
    line per monument: each space's occupant (a citizen die's seat letter, ^ and the seat of a
    Lasthenes stand; × collapsed, with the seats of its councillor tiles; . free) and criterion,
    a space that does not fit ``width`` on the next line, whole."""
    keys = target_keys(view)
    side = "12" if view["n"] <= 2 else "34"
    text = Text()
    key = _key(keys, "passage", pen)
    text.append(key or " ", style=KEY_STYLE if key else "")
    text.append("Passage ", style="bold")
    for k, die in enumerate(view["passage"]):
        if die:
            pen.note("citizen")
            text.append(seat_letter(die[0]), style=seat_style(die[0]))
        else:
            text.append(f"{catalog().passage_vp[k]}", style="dim")
        text.append(" ")
    if view["passage_last"]:
        pen.note("citizen")
        text.append("then ", style="dim")
    for die in view["passage_last"]:
        text.append(seat_letter(die[0]), style=seat_style(die[0]))
    monuments: dict[str, list[str]] = {}
    for space, record in catalog().council.items():
        if record.get("players", view["n"]) <= view["n"]:
            monuments.setdefault(record["monument"], []).append(space)
    for name, spaces in monuments.items():
        text.append(f"\n {name:<3}", style="bold")
        column = 4
        for space in spaces:
            piece = council_space(view, space, keys, side, pen)
            if column + piece.cell_len > width:
                text.append("\n    ")
                column = 4
            text.append_text(piece)
            column += piece.cell_len
    return text


def council_space(view: dict[str, Any], space: str, keys: dict[str, int], side: str, pen: ThebaiPen) -> Text:
    """' [A]groups 3': a monument space's occupant (or the key of a choice there) and criterion."""
    c = catalog().council[space]["criterion"]
    key = _key(keys, f"council.{space}", pen)
    who = view["council"].get(space)
    text = Text()
    if key:
        text.append(f" {key}", style=KEY_STYLE)
    elif who:
        pen.note("citizen" if who[1] == "die" else "stand")
        text.append(f" [{'' if who[1] == 'die' else STAND}{seat_letter(who[0])}]", style=seat_style(who[0]))
    elif space in view["collapse"]:
        pen.note("collapsed")
        tiles = "".join(seat_letter(s) for s in view["councillor_tiles"].get(space, []))
        text.append(f" [{COLLAPSED}{tiles}]", style="dim")
    else:
        pen.note("free")
        text.append(f" [{FREE_DICE}]", style="dim")
    text.append(f"{METRIC_SHORT[c['metric']]} {c['vp'][side]}")
    return text


def contract_line(contract: str) -> str:
    c = catalog().contracts[contract]
    return f"{contract} {c['suit']}: {cost_text(c['cost'])} -> {effect_text(c['reward'])}"


def display(view: dict[str, Any], pen: ThebaiPen) -> Text:
    keys = target_keys(view)
    text = Text()
    key = _key(keys, "deck", pen)
    if key:
        text.append(key, style=KEY_STYLE)
    text.append(f"Contracts (deck {view['deck_size']})", style="bold")
    marked = next((s["at"] for c, s in view["cmd"].items() if catalog().commanders[c]["ability"] == "contract"), None)
    for k, contract in enumerate(view["display"]):
        text.append("\n")
        key = _key(keys, f"display.{k}", pen) or _key(keys, f"card.{contract}", pen)
        text.append((key or " ").ljust(4), style=KEY_STYLE if key else "")
        text.append(contract_line(contract) if contract else "(empty)")
        if contract and contract == marked:
            text.append("  [Creon]", style="bold")
    return text


def hand(view: dict[str, Any], viewer: int, pen: ThebaiPen) -> Text:
    keys = target_keys(view)
    text = Text("Your hand", style="bold")
    for contract in view["hand"]:
        text.append("\n")
        key = _key(keys, f"card.{contract}", pen)
        text.append((key or " ").ljust(4), style=KEY_STYLE if key else "")
        text.append(contract_line(contract))
    return text

"""Thebai boards: the city (with the devotion tracks, fate tiles and council), each estate, the
viewer's hand.

The city is a grid of Cadmea spaces with dice spaces between them, one text row per city row and
one between rows:

    tile cell   owner letter of the tile (N: neutral or unused colour), the symbol of an
                archon on it (●▲■◆ by seat), '·' an empty space, 'H' Hyperbius' reserved space
    dice cell   a die: seat letter and face (upper case a citizen, lower case a hoplite, e.g.
                'A2*', 'b1'); '.' empty and touching a tile, '=' a plaza marker, '^' + letter a
                Lasthenes stand

Where the viewer's choice acts on a space (a die's space, a tile, an estate space), that space
shows the number key of the choice in reverse video.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from engine.core.seats import SYMBOLS, seat_letter, seat_tag
from engine.thebai.catalog import catalog
from engine.thebai.constants import COLOURS, ESTATE_COLS, ESTATE_ROWS, FACES, ROUNDS
from engine.thebai.geometry import grid

CITY_LEGEND = ("Tiles: owner letter (N neutral), archon ●▲■◆ by seat, · empty space. "
               "Dice: A2* citizen, a2 hoplite, . free, = plaza. Number: that choice's key.")
SHORT = {"place": "Build", "devotion": "Pray", "hurry": "Hurry", "vp_per": "Bless", "gain": "Trade", "pick": "Deal",
         "gain_kind": "Goods", "fulfil": "Fulfil", "hoplite": "Hoplit", "promote": "Drill", "remove": "Raze",
         "councillor": "Counc"}
ROOF = {"white": "w", "brown": "b", "slate": "s", "terracotta": "t"}


def target_keys(view: dict[str, Any]) -> dict[str, int]:
    keys: dict[str, int] = {}
    for number, choice in enumerate(view.get("choices", ()), start=1):
        if choice.target:
            keys.setdefault(choice.target, number)
    return keys


def _key(number: int) -> str:
    return str(number) if number <= 9 else "+"


def face(f: int | None) -> str:
    return "" if f is None else FACES[f]


def owner_letter(view: dict[str, Any], tile_id: str) -> str:
    colour = catalog().tiles[tile_id]["colour"]
    seat = COLOURS.index(colour) if colour in COLOURS else None
    return seat_letter(seat) if seat is not None and seat < view["n"] else "N"


def _tile_cell(view, space, keys) -> tuple[str, str]:
    city = view["city"]
    if space in keys:
        return f"[{_key(keys[space])}]", "bold reverse"
    if space not in city["tiles"]:
        return (" H " if space in city["sites"] else " · "), "dim"
    archon = next((SYMBOLS[s] for s, at in enumerate(view["archons"]) if at == space), " ")
    return f"{owner_letter(view, city['tiles'][space][0])}{archon} ", "bold"


def _dice_cell(view, space, keys, touching) -> tuple[str, str]:
    city = view["city"]
    if space in keys:
        return f"[{_key(keys[space])}]", "bold reverse"
    if space in city["dice"]:
        seat, kind, f = city["dice"][space]
        letter = seat_letter(seat) if kind == "c" else seat_letter(seat).lower()
        return f"{letter}{face(f)}".ljust(3), "bold"
    if space in city["plaza"]:
        return " = ", ""
    if space in city["posts"]:
        return f"^{seat_letter(city['posts'][space])} ", ""
    return (" . " if touching else "   "), "dim"


def row_info(view: dict[str, Any], row: int) -> str:
    gate = view["gates"][row - 1]
    gate_text = catalog().gates[gate]["name"].split()[0][:6] if gate else "-"
    invader = view["invaders"][row - 1]
    inv = f"{catalog().invaders[invader]['modifier']:+d}" if invader else "?"
    strat = "".join(f"{seat_letter(s)}{v}" for s, v in view["strategos"][row - 1])
    marker = "X" if view["marker"] == row else " "
    cmd = "C" if view["row_cmd"][row - 1] else " "
    return f"{marker}{row} inv{inv:>2} {cmd} {gate_text:<6} {strat}"


def city_text(view: dict[str, Any]) -> Text:
    g = grid(view["side"])
    keys = target_keys(view)
    tiles = view["city"]["tiles"]
    text = Text(no_wrap=True)
    text.append("     " + "".join(f"{c:^6}" for c in range(1, g.cols + 1)) + "  row invader gate strategos", style="dim")
    for r in range(1, g.rows + 2):
        text.append("\n      ")
        for c in range(1, g.cols + 1):
            d = f"v{r}.{c}"
            cell, style = _dice_cell(view, d, keys, any(t in tiles for t in g.touching[d]))
            text.append(cell, style=style)
            text.append("   ")
        if r > g.rows:
            break
        text.append(f"\n{r:>2}  ", style="dim")
        for c in range(1, g.cols + 2):
            d = f"h{r}.{c}"
            cell, style = _dice_cell(view, d, keys, any(t in tiles for t in g.touching[d]))
            text.append(cell, style=style)
            if c <= g.cols:
                cell, style = _tile_cell(view, f"t{r}.{c}", keys)
                text.append(cell, style=style)
        text.append(f"  {row_info(view, r)}")
    return text


def fate_line(view: dict[str, Any]) -> str:
    cells = []
    for k, slot in enumerate(view["fate"]):
        if slot["done"]:
            mark = "done"
        elif slot["tile"] and slot["up"]:
            record = catalog().fate[slot["tile"]]
            mark = f"War{record['row']}" if record["kind"] == "conflict" else slot["tile"][:5]
        else:
            mark = f"?{slot['stack'][:1]}"
        cells.append(f"{k + 1}:{mark}")
    return "Fate: " + " ".join(cells)


def tracks_lines(view: dict[str, Any]) -> list[str]:
    lines = []
    for track in ("dionysus", "ares"):
        pos = view["track"][track]
        order = sorted(range(view["n"]), key=lambda s: (-pos[s], view["arrived"][track][s]))
        lines.append(f"{track.capitalize():<9}" + "  ".join(f"{seat_tag(s)} {pos[s]}" for s in order))
    lines.append("Turn order: " + " ".join(seat_tag(s) for s in view["order"]) + f"   Round {view['round']} of {ROUNDS}")
    lines.append(fate_line(view))
    return lines


def council_lines(view: dict[str, Any]) -> list[str]:
    passage = " ".join(seat_letter(e[0]) if e else "." for e in view["passage"])
    passage += " | " + " ".join(seat_letter(e[0]) for e in view["passage_last"])
    lines = [f"Council passage: {passage}"]
    by_monument: dict[str, list[str]] = {}
    for space, record in catalog().council.items():
        if record.get("players", view["n"]) > view["n"]:
            continue
        who = view["council"].get(space)
        mark = "x" if space in view["collapse"] else "."
        if who:
            mark = seat_letter(who[0]) + ("" if who[1] == "die" else "s")
        tiles = "".join(seat_letter(s).lower() for s in view["councillor_tiles"].get(space, []))
        by_monument.setdefault(record["monument"], []).append(f"{space[-1]}{mark}{tiles}")
    lines.append("Monuments: " + "  ".join(f"{m}[{' '.join(v)}]" for m, v in by_monument.items()))
    return lines


def display_lines(view: dict[str, Any]) -> list[str]:
    keys = target_keys(view)
    cells = []
    for k, c in enumerate(view["display"]):
        key = f"[{_key(keys[f'display.{k}'])}]" if f"display.{k}" in keys else ""
        cells.append(f"{key}{contract_short(c)}" if c else "-")
    return ["Contracts: " + " | ".join(cells) + f"   deck {view['deck_size']}"]


def contract_short(contract_id: str) -> str:
    from engine.thebai.labels import cost_text, effect_text
    c = catalog().contracts[contract_id]
    return f"{contract_id}({c['suit']}) {cost_text(c['cost'])} > {effect_text(c['reward'])}"


def shared(view: dict[str, Any], width: int, **_: Any) -> RenderableType:
    info = Text("\n".join(tracks_lines(view) + council_lines(view) + display_lines(view)))
    return Group(city_text(view), Text(CITY_LEGEND, style="dim"), info)


def _estate_cell(view, seat, row, col, keys) -> tuple[str, str]:
    space = f"r{row}c{col}"
    target = f"e{seat}.{space}"
    effect = catalog().estate[space]["effect"]
    op = next(iter(effect[0]))
    if op == "pay":
        op = next(iter(effect[0]["pay"]["then"][0]))
    name = SHORT.get(op, op)[:6]
    if target in keys:
        return f"[{_key(keys[target])}]{name}"[:9].ljust(9), "bold reverse"
    covered = ESTATE_COLS - len(view["estate"][seat][row - 1])
    if col > covered:
        return f"#{name}".ljust(9), "dim"
    if space in view["estate_dice"][seat]:
        return f"{seat_letter(seat)}{face(view['estate_dice'][seat][space])} {name}".ljust(9), "bold"
    if space in view["estate_meto"][seat]:
        return f"m{catalog().metoikoi[view['estate_meto'][seat][space]]['power']} {name}".ljust(9), "bold"
    return f" {name}".ljust(9), ""


def estate_text(view: dict[str, Any], seat: int) -> Text:
    keys = target_keys(view)
    text = Text(no_wrap=True)
    for row in range(1, ESTATE_ROWS + 1):
        if row > 1:
            text.append("\n")
        row_key = keys.get(f"e{seat}.row{row}")
        text.append(f"[{_key(row_key)}]" if row_key else f" {row} ", style="bold reverse" if row_key else "dim")
        for col in range(1, ESTATE_COLS + 1):
            cell, style = _estate_cell(view, seat, row, col, keys)
            text.append(cell, style=style)
    vps = catalog().column_vp
    text.append("\n   " + "".join(f"{'':9}" if c == 1 else f"col {vps[c]:>2}VP " for c in range(1, ESTATE_COLS + 1)), style="dim")
    return text


def supply_line(view: dict[str, Any], seat: int) -> str:
    res = view["res"][seat]
    cit = " ".join(face(f) for f in view["pool_c"][seat]) or "-"
    hop = " ".join(face(f) for f in view["pool_h"][seat]) or "-"
    goods = f"grape {res['grape']} pottery {res['pottery']} bronze {res['bronze']} drachma {res['drachma']}"
    return (f"{seat_tag(seat)} {view['names'][seat]}: {view['vp'][seat]} VP · {goods} · citizens {cit} "
            f"(+{view['common'][seat]} common) · hoplites {hop} · hand {hand_text(view, seat)} · "
            f"done {len(view['done'][seat])} · metoikoi {' '.join(view['meto'][seat]) or '-'} · "
            f"blessings {' '.join(view['blessings'][seat]) or '-'} · gates {len(view['gates_won'][seat])}")


def hand_text(view: dict[str, Any], seat: int) -> str:
    secret = secret_count(view, seat)
    return " ".join(view["known"][seat] + ([f"+{secret} from the deck"] if secret else [])) or "empty"


def player(view: dict[str, Any], seat: int, width: int, **_: Any) -> RenderableType:
    return Group(estate_text(view, seat), Text(supply_line(view, seat)))


def secret_count(view: dict[str, Any], seat: int) -> int:
    """Cards of a hand drawn from the deck (only their owner knows them)."""
    return view["hand_sizes"][seat] - len(view["known"][seat])


def private(view: dict[str, Any], viewer: int, width: int) -> RenderableType | None:
    """The viewer's whole hand, when it holds a card the others have not seen."""
    hand = view.get("hand")
    if not hand or not secret_count(view, viewer):
        return None
    return Text("Your hand:\n" + "\n".join(contract_short(c) for c in hand))


def focus(view: dict[str, Any], viewer: int | None) -> str:
    """The estate while choosing on it, the hand while fulfilling; else the city."""
    if viewer is None:
        return "shared"
    targets = [c.target or "" for c in view.get("choices", ())]
    if any(t.startswith(f"e{viewer}.") for t in targets):
        return f"player:{viewer}"
    if any(t.startswith("card.") for t in targets) and view.get("hand"):
        return "private"
    return "shared"

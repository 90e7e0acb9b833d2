"""What Thebai says, in words: the game's ``Words`` (``ThebaiRules.words``) spell the kinds of
argument its sentences name (engine/core/text.py's ``Say``: log entries, labels, hints and prompts
are templates with their arguments, turned into words only when shown), and the names of its
components and effects. The rules and the play-outs never call them.

The kinds (``{x:kind}`` in a template), by the value they spell:

    seat, seats     a seat (engine/core/text.py); order: seats in turn order, "Ann, Bruno, Cleo"
    face            a die face index (0-5): "2*"             die_kind   "c"/"h": citizen, hoplite
    times           how many times a promotion repeats: "" once, " x2"
    good            a resource: "grape"                      goods      {resource: n}: "2 grape + 1 good"
    cost            {resource: n}: "1 grape + 2 drachma" (nothing: "nothing")
    payment         {resource: n} paid for a contract: "bronze1 + grape1" (nothing: "nothing")
    effect          an effect (a list of operations), or {"effect": ..., "power": p} for the power of
                    the die that triggers it: "gain 2 drachma; 1 VP"
    space           a space of the city (t4.2, h4.3, v2.1), of an estate (r2c1) or of the council
    spaces, rows    lists of spaces ("t1.1, t1.2") and of rows ("3 and 4")
    action          an estate space by its action's name: "Market"
    tile            a Cadmea tile by its id                  tile_desc  with its roofs (N E S W) and effect:
                    "red-8 [roofs wh br wh br]: gain 1 drachma; exchange x2"
    tile_descs      Cadmea tiles described, " / " between them
    turned          [tile, quarter turns]: the roofs it shows, "N:wh E:br S:sl W:te"
    matched         [[side, roof]...] matched roofs: "N white, E brown" (none: "no roof matches")
    side            a side of a Cadmea space (0-3): N, E, S, W
    roof, roofs     a roof's colour; a list of them ("white, brown", none: "none")
    contract        a contract by its id                     contract_desc  with its suit, cost and reward
    fate            a fate tile: "Conflict No.3 (battle in row 3)", "Peace: strategoi (...)"
    invader         an invader card: "Tydeus (+2)"
    herald          a herald card: "Column 2, plaza beside t3.2"
    commander       a commander card by its name             ability, bonus: what its stand does, its row bonus
    gate            a gate tile by its name                  collapse   a collapse card: "Collapse 1"
    track           a devotion track: "Dionysus"             metoikoi, blessing   their ids
    criterion       a council space's criterion: "2 VP per group of own-colour tiles"
    metric          what a criterion counts: "Strategos tile in the city"
    rate            [vp, per] of a criterion: "3 VP each", "2 VP per 2"
    battle          [[seat, power, result, VP change]...]: "Ann 3 won +2 VP; Bruno 0 not engaged -6 VP"
    gate_suits      [[suit, n]...]: ", gate tiles as 1 blue"
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core import Words
from engine.i18n import ENGLISH, Language

from .catalog import catalog
from .constants import FACES
from .effects import Effect, number
from .geometry import SIDES

GOOD_NAMES = {"grape": "grape", "pottery": "pottery", "bronze": "bronze", "drachma": "drachma"}
TRACK_NAMES = {"dionysus": "Dionysus", "ares": "Ares"}
ABILITY_TEXT = {
    "row": "stand beside an estate row: a bonus for every die or metoikoi placed there",
    "site": "stand on an empty Cadmea space: resolve the roofs around it; only you may build there",
    "track": "stand beside a devotion track: 2 steps now, an extra promotion on its promotion spaces",
    "post": "stand on a dice space: resolve the tiles beside it; others' archons crossing it promote your die",
    "contract": "stand on a display contract: you may fulfil it as if in hand",
    "council": "pay 2 drachma: stand on a council space, scoring like a die there",
}
"""What a commander's stand does, by its ability."""
METRIC_TEXT = {
    "blessings": "blessing tile", "strategos_on_city": "Strategos tile in the city",
    "contracts_done": "fulfilled contract", "council_citizens": "citizen die on the council",
    "own_city_tiles": "own-colour Cadmea tile in the city",
    "city_citizen_power": "power of own citizen dice in the city",
    "lower_track": "step on the lower devotion track", "higher_track": "step on the higher devotion track",
    "gates": "gate tile", "own_groups": "group of own-colour tiles",
    "largest_group": "tile in the largest own-colour group",
    "matched_tiles": "own tile with 2+ matched roofs", "dionysus_steps": "Dionysus step", "ares_steps": "Ares step",
    "track_promotions": "die promotion reached on the tracks",
    "top_row_emptied": "emptied top-row estate space", "middle_row_emptied": "emptied middle-row estate space",
    "bottom_row_emptied": "emptied bottom-row estate space", "empty_columns": "empty estate column",
    "strategos": "Strategos tile", "best_suit": "fulfilled contract of the best suit",
}


def face(f: int) -> str:
    return FACES[f]


def amount(goods: dict[str, int]) -> str:
    parts = [f"{n} {'good' if k == 'any' else GOOD_NAMES[k]}{'s' if n > 1 and k == 'any' else ''}"
             for k, n in goods.items() if n]
    return " + ".join(parts) or "nothing"


def _n(value: int | str, power: int | None) -> str:
    try:
        return str(number(value, power))
    except ValueError:
        return str(value).replace("P", " x power").strip()


def op_text(op: dict[str, Any], power: int | None = None) -> str:
    (name, p), = op.items()
    if name == "gain":
        return "gain " + " + ".join(f"{_n(v, power)} {'good of your choice' if k == 'any' else k}"
                                    for k, v in p.items())
    if name == "gain_kind":
        return f"{_n(p, power)} goods of one kind"
    if name == "vp":
        return f"{_n(p, power)} VP"
    if name in ("contract", "exchange", "pick"):
        what = {"contract": "take a contract", "exchange": "exchange", "pick": "take a contract or exchange"}[name]
        return f"{what} x{_n(p, power)}" if _n(p, power) != "1" else what
    if name == "promote":
        kind = {"any": "die", "citizen": "citizen die", "hoplite": "hoplite die"}[p.get("kind", "any")]
        where = {"any": "", "city": " in the city", "estate": " on the estate", "council": " on the council",
                 "pool": " in your supply", "home": " in your supply or estate"}[p.get("where", "any")]
        mode = {"any": "", "same": " (same die)", "different": " (different dice)"}[p.get("mode", "any")]
        times = f", {p['times']} times each" if p.get("times", 1) > 1 else ""
        return f"promote {_n(p.get('n', 1), power)} {kind}{where}{mode}{times}"
    if name == "devotion":
        track = {"any": "devotion", "dionysus": "Dionysus", "ares": "Ares"}[p.get("track", "any")]
        mode = {"any": "", "same": " on one track", "different": " on different tracks"}[p.get("mode", "any")]
        return f"{_n(p.get('n', 1), power)} {track} step(s){mode}"
    if name == "hoplite":
        die = "another hoplite die" if p.get("another") else "hoplite die"
        return f"{die} to the city" + (" and promote it" if p.get("promote") else "")
    if name == "place":
        lead = "resolve a Cadmea tile and place it" if p.get("activate") else "place a Cadmea tile"
        return f"{lead}, up to {_n(p.get('edges', 1), power)} matched roof(s)"
    if name == "remove":
        return f"remove {_n(p.get('n', 1), power)} Cadmea tile(s)" + (" and resolve it" if p.get("activate") else "")
    if name == "hurry":
        return "hurry your archon" + (" and resolve its tile" if p.get("activate") else "")
    if name == "pay":
        times = f" (up to {p['times']} times)" if p.get("times", 1) > 1 else ""
        return f"pay {cost_text(p['cost'], power)}: {effect_text(p['then'], power)}{times}"
    if name == "choose":
        return " or ".join(("pay " + cost_text(a['cost'], power) + ": " if a.get("cost") else "")
                           + effect_text(a["then"], power) for a in p)
    if name == "fulfil":
        return f"fulfil a contract paying {_n(p.get('discount', 0), power)} goods fewer"
    if name == "councillor":
        return "councillor tile onto a collapse marker"
    if name == "vp_per":
        per = f"{p['per']} x " if p.get("per", 1) > 1 else ""
        return f"{p.get('vp', 1)} VP per {per}{METRIC_TEXT[p['metric']]}"
    if name == "metoikoi":
        return f"metoikoi {p}"
    if name in ("blessing", "final"):
        return f"blessing {p}"
    return name


def cost_text(cost: Mapping[str, int | str], power: int | None = None) -> str:
    return " + ".join(f"{_n(v, power)} {k}" for k, v in cost.items())


def effect_text(effect: Effect, power: int | None = None) -> str:
    return "; ".join(op_text(op, power) for op in effect) or "nothing"


def tile_text(tile_id: str) -> str:
    tile = catalog().tiles[tile_id]
    roofs = " ".join(catalog().roofs[r]["short"] for r in tile["roofs"])
    return f"{tile_id} [roofs {roofs}]: {effect_text(tile['effect'])}"


def contract_text(contract_id: str) -> str:
    c = catalog().contracts[contract_id]
    return f"{contract_id} ({c['suit']}): pay {cost_text(c['cost'])} -> {effect_text(c['reward'])}"


def fate_name(tile_id: str) -> str:
    record = catalog().fate[tile_id]
    if record["kind"] == "conflict":
        return f"Conflict No.{record['row']} (battle in row {record['row']})"
    return f"Peace: {tile_id} ({effect_text(record['effect'])})"


def seats_in_order(names: Sequence[str], seats: Sequence[int]) -> str:
    return ", ".join(names[seat] for seat in seats)


def effect_words(value: Any) -> str:
    """An effect, or {"effect": ..., "power": p}: its numbers worked out for that power."""
    if isinstance(value, dict):
        return effect_text(value["effect"], value["power"])
    return effect_text(value)


def payment_text(paid: dict[str, int]) -> str:
    return " + ".join(f"{kind}{count}" for kind, count in sorted(paid.items())) or "nothing"


def turned_text(value: Sequence[Any]) -> str:
    """The roofs a tile shows on each side once turned ``turns`` quarter turns clockwise."""
    tile, turns = value
    roofs = catalog().tiles[tile]["roofs"]
    return " ".join(f"{SIDES[s]}:{catalog().roofs[roofs[(s - turns) % 4]]['short']}" for s in range(4))


def herald_text(herald: str) -> str:
    card = catalog().heralds[herald]
    return f"Column {card['column']}, plaza beside {card['space']}"


def invader_text(invader: str) -> str:
    card = catalog().invaders[invader]
    return f"{card['name']} ({card['modifier']:+d})"


def criterion_text(players: int, space: str) -> str:
    """What a council space scores (its side of the council board depends on the players)."""
    c = catalog().council[space]["criterion"]
    side = "12" if players <= 2 else "34"
    per = f"{c['per']} x " if c["per"] > 1 else ""
    return f"{c['vp'][side]} VP per {per}{METRIC_TEXT[c['metric']]}"


def words(names: Sequence[str], language: Language = ENGLISH) -> Words:
    """Thebai's ``Words`` for a table of these players, in ``language`` (see the kinds above)."""
    names = list(names)

    def battle(results: Sequence[Sequence[Any]]) -> str:
        return "; ".join(f"{names[seat]} {power} {result} {change:+d} VP" for seat, power, result, change in results)

    kinds: dict[str, Callable[[Any], str]] = {
        "order": lambda seats: seats_in_order(names, seats),
        "face": face,
        "die_kind": lambda kind: "citizen" if kind == "c" else "hoplite",
        "times": lambda times: f" x{times}" if times > 1 else "",
        "good": lambda good: GOOD_NAMES[good],
        "goods": amount,
        "cost": lambda cost: cost_text(cost) or "nothing",
        "payment": payment_text,
        "effect": effect_words,
        "space": str,
        "spaces": ", ".join,
        "rows": lambda rows: " and ".join(map(str, rows)),
        "action": lambda space: catalog().estate[space]["name"],
        "tile": str,
        "tile_desc": tile_text,
        "tile_descs": lambda tiles: " / ".join(map(tile_text, tiles)),
        "turned": turned_text,
        "matched": lambda sides: ", ".join(f"{SIDES[side]} {roof}" for side, roof in sides) or "no roof matches",
        "side": lambda side: SIDES[side],
        "roof": str,
        "roofs": lambda roofs: ", ".join(roofs) or "none",
        "contract": str,
        "contract_desc": contract_text,
        "fate": fate_name,
        "invader": invader_text,
        "herald": herald_text,
        "commander": lambda commander: catalog().commanders[commander]["name"],
        "ability": lambda commander: ABILITY_TEXT[catalog().commanders[commander]["ability"]],
        "bonus": lambda commander: effect_text(catalog().commanders[commander]["bonus"]),
        "gate": lambda gate: catalog().gates[gate]["name"],
        "collapse": lambda card: card.replace("-", " ").capitalize(),
        "track": lambda track: TRACK_NAMES[track],
        "metoikoi": str,
        "blessing": str,
        "criterion": lambda space: criterion_text(len(names), space),
        "metric": lambda metric: METRIC_TEXT[metric],
        "rate": lambda rate: f"{rate[0]} VP each" if rate[1] == 1 else f"{rate[0]} VP per {rate[1]}",
        "battle": battle,
        "gate_suits": lambda suits: "".join(f", gate tiles as {n} {suit}" for suit, n in suits),
    }
    return Words(names, kinds, language)

"""Words for Thebai's components and effects: labels, hints and log lines are built from these,
and only for what is shown (the rules and the play-outs never call them)."""

from __future__ import annotations

from .catalog import catalog
from .constants import FACES
from .effects import number

GOOD_NAMES = {"grape": "grape", "pottery": "pottery", "bronze": "bronze", "drachma": "drachma"}
METRIC_TEXT = {
    "blessings": "blessing tile", "strategos_on_city": "Strategos tile in the city", "contracts_done": "fulfilled contract",
    "council_citizens": "citizen die on the council", "own_city_tiles": "own-colour Cadmea tile in the city",
    "city_citizen_power": "power of your citizen dice in the city", "lower_track": "step on your lower devotion track",
    "higher_track": "step on your higher devotion track", "gates": "gate tile", "own_groups": "group of own-colour tiles",
    "largest_group": "tile in your largest own-colour group", "matched_tiles": "own tile with 2+ matched roofs",
    "dionysus_steps": "Dionysus step", "ares_steps": "Ares step", "track_promotions": "die promotion reached on the tracks",
    "top_row_emptied": "emptied top-row estate space", "middle_row_emptied": "emptied middle-row estate space",
    "bottom_row_emptied": "emptied bottom-row estate space", "empty_columns": "empty estate column",
    "strategos": "Strategos tile", "best_suit": "fulfilled contract of your best suit",
}


def face(f: int) -> str:
    return FACES[f]


def amount(goods: dict[str, int]) -> str:
    parts = [f"{n} {'good' if k == 'any' else GOOD_NAMES[k]}{'s' if n > 1 and k == 'any' else ''}"
             for k, n in goods.items() if n]
    return " + ".join(parts) or "nothing"


def _n(value, power) -> str:
    try:
        return str(number(value, power))
    except ValueError:
        return str(value).replace("P", " x power").strip()


def op_text(op: dict, power: int | None = None) -> str:
    (name, p), = op.items()
    if name == "gain":
        return "gain " + " + ".join(f"{_n(v, power)} {'good of your choice' if k == 'any' else k}" for k, v in p.items())
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
        return "hoplite die to the city" + (" and promote it" if p.get("promote") else "")
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
        return " or ".join(("pay " + cost_text(a['cost'], power) + ": " if a.get("cost") else "") + effect_text(a["then"], power)
                           for a in p)
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


def cost_text(cost: dict, power: int | None = None) -> str:
    return " + ".join(f"{_n(v, power)} {k}" for k, v in cost.items())


def effect_text(effect: list[dict], power: int | None = None) -> str:
    return "; ".join(op_text(op, power) for op in effect) or "nothing"


def tile_text(tile_id: str) -> str:
    tile = catalog().tiles[tile_id]
    roofs = "".join(catalog().roofs[r]["letter"] for r in tile["roofs"])
    return f"{tile_id} [{roofs}]: {effect_text(tile['effect'])}"


def contract_text(contract_id: str) -> str:
    c = catalog().contracts[contract_id]
    return f"{contract_id} ({c['suit']}): pay {cost_text(c['cost'])} -> {effect_text(c['reward'])}"


def fate_name(tile_id: str) -> str:
    record = catalog().fate[tile_id]
    if record["kind"] == "conflict":
        return f"Conflict No.{record['row']} (battle in row {record['row']})"
    return f"Peace: {tile_id} ({effect_text(record['effect'])})"

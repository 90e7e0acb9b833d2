"""What one seat may see, as plain data for the board renderer (tui/boards/pantheon.py).

Private: the cards in each hand and the values of face-down demigods. Everyone sees how
many cards and demigods each player holds, and what is public about them: the cards of a hand
taken face up (``hand_known``), the demigods taken face up from the display and from which
stack (low: 1-3, high: 4-6) the face-down ones were drawn. Everything public is here, the discard pile,
the god box and the loot bag included, so a seat's view is all it knows (``determinize``
samples the rest from it). ``viewer`` and each player's ``last_foot`` (the hex of the foot
placed most recently, where a path ends) tell a zoomed map where to centre.
"""

from __future__ import annotations

from typing import Any

from .board import occupancy
from .cards import CARD_ORDER, money, size
from .chance import LOW_DEMIGODS
from .common import gods_owned
from .catalog import OFFERING_KINDS, catalog
from .scoring import SCORE_SHEET_NAMES, demigod_points


def _hexes(state: dict[str, Any]) -> list[dict[str, Any]]:
    cat = catalog()
    nation = state["nations"][-1] if state["nations"] else None
    symbols = {h: (n, i + 1) for n, r in cat.nations.items() for i, h in enumerate(r["symbols"])}
    starts = {r["start"]: n for n, r in cat.nations.items()}
    occupied = occupancy(state)
    hexes = []
    for hex_id, r in cat.hexes.items():
        symbol = symbols.get(hex_id)
        hexes.append({
            "id": hex_id, "col": r["col"], "row": r["row"], "terrain": r["terrain"], "column_site": r["column_site"],
            "symbol": symbol[0] if symbol else None, "slot": symbol[1] if symbol else None,
            "active_symbol": bool(symbol and symbol[0] == nation),
            "start": starts.get(hex_id),
            "pieces": [[s, "column" if r["column_site"] else "foot"] for s in occupied.get(hex_id, ())],
            "loot": state["loot"].get(hex_id),
            "temple": hex_id == state["temple"],
        })
    return hexes


def _player(state: dict[str, Any], seat: int, viewer: int | None) -> dict[str, Any]:
    p = state["players"][seat]
    gods = catalog().gods
    return {
        "seat": seat, "name": state["names"][seat],
        "score": sum(p["vp"].values()), "vp": {SCORE_SHEET_NAMES[k]: v for k, v in p["vp"].items()},
        "feet": p["feet"], "columns": p["columns"],
        "feet_on": list(p["feet_on"]), "columns_on": list(p["columns_on"]),
        "last_foot": p["feet_on"][-1] if p["feet_on"] else None,
        "feet_general": p["feet_general"],
        "columns_general": p["columns_general"],
        "tiles": dict(p["tiles"]),
        "gods": [{"id": t, "name": gods[t]["name"], "god": gods[t]["god"], "money": gods[t].get("money")} for t in p["gods"]],
        "traitera_unused": gods_owned(state, seat, "traitera") - p["traitera_used"],
        "steps": p["steps"], "bonus": p["bonus"],
        "demigods": len(p["demigods"]),
        "demigods_known": sorted(p["demigods_known"]),
        "demigods_face_down": face_down_stacks(p),
        "demigod_values": list(p["demigods"]) if viewer == seat else None,
        "demigod_points": demigod_points(p["demigods"]) if viewer == seat else None,
        "hand_size": size(p["hand"]),
        "hand_known": in_order(p["hand_known"]),
        "is_start": seat == state["start"], "has_big_foot": seat == state["big_foot"],
    }


def face_down(player: dict[str, Any]) -> list[int]:
    """The values of a player's demigods that were drawn face down (secret but for their stack)."""
    hidden = list(player["demigods"])
    for value in player["demigods_known"]:
        hidden.remove(value)
    return hidden


def face_down_stacks(player: dict[str, Any]) -> dict[str, int]:
    hidden = face_down(player)
    low = sum(1 for value in hidden if value <= LOW_DEMIGODS)
    return {"low": low, "high": len(hidden) - low}


def in_order(cards: dict[str, int]) -> dict[str, int]:
    return {kind: cards[kind] for kind in CARD_ORDER if cards.get(kind)}


def build_view(state: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    cat = catalog()
    gods = cat.gods
    nations = [{"epoch": i + 1, "id": n, "name": cat.nations[n]["name"], "power": cat.nations[n]["text"]}
               for i, n in enumerate(state["nations"])]
    return {
        "viewer": viewer,
        "epoch": state["epoch"],
        "nation": nations[-1] if nations else None,
        "epochs": nations,
        "scoring_epochs": [3, 6],
        "map": {"cols": 1 + max(r["col"] for r in cat.hexes.values()),
                "rows": 1 + max(r["row"] for r in cat.hexes.values()),
                "hexes": _hexes(state)},
        "temple": state["temple"],
        "start_player": state["start"],
        "active": state["active"],
        "big_foot": state["big_foot"],
        "gods": {
            "display": [{"id": t, "name": gods[t]["name"], "god": gods[t]["god"], "kind": gods[t]["kind"],
                         "needs": list(gods[t]["needs"]), "cards_only": bool(gods[t].get("cards_only"))}
                        for t in state["god_display"]],
            "stack": len(state["god_stack"]), "box": len(state["god_box"]), "boxed": sorted(state["god_box"]),
        },
        "demigods": {"display": list(state["demigod_display"]),
                     "stack": sum(state["demigods_low"].values()) + sum(state["demigods_high"].values())},
        "loot_bag": sum(state["loot_bag"].values()),
        "loot_in_bag": {kind: n for kind, n in state["loot_bag"].items() if n},
        "offering_stock": {k: {"1/2": state["tile_stock"][k][0], "3/4": state["tile_stock"][k][1]} for k in OFFERING_KINDS},
        "offering_prices": {k: list(cat.prices[k]) for k in OFFERING_KINDS},
        "row": list(state["row"]),
        "deck": size(state["deck"]),
        "discard": size(state["discard"]),
        "discard_pile": in_order(state["discard"]),
        "special_money": list(state["special_money"]),
        "players": [_player(state, s, viewer) for s in range(state["n"])],
        "hand": in_order(state["players"][viewer]["hand"]) if viewer is not None else None,
        "hand_money": money(state["players"][viewer]["hand"]) if viewer is not None else None,
        "labels": {"cards": dict(cat.card_labels), "tiles": dict(cat.tile_labels),
                   "loot": {k: r["label"] for k, r in cat.loot.items()},
                   "bonus": {k: r["label"] for k, r in cat.bonus.items()},
                   "nations": {k: r["name"] for k, r in cat.nations.items()}},
        "over": state["over"],
    }

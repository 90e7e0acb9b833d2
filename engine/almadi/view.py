"""What a seat sees (plain data for the TUI) and the greedy bot's evaluation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.contract import State
from engine.core.seats import seat_tag

from . import objectives as objective_rules
from .catalog import ARROW, EFFECTS, SIDE_NAMES, TURNS_PER_PLAYER, TYPE_OF_LETTER, TYPES, Catalogue, catalogue
from .realm import grid_of, letters
from .scoring import best_mosaic_palaces
from .setup_draws import SETUP_PHASES

if TYPE_CHECKING:
    from .rules import AlmadiRules

ICONS = {"genie": "G", "martelin": "H", "stall": "S", "moon": "M", "ruby": "R", "jar": "J"}
ARROW_ICONS = {"top": "^", "right": ">", "bottom": "v", "left": "<"}
LEGEND = "Edges: ^>v< arrow, G genie, H martelin, S stall, M moon, R ruby, J jar; O C M P landscapes"


def tile_view(cat: Catalogue, tile: str) -> dict[str, Any]:
    letter, sides = cat.faces[tile]
    return {"tile": tile, "type": TYPE_OF_LETTER[letter], "letter": letter, "sides": list(sides)}


def objective_view(cat: Catalogue, oid: str, done: bool | None = None) -> dict[str, Any]:
    card = cat.objectives[oid]
    data = {"id": oid, "colour": card["colour"], "points": card["points"], "text": objective_rules.describe(card["requirement"])}
    if done is not None:
        data["done"] = done
    return data


def character_view(cat: Catalogue, cid: str) -> dict[str, Any]:
    card = cat.characters[cid]
    return {key: card[key] for key in ("id", "name", "title", "cost", "category", "text")}


def _seat_view(rules: "AlmadiRules", state: State, cat: Catalogue, index: int, viewer: int | None) -> dict[str, Any]:
    seat = state["seats"][index]
    grid = grid_of(seat["realm"])
    realm = [
        {"row": row, "col": col, "start": col == 0, **tile_view(cat, tile)}
        for (row, col), tile in sorted(grid.items())
    ]
    data = {
        "seat": index,
        "name": state["names"][index],
        "tag": seat_tag(index),
        "start": seat["start"],
        "realm": realm,
        "placed": sum(1 for tile in realm if not tile["start"]),
        "to_place": TURNS_PER_PLAYER,
        "rubies": seat["rubies"],
        "mosaics": seat["mosaics"],
        "stalls": seat["stalls"],
        "mosaic_palaces": [list(p) for p in best_mosaic_palaces(letters(grid, cat.faces), seat["mosaics"])],
        "objectives": [objective_view(cat, o["id"], o["done"]) for o in seat["objectives"]],
        "characters": [character_view(cat, cid) for cid in seat["played"]],
        "hand_size": len(seat["hand"]) or len(seat["dealt"]),
        "hand": None,
        "dealt": None,
    }
    if viewer == index:
        data["hand"] = [character_view(cat, cid) for cid in seat["hand"]]
        data["dealt"] = [character_view(cat, cid) for cid in seat["dealt"]]
    return data


def _pending_view(state: State, cat: Catalogue) -> dict[str, Any] | None:
    pending = state["pending"]
    if pending is None or state["phase"] == "keep":
        return None
    return {
        "player": state["current"],
        "tile": tile_view(cat, pending["tile"]) if pending["tile"] else None,
        "from_row": pending["row"] + 1 if pending["row"] is not None else None,
        "placed_at": pending["pos"],
        "effects": {effect: count for effect, count in pending["effects"].items() if count},
        "genie": pending["genie"],
        "genie_moves": pending["moves"],
        "genie_limit": 3,
        "moving": pending["moving"],
    }


def progress_text(state: State) -> str:
    if state["phase"] == "over":
        return "game over"
    if state["phase"] in (*SETUP_PHASES, "fill"):
        return "setup"
    total = 16 * len(state["seats"])
    return f"turn {min(state['turn'] + 1, total)} of {total}"


def build_view(rules: "AlmadiRules", state: State, viewer: int | None) -> dict[str, Any]:
    cat = catalogue()
    n = len(state["seats"])
    total = 16 * n
    over = state["phase"] == "over"
    setting_up = state["phase"] in (*SETUP_PHASES, "fill")
    turn = min(state["turn"] + 1, total)
    supply = {kind: 0 for kind in TYPES}
    for tile in state["supply"]:
        supply[TYPE_OF_LETTER[cat.faces[tile][0]]] += 1
    scores = rules.scores(state)
    return {
        "game": "almadi",
        "names": list(state["names"]),
        "tags": [seat_tag(i) for i in range(n)],
        "characters_mode": state["characters"],
        "phase": state["phase"],
        "current": None if over else state["current"],
        "turn": turn,
        "total_turns": total,
        "progress": progress_text(state),
        "board": [[tile_view(cat, t) if t else None for t in row] for row in state["board"]],
        "supply": supply,
        "supply_total": len(state["supply"]),
        "decks": dict(state["decks"]),
        "rubies_left": state["rubies"],
        "middle": [objective_view(cat, oid) for oid in state["middle"]],
        "display": [character_view(cat, cid) for cid in state["display"]],
        "seats": [_seat_view(rules, state, cat, i, viewer) for i in range(n)],
        "pending": _pending_view(state, cat),
        "scores": [{"seat": s.seat, "breakdown": dict(s.breakdown), "total": s.total} for s in scores],
        "final": over,
        "legend": LEGEND,
        "icons": dict(ICONS),
        "arrow_icons": dict(ARROW_ICONS),
        "effects": list(EFFECTS),
        "arrow": ARROW,
        "side_names": list(SIDE_NAMES),
    }


# -- the greedy bot's heuristic ------------------------------------------------------------------

CARD_POTENTIAL = 0.5
PENDING_POTENTIAL = 0.4


def _lead(rules: "AlmadiRules", state: State, seat: int) -> float:
    scores = rules.scores(state)
    best_other = max(s.total for s in scores if s.seat != seat)
    return scores[seat].total - best_other


def estimate(rules: "AlmadiRules", state: State, seat: int) -> float:
    """Current score lead, plus a little for cards that may score later and effects not yet used;
    while a taken tile waits to be placed, the best placement's lead."""
    record = state["seats"][seat]
    potential = CARD_POTENTIAL * (record["mosaics"] + record["stalls"])
    pending = state["pending"]
    if state["phase"] == "place" and state["current"] == seat:
        cat = catalogue()
        best = float("-inf")
        for pos in rules.legal_placements(state, cat):
            trial = dict(state, seats=list(state["seats"]))
            trial["seats"][seat] = dict(record, realm=record["realm"] + [[pos[0], pos[1], pending["tile"]]])
            best = max(best, _lead(rules, trial, seat))
        return best + potential
    if pending is not None and state["current"] == seat and state["phase"] in ("effects", "genie"):
        potential += PENDING_POTENTIAL * (sum(pending["effects"].values()) + pending["genie"])
    return _lead(rules, state, seat) + potential


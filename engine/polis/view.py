"""What one seat may see: the whole board, both mats, its own combat cards only.

The other side's hand shows as a count, and its choice in a battle exchange only as
'chosen' until both sides have chosen and the cards are revealed together.
"""

from __future__ import annotations

from typing import Any

from .catalog import catalog
from .text import SIDE_NAMES, SIDES


def build_view(state: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    cat = catalog()
    round_record = cat.rounds[state["round"] - 1]
    sides = []
    for seat in (0, 1):
        sides.append({
            "side": SIDES[seat], "title": SIDE_NAMES[seat], "name": state["names"][seat],
            "res": dict(state["res"][seat]), "prestige": state["prestige"][seat], "supply": state["supply"][seat],
            "merchants": state["merchants"][seat], "proxenos": state["proxenos"][seat], "held": state["held"][seat],
            "hand_size": len(state["hands"][seat]), "passed": state["passed"][seat],
            "hand": list(state["hands"][seat]) if seat == viewer else None,
        })
    battle = state["battle"]
    shown_battle = None
    if battle is not None:
        played = battle["played"]
        shown_battle = {
            "area": battle["area"], "attacker": battle["attacker"], "last": battle["last"],
            "chosen": [played[0] is not None, played[1] is not None],
            "mine": played[viewer] if viewer is not None else None,
        }
    return {
        "round": state["round"], "label": round_record["label"], "cap": round_record["cap"],
        "spaces": round_record["spaces"], "first": state["first"], "sides": sides,
        "owner": dict(state["owner"]), "pop": dict(state["pop"]),
        "units": {a: list(u) for a, u in state["units"].items()},
        "slots": {m: list(s) for m, s in state["slots"].items()}, "prices": dict(state["prices"]),
        "closed": list(state["closed"]), "offer": list(state["offer"]),
        "building": dict(state["building"]), "built": {p: list(t) for p, t in state["built"].items()},
        "tribute": list(state["tribute"]), "event": state["event"],
        "events_left": [len(deck) for deck in state["events"]], "projects_left": len(state["stack"]),
        "deck": len(state["deck"]), "battle": shown_battle, "over": state["over"], "end": list(state["end"]),
    }

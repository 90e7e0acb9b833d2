"""The 12 actions: whether a side may take one now, and the steps that carry it out.

An action is offered only if it can be carried through to the end (a polis that can raise a
hoplite and the metal or silver to pay for it, a destination some unit can reach, ...).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Say, Stack, add_log

from . import develop, military, politics
from .catalog import MILITARY_COST
from .text import ACTIONS, RESOURCES

State = dict[str, Any]

AVAILABLE: dict[str, Callable[[State, int], bool]] = {
    "hoplites": lambda s, seat: bool(develop.unit_poleis(s, seat, "hoplites")),
    "galleys": lambda s, seat: bool(develop.unit_poleis(s, seat, "galleys")),
    "merchants": lambda s, seat: bool(develop.unit_poleis(s, seat, "merchants")),
    "project": lambda s, seat: bool(develop.project_tiles(s, seat)),
    "move-hoplites": lambda s, seat: military.can_move(s, seat, "move-hoplites"),
    "move-galleys": lambda s, seat: military.can_move(s, seat, "move-galleys"),
    "siege": lambda s, seat: s["prestige"][seat] >= MILITARY_COST and bool(military.siege_targets(s, seat)),
    "tribute": lambda s, seat: bool(military.tribute_regions(s, seat)),
    "trade": lambda s, seat: bool(politics.markets(s, seat)),
    "proxenos": politics.can_move_proxenos,
    "free": politics.can_free,
    "civil-war": lambda s, seat: bool(politics.civil_war_targets(s, seat)),
}
ORDER = tuple(key for key, _, _ in ACTIONS)


def fee_due(state: State, seat: int, done: list[str]) -> bool:
    """After the other side passed, acting costs 1 resource: per action, or (option) once per turn."""
    if not state["passed"][1 - seat]:
        return False
    return state["options"].get("pass_fee", "action") == "action" or not done


def fee_resources(state: State, seat: int, action: str, first: bool = False) -> list[str]:
    """Resources the side may pay the fee with and still carry the action through (``first``: stop
    at the first one found, the most plentiful resources being tried first)."""
    res, found = state["res"][seat], []
    for good in sorted(RESOURCES, key=lambda r: -res[r]) if first else RESOURCES:
        if res[good] >= 1:
            res[good] -= 1
            if AVAILABLE[action](state, seat):
                found.append(good)
            res[good] += 1
            if found and first:
                break
    return found


def offered(state: State, seat: int, done: list[str]) -> list[str]:
    fee = fee_due(state, seat, done)
    return [key for key in ORDER if key not in done
            and AVAILABLE[key](state, seat) and (not fee or fee_resources(state, seat, key, first=True))]


def begin(state: State, seat: int, action: str, flow: Stack) -> None:
    """Push the steps of ``action`` (military actions pay their prestige first)."""
    if action in ("move-hoplites", "move-galleys", "siege"):
        state["prestige"][seat] -= MILITARY_COST
        add_log(state, Say("{seat:seat} pays {cost} prestige for a military action.", seat=seat, cost=MILITARY_COST))
    if action in ("hoplites", "galleys", "merchants", "siege", "proxenos", "civil-war"):
        flow.push({"step": f"{action}_polis", "seat": seat, "action": action})
    elif action == "project":
        flow.push({"step": "project", "seat": seat})
    elif action in ("move-hoplites", "move-galleys"):
        flow.push({"step": "destination", "seat": seat, "action": action})
    elif action == "tribute":
        flow.push({"step": "region", "seat": seat})
    elif action == "trade":
        flow.push({"step": "market", "seat": seat})
    elif action == "free":
        politics.free(state, seat)

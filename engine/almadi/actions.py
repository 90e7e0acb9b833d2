"""State changes the turn's steps share: effects activated, cards and rubies gained, objectives
taken and completed, characters recruited. Log text is only built when a log is kept."""

from __future__ import annotations

from typing import Any

from engine.core.contract import State
from engine.core.log import add_log, logging
from engine.core.text import Said, Say, said_to_json

from . import objectives as objective_rules
from .catalog import catalog
from .legal import GENIE_MOVES_PER_TURN, IMMEDIATE, powers
from .realm import grid_of, letters

DOUBLED_BY = {"martelin": "double_martelin", "stall": "double_stall", "ruby": "double_ruby"}


def effect_amount(effect: str, held: set[str]) -> int:
    """Cards or rubies one use of ``effect`` gives (2 with the character doubling it)."""
    return 2 if DOUBLED_BY[effect] in held else 1


def add_effects(pending: dict[str, Any], fired: list[str]) -> None:
    effects = pending["effects"]
    for effect in fired:
        if effect in IMMEDIATE:
            effects[effect] = effects.get(effect, 0) + 1
    if "genie" in fired and pending["moves"] < GENIE_MOVES_PER_TURN:
        pending["genie"] = True


def draw_cards(state: State, seat: int, deck: str, count: int, why: Said) -> None:
    drawn = min(count, state["decks"][deck])
    state["decks"][deck] -= drawn
    state["seats"][seat][f"{deck}s"] += drawn
    add_log(state, Say.counted("{seat:seat} draws {n} {deck:deck} card ({why:said}).",
                               "{seat:seat} draws {n} {deck:deck} cards ({why:said}).",
                               seat=seat, n=drawn, deck=deck, why=said_to_json(why)))


def use_effect(state: State, effect: str, oid: str) -> None:
    """Use one activated Martelin, Stall or Ruby, or a Moon on objective ``oid``."""
    seat = state["current"]
    state["pending"]["effects"][effect] -= 1
    if effect == "moon":
        take_objective(state, seat, oid)
        return
    amount = effect_amount(effect, powers(state))
    if effect == "martelin":
        draw_cards(state, seat, "mosaic", amount, Say("Martelin"))
    elif effect == "stall":
        draw_cards(state, seat, "stall", amount, Say("Stall"))
    else:
        taken = min(amount, state["rubies"])
        state["rubies"] -= taken
        state["seats"][seat]["rubies"] += taken
        add_log(state, Say.counted("{seat:seat} takes {n} ruby (Ruby).", "{seat:seat} takes {n} rubies (Ruby).",
                                   seat=seat, n=taken))


def take_objective(state: State, seat: int, oid: str) -> None:
    owner = None
    if oid in state["middle"]:
        state["middle"].remove(oid)
    else:
        owner = next(i for i, s in enumerate(state["seats"]) if any(o["id"] == oid for o in s["objectives"]))
        state["seats"][owner]["objectives"] = [o for o in state["seats"][owner]["objectives"] if o["id"] != oid]
    state["seats"][seat]["objectives"].append({"id": oid, "done": False})
    if logging(state):
        if owner is None:
            add_log(state, Say("{seat:seat} takes the objective '{oid:objective}' from the middle (Moon).", seat=seat,
                               oid=oid))
        else:
            add_log(state, Say("{seat:seat} takes the objective '{oid:objective}' from {owner:seat} (Moon).", seat=seat,
                               oid=oid, owner=owner))


def complete_objectives(state: State) -> None:
    """The mover's open objectives that its realm and cards now meet are completed, for good."""
    seat = state["current"]
    record = state["seats"][seat]
    open_objectives = [o for o in record["objectives"] if not o["done"]]
    if not open_objectives:
        return
    cat = catalog()
    grid = letters(grid_of(record["realm"]), cat.faces)
    holdings = {"mosaics": record["mosaics"], "stalls": record["stalls"], "rubies": record["rubies"]}
    for objective in open_objectives:
        card = cat.objectives[objective["id"]]
        if objective_rules.met(card["requirement"], grid, holdings):
            objective["done"] = True
            if logging(state):
                add_log(state, Say("{seat:seat} completes the objective '{oid:objective}' ({points} points).",
                                   seat=seat, oid=objective["id"], points=card["points"]))


def recruit(state: State, cid: str) -> None:
    """The mover pays for ``cid`` (from the hand or the display); its power may act at once."""
    seat = state["current"]
    record = state["seats"][seat]
    character = catalog().characters[cid]
    (record["hand"] if cid in record["hand"] else state["display"]).remove(cid)
    record["rubies"] -= character["cost"]
    state["rubies"] += character["cost"]
    record["played"].append(cid)
    add_log(state, Say("{seat:seat} recruits {cid:character}, {title:title}, for {cost} rubies.", seat=seat, cid=cid,
                       title=character["title"], cost=character["cost"]))
    power = character["power"]
    if power == "recruit_mosaics":
        draw_cards(state, seat, "mosaic", 2, Say("{cid:character}", cid=cid))
    elif power == "recruit_stalls":
        draw_cards(state, seat, "stall", 2, Say("{cid:character}", cid=cid))
    elif power == "recruit_moon":
        effects = state["pending"]["effects"]
        effects["moon"] = effects.get("moon", 0) + 1

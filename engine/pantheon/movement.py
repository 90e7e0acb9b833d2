"""Movement: the mover's steps and movement cards, the others following, placing pieces."""

from __future__ import annotations

from functools import lru_cache

from engine.core import Choice, add_log

from . import cards as deck
from .board import COLUMN, FOOT, placements
from .data import catalog
from .loot import effect
from .tasks import State, Task, acts, decides, finish, gods_owned, make_choice, name, push, single


def movement(state: State, seat: int, main: bool) -> Task:
    free = gods_owned(state, seat, "vinthrad") + state["players"][seat]["steps"] + (1 if main else 0)
    return {"t": "move", "seat": seat, "main": main, "free": free, "jumps": gods_owned(state, seat, "gaiviles"), "placed": 0, "loot": []}


def place_label(kind: str, hex_id: str, cost: int, jump: bool) -> str:
    piece = "Foot" if kind == FOOT else "Column"
    how = " by jump (Gaiviles)" if jump else ""
    unit = "step" if cost == 1 else "steps"
    shared = " (shared)" if cost == 2 else ""
    return f"{piece} to hex {hex_id}{how} — {cost} {unit}{shared}"


@lru_cache(maxsize=4096)
def _move_choice(pl, cards: int, loot_label: str) -> Choice:
    hints = []
    if cards:
        hints.append(f"plays {cards} movement card{'s' if cards > 1 else ''}")
    if loot_label:
        hints.append("loot: " + loot_label)
    prefix = "jump" if pl.jump else pl.kind
    return Choice(f"{prefix}:{pl.hex}", place_label(pl.kind, pl.hex, pl.cost, pl.jump), "; ".join(hints))


_FOLLOWER_CHOICES = (Choice("draw", "Draw a card instead of moving"), Choice("end", "Pass (neither move nor draw)"))


@decides("move")
def _move_decide(state, task):
    seat, free = task["seat"], task["free"]
    cat = catalog()
    held = state["players"][seat]["hand"].get("movement", 0)
    choices = []
    loot = state["loot"]
    if free or held:
        for pl in placements(cat, state, seat, task["jumps"]):
            cards = (pl.cost - free + 1) // 2 if pl.cost > free else 0
            if cards <= held:
                choices.append(_move_choice(pl, cards, cat.loot[loot[pl.hex]]["label"] if pl.hex in loot else ""))
    if task["main"] or task["placed"]:
        choices.append(make_choice("end", "End movement", f"{free} step(s) left unused" if free else ""))
        prompt = f"move ({free} step(s) left, {held} movement card(s))"
    else:
        choices[:0] = _FOLLOWER_CHOICES
        prompt = f"move too with movement cards ({free} free step(s), {held} card(s)), or draw a card"
    return single(state, seat, prompt, choices, "movement")


@acts("move")
def _move_act(state, task, choice):
    seat = task["seat"]
    if choice == "end":
        if not (task["main"] or task["placed"]):  # a follower who neither moves nor draws
            add_log(state, f"{name(state, seat)} passes.")
        finish(state)
        collect(state, seat, task["loot"])
        return
    if choice == "draw":
        finish(state)
        push(state, {"t": "draw", "seat": seat, "n": 1})
        return
    prefix, hex_id = choice.split(":")
    kind = COLUMN if prefix == COLUMN else FOOT
    cost = entry_cost(state, hex_id)
    cards = max(0, cost - task["free"] + 1) // 2
    if cards:
        p = state["players"][seat]
        deck.remove(p["hand"], deck.MOVEMENT, cards)
        deck.add(state["discard"], deck.MOVEMENT, cards)
    task["free"] += 2 * cards - cost
    task["placed"] += 1
    if prefix == "jump":
        task["jumps"] -= 1
    place(state, seat, kind, hex_id, task["loot"], f"{'jumps' if prefix == 'jump' else 'moves'}")


def entry_cost(state: State, hex_id: str) -> int:
    return 2 if state["occupied"].get(hex_id) else 1


def place(state: State, seat: int, kind: str, hex_id: str, loot: list[str], how: str) -> None:
    p = state["players"][seat]
    if kind == FOOT:
        p["feet"] -= 1
        p["feet_on"].append(hex_id)
    else:
        p["columns"] -= 1
        p["columns_on"].append(hex_id)
    state["occupied"].setdefault(hex_id, []).append(seat)
    text = f"{name(state, seat)} {how}: {kind} to {hex_id}"
    if kind == FOOT and hex_id in state["loot"]:
        taken = state["loot"].pop(hex_id)
        loot.append(taken)
        text += f", taking the loot tile {catalog().loot[taken]['label']}"
    add_log(state, text + ".")


def collect(state: State, seat: int, loot: list[str]) -> None:
    """Loot tiles reached during a move or purchase take effect once it is finished."""
    records = catalog().loot
    push(state, *(effect(seat, records[k]["effect"], records[k]["n"], "loot") for k in loot))

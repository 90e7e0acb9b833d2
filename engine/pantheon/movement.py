"""Movement: the mover's steps and movement cards, the others following, placing pieces."""

from __future__ import annotations

from engine.core import Choice, Stack, add_log, logging

from . import cards as deck
from .board import COLUMN, FOOT, placements
from .common import Choose, State, gods_owned, name
from .catalog import catalog
from .loot import effect

END = Choice("end")
FOLLOWER_CHOICES = (Choice("draw"), END)
"""A follower who has not placed a piece may draw a card instead, or pass."""


def movement(state: State, seat: int, main: bool) -> dict:
    free = gods_owned(state, seat, "vinthrad") + state["players"][seat]["steps"] + (1 if main else 0)
    return {"step": "move", "seat": seat, "main": main, "free": free, "jumps": gods_owned(state, seat, "gaiviles"),
            "placed": 0, "loot": []}


def place_label(kind: str, hex_id: str) -> str:
    """'Foot J4', 'Column K4': the piece and the hex (the hint says the rest)."""
    return f"{'Foot' if kind == FOOT else 'Column'} {hex_id}"


def place_hint(state: State, hex_id: str, cost: str, jump: bool = False) -> str:
    """What tells placements apart, what matters most first so that a list cut at 80 columns
    still shows it: what it costs (``cost``: '1 card', '2 money'; '' for nothing but free
    steps), the loot it takes, the second step a shared hex takes, and a jump (only ever to a
    hex no step reaches)."""
    shared = "2 steps (shared)" if entry_cost(state, hex_id) == 2 else ""
    return ", ".join(part for part in (cost, loot_hint(state, hex_id), shared, "by jump (Gaiviles)" if jump else "")
                     if part)


def loot_hint(state: State, hex_id: str) -> str:
    loot = state["loot"].get(hex_id)
    return "loot: " + catalog().loot[loot]["label"] if loot else ""


def cards_needed(cost: int, free: int) -> int:
    """Movement cards (2 steps each) a placement of ``cost`` takes beyond ``free`` steps."""
    return (cost - free + 1) // 2 if cost > free else 0


class Move(Choose):
    """One piece at a time, the mover first (with the big foot's free step), then the others."""

    name = "move"
    topic = "movement"

    def options(self, state, frame):
        seat, free = frame["seat"], frame["free"]
        held = state["players"][seat]["hand"].get(deck.MOVEMENT, 0)
        choices = []
        if free or held:
            steps = free + 2 * held  # a card gives two steps
            choices += placements(catalog(), state, seat, steps, frame["jumps"])
        if frame["main"] or frame["placed"]:
            choices.append(END)
        else:
            choices[:0] = FOLLOWER_CHOICES
        return choices

    def describe(self, state, frame, option):
        free = frame["free"]
        if option.id == "draw":
            return "Draw a card instead of moving", ""
        if option.id == "end":
            if frame["main"] or frame["placed"]:
                return "End movement", f"{free} step(s) left unused" if free else ""
            return "Pass (neither move nor draw)", ""
        prefix, hex_id = option.id.split(":")
        cards = cards_needed(entry_cost(state, hex_id), free)
        cost = f"{cards} card{'s' if cards > 1 else ''}" if cards else ""
        return place_label(COLUMN if prefix == COLUMN else FOOT, hex_id), place_hint(state, hex_id, cost, prefix == "jump")

    def question(self, state, frame):
        held = state["players"][frame["seat"]]["hand"].get(deck.MOVEMENT, 0)
        if frame["main"] or frame["placed"]:
            return f"move ({frame['free']} step(s) left, {held} movement card(s))"
        return f"move too with movement cards ({frame['free']} free step(s), {held} card(s)), or draw a card"

    def public_question(self, state, frame):
        if frame["main"] or frame["placed"]:
            return f"move ({frame['free']} step(s) left)"
        return f"move too with movement cards ({frame['free']} free step(s)), or draw a card"

    def act(self, state, frame, option, flow):
        seat = frame["seat"]
        if option.id == "end":
            if not (frame["main"] or frame["placed"]):  # a follower who neither moves nor draws
                add_log(state, f"{name(state, seat)} passes.")
            collect(state, seat, frame["loot"], flow)
            return
        if option.id == "draw":
            flow.push({"step": "draw", "seat": seat, "n": 1})
            return
        prefix, hex_id = option.id.split(":")
        cost = entry_cost(state, hex_id)
        cards = cards_needed(cost, frame["free"])
        if cards:
            deck.play(state, seat, deck.MOVEMENT, cards)
        frame["free"] += 2 * cards - cost
        frame["placed"] += 1
        if prefix == "jump":
            frame["jumps"] -= 1
        place(state, seat, COLUMN if prefix == COLUMN else FOOT, hex_id, frame["loot"], "jumps" if prefix == "jump" else "moves")
        flow.push(frame)


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
    taken = state["loot"].pop(hex_id) if kind == FOOT and hex_id in state["loot"] else None
    if taken:
        loot.append(taken)
        if not state["loot"]:  # the epoch ends for this player, even in a follower's move
            state.setdefault("ender", seat)
    if logging(state):
        loot_text = f", taking the loot tile {catalog().loot[taken]['label']}" if taken else ""
        add_log(state, f"{name(state, seat)} {how}: {kind} to {hex_id}{loot_text}.")


def collect(state: State, seat: int, loot: list[str], flow: Stack) -> None:
    """Loot tiles reached during a move or purchase take effect once it is finished."""
    if not loot:
        return
    records = catalog().loot
    for kind in loot:
        state["loot_box"][kind] = state["loot_box"].get(kind, 0) + 1
    flow.push(*(effect(seat, records[k]["effect"], records[k]["n"], "loot") for k in loot))

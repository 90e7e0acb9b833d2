"""Movement: the mover's steps and movement cards, the others following, placing pieces."""

from __future__ import annotations

from engine.core import Choice, Frame, Stack, add_log, logging
from engine.core.log import add_entry
from engine.core.text import Said, Say
from engine.i18n import N_

from . import cards as deck
from .board import placements
from .catalog import catalog
from .choices import COLUMN, FOOT, DrawInstead, End, Placement
from .common import Choose, State, gods_held
from .loot import effect
from .text import joined, log_line

END = Choice.of(End())
FOLLOWER_CHOICES = (Choice.of(DrawInstead()), END)
"""A follower who has not placed a piece may draw a card instead, or pass."""

PLACED = {
    ("moves", FOOT): log_line(N_("{seat:seat} moves: foot to {hex:hex}."), "seat", "hex"),
    ("moves", COLUMN): log_line(N_("{seat:seat} moves: column to {hex:hex}."), "seat", "hex"),
    ("jumps", FOOT): log_line(N_("{seat:seat} jumps: foot to {hex:hex}."), "seat", "hex"),
    ("places", FOOT): log_line(N_("{seat:seat} places: foot to {hex:hex}."), "seat", "hex"),
    ("places", COLUMN): log_line(N_("{seat:seat} places: column to {hex:hex}."), "seat", "hex"),
}
"""What the log says of a piece placed (``how``: moves, jumps or places; the piece)."""
PLACED_WITH_LOOT = {
    ("moves", FOOT): N_("{seat:seat} moves: foot to {hex:hex}, taking the loot tile {loot:loot}."),
    ("jumps", FOOT): N_("{seat:seat} jumps: foot to {hex:hex}, taking the loot tile {loot:loot}."),
    ("places", FOOT): N_("{seat:seat} places: foot to {hex:hex}, taking the loot tile {loot:loot}."),
}
"""The same of a foot that takes a loot tile."""
PASSES = log_line(N_("{seat:seat} passes."), "seat")


def movement(state: State, seat: int, main: bool) -> Frame:
    gods = gods_held(state, seat)
    free = gods.count("vinthrad") + state["players"][seat]["steps"] + (1 if main else 0)
    return {"step": "move", "seat": seat, "main": main, "free": free, "jumps": gods.count("gaiviles"), "placed": 0,
            "loot": []}


def place_label(placement: Placement) -> Say:
    """'Foot J4', 'Column K4': the piece and the hex (the hint says the rest)."""
    if placement.piece == FOOT:
        return Say("Foot {hex:hex}", hex=placement.hex)
    return Say("Column {hex:hex}", hex=placement.hex)


def place_hint(state: State, hex_id: str, cards: int, jump: bool = False) -> Said:
    """What tells placements apart, what matters most first so that a list cut at 80 columns
    still shows it: the movement cards it plays (none: nothing but free steps), the loot it
    takes, the second step a shared hex takes, and a jump (only ever to a hex no step reaches)."""
    cost = Say.counted("{n} card", "{n} cards", n=cards) if cards else ""
    shared = Say("2 steps (shared)") if entry_cost(state, hex_id) == 2 else ""
    return joined([cost, loot_hint(state, hex_id), shared, Say("by jump (Gaiviles)") if jump else ""])


def loot_hint(state: State, hex_id: str) -> Said:
    loot = state["loot"].get(hex_id)
    return Say("loot: {loot:loot}", loot=loot) if loot else ""


def cards_needed(cost: int, free: int) -> int:
    """Movement cards (2 steps each) a placement of ``cost`` takes beyond ``free`` steps."""
    return (cost - free + 1) // 2 if cost > free else 0


class Move(Choose):
    """One piece at a time, the mover first (with the big foot's free step), then the others."""

    name = "move"
    topic = "movement"

    def options(self, state: State, frame: Frame) -> list[Choice]:
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

    def describe(self, state: State, frame: Frame, option: Choice) -> tuple[Said, Said]:
        free = frame["free"]
        match option.args:
            case DrawInstead():
                return Say("Draw a card instead of moving"), ""
            case End():
                if frame["main"] or frame["placed"]:
                    return Say("End movement"), Say("{free} step(s) left unused", free=free) if free else ""
                return Say("Pass (neither move nor draw)"), ""
            case Placement() as placement:
                cards = cards_needed(entry_cost(state, placement.hex), free)
                return place_label(placement), place_hint(state, placement.hex, cards, placement.jump)
        raise ValueError(f"not a choice of a move: {option.args}")

    def question(self, state: State, frame: Frame) -> Said:
        held = state["players"][frame["seat"]]["hand"].get(deck.MOVEMENT, 0)
        if frame["main"] or frame["placed"]:
            return Say("move ({free} step(s) left, {held} movement card(s))", free=frame["free"], held=held)
        return Say("move too with movement cards ({free} free step(s), {held} card(s)), or draw a card",
                   free=frame["free"], held=held)

    def public_question(self, state: State, frame: Frame) -> Said:
        if frame["main"] or frame["placed"]:
            return Say("move ({free} step(s) left)", free=frame["free"])
        return Say("move too with movement cards ({free} free step(s)), or draw a card", free=frame["free"])

    def act(self, state: State, frame: Frame, option: Choice, flow: Stack) -> None:
        seat = frame["seat"]
        match option.args:
            case End():
                if not (frame["main"] or frame["placed"]):  # a follower who neither moves nor draws
                    add_entry(state, PASSES(seat))
                collect(state, seat, frame["loot"], flow)
            case DrawInstead():
                flow.push({"step": "draw", "seat": seat, "n": 1})
            case Placement() as placement:
                hex_id = placement.hex
                cost = entry_cost(state, hex_id)
                cards = cards_needed(cost, frame["free"])
                if cards:
                    deck.play(state, seat, deck.MOVEMENT, cards)
                frame["free"] += 2 * cards - cost
                frame["placed"] += 1
                if placement.jump:
                    frame["jumps"] -= 1
                place(state, seat, placement.piece, hex_id, frame["loot"], "jumps" if placement.jump else "moves")
                flow.push(frame)


def entry_cost(state: State, hex_id: str) -> int:
    return 2 if state["occupied"].get(hex_id) else 1


def place(state: State, seat: int, kind: str, hex_id: str, loot: list[str], how: str) -> None:
    """A piece of ``kind`` (FOOT or COLUMN) on ``hex_id``; ``how`` the log says it came there
    (moves, jumps, places). A foot takes the loot tile there (into ``loot``: it acts later)."""
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
        if taken:
            add_log(state, Say(PLACED_WITH_LOOT[how, kind], seat=seat, hex=hex_id, loot=taken))
        else:
            add_entry(state, PLACED[how, kind](seat, hex_id))


def collect(state: State, seat: int, loot: list[str], flow: Stack) -> None:
    """Loot tiles reached during a move or purchase take effect once it is finished."""
    if not loot:
        return
    records = catalog().loot
    for kind in loot:
        state["loot_box"][kind] = state["loot_box"].get(kind, 0) + 1
    flow.push(*(effect(seat, records[k]["effect"], records[k]["n"], "loot") for k in loot))

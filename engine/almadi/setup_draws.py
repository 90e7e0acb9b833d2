"""The setup draws, each a chance step that a person at the table can also supply.

In table order: ``first`` (the first player) -> ``starts`` (a starting tile per seat, in
turn order) -> ``objectives`` (one per colour pile laid in the middle, grey once per player)
-> ``fill`` (the central board, in rules.py) -> ``deal`` (characters variant, after the normal
setup as the rules say: one card at a time, face down, to each seat in turn order) -> ``keep``.
Which seat or pile comes next is read off the state, so a phase needs no counter.
"""

from __future__ import annotations

from engine.core.contract import Choice, Decision, State
from engine.core.log import add_log

from . import objectives as objective_rules
from .catalog import EFFECTS, LETTERS, Catalogue, start_cell

SETUP_PHASES = ("first", "starts", "objectives", "deal")
PILES = ("red", "yellow", "blue", "green", "grey")
"""Objective piles in the order they are drawn from: one card of each colour, grey once per player."""


def hand_size(players: int) -> int:
    """Characters dealt to each player: 4 with 2 players, else 3."""
    return 4 if players == 2 else 3


def _in_turn_order(state: State, k: int) -> int:
    return (state["first"] + k) % len(state["seats"])


def _next_start_seat(state: State) -> int | None:
    given = sum(1 for seat in state["seats"] if seat["start"])
    return _in_turn_order(state, given) if given < len(state["seats"]) else None


def _next_pile(state: State, cat: Catalogue) -> str | None:
    laid = [cat.objectives[oid]["colour"] for oid in state["middle"]]
    for colour in PILES:
        if laid.count(colour) < (len(state["seats"]) if colour == "grey" else 1):
            return colour
    return None


def _next_deal_seat(state: State) -> int | None:
    dealt = sum(len(seat["dealt"]) for seat in state["seats"])
    return _in_turn_order(state, dealt) if dealt < hand_size(len(state["seats"])) * len(state["seats"]) else None


def _edge_name(side: str) -> str:
    return side.capitalize() if side in EFFECTS else side


def _start_outcome(cat: Catalogue, sid: str) -> Choice:
    record = cat.starts[sid]
    rows = " ".join(LETTERS[kind] for kind in record["rows"])
    edges = ", ".join(map(_edge_name, record["right"]))
    return Choice(sid, f"Starting tile {sid}", f"rows {rows}; right edges {edges}")


def _objective_outcome(cat: Catalogue, oid: str) -> Choice:
    card = cat.objectives[oid]
    return Choice(oid, objective_rules.describe(card["requirement"]), f"{card['colour']}, {card['points']} points")


def _character_outcome(cat: Catalogue, cid: str) -> Choice:
    card = cat.characters[cid]
    return Choice(cid, card["name"], f"{card['title']}, {card['cost']} rubies")


def setup_decision(state: State, cat: Catalogue) -> Decision:
    """The chance step of the current setup phase; its outcomes are exactly what is left to draw."""
    phase = state["phase"]
    names = state["names"]
    if phase == "first":
        seats = [Choice(str(seat), name) for seat, name in enumerate(names)]
        return Decision.chance("Draw the first player", seats, "setup")
    if phase == "starts":
        taken = {seat["start"] for seat in state["seats"]}
        outcomes = [_start_outcome(cat, sid) for sid in sorted(cat.starts) if sid not in taken]
        return Decision.chance(f"Draw a starting tile for {names[_next_start_seat(state)]}", outcomes, "setup")
    if phase == "objectives":
        colour = _next_pile(state, cat)
        pile = sorted(oid for oid, card in cat.objectives.items() if card["colour"] == colour)
        outcomes = [_objective_outcome(cat, oid) for oid in pile if oid not in state["middle"]]
        return Decision.chance(f"Draw a {colour} objective for the middle", outcomes, "setup")
    dealt = {cid for seat in state["seats"] for cid in seat["dealt"]}
    outcomes = [_character_outcome(cat, cid) for cid in sorted(cat.characters) if cid not in dealt]
    return Decision.chance(f"Deal a character face down to {names[_next_deal_seat(state)]}", outcomes, "characters")


def apply_setup_draw(state: State, cat: Catalogue, outcome: str) -> None:
    """Apply a legal outcome of ``setup_decision`` and move on to the next phase when one is done."""
    phase = state["phase"]
    names = state["names"]
    if phase == "first":
        state["first"] = state["current"] = int(outcome)
        add_log(state, f"{names[state['first']]} is the first player.")
        state["phase"] = "starts"
    elif phase == "starts":
        seat = _next_start_seat(state)
        record = state["seats"][seat]
        record["start"] = outcome
        record["realm"] = [[row, 0, start_cell(outcome, row)] for row in range(4)]
        add_log(state, f"{names[seat]} gets the starting tile {outcome}.")
        if _next_start_seat(state) is None:
            state["phase"] = "objectives"
    elif phase == "objectives":
        card = cat.objectives[outcome]
        state["middle"].append(outcome)
        add_log(state, f"The {card['colour']} objective '{objective_rules.describe(card['requirement'])}' "
                       f"({card['points']} points) is laid in the middle.")
        if _next_pile(state, cat) is None:
            state["phase"] = "fill"
    else:
        seat = _next_deal_seat(state)
        state["seats"][seat]["dealt"] = sorted(state["seats"][seat]["dealt"] + [outcome])
        size = hand_size(len(state["seats"]))
        last = len(state["seats"][seat]["dealt"]) == size  # the others hear of a hand once, when it is complete
        add_log(state, f"You are dealt {cat.characters[outcome]['name']}.", only=[seat],
                others=f"{names[seat]} is dealt {size} characters face down." if last else None)
        if _next_deal_seat(state) is None:
            state["phase"] = "keep"

"""The setup draws, each a chance step that a person at the table can also supply, and the
characters variant's keep.

In table order: ``first`` (the first player) -> ``starts`` (a starting tile per seat, in
turn order) -> ``objectives`` (one per colour pile laid in the middle, grey once per player)
-> ``fill`` (the central board, turn.py) -> ``deal`` (characters variant, after the normal
setup as the rules say: one card at a time, face down, to each seat in turn order) ->
``keep`` (every player keeps 2 of them at once) -> ``reveal`` (the others face up).
Which seat or pile comes next is read off the state: a draw comes back until none is left.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Sequence

from engine.core.contract import Choice, State
from engine.core.flow import Ask, Auto, Draw, Frame, Stack
from engine.core.log import add_log, logging

from .catalog import EFFECTS, LETTERS, catalogue, hand_size, start_cell
from .text import character_name, objective_text

SETUP_PHASES = ("first", "starts", "objectives", "deal")
"""The setup draws' steps (the central board's ``fill`` comes between objectives and deal)."""
PILES = ("red", "yellow", "blue", "green", "grey")
"""Objective piles in the order they are drawn from: one card of each colour, grey once per player."""


@cache
def outcome(item: str) -> Choice:
    return Choice(item)


def _in_turn_order(state: State, k: int) -> int:
    return (state["first"] + k) % len(state["seats"])


def _next_start_seat(state: State) -> int | None:
    given = sum(1 for seat in state["seats"] if seat["start"])
    return _in_turn_order(state, given) if given < len(state["seats"]) else None


def _next_pile(state: State) -> str | None:
    objectives = catalogue().objectives
    laid = [objectives[oid]["colour"] for oid in state["middle"]]
    for colour in PILES:
        if laid.count(colour) < (len(state["seats"]) if colour == "grey" else 1):
            return colour
    return None


def _next_deal_seat(state: State) -> int | None:
    dealt = sum(len(seat["dealt"]) for seat in state["seats"])
    return _in_turn_order(state, dealt) if dealt < hand_size(len(state["seats"])) * len(state["seats"]) else None


def _edge_name(side: str) -> str:
    return side.capitalize() if side in EFFECTS else side


class First(Draw):
    name = "first"
    topic = "setup"

    def options(self, state: State, frame: Frame) -> Sequence[Choice]:
        return [outcome(str(seat)) for seat in range(len(state["names"]))]

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        state["first"] = state["current"] = int(choice.id)
        add_log(state, f"{state['names'][state['first']]} is the first player.")

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[str, str]:
        return state["names"][int(choice.id)], ""

    def prompt(self, state: State, frame: Frame) -> str:
        return "Draw the first player"


class Starts(Draw):
    name = "starts"
    topic = "setup"

    def options(self, state: State, frame: Frame) -> Sequence[Choice]:
        taken = {seat["start"] for seat in state["seats"]}
        return [outcome(sid) for sid in sorted(catalogue().starts) if sid not in taken]

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        seat = _next_start_seat(state)
        record = state["seats"][seat]
        record["start"] = choice.id
        record["realm"] = [[row, 0, start_cell(choice.id, row)] for row in range(4)]
        add_log(state, f"{state['names'][seat]} gets the starting tile {choice.id}.")
        if _next_start_seat(state) is not None:
            flow.push(frame)

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[str, str]:
        record = catalogue().starts[choice.id]
        rows = " ".join(LETTERS[kind] for kind in record["rows"])
        return f"Starting tile {choice.id}", f"rows {rows}; right edges {', '.join(map(_edge_name, record['right']))}"

    def prompt(self, state: State, frame: Frame) -> str:
        return f"Draw a starting tile for {state['names'][_next_start_seat(state)]}"


class Objectives(Draw):
    name = "objectives"
    topic = "setup"

    def options(self, state: State, frame: Frame) -> Sequence[Choice]:
        colour = _next_pile(state)
        pile = sorted(oid for oid, card in catalogue().objectives.items() if card["colour"] == colour)
        return [outcome(oid) for oid in pile if oid not in state["middle"]]

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        card = catalogue().objectives[choice.id]
        state["middle"].append(choice.id)
        if logging(state):
            add_log(state, f"The {card['colour']} objective '{objective_text(choice.id)}' "
                           f"({card['points']} points) is laid in the middle.")
        if _next_pile(state) is not None:
            flow.push(frame)

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[str, str]:
        card = catalogue().objectives[choice.id]
        return objective_text(choice.id), f"{card['colour']}, {card['points']} points"

    def prompt(self, state: State, frame: Frame) -> str:
        return f"Draw a {_next_pile(state)} objective for the middle"


class Deal(Draw):
    name = "deal"
    topic = "characters"

    def options(self, state: State, frame: Frame) -> Sequence[Choice]:
        dealt = {cid for seat in state["seats"] for cid in seat["dealt"]}
        return [outcome(cid) for cid in sorted(catalogue().characters) if cid not in dealt]

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        seat = _next_deal_seat(state)
        record = state["seats"][seat]
        record["dealt"] = sorted(record["dealt"] + [choice.id])
        size = hand_size(len(state["seats"]))
        last = len(record["dealt"]) == size  # the others hear of a hand once, when it is complete
        if logging(state):
            add_log(state, f"You are dealt {character_name(choice.id)}.", only=[seat],
                    others=f"{state['names'][seat]} is dealt {size} characters face down." if last else None)
        if _next_deal_seat(state) is not None:
            flow.push(frame)

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[str, str]:
        card = catalogue().characters[choice.id]
        return card["name"], f"{card['title']}, {card['cost']} rubies"

    def prompt(self, state: State, frame: Frame) -> str:
        return f"Deal a character face down to {state['names'][_next_deal_seat(state)]}"


class Hands(Auto):
    """Every player keeps 2 of the characters dealt, all at once; then the others go face up."""

    name = "hands"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        flow.push({"step": "reveal"})
        flow.parallel({seat: [{"step": "keep", "seat": seat}] for seat in range(len(state["seats"]))})


@cache
def keep_choice(pair: tuple[str, str], last: bool) -> Choice:
    return Choice(f"keep:{pair[0]}+{pair[1]}", reveals=last)


class Keep(Ask):
    name = "keep"
    topic = "characters"

    def options(self, state: State, frame: Frame) -> Sequence[Choice]:
        last = sum(1 for seat in state["seats"] if not seat["hand"]) == 1  # it lays the others face up: no undo
        return [keep_choice(pair, last) for pair in combinations(state["seats"][frame["seat"]]["dealt"], 2)]

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        seat = frame["seat"]
        kept = choice.id[5:].split("+")
        state["seats"][seat]["hand"] = kept
        if logging(state):
            names = " and ".join(map(character_name, kept))
            add_log(state, f"You keep {names}.", only=[seat], others=f"{state['names'][seat]} keeps 2 characters.")

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[str, str]:
        return f"Keep {' and '.join(map(character_name, choice.id[5:].split('+')))}", ""

    def prompt(self, state: State, frame: Frame) -> str:
        return "Each player keeps 2 of the characters dealt"


class Reveal(Auto):
    name = "reveal"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        for record in state["seats"]:
            state["display"].extend(cid for cid in record["dealt"] if cid not in record["hand"])
            record["dealt"] = []
        if logging(state):
            add_log(state, f"Characters face up beside the board: {', '.join(map(character_name, state['display']))}.")


STEPS = (First(), Starts(), Objectives(), Deal(), Hands(), Keep(), Reveal())

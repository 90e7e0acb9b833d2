"""A new game: the components before any draw (``new_state``), then the setup draws, each a
chance step that a person at the table can also supply, and the characters variant's keep.

In table order: ``first`` (the first player) -> ``starts`` (a starting tile per seat, in
turn order) -> ``objectives`` (one per colour pile laid in the middle, grey once per player)
-> ``fill`` (the central board, turn.py) -> ``deal`` (characters variant, after the normal
setup as the rules say: one card at a time, face down, to each seat in turn order) ->
``keep`` (every player keeps 2 of them at once) -> ``reveal`` (the others face up).
Which seat or pile comes next is read off the state: a draw comes back until none is left.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

from engine.core import rng
from engine.core.contract import Choice, State
from engine.core.flow import Ask, Auto, Draw, Frame, Stack
from engine.core.log import add_log, logging
from engine.core.text import Say

from .catalog import DECK_SIZE, EFFECTS, LETTERS, RUBIES, TILES_PER_TYPE, TYPES, catalog, hand_size, start_cell
from .choices import DealtCharacter, FirstPlayer, KeepPair, MiddleObjective, StartTile
from .targets import SLOTS

SETUP_PHASES = ("first", "starts", "objectives", "deal")
"""The setup draws' steps (the central board's ``fill`` comes between objectives and deal)."""
PILES = ("red", "yellow", "blue", "green", "grey")
"""Objective piles in the order they are drawn from: one card of each colour, grey once per player."""


def new_state(names: list[str], characters: bool, seed: int) -> State:
    """The components before any draw: the setup draws are the first chance steps."""
    n = len(names)
    state: State = {"names": list(names), "characters": characters, "log": []}
    rng.seed_state(state, seed)
    per_type = TILES_PER_TYPE[n]
    state["supply"] = [f"{LETTERS[kind]}{k:02d}" for kind in TYPES for k in range(1, per_type + 1)]
    state["board"] = [[None, None] for _ in range(4)]
    state["decks"] = {"mosaic": DECK_SIZE[n], "stall": DECK_SIZE[n]}
    state["rubies"] = RUBIES
    state["seats"] = [
        {
            "start": None, "realm": [], "rubies": 0, "mosaics": 0, "stalls": 0, "objectives": [],
            "dealt": [], "hand": [], "played": [],
        }
        for _ in range(n)
    ]
    state["middle"] = []
    state["display"] = []
    state["first"] = state["current"] = None
    state["turn"] = 0
    state["pending"] = None
    return state


def first_frames(state: State) -> list[Frame]:
    """The flow of a new game: the setup draws, the central board filled, the characters dealt
    and kept (in the variant), then the first turn."""
    fills = [{"step": "fill", "row": row, "slot": slot} for row, slot in SLOTS]
    keep = [{"step": "deal"}, {"step": "hands"}] if state["characters"] else []
    return [{"step": "first"}, {"step": "starts"}, {"step": "objectives"}, *fills, *keep, {"step": "turn"}]


def _in_turn_order(state: State, k: int) -> int:
    first: int = state["first"]
    return (first + k) % len(state["seats"])


def _next_start_seat(state: State) -> int | None:
    given = sum(1 for seat in state["seats"] if seat["start"])
    return _in_turn_order(state, given) if given < len(state["seats"]) else None


def _next_pile(state: State) -> str | None:
    objectives = catalog().objectives
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
        return [first_choice(seat) for seat in range(len(state["names"]))]

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        seat = choice.args_as(FirstPlayer).seat
        state["first"] = state["current"] = seat
        add_log(state, Say("{seat:seat} is the first player.", seat=seat))

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Say, str]:
        return Say("{seat:seat}", seat=choice.args_as(FirstPlayer).seat), ""

    def prompt(self, state: State, frame: Frame) -> Say:
        return Say("Draw the first player")


class Starts(Draw):
    name = "starts"
    topic = "setup"

    def options(self, state: State, frame: Frame) -> Sequence[Choice]:
        taken = {seat["start"] for seat in state["seats"]}
        return [start_choice(sid) for sid in sorted(catalog().starts) if sid not in taken]

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        seat, start = _next_start_seat(state), choice.args_as(StartTile).start
        record = state["seats"][seat]
        record["start"] = start
        record["realm"] = [[row, 0, start_cell(start, row)] for row in range(4)]
        add_log(state, Say("{seat:seat} gets the starting tile {start}.", seat=seat, start=start))
        if _next_start_seat(state) is not None:
            flow.push(frame)

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Say, Say]:
        start = choice.args_as(StartTile).start
        record = catalog().starts[start]
        rows = " ".join(LETTERS[kind] for kind in record["rows"])
        return (Say("Starting tile {start}", start=start),
                Say("rows {rows}; right edges {edges}", rows=rows, edges=", ".join(map(_edge_name, record["right"]))))

    def prompt(self, state: State, frame: Frame) -> Say:
        return Say("Draw a starting tile for {seat:seat}", seat=_next_start_seat(state))


class Objectives(Draw):
    name = "objectives"
    topic = "setup"

    def options(self, state: State, frame: Frame) -> Sequence[Choice]:
        colour = _next_pile(state)
        pile = sorted(oid for oid, card in catalog().objectives.items() if card["colour"] == colour)
        return [objective_choice(oid) for oid in pile if oid not in state["middle"]]

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        oid = choice.args_as(MiddleObjective).objective
        card = catalog().objectives[oid]
        state["middle"].append(oid)
        if logging(state):
            add_log(state, Say("The {colour:colour} objective '{oid:objective}' ({points} points) is laid in "
                               "the middle.", colour=card["colour"], oid=oid, points=card["points"]))
        if _next_pile(state) is not None:
            flow.push(frame)

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Say, Say]:
        oid = choice.args_as(MiddleObjective).objective
        card = catalog().objectives[oid]
        return Say("{oid:objective}", oid=oid), Say("{colour:colour}, {points} points", colour=card["colour"],
                                                     points=card["points"])

    def prompt(self, state: State, frame: Frame) -> Say:
        return Say("Draw a {colour:colour} objective for the middle", colour=_next_pile(state))


class Deal(Draw):
    name = "deal"
    topic = "characters"

    def options(self, state: State, frame: Frame) -> Sequence[Choice]:
        dealt = {cid for seat in state["seats"] for cid in seat["dealt"]}
        return [dealt_choice(cid) for cid in sorted(catalog().characters) if cid not in dealt]

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        seat, cid = _next_deal_seat(state), choice.args_as(DealtCharacter).character
        assert seat is not None, "the deal comes back only while a seat is owed a card"
        record = state["seats"][seat]
        record["dealt"] = sorted(record["dealt"] + [cid])
        size = hand_size(len(state["seats"]))
        last = len(record["dealt"]) == size  # the others hear of a hand once, when it is complete
        if logging(state):
            add_log(state, Say("You are dealt {cid:character}.", cid=cid), only=[seat],
                    others=Say("{seat:seat} is dealt {size} characters face down.", seat=seat, size=size) if last
                    else None)
        if _next_deal_seat(state) is not None:
            flow.push(frame)

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Say, Say]:
        cid = choice.args_as(DealtCharacter).character
        card = catalog().characters[cid]
        return Say("{cid:character}", cid=cid), Say("{title:title}, {cost} rubies", title=card["title"],
                                                    cost=card["cost"])

    def prompt(self, state: State, frame: Frame) -> Say:
        return Say("Deal a character face down to {seat:seat}", seat=_next_deal_seat(state))


class Hands(Auto):
    """Every player keeps 2 of the characters dealt, all at once; then the others go face up."""

    name = "hands"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        flow.push({"step": "reveal"})
        flow.parallel({seat: [{"step": "keep", "seat": seat}] for seat in range(len(state["seats"]))})


@cache
def keep_choice(pair: tuple[str, str], last: bool) -> Choice:
    return Choice.of(KeepPair(*pair), reveals=last)


@cache
def first_choice(seat: int) -> Choice:
    return Choice.of(FirstPlayer(seat))


@cache
def start_choice(start: str) -> Choice:
    return Choice.of(StartTile(start))


@cache
def objective_choice(oid: str) -> Choice:
    return Choice.of(MiddleObjective(oid))


@cache
def dealt_choice(cid: str) -> Choice:
    return Choice.of(DealtCharacter(cid))


class Keep(Ask):
    name = "keep"
    topic = "characters"

    def options(self, state: State, frame: Frame) -> Sequence[Choice]:
        last = sum(1 for seat in state["seats"] if not seat["hand"]) == 1  # it lays the others face up: no undo
        return [keep_choice(pair, last) for pair in combinations(state["seats"][frame["seat"]]["dealt"], 2)]

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        seat, pair = frame["seat"], choice.args_as(KeepPair)
        state["seats"][seat]["hand"] = [pair.first, pair.second]
        if logging(state):
            add_log(state, Say("You keep {first:character} and {second:character}.", first=pair.first,
                               second=pair.second),
                    only=[seat], others=Say("{seat:seat} keeps 2 characters.", seat=seat))

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Say, str]:
        pair = choice.args_as(KeepPair)
        return Say("Keep {first:character} and {second:character}", first=pair.first, second=pair.second), ""

    def prompt(self, state: State, frame: Frame) -> Say:
        return Say("Each player keeps 2 of the characters dealt")


class Reveal(Auto):
    name = "reveal"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        for record in state["seats"]:
            state["display"].extend(cid for cid in record["dealt"] if cid not in record["hand"])
            record["dealt"] = []
        if logging(state):
            add_log(state, Say("Characters face up beside the board: {display:characters}.",
                               display=list(state["display"])))


STEPS = (First(), Starts(), Objectives(), Deal(), Hands(), Keep(), Reveal())

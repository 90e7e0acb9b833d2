"""A turn: take a landscape from the central board, place it in the realm, use what it
activates (effects.py), in the characters variant a last chance to recruit, then refill the
central board from the supply. Also the first filling of the central board at setup.

In the characters variant a character may be recruited at any decision of the turn
(``TurnStep``); its power counts at once.
"""

from __future__ import annotations

from functools import cache
from typing import ClassVar, Sequence

from engine.core.contract import Choice, State
from engine.core.flow import Ask, Auto, Draw, Frame, Stack, Step
from engine.core.log import add_log, logging

from . import targets
from .actions import add_effects, complete_objectives, recruit
from .catalog import catalogue
from .legal import legal_placements, pairs, powers, recruitable
from .realm import fired_by, grid_of
from .text import edges_text, fired_text, tile_name, where

DONE = Choice("done")


@cache
def recruit_choice(cid: str, from_hand: bool) -> Choice:
    return Choice(f"recruit:{cid}", reveals=from_hand, target=targets.character(cid))


@cache
def take_choice(row: int, index: int) -> Choice:
    return Choice(f"take:{row}:{index}", target=targets.slot(row, index))


@cache
def place_choice(seat: int, row: int, col: int) -> Choice:
    return Choice(f"place:{row}:{col}", target=targets.cell(seat, row, col))


class _Outcomes(dict):
    """Tile id -> the chance outcome drawing it, made once (a supply draw lists up to 88)."""

    def __missing__(self, tile: str) -> Choice:
        choice = self[tile] = Choice(tile)
        return choice


OUTCOMES = _Outcomes()


def recruit_choices(state: State) -> list[Choice]:
    hand = state["seats"][state["current"]]["hand"]
    return [recruit_choice(cid, cid in hand) for cid in recruitable(state)]


def mover_name(state: State) -> str:
    return state["names"][state["current"]]


class TurnStep(Ask):
    """A decision of the player to move: its own choices, then the characters it can recruit.
    After a recruit the step comes back, or (``settles``) the turn's effects are looked at
    again: a character may have given a Moon, or made a tile movable."""

    settles: ClassVar[bool] = False

    def actor(self, state: State, frame: Frame) -> int:
        return state["current"]

    def options(self, state: State, frame: Frame) -> Sequence[Choice]:
        own = self.own_options(state, frame)
        return own + recruit_choices(state) if state["characters"] else own

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        if choice.id.startswith("recruit:"):
            recruit(state, choice.id[8:])
            complete_objectives(state)
            flow.push({"step": "settle"} if self.settles else frame)
        else:
            self.own_act(state, frame, choice, flow)

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[str, str]:
        if choice.id.startswith("recruit:"):
            cid = choice.id[8:]
            character = catalogue().characters[cid]
            source = "your hand" if cid in state["seats"][state["current"]]["hand"] else "the display"
            return f"Recruit {character['name']} from {source} ({character['cost']} rubies)", character["text"]
        return self.own_describe(state, frame, choice)

    def own_options(self, state: State, frame: Frame) -> list[Choice]:
        raise NotImplementedError

    def own_act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        raise NotImplementedError

    def own_describe(self, state: State, frame: Frame, choice: Choice) -> tuple[str, str]:
        raise NotImplementedError


class Turn(Auto):
    """A player's turn starts: nothing taken, nothing activated yet."""

    name = "turn"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        state["pending"] = {
            "row": None, "slot": None, "tile": None, "pos": None, "effects": {}, "genie": False,
            "moves": 0, "moved_from": {}, "swapped": False,
        }
        flow.push({"step": "take"})


class Take(TurnStep):
    name = "take"
    topic = "turn"

    def own_options(self, state: State, frame: Frame) -> list[Choice]:
        board = state["board"]
        return [take_choice(row, index) for row in range(4) for index in range(2) if board[row][index] is not None]

    def own_act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        row, index = map(int, choice.id[5:].split(":"))
        tile = state["board"][row][index]
        state["board"][row][index] = None
        state["pending"].update(row=row, slot=index, tile=tile)
        flow.push({"step": "place"})

    def own_describe(self, state: State, frame: Frame, choice: Choice) -> tuple[str, str]:
        row, index = map(int, choice.id[5:].split(":"))
        tile = state["board"][row][index]
        places = {pos: fired_here(state, tile, pos) for pos in legal_placements(state, row)}
        return f"{tile_name(tile)} from row {row + 1}", f"{placing_text(places, row)} · edges {edges_text(tile)}"

    def prompt(self, state: State, frame: Frame) -> str:
        return f"{mover_name(state)}: take a landscape from the central board"


def placing_text(places: dict[tuple[int, int], list[str]], row: int) -> str:
    """What placing a landscape could activate, best places first, the effects before the place
    (a list cut at 80 columns still tells the choices apart): 'Genie, Moon (col 3); Ruby
    (col 1); nothing (col 2)' (columns of its own row; 'row 1 col 2' elsewhere)."""
    def spot(pos: tuple[int, int]) -> str:
        return f"col {pos[1]}" if pos[0] == row else f"row {pos[0] + 1} col {pos[1]}"

    ranked = sorted(places.items(), key=lambda item: (-len(item[1]), item[0]))
    active = [f"{fired_text(fired)[len('activates '):]} ({spot(pos)})" for pos, fired in ranked if fired]
    idle = [spot(pos) for pos, fired in ranked if not fired]
    if not active:
        return "activates nothing wherever it goes"
    return "; ".join(active + ([f"nothing ({', '.join(idle)})"] if idle else []))


def fired_here(state: State, tile: str, pos: tuple[int, int]) -> list[str]:
    """What placing ``tile`` (not yet in the realm) at ``pos`` activates."""
    realm = state["seats"][state["current"]]["realm"]
    return fired_by(grid_of(realm), [(tile, None, pos)], catalogue().faces, pairs(state))


class Place(TurnStep):
    name = "place"
    topic = "placement"

    def own_options(self, state: State, frame: Frame) -> list[Choice]:
        seat = state["current"]
        return [place_choice(seat, row, col) for row, col in legal_placements(state)]

    def own_act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        pos = position_in(choice.id)
        seat = state["current"]
        pending = state["pending"]
        tile = pending["tile"]
        fired = fired_here(state, tile, pos)
        state["seats"][seat]["realm"].append([pos[0], pos[1], tile])
        pending["pos"] = list(pos)
        add_effects(pending, fired)
        if "free_genie" in powers(state):
            pending["genie"] = True
        if logging(state):
            add_log(state, f"{mover_name(state)} takes the {tile_name(tile)} from row {pending['row'] + 1} "
                           f"and places it at {where(pos)}; {fired_text(fired)}.")
        complete_objectives(state)
        flow.push({"step": "settle"})

    def own_describe(self, state: State, frame: Frame, choice: Choice) -> tuple[str, str]:
        pos = position_in(choice.id)
        return f"At {where(pos)}", fired_text(fired_here(state, state["pending"]["tile"], pos))

    def prompt(self, state: State, frame: Frame) -> str:
        pending = state["pending"]
        return f"{mover_name(state)}: place the {tile_name(pending['tile'])} (from row {pending['row'] + 1})"


class Finish(TurnStep):
    """Characters variant, while a character is affordable: the last chance to recruit."""

    name = "finish"
    topic = "characters"
    settles = True

    def options(self, state: State, frame: Frame) -> Sequence[Choice]:
        return [*recruit_choices(state), DONE]

    def own_act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        flow.push({"step": "refill"})

    def own_describe(self, state: State, frame: Frame, choice: Choice) -> tuple[str, str]:
        return "End your turn", "the central board is refilled"

    def prompt(self, state: State, frame: Frame) -> str:
        return f"{mover_name(state)}: recruit a character before your turn ends, or end it"


class SupplyDraw(Draw):
    """A landscape drawn from the supply: one outcome per tile left in it."""

    topic = "supply"

    def options(self, state: State, frame: Frame) -> Sequence[Choice]:
        return tuple(map(OUTCOMES.__getitem__, state["supply"]))

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[str, str]:
        return f"{tile_name(choice.id)} {choice.id}", edges_text(choice.id)


class Fill(SupplyDraw):
    """Setup: one of the 8 landscapes first laid on the central board (frame: row, slot)."""

    name = "fill"

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        tile, row = choice.id, frame["row"]
        state["supply"].remove(tile)
        state["board"][row][frame["slot"]] = tile
        if logging(state):
            add_log(state, f"The {tile_name(tile)} {tile} is laid on row {row + 1} of the central board.")

    def prompt(self, state: State, frame: Frame) -> str:
        return f"Draw a landscape for row {frame['row'] + 1} of the central board"


class Refill(SupplyDraw):
    """The end of a turn: the emptied slot is refilled; the refill that empties the supply ends the game."""

    name = "refill"

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        tile, pending = choice.id, state["pending"]
        state["supply"].remove(tile)
        state["board"][pending["row"]][pending["slot"]] = tile
        if logging(state):
            add_log(state, f"Row {pending['row'] + 1} is refilled with the {tile_name(tile)} {tile}.")
        if not state["supply"]:
            state["pending"] = None
            add_log(state, "The last landscape of the supply is on the central board: the game ends.")
            return
        state["turn"] += 1
        state["current"] = (state["current"] + 1) % len(state["seats"])
        flow.push({"step": "turn"})

    def prompt(self, state: State, frame: Frame) -> str:
        return f"Draw a landscape to refill row {state['pending']['row'] + 1}"


def position_in(choice_id: str) -> tuple[int, int]:
    """The realm position in one of the steps' own 'place:r:c' or 'to:r:c' ids."""
    _, row, col = choice_id.split(":")
    return int(row), int(col)


STEPS: tuple[Step, ...] = (Turn(), Take(), Place(), Finish(), Fill(), Refill())

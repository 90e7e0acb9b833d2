"""A turn: take a landscape from the central board, place it in the realm, use what it
activates (effects.py), in the characters variant a last chance to recruit, then refill the
central board from the supply. Also the first filling of the central board at setup.

In the characters variant a character may be recruited at any decision of the turn
(``TurnStep``); its power counts at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import ClassVar

from engine.core.contract import Choice, State
from engine.core.flow import Ask, Auto, Draw, Frame, Stack, Step
from engine.core.log import add_log, logging
from engine.core.text import Said, Say

from . import targets
from .actions import add_effects, complete_objectives, recruit
from .catalog import catalog
from .choices import Done, PlaceAt, Recruit, SupplyTile, TakeSlot
from .legal import legal_placements, pairs, powers, recruitable
from .realm import fired_by, grid_of

DONE = Choice.of(Done())


@cache
def recruit_choice(cid: str, from_hand: bool) -> Choice:
    return Choice.of(Recruit(cid), reveals=from_hand, target=targets.character(cid))


@cache
def take_choice(row: int, index: int) -> Choice:
    return Choice.of(TakeSlot(row, index), target=targets.slot(row, index))


@cache
def place_choice(seat: int, row: int, col: int) -> Choice:
    return Choice.of(PlaceAt(row, col), target=targets.cell(seat, row, col))


class _Outcomes(dict[str, Choice]):
    """Tile id -> the chance outcome drawing it, made once (a supply draw lists up to 88)."""

    def __missing__(self, tile: str) -> Choice:
        choice = self[tile] = Choice.of(SupplyTile(tile))
        return choice


OUTCOMES = _Outcomes()


def recruit_choices(state: State) -> list[Choice]:
    hand = state["seats"][state["current"]]["hand"]
    return [recruit_choice(cid, cid in hand) for cid in recruitable(state)]


def mover(state: State) -> int:
    """The seat whose turn it is."""
    seat: int = state["current"]
    return seat


class TurnStep(Ask):
    """A decision of the player to move: its own choices, then the characters it can recruit.
    After a recruit the step comes back, or (``settles``) the turn's effects are looked at
    again: a character may have given a Moon, or made a tile movable."""

    settles: ClassVar[bool] = False

    def actor(self, state: State, frame: Frame) -> int:
        return mover(state)

    def options(self, state: State, frame: Frame) -> Sequence[Choice]:
        own = self.own_options(state, frame)
        return own + recruit_choices(state) if state["characters"] else own

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        if isinstance(choice.args, Recruit):
            recruit(state, choice.args.character)
            complete_objectives(state)
            flow.push({"step": "settle"} if self.settles else frame)
        else:
            self.own_act(state, frame, choice, flow)

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        if isinstance(choice.args, Recruit):
            cid = choice.args.character
            character = catalog().characters[cid]
            in_hand = cid in state["seats"][state["current"]]["hand"]
            label = (Say("Recruit {cid:character} from your hand ({cost} rubies)", cid=cid, cost=character["cost"])
                     if in_hand else
                     Say("Recruit {cid:character} from the display ({cost} rubies)", cid=cid, cost=character["cost"]))
            return label, Say("{cid:power}", cid=cid)
        return self.own_describe(state, frame, choice)

    def own_options(self, state: State, frame: Frame) -> list[Choice]:
        raise NotImplementedError

    def own_act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        raise NotImplementedError

    def own_describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
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
        take = choice.args_as(TakeSlot)
        row, index = take.row, take.index
        tile = state["board"][row][index]
        state["board"][row][index] = None
        state["pending"].update(row=row, slot=index, tile=tile)
        flow.push({"step": "place"})

    def own_describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Say, Say]:
        take = choice.args_as(TakeSlot)
        row, index = take.row, take.index
        tile = state["board"][row][index]
        places = [[*pos, fired_here(state, tile, pos)] for pos in legal_placements(state, row)]
        return (Say("{tile:tile} from row {row}", tile=tile, row=row + 1),
                Say("{placing:placing} · edges {tile:edges}", placing={"row": row, "places": places}, tile=tile))

    def prompt(self, state: State, frame: Frame) -> Say:
        return Say("{seat:seat}: take a landscape from the central board", seat=mover(state))


def fired_here(state: State, tile: str, pos: tuple[int, int]) -> list[str]:
    """What placing ``tile`` (not yet in the realm) at ``pos`` activates."""
    realm = state["seats"][state["current"]]["realm"]
    return fired_by(grid_of(realm), [(tile, None, pos)], catalog().faces, pairs(state))


class Place(TurnStep):
    name = "place"
    topic = "placement"

    def own_options(self, state: State, frame: Frame) -> list[Choice]:
        seat = state["current"]
        return [place_choice(seat, row, col) for row, col in legal_placements(state)]

    def own_act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        place = choice.args_as(PlaceAt)
        pos = place.row, place.col
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
            add_log(state, Say("{seat:seat} takes the {tile:tile} from row {row} and places it at {pos:where}; "
                               "{fired:fired}.", seat=seat, tile=tile, row=pending["row"] + 1, pos=list(pos),
                               fired=fired))
        complete_objectives(state)
        flow.push({"step": "settle"})

    def own_describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Say, Say]:
        place = choice.args_as(PlaceAt)
        pos = place.row, place.col
        return (Say("At {pos:where}", pos=list(pos)),
                Say("{fired:fired}", fired=fired_here(state, state["pending"]["tile"], pos)))

    def prompt(self, state: State, frame: Frame) -> Say:
        pending = state["pending"]
        return Say("{seat:seat}: place the {tile:tile} (from row {row})", seat=mover(state), tile=pending["tile"],
                   row=pending["row"] + 1)


class Finish(TurnStep):
    """Characters variant, while a character is affordable: the last chance to recruit."""

    name = "finish"
    topic = "characters"
    settles = True

    def options(self, state: State, frame: Frame) -> Sequence[Choice]:
        return [*recruit_choices(state), DONE]

    def own_act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        flow.push({"step": "refill"})

    def own_describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Say, Say]:
        return Say("End your turn"), Say("the central board is refilled")

    def prompt(self, state: State, frame: Frame) -> Say:
        return Say("{seat:seat}: recruit a character before your turn ends, or end it", seat=mover(state))


class SupplyDraw(Draw):
    """A landscape drawn from the supply: one outcome per tile left in it."""

    topic = "supply"

    def options(self, state: State, frame: Frame) -> Sequence[Choice]:
        return tuple(map(OUTCOMES.__getitem__, state["supply"]))

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Say, Say]:
        tile = choice.args_as(SupplyTile).tile
        return Say("{name:tile} {tile}", name=tile, tile=tile), Say("{tile:edges}", tile=tile)


class Fill(SupplyDraw):
    """Setup: one of the 8 landscapes first laid on the central board (frame: row, slot)."""

    name = "fill"

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        tile, row = choice.args_as(SupplyTile).tile, frame["row"]
        state["supply"].remove(tile)
        state["board"][row][frame["slot"]] = tile
        if logging(state):
            add_log(state, Say("The {name:tile} {tile} is laid on row {row} of the central board.", name=tile,
                               tile=tile, row=row + 1))

    def prompt(self, state: State, frame: Frame) -> Say:
        return Say("Draw a landscape for row {row} of the central board", row=frame["row"] + 1)


class Refill(SupplyDraw):
    """The end of a turn: the emptied slot is refilled; the refill that empties the supply ends the game."""

    name = "refill"

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        tile, pending = choice.args_as(SupplyTile).tile, state["pending"]
        state["supply"].remove(tile)
        state["board"][pending["row"]][pending["slot"]] = tile
        if logging(state):
            add_log(state, Say("Row {row} is refilled with the {name:tile} {tile}.", row=pending["row"] + 1, name=tile,
                               tile=tile))
        if not state["supply"]:
            state["pending"] = None
            add_log(state, Say("The last landscape of the supply is on the central board: the game ends."))
            return
        state["turn"] += 1
        state["current"] = (state["current"] + 1) % len(state["seats"])
        flow.push({"step": "turn"})

    def prompt(self, state: State, frame: Frame) -> Say:
        return Say("Draw a landscape to refill row {row}", row=state["pending"]["row"] + 1)


STEPS: tuple[Step, ...] = (Turn(), Take(), Place(), Finish(), Fill(), Refill())

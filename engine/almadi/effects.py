"""What a placed landscape activates: the immediate effects (Martelin, Stall, Ruby, Moon; any
order, each optional), then the Genie (up to 3 moves a turn, each of which may activate more),
or a swap of two landscapes with Hussain.

``settle`` runs after everything that may change what is left to use, and decides what comes
next: the effects, the Genie, the last chance to recruit, or the refill.
"""

from __future__ import annotations

from functools import cache

from engine.core.contract import Choice, State
from engine.core.flow import Auto, Frame, Stack
from engine.core.log import add_log, logging
from engine.core.text import Said, Say

from . import targets
from .actions import add_effects, complete_objectives, effect_amount, use_effect
from .catalog import catalog
from .choices import Done, GenieTile, MoonObjective, MoveTo, SwapTile, SwapWith, UseEffect
from .legal import (
    GENIE_MOVES_PER_TURN,
    IMMEDIATE,
    can_use_genie,
    destinations,
    moon_targets,
    movable,
    pairs,
    powers,
    realm_positions,
    recruitable,
    swap_partners,
    swappable,
    usable,
)
from .realm import fired_by, grid_of
from .text import EFFECT_LABELS
from .turn import DONE, TurnStep, mover

EFFECT_CHOICES = {
    "martelin": Choice.of(UseEffect("martelin"), target=targets.DECKS["mosaic"]),
    "stall": Choice.of(UseEffect("stall"), target=targets.DECKS["stall"]),
    "ruby": Choice.of(UseEffect("ruby"), target=targets.RUBIES),
}


@cache
def moon_choice(oid: str) -> Choice:
    return Choice.of(MoonObjective(oid), target=targets.objective(oid))


@cache
def tile_choice(kind: type[GenieTile | SwapTile | SwapWith], seat: int, tile: str, row: int, col: int) -> Choice:
    """A tile of the realm to move, swap, or swap with, aimed at the cell it is in."""
    return Choice.of(kind(tile), target=targets.cell(seat, row, col))


@cache
def to_choice(seat: int, row: int, col: int) -> Choice:
    return Choice.of(MoveTo(row, col), target=targets.cell(seat, row, col))


class Settle(Auto):
    """Activated effects that can do nothing now are dropped; then what comes next."""

    name = "settle"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        pending = state["pending"]
        effects = pending["effects"]
        for effect in IMMEDIATE:
            if effects.get(effect) and not usable(state, effect):
                effects[effect] = 0
        if any(effects.get(effect) for effect in IMMEDIATE):
            flow.push({"step": "effects"})
            return
        if pending["genie"]:
            pending["genie"] = can_use_genie(state)
        if pending["genie"]:
            flow.push({"step": "genie"})
        elif state["characters"] and recruitable(state):
            flow.push({"step": "finish"})
        else:
            flow.push({"step": "refill"})


class Effects(TurnStep):
    name = "effects"
    topic = "effects"
    settles = True

    def own_options(self, state: State, frame: Frame) -> list[Choice]:
        effects = state["pending"]["effects"]
        choices = [EFFECT_CHOICES[effect] for effect in ("martelin", "stall", "ruby") if effects.get(effect)]
        if effects.get("moon"):
            choices.extend(moon_choice(oid) for oid, _ in moon_targets(state))
        choices.append(DONE)
        return choices

    def own_act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        match choice.args:
            case Done():
                pending = state["pending"]
                if logging(state):
                    add_log(state, Say("{seat:seat} leaves unused: {effects:counted}.", seat=mover(state),
                                       effects=dict(pending["effects"])))
                pending["effects"] = {}
            case MoonObjective(oid):
                use_effect(state, "moon", oid)
                complete_objectives(state)
            case UseEffect(effect):
                use_effect(state, effect, "")
                complete_objectives(state)
        flow.push({"step": "settle"})

    def own_describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        pending = state["pending"]
        match choice.args:
            case Done():
                if pending["genie"]:
                    return Say("Skip the remaining effects (the Genie comes next)"), ""
                return Say("Skip the remaining effects"), ""
            case MoonObjective(oid):
                card = catalog().objectives[oid]
                owner = next((seat for seat, record in enumerate(state["seats"])
                              if any(o["id"] == oid for o in record["objectives"])), None)
                hint = Say("{colour:colour}, {points} points", colour=card["colour"], points=card["points"])
                if owner is None:
                    return Say("Moon: take '{oid:objective}' from the middle", oid=oid), hint
                return Say("Moon: take '{oid:objective}' from {owner:seat}", oid=oid, owner=owner), hint
        effect = choice.args_as(UseEffect).effect
        count = pending["effects"][effect]
        return (EFFECT_LABELS[effect][effect_amount(effect, powers(state)) - 1],
                Say("{count} activated", count=count) if count > 1 else "")

    def prompt(self, state: State, frame: Frame) -> Say:
        return Say("{seat:seat}: use the activated effects (any order, each optional)", seat=mover(state))


class Genie(TurnStep):
    """Which landscape the Genie moves (or, with Hussain, which one to swap), or none."""

    name = "genie"
    topic = "genie"
    settles = True

    def own_options(self, state: State, frame: Frame) -> list[Choice]:
        seat = state["current"]
        choices = [tile_choice(GenieTile, seat, tile, *pos) for tile, pos in movable(state)]
        choices.extend(tile_choice(SwapTile, seat, tile, *pos) for tile, pos in swappable(state))
        choices.append(DONE)
        return choices

    def own_act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        match choice.args:
            case GenieTile(tile):
                flow.push({"step": "genie_to", "tile": tile})
            case SwapTile(tile):
                flow.push({"step": "genie_with", "tile": tile})
            case _:
                add_log(state, Say("{seat:seat} does not use the Genie.", seat=mover(state)))
                state["pending"]["genie"] = False
                flow.push({"step": "settle"})

    def own_describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, str]:
        match choice.args:
            case GenieTile(tile):
                return Say("Move the {tile:tile} at {at:where}", tile=tile, at=list(realm_positions(state)[tile])), ""
            case SwapTile(tile):
                return Say("Hussain: swap the {tile:tile} at {at:where} with another", tile=tile,
                           at=list(realm_positions(state)[tile])), ""
        return Say("Skip the Genie move"), ""

    def prompt(self, state: State, frame: Frame) -> Say:
        return Say("{seat:seat}: Genie move {move} of at most {most} - choose a landscape to move", seat=mover(state),
                   move=state["pending"]["moves"] + 1, most=GENIE_MOVES_PER_TURN)


def fired_by_moves(state: State, moves: dict[str, tuple[int, int]]) -> list[str]:
    """What moving the mover's tiles to the places in ``moves`` activates."""
    origins = realm_positions(state)
    grid = grid_of(state["seats"][state["current"]]["realm"])
    return fired_by(grid, [(tile, origins[tile], pos) for tile, pos in moves.items()], catalog().faces, pairs(state))


def move_tiles(state: State, moves: dict[str, tuple[int, int]]) -> None:
    """A Genie move (one tile) or a swap (two), and what it activates."""
    pending = state["pending"]
    origins = realm_positions(state)
    fired = fired_by_moves(state, moves)
    for entry in state["seats"][state["current"]]["realm"]:
        if entry[2] in moves:
            entry[0], entry[1] = moves[entry[2]]
    for tile in moves:
        pending["moved_from"][tile] = list(origins[tile])
    if pending["tile"] in moves:
        pending["pos"] = list(moves[pending["tile"]])  # the view marks where the placed tile is now
    pending["moves"] += 1
    pending["genie"] = False
    add_effects(pending, fired)
    if logging(state):
        moved = [[tile, list(origins[tile]), list(pos)] for tile, pos in moves.items()]
        if len(moved) == 1:
            add_log(state, Say("{seat:seat}'s Genie moves the {tile:tile} from {origin:where} to {to:where}; "
                               "{fired:fired}.", seat=mover(state), tile=moved[0][0], origin=moved[0][1],
                               to=moved[0][2], fired=fired))
        else:
            add_log(state, Say("{seat:seat}'s Genie moves the {tile:tile} from {origin:where} to {to:where} and the "
                               "{other:tile} from {other_origin:where} to {other_to:where}; {fired:fired}.",
                               seat=mover(state), tile=moved[0][0], origin=moved[0][1], to=moved[0][2],
                               other=moved[1][0], other_origin=moved[1][1], other_to=moved[1][2], fired=fired))


class GenieTo(TurnStep):
    """Where the Genie moves the landscape chosen (frame: tile)."""

    name = "genie_to"
    topic = "genie"

    def own_options(self, state: State, frame: Frame) -> list[Choice]:
        seat = state["current"]
        return [to_choice(seat, row, col) for row, col in destinations(state, frame["tile"])]

    def own_act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        to = choice.args_as(MoveTo)
        move_tiles(state, {frame["tile"]: (to.row, to.col)})
        complete_objectives(state)
        flow.push({"step": "settle"})

    def own_describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Say, Say]:
        to = choice.args_as(MoveTo)
        pos = to.row, to.col
        return (Say("To {pos:where}", pos=list(pos)),
                Say("{fired:fired}", fired=fired_by_moves(state, {frame["tile"]: pos})))

    def prompt(self, state: State, frame: Frame) -> Say:
        tile = frame["tile"]
        return Say("{seat:seat}: where does the Genie move the {tile:tile} from {at:where}?", seat=mover(state),
                   tile=tile, at=list(realm_positions(state)[tile]))


class GenieWith(TurnStep):
    """Hussain: the landscape the one chosen swaps places with (frame: tile)."""

    name = "genie_with"
    topic = "genie"

    def own_options(self, state: State, frame: Frame) -> list[Choice]:
        seat = state["current"]
        return [tile_choice(SwapWith, seat, other, *pos) for other, pos in swap_partners(state, frame["tile"])]

    def own_act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        move_tiles(state, self._swap(state, frame["tile"], choice.args_as(SwapWith).tile))
        state["pending"]["swapped"] = True
        complete_objectives(state)
        flow.push({"step": "settle"})

    def own_describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Say, Say]:
        other = choice.args_as(SwapWith).tile
        label = Say("Swap with the {tile:tile} at {at:where}", tile=other, at=list(realm_positions(state)[other]))
        return label, Say("{fired:fired}", fired=fired_by_moves(state, self._swap(state, frame["tile"], other)))

    def prompt(self, state: State, frame: Frame) -> Say:
        return Say("{seat:seat}: swap the {tile:tile} with which landscape?", seat=mover(state), tile=frame["tile"])

    @staticmethod
    def _swap(state: State, tile: str, other: str) -> dict[str, tuple[int, int]]:
        positions = realm_positions(state)
        return {tile: positions[other], other: positions[tile]}


STEPS = (Settle(), Effects(), Genie(), GenieTo(), GenieWith())

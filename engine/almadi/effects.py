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

from . import targets
from .actions import add_effects, complete_objectives, effect_amount, use_effect
from .catalog import catalogue
from .legal import (GENIE_MOVES_PER_TURN, IMMEDIATE, can_use_genie, destinations, moon_targets, movable, pairs, powers,
                    realm_positions, recruitable, swap_partners, swappable, usable)
from .realm import fired_by, grid_of
from .text import EFFECT_LABELS, counted_text, fired_text, objective_text, tile_name, where
from .turn import DONE, TurnStep, mover_name, position_in

EFFECT_CHOICES = {
    "martelin": Choice("fx:martelin", target=targets.DECKS["mosaic"]),
    "stall": Choice("fx:stall", target=targets.DECKS["stall"]),
    "ruby": Choice("fx:ruby", target=targets.RUBIES),
}


@cache
def moon_choice(oid: str) -> Choice:
    return Choice(f"fx:moon:{oid}", target=targets.objective(oid))


@cache
def tile_choice(kind: str, seat: int, tile: str, row: int, col: int) -> Choice:
    """'genie:', 'swap:' or 'with:' a tile of the realm, aimed at the cell it is in."""
    return Choice(f"{kind}:{tile}", target=targets.cell(seat, row, col))


@cache
def to_choice(seat: int, row: int, col: int) -> Choice:
    return Choice(f"to:{row}:{col}", target=targets.cell(seat, row, col))


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
        if choice.id == "done":
            pending = state["pending"]
            if logging(state):
                add_log(state, f"{mover_name(state)} leaves unused: {counted_text(pending['effects'])}.")
            pending["effects"] = {}
        else:
            effect, _, oid = choice.id[3:].partition(":")
            use_effect(state, effect, oid)
            complete_objectives(state)
        flow.push({"step": "settle"})

    def own_describe(self, state: State, frame: Frame, choice: Choice) -> tuple[str, str]:
        pending = state["pending"]
        if choice.id == "done":
            return "Skip the remaining effects" + (" (the Genie comes next)" if pending["genie"] else ""), ""
        effect, _, oid = choice.id[3:].partition(":")
        if effect == "moon":
            card = catalogue().objectives[oid]
            owner = next((seat for seat, record in enumerate(state["seats"])
                          if any(o["id"] == oid for o in record["objectives"])), None)
            source = "the middle" if owner is None else state["names"][owner]
            return f"Moon: take '{objective_text(oid)}' from {source}", f"{card['colour']}, {card['points']} points"
        count = pending["effects"][effect]
        return EFFECT_LABELS[effect][effect_amount(effect, powers(state)) - 1], f"{count} activated" if count > 1 else ""

    def prompt(self, state: State, frame: Frame) -> str:
        return f"{mover_name(state)}: use the activated effects (any order, each optional)"


class Genie(TurnStep):
    """Which landscape the Genie moves (or, with Hussain, which one to swap), or none."""

    name = "genie"
    topic = "genie"
    settles = True

    def own_options(self, state: State, frame: Frame) -> list[Choice]:
        seat = state["current"]
        choices = [tile_choice("genie", seat, tile, *pos) for tile, pos in movable(state)]
        choices.extend(tile_choice("swap", seat, tile, *pos) for tile, pos in swappable(state))
        choices.append(DONE)
        return choices

    def own_act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        kind, _, tile = choice.id.partition(":")
        if kind == "done":
            add_log(state, f"{mover_name(state)} does not use the Genie.")
            state["pending"]["genie"] = False
            flow.push({"step": "settle"})
        else:
            flow.push({"step": "genie_to" if kind == "genie" else "genie_with", "tile": tile})

    def own_describe(self, state: State, frame: Frame, choice: Choice) -> tuple[str, str]:
        kind, _, tile = choice.id.partition(":")
        if kind == "done":
            return "Skip the Genie move", ""
        at = where(realm_positions(state)[tile])
        if kind == "genie":
            return f"Move the {tile_name(tile)} at {at}", ""
        return f"Hussain: swap the {tile_name(tile)} at {at} with another", ""

    def prompt(self, state: State, frame: Frame) -> str:
        moves = state["pending"]["moves"]
        return (f"{mover_name(state)}: Genie move {moves + 1} of at most {GENIE_MOVES_PER_TURN} - "
                "choose a landscape to move")


def fired_by_moves(state: State, moves: dict[str, tuple[int, int]]) -> list[str]:
    """What moving the mover's tiles to the places in ``moves`` activates."""
    origins = realm_positions(state)
    grid = grid_of(state["seats"][state["current"]]["realm"])
    return fired_by(grid, [(tile, origins[tile], pos) for tile, pos in moves.items()], catalogue().faces, pairs(state))


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
        described = " and ".join(f"the {tile_name(t)} from {where(origins[t])} to {where(p)}" for t, p in moves.items())
        add_log(state, f"{mover_name(state)}'s Genie moves {described}; {fired_text(fired)}.")


class GenieTo(TurnStep):
    """Where the Genie moves the landscape chosen (frame: tile)."""

    name = "genie_to"
    topic = "genie"

    def own_options(self, state: State, frame: Frame) -> list[Choice]:
        seat = state["current"]
        return [to_choice(seat, row, col) for row, col in destinations(state, frame["tile"])]

    def own_act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        move_tiles(state, {frame["tile"]: position_in(choice.id)})
        complete_objectives(state)
        flow.push({"step": "settle"})

    def own_describe(self, state: State, frame: Frame, choice: Choice) -> tuple[str, str]:
        pos = position_in(choice.id)
        return f"To {where(pos)}", fired_text(fired_by_moves(state, {frame["tile"]: pos}))

    def prompt(self, state: State, frame: Frame) -> str:
        tile = frame["tile"]
        return (f"{mover_name(state)}: where does the Genie move the {tile_name(tile)} "
                f"from {where(realm_positions(state)[tile])}?")


class GenieWith(TurnStep):
    """Hussain: the landscape the one chosen swaps places with (frame: tile)."""

    name = "genie_with"
    topic = "genie"

    def own_options(self, state: State, frame: Frame) -> list[Choice]:
        seat = state["current"]
        return [tile_choice("with", seat, other, *pos) for other, pos in swap_partners(state, frame["tile"])]

    def own_act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        move_tiles(state, self._swap(state, frame["tile"], choice.id[5:]))
        state["pending"]["swapped"] = True
        complete_objectives(state)
        flow.push({"step": "settle"})

    def own_describe(self, state: State, frame: Frame, choice: Choice) -> tuple[str, str]:
        other = choice.id[5:]
        label = f"Swap with the {tile_name(other)} at {where(realm_positions(state)[other])}"
        return label, fired_text(fired_by_moves(state, self._swap(state, frame["tile"], other)))

    def prompt(self, state: State, frame: Frame) -> str:
        return f"{mover_name(state)}: swap the {tile_name(frame['tile'])} with which landscape?"

    @staticmethod
    def _swap(state: State, tile: str, other: str) -> dict[str, tuple[int, int]]:
        positions = realm_positions(state)
        return {tile: positions[other], other: positions[tile]}


STEPS = (Settle(), Effects(), Genie(), GenieTo(), GenieWith())

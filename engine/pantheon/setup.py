"""A new game: the components before any draw (``new_state``), then the setup steps: the face-up
row and each seat's five cards dealt from the deck (chance.py's ``deal``), and a bonus tile for
each seat, drawn at random (``bonus_draw``) or, in the variant, chosen from the last player
to the first (``bonus_pick``). Epoch 1's preparation follows (epochs.py); the bonus tiles act
at its end.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from engine.core import Choice, Draw, Frame, Stack, add_log
from engine.core.rng import seed_state
from engine.core.text import Said, Say

from .cards import ROW_SIZE
from .catalog import OFFERING_KINDS, catalog
from .chance import LOW_DEMIGODS, deal
from .choices import BonusDrawn, PickBonus
from .common import PIECES_PER_COLOUR, Choose, State
from .targets import bonus

START_FEET, START_COLUMNS, START_CARDS = 4, 3, 5
VP_CATEGORIES = ("gods", "epoch", "demigods", "columns", "pietalte")


def new_player() -> dict[str, Any]:
    return {
        "hand": {}, "hand_known": {}, "feet": START_FEET, "columns": START_COLUMNS, "feet_on": [], "columns_on": [],
        "feet_general": PIECES_PER_COLOUR - START_FEET, "columns_general": PIECES_PER_COLOUR - START_COLUMNS,
        "tiles": {k: 0 for k in OFFERING_KINDS}, "gods": [], "traitera_used": 0, "demigods": [], "demigods_known": [],
        "steps": 0, "bonus": None, "vp": {c: 0 for c in VP_CATEGORIES},
    }


def new_state(names: list[str], seed: int) -> State:
    """Every component in its place before the first draw, the RNG seeded."""
    cat = catalog()
    state: State = {
        "names": list(names), "n": len(names),
        "epoch": 0, "nations": [],
        "start": 0, "active": 0, "temple": None, "big_foot": None,
        "god_stack": sorted(cat.gods), "god_box": [], "god_display": [], "gods_shown": 0,
        "demigods_low": {str(v): c for v, c in cat.demigods.items() if v <= LOW_DEMIGODS},
        "demigods_high": {str(v): c for v, c in cat.demigods.items() if v > LOW_DEMIGODS},
        "demigod_display": [], "demigod_box": [],
        "loot_bag": {k: r["count"] for k, r in cat.loot.items()}, "loot": {}, "loot_box": {},
        "deck": dict(cat.action_deck), "discard": {}, "row": [],
        "special_money": list(cat.special_money),
        "tile_stock": {k: [4, 4] for k in OFFERING_KINDS}, "tile_box": {k: [0, 0] for k in OFFERING_KINDS},
        "players": [new_player() for _ in names], "occupied": {},
        "log": [],
    }
    seed_state(state, seed)
    return state


def first_frames(state: State, options: Mapping[str, Any]) -> list[Frame]:
    """The setup steps, then epoch 1's preparation: the face-up row, each seat's hand, the bonus tiles."""
    n = state["n"]
    frames = [deal(None, ROW_SIZE)] + [deal(seat, START_CARDS) for seat in range(n)]
    if options.get("bonus", "random") == "choose":
        frames += [{"step": "bonus_pick", "seat": seat} for seat in reversed(range(n))]
    else:
        frames += [{"step": "bonus_draw", "seat": seat} for seat in range(n)]
    return [*frames, {"step": "prep"}]


# -- bonus tiles ----------------------------------------------------------------------------------


def bonus_left(state: State) -> list[str]:
    """The bonus tiles nobody has (yet)."""
    taken = {p["bonus"] for p in state["players"]}
    return [tile for tile in sorted(catalog().bonus) if tile not in taken]


def take_bonus(state: State, seat: int, tile: str) -> None:
    state["players"][seat]["bonus"] = tile
    add_log(state, Say("{seat:seat} gets the bonus tile {tile:bonus}.", seat=seat, tile=tile))


@cache
def bonus_outcome(tile: str) -> Choice:
    return Choice.of(BonusDrawn(tile))


@cache
def bonus_choice(tile: str) -> Choice:
    return Choice.of(PickBonus(tile), target=bonus(tile))


class BonusDraw(Draw):
    name = "bonus_draw"
    topic = "bonus"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [bonus_outcome(tile) for tile in bonus_left(state)]

    def describe(self, state: State, frame: Frame, option: Choice) -> tuple[Said, Said]:
        return Say("{tile:bonus}", tile=option.args_as(BonusDrawn).tile), ""

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("Draw a bonus tile for {seat:seat}", seat=frame["seat"])

    def act(self, state: State, frame: Frame, option: Choice, flow: Stack) -> None:
        take_bonus(state, frame["seat"], option.args_as(BonusDrawn).tile)


class BonusPick(Choose):
    """The variant: each player chooses a bonus tile, the last player first."""

    name = "bonus_pick"
    topic = "bonus"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [bonus_choice(tile) for tile in bonus_left(state)]

    def describe(self, state: State, frame: Frame, option: Choice) -> tuple[Said, Said]:
        return Say("{tile:bonus}", tile=option.args_as(PickBonus).tile), ""

    def question(self, state: State, frame: Frame) -> Said:
        return Say("choose a bonus tile")

    def act(self, state: State, frame: Frame, option: Choice, flow: Stack) -> None:
        take_bonus(state, frame["seat"], option.args_as(PickBonus).tile)


STEPS = (BonusDraw(), BonusPick())
"""The setup's own steps (the deals are chance.py's ``Deal``)."""

"""Placing a hoplite die: from the supply, or moving one already in the city, onto any empty
dice space (it need not touch a Cadmea tile)."""

from __future__ import annotations

from engine.core import Ask, Choice, Say
from engine.core.flow import Frame, Stack
from engine.core.text import Said

from . import choices
from .board import State, city_dice_of, city_grid, free_dice_spaces, log
from .choices import City, CityDie, FromSupply, To
from .dice import promote


def sources(state: State, seat: int, another: bool) -> list[Choice]:
    """The hoplite dice that may go: of the supply, or of the city (for another die, not one
    the placements before it put there)."""
    pool = [choices.from_supply(f, seat) for f in sorted(set(state["pool_h"][seat]))]
    placed = state["placed_h"][seat] if another else []
    return pool + [choices.city(d) for d in city_dice_of(state, seat, "h") if d not in placed]


def record_placement(state: State, seat: int, space: str | None, another: bool) -> None:
    """Note where a placement put its die (None: it put none); one not for another die starts anew."""
    placed = state["placed_h"][seat] if another else []
    state["placed_h"][seat] = placed + ([space] if space else [])


class Hoplite(Ask):
    name = "hoplite"
    topic = "hoplites"

    def ready(self, state: State, frame: Frame) -> bool:
        return bool(sources(state, frame["seat"], frame["another"])) and bool(free_dice_spaces(state, False))

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [*sources(state, frame["seat"], frame["another"]), choices.STOP]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        match choice.args:
            case FromSupply(f):
                return Say("Hoplite die {face:face} from your supply", face=f), ""
            case City(space):
                return (Say("Move your hoplite die {face:face} from {space:space}",
                            face=state["city"]["dice"][space][2], space=space),
                        "")
        return Say("Place no hoplite die"), ""

    def prompt(self, state: State, frame: Frame) -> Said:
        if frame["another"]:
            if frame["promote"]:
                return Say("{seat:seat}: put another hoplite die into the city and promote it", seat=frame["seat"])
            return Say("{seat:seat}: put another hoplite die into the city", seat=frame["seat"])
        if frame["promote"]:
            return Say("{seat:seat}: put a hoplite die into the city and promote it", seat=frame["seat"])
        return Say("{seat:seat}: put a hoplite die into the city", seat=frame["seat"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        placing = {"step": "hoplite_to", "seat": frame["seat"], "promote": frame["promote"],
                   "another": frame["another"]}
        match choice.args:
            case FromSupply(f):
                flow.push({**placing, "face": f})
            case City(space):
                flow.push({**placing, "space": space})
            case _:
                record_placement(state, frame["seat"], None, frame["another"])


class HopliteTo(Ask):
    name = "hoplite_to"
    topic = "hoplites"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [choices.to(d) for d in free_dice_spaces(state, False)]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        to = choice.args_as(To).space
        rows = city_grid(state).rows_of[to]
        return Say("To {space:space}", space=to), Say("rows {rows:rows}", rows=list(rows))

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: where does the hoplite die go?", seat=frame["seat"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        seat, to = frame["seat"], choice.args_as(To).space
        if "space" in frame:  # a hoplite die of the city moves
            f = state["city"]["dice"].pop(frame["space"])[2]
        else:  # one of the supply, by its face
            f = frame["face"]
            state["pool_h"][seat].remove(f)
        state["city"]["dice"][to] = [seat, "h", f]
        record_placement(state, seat, to, frame["another"])
        log(state, lambda: Say("{seat:seat} puts a hoplite die ({face:face}) on {space:space}",
                               seat=seat, face=f, space=to))
        if frame["promote"]:
            promote(state, seat, CityDie(to), flow)


STEPS = (Hoplite(), HopliteTo())

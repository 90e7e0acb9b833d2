"""Placing a hoplite die: from the supply, or moving one already in the city, onto any empty
dice space (it need not touch a Cadmea tile)."""

from __future__ import annotations

from engine.core import Ask, Choice

from . import choices

from .board import city_dice_of, city_grid, free_dice_spaces, log, names
from .choices import City, CityDie, FromSupply
from .dice import promote
from .text import face


def sources(state, seat: int) -> list[Choice]:
    pool = [choices.from_supply(f, seat) for f in sorted(set(state["pool_h"][seat]))]
    return pool + [choices.city(d) for d in city_dice_of(state, seat, "h")]


class Hoplite(Ask):
    name = "hoplite"
    topic = "hoplites"

    def ready(self, state, frame):
        return bool(sources(state, frame["seat"])) and bool(free_dice_spaces(state, False))

    def options(self, state, frame):
        return [*sources(state, frame["seat"]), choices.STOP]

    def describe(self, state, frame, choice):
        match choice.args:
            case FromSupply(f):
                return f"Hoplite die {face(f)} from your supply", ""
            case City(space):
                return f"Move your hoplite die {face(state['city']['dice'][space][2])} from {space}", ""
        return "Place no hoplite die", ""

    def prompt(self, state, frame):
        extra = " and promote it" if frame["promote"] else ""
        return f"{names(state, frame['seat'])}: put a hoplite die into the city{extra}"

    def act(self, state, frame, choice, flow):
        match choice.args:
            case FromSupply(f):
                flow.push({"step": "hoplite_to", "seat": frame["seat"], "face": f, "promote": frame["promote"]})
            case City(space):
                flow.push({"step": "hoplite_to", "seat": frame["seat"], "space": space, "promote": frame["promote"]})


class HopliteTo(Ask):
    name = "hoplite_to"
    topic = "hoplites"

    def options(self, state, frame):
        return [choices.to(d) for d in free_dice_spaces(state, False)]

    def describe(self, state, frame, choice):
        to = choice.args.space
        rows = city_grid(state).rows_of[to]
        return f"To {to}", "rows " + " and ".join(map(str, rows))

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: where does the hoplite die go?"

    def act(self, state, frame, choice, flow):
        seat, to = frame["seat"], choice.args.space
        if "space" in frame:  # a hoplite die of the city moves
            f = state["city"]["dice"].pop(frame["space"])[2]
        else:  # one of the supply, by its face
            f = frame["face"]
            state["pool_h"][seat].remove(f)
        state["city"]["dice"][to] = [seat, "h", f]
        log(state, lambda: f"{names(state, seat)} puts a hoplite die ({face(f)}) on {to}")
        if frame["promote"]:
            promote(state, seat, CityDie(to), flow)


STEPS = (Hoplite(), HopliteTo())

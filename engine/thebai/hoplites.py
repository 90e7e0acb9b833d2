"""Placing a hoplite die: from the supply, or moving one already in the city, onto any empty
dice space (it need not touch a Cadmea tile)."""

from __future__ import annotations

from engine.core import Ask, Choice

from .board import city_dice_of, free_dice_spaces, log, names
from .dice import promote
from .text import face


def sources(state, seat: int) -> list[Choice]:
    pool = [Choice(f"pool:{f}", target=f"pool{seat}.h") for f in sorted(set(state["pool_h"][seat]))]
    return pool + [Choice(f"city:{d}", target=d) for d in city_dice_of(state, seat, "h")]


class Hoplite(Ask):
    name = "hoplite"
    topic = "hoplites"

    def ready(self, state, frame):
        return bool(sources(state, frame["seat"])) and bool(free_dice_spaces(state, False))

    def options(self, state, frame):
        return [*sources(state, frame["seat"]), Choice("stop")]

    def describe(self, state, frame, choice):
        if choice.id == "stop":
            return "Place no hoplite die", ""
        place, _, rest = choice.id.partition(":")
        if place == "pool":
            return f"Hoplite die {face(int(rest))} from your supply", ""
        return f"Move your hoplite die {face(state['city']['dice'][rest][2])} from {rest}", ""

    def prompt(self, state, frame):
        extra = " and promote it" if frame["promote"] else ""
        return f"{names(state, frame['seat'])}: put a hoplite die into the city{extra}"

    def act(self, state, frame, choice, flow):
        if choice.id != "stop":
            flow.push({"step": "hoplite_to", "seat": frame["seat"], "src": choice.id, "promote": frame["promote"]})


class HopliteTo(Ask):
    name = "hoplite_to"
    topic = "hoplites"

    def options(self, state, frame):
        return [Choice(f"to:{d}", target=d) for d in free_dice_spaces(state, False)]

    def describe(self, state, frame, choice):
        from .board import city_grid
        rows = city_grid(state).rows_of[choice.id[3:]]
        return f"To {choice.id[3:]}", "rows " + " and ".join(map(str, rows))

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: where does the hoplite die go?"

    def act(self, state, frame, choice, flow):
        seat, to = frame["seat"], choice.id[3:]
        place, _, rest = frame["src"].partition(":")
        if place == "pool":
            f = int(rest)
            state["pool_h"][seat].remove(f)
        else:
            f = state["city"]["dice"].pop(rest)[2]
        state["city"]["dice"][to] = [seat, "h", f]
        log(state, lambda: f"{names(state, seat)} puts a hoplite die ({face(f)}) on {to}")
        if frame["promote"]:
            promote(state, seat, f"city:{to}", flow)


STEPS = (Hoplite(), HopliteTo())

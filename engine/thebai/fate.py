"""The fate phase: the round's fate tile (peace or conflict), then it is turned face down and,
for a top-row tile, the tile below it turned up; with 2 players a herald card comes first."""

from __future__ import annotations

from engine.core import Auto, Choice, Draw, Say
from engine.core.flow import Frame, Stack
from engine.core.text import Said

from . import choices, effects
from .board import State, city_grid, log, place_battle_marker
from .catalog import catalog
from .choices import CityDie, FateTile, Herald
from .conflict import conflict_frames
from .constants import ROUNDS
from .dice import promote

UP_AHEAD = 5
"""A fate tile is turned up five rounds before it is resolved."""


class FatePhase(Auto):
    name = "fate_phase"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        state["phase"] = "fate"
        state["turn"] = None
        slot = state["fate"][state["round"] - 1]
        record = catalog().fate[slot["tile"]]
        log(state, lambda: Say("Fate: {tile:fate}", tile=slot["tile"]))
        frames = [{"step": "draw_herald"}] if state["n"] <= 2 and state["heralds"] else []
        if record["kind"] == "conflict":
            frames += conflict_frames(record["row"])
        elif record["order"] == "turn":
            frames += [f for seat in state["order"] for f in effects.frames(record["effect"], seat)]
            frames.append({"step": "refill"})
        else:
            frames.append({"step": "peace_each", "tile": slot["tile"]})
        flow.push(*frames, {"step": "fate_done"})


class PeaceEach(Auto):
    """A peace tile every player resolves at once (nothing they do affects the others)."""

    name = "peace_each"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        effect = catalog().fate[frame["tile"]]["effect"]
        flow.parallel({seat: effects.frames(effect, seat) for seat in state["order"]})


class FateDone(Auto):
    name = "fate_done"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        k = state["round"] - 1
        state["fate"][k].update(done=True, up=False)
        below = k + UP_AHEAD
        follow = [{"step": "reveal_fate", "slot": below}] if below < ROUNDS else []
        flow.push(*follow, {"step": "round_end"})


class RevealFate(Draw):
    """A face-down fate tile is turned up: one of its stack's tiles nobody has seen."""

    name = "reveal_fate"
    topic = "fate"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [choices.outcome(FateTile(t)) for t in state["fate_left"][state["fate"][frame["slot"]]["stack"]]]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        return Say("{tile:fate}", tile=choice.args_as(FateTile).tile), ""

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("Fate tile for round {round} (stack {stack})",
                   round=frame["slot"] + 1, stack=state["fate"][frame["slot"]]["stack"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        tile = choice.args_as(FateTile).tile
        slot = state["fate"][frame["slot"]]
        slot.update(tile=tile, up=True)
        state["fate_left"][slot["stack"]].remove(tile)
        log(state, lambda: Say("Round {round}'s fate tile is turned up: {tile:fate}",
                               round=frame["slot"] + 1, tile=tile))


class RoundEnd(Auto):
    name = "round_end"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        place_battle_marker(state)
        if state["round"] < ROUNDS:
            flow.push({"step": "round"})
        else:
            flow.push({"step": "council_move"}, {"step": "game_end"})


# -- 2 players: the herald ---------------------------------------------------------------------------


class DrawHerald(Draw):
    name = "draw_herald"
    topic = "two-players"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [choices.outcome(Herald(h)) for h in state["heralds"]]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        return Say("{herald:herald}", herald=choice.args_as(Herald).herald), ""

    def prompt(self, state: State, frame: Frame) -> Said:
        return "Herald card"

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        herald = choice.args_as(Herald).herald
        state["heralds"].remove(herald)
        card = catalog().heralds[herald]
        g = city_grid(state)
        column = sorted((d for d in state["city"]["dice"] if g.column_of[d] == card["column"]),
                        key=g.reading.__getitem__)
        log(state, lambda: Say("Herald: the dice of column {column} are promoted", column=card["column"]))
        flow.push({"step": "herald_promote", "queue": column}, {"step": "plaza", "space": card["space"]})


class HeraldPromote(Auto):
    """The herald's column, die by die, left to right and top to bottom."""

    name = "herald_promote"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        if not frame["queue"]:
            return
        space, rest = frame["queue"][0], frame["queue"][1:]
        flow.push({"step": "herald_promote", "queue": rest})
        die = state["city"]["dice"].get(space)
        if die is not None:
            promote(state, die[0], CityDie(space), flow, chosen=False)


def plaza_space(state: State, space: str) -> str | None:
    """Where the plaza marker goes beside ``space``: an empty dice space touching a tile,
    preferring one between two tiles, then the first clockwise from the top."""
    g = city_grid(state)
    tiles = state["city"]["tiles"]
    city = state["city"]
    candidates = []
    for order, d in enumerate(g.sides_of[space]):
        if d in city["dice"] or d in city["plaza"] or d in city["posts"]:
            continue
        touching = sum(1 for t in g.touching[d] if t in tiles)
        if touching:
            candidates.append((-touching, order, d))
    return min(candidates)[2] if candidates else None


class Plaza(Auto):
    name = "plaza"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        at = plaza_space(state, frame["space"])
        if at is not None and state["plaza_left"]:
            state["plaza_left"] -= 1
            state["city"]["plaza"].append(at)
            log(state, lambda: Say("A plaza marker goes on {space:space}", space=at))


STEPS = (FatePhase(), PeaceEach(), FateDone(), RevealFate(), RoundEnd(), DrawHerald(), HeraldPromote(), Plaza())

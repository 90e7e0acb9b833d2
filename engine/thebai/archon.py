"""Moving the archon through the city, step by step from Cadmea tile to Cadmea tile.

Each step crosses the dice space between two tiles. A die there changes face: another
player's is promoted, your own demoted (or promoted, with the matching blessing). An empty
dice space may be crossed once per move for 1 drachma; a plaza marker is crossed free; the
Lasthenes stand is free for its owner and counts as an empty space for the others (and
promotes one of its owner's dice). A move never comes back to a tile it started from or
passed, may pass a tile with another archon but not end there, and ends on a tile whose
effect the mover resolves.
"""

from __future__ import annotations

from engine.core import Ask, Auto

from . import choices

from .board import archon_on, city_grid, colour, free_tiles, gain, log, names, pay
from .cadmea import tile_frames
from .catalog import catalog
from .choices import CityDie, Fulfil, Go, Home, Land, Stop
from .contracts import TurnStage, turn_fulfils
from .dice import demote, promote
from .text import tile_text

WARDS = {"c": "citizen-ward", "h": "hoplite-ward"}
OWN_TILE_BLESSING = "own-tile"


def crossing(state, seat: int, space: str) -> str:
    """What crossing a dice space is for ``seat``: 'die', 'free', 'post' or 'jump'."""
    city = state["city"]
    if space in city["dice"]:
        return "die"
    if space in city["plaza"]:
        return "free"
    owner = city["posts"].get(space)
    if owner is not None:
        return "free" if owner == seat else "post"
    return "jump"


def steps_from(state, seat: int, at: str, visited: list[str], jumped: bool) -> list[tuple[str, str]]:
    """Legal (dice space, tile) steps from ``at`` that can still end on a free tile."""
    return [(d, b) for d, b, paid in _raw_steps(state, seat, at, visited, jumped)
            if _can_finish(state, seat, b, visited + [b], jumped or paid)]


def _raw_steps(state, seat, at, visited, jumped):
    tiles = state["city"]["tiles"]
    rich = state["res"][seat]["drachma"] >= 1
    for d, b in city_grid(state).across[at].items():
        if b not in tiles or b in visited:
            continue
        kind = crossing(state, seat, d)
        paid = kind in ("jump", "post")
        if paid and (jumped or not rich):
            continue
        yield d, b, paid


def _can_finish(state, seat, at, visited, jumped) -> bool:
    if archon_on(state, at) in (None, seat):
        return True
    return any(_can_finish(state, seat, b, visited + [b], jumped or paid)
               for _, b, paid in _raw_steps(state, seat, at, visited, jumped))


def cross(state, seat: int, space: str, flow) -> None:
    """Apply crossing ``space``: pay for it, or change the face of the die there."""
    kind = crossing(state, seat, space)
    if kind in ("jump", "post"):
        pay(state, seat, {"drachma": 1})
        log(state, lambda: f"{names(state, seat)} pays 1 drachma to cross {space}")
        if kind == "post":
            owner = state["city"]["posts"][space]
            flow.push({"step": "promote", "seat": owner, "n": 1, "kind": "any", "where": "city", "mode": "any",
                       "times": 1, "done": []})
    elif kind == "die":
        owner, die_kind, _ = state["city"]["dice"][space]
        if owner != seat:
            promote(state, owner, CityDie(space), flow, chosen=False)
            log(state, lambda: f"{names(state, seat)}'s archon promotes {names(state, owner)}'s die on {space}")
        elif WARDS[die_kind] in state["blessings"][seat]:
            promote(state, seat, CityDie(space), flow, chosen=False)
        else:
            demote(state, seat, space)


def land(state, seat: int, at: str, flow) -> None:
    state["archons"][seat] = at
    tile = state["city"]["tiles"][at][0]
    log(state, lambda: f"{names(state, seat)}'s archon ends on {at}")
    if OWN_TILE_BLESSING in state["blessings"][seat] and catalog().tiles[tile]["colour"] == colour(seat):
        gain(state, seat, {"drachma": 1})
    flow.push(*tile_frames(tile, seat))


class Archon(TurnStage):
    """Step 3 of a turn: place the archon from the supply, or move it, or take it home."""

    name = "archon"
    topic = "archon"

    def options(self, state, frame):
        seat = frame["seat"]
        at = state["archons"][seat]
        if at is None:
            moves = [choices.land(t) for t in free_tiles(state, seat)]
        else:
            moves = [*(choices.go(b) for _, b in steps_from(state, seat, at, [at], False)), choices.home(at)]
        return moves + turn_fulfils(state, seat)

    def ready(self, state, frame):
        return state["archons"][frame["seat"]] is not None or bool(free_tiles(state, frame["seat"]))

    def describe(self, state, frame, choice):
        match choice.args:
            case Fulfil():
                return super().describe(state, frame, choice)
            case Home():
                return "Take the archon home", "gain 1 drachma"
            case Land(to):
                return f"Place the archon on {to}", tile_text(state["city"]["tiles"][to][0])
            case Go(to):
                return _step_label(state, frame["seat"], state["archons"][frame["seat"]], to)

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: move your archon"

    def act(self, state, frame, choice, flow):
        if self.fulfil_now(state, frame, choice, flow):
            return
        seat = frame["seat"]
        match choice.args:
            case Home():
                state["archons"][seat] = None
                gain(state, seat, {"drachma": 1})
                log(state, lambda: f"{names(state, seat)} takes the archon home (+1 drachma)")
            case Land(to):
                land(state, seat, to, flow)
            case Go(to):
                start = state["archons"][seat]
                _step(state, seat, start, to, [start], False, flow)


def _step(state, seat, at, to, visited, jumped, flow):
    space = next(d for d, b in city_grid(state).across[at].items() if b == to)
    paid = crossing(state, seat, space) in ("jump", "post")
    state["archons"][seat] = to
    flow.push({"step": "archon_next", "seat": seat, "visited": visited + [to], "jumped": jumped or paid})
    cross(state, seat, space, flow)


class ArchonNext(Auto):
    """After a step: with no way on, the move ends here by itself; else the mover decides."""

    name = "archon_next"

    def run(self, state, frame, flow):
        seat = frame["seat"]
        at = state["archons"][seat]
        if steps_from(state, seat, at, frame["visited"], frame["jumped"]):
            flow.push({**frame, "step": "archon_step"})
        else:
            land(state, seat, at, flow)


def _step_label(state, seat, at, to) -> tuple[str, str]:
    space = next(d for d, b in city_grid(state).across[at].items() if b == to)
    kind = crossing(state, seat, space)
    what = {"die": "over a die", "free": "free", "post": "1 drachma (stand)", "jump": "1 drachma (empty space)"}[kind]
    if kind == "die":
        owner = state["city"]["dice"][space][0]
        what = "promotes " + names(state, owner) + "'s die" if owner != seat else "over your own die"
    held = archon_on(state, to)
    tile = tile_text(state["city"]["tiles"][to][0])
    return f"Step to {to} ({what})", ("pass only: another archon is there; " if held not in (None, seat) else "") + tile


class ArchonStep(Ask):
    """Keep moving, or end the move on this tile and resolve it."""

    name = "archon_step"
    topic = "archon"

    def options(self, state, frame):
        seat = frame["seat"]
        at = state["archons"][seat]
        found = [choices.go(b) for _, b in steps_from(state, seat, at, frame["visited"], frame["jumped"])]
        if archon_on(state, at) == seat and sum(1 for a in state["archons"] if a == at) == 1:
            found.append(choices.stop_at(at))
        return found

    def describe(self, state, frame, choice):
        at = state["archons"][frame["seat"]]
        match choice.args:
            case Go(to):
                return _step_label(state, frame["seat"], at, to)
        return f"End the move on {at}", tile_text(state["city"]["tiles"][at][0])

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: keep moving the archon or end here"

    def act(self, state, frame, choice, flow):
        seat = frame["seat"]
        at = state["archons"][seat]
        match choice.args:
            case Go(to):
                _step(state, seat, at, to, frame["visited"], frame["jumped"], flow)
            case Stop():
                land(state, seat, at, flow)


STEPS = (Archon(), ArchonStep(), ArchonNext())

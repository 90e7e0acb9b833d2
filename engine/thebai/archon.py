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

from collections.abc import Iterator

from engine.core import Ask, Auto, Choice, Say
from engine.core.flow import Frame, Stack
from engine.core.text import Said
from engine.i18n import N_

from . import choices
from .board import State, archon_on, city_grid, colour, free_tiles, gain, log, pay
from .cadmea import tile_frames
from .catalog import catalog
from .choices import CityDie, Fulfil, Go, Home, Land, Stop
from .constants import DEMOTE_LOSS
from .contracts import TurnStage, turn_fulfils
from .dice import demote, promote

WARDS = {"c": "citizen-ward", "h": "hoplite-ward"}
OWN_TILE_BLESSING = "own-tile"


def crossing(state: State, seat: int, space: str) -> str:
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


def steps_from(state: State, seat: int, at: str, visited: list[str], jumped: bool) -> list[tuple[str, str]]:
    """Legal (dice space, tile) steps from ``at`` that can still end on a free tile."""
    return [(d, b) for d, b, paid in _raw_steps(state, seat, at, visited, jumped)
            if _can_finish(state, seat, b, visited + [b], jumped or paid)]


def _raw_steps(state: State, seat: int, at: str, visited: list[str], jumped: bool) -> Iterator[tuple[str, str, bool]]:
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


def _can_finish(state: State, seat: int, at: str, visited: list[str], jumped: bool) -> bool:
    if archon_on(state, at) in (None, seat):
        return True
    return any(_can_finish(state, seat, b, visited + [b], jumped or paid)
               for _, b, paid in _raw_steps(state, seat, at, visited, jumped))


def cross(state: State, seat: int, space: str, flow: Stack) -> None:
    """Apply crossing ``space``: pay for it, or change the face of the die there."""
    kind = crossing(state, seat, space)
    if kind in ("jump", "post"):
        pay(state, seat, {"drachma": 1})
        log(state, lambda: Say("{seat:seat} pays 1 drachma to cross {space:space}", seat=seat, space=space))
        if kind == "post":
            owner = state["city"]["posts"][space]
            flow.push({"step": "promote", "seat": owner, "n": 1, "kind": "any", "where": "city", "mode": "any",
                       "times": 1, "done": []})
    elif kind == "die":
        owner, die_kind, _ = state["city"]["dice"][space]
        if owner != seat:
            promote(state, owner, CityDie(space), flow, chosen=False)
            log(state, lambda: Say("{seat:seat}'s archon promotes {owner:seat}'s die on {space:space}",
                                   seat=seat, owner=owner, space=space))
        elif WARDS[die_kind] in state["blessings"][seat]:
            promote(state, seat, CityDie(space), flow, chosen=False)
        else:
            demote(state, seat, space)


def land(state: State, seat: int, at: str, flow: Stack) -> None:
    state["archons"][seat] = at
    tile = state["city"]["tiles"][at][0]
    log(state, lambda: Say("{seat:seat}'s archon ends on {space:space}", seat=seat, space=at))
    if OWN_TILE_BLESSING in state["blessings"][seat] and catalog().tiles[tile]["colour"] == colour(seat):
        gain(state, seat, {"drachma": 1})
    flow.push(*tile_frames(tile, seat))


class Archon(TurnStage):
    """Step 3 of a turn: place the archon from the supply, or move it, or take it home."""

    name = "archon"
    topic = "archon"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        seat = frame["seat"]
        at = state["archons"][seat]
        if at is None:
            moves = [choices.land(t) for t in free_tiles(state)]
        else:
            moves = [*(choices.go(b) for _, b in steps_from(state, seat, at, [at], False)), choices.home(at)]
        return moves + turn_fulfils(state, seat)

    def ready(self, state: State, frame: Frame) -> bool:
        return state["archons"][frame["seat"]] is not None or bool(free_tiles(state))

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        match choice.args:
            case Fulfil():
                return super().describe(state, frame, choice)
            case Home():
                return Say("Take the archon home"), Say("gain 1 drachma")
            case Land(to):
                return Say("Place the archon on {space:space}", space=to), tile_desc(state, to)
        return _step_label(state, frame["seat"], state["archons"][frame["seat"]], choice.args_as(Go).space)

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: move your archon", seat=frame["seat"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        if self.fulfil_now(state, frame, choice, flow):
            return
        seat = frame["seat"]
        match choice.args:
            case Home():
                state["archons"][seat] = None
                gain(state, seat, {"drachma": 1})
                log(state, lambda: Say("{seat:seat} takes the archon home (+1 drachma)", seat=seat))
            case Land(to):
                land(state, seat, to, flow)
            case Go(to):
                start = state["archons"][seat]
                _step(state, seat, start, to, [start], False, flow)


def _step(state: State, seat: int, at: str, to: str, visited: list[str], jumped: bool, flow: Stack) -> None:
    space = next(d for d, b in city_grid(state).across[at].items() if b == to)
    paid = crossing(state, seat, space) in ("jump", "post")
    state["archons"][seat] = to
    flow.push({"step": "archon_next", "seat": seat, "visited": visited + [to], "jumped": jumped or paid})
    cross(state, seat, space, flow)


class ArchonNext(Auto):
    """After a step: with no way on, the move ends here by itself; else the mover decides."""

    name = "archon_next"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        seat = frame["seat"]
        at = state["archons"][seat]
        if steps_from(state, seat, at, frame["visited"], frame["jumped"]):
            flow.push({**frame, "step": "archon_step"})
        else:
            land(state, seat, at, flow)


def tile_desc(state: State, space: str) -> Say:
    """The Cadmea tile on a space of the city, with its roofs and effect."""
    return Say("{tile:tile_desc}", tile=state["city"]["tiles"][space][0])


STEP_LABELS = {"free": N_("Step to {space:space} (free)"),
               "jump": N_("Step to {space:space} (1 drachma (empty space))")}
"""An archon's step, by what crossing the dice space on the way is (a die or a stand: see ``_step_label``)."""


def _step_label(state: State, seat: int, at: str, to: str) -> tuple[Said, Said]:
    space = next(d for d, b in city_grid(state).across[at].items() if b == to)
    kind = crossing(state, seat, space)
    if kind == "post":
        label = Say("Step to {space:space} (1 drachma (stand); {owner:seat} promotes a die)",
                    space=to, owner=state["city"]["posts"][space])
    elif kind != "die":
        label = Say(STEP_LABELS[kind], space=to)
    elif (owner := state["city"]["dice"][space][0]) != seat:
        label = Say("Step to {space:space} (promotes {owner:seat}'s die)", space=to, owner=owner)
    else:
        label = _own_die_step_label(state, seat, space, to)
    tile = state["city"]["tiles"][to][0]
    if archon_on(state, to) not in (None, seat):
        return label, Say("pass only: another archon is there; {tile:tile_desc}", tile=tile)
    return label, Say("{tile:tile_desc}", tile=tile)


def _own_die_step_label(state: State, seat: int, space: str, to: str) -> Say:
    """A step over your own die says what it does to you: the die demoted, or at 1 kept there
    for 3 VP, or promoted (with the blessing of its kind)."""
    _, kind, face = state["city"]["dice"][space]
    if WARDS[kind] in state["blessings"][seat]:
        return Say("Step to {space:space} (promotes your own die {face:face}: blessing)", space=to, face=face)
    if face == 0:
        return Say("Step to {space:space} (your own die at 1 stays: you lose {vp} VP)", space=to, vp=DEMOTE_LOSS)
    return Say("Step to {space:space} (demotes your own die {face:face} to {lower:face})",
               space=to, face=face, lower=face - 1)


class ArchonStep(Ask):
    """Keep moving, or end the move on this tile and resolve it."""

    name = "archon_step"
    topic = "archon"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        seat = frame["seat"]
        at = state["archons"][seat]
        found = [choices.go(b) for _, b in steps_from(state, seat, at, frame["visited"], frame["jumped"])]
        if archon_on(state, at) == seat and sum(1 for a in state["archons"] if a == at) == 1:
            found.append(choices.stop_at(at))
        return found

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        at = state["archons"][frame["seat"]]
        match choice.args:
            case Go(to):
                return _step_label(state, frame["seat"], at, to)
        return Say("End the move on {space:space}", space=at), tile_desc(state, at)

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: keep moving the archon or end here", seat=frame["seat"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        seat = frame["seat"]
        at = state["archons"][seat]
        match choice.args:
            case Go(to):
                _step(state, seat, at, to, frame["visited"], frame["jumped"], flow)
            case Stop():
                land(state, seat, at, flow)


STEPS = (Archon(), ArchonStep(), ArchonNext())

"""Polis test helpers: a game at a real table (chance outcomes supplied), positions set by hand."""

from __future__ import annotations

from engine.core import CHANCE, Match
from engine.core.text import said_from_json
from engine.polis.rules import PolisRules
from engine.polis.setup import cubes

RULES = PolisRules()
ATHENS, SPARTA = 0, 1
QUIET_PROJECTS = ("armoury", "stoa", "temple-poseidon")


def table(event: str = "no-event-1", projects=QUIET_PROJECTS, options=None) -> Match:
    """A new game whose first projects and event are supplied as a person at the table would."""
    match = Match(RULES, ["Ann", "Bob"], options or {}, seed=5)
    for tile in projects:
        match.choose(CHANCE, f"project:{tile}")
    match.choose(CHANCE, f"event:{event}")
    return match


def edit(match: Match, **changes) -> Match:
    """Change the state by hand (a position for a test) and let the match recompute its decision."""
    for key, value in changes.items():
        match.state[key] = value
    match.state_edited()
    return match


def ids(match: Match, seat: int | None = None) -> list[str]:
    decision = match.decision
    actor = decision.actors[0] if seat is None else seat
    return [c.id for c in decision.for_actor(actor)]


def play(match: Match, seat: int, *choices: str) -> Match:
    for choice in choices:
        drawn = choice.startswith(("d4:", "card:", "event:", "project:")) and match.decision.is_chance
        match.choose(CHANCE if drawn else seat, choice)
    return match


def step(match: Match) -> str:
    """The name of the step deciding now (the top frame of the flow)."""
    return match.state["flow"][-1]["step"]


def conserved(match: Match) -> bool:
    return all(cubes(match.state, seat) == 45 for seat in (0, 1))


def last_log(match: Match, n: int = 1) -> list[str]:
    """The last ``n`` log entries in words (as the seats they were written for read them)."""
    return [match.say(said_from_json(entry["text"])) for entry in match.state["log"][-n:]]


def set_units(match: Match, area: str, seat: int, n: int) -> None:
    """Put exactly ``n`` units of ``seat`` in ``area``, from or back to its supply."""
    state = match.state
    state["supply"][seat] -= n - state["units"][area][seat]
    state["units"][area][seat] = n
    match.state_edited()


def give(match: Match, polis: str, seat: int | None, citizens: int = 0) -> None:
    """Hand ``polis`` to ``seat`` (None: neutral) with ``citizens``, cubes from and to the supplies."""
    state = match.state
    owner = state["owner"][polis]
    if owner is not None:
        state["supply"][owner] += state["pop"][polis]
    state["owner"][polis], state["pop"][polis] = seat, citizens if seat is not None else 0
    if seat is not None:
        state["supply"][seat] -= citizens
    match.state_edited()

"""Poleis changing hands: taken by siege or civil war, given up, emptied.

A polis's citizens are its owner's cubes: when it changes hands the old owner's cubes go back
to that side's supply and the new owner puts the same number of its own. Projects (under
construction or completed) stay with the polis.
"""

from __future__ import annotations

from typing import Any

from engine.core import Say, add_log

from .catalog import catalog

State = dict[str, Any]


def release(state: State, polis: str) -> None:
    """The polis turns neutral; its citizens go back to the old owner's supply."""
    owner = state["owner"][polis]
    if owner is not None:
        state["supply"][owner] += state["pop"][polis]
    state["owner"][polis] = None
    state["pop"][polis] = 0


def citizens_if_taken(state: State, polis: str) -> int:
    """A neutral polis comes with its base population; an enemy one with its present citizens."""
    citizens: int = catalog().poleis[polis]["base"] if state["owner"][polis] is None else state["pop"][polis]
    return citizens


def take(state: State, seat: int, polis: str) -> int:
    """``seat`` takes ``polis`` (the rules made sure its supply has the cubes); returns its citizens there."""
    citizens = citizens_if_taken(state, polis)
    release(state, polis)
    if citizens > state["supply"][seat]:
        raise ValueError(f"{polis}: {citizens} citizens but {state['supply'][seat]} cubes in the supply")
    state["owner"][polis] = seat
    state["pop"][polis] = citizens
    state["supply"][seat] -= citizens
    return citizens


def lose_citizens(state: State, polis: str, n: int, *, keep_one: bool) -> int:
    """The polis loses up to ``n`` citizens (never its last one if ``keep_one``); an emptied polis turns
    neutral. Returns how many it lost."""
    owner = state["owner"][polis]
    if owner is None:
        return 0
    lost: int = min(n, state["pop"][polis] - (1 if keep_one else 0))
    if lost <= 0:
        return 0
    state["pop"][polis] -= lost
    state["supply"][owner] += lost
    if state["pop"][polis] == 0:
        state["owner"][polis] = None
        add_log(state, Say("{polis:polis} loses its last citizen and turns neutral.", polis=polis))
    return lost

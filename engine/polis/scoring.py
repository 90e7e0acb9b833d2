"""Polis final score: citizens in all the player's cities + prestige + completed projects' prestige.

During play the same count says what each side would score if the game ended now."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.core.contract import Score
from engine.i18n import N_

from .catalog import catalog

State = dict[str, Any]
SHEET = (N_("Population"), N_("Prestige"), N_("Projects"))
"""The score sheet's categories, in its order."""


def final_score(seat: int, population: int, prestige: int, project_prestige: int) -> Score:
    return Score(seat, {"Population": population, "Prestige": prestige, "Projects": project_prestige})


def score_of(state: State, seat: int) -> Score:
    """The side's score if the game ended now (its final score once it has)."""
    owned = [p for p, owner in state["owner"].items() if owner == seat]
    population = sum(state["pop"][p] for p in owned)
    return final_score(seat, population, state["prestige"][seat], project_prestige(state, owned))


def project_prestige(table: Mapping[str, Any], poleis: Iterable[str], *, under_way: bool = False) -> int:
    """Game-end prestige of the projects completed in ``poleis`` (``table``: the state or a view);
    ``under_way`` also counts the project being built in each, as it will be once the round ends."""
    projects = catalog().projects
    total = 0
    for polis in poleis:
        total += sum(projects[tile]["final"] for tile in table["built"].get(polis, ()))
        if under_way and polis in table["building"]:
            total += projects[table["building"][polis]]["final"]
    return total

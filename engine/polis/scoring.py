"""Polis final score: citizens in all the player's cities + prestige + completed projects' prestige."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from engine.core.contract import Score

from .catalog import catalog


def final_score(seat: int, population: int, prestige: int, project_prestige: int) -> Score:
    return Score(seat, {"Population": population, "Prestige": prestige, "Projects": project_prestige})


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

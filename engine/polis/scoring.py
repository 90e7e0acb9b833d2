"""Polis final score: citizens in all the player's cities + prestige + completed projects' prestige."""

from __future__ import annotations

from engine.core.contract import Score


def final_score(seat: int, population: int, prestige: int, project_prestige: int) -> Score:
    return Score(seat, {"Population": population, "Prestige": prestige, "Projects": project_prestige})

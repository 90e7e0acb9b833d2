"""Character powers. In-game powers are checked by the rules where they apply
(``powers_of``); end-game powers are scored here."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .geometry import Pos, columns, groups, row_lengths, touching

EndGame = Callable[[dict[Pos, str], Mapping[str, Any]], int]
"""(type-letter grid, facts: jars, mosaics, stalls, rubies, objectives [(points, done)]) -> points."""


def _count(letter: str) -> EndGame:
    return lambda grid, facts: sum(1 for kind in grid.values() if kind == letter)


END_GAME: dict[str, EndGame] = {
    "jar_bonus": lambda grid, facts: facts["jars"],
    "forgive_objectives": lambda grid, facts: sum(points for points, done in facts["objectives"] if not done),
    "completed_objectives": lambda grid, facts: 2 * sum(1 for _, done in facts["objectives"] if done),
    "oasis_groups": lambda grid, facts: 2 * sum(1 for size in groups(grid, "O") if size >= 2),
    "per_caravan": _count("C"),
    "per_stall": lambda grid, facts: facts["stalls"],
    "per_mosaic": lambda grid, facts: facts["mosaics"],
    "per_two_rubies": lambda grid, facts: facts["rubies"] // 2,
    "full_columns": lambda grid, facts: 3 * sum(1 for column in columns(grid).values() if None not in column),
    "long_rows": lambda grid, facts: 2 * sum(1 for length in row_lengths(grid).values() if length >= 6),
    "markets_by_caravans": lambda grid, facts: touching(grid, "M", "C"),
    "per_palace": _count("P"),
    "oases_by_caravans": lambda grid, facts: touching(grid, "O", "C"),
    "all_types_four": lambda grid, facts: 3 if all(_count(k)(grid, facts) >= 4 for k in "OCMP") else 0,
}


def powers_of(played: list[str], characters: Mapping[str, Mapping[str, Any]]) -> set[str]:
    return {characters[cid]["power"] for cid in played}


def end_game_points(played: list[str], characters: Mapping[str, Mapping[str, Any]], grid: dict[Pos, str],
                    facts: Mapping[str, Any]) -> int:
    return sum(
        END_GAME[characters[cid]["power"]](grid, facts) for cid in played if characters[cid]["category"] == "scoring"
    )

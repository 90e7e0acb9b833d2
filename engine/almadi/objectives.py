"""Objective requirements: whether a realm (and its owner's cards) meets one, and its wording."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Required, TypedDict

from .catalog import LETTERS
from .geometry import Pos, columns, groups, longest_run, row_lengths, squares

ALL_TYPES = frozenset(LETTERS.values())
PLURALS = {"oasis": "Oases", "caravan": "Caravans", "market": "Markets", "palace": "Palaces"}


class Requirement(TypedDict, total=False):
    """An objective card's requirement: its kind and the fields it needs (catalog.REQUIREMENT_FIELDS)."""

    kind: Required[str]
    type: str
    n: int
    mosaics: int
    stalls: int


def met(requirement: Requirement, grid: dict[Pos, str], holdings: Mapping[str, int]) -> bool:
    """``grid``: (row, column) -> type letter; ``holdings``: mosaics, stalls, rubies."""
    kind = requirement["kind"]
    letter = LETTERS.get(requirement.get("type", ""), "")
    n = requirement.get("n", 0)
    if kind == "group":
        return max(groups(grid, letter), default=0) >= n
    if kind == "hline":
        return longest_run(grid, letter, 0, 1) >= n
    if kind == "vline":
        return longest_run(grid, letter, 1, 0) >= n
    if kind == "count":
        return sum(1 for value in grid.values() if value == letter) >= n
    if kind == "square":
        return any(set(block) == {letter} for block in squares(grid))
    if kind in ("mosaics", "stalls", "rubies"):
        return holdings[kind] >= n
    if kind == "mixed_column":
        return any(set(column) == ALL_TYPES for column in columns(grid).values())
    if kind == "full_columns":
        return sum(1 for column in columns(grid).values() if None not in column) >= n
    if kind == "long_row":
        return max(row_lengths(grid).values(), default=0) >= n
    if kind == "mixed_square":
        return any(set(block) == ALL_TYPES for block in squares(grid))
    if kind == "cards":
        return holdings["mosaics"] >= requirement["mosaics"] and holdings["stalls"] >= requirement["stalls"]
    raise ValueError(f"unknown requirement {kind!r}")


def describe(requirement: Requirement) -> str:
    kind = requirement["kind"]
    name = PLURALS.get(requirement.get("type", ""), "")
    n = requirement.get("n")
    texts = {
        "group": f"a group of {n} connected {name}",
        "hline": f"{n} {name} side by side in one row",
        "vline": f"{n} {name} stacked in one column",
        "count": f"{n} {name} in the realm",
        "square": f"a 2x2 square of {name}",
        "mosaics": f"{n} mosaic cards",
        "stalls": f"{n} stall cards",
        "rubies": f"{n} rubies at once",
        "mixed_column": "a column (right of the start) with all four landscapes",
        "full_columns": f"{n} columns (right of the start) filled in rows 1-4",
        "long_row": f"a row of {n} landscapes (start included)",
        "mixed_square": "a 2x2 square with all four landscapes",
        "cards": f"{requirement.get('mosaics')} mosaic and {requirement.get('stalls')} stall cards",
    }
    return texts[kind]

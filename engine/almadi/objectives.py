"""Objective requirements: whether a realm (and its owner's cards) meets one, and its wording."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Required, TypedDict

from engine.i18n import ENGLISH, N_, Language

from .catalog import LETTERS
from .geometry import Pos, columns, groups, longest_run, row_lengths, squares

ALL_TYPES = frozenset(LETTERS.values())
PLURALS = {"oasis": N_("Oases"), "caravan": N_("Caravans"), "market": N_("Markets"), "palace": N_("Palaces")}


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


def describe(requirement: Requirement, lang: Language = ENGLISH) -> str:
    """What an objective asks for, in ``lang``."""
    _ = lang.gettext
    kind = requirement["kind"]
    name = _(PLURALS[requirement["type"]]) if requirement.get("type") else ""
    n = requirement.get("n")
    texts = {
        "group": _("a group of {n} connected {name}"),
        "hline": _("{n} {name} side by side in one row"),
        "vline": _("{n} {name} stacked in one column"),
        "count": _("{n} {name} in the realm"),
        "square": _("a 2x2 square of {name}"),
        "mosaics": _("{n} mosaic cards"),
        "stalls": _("{n} stall cards"),
        "rubies": _("{n} rubies at once"),
        "mixed_column": _("a column (right of the start) with all four landscapes"),
        "full_columns": _("{n} columns (right of the start) filled in rows 1-4"),
        "long_row": _("a row of {n} landscapes (start included)"),
        "mixed_square": _("a 2x2 square with all four landscapes"),
        "cards": _("{mosaics} mosaic and {stalls} stall cards"),
    }
    return texts[kind].format(n=n, name=name, mosaics=requirement.get("mosaics"), stalls=requirement.get("stalls"))

"""Cells on a square grid, (row, column), as the score oracles of the games laid out on one
count them (Almadi's realms, Thebai's city): written for the tests, not taken from the engine."""

from __future__ import annotations

STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))
"""A cell's four sides, clockwise from the top (N, E, S, W); the side facing one is two on."""


def groups(cells: set[tuple[int, int]]) -> list[int]:
    """Sizes of the groups of ``cells`` joined side to side."""
    left, sizes = set(cells), []
    while left:
        todo, size = [left.pop()], 0
        while todo:
            row, col = todo.pop()
            size += 1
            for dr, dc in STEPS:
                if (row + dr, col + dc) in left:
                    left.remove((row + dr, col + dc))
                    todo.append((row + dr, col + dc))
        sizes.append(size)
    return sizes

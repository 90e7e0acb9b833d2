"""Shapes in a realm grid {(row, column): type letter}: groups, lines, squares, columns."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

Pos = tuple[int, int]
DIRECTIONS = ((-1, 0), (0, 1), (1, 0), (0, -1))
"""Top, right, bottom, left: index d matches a tile's side d; the touching side is (d + 2) % 4."""


def neighbours(pos: Pos) -> Iterator[Pos]:
    row, col = pos
    for dr, dc in DIRECTIONS:
        yield row + dr, col + dc


def groups(grid: Mapping[Pos, str], letter: str) -> list[int]:
    """Sizes of the orthogonally connected groups of ``letter``."""
    todo = {pos for pos, kind in grid.items() if kind == letter}
    sizes = []
    while todo:
        stack = [todo.pop()]
        size = 0
        while stack:
            pos = stack.pop()
            size += 1
            for near in neighbours(pos):
                if near in todo:
                    todo.remove(near)
                    stack.append(near)
        sizes.append(size)
    return sizes


def longest_run(grid: Mapping[Pos, str], letter: str, dr: int, dc: int) -> int:
    best = 0
    for (row, col), kind in grid.items():
        if kind != letter or grid.get((row - dr, col - dc)) == letter:
            continue
        length = 1
        while grid.get((row + dr * length, col + dc * length)) == letter:
            length += 1
        best = max(best, length)
    return best


def squares(grid: Mapping[Pos, str]) -> Iterator[tuple[str, str, str, str]]:
    """The four letters of every fully occupied 2x2 block."""
    for (row, col), kind in grid.items():
        right, below, diagonal = grid.get((row, col + 1)), grid.get((row + 1, col)), grid.get((row + 1, col + 1))
        if right is not None and below is not None and diagonal is not None:
            yield kind, right, below, diagonal


def columns(grid: Mapping[Pos, str], rows: range = range(4)) -> dict[int, list[str | None]]:
    """Column -> letters in ``rows`` (None where empty), for the columns right of the start."""
    result: dict[int, list[str | None]] = {}
    for _, col in grid:
        if col >= 1 and col not in result:
            result[col] = [grid.get((r, col)) for r in rows]
    return result


def row_lengths(grid: Mapping[Pos, str]) -> dict[int, int]:
    lengths: dict[int, int] = {}
    for row, _ in grid:
        lengths[row] = lengths.get(row, 0) + 1
    return lengths


def touching(grid: Mapping[Pos, str], letter: str, others: str) -> int:
    """How many ``letter`` tiles touch at least one tile whose letter is in ``others``."""
    wanted = set(others)
    return sum(
        1
        for pos, kind in grid.items()
        if kind == letter and any(grid.get(near) in wanted for near in neighbours(pos))
    )

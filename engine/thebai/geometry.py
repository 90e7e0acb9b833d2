"""The city board's grid: Cadmea spaces, the dice spaces between them, rows and columns.

Cadmea spaces are ``t<row>.<col>``. A dice space lies on each side of every Cadmea space:
``h<row>.<col>`` in a row, left of column <col> (``h<row>.<cols+1>`` is the right border), and
``v<row>.<col>`` between rows <row>-1 and <row> of column <col> (``v1`` is the top border,
``v<rows+1>`` the bottom one). A dice space touches one or two Cadmea spaces and belongs to the
row of each (a die between two rows is in both). Two Cadmea spaces that share a dice space are
neighbours; an archon moving between them crosses it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .catalog import catalog

SIDES = "NESW"
"""Directions of a Cadmea space's sides; a tile's roofs are listed in this order, unrotated."""


@dataclass(frozen=True)
class Grid:
    side: str
    rows: int
    cols: int
    tiles: tuple[str, ...]
    dice: tuple[str, ...]
    sides_of: dict[str, tuple[str, str, str, str]]
    """Cadmea space -> its dice space on each side (N, E, S, W)."""
    across: dict[str, dict[str, str]]
    """Cadmea space -> {dice space: the neighbouring Cadmea space across it}."""
    touching: dict[str, tuple[str, ...]]
    """Dice space -> the one or two Cadmea spaces it touches."""
    facing: dict[tuple[str, str], int]
    """(Cadmea space, dice space) -> the side (0-3) of that Cadmea space the dice space is on."""
    rows_of: dict[str, tuple[int, ...]]
    """Dice space -> the rows it belongs to."""
    column_of: dict[str, int]
    """Dice space -> the column a herald card names it by (0: none)."""
    reading: dict[str, tuple[int, int]]
    """Dice space -> sort key, left to right then top to bottom."""
    border: dict[tuple[str, int], str]
    """(Cadmea space, side) -> roof colour printed on the board's edge there."""
    start: dict[int, tuple[str, ...]]
    order: dict[str, int]
    """Dice space -> its index in ``dice`` (board order)."""


def side_for(players: int) -> str:
    return "12" if players <= 2 else "34"


@cache
def _grid(side: str, digest: str) -> Grid:
    record = catalog().sides[side]
    rows, cols = record["rows"], record["cols"]
    tiles = tuple(f"t{r}.{c}" for r in range(1, rows + 1) for c in range(1, cols + 1))
    sides_of: dict[str, tuple[str, str, str, str]] = {}
    across: dict[str, dict[str, str]] = {}
    touching: dict[str, list[str]] = {}
    facing: dict[tuple[str, str], int] = {}
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            t = f"t{r}.{c}"
            around = (f"v{r}.{c}", f"h{r}.{c + 1}", f"v{r + 1}.{c}", f"h{r}.{c}")
            sides_of[t] = around
            neighbours = (f"t{r - 1}.{c}", f"t{r}.{c + 1}", f"t{r + 1}.{c}", f"t{r}.{c - 1}")
            across[t] = {d: n for d, n in zip(around, neighbours) if _inside(n, rows, cols)}
            for k, d in enumerate(around):
                touching.setdefault(d, []).append(t)
                facing[(t, d)] = k
    dice = tuple(sorted(touching, key=lambda d: _reading(d)))
    rows_of = {d: tuple(sorted({int(t[1:].split(".")[0]) for t in touching[d]})) for d in dice}
    column_of = {d: int(d[1:].split(".")[1]) if int(d[1:].split(".")[1]) <= cols else 0 for d in dice}
    border = {(m["space"], SIDES.index(m["side"])): m["roof"] for m in record["border"]}
    start = {int(k): tuple(v) for k, v in record["start"].items()}
    return Grid(side, rows, cols, tiles, dice, sides_of, across, {d: tuple(ts) for d, ts in touching.items()},
                facing, rows_of, column_of, {d: _reading(d) for d in dice}, border, start,
                {d: k for k, d in enumerate(dice)})


def grid(side: str) -> Grid:
    return _grid(side, catalog().digest)


def _inside(space: str, rows: int, cols: int) -> bool:
    r, c = map(int, space[1:].split("."))
    return 1 <= r <= rows and 1 <= c <= cols


def _reading(dice_space: str) -> tuple[int, int]:
    """Doubled coordinates (x, y) of a dice space: sorts left to right, then top to bottom."""
    r, c = map(int, dice_space[1:].split("."))
    return (2 * c - 1, 2 * r) if dice_space[0] == "h" else (2 * c, 2 * r - 1)


def cell(space: str) -> tuple[int, int]:
    """(row, column) of a Cadmea space."""
    r, c = space[1:].split(".")
    return int(r), int(c)


def roof(tile_roofs: list[str] | tuple[str, ...], rotation: int, side: int) -> str:
    """The roof a tile turned ``rotation`` quarter turns clockwise shows on ``side``."""
    return tile_roofs[(side - rotation) % 4]

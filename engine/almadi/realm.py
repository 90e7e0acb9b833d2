"""A player's realm as tiles: activation of effects, legal placements and Genie moves.

A realm is stored in the state as a list of ``[row, column, tile_id]`` (rows 0-3 are the
rule text's rows 1-4; the starting tile's four cells sit in column 0). Here it is worked on
as a grid {(row, column): tile_id}; ``faces`` maps tile ids to (type letter, sides).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from .catalog import ARROW, icons
from .geometry import DIRECTIONS, Pos

Faces = Mapping[str, tuple[str, tuple[str, str, str, str]]]
Grid = dict[Pos, str]
REALM_ROWS = range(4)


def grid_of(realm: Iterable[list[Any]]) -> Grid:
    """``realm``: the state's ``[row, column, tile_id]`` entries."""
    return {(row, col): tile for row, col, tile in realm}


def letters(grid: Grid, faces: Faces) -> dict[Pos, str]:
    return {pos: faces[tile][0] for pos, tile in grid.items()}


def contact(mine: str, theirs: str, pairs: bool) -> tuple[str, ...]:
    """Effects fired where side ``mine`` touches side ``theirs`` (blank sides are ''); a side
    with several jars activates each of them."""
    if not mine or not theirs:
        return ()
    if mine == ARROW:
        return () if theirs == ARROW else icons(theirs)
    if theirs == ARROW:
        return icons(mine)
    return icons(mine) + icons(theirs) if pairs else ()


def activations(
    grid: Grid, pos: Pos, faces: Faces, pairs: bool = False, ignore: Iterable[Pos] = (), tile: str | None = None,
) -> list[str]:
    """Effects fired by the contacts of the tile at ``pos`` with its neighbours, on both sides.

    ``pairs``: effect sides touching each other fire too (the character Zahra).
    ``ignore``: neighbours whose contacts do not count (already counted, or the tile's own old place).
    ``tile``: the tile put at ``pos`` (default: the one there in ``grid``).
    """
    row, col = pos
    sides = faces[tile or grid[pos]][1]
    fired: list[str] = []
    for d, (dr, dc) in enumerate(DIRECTIONS):
        spot = (row + dr, col + dc)
        near = grid.get(spot)
        if near is not None and spot not in ignore:
            fired.extend(contact(sides[d], faces[near][1][(d + 2) % 4], pairs))
    return fired


Move = tuple[str, "Pos | None", Pos]
"""(tile, where it was or None for a new tile, where it goes)."""


def fired_by(grid: Grid, moves: list[Move], faces: Faces, pairs: bool = False) -> list[str]:
    """Effects activated by putting the tiles of ``moves`` at their new places: a placement,
    a Genie move or a swap (each contact between the moved tiles counted once). ``grid`` is
    the layout before the moves."""
    if len(moves) == 1:
        tile, origin, target = moves[0]
        return activations(grid, target, faces, pairs, () if origin is None else (origin,), tile)
    after = dict(grid)
    for tile, origin, _ in moves:
        if origin is not None and after.get(origin) == tile:
            del after[origin]
    for tile, _, target in moves:
        after[target] = tile
    fired: list[str] = []
    done: list[Pos] = []
    for _, _, target in moves:
        fired.extend(activations(after, target, faces, pairs, done))
        done.append(target)
    return fired


def activated_jars(grid: Grid, faces: Faces, pairs: bool = False) -> int:
    """Jars activated in this layout (each contact counted once, each jar a side shows counted)."""
    count = 0
    for (row, col), tile in grid.items():
        sides = faces[tile][1]
        for d in (1, 2):  # right and bottom: every contact exactly once
            dr, dc = DIRECTIONS[d]
            near = grid.get((row + dr, col + dc))
            if near is not None:
                count += contact(sides[d], faces[near][1][(d + 2) % 4], pairs).count("jar")
    return count


def placements(grid: Grid, rows: Iterable[int]) -> list[Pos]:
    """Empty positions in ``rows``, right of the start, touching at least one tile."""
    spots = set()
    for row in rows:
        for (r, c) in grid:
            candidates: tuple[Pos, ...]
            if r == row:
                candidates = ((row, c - 1), (row, c + 1))
            elif r == row - 1 or r == row + 1:
                candidates = ((row, c),)
            else:
                continue
            for spot in candidates:
                if spot[1] >= 1 and spot not in grid:
                    spots.add(spot)
    return sorted(spots)


def genie_destinations(grid: Grid, origin: Pos, forbidden: Pos | None, any_row: bool) -> list[Pos]:
    """Where the tile at ``origin`` may move: empty, right of the start, in rows 1-4 (any row
    with ``any_row``), touching another tile, and not back to ``forbidden``."""
    spots = set()
    for (r, c) in grid:
        if (r, c) == origin:
            continue
        for dr, dc in DIRECTIONS:
            spot = (r + dr, c + dc)
            if spot[1] >= 1 and spot not in grid and (any_row or spot[0] in REALM_ROWS):
                spots.add(spot)
    spots.discard(forbidden)
    return sorted(spots)


def movable(grid: Grid, forbidden: Mapping[str, Pos | None], any_row: bool) -> list[tuple[str, Pos]]:
    """Tiles right of the start that have at least one Genie destination (see above): a spot
    touching another tile, other than the one it may not go back to. Counted, not searched:
    every call of a turn's settling asks it."""
    touching: dict[Pos, set[Pos]] = {}
    for (r, c) in grid:
        for dr, dc in DIRECTIONS:
            spot = (r + dr, c + dc)
            if spot[1] >= 1 and spot not in grid and (any_row or spot[0] in REALM_ROWS):
                touching.setdefault(spot, set()).add((r, c))
    alone = Counter(next(iter(sources)) for sources in touching.values() if len(sources) == 1)
    """How many spots touch only the tile at that position (it cannot go there)."""

    def destinations(tile: str, pos: Pos) -> int:
        back = forbidden.get(tile)
        return len(touching) - alone[pos] - (back in touching and touching[back] != {pos})

    return [(tile, pos) for pos, tile in sorted(grid.items()) if pos[1] >= 1 and destinations(tile, pos) > 0]

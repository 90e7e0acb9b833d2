"""Final rankings and rank-based points, shared by the games' score sheets."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .contract import Score


def ranking(scores: Sequence[Score],
            tiebreak: Callable[[int], tuple[Any, ...]] = lambda seat: ()) -> list[tuple[int, list[int]]]:
    """Places with their seats, best first; equal total and tiebreak share a place.

    Returns e.g. ``[(1, [2]), (2, [0, 1]), (4, [3])]``.
    """
    keyed = sorted(((s.total, tiebreak(s.seat)), s.seat) for s in scores)
    keyed.reverse()
    places: list[tuple[int, list[int]]] = []
    previous = None
    for position, (key, seat) in enumerate(keyed, start=1):
        if key == previous:
            places[-1][1].append(seat)
        else:
            places.append((position, [seat]))
            previous = key
    for _, seats in places:
        seats.sort()
    return places


def winners(scores: Sequence[Score], tiebreak: Callable[[int], tuple[Any, ...]] = lambda seat: ()) -> list[int]:
    return ranking(scores, tiebreak)[0][1] if scores else []


def rank_points(values: Sequence[int], table: Sequence[int], *, zero_scores_nothing: bool = True) -> list[int]:
    """Points by rank of ``values`` (higher ranks first); tied seats all get their place's points.

    ``table[k]`` is the points for place k+1. A value of 0 scores nothing when
    ``zero_scores_nothing``.
    """
    points = []
    for value in values:
        place = sum(1 for other in values if other > value)
        earned = table[place] if place < len(table) else 0
        points.append(0 if (zero_scores_nothing and value == 0) else earned)
    return points

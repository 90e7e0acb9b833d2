"""UCB at a node of the search tree: exploration scaled by how much a choice's values vary."""

from __future__ import annotations

import random

from engine.core.contract import Choice
from engine.search.tree import Node, Stat


def stat(visits: int, mean: float, spread: float, available: int) -> Stat:
    """A choice tried ``visits`` times, its values ``mean`` plus or minus ``spread`` (half each)."""
    result = Stat()
    for n in range(visits):
        result.add(mean + (spread if n % 2 else -spread))
    result.available = available - 1  # select counts this walk too
    return result


def pick(node: Node, explore: float = 0.7) -> str:
    return node.select(0, [Choice("worse"), Choice("better")], explore, random.Random(1))[0].id


def test_values_in_a_narrow_band_are_told_apart_by_their_own_spread():
    """Heuristic values 0.50 and 0.52, each give or take 0.02: after thousands of visits the
    better choice is clearly better, and it gets the next visit (a constant made for won-or-lost
    values, 0.7 unscaled, would still be visiting the worse one to be sure)."""
    node = Node()
    node.stats[(0, "worse")] = stat(1000, 0.50, 0.02, 4000)
    node.stats[(0, "better")] = stat(3000, 0.52, 0.02, 4000)
    assert pick(node) == "better"


def test_a_choice_tried_once_unluckily_is_still_explored():
    node = Node()
    node.stats[(0, "worse")] = stat(1, 0.0, 0.0, 3001)  # one play-out, lost
    node.stats[(0, "better")] = stat(3000, 0.97, 0.02, 3001)
    assert pick(node) == "worse"


def test_won_or_lost_values_explore_as_plain_ucb():
    """Values of 0 or 1 vary as much as values can: the constant applies in full."""
    node = Node()
    node.stats[(0, "worse")] = stat(40, 0.5, 0.5, 240)
    node.stats[(0, "better")] = stat(200, 0.6, 0.4, 240)  # 0.2s and 1.0s
    assert pick(node) == "worse"  # 0.5 + 0.7 * sqrt(ln 240 / 40) > 0.6 + 0.7 * 0.81 * sqrt(ln 240 / 200)

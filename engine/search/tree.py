"""The search tree of one observer: nodes are what the observer knows (the seat choices made
since the root, as the tree saw them), not states.

Every iteration walks it with a different determinized state, so at a node the legal
choices differ from one walk to the next (other seats' hands were sampled anew, a different
tile was drawn). Statistics are kept per (seat, choice) at the node, each seat's in its own
terms (max^n): a choice's mean is the win chance of the seat that makes it. UCB counts how
often a choice was *available* instead of the parent's visits (Cowling, Powley & Whitehouse,
"Information Set Monte Carlo Tree Search", 2012), so a choice that is rarely possible is not
starved. Chance outcomes do not branch the tree ("open loop"): they are drawn anew in each
walk, by their weights, and the statistics average over them.

A choice's exploration term is scaled by how much its values vary (as UCB-V does). The values
are win chances, but a play-out cut short is judged by the game's heuristic through a logistic
curve, whose values sit in a narrow band (choices differing by a few hundredths): a constant
tuned for won-or-lost outcomes then drowns those differences, spreads the visits almost evenly
over the choices whatever the budget, and a larger budget buys little. Scaled by twice the
standard deviation of the choice's values (counted with a few pseudo-visits of a won-or-lost
spread, so that a choice tried a few times, maybe unluckily, explores fully), the constant means
the same in every game: a choice is left once it looks worse by so many of its own spreads.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from engine.core.contract import Choice

Key = tuple[int, str]
"""(seat, choice id)."""

PRIOR_VISITS = 8
"""Pseudo-visits of a won-or-lost spread (variance 1/4) in a choice's spread estimate."""


class Stat:
    __slots__ = ("visits", "available", "total", "squares")

    def __init__(self) -> None:
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.squares = 0.0
        """Sum of the squared values (their spread scales exploration)."""

    def add(self, value: float) -> None:
        self.visits += 1
        self.total += value
        self.squares += value * value

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class Node:
    __slots__ = ("stats", "children")

    def __init__(self) -> None:
        self.stats: dict[Key, Stat] = {}
        self.children: dict[object, Node] = {}

    def child(self, key: object) -> Node:
        node = self.children.get(key)
        if node is None:
            node = self.children[key] = Node()
        return node

    def select(self, seat: int, choices: Sequence[Choice], explore: float, pick: random.Random) -> tuple[Choice, Stat]:
        """UCB1 over the choices available in this walk, exploring as much as their values
        vary; an untried one first (at random)."""
        stats = self.stats
        untried: list[tuple[Choice, Stat]] = []
        best: tuple[Choice, Stat] | None = None
        best_score = -1.0
        for choice in choices:
            key = (seat, choice.id)
            stat = stats.get(key)
            if stat is None:
                stat = stats[key] = Stat()
            stat.available += 1
            if stat.visits == 0:
                untried.append((choice, stat))
            elif not untried:
                visits = stat.visits
                mean = stat.total / visits
                variance = (stat.squares - visits * mean * mean + PRIOR_VISITS / 4) / (visits + PRIOR_VISITS)
                spread = min(1.0, 2.0 * math.sqrt(max(0.0, variance)))
                score = mean + explore * spread * math.sqrt(math.log(stat.available) / visits)
                if score > best_score:
                    best, best_score = (choice, stat), score
        if untried:
            return untried[int(pick.random() * len(untried))] if len(untried) > 1 else untried[0]
        return best  # type: ignore[return-value]

    def take(self, seat: int, choices: Sequence[Choice], wanted: str) -> tuple[Choice, Stat] | None:
        """``wanted`` when it is among this walk's choices (counted available as ``select``
        counts them all); None when it is not."""
        found = next((choice for choice in choices if choice.id == wanted), None)
        if found is None:
            return None
        stats = self.stats
        for choice in choices:
            key = (seat, choice.id)
            stat = stats.get(key)
            if stat is None:
                stat = stats[key] = Stat()
            stat.available += 1
        return found, stats[(seat, wanted)]

    def ranked(self, seat: int) -> list[tuple[str, Stat]]:
        """The seat's choices here, most visited first (ties: better mean, then id)."""
        mine = [(key[1], stat) for key, stat in self.stats.items() if key[0] == seat and stat.visits]
        mine.sort(key=lambda item: (-item[1].visits, -item[1].mean, item[0]))
        return mine

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
"""

from __future__ import annotations

import math
import random
from typing import Sequence

from engine.core.contract import Choice

Key = tuple[int, str]
"""(seat, choice id)."""


class Stat:
    __slots__ = ("visits", "available", "total")

    def __init__(self) -> None:
        self.visits = 0
        self.available = 0
        self.total = 0.0

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class Node:
    __slots__ = ("stats", "children")

    def __init__(self) -> None:
        self.stats: dict[Key, Stat] = {}
        self.children: dict[object, Node] = {}

    def child(self, key: object) -> "Node":
        node = self.children.get(key)
        if node is None:
            node = self.children[key] = Node()
        return node

    def select(self, seat: int, choices: Sequence[Choice], explore: float, pick: random.Random) -> tuple[Choice, Stat]:
        """UCB1 over the choices available in this walk; an untried one first (at random)."""
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
                score = stat.total / stat.visits + explore * math.sqrt(math.log(stat.available) / stat.visits)
                if score > best_score:
                    best, best_score = (choice, stat), score
        if untried:
            return untried[int(pick.random() * len(untried))] if len(untried) > 1 else untried[0]
        return best  # type: ignore[return-value]

    def ranked(self, seat: int) -> list[tuple[str, Stat]]:
        """The seat's choices here, most visited first (ties: better mean, then id)."""
        mine = [(key[1], stat) for key, stat in self.stats.items() if key[0] == seat and stat.visits]
        mine.sort(key=lambda item: (-item[1].visits, -item[1].mean, item[0]))
        return mine

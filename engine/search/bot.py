"""The search bot: a seat kind ("normal", "hard") that plays any game on the contract."""

from __future__ import annotations

from typing import Any

from engine.core.contract import Choice
from engine.core.match import Match

from .ismcts import Limits, SearchResult, search
from .profiles import LEVELS, Level, profile_for


def limits_for(level: Level, *, capped: bool = True, **extra: Any) -> Limits:
    if not capped:
        return Limits(level.iterations, **extra)
    return Limits(level.iterations, cpu_cap=level.cpu_cap, wall_cap=level.wall_cap, **extra)


def think(match: Match, seat: int, level: Level, seed: int | str, *, capped: bool = True, **extra: Any) -> SearchResult:
    """Search the seat's decision now in ``match``, from what the seat may know."""
    rules = match.rules
    return search(rules, match.state, seat, len(match.names), limits_for(level, capped=capped, **extra), seed,
                  profile_for(rules.id))


def decision_seed(seed: int | str, match: Match) -> str:
    """The seed of one decision: a bot with the same seed decides alike at the same position."""
    return f"{seed}:{len(match.actions)}"


class SearchBot:
    """Information-set MCTS at one of the levels; ``capped=False`` searches the whole budget
    whatever the time (reproducible on any machine)."""

    def __init__(self, level: str | Level, seed: int | str = 0, *, capped: bool = True):
        self.level = LEVELS[level] if isinstance(level, str) else level
        self.name = self.level.kind
        self.seed = seed
        self.capped = capped
        self.last: SearchResult | None = None

    def choose(self, match: Match, seat: int) -> Choice:
        self.last = think(match, seat, self.level, decision_seed(self.seed, match), capped=self.capped)
        return next(choice for choice in match.legal(seat) if choice.id == self.last.choice)

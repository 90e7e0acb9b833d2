"""The Polis section of `make bench` (`python -m tests.bench --only polis`): how many games
between bots end before round 4 is over (a side that cannot feed its citizens, or is left
without prestige, ends the game at a round's end). Easy against Easy plays each deal once
(both seats are the same bot); Normal against Easy plays each deal from both seats."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable

from engine.core.bots import play_out
from engine.core.match import Match
from engine.polis.upkeep import LAST_ROUND
from engine.registry import rules_for
from engine.search.arena import GameSpec, make_seat, specs

Row = Callable[[str, float, str, str, bool], None]
FIRST_DEAL = 1000
EARLY_TARGET = 0.10
"""Between Easy bots, fewer than 1 game in 10 should end before round 4."""


def last_round(spec: GameSpec) -> int:
    """The round in which the game ended."""
    match = Match(rules_for(spec.game), [f"P{seat}" for seat in range(len(spec.kinds))], {}, spec.seed)
    play_out(match, {seat: make_seat(kind, f"arena:{spec.seed}:{seat}", spec.capped)
                     for seat, kind in enumerate(spec.kinds)})
    return int(match.state["round"])


def pairings(seats: list[str], games: int) -> list[GameSpec]:
    """``games`` games from deal ``FIRST_DEAL`` on: one per deal for a bot against itself, else
    each deal from every seat."""
    if len(set(seats)) == 1:
        return [spec for deal in range(games) for spec in specs("polis", seats, 1, FIRST_DEAL + deal)]
    return specs("polis", seats, games, FIRST_DEAL)


def rounds_played(games: list[GameSpec], jobs: int) -> list[int]:
    if jobs <= 1:
        return [last_round(spec) for spec in games]
    with multiprocessing.get_context("spawn").Pool(min(jobs, len(games))) as pool:
        return pool.map(last_round, games)


def polis_rows(row: Row, games: int, jobs: int | None = None) -> None:
    jobs = jobs or os.cpu_count() or 1
    games = max(games, 40)
    for title, seats, target in (("Easy vs Easy", ["greedy", "greedy"], EARLY_TARGET),
                                 ("Normal vs Easy", ["normal", "greedy"], None)):
        deals = pairings(seats, games)
        early = sum(1 for ended in rounds_played(deals, jobs) if ended < LAST_ROUND)
        share = early / len(deals)
        row(f"polis: {title}, games ending before round {LAST_ROUND} ({early} of {len(deals)}, deals "
            f"{deals[0].seed}-{deals[-1].seed})", share * 100, "%", "report" if target is None else f"< {target:.0%}",
            target is None or share < target)

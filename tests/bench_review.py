"""The review section of `make bench` (`python -m tests.bench --only review`): how long the
post-game review takes, and how much its estimates move from one search to the next.

The games are played by Easy (greedy) bots from a fixed seed and reviewed at the Normal level
as ``tabula review`` does it: uncapped searches, one search worker per core. CPU is this
process's and the workers' (reaped children); wall is the clock, so it is only a verdict on an
idle machine.
"""

from __future__ import annotations

import os
import resource
import statistics
import time
from collections.abc import Callable

from engine.core.bots import GreedyBot, play_out
from engine.core.match import Match
from engine.core.seats import seat_letter
from engine.registry import rules_for
from engine.search.review import decisions, review_in_workers, reviewed, search_decision

Row = Callable[..., None]
NAMES = ["Ann", "Bruno", "Chloe", "Dara"]
SEED = 7
SEARCHES = 5


def bot_game(game: str, players: int) -> Match:
    match = Match(rules_for(game), NAMES[:players], {}, SEED)
    play_out(match, {seat: GreedyBot(f"bench:{seat}") for seat in range(players)})
    return match


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def review_row(row: Row, game: str, players: int, target: float | None, seats: list[int] | None) -> None:
    """The review of one seat, or of every seat (``seats`` None) as the app's review screen makes it."""
    match = bot_game(game, players)
    jobs = os.cpu_count() or 1
    cpu, children, wall = time.process_time(), children_cpu(), time.monotonic()
    found = review_in_workers(match.rules, match.names, match.options, SEED, match.actions, level="normal", seats=seats,
                              jobs=jobs)
    wall = time.monotonic() - wall
    cpu = time.process_time() - cpu + children_cpu() - children
    whose = "every seat" if seats is None else ", ".join(f"seat {seat_letter(seat)}" for seat in seats)
    about = f"{game} {players}p, {whose}, Normal: {len(found.moves)} decisions of {len(match.actions)} actions"
    row(f"review of a {about}: CPU (all processes)", cpu, "s", "report", True)
    row(f"review of a {about}: wall, {jobs} search workers", wall, "s",
        "report" if target is None else f"< {target:.0f} s", target is None or wall < target, wall=True)


def spread_rows(row: Row) -> None:
    """One mid-game Thebai decision searched ``SEARCHES`` times with different seeds."""
    match = bot_game("thebai", 2)
    todo = [decision for decision in decisions(match.rules, match.names, match.options, SEED, match.actions, [0])
            if len(decision.match.legal(0)) >= 4]
    decision = todo[len(todo) // 2]
    moves = [reviewed(decision, search_decision(decision, "normal", seed=f"bench:{k}")) for k in range(SEARCHES)]
    for what, wins in (("the position (the best move's)", [move.best.win for move in moves]),
                       ("the move played", [move.played.win for move in moves])):
        spread = (max(wins) - min(wins)) * 100
        row(f"review: estimate of {what} at thebai action {decision.action} ({len(decision.match.legal(0))} "
            f"choices), {SEARCHES} seeds: spread (max - min; sd {statistics.pstdev(wins) * 100:.1f} pp, "
            f"mean {statistics.mean(wins):.0%})", spread, "pp", "report", True)


def review_rows(row: Row) -> None:
    review_row(row, "thebai", 2, 60.0, [0])
    review_row(row, "almadi", 4, None, None)
    spread_rows(row)

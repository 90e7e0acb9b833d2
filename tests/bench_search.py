"""The search section of `make bench` (also `python -m tests.bench --only search`): how strong
the search bot is in every registered game, and how long it thinks.

Long (tens of minutes): the games are real games between bots at their shipped levels, two at
a time. Think times are CPU seconds of the thinking process, not the clock: the machine is
shared, and a clock would measure the other users' work too. The search caps are in CPU
seconds as well (engine/search/profiles.py), so these are the times a player waits on an idle
machine.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from engine.registry import GAMES, rules_for
from engine.search.arena import KindStats, arena

Row = Callable[[str, float, str, str, bool], None]


def win_row(row: Row, name: str, stats: KindStats, target: float) -> None:
    low, high = stats.interval
    row(f"{name} ({stats.seats} seat-games, 95%: {low:.0%}-{high:.0%}, margin {stats.margin:+.1f})",
        stats.rate * 100, "% wins", f">= {target:.0%}", stats.rate >= target)


def search_rows(row: Row, games: int, jobs: int | None = None) -> None:
    jobs = jobs or os.cpu_count() or 1
    for game in sorted(GAMES):
        rules = rules_for(game)
        think: dict[str, list[float]] = {"normal": [], "hard": []}
        cut = {kind: 0 for kind in think}
        matches = [("Normal vs greedy, 2p", ["normal", "greedy"], 0.70)]
        if rules.min_players <= 4 <= rules.max_players:
            matches.append(("Normal vs 3 greedy, 4p", ["normal", "greedy", "greedy", "greedy"], 0.40))
        matches.append(("Hard vs Normal, 2p", ["hard", "normal"], 0.60))
        for title, seats, target in matches:
            if len(seats) < rules.min_players:
                continue
            stats = arena(game, seats, games, seed=1000, jobs=jobs)
            win_row(row, f"{game}: {title}", stats[seats[0]], target)
            for kind in think:
                if kind in stats:
                    think[kind] += stats[kind].think
                    cut[kind] += stats[kind].cut
        for kind, cap in (("normal", 2.0), ("hard", 6.0)):
            times = sorted(think[kind])
            if not times:
                continue
            median, p95 = times[len(times) // 2], times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
            row(f"{game}: {kind.title()} think time per decision, median ({len(times)} decisions, CPU; "
                f"{cut[kind]} ended by a time cap)",
                median, "s", "report", True)
            row(f"{game}: {kind.title()} think time per decision, p95 (CPU)", p95, "s", f"< {cap:.0f} s", p95 < cap)

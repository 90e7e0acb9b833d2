"""Headless matches between seat kinds, to measure how strong the bots are.

``seats`` lists one kind per seat (e.g. normal, greedy, greedy, greedy). Games are played in
sets, one per rotation of the list over the seats, all on the same game seed, so that every
kind plays every position of every deal. Results are per kind: the share of games won (a
shared first place counts as a share), its 95% interval, the average score margin (own score
minus the best other's) and the CPU time each decision took.
"""

from __future__ import annotations

import math
import multiprocessing
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from engine import registry
from engine.bots import make_bot
from engine.core.bots import Bot, play_out
from engine.core.contract import Choice
from engine.core.match import Match
from engine.core.scoring import ranking

from .bot import SearchBot
from .profiles import LEVELS

Z95 = 1.959964


@dataclass(frozen=True)
class GameSpec:
    game: str
    entry: tuple[str, str]
    """The game's registry entry (a worker process registers it if it does not know it)."""
    kinds: tuple[str, ...]
    """Kind of each seat, in seat order."""
    seed: int
    capped: bool = True


@dataclass(frozen=True)
class GameResult:
    kinds: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    think: tuple[tuple[str, float], ...]
    """(kind, CPU seconds) of every decision a bot made with more than one choice."""
    decisions: int
    cut: tuple[str, ...] = ()
    """The kind of each search a time cap ended before its budget (a busy machine's clock can
    do that, and then the move depends on the load)."""
    seed: int | None = None
    """The deal's seed."""

    def to_json(self) -> dict[str, Any]:
        """One game as a line of ``tabula arena --games-log``: enough to pool runs on other
        deals exactly (``from_json`` reads it back for ``tally``)."""
        return {"seed": self.seed, "kinds": list(self.kinds), "totals": list(self.totals),
                "winners": list(self.winners), "think": [[kind, round(seconds, 6)] for kind, seconds in self.think],
                "decisions": self.decisions, "cut": list(self.cut)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameResult:
        return cls(tuple(data["kinds"]), tuple(data["totals"]), tuple(data["winners"]),
                   tuple((kind, seconds) for kind, seconds in data["think"]), data["decisions"], tuple(data["cut"]),
                   data["seed"])


def specs(game: str, seats: list[str], games: int, seed: int, capped: bool = True) -> list[GameSpec]:
    """``games`` games: game g deals with seed ``seed + g // n`` and rotates the seats by g % n."""
    entry = registry.GAMES[game]
    n = len(seats)
    return [GameSpec(game, entry, tuple(seats[(s + g) % n] for s in range(n)), seed + g // n, capped)
            for g in range(games)]


def make_seat(kind: str, seed: str, capped: bool) -> Bot:
    return SearchBot(kind, seed, capped=capped) if kind in LEVELS else make_bot(kind, seed)


class Timed:
    """A seat's bot, timed: the CPU time of each decision with a choice to weigh (and whether
    a time cap ended its search), noted in ``think`` and ``cut``."""

    def __init__(self, kind: str, bot: Bot, think: list[tuple[str, float]], cut: list[str]):
        self.kind, self.bot, self.think, self.cut = kind, bot, think, cut

    def choose(self, match: Match, seat: int) -> Choice:
        start = time.thread_time()
        choice = self.bot.choose(match, seat)
        if len(match.legal(seat)) > 1:
            self.think.append((self.kind, time.thread_time() - start))
            last = self.bot.last if isinstance(self.bot, SearchBot) else None
            if last is not None and last.stopped == "cap":
                self.cut.append(self.kind)
        return choice


def play(spec: GameSpec) -> GameResult:
    registry.GAMES.setdefault(spec.game, spec.entry)
    rules = registry.rules_for(spec.game)
    names = [f"P{seat}" for seat in range(len(spec.kinds))]
    match = Match(rules, names, {}, spec.seed)
    think: list[tuple[str, float]] = []
    cut: list[str] = []
    bots = {seat: Timed(kind, make_seat(kind, f"arena:{spec.seed}:{seat}", spec.capped), think, cut)
            for seat, kind in enumerate(spec.kinds)}
    decisions = len(play_out(match, bots))
    scores = match.scores()
    first = ranking(scores, lambda seat: rules.tiebreak(match.state, seat))[0][1]
    return GameResult(spec.kinds, tuple(s.total for s in scores), tuple(first), tuple(think), decisions, tuple(cut),
                      spec.seed)


def run(games: list[GameSpec], jobs: int = 1) -> Iterator[GameResult]:
    """The results in the order of ``games``; ``jobs`` worker processes play them."""
    if jobs <= 1 or len(games) <= 1:
        yield from map(play, games)
        return
    with multiprocessing.get_context("spawn").Pool(min(jobs, len(games))) as pool:
        yield from pool.imap(play, games)


@dataclass
class KindStats:
    kind: str
    seats: int = 0
    """Seat-games played by this kind."""
    wins: float = 0.0
    margins: list[int] = field(default_factory=list)
    think: list[float] = field(default_factory=list)
    cut: int = 0
    """Searches a time cap ended before their budget."""

    @property
    def rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.seats)

    @property
    def margin(self) -> float:
        return statistics.fmean(self.margins) if self.margins else 0.0

    def think_quantile(self, q: float) -> float:
        return quantile(self.think, q)


def tally(results: list[GameResult]) -> dict[str, KindStats]:
    stats: dict[str, KindStats] = {}
    for result in results:
        for seat, kind in enumerate(result.kinds):
            entry = stats.setdefault(kind, KindStats(kind))
            entry.seats += 1
            if seat in result.winners:
                entry.wins += 1 / len(result.winners)
            entry.margins.append(result.totals[seat] - max(t for other, t in enumerate(result.totals) if other != seat))
        for kind, seconds in result.think:
            stats[kind].think.append(seconds)
        for kind in result.cut:
            stats[kind].cut += 1
    return stats


def wilson(successes: float, n: int) -> tuple[float, float]:
    """The Wilson score interval of a proportion, at 95%."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + Z95 * Z95 / (2 * n)) / (1 + Z95 * Z95 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n)) / (1 + Z95 * Z95 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def arena(game: str, seats: list[str], games: int, seed: int, *, jobs: int = 1, capped: bool = True,
          on_game: Callable[[int, GameResult], None] | None = None) -> dict[str, KindStats]:
    results = []
    for index, result in enumerate(run(specs(game, seats, games, seed, capped), jobs)):
        results.append(result)
        if on_game is not None:
            on_game(index, result)
    return tally(results)

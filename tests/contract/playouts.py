"""Random games for the conformance suite: every player count and every option value, with
the positions met along the way."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from typing import Any

from engine.core.contract import Rules
from engine.core.match import Match

ENDLESS = {("toy", "goal", 0)}
"""Option values that make a game go on for ever (a test-only mode of the toy)."""


def configurations(rules: Rules) -> list[tuple[int, dict[str, Any]]]:
    """(players, options) pairs covering every player count and every value of every option."""
    counts = list(range(rules.min_players, rules.max_players + 1))
    values = [
        [(option.key, value) for value, _ in option.values if (rules.id, option.key, value) not in ENDLESS]
        for option in rules.options
    ]
    rows = max([len(counts), *(len(v) for v in values)])
    return [
        (counts[row % len(counts)], {key: value for key, value in (v[row % len(v)] for v in values)})
        for row in range(rows)
    ]


def positions(rules: Rules, players: int, options: dict[str, Any], seed: int, limit: int = 4000) -> Iterator[Match]:
    """Play a random game, yielding the match at every decision point (chance steps included),
    and once more at its end. Seats choose at random; chance is drawn from the game's RNG."""
    names = [f"P{n}" for n in range(players)]
    match = Match(rules, names, options, seed)
    pick = random.Random(seed)
    for _ in range(limit):
        yield match
        decision = match.decision
        if decision is None:
            return
        if decision.is_chance:
            match.draw()
        else:
            seat = pick.choice(decision.actors)
            match.choose(seat, pick.choice(match.legal(seat)).id)
    raise AssertionError(f"{rules.id}: no end after {limit} decisions (seed {seed})")


TYPICAL_LENGTH = 300
"""Decision points of a typical random game (Almadi, Thebai, Polis: 70 to 390; Pantheon's run
to 1,100): a longer game is sampled more sparsely, so that every game is checked at about as
many positions and a long one does not take most of the suite's time."""


def sampled(rules: Rules, every: int, seeds: range = range(2)) -> Iterator[tuple[Match, int]]:
    """Every ``every``-th position of random games in every configuration (and each end), every
    ``every`` times ``length / TYPICAL_LENGTH``-th in a game longer than typical."""
    for (players, options), seed in itertools.product(configurations(rules), seeds):
        length = sum(1 for _ in positions(rules, players, options, seed))
        stride = max(every, round(every * length / TYPICAL_LENGTH))
        for index, match in enumerate(positions(rules, players, options, seed)):
            if index % stride == 0 or match.finished:
                yield match, index


def viewers(match: Match) -> list[int | None]:
    return [*range(len(match.names)), None]


def plain(data: Any) -> str:
    """A canonical text of plain data, for comparing states and views."""
    return json.dumps(data, sort_keys=True, default=repr)


def without_log(state: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in state.items() if key != "log"}

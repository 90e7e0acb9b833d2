"""Thebai final scoring, from what the players count on the table.

Set collection: fulfilled contracts (4 suits) and gate tiles, which take any suit. Every
card counts both for sets of different suits (1/2/3/4 suits: 1/4/9/16 VP) and for sets
of one suit (3/4/5 cards: 3/7/12 VP). The sheet assigns the gate tiles to the suits that
give the most points and shows that assignment.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Sequence

from engine.core.contract import Score

SUITS = 4
DIFFERENT_SUITS_VP = {1: 1, 2: 4, 3: 9, 4: 16}
SAME_SUIT_VP = {3: 3, 4: 7, 5: 12}
GOODS_PER_VP = 3
UNFULFILLED_CONTRACT_VP = -3


def different_suit_points(counts: Sequence[int]) -> int:
    """Best split into sets of different suits: take one card of every suit left, repeatedly.

    Taking the largest sets first is optimal because the set values grow as squares.
    """
    return sum(DIFFERENT_SUITS_VP.get(sum(1 for c in counts if c >= layer), 0)
               for layer in range(1, max(counts, default=0) + 1))


@lru_cache(maxsize=None)
def same_suit_points(count: int) -> int:
    """Best split of one suit's cards into sets of 3, 4 or 5 (cards left over score nothing)."""
    return max([0] + [vp + same_suit_points(count - size) for size, vp in SAME_SUIT_VP.items() if size <= count])


def set_points(counts: Sequence[int]) -> tuple[int, int]:
    """(sets of different suits, sets of one suit) for the cards per suit."""
    return different_suit_points(counts), sum(same_suit_points(c) for c in counts)


def best_gate_assignment(contracts: Sequence[int], gates: int) -> tuple[int, ...]:
    """Gate tiles per suit that maximise the set points (the first such, suit order)."""
    best, best_total = (0,) * SUITS, -1
    for suits in combinations_with_replacement(range(SUITS), gates):
        added = tuple(suits.count(s) for s in range(SUITS))
        total = sum(set_points([c + a for c, a in zip(contracts, added)]))
        if total > best_total:
            best, best_total = added, total
    return best


@dataclass(frozen=True)
class FinalEntry:
    track: int = 0
    """VP on the score track before final scoring."""
    council: int = 0
    estate: int = 0
    """VP printed under the rightmost fully empty estate column (0 if none)."""
    city_power: int = 0
    """Total power of the player's dice on the city board."""
    contracts: tuple[int, ...] = (0,) * SUITS
    """Fulfilled contracts per suit."""
    gates: int = 0
    goods: int = 0
    drachma: int = 0
    unfulfilled: int = 0


@dataclass(frozen=True)
class FinalScore:
    score: Score
    gate_suits: tuple[int, ...] = field(default=(0,) * SUITS)
    """Gate tiles given to each suit."""


def final_score(seat: int, entry: FinalEntry) -> FinalScore:
    gate_suits = best_gate_assignment(entry.contracts, entry.gates)
    different, same = set_points([c + g for c, g in zip(entry.contracts, gate_suits)])
    breakdown = {
        "Score track": entry.track,
        "Council": entry.council,
        "Estate": entry.estate,
        "City dice": entry.city_power,
        "Different suits": different,
        "Same suit": same,
        "Goods+drachma": (entry.goods + entry.drachma) // GOODS_PER_VP,
        "Unfulfilled": UNFULFILLED_CONTRACT_VP * entry.unfulfilled,
    }
    total = sum(breakdown.values())
    if total < 0:
        breakdown["Floor at 0"] = -total
    return FinalScore(Score(seat, breakdown), gate_suits)

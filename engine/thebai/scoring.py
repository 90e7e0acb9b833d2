"""Thebai final scoring, from what the players count on the table.

Set collection: fulfilled contracts (4 suits) and gate tiles, which take any suit. Every
card counts both for sets of different suits (1/2/3/4 suits: 1/4/9/16 VP) and for sets
of one suit (3/4/5 cards: 3/7/12 VP). The sheet assigns the gate tiles to the suits that
give the most points and shows that assignment.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product

from engine.core.contract import Score
from engine.i18n import N_

SUITS = 4
DIFFERENT_SUITS_VP = {1: 1, 2: 4, 3: 9, 4: 16}
SAME_SUIT_VP = {3: 3, 4: 7, 5: 12}
GOODS_PER_VP = 3
UNFULFILLED_CONTRACT_VP = -3


def different_suit_points(counts: Sequence[int]) -> int:
    """Best split into sets of different suits: take one card of every suit left, repeatedly.

    Taking the largest sets first is optimal because the set values grow as squares. With
    the counts sorted longest first, the k-th suit is in the sets of k suits and more for as
    many layers as it has cards, so it adds (value of k suits - value of k-1) per card.
    """
    ordered = sorted(counts, reverse=True)
    return sum((DIFFERENT_SUITS_VP[k] - DIFFERENT_SUITS_VP.get(k - 1, 0)) * count
               for k, count in enumerate(ordered, start=1) if k in DIFFERENT_SUITS_VP)


def same_suit_points(count: int) -> int:
    """Best split of one suit's cards into sets of 3, 4 or 5 (cards left over score nothing):
    as many fives as possible, the remainder of 3 or 4 cards as one more set (a remainder of
    1 or 2 cannot do better by breaking up fives, which are worth the most per card)."""
    fives, rest = divmod(count, 5)
    return SAME_SUIT_VP[5] * fives + SAME_SUIT_VP.get(rest, 0)


def set_points(counts: Sequence[int]) -> tuple[int, int]:
    """(sets of different suits, sets of one suit) for the cards per suit."""
    return different_suit_points(counts), sum(same_suit_points(c) for c in counts)


def best_gate_assignment(contracts: Sequence[int], gates: int) -> tuple[int, ...]:
    """Gate tiles per suit that maximise the set points (see _best_gate_assignment)."""
    if gates < 0:
        raise ValueError("gate tiles cannot be negative")
    if gates == 0:
        return (0,) * len(contracts)
    return _best_gate_assignment(tuple(contracts), gates)


@lru_cache(maxsize=4096)
def _best_gate_assignment(contracts: tuple[int, ...], gates: int) -> tuple[int, ...]:
    """Gate tiles per suit that maximise the set points (a game's scores ask again and again).

    The cost does not grow with the number of gate tiles. Two facts keep the search small:
    a suit's same-suit points rise by exactly 12 for every 5 more cards, and the
    different-suit points never fall when cards move from a longer suit to a shorter one.
    So moving 5 gate tiles from a suit that got at least 5 to a suit 6 or more cards
    shorter never loses points; some best assignment therefore gives each suit either
    fewer than 5 gate tiles or a final count within 5 of the shortest suit's. Trying
    those (at most 11^4 candidates) finds the best. Among equal totals the assignment
    that gives more to earlier suits wins.
    """
    best_key: tuple[int, tuple[int, ...]] | None = None
    for added in set(candidate_assignments(tuple(contracts), gates)):
        total = sum(set_points([c + a for c, a in zip(contracts, added)]))
        key = (total, added)
        if best_key is None or key > best_key:
            best_key = key
    assert best_key is not None
    return best_key[1]


SMALL = range(5)
"""Gate tiles a suit may get without being 'big' (see best_gate_assignment)."""
SPREAD = range(6)
"""How far above the shortest final count a big suit may end."""


def candidate_assignments(contracts: tuple[int, ...], gates: int) -> Iterator[tuple[int, ...]]:
    suits = range(len(contracts))
    for big_mask in range(1 << len(contracts)):
        big = [s for s in suits if big_mask >> s & 1]
        small = [s for s in suits if not big_mask >> s & 1]
        for small_added in product(SMALL, repeat=len(small)):
            rest = gates - sum(small_added)
            if rest < 0 or (not big and rest):
                continue
            if not big:
                yield assemble(small, small_added, {})
                continue
            for offsets in product(SPREAD, repeat=len(big)):
                base, remainder = divmod(rest - sum(o - contracts[s] for s, o in zip(big, offsets)), len(big))
                if remainder:
                    continue
                given = {s: base + o - contracts[s] for s, o in zip(big, offsets)}
                if all(n >= len(SMALL) for n in given.values()):
                    yield assemble(small, small_added, given)


def assemble(small: list[int], small_added: tuple[int, ...], given: dict[int, int]) -> tuple[int, ...]:
    added = dict(zip(small, small_added)) | given
    return tuple(added[s] for s in range(SUITS))


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
        N_("Score track"): entry.track,
        N_("Council"): entry.council,
        N_("Estate"): entry.estate,
        N_("City dice"): entry.city_power,
        N_("Different suits"): different,
        N_("Same suit"): same,
        N_("Goods+drachma"): (entry.goods + entry.drachma) // GOODS_PER_VP,
        N_("Unfulfilled"): UNFULFILLED_CONTRACT_VP * entry.unfulfilled,
    }
    total = sum(breakdown.values())
    if total < 0:
        breakdown[N_("Floor at 0")] = -total
    return FinalScore(Score(seat, breakdown), gate_suits)

"""A small deterministic RNG whose whole state is one integer kept in the game state.

splitmix64: fast, good enough for shuffles and draws, and trivially serialisable.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

MASK = (1 << 64) - 1


def seed_state(state: dict[str, Any], seed: int) -> None:
    state["rng"] = seed & MASK


def reseed(state: dict[str, Any], seed: int | str) -> None:
    """Give ``state`` an RNG of its own, unrelated to the one it had (for look-ahead copies)."""
    if isinstance(seed, str):
        seed = int.from_bytes(hashlib.blake2b(seed.encode("utf-8"), digest_size=8).digest(), "big")
    state["rng"] = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK


def next_u64(state: dict[str, Any]) -> int:
    x: int = (state["rng"] + 0x9E3779B97F4A7C15) & MASK
    state["rng"] = x
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def below(state: dict[str, Any], n: int) -> int:
    """A uniform integer in [0, n)."""
    if n <= 0:
        raise ValueError("below() needs n > 0")
    return next_u64(state) % n


def shuffle(state: dict[str, Any], items: list[Any]) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]


def pick_weighted(state: dict[str, Any], weights: Sequence[int]) -> int:
    """Index drawn with probability proportional to its weight (none negative): the first whose
    running total exceeds a uniform draw below the sum."""
    total = sum(weights)
    if total <= 0:
        raise ValueError("pick_weighted() needs a positive total weight")
    drawn, index = next_u64(state) % total, 0
    while drawn >= weights[index]:  # quicker than bisecting the running totals of a few weights
        drawn -= weights[index]
        index += 1
    return index

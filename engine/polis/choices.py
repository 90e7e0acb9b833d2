"""Choice objects, made once per (id, target) and shared: deciding builds no new objects."""

from __future__ import annotations

from functools import lru_cache

from engine.core import Choice


@lru_cache(maxsize=None)
def choice(id: str, target: str | None = None, reveals: bool = False) -> Choice:
    return Choice(id, target=target, reveals=reveals)


@lru_cache(maxsize=None)
def outcome(id: str, weight: int = 1) -> Choice:
    """A chance outcome standing for ``weight`` indistinguishable items."""
    return Choice(id, weight=weight)

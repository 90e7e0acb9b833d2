"""The hint key: the search's suggestion for the seat to move, and the two runners-up.

A hint is a search from the seat's own view (the same as the bot's: ``determinize`` for that
seat, so it can tell nothing the seat may not know) at the Normal level. Each suggestion
carries the choice as the seat sees it labelled, and the estimated win chance after it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from engine.core.contract import Choice

from .ismcts import SearchResult

HINT_LEVEL = "normal"
SHOWN = 3


@dataclass(frozen=True)
class Suggestion:
    choice: str
    label: str
    win: float
    """Estimated win chance after this choice (0..1)."""
    visits: int


@dataclass(frozen=True)
class Hint:
    seat: int
    position: int
    """How many actions the game had when it was worked out (a later position needs a new one)."""
    suggestions: tuple[Suggestion, ...]
    iterations: int
    forced: bool = False
    """Only one legal choice: nothing to weigh (no win chance is estimated)."""


def hint_from(result: SearchResult, labelled: Sequence[Choice], position: int) -> Hint:
    """The best ``SHOWN`` choices of a search, labelled as the seat sees them."""
    labels = {choice.id: cast(str, choice.label) or choice.id for choice in labelled}  # labelled: in words
    top = [c for c in result.candidates if c.choice in labels][:SHOWN]
    return Hint(result.seat, position, tuple(Suggestion(c.choice, labels[c.choice], c.value, c.visits) for c in top),
                result.iterations, forced=result.stopped == "forced")

"""Where on the board a choice acts (``Choice.target``), as data, for boards to mark: an area of
land or sea, a polis, a market, a project tile, a side's trade port."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.core.choices import Target

from .catalog import catalog


@dataclass(frozen=True, slots=True)
class InArea(Target):
    area: str


@dataclass(frozen=True, slots=True)
class AtPolis(Target):
    polis: str


@dataclass(frozen=True, slots=True)
class AtMarket(Target):
    market: str


@dataclass(frozen=True, slots=True)
class ProjectTile(Target):
    tile: str


@dataclass(frozen=True, slots=True)
class TradePort(Target):
    side: str


@cache
def on_the_board() -> tuple[Target, ...]:
    """Every place a choice may act on (the board's places do not change during a game)."""
    cat = catalog()
    return (*map(InArea, cat.areas), *map(AtPolis, cat.poleis), *map(AtMarket, cat.markets),
            *map(ProjectTile, cat.projects), *map(TradePort, cat.ports))

"""The end of a Polis round for one player, in the order of the rules summary:

projects completed (their round-end prestige), feeding (1 wheat per citizen, prestige
for what wheat cannot cover; a player who still cannot feed must give up cities and the
game ends), growth (1 wheat per new citizen, never above a city's maximum nor above its
growth limit), megalopolis (+1 prestige per city above its starting population),
spoilage (half of the wine, oil and wheat is lost, rounded up), tax (optionally 1
prestige for 1 silver). The game ends after a round in which someone could not feed
their citizens or has 0 prestige, and after round 4 in any case.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

LAST_ROUND = 4


@dataclass(frozen=True)
class City:
    population: int
    base: int
    """Starting population (also the city's fortification)."""
    maximum: int
    growth_limit: int | None = None


@dataclass(frozen=True)
class Holdings:
    prestige: int
    wheat: int = 0
    wine: int = 0
    oil: int = 0
    silver: int = 0
    cities: tuple[City, ...] = ()


@dataclass(frozen=True)
class RoundEndPlan:
    """What the player decides or completes at the end of the round."""

    project_prestige: int = 0
    """Round-end prestige of the projects completed now."""
    growth: tuple[int, ...] = ()
    """New citizens per city (in the order of the cities)."""
    tax: bool = False


@dataclass(frozen=True)
class RoundEndReport:
    before: Holdings
    after: Holdings
    fed: bool
    steps: tuple[str, ...]


def spoiled(amount: int) -> int:
    """How much of a stock spoils: half, rounded up."""
    return (amount + 1) // 2


def end_of_round(holdings: Holdings, plan: RoundEndPlan) -> RoundEndReport:
    h, steps = holdings, []
    h = replace(h, prestige=h.prestige + plan.project_prestige)
    steps.append(f"Projects: +{plan.project_prestige} prestige")
    need = sum(c.population for c in h.cities)
    from_wheat = min(h.wheat, need)
    shortfall = need - from_wheat
    if shortfall > h.prestige:
        steps.append(f"Feeding: {need} citizens, {h.wheat} wheat and {h.prestige} prestige cannot feed them: "
                     "give up cities; the game ends")
        return RoundEndReport(holdings, replace(h, wheat=0, prestige=0), False, tuple(steps))
    h = replace(h, wheat=h.wheat - from_wheat, prestige=h.prestige - shortfall)
    steps.append(f"Feeding: {need} citizens eat {from_wheat} wheat" + (f" and {shortfall} prestige" if shortfall else ""))
    h = grow(h, plan.growth)
    steps.append(f"Growth: +{sum(plan.growth)} citizens for {sum(plan.growth)} wheat")
    big = sum(1 for c in h.cities if c.population > c.base)
    h = replace(h, prestige=h.prestige + big)
    steps.append(f"Megalopolis: +{big} prestige")
    lost = {good: spoiled(getattr(h, good)) for good in ("wine", "oil", "wheat")}
    h = replace(h, **{good: getattr(h, good) - n for good, n in lost.items()})
    steps.append("Spoilage: lose " + ", ".join(f"{n} {good}" for good, n in lost.items()))
    if plan.tax and h.prestige > 0:
        h = replace(h, prestige=h.prestige - 1, silver=h.silver + 1)
        steps.append("Tax: 1 prestige for 1 silver")
    return RoundEndReport(holdings, h, True, tuple(steps))


def grow(h: Holdings, growth: Sequence[int]) -> Holdings:
    growth = list(growth) + [0] * (len(h.cities) - len(growth))
    if len(growth) > len(h.cities):
        raise ValueError(f"growth given for {len(growth)} cities but the player has {len(h.cities)}")
    if sum(growth) > h.wheat:
        raise ValueError(f"growth of {sum(growth)} needs {sum(growth)} wheat; {h.wheat} left after feeding")
    cities = []
    for number, (city, extra) in enumerate(zip(h.cities, growth), start=1):
        if city.population + extra > city.maximum:
            raise ValueError(f"city {number} would exceed its maximum population {city.maximum}")
        if city.growth_limit is not None and extra > city.growth_limit:
            raise ValueError(f"city {number} may grow by at most {city.growth_limit}")
        cities.append(replace(city, population=city.population + extra))
    return replace(h, wheat=h.wheat - sum(growth), cities=tuple(cities))


def game_end_reasons(round_number: int | None, reports: Sequence[RoundEndReport]) -> list[str]:
    """The end conditions that hold; ``round_number`` None (not known yet) claims no last round."""
    reasons = []
    if any(not r.fed for r in reports):
        reasons.append("a player could not feed their citizens")
    if any(r.fed and r.after.prestige == 0 for r in reports):
        reasons.append("a player has 0 prestige")
    if round_number is not None and round_number >= LAST_ROUND:
        reasons.append("round 4 is over")
    return reasons

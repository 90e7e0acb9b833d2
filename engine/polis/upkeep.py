"""The end-of-round arithmetic of one side, shared by the game and the table assistant.

In the rule text's order: projects completed (their round-end prestige), feeding (1 wheat
per citizen, then 1 prestige per citizen wheat cannot feed, then cities given up until their
citizens cover what is still unfed), growth (1 wheat per new citizen, never above a polis's
maximum nor above its growth per round), megalopolis (+1 prestige per polis above its base
population), spoilage (half the wine, oil and wheat, rounded up) and tax (optionally 1
prestige for 1 silver). The game's flow calls these one step at a time (growth and tax are
the players' decisions); the assistant calls them in a row with the players' entries.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.core.text import Refused, Say
from engine.i18n import N_

from .text import PERISHABLE, RESOURCES

LAST_ROUND = 4


@dataclass
class City:
    id: str
    pop: int
    base: int
    """Base population: the fortification, and the line above which a polis is a megalopolis."""
    max: int
    growth: int | None = None
    """Most citizens it may gain in one round end (None: no limit given)."""


@dataclass
class Ledger:
    prestige: int
    res: dict[str, int] = field(default_factory=lambda: dict.fromkeys(RESOURCES, 0))
    cities: list[City] = field(default_factory=list)
    supply: int | None = None
    """Cubes left for new citizens (None: not counted)."""

    def citizens(self) -> int:
        return sum(c.pop for c in self.cities)

    def city(self, city_id: str) -> City:
        return next(c for c in self.cities if city_id == c.id)


@dataclass(frozen=True)
class Feeding:
    need: int
    wheat: int
    prestige: int
    unfed: int
    """Citizens neither wheat nor prestige could feed: cities must be given up for them."""


def spoiled(amount: int) -> int:
    """How much of a stock spoils: half, rounded up."""
    return (amount + 1) // 2


def feed(ledger: Ledger) -> Feeding:
    need = ledger.citizens()
    wheat = min(ledger.res["wheat"], need)
    prestige = min(ledger.prestige, need - wheat)
    ledger.res["wheat"] -= wheat
    ledger.prestige -= prestige
    return Feeding(need, wheat, prestige, need - wheat - prestige)


def give_up(ledger: Ledger, city_id: str) -> int:
    """The side lets a polis go (it turns neutral); returns the citizens it held."""
    city = ledger.city(city_id)
    ledger.cities.remove(city)
    if ledger.supply is not None:
        ledger.supply += city.pop
    return city.pop


def smallest_first(ledger: Ledger, unfed: int) -> list[str]:
    """A default choice of cities to give up: fewest citizens first, until ``unfed`` are covered."""
    chosen, covered = [], 0
    for city in sorted(ledger.cities, key=lambda c: (c.pop, c.id)):
        if covered >= unfed:
            break
        chosen.append(city.id)
        covered += city.pop
    return chosen


def growth_room(ledger: Ledger, city: City, grown: int) -> bool:
    """Whether ``city`` may take one more citizen, having grown by ``grown`` this round end."""
    return (ledger.res["wheat"] >= 1 and city.pop < city.max
            and (city.growth is None or grown < city.growth)
            and (ledger.supply is None or ledger.supply >= 1))


def grow(ledger: Ledger, city_id: str) -> None:
    city = ledger.city(city_id)
    ledger.res["wheat"] -= 1
    city.pop += 1
    if ledger.supply is not None:
        ledger.supply -= 1


def grow_all(ledger: Ledger, growth: Sequence[int]) -> None:
    """Growth given per city (in the order of the cities), checked; ValueError names the problem."""
    if len(growth) > len(ledger.cities):
        raise Refused(Say("growth given for {n} cities but the side has {cities}", n=len(growth),
                          cities=len(ledger.cities)))
    if sum(growth) > ledger.res["wheat"]:
        raise Refused(Say("growth of {n} needs {n} wheat; {left} left after feeding", n=sum(growth),
                          left=ledger.res["wheat"]))
    for number, (city, extra) in enumerate(zip(list(ledger.cities), growth), start=1):
        if city.pop + extra > city.max:
            raise Refused(Say("city {number} would exceed its maximum population {most}", number=number, most=city.max))
        if city.growth is not None and extra > city.growth:
            raise Refused(Say("city {number} may grow by at most {most}", number=number, most=city.growth))
        for grown in range(extra):
            if not growth_room(ledger, city, grown):
                raise Refused(Say("city {number} cannot grow by {n}", number=number, n=extra))
            grow(ledger, city.id)


def megalopolis(ledger: Ledger) -> int:
    big = sum(1 for c in ledger.cities if c.pop > c.base)
    ledger.prestige += big
    return big


def spoil(ledger: Ledger) -> dict[str, int]:
    lost = {good: spoiled(ledger.res[good]) for good in PERISHABLE}
    for good, n in lost.items():
        ledger.res[good] -= n
    return lost


def tax(ledger: Ledger) -> bool:
    if ledger.prestige < 1:
        return False
    ledger.prestige -= 1
    ledger.res["silver"] += 1
    return True


def end_reasons(round_number: int | None, unfed: Sequence[bool], prestige: Sequence[int | None]) -> list[str]:
    """The game-end conditions that hold after a round end (``None``: not known yet, claims nothing)."""
    reasons = []
    if any(unfed):
        reasons.append(N_("a side could not feed its citizens"))
    if any(p == 0 for p in prestige):
        reasons.append(N_("a side has 0 prestige"))
    if round_number is not None and round_number >= LAST_ROUND:
        reasons.append(N_("round 4 is over"))
    return reasons

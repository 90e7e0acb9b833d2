"""The battle of a conflict fate tile, step by step as the rulebook orders it.

1. Invader power = the battle's number (1st battle 1, 2nd 2, ...) + the invader card's
   modifier. A player's power = their hoplite dice in the row + their Strategos tile there.
   Power >= invader: won, VP by the surplus table. Below: lose the shortfall in VP.
   Power 0 (not engaged): lose 3 VP per point of invader power. VP never drop below 0.
2. Loot: every engaged player takes the gate tile's reward once, twice with an advantage
   of 3 or more. The strongest winner takes the gate tile; ties go to the player further on
   the Ares track, then to the one lower in the stack there (who arrived first).
3. Wages: 1 drachma per engaged hoplite die to keep it in the city (Strategos are free).
4. (Council dice move from the corridor to the monuments: done at the table.)
5. Turn order by the Dionysus track; ties go to the marker lower in the stack.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.text import Refused, Say

from .catalog import catalog
from .constants import FACES

NOT_ENGAGED_LOSS_PER_POWER = 3
DOUBLE_LOOT_ADVANTAGE = 3


def die_power(face: str) -> int:
    """A die face's power; the star only says the next promotion changes it."""
    normal = face.strip().replace("★", "*")
    if normal not in FACES:
        raise Refused(Say("{face} is not a die face (1, 1*, 2, 2*, 3, 3*)", face=repr(face)))
    return int(normal[0])


def surplus_vp(surplus: int) -> int:
    """VP for a winner's surplus; surpluses beyond the table's last row score that row."""
    return max(row for row in catalog().battle_vp if row[0] <= surplus)[1]


def invader_power(battle_number: int, modifier: int) -> int:
    return battle_number + modifier


@dataclass(frozen=True)
class Combatant:
    hoplites: tuple[int, ...] = ()
    """Powers of the player's hoplite dice in the battle row."""
    strategos: int = 0
    ares: tuple[int, int] = (0, 0)
    """(space on the Ares track, place in the stack there counted from the bottom)."""
    dionysus: tuple[int, int] = (0, 0)
    vp: int = 0
    """Score before the battle."""

    @property
    def power(self) -> int:
        return sum(self.hoplites) + self.strategos


@dataclass(frozen=True)
class Outcome:
    seat: int
    power: int
    result: str
    """'won', 'lost' or 'not engaged'."""
    vp_change: int
    """As the rules state it, before the floor at 0."""
    vp_after: int
    loot: int
    """Times the gate tile's reward is taken: 0, 1 or 2."""
    wages: int
    """Drachma to keep every engaged hoplite die in the city."""


@dataclass(frozen=True)
class BattleReport:
    invader: int
    outcomes: tuple[Outcome, ...]
    gate_tile: int | None
    turn_order: tuple[int, ...]


def resolve_battle(battle_number: int, modifier: int, players: Sequence[Combatant]) -> BattleReport:
    invader = invader_power(battle_number, modifier)
    outcomes = tuple(_outcome(seat, player, invader) for seat, player in enumerate(players))
    return BattleReport(invader, outcomes, gate_tile_winner(invader, players), turn_order(players))


def _outcome(seat: int, player: Combatant, invader: int) -> Outcome:
    power = player.power
    if power == 0:
        # A loss: an invader card that brings the power below 0 must not turn it into a gain.
        result, change = "not engaged", -NOT_ENGAGED_LOSS_PER_POWER * max(invader, 0)
    elif power >= invader:
        result, change = "won", surplus_vp(power - invader)
    else:
        result, change = "lost", power - invader
    loot = 0 if power == 0 else (2 if power >= invader + DOUBLE_LOOT_ADVANTAGE else 1)
    wages = len(player.hoplites)
    return Outcome(seat, power, result, change, max(0, player.vp + change), loot, wages)


def gate_tile_winner(invader: int, players: Sequence[Combatant]) -> int | None:
    winners = [seat for seat, p in enumerate(players) if p.power > 0 and p.power >= invader]
    if not winners:
        return None
    return max(winners, key=lambda seat: (players[seat].power, players[seat].ares[0], -players[seat].ares[1]))


def turn_order(players: Sequence[Combatant]) -> tuple[int, ...]:
    return tuple(sorted(range(len(players)), key=lambda seat: (-players[seat].dionysus[0], players[seat].dionysus[1])))

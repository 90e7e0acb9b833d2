"""Pantheon's scoring arithmetic: pure functions shared by the rules and the table assistant.

The two scorings (after epochs 3 and 6) count demigods at face value, columns on the board
by the rulebook's table, and each Pietalte at the summed levels of its owner's offering tiles.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core.text import Refused, Say
from engine.i18n import N_

COLUMN_TABLE: tuple[tuple[int, int, int], ...] = ((1, 3, 1), (4, 7, 2), (8, 11, 3), (12, 12, 4))
"""(fewest, most, points per column) for the number of a player's columns on the board."""

EPOCH_END_BONUS = 3
"""Points for the player whose action takes the epoch's last loot tile or last god tile."""

SCORING_EPOCHS = (3, 6)
EPOCHS = 6

SCORE_SHEET_NAMES = {"gods": N_("Gods"), "epoch": N_("Epoch ends"), "demigods": N_("Demigods"),
                     "columns": N_("Columns"), "pietalte": N_("Pietalte")}
"""Each VP category as the score sheet and the player panels name it."""


def column_points(columns_on_board: int) -> int:
    for fewest, most, each in COLUMN_TABLE:
        if fewest <= columns_on_board <= most:
            return each * columns_on_board
    if columns_on_board > COLUMN_TABLE[-1][1]:
        raise Refused(Say("a player has at most 12 columns, not {n}", n=columns_on_board))
    return 0


def demigod_points(demigods: Iterable[int]) -> int:
    """Face values of all demigods a player holds (they are kept and score again later)."""
    return sum(demigods)


def pietalte_points(pietalte_count: int, offering_levels: Iterable[int]) -> int:
    """Each Pietalte scores the levels of its owner's offering tiles (several share the tiles)."""
    return pietalte_count * sum(offering_levels)


def interim_scoring(
    columns_on_board: int,
    demigods: Iterable[int] | int,
    pietalte_count: int = 0,
    offering_levels: Iterable[int] = (),
) -> dict[str, int]:
    """One scoring's breakdown. ``demigods`` is the list of values or their already-summed total."""
    demigod_total = demigods if isinstance(demigods, int) else demigod_points(demigods)
    return {
        "demigods": demigod_total,
        "columns": column_points(columns_on_board),
        "pietalte": pietalte_points(pietalte_count, offering_levels),
    }


def god_tile_points(epoch: int) -> int:
    """A god tile taken in epoch N is worth N points."""
    if not 1 <= epoch <= EPOCHS:
        raise ValueError(f"epochs run 1-{EPOCHS}, not {epoch}")
    return epoch

"""Confirming the end of a turn (Board Game Arena's "confirm your turn"): while the viewer's
last move waits (engine/core/match.py, ``hold``), the table offers these instead of the game's
choices (and only then are these ids read as the table's)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.contract import Choice

CONFIRM = "confirm"
UNDO = "undo"
CONFIRM_ALWAYS = "confirm-always"


def confirm_choices(name: str, log: Sequence[str]) -> list[Choice]:
    """Confirm (naming what was just done, the log's last line), undo, or confirm and stop asking."""
    done = f"you did: {log[-1]}" if log else "the game goes on"
    return [
        Choice(CONFIRM, "Confirm: end my turn", hint=done),
        Choice(UNDO, "Undo my last move (u)", hint="take it back and choose again"),
        Choice(CONFIRM_ALWAYS, "Confirm, and stop asking me",
               hint=f"{name}'s turns end at once from now on (o: settings turns it back on)"),
    ]

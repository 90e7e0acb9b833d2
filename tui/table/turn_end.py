"""Confirming the end of a turn (Board Game Arena's "confirm your turn"): while the viewer's
last move waits (engine/core/match.py, ``hold``), the table offers these instead of the game's
choices (and only then are these ids read as the table's)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.contract import Choice
from tui.i18n import _

CONFIRM = "confirm"
UNDO = "undo"
CONFIRM_ALWAYS = "confirm-always"


def confirm_choices(name: str, turn: Sequence[str]) -> list[Choice]:
    """Confirm (naming what the player did in the turn: ``turn``, a line a move, in order), undo,
    or confirm and stop asking. The detail under the choices shows as much as fits, and ? all."""
    done = _("you did: {moves}").format(moves=_("; ").join(turn)) if turn else _("your turn is over")
    return [
        Choice(CONFIRM, _("Confirm: end my turn"), hint=done),
        Choice(UNDO, _("Undo my last move (u)"), hint=_("take it back and choose again")),
        Choice(CONFIRM_ALWAYS, _("Confirm, and stop asking me"),
               hint=_("{name}'s turns end at once from now on (o: settings turns it back on)").format(name=name)),
    ]


"""Where a saved game stands, in the reader's language (Resume's list, ``tabula saves list``)."""

from __future__ import annotations

from engine.core.text import said_from_json
from engine.registry import rules_for
from saves.session import unknown_game
from saves.store import SaveSummary
from tui.i18n import current


def progress_words(record: SaveSummary) -> str:
    """Where the game stands, in the reader's language as its rules said it; a save from before
    Tabula kept that (or of a game not known here) as it was written."""
    if record.progress_said is None or unknown_game(record):
        return record.progress
    words = rules_for(record.game).words([seat.name for seat in record.seats], current())
    try:
        return words(said_from_json(record.progress_said))
    except (LookupError, TypeError, ValueError, AttributeError):  # a sentence these rules do not say so
        return record.progress

"""Where a saved game stands, in the reader's language (Resume's list, ``tabula saves list``)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from engine.core.text import Words, said_from_json
from engine.i18n import ENGLISH_CODE, Language
from engine.registry import rules_for
from saves.store import SaveSummary
from tui.i18n import current


def progress_words(record: SaveSummary) -> str:
    """Where the game stands, in the reader's language as its rules said it; a save from before
    Tabula kept that (or of a game not known here) as it was written. In English that is the
    English the save keeps beside it (the same words: a list of thousands loads no rules)."""
    language = current()
    if record.progress_said is None or language.code == ENGLISH_CODE:
        return record.progress
    from saves.session import unknown_game  # a list in English loads no sessions

    if unknown_game(record):
        return record.progress
    words = _words(record.game, tuple(seat.name for seat in record.seats), language)
    try:
        return words(said_from_json(record.progress_said))
    except (LookupError, TypeError, ValueError, AttributeError):  # a sentence these rules do not say so
        return record.progress


@lru_cache(maxsize=256)
def _words(game: str, names: Sequence[str], language: Language) -> Words:
    """A game's words for its players (a list has many games of the same players)."""
    return rules_for(game).words(list(names), language)

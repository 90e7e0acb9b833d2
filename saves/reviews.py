"""Post-game reviews kept beside their games: ``<data_dir>/reviews/<id>.json``.

INTERFACE FIRST: the functions below are what the TUI and the CLI build on.
"""

from __future__ import annotations

from pathlib import Path

from engine.search.review import Review


def load_review(data_dir: Path, save_id: str, actions: int, level: str) -> Review | None:
    """The kept review of the game at this many actions and level; None when there is none or
    it is stale (an unreadable file is set aside with a clear message, never deleted)."""
    raise NotImplementedError


def keep_review(data_dir: Path, save_id: str, review: Review) -> None:
    """Keep ``review`` beside its game (an atomic write)."""
    raise NotImplementedError

"""Where Tabula keeps its files, and the layout of a data folder.

<data_dir>/games/<id>.json      one small TinyDB file per saved game
<data_dir>/index.json           a summary of each game for the lists (saves/index.py; a cache)
<data_dir>/sheets/<id>.json     one per table-assistant sheet
<data_dir>/records/<id>.json    one per play record (a finished game or finished score sheet)
<data_dir>/reviews/<id>.json    a saved game's post-game reviews (saves/reviews.py)
<data_dir>/waiting/<player>.json  each player's games, whose move, since when (saves/waiting.py)
<data_dir>/settings.json        the player's settings (turn bell, confirming turn ends, last game)
<data_dir>/locks/               lock files (one per game / sheet)
<data_dir>/set-aside/           unreadable or foreign files, moved here with a timestamp
<data_dir>/trash/               deleted games (moved, never destroyed)
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

ENV_VAR = "TABULA_DATA_DIR"


def default_data_dir() -> Path:
    """$TABULA_DATA_DIR if set, else the user's data folder for Tabula."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override).expanduser()
    import platformdirs  # with tempfile: a command given its folder needs neither

    return Path(platformdirs.user_data_dir("tabula"))


def resolve_data_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """An explicit folder (e.g. --data-dir) wins over the environment and the default."""
    return Path(explicit).expanduser() if explicit else default_data_dir()


@dataclass(frozen=True)
class Layout:
    root: Path

    @property
    def games(self) -> Path:
        return self.root / "games"

    @property
    def sheets(self) -> Path:
        return self.root / "sheets"

    @property
    def records(self) -> Path:
        return self.root / "records"

    @property
    def reviews(self) -> Path:
        return self.root / "reviews"

    @property
    def locks(self) -> Path:
        return self.root / "locks"

    @property
    def set_aside(self) -> Path:
        return self.root / "set-aside"

    @property
    def trash(self) -> Path:
        return self.root / "trash"

    def create(self) -> None:
        for folder in (self.games, self.sheets, self.records, self.reviews, self.locks, self.set_aside, self.trash):
            folder.mkdir(parents=True, exist_ok=True)

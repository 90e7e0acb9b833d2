"""The list of saved games without reading every action log.

``<data_dir>/index.json`` keeps, for each game file, a small summary (title, seats, progress,
status, times, number of actions) together with the signature (inode, mtime, size) of the
file it was taken from. Listing stats the game files and uses a summary only while its file
still has that signature; a new, changed or hand-edited file is read (and validated) again and
its summary replaced, a deleted one dropped. So the index is a cache that can be stale but
never wrong, and saving a game never touches it: a write still costs the same however many
games there are. The index is rewritten atomically, only when something changed; a missing,
unreadable or foreign index is simply rebuilt from the game files.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from filelock import FileLock, Timeout

from .storage import Signature, atomic_write_text

INDEX_FORMAT = 1
INDEX_KIND = "tabula-save-index"


@dataclass(frozen=True)
class SaveSummary:
    """What a list of games shows about one: everything of a save but its action log."""

    id: str
    game: str
    title: str
    rules_version: str
    data_version: str
    options: dict
    seed: int
    seats: tuple
    """The seats as saves.store.Seat."""
    status: str
    progress: str
    created: str
    updated: str
    moves: int
    """How many actions the log holds."""


class SaveIndex:
    def __init__(self, path: Path, lock_path: Path):
        self.path = path
        self.lock_path = lock_path

    def read(self, make_seat) -> dict[str, tuple[Signature, SaveSummary]]:
        """The entries, by save id; an entry that is not well formed is left out (its game is
        read again), and an index that cannot be used at all counts as empty."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not (isinstance(data, dict) and data.get("kind") == INDEX_KIND and data.get("format") == INDEX_FORMAT
                and isinstance(data.get("games"), dict)):
            return {}
        entries = {}
        for save_id, entry in data["games"].items():
            try:
                signed, fields = entry
                summary = SaveSummary(**{**fields, "seats": tuple(make_seat(seat) for seat in fields["seats"])})
                signed = tuple(signed)
            except (TypeError, ValueError, KeyError):
                continue
            if summary.id == save_id and well_formed(summary) and len(signed) == 3:
                entries[save_id] = (signed, summary)
        return entries

    def write(self, entries: dict[str, tuple[Signature, SaveSummary]]) -> None:
        """Replace the index, unless another process is writing it right now (its entries are
        as good as ours: each is checked against its file when read)."""
        games = {save_id: [list(signed), asdict(summary)] for save_id, (signed, summary) in entries.items()}
        text = json.dumps({"format": INDEX_FORMAT, "kind": INDEX_KIND, "games": games},
                          ensure_ascii=False, separators=(",", ":"))
        try:
            with FileLock(self.lock_path, timeout=0):
                atomic_write_text(self.path, text)
        except (Timeout, OSError):
            pass  # a cache: the next listing writes it


def well_formed(summary: SaveSummary) -> bool:
    """Types as a save has them (a hand-edited index must not put anything else on a screen)."""
    text = (summary.id, summary.game, summary.title, summary.rules_version, summary.data_version, summary.status,
            summary.progress, summary.created, summary.updated)
    return (all(isinstance(value, str) for value in text) and isinstance(summary.options, dict)
            and type(summary.seed) is int and type(summary.moves) is int and bool(summary.seats))

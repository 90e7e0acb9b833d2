"""The list of saved games without reading every action log.

``<data_dir>/index.json`` keeps, for each game file, a small summary (title, seats, progress,
status, times, number of actions) together with the signature (inode, mtime, size) of the
file it was taken from. Listing stats the game files and uses a summary only while its file
still has that signature; a new, changed or hand-edited file is summed up again from its header
(saves.headers; read in full and validated if it is not laid out as Tabula writes saves), a
deleted one dropped. So the index is a cache that can be stale but never wrong, and saving a
game never touches it: a write still costs the same however many games there are. The index is
rewritten atomically, only when something changed; a missing, unreadable or foreign index (an
older format's too) is simply rebuilt from the game files, and each entry is checked like the
save it stands for.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from filelock import FileLock, Timeout

from .storage import MAX_DOCUMENT, Signature, UnreadableFile, atomic_write_text, parse_json, read_regular_file

if TYPE_CHECKING:
    from .store import SaveSummary

INDEX_FORMAT = 2
INDEX_KIND = "tabula-save-index"
ROW = ("game", "title", "rules_version", "data_version", "options", "seed", "seats", "status", "progress", "created",
       "updated", "seed_chosen", "moves")
"""An entry is a flat list: the signature (inode, mtime, size) of the game's file, then these
fields of its summary, the seats as their names and kinds in turn (a quarter of the JSON of the
summary's own fields, parsed three times as fast)."""
MAX_INDEX = 8 * MAX_DOCUMENT
"""Bytes the index may have (a summary takes well under a kilobyte)."""


class SaveIndex:
    def __init__(self, path: Path, lock_path: Path):
        self.path = path
        self.lock_path = lock_path

    def read(self, summary_from: Callable[[Any], SaveSummary]) -> dict[str, tuple[Signature, SaveSummary]]:
        """The entries, by save id; an entry that ``summary_from`` refuses (ValueError) is left
        out (its game is read again), and an index that cannot be used at all (not a regular
        file, too large, nested too deeply...) counts as empty."""
        try:
            raw = read_regular_file(self.path, MAX_INDEX)
            data = parse_json(raw) if raw is not None else None
        except UnreadableFile:
            return {}
        if not (isinstance(data, dict) and data.get("kind") == INDEX_KIND and data.get("format") == INDEX_FORMAT
                and isinstance(data.get("games"), dict)):
            return {}
        entries = {}
        for save_id, entry in data["games"].items():
            if not (type(entry) is list and len(entry) == 3 + len(ROW)
                    and all(type(part) is int for part in entry[:3])):
                continue
            fields = dict(zip(ROW, entry[3:]), id=save_id)
            seats = fields["seats"]
            try:
                if type(seats) is not list or len(seats) % 2:
                    raise ValueError("not names and kinds")
                fields["seats"] = [{"name": name, "kind": kind} for name, kind in zip(seats[::2], seats[1::2])]
                entries[save_id] = ((entry[0], entry[1], entry[2]), summary_from(fields))
            except (TypeError, ValueError):
                continue
        return entries

    def write(self, entries: dict[str, tuple[Signature, SaveSummary]]) -> None:
        """Replace the index, unless another process is writing it right now (its entries are
        as good as ours: each is checked against its file when read)."""
        games = {save_id: [*signed, *(_seat_names_and_kinds(summary) if name == "seats" else getattr(summary, name)
                                      for name in ROW)]
                 for save_id, (signed, summary) in entries.items()}
        text = json.dumps({"format": INDEX_FORMAT, "kind": INDEX_KIND, "games": games},
                          ensure_ascii=False, separators=(",", ":"))
        try:
            with FileLock(self.lock_path, timeout=0):
                atomic_write_text(self.path, text)
        except (Timeout, OSError):
            pass  # a cache: the next listing writes it



def _seat_names_and_kinds(summary: SaveSummary) -> list[str]:
    return [text for seat in summary.seats for text in (seat.name, seat.kind)]

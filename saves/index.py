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
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from filelock import FileLock, Timeout

from .storage import MAX_DOCUMENT, Signature, UnreadableFile, atomic_write_text, parse_json, read_regular_file

if TYPE_CHECKING:
    from .store import SaveSummary

INDEX_FORMAT = 1
INDEX_KIND = "tabula-save-index"
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
            try:
                signed, fields = entry
                summary = summary_from(fields)
            except (TypeError, ValueError):
                continue
            if summary.id == save_id and isinstance(signed, list) and len(signed) == 3 \
                    and all(type(part) is int for part in signed):
                entries[save_id] = (tuple(signed), summary)
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


"""The list of saved games without reading every action log.

``<data_dir>/index.json`` keeps, for each game file, a small summary (title, seats, progress,
status, times, number of actions) together with the signature (inode, mtime, size) of the
file it was taken from. Listing stats the game files and uses a summary only while its file
still has that signature; a file the index does not know as it is now is summed up again from
its header (saves.headers; read in full and validated if it is not laid out as Tabula writes
saves), a deleted one dropped. Every write of a save appends the new summary and signature to
the index's change log (a line, so a write costs the same however many games there are), and
the next listing takes them from there instead of reading the files; it then rewrites the index
(atomically, only when something changed) and empties the log. So the index is a cache that can
be stale but never wrong: a line lost or out of order only means a file is read again. A
missing, unreadable or foreign index (an older format's too) is simply rebuilt from the game
files, and each entry, of the index or the log, is checked like the save it stands for.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .storage import (
    MAX_DOCUMENT,
    Signature,
    UnreadableFile,
    atomic_write_text,
    file_lock,
    parse_json,
    read_regular_file,
)

if TYPE_CHECKING:
    from .store import SaveSummary

INDEX_FORMAT = 4
INDEX_KIND = "tabula-save-index"
ROW = ("game", "title", "rules_version", "data_version", "options", "seed", "seats", "status", "progress",
       "progress_said", "created", "updated", "seed_chosen", "to_move", "moves")
"""An entry is a flat list: the signature (inode, mtime, size) of the game's file, then these
fields of its summary, the seats as their names and kinds in turn (a quarter of the JSON of the
summary's own fields, parsed three times as fast)."""
Entry = tuple[Signature, "SaveSummary"]
"""A save's summary and the signature of the file it sums up."""
MAX_INDEX = 8 * MAX_DOCUMENT
"""Bytes the index may have (a summary takes well under a kilobyte)."""


class SaveIndex:
    def __init__(self, path: Path, lock_path: Path):
        self.path = path
        self.lock_path = lock_path
        self.changes = path.with_name(f"{path.stem}-changes.jsonl")
        """The change log: a line per write of a save since the index was last written."""

    def read(self, summary_from: Callable[..., SaveSummary]) -> dict[str, tuple[Signature, SaveSummary]]:
        """The entries, by save id; an entry that ``summary_from`` refuses (ValueError) is left
        out (its game is read again, as for an entry nested deeper than a save may), and an
        index that cannot be used at all (not a regular file, too large, not JSON...) counts as
        empty."""
        try:
            raw = read_regular_file(self.path, MAX_INDEX)
            data = parse_json(raw, any_depth=True) if raw is not None else None  # each entry is checked
        except UnreadableFile:
            return {}
        if not (isinstance(data, dict) and data.get("kind") == INDEX_KIND and data.get("format") == INDEX_FORMAT
                and isinstance(data.get("games"), dict)):
            return {}
        entries = {}
        for save_id, row in data["games"].items():
            entry = row_entry(save_id, row, summary_from)
            if entry is not None:
                entries[save_id] = entry
        return entries

    def write(self, entries: dict[str, tuple[Signature, SaveSummary]]) -> bool:
        """Replace the index, unless another process is writing it right now (its entries are
        as good as ours: each is checked against its file when read); whether it was written."""
        games = {save_id: summary_row(signed, summary) for save_id, (signed, summary) in entries.items()}
        text = json.dumps({"format": INDEX_FORMAT, "kind": INDEX_KIND, "games": games},
                          ensure_ascii=False, separators=(",", ":"))
        try:
            with file_lock(self.lock_path, timeout=0):
                atomic_write_text(self.path, text)
        except OSError:  # held by another writer, or a read-only folder
            return False  # a cache: the next listing writes it
        return True

    # -- the change log: every write of a save notes its new summary --------------------------

    def note(self, save_id: str, signed: Signature, summary: SaveSummary) -> None:
        """Add a save's summary as just written, with its file's signature then, to the change
        log: one line appended (a write of its own, so lines of other processes never mix)."""
        line = json.dumps([save_id, *summary_row(signed, summary)], ensure_ascii=False, separators=(",", ":")) + "\n"
        try:
            fd = os.open(self.changes, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK
                         | getattr(os, "O_NOFOLLOW", 0), 0o644)
        except OSError:
            return  # a read-only folder, say: the next listing reads the file instead
        try:
            if stat.S_ISREG(os.fstat(fd).st_mode):
                os.write(fd, line.encode("utf-8"))
        except OSError:
            pass
        finally:
            os.close(fd)

    def read_changes(self, summary_from: Callable[..., SaveSummary]) -> dict[str, list[Entry]]:
        """The summaries noted since the index was last written, by save id, each checked like
        an entry of the index (a line that is not one is left out). A change log that cannot be
        read (too long, not a file) is dropped: the files are read instead."""
        try:
            raw = read_regular_file(self.changes, MAX_INDEX)
        except UnreadableFile:
            self.forget_changes()
            return {}
        noted: dict[str, list[Entry]] = {}
        for line in (raw or b"").splitlines():
            try:
                data = parse_json(line)
            except UnreadableFile:
                continue
            if type(data) is list and data and type(data[0]) is str:
                entry = row_entry(data[0], data[1:], summary_from)
                if entry is not None:
                    noted.setdefault(data[0], []).append(entry)
        return noted

    def forget_changes(self) -> None:
        """Empty the change log once the index holds what it said (a line added meanwhile is
        lost: its file is then read again, the index is never wrong)."""
        with suppress(OSError):
            os.unlink(self.changes)



def summary_row(signed: Signature, summary: SaveSummary) -> list[Any]:
    """An entry of the index: the signature, then the summary's fields of ROW."""
    seats = [text for seat in summary.seats for text in (seat.name, seat.kind)]
    return [*signed, *(seats if name == "seats" else getattr(summary, name) for name in ROW)]


def row_entry(save_id: str, row: Any, summary_from: Callable[..., SaveSummary]) -> Entry | None:
    """The signature and summary an entry of the index holds (``summary_from`` takes the save's
    id and the fields of ROW in turn); None if it is not one."""
    if not (type(row) is list and len(row) == 3 + len(ROW) and type(row[0]) is int and type(row[1]) is int
            and type(row[2]) is int):
        return None
    try:
        return (row[0], row[1], row[2]), summary_from(save_id, *row[3:])
    except (TypeError, ValueError, RecursionError):  # the index is not walked for depth when read: an entry may nest
        return None

"""Crash-safe TinyDB files holding one document each.

TinyDB's own JSONStorage rewrites its file in place, so a crash mid-write can leave a
truncated file, and two processes on one file lose each other's writes. Here every write
goes to a temporary file in the same folder which is flushed, fsynced and then renamed over
the old file (atomic on POSIX), and the folder is fsynced so the rename itself survives a
power cut. Readers therefore always see either the old or the new file, never a mix.
Read-modify-write sequences run under a per-file lock (filelock), so concurrent processes
cannot lose or fork a document. Every operation opens the file afresh: no TinyDB query
cache can go stale when another process writes.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tinydb import TinyDB
from tinydb.storages import Storage
from tinydb.table import Document

from engine.core.files import Signature as Signature
from engine.core.files import UnreadableFile as UnreadableFile
from engine.core.files import parse_json as parse_json
from engine.core.files import read_regular_file as read_regular_file
from engine.core.files import read_regular_file_signed as read_regular_file_signed
from engine.core.text import Say

from .errors import SaveError

if TYPE_CHECKING:
    from filelock import FileLock

DOC_ID = 1
MAX_DOCUMENT = 8 << 20
"""Bytes a save or sheet file may have (a long game's save is some tens of kilobytes)."""
LOCK_TIMEOUT = 30.0
LOCK_POLL = 0.005
"""Seconds between tries for a held lock (filelock's default 0.05 lets a busy writer starve others)."""


def file_lock(path: Path | str, timeout: float | None = None) -> FileLock:
    """A lock between processes on the lock file ``path``: taking it waits up to ``timeout``
    seconds (0: not at all; None: LOCK_TIMEOUT), then raises TimeoutError (an OSError, as a
    folder that cannot be written raises). filelock is imported as the first lock is made: a
    listing makes none."""
    from filelock import FileLock

    return FileLock(path, timeout=LOCK_TIMEOUT if timeout is None else timeout, poll_interval=LOCK_POLL)


def signature(path: Path) -> Signature | None:
    """The file's signature (one ``os.stat``); None if there is no file."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    return info.st_ino, info.st_mtime_ns, info.st_size


@dataclass(frozen=True)
class Written:
    """One write of a file: its signature as the write found it and as it left it, both taken
    under the file's lock, so nobody else's write can fall in between."""

    before: Signature | None
    after: Signature | None


class LockTimeout(SaveError):
    """Another process held a file's lock for too long."""


class CannotWrite(SaveError):
    """The data folder refused a write (read-only, full, or not ours)."""


@contextmanager
def writing(path: Path) -> Iterator[None]:
    """Turn the operating system's refusal to write ``path`` into a CannotWrite for people."""
    try:
        yield
    except FileExistsError:
        raise
    except OSError as error:
        raise CannotWrite(Say("{file} cannot be written in {folder} ({error})", file=path.name, folder=str(path.parent),
                              error=error.strerror or str(error))) from error


def fsync_dir(folder: Path) -> None:
    if os.name != "posix":  # folders cannot be opened for fsync elsewhere
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def temp_path(path: Path) -> Path:
    """The one temp file of ``path``: writers of one file take turns under its lock, and a
    temp left by a killed writer is simply overwritten by the next write."""
    return path.with_name(f".{path.name}.tmp")


def atomic_write_text(path: Path, text: str, durable: bool = True) -> None:
    """Replace ``path`` by ``text`` so that a crash at any instant leaves old or new, whole.
    Not ``durable``: without waiting for the disk (a power cut may then leave the old file, or
    none), for a file that is made again from others.

    Not for concurrent writers of one path: hold the path's lock (DocumentFile does).
    """
    temp = temp_path(path)
    try:
        with open(temp, "w", encoding="utf-8") as handle:
            handle.write(text)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        with suppress(FileNotFoundError):
            os.unlink(temp)
        raise
    if durable:
        fsync_dir(path.parent)


class AtomicJSONStorage(Storage):
    """A TinyDB storage that never rewrites its file in place."""

    def __init__(self, path: str | os.PathLike[str]):
        self.path = Path(path)

    def read(self) -> dict[str, dict[str, Any]] | None:
        read = self.read_signed()
        return None if read is None else read[0]

    def read_signed(self) -> tuple[dict[str, dict[str, Any]], Signature] | None:
        """The data and the signature of the very file it was read from (taken on the open file:
        a file is only ever replaced whole, never changed in place, so the two always agree);
        None if there is no file."""
        read = read_regular_file_signed(self.path, MAX_DOCUMENT)
        if read is None:
            return None
        raw, signed = read
        return self._parse(raw), signed

    @staticmethod
    def _parse(raw: bytes) -> dict[str, dict[str, Any]]:
        data = parse_json(raw)
        if not isinstance(data, dict):
            raise UnreadableFile(Say("it is not a Tabula file (no JSON object at the top)"))
        return data

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        atomic_write_text(self.path, json.dumps(data, ensure_ascii=False, separators=(",", ":")))


class DocumentFile:
    """One TinyDB file whose table ``table`` holds a single document, guarded by a lock file."""

    def __init__(self, path: Path, lock_path: Path, table: str):
        self.path = path
        self.lock_path = lock_path
        self.table = table
        self.written: Written | None = None
        """The signatures of this object's last ``update``."""

    @contextmanager
    def holding_lock(self) -> Iterator[None]:
        lock = file_lock(self.lock_path)
        try:
            lock.acquire()
        except TimeoutError as error:
            raise LockTimeout(Say("{file} is locked by another Tabula process", file=self.path.name)) from error
        except OSError as error:
            raise CannotWrite(Say("{file} cannot be locked: {lock} cannot be written ({error})", file=self.path.name,
                                  lock=str(self.lock_path), error=error.strerror or str(error))) from error
        try:
            yield
        finally:
            lock.release()

    def read(self) -> dict[str, Any] | None:
        """The document, None if the file does not exist; UnreadableFile if it is not ours."""
        read = self.read_signed()
        return None if read is None else read[0]

    def read_signed(self) -> tuple[dict[str, Any], Signature] | None:
        """The document and the signature of the file it was read from (see AtomicJSONStorage);
        None if the file does not exist."""
        read = self._read_tables()
        return None if read is None else (read[1], read[2])

    def _read_tables(self) -> tuple[dict[str, dict[str, Any]], dict[str, Any], Signature] | None:
        """The file's tables as TinyDB keeps them, the document among them, and the file's signature."""
        read = AtomicJSONStorage(self.path).read_signed()
        if read is None:
            return None
        tables, signed = read
        table = tables.get(self.table)
        document = table.get(str(DOC_ID)) if isinstance(table, dict) else None
        if not isinstance(document, dict):
            raise UnreadableFile(Say("it is not a Tabula file (no {table} document)", table=repr(self.table)))
        return tables, document, signed

    def create(self, document: dict[str, Any], then: Callable[[dict[str, Any], Written], None] | None = None) -> None:
        """Write a new file (and set ``written``); FileExistsError if one is already there.
        ``then(document, written)`` runs once it is written, still under the lock."""
        with self.holding_lock():
            if os.path.lexists(self.path):
                raise FileExistsError(self.path)
            with writing(self.path), TinyDB(self.path, storage=AtomicJSONStorage) as db:
                db.table(self.table).insert(Document(document, doc_id=DOC_ID))
            self.written = Written(None, signature(self.path))
            if then is not None:
                then(document, self.written)

    def put(self, document: dict[str, Any]) -> None:
        """Create or replace the whole document (an unreadable old file is the caller's to set aside)."""
        with self.holding_lock():
            with writing(self.path), TinyDB(self.path, storage=AtomicJSONStorage) as db:
                db.storage.write({self.table: {str(DOC_ID): document}})

    def update(self, change: Callable[[dict[str, Any]], None],
               then: Callable[[dict[str, Any], Written], None] | None = None) -> dict[str, Any]:
        """Read, let ``change`` edit (or raise to abort), write, ``then(document, written)``: all
        under the lock.

        FileNotFoundError if there is no file; returns the document as written (and sets
        ``written``).
        """
        with self.holding_lock():
            read = self._read_tables()
            if read is None:
                raise FileNotFoundError(self.path)
            tables, document, before = read
            change(document)
            with writing(self.path):  # the tables just read, with the document changed: not read again
                AtomicJSONStorage(self.path).write(tables)
            self.written = Written(before, signature(self.path))
            if then is not None:
                then(document, self.written)
            return document

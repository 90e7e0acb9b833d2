"""Noticing, in other processes, that a saved game changed — without busy polling.

The truth is the save file itself: every write replaces it atomically, so its
(inode, mtime, size) signature changes. Comparing signatures costs one ``os.stat``; the
file is only read (and the screen only repainted) when the signature differs.

To be fast without polling fast, each watcher owns a FIFO "doorbell" in
``<data_dir>/watch/<save_id>/`` and blocks in ``select()`` on it. A process that has just
written the game rings every doorbell of that game but its own (``ring``), which wakes the
others within milliseconds. A writer that does not ring (another tool, a crash between write
and ring) is still noticed: the blocking wait gives up every ``fallback`` seconds and compares
the signature once. Idle cost per terminal: two ``stat`` calls a second, nothing else.

A terminal's own writes are not changes to it: it writes inside ``Watcher.writing()`` and
hands over the signatures the store took under the file's lock (``storage.Written``), so the
watcher moves on to the new signature without waking anyone, and without re-reading the file.

A process that follows every game of the data folder (the SSH server's turn reminders) owns
a doorbell in ``<data_dir>/watch/+every/`` instead (``GameFeed``; no save id has a ``+``):
each ring of any game writes that game's id to it, one line, so its reader learns which games
changed without looking at the others.

Each player (saves/waiting.py) has doorbells of their own in ``<data_dir>/watch/+waiting-<player>/``,
one per open app of theirs, rung when the games waiting for their move change (``ring_player``).

Doorbells of dead processes are found when ringing (opening a FIFO without a reader fails
with ENXIO) and removed. Needs POSIX FIFOs (Linux, macOS, BSD).
"""

from __future__ import annotations

import errno
import os
import select
import threading
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from .storage import Written, signature

FALLBACK = 0.5
"""Seconds between signature checks when nobody rings (bounds the delay for silent writers)."""


EVERY_GAME = "+every"
"""The doorbell folder of the processes that follow every game (no save id has a '+')."""


def doorbell_folder(data_dir: Path, save_id: str) -> Path:
    return Path(data_dir) / "watch" / save_id


def ring(data_dir: Path, save_id: str, skip: Path | None = None) -> int:
    """Wake every watcher of the game (but the doorbell ``skip``: the ringer's own); returns
    how many were rung."""
    rung = _ring_folder(doorbell_folder(data_dir, save_id), b"!", skip)
    _ring_folder(doorbell_folder(data_dir, EVERY_GAME), f"{save_id}\n".encode(), skip)
    return rung


def player_doorbell_folder(data_dir: Path, player: str) -> Path:
    return Path(data_dir) / "watch" / f"+waiting-{player}"


def ring_player(data_dir: Path, player: str) -> int:
    """Wake each open app of the player (``player``: the name of their waiting file); how many were rung."""
    return _ring_folder(player_doorbell_folder(data_dir, player), b"!", None)


def _ring_folder(folder: Path, message: bytes, skip: Path | None) -> int:
    """Write ``message`` to each doorbell of ``folder`` but ``skip``; how many were rung."""
    rung = 0
    for fifo in folder.glob("*.fifo") if folder.is_dir() else ():
        if fifo == skip:
            continue
        try:
            fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        except OSError as error:
            if error.errno == errno.ENXIO:  # nobody listens: its process is gone
                fifo.unlink(missing_ok=True)
            continue
        try:
            os.write(fd, message)  # under PIPE_BUF bytes: written whole or not at all
            rung += 1
        except BlockingIOError:
            rung += 1  # already full of unread rings: it will wake anyway
        finally:
            os.close(fd)
    return rung


def open_doorbell(folder: Path) -> tuple[int, Path]:
    """A new doorbell of this process in ``folder``: its FIFO open for reading (non-blocking), and its path."""
    folder.mkdir(parents=True, exist_ok=True)
    name = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
    pending = folder / f"{name}.new"
    os.mkfifo(pending, 0o600)
    # Read-write keeps a writer open on our own FIFO, so select() never sees a
    # permanent end-of-file once the ringers have closed their ends.
    fd = os.open(pending, os.O_RDWR | os.O_NONBLOCK)
    # Only now is it a doorbell: a ringer finding it without a reader would remove it.
    fifo = folder / f"{name}.fifo"
    os.rename(pending, fifo)
    return fd, fifo


class Watcher:
    """Blocks until the file at ``path`` changes; one per terminal and game."""

    def __init__(self, path: Path, data_dir: Path, save_id: str, fallback: float = FALLBACK):
        self.path = Path(path)
        self.fallback = fallback
        self.fd, self.fifo = open_doorbell(doorbell_folder(data_dir, save_id))
        self.seen = signature(self.path)
        self._looking = threading.Lock()
        """Held while the signature is compared, and while this process writes the file."""

    def wait(self, timeout: float | None = None) -> bool:
        """Block up to ``timeout`` (default: the fallback) for a ring; True if the file changed."""
        readable, _, _ = select.select([self.fd], [], [], self.fallback if timeout is None else timeout)
        if readable:
            self._drain()
        with self._looking:
            now = signature(self.path)
            if now == self.seen:
                return False
            self.seen = now
            return True

    @contextmanager
    def writing(self) -> Iterator[Callable[[Written | None], None]]:
        """Around a write of this process: yields ``wrote(written)``, to call with the
        signatures of the write once made. Unless someone else wrote since the last look (then
        that change is still reported), the new file is taken as seen. Meanwhile ``wait`` holds
        off, so it never mistakes the write for another process's."""

        def wrote(written: Written | None) -> None:
            if written is not None and written.before == self.seen:
                self.seen = written.after

        with self._looking:
            yield wrote

    def wake(self) -> None:
        """Make a blocked ``wait`` return now (used to stop the thread that waits)."""
        try:
            os.write(self.fd, b"!")
        except BlockingIOError:
            pass

    def close(self) -> None:
        os.close(self.fd)
        self.fifo.unlink(missing_ok=True)

    def _drain(self) -> None:
        try:
            while os.read(self.fd, 512):
                pass
        except BlockingIOError:
            pass


class GameFeed:
    """A doorbell that every game's ring reaches with that game's id. ``fd`` becomes readable
    when a game changed; ``changed()`` then says which (it never blocks)."""

    def __init__(self, data_dir: Path):
        self.fd, self.fifo = open_doorbell(doorbell_folder(data_dir, EVERY_GAME))
        self._partial = b""

    def changed(self) -> set[str]:
        """The ids of the games rung since the last call."""
        data = self._partial
        try:
            while chunk := os.read(self.fd, 65536):
                data += chunk
        except BlockingIOError:
            pass
        *lines, self._partial = data.split(b"\n")
        return {line.decode("ascii", "replace") for line in lines if line}

    def close(self) -> None:
        os.close(self.fd)
        self.fifo.unlink(missing_ok=True)


class PlayerDoorbell:
    """An open app's doorbell for its player: ``fd`` becomes readable when the games waiting for
    the player's move changed; ``answer()`` empties it (it never blocks)."""

    def __init__(self, data_dir: Path, player: str):
        self.fd, self.fifo = open_doorbell(player_doorbell_folder(data_dir, player))

    def answer(self) -> None:
        try:
            while os.read(self.fd, 512):
                pass
        except BlockingIOError:
            pass

    def close(self) -> None:
        os.close(self.fd)
        self.fifo.unlink(missing_ok=True)

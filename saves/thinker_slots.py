"""The server's cap on bot searches: a few thinkers for everybody, taken in turn.

Every app a server starts is a process of its own, so they share the cap through the data
folder (``<data>/thinkers/``), with file locks the kernel drops when a process dies (a killed
app never leaves anything taken):

* ``slot-0`` .. ``slot-<workers-1>``: a search runs only while its app holds one of these with
  ``flock`` (the search bot's moves and the hints alike), so no more than ``workers`` searches
  run at once, whoever asks;
* ``ticket-*``: one per search asked for, locked by its app from its creation (under the
  mutex) until the search ends; a ticket nobody holds locked is a dead app's, and whoever looks
  next removes it. It says whose it is (a digest of the player's key), and its stage:
  ``key`` (waiting behind the same key's other games), ``line`` (in the line for a free
  thinker, since a time on the shared monotonic clock) or ``slot`` (searching);
* ``mutex``: held (``flock``, for a fraction of a millisecond) by whoever looks at or changes
  the tickets and slots, so each decision is made on one consistent picture.

The turn is fair. A key has at most ``per_key`` searches in the line or running; its other
games wait in the order they asked (stage ``key``), so that one player with many games holds at
most ``per_key`` places ahead of anybody else. The line is first come, first served by the time
a ticket entered it: a game whose search just ended asks again with a new ticket, behind
everyone already waiting. A waiter takes a free thinker only when fewer are ahead of it than
there are free thinkers. The next to go looks again every ``poll`` seconds, the others less
often (a waiting app does no other work), and each is told its place whenever it changes.

Needs ``flock`` (Linux, macOS, BSD). Local (not served) apps use none of this.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

FOLDER = "thinkers"
MUTEX = "mutex"
TICKET = "ticket-"
SLOT = "slot-"
POLL = 0.1
"""Seconds between two looks at the line of the next search to go (a thinker freed is taken
within that time)."""
BEHIND = 5
"""A search further back looks ``BEHIND`` times less often (so that a long line costs little)."""
MAX_TICKET = 512
STAGES = ("key", "line", "slot")


def key_digest(identity: str) -> str:
    """Who asks, as written in a ticket: a digest of the player's key ('' is the keyless players')."""
    return hashlib.sha256(identity.encode("utf-8", "surrogatepass")).hexdigest()[:16]


@dataclass(frozen=True)
class Place:
    """Where a waiting search stands."""

    line: int
    """Its place among the searches waiting for a free thinker (1: the next to go), or 0: it
    waits behind its own key's other games (``own`` of them think or wait already)."""
    own: int = 0
    """The key's searches in the line or thinking, while ``line`` is 0."""


@dataclass(frozen=True)
class Ticket:
    name: str
    key: str
    stage: str
    since: int
    """When it entered the line (monotonic ns; 0 before)."""


class Slot:
    """A thinker taken: the search may run until ``release`` (or the end of a ``with``)."""

    def __init__(self, slot_fd: int, ticket_fd: int, ticket: Path, number: int):
        self._fds = [slot_fd, ticket_fd]
        self.ticket = ticket
        self.number = number

    def release(self) -> None:
        fds, self._fds = self._fds, []
        if fds:
            with suppress(OSError):
                self.ticket.unlink()
            for fd in reversed(fds):  # the ticket first: nobody counts this search any more
                with suppress(OSError):
                    os.close(fd)

    def __enter__(self) -> Slot:
        return self

    def __exit__(self, *_: object) -> None:
        self.release()


class ThinkerSlots:
    """One app's way to the server's thinkers (``workers`` of them; ``per_key`` searches per
    player's key in the line or running at once; ``identity``: this app's player key)."""

    def __init__(self, data_dir: Path, workers: int, per_key: int, identity: str, *, poll: float = POLL):
        if workers < 1 or per_key < 1:
            raise ValueError("at least one thinker, and one search per key")
        self.folder = Path(data_dir) / FOLDER
        self.workers = workers
        self.per_key = per_key
        self.key = key_digest(identity or "")
        self.poll = poll

    # -- taking a thinker ---------------------------------------------------------------------

    def take(self, game: str = "", *, waiting: Callable[[Place], None] | None = None,
             cancel: threading.Event | None = None, timeout: float | None = None) -> Slot | None:
        """Wait for a free thinker in turn and take it; ``waiting(place)`` is called (from this
        thread) whenever the place of a search that cannot start at once changes. None: ``cancel``
        was set (or ``timeout`` seconds went by) first; the search then left the line."""
        self.folder.mkdir(parents=True, exist_ok=True)
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._mutex():
            path, fd = self._new_ticket(game)
        shown: Place | None = None
        try:
            while True:
                with self._mutex():
                    got = self._step(path, fd)
                if isinstance(got, Slot):
                    return got
                if got != shown:
                    shown = got
                    if waiting is not None:
                        waiting(got)
                if deadline is not None and time.monotonic() >= deadline:
                    break
                delay = self.poll if got.line == 1 else self.poll * BEHIND
                if deadline is not None:
                    delay = max(0.0, min(delay, deadline - time.monotonic()))
                if cancel is None:
                    time.sleep(delay)
                elif cancel.wait(delay):
                    break
        except BaseException:
            self._drop(path, fd)
            raise
        self._drop(path, fd)
        return None

    def _new_ticket(self, game: str) -> tuple[Path, int]:
        name = f"{TICKET}{time.monotonic_ns():020d}-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        path = self.folder / name
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            self._write(fd, "key", 0, game)
        except BaseException:
            os.close(fd)
            with suppress(OSError):
                path.unlink()
            raise
        return path, fd

    def _write(self, fd: int, stage: str, since: int, game: str = "") -> None:
        data = json.dumps({"key": self.key, "stage": stage, "since": since, "game": game[:64]}).encode()
        os.ftruncate(fd, 0)
        os.pwrite(fd, data, 0)

    @staticmethod
    def _drop(path: Path, fd: int) -> None:
        with suppress(OSError):
            path.unlink()
        with suppress(OSError):
            os.close(fd)

    def _step(self, path: Path, fd: int) -> Slot | Place:
        """One look at the line (under the mutex): move this ticket on if its turn has come."""
        tickets = self.tickets(own=path.name)
        mine = next(t for t in tickets if t.name == path.name)
        held = self.held()
        if mine.stage == "key":
            own = [t for t in tickets if t.key == self.key]
            placed = sum(1 for t in own if t.stage != "key")
            first = next(t for t in own if t.stage == "key")
            if placed >= self.per_key or first.name != mine.name:
                return Place(0, placed)
            mine = Ticket(mine.name, mine.key, "line", time.monotonic_ns())
            self._write(fd, "line", mine.since)
            tickets = [mine if t.name == mine.name else t for t in tickets]
        line = sorted((t for t in tickets if t.stage == "line"), key=lambda t: (t.since, t.name))
        ahead = line.index(mine)
        free = self.workers - held
        if ahead < free:
            slot = self._take_free_slot(path, fd)
            if slot is not None:
                self._write(fd, "slot", mine.since)
                return slot
        return Place(max(1, ahead - max(free, 0) + 1))

    def _take_free_slot(self, path: Path, ticket_fd: int) -> Slot | None:
        for number in range(self.workers):
            slot_fd = os.open(self.folder / f"{SLOT}{number}", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
            try:
                fcntl.flock(slot_fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(slot_fd)
                continue
            return Slot(slot_fd, ticket_fd, path, number)
        return None

    # -- looking -----------------------------------------------------------------------------

    @contextmanager
    def _mutex(self) -> Iterator[None]:
        fd = os.open(self.folder / MUTEX, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)

    def held(self) -> int:
        """How many thinkers are taken now (searches running, server-wide)."""
        taken = 0
        for number in range(self.workers):
            try:
                fd = os.open(self.folder / f"{SLOT}{number}", os.O_RDONLY | os.O_CLOEXEC)
            except OSError:
                continue
            try:
                fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
            except OSError:
                taken += 1
            finally:
                os.close(fd)
        return taken

    def tickets(self, own: str = "") -> list[Ticket]:
        """The live tickets in the order they were made; dead apps' are removed (``own``: the
        name of a ticket this process holds, not tested)."""
        try:
            names = sorted(name for name in os.listdir(self.folder) if name.startswith(TICKET))
        except OSError:
            return []
        found = []
        for name in names:
            ticket = self._read(name, alive_known=name == own)
            if ticket is not None:
                found.append(ticket)
        return found

    def _read(self, name: str, alive_known: bool) -> Ticket | None:
        path = self.folder / name
        try:
            fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            return None
        try:
            if not alive_known:
                try:
                    fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
                except OSError:
                    pass  # locked: its app is alive
                else:  # nobody holds it: its app died
                    with suppress(OSError):
                        path.unlink()
                    return None
            data = os.pread(fd, MAX_TICKET + 1, 0)
        except OSError:
            return None
        finally:
            os.close(fd)
        return parse_ticket(name, data)

    def status(self) -> dict[str, int]:
        """Searches running, in the line and held back by their key's cap (for the bench and tests)."""
        if not self.folder.is_dir():
            return {"running": 0, "line": 0, "held back": 0}
        with self._mutex():
            tickets = self.tickets()
            return {"running": self.held(), "line": sum(t.stage == "line" for t in tickets),
                    "held back": sum(t.stage == "key" for t in tickets)}


def parse_ticket(name: str, data: bytes) -> Ticket | None:
    """A ticket's contents, checked; None if it is not one (being written, or junk)."""
    if len(data) > MAX_TICKET:
        return None
    try:
        value = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(value, dict):
        return None
    key, stage, since = value.get("key"), value.get("stage"), value.get("since")
    if not (isinstance(key, str) and len(key) == 16 and stage in STAGES and type(since) is int and since >= 0):
        return None
    return Ticket(name, key, stage, since)

"""Seat leases: which terminal holds which seat of a shared game.

One small JSON file per game, ``<data_dir>/seats/<save_id>.json``, maps a key (a seat
number as text, or ``"bots"`` for the one process that runs the game's bots) to the lease of
its holder: ``{"holder", "host", "pid", "beat"}``. Every read-modify-write happens under a
file lock and ends with an atomic replace, so two terminals can never both hold one key.

A lease is dead once its heartbeat is older than the time to live, and at once when its
process is gone (checked only for holders on this host). A dead lease is simply free.
"""

from __future__ import annotations

import json
import os
import socket
import time
import uuid
from dataclasses import asdict, dataclass
from pathlib import Path

from filelock import FileLock

from engine.core.seats import seat_tag

DEFAULT_TTL = 12.0
"""Seconds without a heartbeat after which a seat is free again (holders beat every ttl/4)."""

BOTS = "bots"
"""The lease key of the process that plays every bot seat of the game."""

HOST = socket.gethostname()


class SeatTaken(Exception):
    """The seat is held by another live terminal."""


class LeaseLost(Exception):
    """Our lease expired and another terminal took the seat."""


@dataclass(frozen=True)
class Lease:
    holder: str
    host: str
    pid: int
    beat: float

    def alive(self, now: float, ttl: float) -> bool:
        if now - self.beat > ttl:
            return False
        return self.host != HOST or pid_alive(self.pid)


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def new_holder_id() -> str:
    """A terminal's identity: unique even for two tables in one process."""
    return f"{HOST}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


def key_name(key: int | str) -> str:
    return str(key)


class SeatLeases:
    def __init__(self, data_dir: Path, save_id: str, ttl: float = DEFAULT_TTL):
        folder = Path(data_dir) / "seats"
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / f"{save_id}.json"
        self.lock = FileLock(str(folder / f"{save_id}.lock"), timeout=10)
        self.ttl = ttl

    # -- reading ----------------------------------------------------------------------------

    def live(self) -> dict[str, Lease]:
        """Every live lease by key."""
        now = time.time()
        return {key: lease for key, lease in self._read().items() if lease.alive(now, self.ttl)}

    def holder_of(self, key: int | str) -> Lease | None:
        return self.live().get(key_name(key))

    def free(self, keys: list[int]) -> list[int]:
        held = self.live()
        return [key for key in keys if key_name(key) not in held]

    # -- changing ---------------------------------------------------------------------------

    def acquire(self, key: int | str, holder: str) -> None:
        """Take a free key (or renew our own); SeatTaken if another live terminal holds it."""
        with self.lock:
            leases = self._read()
            current = leases.get(key_name(key))
            if current and current.holder != holder and current.alive(time.time(), self.ttl):
                raise SeatTaken(f"{describe(key)} is held by another terminal ({current.host}, pid {current.pid})")
            leases[key_name(key)] = Lease(holder, HOST, os.getpid(), time.time())
            self._write(leases)

    def try_acquire(self, key: int | str, holder: str) -> bool:
        try:
            self.acquire(key, holder)
        except SeatTaken:
            return False
        return True

    def renew(self, key: int | str, holder: str) -> None:
        """Heartbeat; LeaseLost if our lease went to someone else meanwhile, even if that
        terminal has gone since: a seat taken over is never taken back by a heartbeat."""
        with self.lock:
            leases = self._read()
            current = leases.get(key_name(key))
            if current and current.holder != holder:
                raise LeaseLost(f"{describe(key)} was taken over by another terminal")
            leases[key_name(key)] = Lease(holder, HOST, os.getpid(), time.time())
            self._write(leases)

    def release(self, key: int | str, holder: str) -> None:
        with self.lock:
            leases = self._read()
            current = leases.get(key_name(key))
            if current and current.holder == holder:
                del leases[key_name(key)]
                self._write(leases)

    # -- the file ---------------------------------------------------------------------------

    def _read(self) -> dict[str, Lease]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            return {key: Lease(**value) for key, value in data.items()}
        except FileNotFoundError:
            return {}
        except (ValueError, TypeError, AttributeError):
            return {}  # a damaged lease file only means "nobody holds anything"

    def _write(self, leases: dict[str, Lease]) -> None:
        temporary = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        temporary.write_text(json.dumps({key: asdict(lease) for key, lease in leases.items()}), encoding="utf-8")
        os.replace(temporary, self.path)


def held_seats(data_dir: Path, ttl: float = DEFAULT_TTL) -> dict[str, list[int]]:
    """The seats live terminals hold, by save id, for every game that has a lease file."""
    folder = Path(data_dir) / "seats"
    held = {}
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else ():
        seats = sorted(int(key) for key in SeatLeases(data_dir, path.stem, ttl).live() if key != BOTS)
        if seats:
            held[path.stem] = seats
    return held


def describe(key: int | str) -> str:
    if key_name(key) == BOTS:
        return "Running the bots"
    return f"Seat {seat_tag(int(key))}"

"""Seats of a shared game: which terminal holds which seat now (leases), and which player a
seat belongs to (owners).

One small JSON file per game, ``<data_dir>/seats/<save_id>.json``::

    {"leases": {key: {"holder", "host", "pid", "beat"}},   key: a seat number as text, or "bots"
     "owners": {seat number as text: key fingerprint},
     "creator": key fingerprint or "",
     "hot_seat": false}

Every read-modify-write happens under a file lock and ends with an atomic replace, so two
terminals can never both hold one key. The file is checked entry by entry when read: a damaged
entry (or a damaged file) only means that nobody holds, or owns, what it described.

Leases: a lease is dead once its heartbeat is older than the time to live, and at once when its
process is gone (checked only for holders on this host). A dead lease is simply free.

Owners: on a served table, players are told apart by the SSH key they logged in with (their
*identity*). A seat taken under a key belongs to that key, so when its player's connection
drops, the seat is free for that key only: another key may take it once its owner gives it up,
or once the game's creator (or the host, with ``tabula saves seats``) frees it. The identity
given to these methods is None for a local terminal (the host's own: owners do not bind it and
it owns nothing), "" for a served terminal without a key (it owns nothing), else a fingerprint.
Hot-seat (one terminal playing several seats) is allowed on a served table only where the host
allowed it for that game (``hot_seat``).
"""

from __future__ import annotations

import json
import math
import os
import socket
import time
import uuid
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from engine.core.seats import LETTERS, seat_tag
from engine.core.text import SaidError, Say, said_to_json

from .storage import UnreadableFile, file_lock, parse_json, read_regular_file
from .watch import ring

DEFAULT_TTL = 12.0
"""Seconds without a heartbeat after which a seat is free again (holders beat every ttl/4)."""

BOTS = "bots"
"""The lease key of the process that plays every bot seat of the game."""

MAX_SEATS = len(LETTERS)
MAX_FILE = 64 * 1024
MAX_TEXT = 200

HOST = socket.gethostname()


class SeatTaken(SaidError):
    """The seat is held by another live terminal, or belongs to another player."""


class LeaseLost(SaidError):
    """Our lease expired and another terminal took the seat."""


class SeatsUnavailable(SeatTaken, LeaseLost):
    """The seats file cannot be written (a read-only data folder): no seat can be taken or kept."""


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


@dataclass
class SeatFile:
    leases: dict[str, Lease] = field(default_factory=dict)
    owners: dict[str, str] = field(default_factory=dict)
    creator: str = ""
    hot_seat: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"leases": {key: asdict(lease) for key, lease in self.leases.items()}, "owners": self.owners,
                "creator": self.creator, "hot_seat": self.hot_seat}


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


def is_seat_key(key: object) -> bool:
    return isinstance(key, str) and key.isdecimal() and key.isascii() and int(key) < MAX_SEATS


def short_text(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_TEXT


def parse_lease(value: object) -> Lease | None:
    if not isinstance(value, dict) or set(value) != {"holder", "host", "pid", "beat"}:
        return None
    holder, host, pid, beat = value["holder"], value["host"], value["pid"], value["beat"]
    if not (short_text(holder) and short_text(host) and type(pid) is int and 0 < pid < 2**31):
        return None
    if type(beat) not in (int, float) or not math.isfinite(beat):
        return None
    return Lease(holder, host, pid, float(beat))


def parse_seat_file(data: object) -> SeatFile:
    """Whatever was read, as the entries that make sense (never raises)."""
    if not isinstance(data, dict):
        return SeatFile()
    leases = data.get("leases")
    owners = data.get("owners")
    parsed = SeatFile(creator=data["creator"] if short_text(data.get("creator")) else "",
                      hot_seat=data.get("hot_seat") is True)
    for key, value in (leases.items() if isinstance(leases, dict) else ()):
        lease = parse_lease(value)
        if lease is not None and (key == BOTS or is_seat_key(key)):
            parsed.leases[key] = lease
    for key, value in (owners.items() if isinstance(owners, dict) else ()):
        if is_seat_key(key) and short_text(value):
            parsed.owners[key] = value
    return parsed


class SeatLeases:
    def __init__(self, data_dir: Path, save_id: str, ttl: float = DEFAULT_TTL):
        folder = Path(data_dir) / "seats"
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            pass  # a read-only data folder: the seats can be read, and taking one will say why not
        self.data_dir, self.save_id = Path(data_dir), save_id
        self.path = folder / f"{save_id}.json"
        self.lock = file_lock(folder / f"{save_id}.lock", timeout=10)
        self.ttl = ttl

    # -- reading ----------------------------------------------------------------------------

    def live(self) -> dict[str, Lease]:
        """Every live lease by key."""
        now = time.time()
        return {key: lease for key, lease in self._read().leases.items() if lease.alive(now, self.ttl)}

    def holder_of(self, key: int | str) -> Lease | None:
        return self.live().get(key_name(key))

    def free(self, keys: list[int]) -> list[int]:
        held = self.live()
        return [key for key in keys if key_name(key) not in held]

    def owners(self) -> dict[int, str]:
        """The key each owned seat belongs to."""
        return {int(seat): owner for seat, owner in self._read().owners.items()}

    def may_take(self, seats: list[int], identity: str | None) -> list[int]:
        """Of ``seats``, those no other player owns (for a local terminal: all of them)."""
        owners = self.owners()
        return [seat for seat in seats if identity is None or owners.get(seat, identity) == identity]

    @property
    def creator(self) -> str:
        return self._read().creator

    @property
    def hot_seat(self) -> bool:
        """The host allows one served terminal to play several seats of this game."""
        return self._read().hot_seat

    # -- changing ---------------------------------------------------------------------------

    def acquire(self, key: int | str, holder: str, identity: str | None = None) -> None:
        """Take a free key (or renew our own); SeatTaken if another live terminal holds it, or if
        the seat belongs to another player. A seat taken under a key becomes that key's."""
        name = key_name(key)

        def take(seats: SeatFile) -> bool:
            current = seats.leases.get(name)
            if current and current.holder != holder and current.alive(time.time(), self.ttl):
                raise SeatTaken(Say("{seat:said} is held by another terminal ({host}, pid {pid})",
                                    seat=said_to_json(describe(key)), host=current.host, pid=current.pid))
            owner = seats.owners.get(name)
            if identity is not None and owner is not None and owner != identity:
                raise SeatTaken(Say("{seat:said} belongs to another player: it is free for others once they give it "
                                    "up, or once the game's creator frees it", seat=said_to_json(describe(key))))
            if identity and name != BOTS:
                seats.owners[name] = identity
            seats.leases[name] = Lease(holder, HOST, os.getpid(), time.time())
            return not (current and current.holder == holder)

        if self._change(take):
            self._announce()

    def try_acquire(self, key: int | str, holder: str) -> bool:
        try:
            self.acquire(key, holder)
        except SeatTaken:
            return False
        return True

    def renew(self, key: int | str, holder: str, *, unless_beaten_within: float = 0.0) -> None:
        """Heartbeat; LeaseLost if our lease went to someone else meanwhile, even if that
        terminal has gone since: a seat taken over is never taken back by a heartbeat.
        ``unless_beaten_within``: a lease of ours renewed fewer seconds ago than that is only
        checked, the file left as it is (a move's check: the heartbeat keeps the lease alive, and
        a write would wake every other terminal's watch of the file)."""
        name = key_name(key)

        def beat(seats: SeatFile) -> bool:
            current = seats.leases.get(name)
            if current and current.holder != holder:
                raise LeaseLost(Say("{seat:said} was taken over by another terminal", seat=said_to_json(describe(key))))
            now = time.time()
            if current and 0 <= now - current.beat < unless_beaten_within:
                return False
            seats.leases[name] = Lease(holder, HOST, os.getpid(), now)
            return True

        self._change(beat)

    def release(self, key: int | str, holder: str) -> None:
        """Leave the seat (if the file cannot be written, the lease dies with this process)."""
        name = key_name(key)

        def leave(seats: SeatFile) -> bool:
            current = seats.leases.get(name)
            if not (current and current.holder == holder):
                return False
            del seats.leases[name]
            return True

        try:
            if self._change(leave):
                self._announce()
        except SeatsUnavailable:
            pass

    def give_up(self, seat: int, identity: str | None) -> bool:
        """The seat's owner leaves the game for good (or the host, identity None, frees it):
        another player may take it now. False if it did not belong to ``identity``."""
        name = key_name(seat)

        def disown(seats: SeatFile) -> bool:
            if name not in seats.owners or identity not in (None, seats.owners[name]):
                return False
            del seats.owners[name]
            return True

        return self._announce(self._change(disown))

    def free_for_others(self, seat: int, identity: str) -> bool:
        """The game's creator frees a seat another player owns. False if ``identity`` is not the creator."""
        name = key_name(seat)

        def free(seats: SeatFile) -> bool:
            if not identity or seats.creator != identity or name not in seats.owners:
                return False
            del seats.owners[name]
            return True

        return self._announce(self._change(free))

    def claim_creator(self, identity: str | None) -> None:
        """The player who set up the game (noted once, and only for a key)."""

        def claim(seats: SeatFile) -> bool:
            if seats.creator or not identity:
                return False
            seats.creator = identity
            return True

        self._change(claim)

    def allow_hot_seat(self, allowed: bool) -> None:
        self._change(lambda seats: setattr(seats, "hot_seat", allowed))

    def _announce(self, changed: bool = True) -> bool:
        """Wake the game's terminals after a change of who holds or owns a seat (their tables
        show who is at the table); returns ``changed``."""
        if changed:
            ring(self.data_dir, self.save_id)
        return changed

    # -- the file ---------------------------------------------------------------------------

    def _change(self, change: Callable[[SeatFile], Any]) -> Any:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.lock:
                seats = self._read()
                before = dict(seats.owners)
                result = change(seats)
                if result is not False:
                    self._write(seats)
                    if seats.owners != before:
                        self._note_owners(before, seats.owners)
                return result
        except TimeoutError as error:
            raise SeatsUnavailable(Say("the seats of this game are locked by another process")) from error
        except OSError as error:
            raise SeatsUnavailable(Say("the seats of this game cannot be taken or kept: {folder} cannot be written "
                                       "({error})", folder=str(self.path.parent),
                                       error=error.strerror or str(error))) from error

    def _note_owners(self, before: dict[str, str], after: dict[str, str]) -> None:
        """The keys that gained or lost a seat of the game get it in their waiting files
        (saves/waiting.py), under this file's lock: the next change of owners waits for it."""
        from .store import SaveError, SaveStore

        keys = {owner for seat, owner in {*before.items(), *after.items()} if before.get(seat) != after.get(seat)}
        try:
            SaveStore(self.data_dir).note_owners(self.save_id, keys)
        except (SaveError, OSError):
            pass  # no such game (seats of a game being made), or a data folder not writable

    def _read(self) -> SeatFile:
        try:
            raw = read_regular_file(self.path, MAX_FILE)
            return parse_seat_file(parse_json(raw)) if raw is not None else SeatFile()
        except (UnreadableFile, ValueError):
            return SeatFile()

    def _write(self, seats: SeatFile) -> None:
        temporary = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        try:
            temporary.write_text(json.dumps(seats.to_json()), encoding="utf-8")
            os.replace(temporary, self.path)
        except BaseException:
            temporary.unlink(missing_ok=True)
            raise


def seats_seen_live(kinds: list[str], identity: str | None, owners: dict[int, str]) -> list[int]:
    """The seats whose view a terminal could see while their game runs: at a local terminal
    (identity None, the host's) every human seat, since it may play them all (hot seat); at a
    served one, the seats its player's key owns. A bot's seat never: nobody plays it by hand."""
    humans = [seat for seat, kind in enumerate(kinds) if kind == "human"]
    if identity is None:
        return humans
    return [seat for seat in humans if identity and owners.get(seat) == identity]


def held_seats(data_dir: Path, ttl: float = DEFAULT_TTL) -> dict[str, list[int]]:
    """The seats live terminals hold, by save id, for every game that has a seats file."""
    folder = Path(data_dir) / "seats"
    held = {}
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else ():
        seats = sorted(int(key) for key in SeatLeases(data_dir, path.stem, ttl).live() if key != BOTS)
        if seats:
            held[path.stem] = seats
    return held


def describe(key: int | str) -> Say:
    if key_name(key) == BOTS:
        return Say("Running the bots")
    return Say("Seat {tag}", tag=seat_tag(int(key)))


def remove_stale_temps(data_dir: Path) -> None:
    """Remove the temp files of seats-file writes whose process is gone (killed mid-write)."""
    folder = Path(data_dir) / "seats"
    for temp in folder.glob(".*.json.*.tmp") if folder.is_dir() else ():
        pid = temp.name.rsplit(".", 2)[-2]
        if pid.isdecimal() and int(pid) < 2**31 and not pid_alive(int(pid)):
            try:
                temp.unlink(missing_ok=True)
            except OSError:
                continue

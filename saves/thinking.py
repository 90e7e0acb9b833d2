"""A bot's thinking, shown at every terminal of a shared game, and "move now" asked from any
of its players' terminals.

The terminal that runs a game's bots (saves/shared.py, the "bots" lease) thinks for them. So
that the other terminals show the same thinking line, it writes how far the search is (a few
times a second at most) to ``thinking.json`` in the game's doorbell folder (saves/watch.py),
rings the doorbells, and removes the file when the search ends. A player at another terminal
who presses ``m`` writes ``move-now.json`` there and rings: the thinking terminal reads it and
ends its search, as its own ``m`` would.

Both files tell nothing a seat may not know: the bot's seat, the game's position (how many
actions it has, which every seat sees) and how far the search is; or the seat to hurry and
the asking terminal's lease holder id (saves/seats.py). They are tiny, replaced atomically
(without fsync: a lost one costs a repaint, nothing else), and validated when read: anything
else, and a file older than ``STALE`` seconds (its writer died), is as if there were none.
"""

from __future__ import annotations

import json
import math
import os
import time
import uuid
from contextlib import suppress
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Literal

from .storage import Signature, UnreadableFile, parse_json, read_regular_file_signed, signature
from .watch import doorbell_folder, ring

STATUS = "thinking.json"
REQUEST = "move-now.json"
MAX_FILE = 512
STALE = 15.0
"""Seconds after which a file is taken for a dead writer's (a search reports far more often)."""
MAX_HOLDER = 64


@dataclass(frozen=True)
class ThinkingStatus:
    seat: int
    """The bot seat whose move is being searched."""
    position: int
    """How many actions the game had when the search began."""
    fraction: float
    """How far the search is, 0..1."""
    waiting: int = 0
    """0: it searches; n > 0: it waits for a free thinker of the server, n-th in line; -1: it
    waits behind the other games of the runner's player (saves/thinker_slots.py)."""


@dataclass(frozen=True)
class MoveNowRequest:
    seat: int
    """The thinking bot's seat."""
    position: int
    holder: str
    """The asking terminal's lease holder id (only a terminal holding a seat may ask)."""


def _index(value: object) -> bool:
    return type(value) is int and 0 <= value < 1_000_000


def parse_status(data: object, seats: int) -> ThinkingStatus | None:
    if not isinstance(data, dict) or set(data) - {"waiting"} != {"seat", "position", "fraction"}:
        return None
    seat, position, fraction, waiting = data["seat"], data["position"], data["fraction"], data.get("waiting", 0)
    if not (_index(seat) and seat < seats and _index(position)):
        return None
    if type(fraction) not in (int, float) or not math.isfinite(fraction) or not 0 <= fraction <= 1:
        return None
    if type(waiting) is not int or not -1 <= waiting < 1_000_000:
        return None
    return ThinkingStatus(seat, position, float(fraction), waiting)


def parse_request(data: object, seats: int) -> MoveNowRequest | None:
    if not isinstance(data, dict) or set(data) != {"seat", "position", "holder"}:
        return None
    seat, position, holder = data["seat"], data["position"], data["holder"]
    if not (_index(seat) and seat < seats and _index(position)):
        return None
    if not isinstance(holder, str) or not 0 < len(holder) <= MAX_HOLDER or not holder.isprintable():
        return None
    return MoveNowRequest(seat, position, holder)


class ThinkingBoard:
    """The two files of one game, for one terminal: it writes one and looks at the other."""

    def __init__(self, data_dir: Path, save_id: str, seats: int, *, own_doorbell: Path | None = None):
        self.data_dir, self.save_id, self.seats = Path(data_dir), save_id, seats
        self.folder = doorbell_folder(data_dir, save_id)
        self.own_doorbell = own_doorbell
        self._seen: dict[str, Signature | None] = {STATUS: None, REQUEST: signature(self.folder / REQUEST)}
        """What this terminal last looked at, per file: a request made before it came is not its."""

    # -- writing -------------------------------------------------------------------------

    def publish(self, status: ThinkingStatus) -> None:
        self._write(STATUS, asdict(status))

    def clear(self) -> None:
        try:
            (self.folder / STATUS).unlink()
        except OSError:
            return  # nothing was shared (a quick bot, a search too short to report)
        self._ring()

    def ask_move_now(self, request: MoveNowRequest) -> None:
        self._write(REQUEST, asdict(request))

    def _write(self, name: str, data: dict[str, Any]) -> None:
        """Replace the file (best effort: a terminal that cannot write just does not share)."""
        path = self.folder / name
        temp = self.folder / f".{name}.{os.getpid()}-{uuid.uuid4().hex[:8]}.tmp"
        try:
            temp.write_text(json.dumps(data), encoding="utf-8")
            os.replace(temp, path)
        except OSError:
            with suppress(OSError):
                temp.unlink(missing_ok=True)
            return
        self._ring()

    def _ring(self) -> None:
        with suppress(OSError):
            ring(self.data_dir, self.save_id, skip=self.own_doorbell)

    # -- looking ------------------------------------------------------------------------

    def status(self) -> ThinkingStatus | None | Literal[False]:
        """The thinking status if the file changed since the last look (None: nobody is
        thinking, or the file is not valid); False if it did not change."""
        data = self._changed(STATUS)
        return data if data is False else parse_status(data, self.seats)

    def request(self) -> MoveNowRequest | None | Literal[False]:
        """A new move-now request (None: none valid); False if the file did not change."""
        data = self._changed(REQUEST)
        return data if data is False else parse_request(data, self.seats)

    def _changed(self, name: str) -> object:
        """The file's JSON if its signature changed since the last look (None if it is gone,
        stale or unreadable), else False. One ``stat`` when nothing changed."""
        path = self.folder / name
        now = signature(path)
        if now == self._seen[name]:
            return False
        self._seen[name] = now
        if now is None:
            return None
        try:
            read = read_regular_file_signed(path, MAX_FILE)
        except UnreadableFile:
            return None
        if read is None:
            return None
        raw, self._seen[name] = read
        if time.time() - read[1][1] / 1e9 > STALE:
            return None
        try:
            return parse_json(raw)
        except UnreadableFile:
            return None

"""Thinking in a process of its own, so that a search never holds up the caller (the app's
event loop, a table's worker thread): the caller waits on a pipe, not on the CPU.

``Thinker`` starts one worker process the first time it is asked (``python -m
engine.search.worker``: a plain subprocess, so nothing of the caller's threads, terminal or
open files comes along) and sends it one search at a time over its standard input and output,
as length-prefixed pickles. The state it sends is already determinized for the seat that
thinks, so the worker never holds another seat's secrets; searching from it gives the same
result as searching from the real state (``determinize`` depends only on the seat's view).
While it searches, the worker reports its best choices so far a few times a second;
``move_now`` (a SIGUSR1) makes it stop and answer with them.
"""

from __future__ import annotations

import os
import pickle
import signal
import struct
import subprocess
import sys
import threading
import traceback
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, BinaryIO, cast

from engine import registry
from engine.bots import make_bot
from engine.core import components
from engine.core.components import Layer
from engine.core.match import Match

from .bot import decision_seed, limits_for
from .ismcts import SearchResult, search
from .profiles import LEVELS, Level, profile_for

NICENESS = 5
"""The worker runs at a lower priority than the terminals it thinks for."""
MOVE_NOW = signal.SIGUSR1
HEADER = struct.Struct("!I")


class ThinkerError(RuntimeError):
    """The worker process failed (its traceback is the message) or died."""


@dataclass(frozen=True)
class Request:
    game: str
    entry: tuple[str, str]
    state: dict[str, Any]
    seat: int
    seats: int
    level: Level
    seed: str
    capped: bool = True
    follow: str | None = None
    """The root choice the search keeps trying (``Limits.follow``), with its share."""
    follow_share: float = 0.0
    layer: Layer | None = None
    """The component set the game is played with (``components.select``): the worker thinks with
    the game's own data."""


def send(stream: BinaryIO, message: object) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(HEADER.pack(len(data)) + data)
    stream.flush()


def receive(stream: BinaryIO) -> Any:
    header = stream.read(HEADER.size)
    if len(header) < HEADER.size:
        raise EOFError("the other end closed the pipe")
    size = HEADER.unpack(header)[0]
    data = stream.read(size)
    if len(data) < size:
        raise EOFError("the other end closed the pipe")
    return pickle.loads(data)


class Thinker:
    def __init__(self) -> None:
        self._process: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()
        """One search at a time; ``move_now`` and ``close`` may come from any thread."""
        self._searching = False
        self._heard = False
        """The worker has answered in the search under way, so it has its MOVE_NOW handler: until
        then the signal would kill it (its default action), as it may still be importing the games."""
        self._hurry = False
        """``move_now`` was asked during the search under way."""
        self.closed = False
        """``close`` was called: no more searches (the app is ending)."""

    def start(self) -> subprocess.Popen[bytes]:
        """Start the worker now (it takes a moment to import the games) rather than at the first
        search; the worker process."""
        if self.closed:
            raise ThinkerError("the thinking process was closed")
        if self._process is None or self._process.poll() is not None:
            env = {**os.environ, "PYTHONPATH": os.pathsep.join(path for path in sys.path if path)}
            self._process = subprocess.Popen(
                [sys.executable, "-m", "engine.search.worker"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, env=env, start_new_session=True)
        return self._process

    def think(self, match: Match, seat: int, level: str | Level, seed: str, *, capped: bool = True,
              progress: Callable[[SearchResult], None] | None = None, follow: str | None = None,
              follow_share: float = 0.0) -> SearchResult:
        """Search the seat's decision in ``match`` at ``level`` (blocking the calling thread,
        not the CPU); ``progress`` gets the best choices so far, from this thread. ``follow``:
        a choice the search keeps trying (``Limits.follow``)."""
        request = replace(self.request(match, seat, LEVELS[level] if isinstance(level, str) else level, seed, capped),
                          follow=follow, follow_share=follow_share)
        with self._lock:
            process = self.start()
            requests, answers = cast(BinaryIO, process.stdin), cast(BinaryIO, process.stdout)
            try:
                self._exchange(process, send, requests, request)
                self._heard = self._hurry = False
                self._searching = True
                while True:
                    kind, payload = self._exchange(process, receive, answers)
                    if not self._heard:
                        self._heard = True
                        if self._hurry:  # asked before the worker could take the signal
                            self._signal(process)
                    if kind == "progress":
                        if progress is not None:
                            self._report(process, progress, payload)
                    elif kind == "done":
                        return cast(SearchResult, payload)
                    else:
                        raise ThinkerError(payload)
            finally:
                self._searching = False

    def _exchange(self, process: subprocess.Popen[bytes], talk: Callable[..., Any], *args: Any) -> Any:
        """``send`` or ``receive`` on the worker's pipes; a broken pipe is a dead worker."""
        try:
            return talk(*args)
        except (EOFError, OSError, pickle.UnpicklingError) as error:
            self._end(process)
            raise ThinkerError(f"the thinking process stopped: {error}") from error

    def _report(self, process: subprocess.Popen[bytes], progress: Callable[[SearchResult], None],
                result: SearchResult) -> None:
        """Call the caller's ``progress``. What it raises is the caller's and goes up as it is
        (an OSError of its own is no failure of the worker); the search is abandoned first,
        its answer read and dropped, so that the worker is ready for the next one."""
        try:
            progress(result)
        except BaseException:
            self._abandon(process)
            raise

    def _abandon(self, process: subprocess.Popen[bytes]) -> None:
        try:
            process.send_signal(MOVE_NOW)  # it has answered: it takes the signal
            while receive(cast(BinaryIO, process.stdout))[0] == "progress":
                pass
        except (EOFError, OSError, pickle.UnpicklingError):
            self._end(process)  # the next search starts a new worker

    @staticmethod
    def request(match: Match, seat: int, level: Level, seed: str, capped: bool = True) -> Request:
        """What the worker is sent: the game as the seat may know it, nothing more."""
        rules = match.rules
        known = rules.determinize(match.state, seat, f"thinker:{seed}")
        return Request(rules.id, registry.GAMES[rules.id], known, seat, len(match.names), level, seed, capped,
                       layer=components.selected(rules.id))

    def choose(self, match: Match, seat: int, kind: str, seed: int | str,
               progress: Callable[[SearchResult], None] | None = None) -> str:
        """What a bot of that kind chooses, as ``make_bot(kind, seed).choose`` would: a search
        level thinks in the worker, a quick bot (random, greedy) right here."""
        if kind not in LEVELS:
            return make_bot(kind, seed).choose(match, seat).id
        return self.think(match, seat, kind, decision_seed(seed, match), progress=progress).choice

    @property
    def running(self) -> bool:
        process = self._process
        return process is not None and process.poll() is None

    def move_now(self) -> None:
        """End the search under way; it answers with its best choice so far. The signal goes
        once per search, once the worker has answered in it (``think`` sends it then if asked before)."""
        if self._searching and not self._hurry:
            self._hurry = True
            if self._heard:
                self._signal(self._process)

    @staticmethod
    def _signal(process: subprocess.Popen[bytes] | None) -> None:
        if process is not None and process.poll() is None:
            try:
                process.send_signal(MOVE_NOW)
            except OSError:
                pass

    def close(self) -> None:
        """End the worker (a search under way is abandoned)."""
        self.closed = True
        process, self._process = self._process, None
        if process is not None:
            self._end(process)

    def _end(self, process: subprocess.Popen[bytes]) -> None:
        if self._process is process:
            self._process = None
        for stream in (process.stdin, process.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
        if process.poll() is None:
            process.kill()
        process.wait()


def serve(requests: BinaryIO, answers: BinaryIO) -> None:
    """The worker process: one search per request until the caller closes the pipe."""
    asked = False

    def move_now(*_: Any) -> None:
        # Only a plain flag: a second signal can run this inside itself, and a lock taken here
        # (threading.Event's) would wait on itself; signals in a stream then end the process.
        nonlocal asked
        asked = True

    def asked_to_stop() -> bool:
        return asked

    signal.signal(MOVE_NOW, move_now)
    while True:
        try:
            request = receive(requests)
        except EOFError:
            return
        asked = False
        try:
            registry.GAMES.setdefault(request.game, request.entry)
            components.select(request.game, request.layer)
            rules = registry.rules_for(request.game)
            limits = limits_for(request.level, capped=request.capped, stop=asked_to_stop,
                                progress=lambda result: send(answers, ("progress", result)),
                                follow=request.follow, follow_share=request.follow_share)
            result = search(rules, request.state, request.seat, request.seats, limits, request.seed,
                            profile_for(request.game))
            send(answers, ("done", result))
        except (BrokenPipeError, EOFError):
            return
        except Exception:  # the caller shows what went wrong; the worker stays up
            send(answers, ("error", traceback.format_exc()))


def main() -> None:
    """Answers go to the real standard output; anything else printed goes nowhere."""
    try:
        os.nice(NICENESS)
    except OSError:
        pass
    answers = os.fdopen(os.dup(1), "wb")
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    serve(sys.stdin.buffer, answers)


if __name__ == "__main__":
    main()

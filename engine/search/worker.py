"""Thinking in a process of its own, so that a search never holds up the caller (the app's
event loop, a table's worker thread): the caller waits on a pipe, not on the CPU.

``Thinker`` starts one worker process the first time it is asked (spawned: nothing of the
caller's threads or open files comes along) and sends it one search at a time. The state it
sends is already determinized for the seat that thinks, so the worker never holds another
seat's secrets; searching from it gives the same result as searching from the real state
(``determinize`` depends only on the seat's view). While it searches, the worker reports its
best choices so far a few times a second; ``move_now`` makes it stop and answer with them.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import traceback
from dataclasses import dataclass
from typing import Any, Callable

from engine import registry
from engine.core.match import Match

from engine.core.bots import make_bot

from .bot import decision_seed, limits_for
from .ismcts import SearchResult, search
from .profiles import LEVELS, Level, profile_for

NICENESS = 5
"""The worker runs at a lower priority than the terminals it thinks for."""


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


class Thinker:
    def __init__(self) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._stop = self._context.Event()
        self._process = None
        self._connection = None
        self._lock = threading.Lock()
        """One search at a time; ``move_now`` and ``close`` may come from any thread."""

    def start(self) -> None:
        """Start the worker now (it takes a moment to import the games) rather than at the first search."""
        if self._process is None or not self._process.is_alive():
            here, there = self._context.Pipe()
            self._process = self._context.Process(target=serve, args=(there, self._stop), name="tabula-thinker",
                                                  daemon=True)
            self._process.start()
            there.close()
            self._connection = here

    def think(self, match: Match, seat: int, level: str | Level, seed: str, *, capped: bool = True,
              progress: Callable[[SearchResult], None] | None = None) -> SearchResult:
        """Search the seat's decision in ``match`` at ``level`` (blocking the calling thread,
        not the CPU); ``progress`` gets the best choices so far, from this thread."""
        request = self.request(match, seat, LEVELS[level] if isinstance(level, str) else level, seed, capped)
        with self._lock:
            self.start()
            self._stop.clear()
            try:
                self._connection.send(request)
                while True:
                    kind, payload = self._connection.recv()
                    if kind == "progress":
                        if progress is not None:
                            progress(payload)
                    elif kind == "done":
                        return payload
                    else:
                        raise ThinkerError(payload)
            except (EOFError, OSError) as error:
                self._process = None
                raise ThinkerError(f"the thinking process stopped: {error}") from error

    @staticmethod
    def request(match: Match, seat: int, level: Level, seed: str, capped: bool = True) -> Request:
        """What the worker is sent: the game as the seat may know it, nothing more."""
        rules = match.rules
        known = rules.determinize(match.state, seat, f"thinker:{seed}")
        return Request(rules.id, registry.GAMES[rules.id], known, seat, len(match.names), level, seed, capped)

    def choose(self, match: Match, seat: int, kind: str, seed: int | str,
               progress: Callable[[SearchResult], None] | None = None) -> str:
        """What a bot of that kind chooses, as ``make_bot(kind, seed).choose`` would: a search
        level thinks in the worker, a quick bot (random, greedy) right here."""
        if kind not in LEVELS:
            return make_bot(kind, seed).choose(match, seat).id
        return self.think(match, seat, kind, decision_seed(seed, match), progress=progress).choice

    def move_now(self) -> None:
        """End the search under way; it answers with its best choice so far."""
        self._stop.set()

    def close(self) -> None:
        self._stop.set()
        process, connection = self._process, self._connection
        self._process = self._connection = None
        if connection is not None:
            try:
                connection.send(None)
            except OSError:
                pass
            connection.close()
        if process is not None:
            process.join(timeout=2)
            if process.is_alive():
                process.kill()
                process.join()


def serve(connection, stop) -> None:
    """The worker process: one search per request until the caller closes the pipe."""
    try:
        os.nice(NICENESS)
    except OSError:
        pass
    while True:
        try:
            request = connection.recv()
        except (EOFError, OSError):
            return
        if request is None:
            return
        try:
            registry.GAMES.setdefault(request.game, request.entry)
            rules = registry.rules_for(request.game)
            limits = limits_for(request.level, capped=request.capped, stop=stop.is_set,
                                progress=lambda result: connection.send(("progress", result)))
            result = search(rules, request.state, request.seat, request.seats, limits, request.seed,
                            profile_for(request.game))
            connection.send(("done", result))
        except (BrokenPipeError, EOFError):
            return
        except Exception:  # the caller shows what went wrong; the worker stays up
            connection.send(("error", traceback.format_exc()))

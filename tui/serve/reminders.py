"""Turn reminders of ``tabula serve ssh --notify-command CMD``.

When a game comes to a player's move and that player has no terminal at it (none of the seats
their key owns is held by a live lease, saves/seats.py), the server runs the host's command
once, with who and what in its environment (``Reminder.environment``): never through a shell
and never with a player's text among its arguments, so no name or title can inject a command.
A player is the key that owns a seat; a seat nobody owns (no key took it, or bots) gets no
reminder. One (game, key) is reminded at most once per ``every`` seconds, remembered in memory
only: a restart of the server forgets it.

The server learns that a game changed from the rings every terminal sends after a write
(saves/watch.py ``GameFeed``: one FIFO whose reader the event loop wakes, with the id of each
game rung), not by polling. A ring that is not a move (a bot's thinking shared, a seat taken)
costs one ``stat``: the game is read, in a thread, only when its file changed and its
``updated`` stamp with it; whose move it is comes from its header (``to_move``, noted by every
write), and only a save from before Tabula noted it is replayed. The move came to a seat if
the game now waits for it and the last action (chance aside) was another seat's: rings that
arrive together are looked at once, so a move and the next are not told apart by what the game
waited for before. A write that rings nobody (``tabula saves import``, another tool) reminds nobody.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from engine.core.seats import LETTERS
from saves.errors import SaveError
from saves.seats import BOTS, SeatLeases
from saves.session import replay_record
from saves.storage import Signature, signature
from saves.store import CHANCE, HUMAN, SAFE_ID, SaveStore
from saves.watch import GameFeed

GAME, TITLE, SEAT, PLAYER, KEY = "TABULA_GAME", "TABULA_TITLE", "TABULA_SEAT", "TABULA_PLAYER", "TABULA_KEY"
REMIND_EVERY = 3600.0
"""Seconds before the same player is reminded of the same game again."""
RUN_TIMEOUT = 30.0
"""Seconds the command may take; then it is killed (its whole process group)."""
AT_ONCE = 4
"""Commands running at once; further reminders wait for one to end."""
MOST_OUTPUT = 4096
"""Bytes of a command's output written to the server's log (the rest is read and dropped)."""

log = logging.getLogger("tabula.serve.reminders")


def plain(text: str) -> str:
    """Printable characters only: no newline can reach a mail header, no NUL an environment."""
    return "".join(ch for ch in text if ch.isprintable())


@dataclass(frozen=True)
class Reminder:
    save_id: str
    title: str
    seat: int
    player: str
    key: str

    def environment(self) -> dict[str, str]:
        """The variables the command gets, beside the server's own environment."""
        return {GAME: self.save_id, TITLE: plain(self.title), SEAT: LETTERS[self.seat], PLAYER: plain(self.player),
                KEY: plain(self.key)}


@dataclass
class Seen:
    """What the server last knew of a game."""

    updated: str
    signature: Signature | None = None


@dataclass
class TurnReminders:
    data_dir: Path
    command: list[str]
    """The host's command, split once (shlex) when the server started."""
    clock: Callable[[], float] = time.monotonic
    every: float = REMIND_EVERY
    timeout: float = RUN_TIMEOUT
    sent: dict[tuple[str, str], float] = field(default_factory=dict)
    """When each (game, key) was last reminded."""
    seen: dict[str, Seen] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.store = SaveStore(self.data_dir)
        self.feed: GameFeed | None = None
        self.pending: set[str] = set()
        self.worker: asyncio.Future[None] | None = None
        self.runs: set[asyncio.Future[None]] = set()
        self.at_once = asyncio.Semaphore(AT_ONCE)

    # -- following the games ----------------------------------------------------------------

    async def start(self) -> None:
        """Listen for rings, then note every game as it is (a ring meanwhile waits in the FIFO)."""
        self.feed = GameFeed(self.data_dir)
        summaries = await asyncio.to_thread(self.store.summaries)
        self.seen = {summary.id: Seen(summary.updated) for summary in summaries}
        asyncio.get_running_loop().add_reader(self.feed.fd, self._rung)

    async def stop(self) -> None:
        if self.feed is not None:
            asyncio.get_running_loop().remove_reader(self.feed.fd)
            self.feed.close()
            self.feed = None
        waiting = [task for task in (self.worker, *self.runs) if task is not None]
        for task in waiting:
            task.cancel()
        await asyncio.gather(*waiting, return_exceptions=True)

    def _rung(self) -> None:
        assert self.feed is not None  # the reader is removed before the feed is closed
        self.pending |= self.feed.changed()
        if self.pending and (self.worker is None or self.worker.done()):
            self.worker = asyncio.ensure_future(self._work())

    async def _work(self) -> None:
        while self.pending:
            save_id = self.pending.pop()
            try:
                due = await asyncio.to_thread(self.due, save_id)
            except Exception:  # a game that cannot be read or replayed must not stop the reminders
                log.exception("Turn reminders: game %s could not be looked at", save_id)
                continue
            for reminder in due:
                run = asyncio.ensure_future(self.run(reminder))
                self.runs.add(run)
                run.add_done_callback(self.runs.discard)

    def due(self, save_id: str) -> list[Reminder]:
        """The reminders that game ``save_id`` calls for now that it was rung (each noted as
        sent). Reads files: run it outside the event loop."""
        if not SAFE_ID.fullmatch(save_id):
            return []
        signed = signature(self.store.path_of(save_id))
        before = self.seen.get(save_id)
        if signed is None or (before is not None and before.signature == signed):
            return []
        try:
            record = self.store.load(save_id)
        except SaveError:
            return []
        self.seen[save_id] = Seen(record.updated, signed)
        if (before is not None and record.updated == before.updated) or record.status != "active":
            return []
        try:
            awaiting = record.to_move if record.to_move is not None else replay_record(record).awaiting()
        except SaveError:
            return []
        last = next((action["a"] for action in reversed(record.actions) if action["a"] != CHANCE), None)
        leases = SeatLeases(self.data_dir, save_id)
        owners = leases.owners()
        at_table = {owners.get(int(key)) for key in leases.live() if key != BOTS}
        now = self.clock()
        self.sent = {sent: when for sent, when in self.sent.items() if now - when < self.every}
        reminders = []
        for seat in awaiting:
            if seat == last:
                continue  # still the move of the player who just moved: it did not come to them
            key = owners.get(seat)
            if not key or record.seats[seat].kind != HUMAN or key in at_table or (save_id, key) in self.sent:
                continue
            self.sent[save_id, key] = now
            reminders.append(Reminder(save_id, record.title, seat, record.seats[seat].name, key))
        return reminders

    # -- running the command ----------------------------------------------------------------

    async def run(self, reminder: Reminder) -> None:
        """Run the command for ``reminder``, its output to the server's log, killed after ``timeout``."""
        where = f"game {reminder.save_id} seat {LETTERS[reminder.seat]}"
        async with self.at_once:
            try:
                process = await asyncio.create_subprocess_exec(
                    *self.command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                    env={**os.environ, **reminder.environment()}, start_new_session=True)
            except OSError as error:
                log.error("Turn reminder for %s: cannot run %s: %s", where, self.command[0], error)
                return
            try:
                output, code = await asyncio.wait_for(self._finished(process), self.timeout)
            except TimeoutError:
                self._kill(process)
                await process.wait()
                log.error("Turn reminder for %s: the command did not end within %g s and was stopped", where,
                          self.timeout)
                return
            except asyncio.CancelledError:  # the server stops
                self._kill(process)
                raise
        for line in output.decode("utf-8", "replace").splitlines():
            log.info("Turn reminder for %s: %s", where, plain(line))
        if code:
            log.error("Turn reminder for %s: the command failed (exit status %d)", where, code)
        else:
            log.info("Turn reminder for %s: sent", where)

    @staticmethod
    async def _finished(process: asyncio.subprocess.Process) -> tuple[bytes, int]:
        """The first MOST_OUTPUT bytes of what the command wrote (the rest is read and dropped),
        and its exit status, once it ended."""
        assert process.stdout is not None  # started with a pipe
        kept = b""
        while chunk := await process.stdout.read(65536):
            kept += chunk[:MOST_OUTPUT - len(kept)]
        return kept, await process.wait()

    @staticmethod
    def _kill(process: asyncio.subprocess.Process) -> None:
        """Kill the command and whatever it started (its own process group)."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)

"""Players at real terminals: each a Tabula process on a terminal of its own (a `tabula join` on
a pseudo-terminal, or the app of an SSH session), read through a terminal emulator (pyte) as its
player sees it, acting only when its own screen says it is that player's turn.

``Players`` decides who presses what: a terminal whose screen shows its prompt (``▶ ●A Ann: …``)
and has drawn the game as it is on disk presses a key: a choice of the first page with a digit
for its key (1-9, 0 for the standing one) picked by a seeded random number (the save tells
which choices there are; the screen decides when), or ``1`` (Confirm) when its turn end
waits; a key the screen ignored (typed as it was being redrawn) is pressed again once the
screen is still, as a player would, but only rarely.
``play_to_the_end`` drives a game of `tabula join` terminals so to its end; a stall (no change
of the save for ``stall`` seconds) or a game longer than ``bound`` fails with every screen.
"""

from __future__ import annotations

import os
import random
import re
import select
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pyte

from engine.core.seats import seat_tag
from saves.session import GameSession
from saves.store import SaveStore
from saves.watch import Watcher
from tests.pty_terminal import Terminal
from tui.choice_keys import ChoicePages

TABULA = str(Path(sys.executable).with_name("tabula"))
"""The installed command, as a player runs it."""
QUIET = 0.025
"""Seconds a terminal's output must have been still before its screen is read as settled."""
UNCHANGED = 0.5
"""Seconds after a change of the game past which a terminal that drew nothing since is settled
(the change did not alter what it shows)."""
COLOURS = re.compile(rb"\x1b\[[0-9;:]*m")
"""Colour and style: what a player's screen shows is read as text, and a terminal emulator in
Python spends half its time on these."""
UNFINISHED = re.compile(rb"\x1b(\[[0-9;:?]*)?")
AGAIN = 2.0
"""Seconds a terminal may show its prompt, still and unchanged, after a key before its player
presses again: a key typed just before the screen was redrawn with the new move went to the
screen still making the last one, which ignores keys (as a player would, they press again)."""


@dataclass
class Seated:
    """One player's terminal: its seat, what it shows, and how to type on it."""

    seat: int
    send: Callable[[bytes], None]
    screen: pyte.Screen
    stream: pyte.ByteStream
    terminal: Terminal | None = None
    last_output: float = 0.0
    pressed_at: int = -1
    """The revision of the game this player last pressed a key on (one key per position)."""
    pressed_when: float = 0.0
    keys: list[str] = field(default_factory=list)
    pressed_on: str = ""
    """What the screen showed when this player last pressed a key."""
    unread: bytes = b""
    """The start of an escape sequence the terminal has not finished writing yet."""
    again: int = 0
    """Keys pressed again: the first was typed on a screen not yet showing the position."""

    @classmethod
    def at(cls, seat: int, send: Callable[[bytes], None], cols: int = 80, rows: int = 24, **fields) -> Seated:
        screen = pyte.Screen(cols, rows)
        return cls(seat, send, screen, pyte.ByteStream(screen), **fields)

    def shown(self, data: bytes) -> None:
        """The terminal wrote ``data``."""
        data = self.unread + data
        start = data.rfind(b"\x1b", max(0, len(data) - 32))
        if start >= 0 and UNFINISHED.fullmatch(data, start):
            data, self.unread = data[:start], data[start:]
        else:
            self.unread = b""
        self.stream.feed(COLOURS.sub(b"", data))
        self.last_output = time.monotonic()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def prompted(self) -> bool:
        return f"▶ {seat_tag(self.seat)}" in self.text()


def join(data_dir: Path, save_id: str, seat: int, cols: int = 80, rows: int = 24) -> Seated:
    """`tabula join GAME --seat X` on a pseudo-terminal of its own."""
    argv = [TABULA, "--data-dir", str(data_dir), "join", save_id, "--seat", seat_tag(seat)[-1]]
    terminal = Terminal(None, cols, rows, argv=argv)
    return Seated.at(seat, lambda key: os.write(terminal.fd, key), cols, rows, terminal=terminal)


def screens(players: list[Seated]) -> str:
    now = time.monotonic()
    return "\n".join(f"--- seat {seat_tag(p.seat)} (last keys {p.keys[-8:]}, pressed at revision {p.pressed_at}, "
                     f"{p.again} pressed again, last output {now - p.last_output:.2f} s ago):\n{p.text()}"
                     for p in players)


class Players:
    """The game on disk, and which of its players' terminals may press a key now."""

    def __init__(self, data_dir: Path, save_id: str, players: list[Seated], *, seed: int, last: float = 0.0):
        """``last``: how often the last choice of the page is picked rather than any (the standing
        one when there is one, which often ends a turn: it keeps a game short)."""
        self.players = players
        store = SaveStore(data_dir)
        self.session = GameSession.resume(store, save_id)
        self.watcher = Watcher(store.path_of(save_id), Path(data_dir), save_id)  # rung by every write of the game
        self.pick = random.Random(seed)
        self.last = last
        self.changed_at = time.monotonic()
        self.presses = 0

    def close(self) -> None:
        self.watcher.close()

    def look(self) -> bool:
        """Read the game again if it changed on disk; whether it did."""
        if self.watcher.wait(timeout=0) and self.session.refresh():
            self.changed_at = time.monotonic()
            return True
        return False

    def press_due(self) -> None:
        """Each player whose settled screen shows their prompt for the game as it is presses a key."""
        match, revision, now = self.session.match, self.session.revision, time.monotonic()
        for player in self.players:
            held = match.held == player.seat
            if not (held or (match.held is None and player.seat in match.awaiting())):
                continue
            if player.pressed_at == revision and min(now - player.last_output, now - player.pressed_when) < AGAIN:
                continue
            # drawn since the change, unless all it drew since the last key is that screen again (the
            # footer redrawn as the key was taken, say, before the move it made was shown)
            drawn_since = (player.last_output > self.changed_at and player.text() != player.pressed_on
                           or now - self.changed_at > UNCHANGED)
            if now - player.last_output < QUIET or not drawn_since or not player.prompted():
                continue
            keys = [key for key, _ in ChoicePages(match.legal(player.seat)).page(0) if key.isdigit()]
            key = "1" if held else keys[-1] if self.pick.random() < self.last else self.pick.choice(keys)
            player.send(key.encode())
            player.again += player.pressed_at == revision
            player.pressed_at, player.pressed_when, player.pressed_on = revision, now, player.text()
            player.keys.append(key)
            self.presses += 1

    def check(self, started: float, bound: float, stall: float) -> None:
        now = time.monotonic()
        if now - started > bound:
            raise AssertionError(f"the game did not end within {bound} s ({self.presses} keys):\n"
                                 f"{screens(self.players)}")
        if now - self.changed_at > stall:
            raise AssertionError(f"stalled: no move for {stall} s after {self.presses} keys; the save (revision "
                                 f"{self.session.revision}, {len(self.session.match.actions)} actions) awaits "
                                 f"{self.session.match.awaiting()}:\n{screens(self.players)}")


def pump(players: list[Seated], timeout: float, doorbell: int | None = None) -> None:
    """Read whatever the `tabula join` terminals wrote within ``timeout`` onto their screens (or
    until the ``doorbell`` rings)."""
    by_fd = {player.terminal.fd: player for player in players}
    ready, _, _ = select.select([*by_fd, *([doorbell] if doorbell is not None else [])], [], [], timeout)
    for fd in ready:
        if fd == doorbell:
            continue
        try:
            data = os.read(fd, 1 << 20)
        except OSError:
            continue
        by_fd[fd].shown(data)


def wait_until(players: list[Seated], done: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} not within {timeout} s:\n{screens(players)}")
        pump(players, 0.05)


def drawn(players: list[Seated]) -> Callable[[], bool]:
    return lambda: all(p.prompted() or "Waiting for" in p.text() for p in players)


def play_to_the_end(data_dir: Path, save_id: str, players: list[Seated], *, seed: int, bound: float,
                    last: float = 0.0, stall: float = 20.0) -> int:
    """Play the game through the `tabula join` terminals until it ends; returns the keys pressed."""
    wait_until(players, drawn(players), 60, "every table drawn")
    table = Players(data_dir, save_id, players, seed=seed, last=last)
    started = time.monotonic()
    try:
        while not table.session.match.finished:
            table.check(started, bound, stall)
            pump(players, QUIET / 2, table.watcher.fd)
            if not table.look():
                table.press_due()
    finally:
        table.close()
    wait_until(players, lambda: all("Game over" in p.text() for p in players), 30, "the end screen at every terminal")
    again = sum(player.again for player in players)
    assert again <= table.presses // 20, f"{again} of {table.presses} keys had to be pressed again:\n{screens(players)}"
    return table.presses

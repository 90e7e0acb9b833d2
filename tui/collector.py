"""The cyclic collector's full pass, run while the player waits rather than in a move.

Python walks every object the collector tracks once in ten passes over its middle generation.
At a table that is 8-18 ms (its widgets, their lines, the game), about every tenth move, and
those were the slowest moves. The app runs that pass itself: once it has been quiet for a
second after a middle pass, and as a screen closes (tui/screens/base.py: its widgets hold each
other, and are freed before the next screen is built). Once a screen where a game is played has
been painted, Python's own full pass comes only after a hundred middle passes (for a player who
never pauses, a game of bots watched); elsewhere, and while a table is being built, Python's
default stays, which keeps a served player's app smaller (about 1 MB, measured).
"""

from __future__ import annotations

import asyncio
import gc
from typing import Any

from textual.app import App
from textual.timer import Timer

QUIET = 1.0
"""Seconds without a middle pass before the app's full pass."""
FULL_PASS_AFTER = 100
"""Middle passes between Python's own full passes while a game is played (its default is 10)."""


class FullPassWhenQuiet:
    """Started once the app's loop runs; stopped as it ends (the collector outlives the app)."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self.default = gc.get_threshold()[2]
        self.passes = 0
        """Full passes run by the app."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._timer: Timer | None = None
        self._asked = False

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        gc.callbacks.append(self._collected)

    def stop(self) -> None:
        self._loop = None
        young, middle = gc.get_threshold()[:2]
        gc.set_threshold(young, middle, self.default)
        if self._collected in gc.callbacks:
            gc.callbacks.remove(self._collected)
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _collected(self, phase: str, info: dict[str, int]) -> None:
        """Python's collector ran (in whichever thread allocated): after a middle pass, the app's
        loop is asked to wait for quiet."""
        if phase == "stop" and info["generation"] == 1 and not self._asked and self._loop is not None:
            self._asked = True
            self._loop.call_soon_threadsafe(self._wait_for_quiet)

    def _wait_for_quiet(self) -> None:
        self._asked = False
        if self._loop is None:  # stopped meanwhile
            return
        if self._timer is None:
            self._timer = self.app.set_timer(QUIET, self._full_pass, name="full collector pass")
        else:
            self._timer.reset()

    def _full_pass(self) -> None:
        self._timer = None
        self.full_pass()

    def full_pass(self) -> None:
        self.passes += 1
        gc.collect()

    def follow(self, in_play: bool) -> None:
        """A screen was painted (``in_play``: a game is played on it) and is the app's now."""
        young, middle = gc.get_threshold()[:2]
        gc.set_threshold(young, middle, FULL_PASS_AFTER if in_play else self.default)

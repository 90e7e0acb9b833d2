"""A rehearsal of a player's app in the fork server (tui/serve/forkserver.py), before it forks any.

Every app builds the same things as it starts and draws a table: Textual's and Rich's caches of
parsed selectors, styles, colours and cell widths, the games' drawings of their boards. Made in
each player's process, they are each player's own pages; made here once, headless, at a table of
each game, they sit in the pages every fork shares. The rehearsal runs in a data folder of its own,
removed after, with human seats only (no bot, so no thinker process), and leaves no thread.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from textual.pilot import Pilot

from engine.registry import GAMES
from saves.session import GameSession
from saves.store import SaveStore, Seat
from tui.app import TabulaApp
from tui.screens.table import TableScreen

SIZE = (80, 24)
DRAWN_WITHIN = 10.0
"""Seconds a table has to be drawn before the rehearsal gives up on that game."""


def rehearse() -> None:
    """Open a table of each game in a headless app; a game that fails is only said."""
    with tempfile.TemporaryDirectory(prefix="tabula-rehearsal-") as folder:
        store = SaveStore(Path(folder))
        for game in GAMES:
            seats = [Seat("A", "human"), Seat("B", "human")]
            save_id = GameSession.new(store, game, game, seats, seed=0).record.id
            try:
                TabulaApp(Path(folder), join=(save_id, 0), cursor_blink=False).run(
                    headless=True, size=SIZE, auto_pilot=leave_once_drawn)
            except Exception as error:  # the players' apps work all the same, with fewer pages shared
                print(f"tabula: the rehearsal of {game} failed: {error!r}", file=sys.stderr, flush=True)


async def leave_once_drawn(pilot: Pilot[object]) -> None:
    app = pilot.app
    give_up = time.monotonic() + DRAWN_WITHIN
    while not (isinstance(app.screen, TableScreen) and app.screen.state is not None):
        if time.monotonic() > give_up:
            raise TimeoutError("the table was not drawn")
        await pilot.pause(0.05)
    await app.workers.wait_for_complete()
    await pilot.pause()
    app.exit()

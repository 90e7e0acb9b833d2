"""Which games wait for this player's move, followed live: the app listens to the every-game
doorbell (saves/watch.py ``GameFeed``), rung by each write of a game and each change of who owns
its seats, and counts again when it rings. Home shows the count; a game that comes to this
player's move while they are elsewhere in the app rings the bell once (the table of a game
rings for that game itself)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from saves.mine import MyGame, waiting_for
from saves.store import SaveStore
from saves.watch import GameFeed


class YourMoves:
    """Follows the games waiting for ``identity``'s move (saves.mine) in the data folder of
    ``store``; ``changed(games, new)`` is called on the event loop with the games now waiting and
    the ids of those that were not waiting at the last count."""

    def __init__(self, store: SaveStore, identity: str | None,
                 changed: Callable[[list[MyGame], set[str]], None]) -> None:
        self.store, self.identity, self.changed = store, identity, changed
        self.waiting: set[str] | None = None
        """The ids waiting at the last count (None: not counted yet; the first count rings nothing)."""
        self._feed: GameFeed | None = None
        self._counting: asyncio.Task[None] | None = None
        self._again = False

    def start(self) -> None:
        """Listen for rings (a ring before the first count waits in the FIFO), then count."""
        try:
            self._feed = GameFeed(self.store.data_dir)
        except OSError:
            return  # a read-only data folder: nothing is followed
        asyncio.get_running_loop().add_reader(self._feed.fd, self._rung)
        self._count_soon()

    def stop(self) -> None:
        if self._feed is not None:
            asyncio.get_running_loop().remove_reader(self._feed.fd)
            self._feed.close()
            self._feed = None
        if self._counting is not None:
            self._counting.cancel()

    def _rung(self) -> None:
        assert self._feed is not None  # the reader is removed before the feed is closed
        if self._feed.changed():
            self._count_soon()

    def _count_soon(self) -> None:
        """Count now, or once the running count ends (rings meanwhile are counted by that one)."""
        if self._counting is None or self._counting.done():
            self._counting = asyncio.ensure_future(self._count())
        else:
            self._again = True

    async def _count(self) -> None:
        while True:
            self._again = False
            try:
                games = await asyncio.to_thread(self._waiting)
            except Exception:  # an unusable data folder must not stop the app (Home says why)
                games = []
            ids = {game.summary.id for game in games}
            new = set() if self.waiting is None else ids - self.waiting
            self.waiting = ids
            self.changed(games, new)
            if not self._again:
                return

    def _waiting(self) -> list[MyGame]:
        return waiting_for(self.store.summaries(), self.store.data_dir, self.identity)

"""This player's games, followed live: the app reads the player's waiting file (saves/waiting.py)
once at start, and again each time the player's doorbell rings, which every write that changes
the games waiting for their move does. That one small file is all a ring costs: no save is
listed or read. Home shows the count; a game newly waiting rings the bell (the table of a game
rings for that game itself)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from saves.mine import MyGame
from saves.store import SaveStore
from saves.waiting import my_games_of, player_name
from saves.watch import PlayerDoorbell
from tui.i18n import _, spoken


class YourMoves:
    """Follows ``identity``'s games in the data folder of ``store``; ``changed(games, new)`` is
    called on the event loop with the player's games and the ids of those that came to their move
    since the last reading (none at the first); ``problem(message)`` when their file was damaged."""

    def __init__(self, store: SaveStore, identity: str | None, changed: Callable[[list[MyGame], set[str]], None],
                 problem: Callable[[str], None]) -> None:
        self.store, self.identity, self.changed, self.problem = store, identity, changed, problem
        self.games: list[MyGame] | None = None
        """The games at the last reading (None: not read yet)."""
        self._doorbell: PlayerDoorbell | None = None
        self._reading: asyncio.Task[None] | None = None
        self._again = False

    @property
    def waiting(self) -> list[MyGame]:
        return [game for game in self.games or () if game.my_move]

    def start(self) -> None:
        """Listen for rings (one before the first reading waits in the FIFO), then read."""
        name = player_name(self.identity)
        if name is None:  # a served terminal without a key: no game is theirs
            self.games = []
            return
        try:
            self._doorbell = PlayerDoorbell(self.store.data_dir, name)
        except OSError:
            pass  # a read-only data folder: read once, not followed
        else:
            asyncio.get_running_loop().add_reader(self._doorbell.fd, self._rung)
        self.read_soon()

    def stop(self) -> None:
        if self._doorbell is not None:
            asyncio.get_running_loop().remove_reader(self._doorbell.fd)
            self._doorbell.close()
            self._doorbell = None
        if self._reading is not None:
            self._reading.cancel()

    def _rung(self) -> None:
        assert self._doorbell is not None  # the reader is removed before the doorbell is closed
        self._doorbell.answer()
        self.read_soon()

    def read_soon(self) -> None:
        """Read now, or once the reading under way ends (rings meanwhile are read by that one)."""
        if self._reading is None or self._reading.done():
            self._reading = asyncio.ensure_future(self._read())
        else:
            self._again = True

    async def _read(self) -> None:
        while True:
            self._again = False
            try:
                games, message = await asyncio.to_thread(my_games_of, self.store, self.identity)
            except Exception as error:  # an unusable data folder must not stop the app
                games, message = [], _("Your games could not be read: {error}").format(error=spoken(error))
            before = None if self.games is None else {game.summary.id for game in self.waiting}
            self.games = games
            now = {game.summary.id for game in self.waiting}
            if message is not None:
                self.problem(spoken(message))
            self.changed(games, set() if before is None else now - before)
            if not self._again:
                return

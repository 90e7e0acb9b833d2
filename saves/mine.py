"""A player's games, and those waiting for their move, from the saves' summaries alone.

A player is who plays at the terminal (``tui.serve.identity()``): over SSH the key they logged
in with, whose games are those where that key owns a seat (saves/seats.py); locally (identity
None, the host's own terminal, which may play every human seat hot-seat) every human seat of
every game on this machine. Whose move it is and since when come from the save's header
(``to_move``, ``updated``: written with each move), so nothing is replayed.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .seats import MAX_FILE, parse_seat_file
from .storage import UnreadableFile, parse_json, read_regular_file
from .store import HUMAN, SaveSummary


@dataclass(frozen=True)
class MyGame:
    summary: SaveSummary
    seats: tuple[int, ...]
    """This player's seats of the game."""

    @property
    def to_move(self) -> tuple[int, ...]:
        """The seats the game waits for (none when finished, or not known for an old save)."""
        summary = self.summary
        return tuple(summary.to_move or ()) if summary.status == "active" else ()

    @property
    def my_move(self) -> bool:
        return any(seat in self.seats for seat in self.to_move)

    @property
    def since(self) -> str:
        """When the game came to the seats to move: its last action (or undo)."""
        return self.summary.updated


def owned_seats(data_dir: Path, identity: str) -> dict[str, list[int]]:
    """The seats ``identity``'s key owns, by save id ('' owns nothing). A seats file that does not
    name the key is not parsed."""
    folder = Path(data_dir) / "seats"
    needle = identity.encode("utf-8")
    owned: dict[str, list[int]] = {}
    if not identity or not folder.is_dir():
        return owned
    with os.scandir(folder) as entries:
        for entry in entries:
            if not entry.name.endswith(".json") or entry.name.startswith("."):
                continue
            try:
                raw = read_regular_file(Path(entry.path), MAX_FILE)
                if raw is None or needle not in raw:
                    continue
                owners = parse_seat_file(parse_json(raw)).owners
            except (UnreadableFile, ValueError):
                continue
            seats = sorted(int(seat) for seat, owner in owners.items() if owner == identity)
            if seats:
                owned[entry.name[:-5]] = seats
    return owned


def my_games(summaries: Iterable[SaveSummary], data_dir: Path, identity: str | None) -> list[MyGame]:
    """The games where the player holds a seat: those waiting for their move first, the one
    waiting longest first; then the others, the most recently played first."""
    owned = None if identity is None else owned_seats(data_dir, identity)
    games = []
    for summary in summaries:
        if owned is None:
            seats = tuple(seat for seat, info in enumerate(summary.seats) if info.kind == HUMAN)
        else:
            seats = tuple(seat for seat in owned.get(summary.id, ()) if seat < len(summary.seats))
        if seats:
            games.append(MyGame(summary, seats))
    return ordered(games)


def ordered(games: Iterable[MyGame]) -> list[MyGame]:
    """Those waiting for the player's move first, the one waiting longest first; then the
    others, the most recently played first."""
    games = list(games)
    waiting = sorted((game for game in games if game.my_move), key=lambda game: (game.since, game.summary.id))
    others = sorted((game for game in games if not game.my_move), key=lambda game: (game.since, game.summary.id),
                    reverse=True)
    return waiting + others


def waiting_for(summaries: Iterable[SaveSummary], data_dir: Path, identity: str | None) -> list[MyGame]:
    """The games waiting for the player's move, the one waiting longest first."""
    return [game for game in my_games(summaries, data_dir, identity) if game.my_move]

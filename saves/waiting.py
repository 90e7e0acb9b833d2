"""Each player's games, kept as they change: what Home's "Your move in N games", Resume's Mine
view and the key to the next game waiting read, instead of listing every save.

``<data_dir>/waiting/<player>.json`` holds, for each game where the player holds a seat, their
seats and the game's summary (whose move it is and since when among it; rows as the index keeps
them, saves/index.py). The player is a key (``key-`` and a hash of its fingerprint: a name safe
for any key) or ``local``: the host's own terminal, which holds every human seat of every game.
A served terminal without a key holds nothing and has no file.

Every write of a save (create, append, undo, rename, import, delete) updates, under the save's
lock, the file of the local player and of each key owning a seat of the game (saves/seats.py),
and a change of a seat's owner updates the files of the keys it concerns: each under the file's
own lock, read, changed, replaced atomically. A file that does not exist is left to its reader,
who builds it from a full listing (under its lock, so no write falls between listing and
writing); a damaged one is set aside, with a message, and built again the same way.

A player with more than ``MOST_GAMES`` games (the host's own terminal on a large folder) has no
file: their games come from a listing every time, and no doorbell follows them.

When the games waiting for a player's move change, the writer rings that player's doorbells
(saves/watch.py ``ring_player``): each open app of the player reads this one file again, and
nothing else.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING

from engine.core.text import Said, Say, said_of, said_to_json

from .index import row_entry, summary_row
from .mine import MyGame, my_games, ordered
from .seats import MAX_FILE, parse_seat_file
from .storage import (
    MAX_DOCUMENT,
    Signature,
    UnreadableFile,
    atomic_write_text,
    file_lock,
    parse_json,
    read_regular_file,
)
from .store import HUMAN
from .watch import ring_player

if TYPE_CHECKING:
    from .store import SaveStore, SaveSummary

FORMAT = 1
KIND = "tabula-waiting"
LOCAL = "local"
MAX_WAITING = 8 * MAX_DOCUMENT
MOST_GAMES = 300
"""A player with more games than this has no file (each write rewrites the file whole: at 3,000
games a move would cost 140 ms); their games are worked out from a listing of every save (the
index, saves/index.py) each time, and no doorbell follows them."""

Games = dict[str, tuple[tuple[int, ...], Signature, "SaveSummary"]]
"""A player's games by save id: their seats, the signature of the save when it was summed up, its summary."""


def player_name(identity: str | None) -> str | None:
    """The name of a player's file and doorbell (None: a served terminal without a key, which has neither)."""
    if identity is None:
        return LOCAL
    if not identity:
        return None
    return "key-" + hashlib.sha256(identity.encode("utf-8")).hexdigest()[:32]


def seats_of(summary: SaveSummary, identity: str | None, owners: dict[str, str]) -> tuple[int, ...]:
    """The player's seats of a game: locally its human seats, for a key those it owns."""
    if identity is None:
        return tuple(seat for seat, info in enumerate(summary.seats) if info.kind == HUMAN)
    return tuple(sorted(int(seat) for seat, owner in owners.items() if owner == identity
                        and int(seat) < len(summary.seats)))


def waiting_ids(games: Games) -> set[str]:
    return {save_id for save_id, (seats, _, summary) in games.items() if MyGame(summary, seats).my_move}


class WaitingFile:
    """One player's file (``identity`` as in saves/seats.py: None for the local player)."""

    def __init__(self, data_dir: Path, identity: str | None):
        name = player_name(identity)
        if name is None:
            raise ValueError("a served terminal without a key holds no seat")
        self.data_dir, self.identity, self.name = Path(data_dir), identity, name
        self.path = self.data_dir / "waiting" / f"{name}.json"
        self.lock = file_lock(self.data_dir / "locks" / f"waiting-{name}.lock")

    def read(self) -> Games | None:
        """The player's games; None if there is no file; UnreadableFile if it is damaged."""
        from .store import SAFE_ID, SaveFormatError, summary_from

        raw = read_regular_file(self.path, MAX_WAITING)
        if raw is None:
            return None
        data = parse_json(raw)
        if not (isinstance(data, dict) and data.get("kind") == KIND and data.get("format") == FORMAT
                and "player" in data and data["player"] == self.identity and isinstance(data.get("games"), dict)):
            raise UnreadableFile(Say("it is not a Tabula waiting list of this player"))
        games: Games = {}
        for save_id, row in data["games"].items():
            try:
                seats = tuple(row[0])
                entry = row_entry(save_id, row[1:], summary_from)
            except (TypeError, IndexError, KeyError, SaveFormatError):
                entry = None
            if (entry is None or not SAFE_ID.fullmatch(save_id) or not seats
                    or any(type(seat) is not int or not 0 <= seat < len(entry[1].seats) for seat in seats)):
                raise UnreadableFile(Say("its entry for {id} is not one", id=repr(save_id[:80])))
            games[save_id] = (seats, *entry)
        return games

    def write(self, games: Games) -> None:
        rows = {save_id: [list(seats), *summary_row(signed, summary)] for save_id, (seats, signed, summary)
                in games.items()}
        text = json.dumps({"format": FORMAT, "kind": KIND, "player": self.identity, "games": rows},
                          ensure_ascii=False, separators=(",", ":"))
        atomic_write_text(self.path, text, durable=False)  # a move waits for the disk once: for its save

    def change(self, edit: Callable[[Games], bool]) -> None:
        """Under the lock: read, ``edit`` (True if it changed anything), write; ring the player's
        doorbells if the games waiting for their move changed. A missing or damaged file is left
        to its reader (who lists every save to make it)."""
        with self.lock:
            try:
                games = self.read()
            except UnreadableFile:
                return
            if games is None:
                return
            before = waiting_ids(games)
            if not edit(games):
                return
            if len(games) > MOST_GAMES:
                self.path.unlink()
                return
            self.write(games)
        if waiting_ids(games) != before:
            ring_player(self.data_dir, self.name)

    def note(self, save_id: str, seats: tuple[int, ...], signed: Signature | None, summary: SaveSummary | None) -> None:
        """The game as just written (or gone: ``summary`` None, or no seats of this player)."""

        def edit(games: Games) -> bool:
            if seats and summary is not None and signed is not None:
                games[save_id] = (seats, signed, summary)
                return True
            return games.pop(save_id, None) is not None

        try:
            self.change(edit)
        except OSError:  # locked too long (TimeoutError), or not written: its reader makes the file again
            with suppress(OSError):
                self.path.unlink(missing_ok=True)


def owners_of(data_dir: Path, save_id: str) -> dict[str, str]:
    """Which key owns which seat of the game (seat numbers as text); nothing if it has no seats file."""
    try:
        raw = read_regular_file(Path(data_dir) / "seats" / f"{save_id}.json", MAX_FILE)
        return parse_seat_file(parse_json(raw)).owners if raw is not None else {}
    except (UnreadableFile, ValueError):
        return {}


def note_write(data_dir: Path, save_id: str, signed: Signature | None, summary: SaveSummary | None) -> None:
    """A save was written (or, ``summary`` None, deleted): called under the save's lock, so the
    files get its writes in the order they were made."""
    owners = owners_of(data_dir, save_id)
    for identity in (None, *sorted(set(owners.values()))):
        seats = seats_of(summary, identity, owners) if summary is not None else ()
        WaitingFile(data_dir, identity).note(save_id, seats, signed, summary)


def note_owners(data_dir: Path, save_id: str, keys: Iterable[str],
                summed: tuple[Signature, SaveSummary] | None) -> None:
    """The owners of the game's seats changed for ``keys``: their files get it (``summed``: the
    save's signature and summary as saved now, read under its lock; None if it cannot be read)."""
    owners = owners_of(data_dir, save_id)
    signed, summary = summed or (None, None)
    for key in sorted(set(keys)):
        seats = seats_of(summary, key, owners) if summary is not None else ()
        WaitingFile(data_dir, key).note(save_id, seats, signed, summary)


def my_games_of(store: SaveStore, identity: str | None) -> tuple[list[MyGame], Said | None]:
    """The games where the player holds a seat, ordered as saves.mine orders them, from their
    file (built from a listing of every save if it is missing or damaged); and a message if
    the file had to be set aside. A served terminal without a key holds nothing."""
    if player_name(identity) is None:
        return [], None
    file = WaitingFile(store.data_dir, identity)
    message = None
    try:
        games = file.read()
    except UnreadableFile as error:
        games, message = None, set_aside_file(store, file, said_of(error))
    if games is None:
        games = rebuild(store, file)
    return ordered(MyGame(summary, seats) for seats, _, summary in games.values()), message


def set_aside_file(store: SaveStore, file: WaitingFile, reason: Said) -> Said:
    from .store import set_aside

    with file.lock:
        message = set_aside(file.path, store.layout.set_aside, reason)
    return message or Say("{file} could not be used: {reason:said}.", file=file.path.name, reason=said_to_json(reason))


def rebuild(store: SaveStore, file: WaitingFile) -> Games:
    """The player's file made again from a listing of every save, under its lock (a write
    meanwhile waits, then finds the file); if it cannot be written, the games all the same."""
    try:
        with file.lock:
            games = file.read()
            return made(store, file) if games is None else games
    except (OSError, UnreadableFile):  # locked for too long, or a read-only folder
        return made(store, file, write=False)


def made(store: SaveStore, file: WaitingFile, write: bool = True) -> Games:
    listed = store.signed_summaries()
    games = {game.summary.id: (game.seats, listed[game.summary.id][0], game.summary)
             for game in my_games((summary for _, summary in listed.values()), store.data_dir, file.identity)}
    if write and len(games) <= MOST_GAMES:
        try:
            file.path.parent.mkdir(exist_ok=True)
            file.write(games)
        except OSError:
            pass  # a read-only folder: listed again next time
    return games

"""Saved games and table-assistant sheets: one small crash-safe TinyDB file each.

A save is game id + rules/data version + options + seed + seats + the action log (see
engine.core.match.Action.to_json), plus a status, a short progress text and timestamps.
Every write touches only that game's own file and lock, so its cost does not depend on how
many games are saved. Files that cannot be read, or are not Tabula's, are moved aside into
<data_dir>/set-aside/ (never deleted) with a message in ``SaveStore.problems``.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from datetime import UTC, datetime
from operator import attrgetter, itemgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.bots import BOTS
from engine.core.files import ComponentDataError
from engine.core.seats import LETTERS
from engine.core.text import Said, Say, said_of, said_to_json

from .concessions import (
    ChangeFormatError,
    DrawOffer,
    Ending,
    SeatChange,
    draw_offer_from,
    ending_from,
    seat_changes_from,
)
from .errors import SaveError
from .headers import header_of
from .index import SaveIndex
from .paths import Layout
from .seats import remove_stale_temps as remove_stale_seat_temps
from .settings import Settings, settings_document, settings_from
from .storage import (
    MAX_DOCUMENT,
    CannotWrite,
    DocumentFile,
    LockTimeout,
    Signature,
    UnreadableFile,
    Written,
    file_lock,
    fsync_dir,
    read_regular_file_signed,
    signature,
)

if TYPE_CHECKING:
    from engine.component_sets import SetCopy

    from .records import RecordStore
    from .talk import GameTalk

__all__ = [
    "LockTimeout", "SaveConflict", "SaveError", "SaveExists", "SaveFormatError", "SaveFromNewerTabula", "SaveNotFound",
    "SaveRecord", "SaveStore", "SaveSummary", "SaveUnreadable", "Seat", "record_from_dict", "record_to_dict",
]

FORMAT = 1
"""The save format this Tabula writes; it reads formats 1 to FORMAT."""
SAVE_KIND = "tabula-save"
STATUSES = ("active", "finished")
SAFE_ID = re.compile(r"[A-Za-z0-9_-]{1,80}")
SEAT_KINDS = ("human", *BOTS)
SEAT_KIND_SET = frozenset(SEAT_KINDS)
ONLY_TEXT = frozenset({str})
CHANCE = -1
"""The actor of a chance outcome in an action log (engine.core.contract.CHANCE)."""
MOST = {"title": 1000, "name": 200, "text": 1000, "choice": 1000, "options": 100, "actions": 100_000}
"""The longest texts and lists a save may hold: far beyond what play writes, small enough to show."""
SEEDS = range(-2**63, 2**64)
TEMP_KINDS = (".json.tmp", ".talk.tmp")
"""The endings of the temp files of writes in the games folder: a save's and its talk's."""


class SaveConflict(SaveError):
    """Another process changed the game first (the action log is not where we expected)."""


class SaveNotFound(SaveError, LookupError):
    """No save (or sheet) with that id."""


class SaveUnreadable(SaveError):
    """The file could not be read as a save; it has been set aside (or left, if newer)."""


class SaveExists(SaveError):
    """The game being imported is already saved here (``existing``)."""

    def __init__(self, message: Said, existing: SaveRecord):
        super().__init__(message)
        self.existing = existing


class SaveFormatError(SaveError, ValueError):
    """Data that is not a valid Tabula save (e.g. a foreign file or a bad import)."""


class InvalidChange(SaveFormatError):
    """A change that would leave a save this Tabula could not read back: refused, nothing written."""


class SaveFromNewerTabula(SaveFormatError):
    """A save in a format this version does not know: left alone, not set aside."""


@dataclass
class Seat:
    name: str
    kind: str
    """HUMAN, or a bot kind of engine.bots ("random", "greedy", "normal", "hard")."""


HUMAN = "human"
"""The kind of a seat a person plays."""


@dataclass
class SaveHeader:
    """What a save says about its game, apart from the action log."""

    id: str
    game: str
    title: str
    rules_version: str
    data_version: str
    options: dict[str, Any]
    seed: int
    seats: list[Seat]
    status: str = "active"
    progress: str = ""
    created: str = ""
    updated: str = ""
    seed_chosen: bool = False
    """A person chose the seed (for teaching or tests): whoever knows it can foresee every draw."""
    progress_said: Any = None
    """``progress`` as the rules said it (``said_to_json`` of a ``Say``), so that a list shows it in its
    reader's language; None in a save from before Tabula kept it (its English progress is shown)."""
    to_move: list[int] | None = None
    """The seats the game waits for since ``updated`` (written with each move, so a list knows
    whose move it is without replaying); None in a save from before Tabula noted it."""
    seat_changes: list[SeatChange] = field(default_factory=list)
    """Seats handed to a bot mid-game, in order (saves.concessions); none in a save from before."""
    ending: Ending | None = None
    """Why the game ended before its rules ended it (saves.concessions); None: it did not."""
    draw_offer: DrawOffer | None = None
    """A draw offered and not yet answered (saves.concessions), cleared by the next move."""


@dataclass
class SaveRecord(SaveHeader):
    component_set: SetCopy | None = None
    """The component set the game is played with, as it was when the game began; None: the
    built-in components (or the folder given by TABULA_COMPONENTS)."""
    actions: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class SaveSummary(SaveHeader):
    """What a list of games shows about one (the index keeps it): its header and how many
    actions its log holds."""

    moves: int = 0


def summary_of(record: SaveRecord) -> SaveSummary:
    header = {item.name: getattr(record, item.name) for item in fields(SaveHeader)}
    return SaveSummary(**{**header, "options": dict(record.options), "seats": list(record.seats),
                          "seat_changes": list(record.seat_changes)},
                       moves=len(record.actions))


def summary_from(save_id: Any, game: Any, title: Any, rules_version: Any, data_version: Any, options: Any,
                 seed: Any, seats: Any, status: Any, progress: Any, progress_said: Any, created: Any, updated: Any,
                 seed_chosen: Any, to_move: Any, moves: Any) -> SaveSummary:
    """The summary an entry of the index keeps (after the save's id, its fields in the order of
    saves.index.ROW, the seats flat: their names and kinds in turn), checked as fully as the save
    it sums up, its actions apart: SaveFormatError (a ValueError) if it is not one. Its values, a
    row just read, become the summary's own."""
    _check_typed((save_id, game, title, rules_version, data_version, options, seed, seats, status, progress, created,
                  updated))
    names, kinds = seats[::2], seats[1::2]
    _check_values(status, seed, options, len(kinds), seed_chosen, to_move, progress_said)
    if not (len(names) == len(kinds) and ONLY_TEXT.issuperset(map(type, seats)) and SEAT_KIND_SET.issuperset(kinds)
            and max(map(len, names)) <= MOST["name"] and type(moves) is int and 0 <= moves <= MOST["actions"]):
        raise SaveFormatError(Say("not a summary"))
    return SaveSummary(save_id, game, title, rules_version, data_version, options, seed,
                       list(map(Seat, names, kinds)), status, progress, created, updated, seed_chosen, progress_said,
                       to_move, moves=moves)  # by position: by keyword the call costs twice as much


def _signature_of(file: os.DirEntry[str]) -> Signature | None:
    """storage.signature of a directory entry (one stat, no path to build)."""
    try:
        info = file.stat()
    except FileNotFoundError:
        return None
    return info.st_ino, info.st_mtime_ns, info.st_size


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def new_id() -> str:
    import secrets  # with hashlib and random: a listing makes no id

    return secrets.token_hex(4)


# -- records as plain JSON ---------------------------------------------------------------


def record_to_dict(record: SaveRecord) -> dict[str, Any]:
    document = {"format": FORMAT, "kind": SAVE_KIND, **asdict(record)}
    del document["component_set"]
    if record.component_set is not None:
        document["component_set"] = record.component_set.to_json()
        document["actions"] = document.pop("actions")  # the log stays last (saves.headers)
    return document


def record_from_dict(data: Any) -> SaveRecord:
    """Validate plain JSON data as a save, fully (types, bounds, seat kinds, every action's
    actor); SaveFormatError names the first problem found."""
    _check_format(data)
    header = _header_fields(data)
    actions = data["actions"]
    if not isinstance(actions, list):
        raise SaveFormatError(Say("field 'actions' is missing or not a list"))
    if len(actions) > MOST["actions"]:
        raise SaveFormatError(Say("it has {n:,} actions", n=len(actions)))
    seats = len(header["seats"])
    for index, action in enumerate(actions):
        _check_action(index, action, seats)
    if header["ending"] is not None and header["ending"].at != len(actions):
        raise SaveFormatError(Say("it ended after {at} actions, and it has {n}", at=header["ending"].at,
                                  n=len(actions)))
    return SaveRecord(**header, component_set=_set_copy(data, header["game"]), actions=list(actions))


def _set_copy(data: dict[str, Any], game: str) -> SetCopy | None:
    if data.get("component_set") is None:
        return None
    from engine.component_sets import set_copy_from  # a list of saves reads their headers alone

    try:
        return set_copy_from(data["component_set"], game)
    except ComponentDataError as error:
        raise SaveFormatError(Say("its component set: {error}", error=str(error))) from None


HEADER_TYPES: dict[str, type] = {
    "id": str, "game": str, "title": str, "rules_version": str, "data_version": str,
    "options": dict, "seed": int, "seats": list, "status": str, "progress": str, "created": str, "updated": str,
}
HEADER_CHECKS = tuple((key, kind, MOST["title" if key == "title" else "text"] if kind is str else None)
                      for key, kind in HEADER_TYPES.items())
"""Each field of the header, its type and, for a text, its longest length."""
HEADER_KINDS = tuple(HEADER_TYPES.values())
TEXTS_OF = itemgetter(*(at for at, (_, _, longest) in enumerate(HEADER_CHECKS) if longest is not None))
"""The texts among the values of HEADER_TYPES."""
SHORTEST_LIMIT = min(longest for _, _, longest in HEADER_CHECKS if longest is not None)


def _check_format(data: Any) -> None:
    """That ``data`` says it is a save in a format this Tabula reads."""
    if not isinstance(data, dict) or data.get("kind") != SAVE_KIND:
        raise SaveFormatError(Say("it is not a Tabula save"))
    version = data.get("format")
    if type(version) is not int or version < 1:
        raise SaveFormatError(Say("unknown save format {format}", format=repr(version)[:40]))
    if version > FORMAT:
        raise SaveFromNewerTabula(Say("it was written by a newer Tabula (save format {format})", format=version))


def _header_fields(data: dict[str, Any]) -> dict[str, Any]:
    """The fields of a save's header (everything but its action log and format), validated as
    fully as the save itself; SaveFormatError names the first problem found."""
    values = tuple(map(data.get, HEADER_TYPES))
    _check_typed(values)
    seed_chosen, to_move, progress_said = data.get("seed_chosen", False), data.get("to_move"), data.get("progress_said")
    _check_values(data["status"], data["seed"], data["options"], len(data["seats"]), seed_chosen, to_move,
                  progress_said)
    fields = dict(zip(HEADER_TYPES, values))
    seats = [_seat_from(seat) for seat in data["seats"]]
    changes, ending, offer = data.get("seat_changes", []), data.get("ending"), data.get("draw_offer")
    if changes != [] or ending is not None or offer is not None:  # most saves have none: no more work
        try:
            changes = seat_changes_from(changes, [seat.kind for seat in seats])
            ending = ending_from(ending)
            offer = draw_offer_from(offer, len(seats))
        except ChangeFormatError as error:
            raise SaveFormatError(said_of(error)) from None
        if ending is not None and data["status"] != "finished":
            raise SaveFormatError(Say("it says it ended, and it is not finished"))
    fields.update(options=dict(data["options"]), seats=seats, seed_chosen=seed_chosen, progress_said=progress_said,
                  to_move=None if to_move is None else list(to_move), seat_changes=changes, ending=ending,
                  draw_offer=offer)
    return fields


def _check_typed(values: tuple[Any, ...]) -> None:
    """That the values of the fields of HEADER_TYPES, in that order, are of their types and the
    texts within their lengths; SaveFormatError names the first that is not."""
    if tuple(map(type, values)) == HEADER_KINDS and max(map(len, TEXTS_OF(values))) <= SHORTEST_LIMIT:
        return  # the fields as JSON gives them pass at once; else say why
    for at, (key, kind, longest) in enumerate(HEADER_CHECKS):
        if type(values[at]) is not kind and (not isinstance(values[at], kind) or isinstance(values[at], bool)):
            raise SaveFormatError(Say("field {field} is missing or not a {kind}", field=repr(key), kind=kind.__name__))
        if longest is not None and len(values[at]) > longest:
            raise SaveFormatError(Say("field {field} is too long ({n:,} characters)", field=repr(key),
                                      n=len(values[at])))


def _check_values(status: str, seed: int, options: dict[str, Any], seats: int, seed_chosen: Any, to_move: Any,
                  progress_said: Any) -> None:
    """That a header's values (its typed ones checked) are within what a save may say: ``seats``
    is how many seats it has."""
    if status not in STATUSES:
        raise SaveFormatError(Say("unknown status {status}", status=repr(status)))
    if seed not in SEEDS:
        raise SaveFormatError(Say("the seed {seed} is out of range", seed=str(seed)))
    _check_options(options)
    if not 1 <= seats <= len(LETTERS):
        raise SaveFormatError(Say("it has {n} seats (1 to {most} are possible)", n=seats, most=len(LETTERS)))
    if type(seed_chosen) is not bool:
        raise SaveFormatError(Say("field 'seed_chosen' is not true or false"))
    if to_move is not None and not (type(to_move) is list
                                    and all(type(seat) is int and 0 <= seat < seats for seat in to_move)):
        raise SaveFormatError(Say("field 'to_move' is not a list of the game's seats"))
    if progress_said is not None and not _is_said(progress_said):
        raise SaveFormatError(Say("field 'progress_said' is not a sentence as the rules say it"))


SAID_KEYS = frozenset({"say", "args", "plural"})


def _is_said(data: Any, depth: int = 0) -> bool:
    """Whether ``data`` is a ``Say`` as ``said_to_json`` keeps it: its template, a plural's, and
    arguments of plain values or sentences, within the header's lengths."""
    if type(data) is str:
        return len(data) <= MOST["text"]
    if not (type(data) is dict and type(data.get("say")) is str and type(data.get("args")) is dict
            and data.keys() <= SAID_KEYS and depth < 8 and len(data["say"]) <= MOST["text"]
            and type(data.get("plural", "")) is str and len(data["args"]) <= MOST["options"]):
        return False
    return not data["args"] or all(type(key) is str and len(key) <= MOST["name"] and _is_argument(value, depth + 1)
                                   for key, value in data["args"].items())


def _is_argument(value: Any, depth: int) -> bool:
    """A plain value, a sentence, or a short list of them."""
    if type(value) is list:
        return len(value) <= MOST["options"] and all(_is_argument(item, depth + 1) for item in value)
    return value is None or type(value) in (int, bool, float) or _is_said(value, depth)


def _check_options(options: dict[str, Any]) -> None:
    if len(options) > MOST["options"]:
        raise SaveFormatError(Say("it has {n} options", n=len(options)))
    for key, value in options.items():
        if len(key) > MOST["name"] or not (value is None or type(value) in (str, int, bool, float)):
            raise SaveFormatError(Say("option {option} is not a name with a plain value", option=repr(key[:40])))
        if (isinstance(value, str) and len(value) > MOST["name"]) or (type(value) is int and value not in SEEDS):
            raise SaveFormatError(Say("option {option} has a value out of range", option=repr(key[:40])))


def _seat_from(data: Any) -> Seat:
    if type(data) is dict and len(data) == 2 and data.get("kind") in SEAT_KINDS and type(data.get("name")) is str \
            and len(data["name"]) <= MOST["name"]:
        return Seat(data["name"], data["kind"])  # the usual seat, as JSON gives it; else say what is wrong
    if not isinstance(data, dict) or not isinstance(data.get("name"), str) or not isinstance(data.get("kind"), str):
        raise SaveFormatError(Say("bad seat {seat}", seat=str(data)[:80]))
    if len(data["name"]) > MOST["name"]:
        raise SaveFormatError(Say("a seat's name is too long ({n:,} characters)", n=len(data["name"])))
    if data["kind"] not in SEAT_KINDS:
        raise SaveFormatError(Say("seat {seat} is of an unknown kind {kind} (one of {kinds})",
                                  seat=repr(data["name"][:40]), kind=repr(data["kind"][:40]),
                                  kinds=", ".join(SEAT_KINDS)))
    return Seat(data["name"], data["kind"])


def _check_action(index: int, action: Any, seats: int) -> None:
    """An action of the log: {"a": actor, "c": choice id} and the flags "d" (drawn), "r"
    (reveals), "h" (a turn end waiting for its confirmation) and "f" (forced: the only choice,
    taken at once)."""
    if not (isinstance(action, dict) and type(action.get("a")) is int and isinstance(action.get("c"), str)
            and (len(action) == 2 or _flags_are_bools(action))):
        raise SaveFormatError(Say("action {index} is not an action: {action}", index=index, action=str(action)[:80]))
    if not (action["a"] == CHANCE or 0 <= action["a"] < seats):
        raise SaveFormatError(Say("action {index} is by player {actor}, and the game has {seats} seats", index=index,
                                  actor=action["a"], seats=seats))
    if len(action["c"]) > MOST["choice"]:
        raise SaveFormatError(Say("action {index} has a choice id of {n:,} characters", index=index,
                                  n=len(action["c"])))


ACTION_FLAGS = frozenset("drhf")


def _flags_are_bools(action: dict[str, Any]) -> bool:
    """Every key of ``action`` but "a" and "c" is a flag, and true or false (checked for each of
    the thousands of actions of a save it reads or writes: most have no flag)."""
    flags = action.keys() - {"a", "c"}
    return flags <= ACTION_FLAGS and all(type(action[flag]) is bool for flag in flags)


def _check_base(document: dict[str, Any], base: list[dict[str, Any]] | None) -> None:
    if base is not None and document["actions"] != base:
        raise SaveConflict(Say("the game changed elsewhere: its moves are not those this terminal holds"))


def _moved(document: dict[str, Any], progress: str, progress_said: Any, status: str,
           to_move: list[int] | None) -> None:
    """Note a change of the action log in the save's header, keeping the log last (where
    saves.headers finds it) even in a save from before ``to_move``. A move ends a draw offer."""
    document.update(progress=progress, progress_said=progress_said, status=status, updated=now_iso(),
                    to_move=to_move)
    document.pop("draw_offer", None)
    document["actions"] = document.pop("actions")


def _game_key(record: SaveRecord | SaveSummary) -> tuple[object, ...]:
    """What tells one game from another: not its seats' kinds, which change when a bot takes a
    seat over (saves.concessions)."""
    return (record.game, record.seed, record.created, [seat.name for seat in record.seats], record.options)


def _exists_message(record: SaveRecord, saved: SaveRecord) -> Say:
    held, brought = len(saved.actions), len(record.actions)
    if saved.actions == record.actions:
        moves = Say("with the same {held} actions", held=held)
    elif saved.actions[:brought] == record.actions:
        moves = Say("further on: {held} actions here, {brought} in the file", held=held, brought=brought)
    elif record.actions[:held] == saved.actions:
        moves = Say("not as far: {held} actions here, {brought} in the file", held=held, brought=brought)
    else:
        moves = Say("played differently since: {held} actions here, {brought} in the file", held=held, brought=brought)
    return Say("this game is already saved here as {id} ({title}, {moves:said}); nothing was imported. To keep a "
               "second copy of it, import it again with --as-copy", id=saved.id, title=repr(saved.title),
               moves=said_to_json(moves))


# -- the store ---------------------------------------------------------------------------


class SaveStore:
    def __init__(self, data_dir: Path | str):
        self.data_dir = Path(data_dir)
        self.layout = Layout(self.data_dir)
        try:
            self.layout.create()
        except OSError as error:
            raise CannotWrite(Say("The data folder {folder} cannot be used: {error} ({file})",
                                  folder=str(self.data_dir), error=error.strerror or str(error),
                                  file=str(error.filename))) from error
        self.problems: list[Said] = []
        self._listing = threading.Lock()
        """One listing at a time: a file another thread is setting aside is noted before this one looks."""
        self._records: RecordStore | None = None
        self.index = SaveIndex(self.data_dir / "index.json", self.layout.locks / "index.lock")
        self._indexed: dict[str, tuple[Signature, SaveSummary]] | None = None
        """The index as this store last listed it: checked against the files like the one on disk."""

    @property
    def records(self) -> RecordStore:
        """The play records kept in this data folder (saves.records.RecordStore)."""
        if self._records is None:
            from .records import RecordStore

            self._records = RecordStore(self.layout)
        return self._records

    # -- files ----------------------------------------------------------------------------

    def path_of(self, save_id: str) -> Path:
        return self.layout.games / f"{save_id}.json"

    def _game_file(self, save_id: str) -> DocumentFile:
        if not SAFE_ID.fullmatch(save_id):
            raise SaveNotFound(Say("no saved game {id}", id=repr(save_id)))
        return DocumentFile(self.path_of(save_id), self.layout.locks / f"game-{save_id}.lock", "save")

    def _sheet_file(self, sheet_id: str) -> DocumentFile:
        if not SAFE_ID.fullmatch(sheet_id):
            raise ValueError(f"a sheet id is 1-80 letters, digits, '-' or '_', not {sheet_id!r}")
        return DocumentFile(self.layout.sheets / f"{sheet_id}.json", self.layout.locks / f"sheet-{sheet_id}.lock",
                            "sheet")

    def _note(self, message: Said) -> None:
        if message not in self.problems:
            self.problems.append(message)

    def _move_out(self, file: DocumentFile, folder: Path) -> Path | None:
        """Move a file into ``folder`` under a timestamped name (never deleting anything);
        None if it is already gone."""
        with file.holding_lock():
            return move_into(file.path, folder)

    def _set_aside(self, file: DocumentFile, reason: Said) -> Said:
        """Move an unreadable file out of the way (or, if it cannot be moved, leave it and say
        so); returns the message (also in problems)."""
        message = set_aside(file, self.layout.set_aside, reason)
        if message is None:  # already gone (another process moved it)
            return Say("{file} could not be used: {reason:said}.", file=file.path.name, reason=said_to_json(reason))
        self._note(message)
        return message

    def _set_aside_foreign(self, path: Path, reason: Said) -> None:
        """A file in a folder of ours whose name no Tabula file has: moved aside, or reported."""
        message = set_aside(path, self.layout.set_aside, reason)
        if message is not None:
            self._note(message)

    def _read_record(self, save_id: str) -> SaveRecord:
        return self._read_signed(save_id)[0]

    def _read_signed(self, save_id: str) -> tuple[SaveRecord, Signature]:
        """The save and the signature of the file it was read from."""
        file = self._game_file(save_id)
        try:
            read = file.read_signed()
            if read is None:
                raise SaveNotFound(Say("no saved game {id}", id=repr(save_id)))
            document, signed = read
            record = record_from_dict(document)
        except SaveFromNewerTabula as error:
            message = Say("{file} was left in place: {error:said}.", file=file.path.name,
                          error=said_to_json(said_of(error)))
            self._note(message)
            raise SaveUnreadable(message) from error
        except (SaveFormatError, UnreadableFile) as error:
            raise SaveUnreadable(self._set_aside(file, said_of(error))) from error
        record.id = save_id  # the file name is the id, even for a copied file
        return record, signed

    def _summary_signed(self, save_id: str) -> tuple[Signature, SaveSummary]:
        """The save's summary from its header alone (saves.headers), and the signature of the
        file it was read from; a file whose header is not as Tabula writes it is read in full
        (and set aside if it cannot be used)."""
        summed = self._header_summary(save_id)
        if summed is not None:
            return summed
        record, signed = self._read_signed(save_id)
        return signed, summary_of(record)

    def _header_summary(self, save_id: str) -> tuple[Signature, SaveSummary] | None:
        """The save's summary from its header alone, and the signature of the file it was read
        from; None if there is no file, or its header is not as Tabula writes it."""
        try:
            read = read_regular_file_signed(self.path_of(save_id), MAX_DOCUMENT)
            header = header_of(read[0]) if read is not None else None
            if read is not None and header is not None:
                document, moves = header
                _check_format(document)
                return read[1], SaveSummary(**{**_header_fields(document), "id": save_id}, moves=moves)
        except (SaveFormatError, UnreadableFile):
            pass
        return None

    def note_owners(self, save_id: str, keys: Iterable[str]) -> None:
        """Seats of the game changed owners (``keys``, saves/seats.py): under the save's lock, so
        that no write of it falls in between, their waiting files get the game (saves/waiting.py)."""
        from .waiting import note_owners

        file = self._game_file(save_id)
        with file.holding_lock():
            summed = self._header_summary(save_id)
            if summed is None:  # a save not laid out as Tabula writes them: read whole, never set aside here
                try:
                    read = file.read_signed()
                    if read is not None:
                        summed = read[1], summary_of(replace(record_from_dict(read[0]), id=save_id))
                except (SaveFormatError, UnreadableFile):
                    pass
            note_owners(self.data_dir, save_id, keys, summed)

    def _change(self, save_id: str, change: Callable[[dict[str, Any]], None]) -> Written:
        """Read-check-modify-write one save under its lock; nothing is written if it raises."""

        def checked(document: dict[str, Any]) -> None:
            record_from_dict(document)
            change(document)
            try:
                record_from_dict(document)
            except SaveFormatError as error:  # the change is at fault, not the file
                raise InvalidChange(Say("not saved: the game would not be a valid save ({error:said})",
                                                  error=said_to_json(said_of(error)))) from None

        file = self._game_file(save_id)
        try:
            file.update(checked, lambda document, written: self._note_written(save_id, written, document))
        except FileNotFoundError:
            raise SaveNotFound(Say("no saved game {id}", id=repr(save_id))) from None
        except InvalidChange:
            raise
        except (SaveFormatError, UnreadableFile) as error:
            self._read_record(save_id)  # sets the file aside (or notes a newer one) and raises
            raise SaveUnreadable(said_of(error)) from error
        assert file.written is not None  # update sets it
        return file.written

    def _note_written(self, save_id: str, written: Written, document: dict[str, Any]) -> None:
        """Under the save's lock, hand the summary of the save just written to the index (its
        change log: the next listing, in any process, need not read the file again) and to the
        waiting files of its players (saves/waiting.py)."""
        from .waiting import note_write

        signed = written.after
        summary = SaveSummary(**{**_header_fields(document), "id": save_id}, moves=len(document["actions"]))
        if signed is not None:
            self.index.note(save_id, signed, summary)
        note_write(self.data_dir, save_id, signed, summary)

    # -- games ------------------------------------------------------------------------------

    def create(self, game: str, title: str, seats: list[Seat], options: Mapping[str, Any], seed: int,
               rules_version: str, data_version: str, *, actions: Iterable[dict[str, Any]] = (),
               progress: str = "", progress_said: Any = None, status: str = "active", seed_chosen: bool = False,
               to_move: list[int] | None = None, component_set: SetCopy | None = None) -> SaveRecord:
        stamp = now_iso()
        record = SaveRecord(new_id(), game, title, str(rules_version), str(data_version), dict(options), int(seed),
                            [Seat(s.name, s.kind) for s in seats], status, progress, stamp, stamp,
                            seed_chosen=seed_chosen, progress_said=progress_said, to_move=to_move,
                            component_set=component_set,
                            actions=list(actions))
        return self._write_new(record)

    def _write_new(self, record: SaveRecord) -> SaveRecord:
        record_from_dict(record_to_dict(record))  # never write what we could not read back
        while True:
            file, document = self._game_file(record.id), record_to_dict(record)
            try:
                file.create(document, lambda document, written: self._note_written(record.id, written, document))
            except FileExistsError:
                record.id = new_id()
                continue
            return record

    def append(self, save_id: str, actions: list[dict[str, Any]], *, at: int, progress: str, status: str,
               progress_said: Any = None, confirmed: bool = False, base: list[dict[str, Any]] | None = None,
               to_move: list[int] | None = None) -> Written:
        """Write ``actions`` at index ``at``; SaveConflict unless the save has exactly ``at``
        actions (and, when ``confirmed``, its last one waits for the confirmation given now).
        ``base``: the actions the writer holds; SaveConflict unless the save's are exactly those
        (another terminal may have confirmed, or undone and moved again, keeping the count).
        ``to_move``: the seats the game waits for now (None: not known)."""
        if status not in STATUSES:
            raise ValueError(f"unknown status {status!r}")

        def change(document: dict[str, Any]) -> None:
            held = len(document["actions"])
            if held != at:
                raise SaveConflict(Say("the game changed elsewhere: it has {held} actions, not {at}", held=held, at=at))
            _check_base(document, base)
            if confirmed:
                if not (held and document["actions"][-1].get("h")):
                    raise SaveConflict(Say("the game changed elsewhere: no turn end waits for confirmation"))
                del document["actions"][-1]["h"]
            document["actions"].extend(actions)
            _moved(document, progress, progress_said, status=status, to_move=to_move)

        return self._change(save_id, change)

    def truncate(self, save_id: str, length: int, *, progress: str, progress_said: Any = None, at: int | None = None,
                 base: list[dict[str, Any]] | None = None, to_move: list[int] | None = None) -> Written:
        """Keep the first ``length`` actions (undo). With ``at``, SaveConflict unless it has ``at``;
        with ``base``, unless its actions are exactly those. ``to_move`` as for ``append``."""

        def change(document: dict[str, Any]) -> None:
            held = len(document["actions"])
            if (at is not None and held != at) or not 0 <= length <= held:
                raise SaveConflict(Say("the game changed elsewhere: it has {held} actions", held=held))
            _check_base(document, base)
            del document["actions"][length:]
            _moved(document, progress, progress_said, status="active", to_move=to_move)

        return self._change(save_id, change)

    def change_seat(self, save_id: str, change: SeatChange | None, ending: Ending | None, *, progress: str,
                    base: list[dict[str, Any]], progress_said: Any = None) -> Written:
        """Hand a seat to a bot (``change``: the seat's kind becomes its bot's) and/or end the game
        (``ending``: it is finished from now on, waiting for nobody); either ends a draw offer.
        SaveConflict unless the save's actions are exactly ``base`` (the game as the writer saw it)."""

        def changed(document: dict[str, Any]) -> None:
            _check_base(document, base)
            if document.get("ending") is not None:
                raise SaveConflict(Say("the game changed elsewhere: it has ended"))
            if change is not None:
                seat = document["seats"][change.seat]
                if seat.get("kind") != "human":
                    raise SaveConflict(Say("the game changed elsewhere: that seat is no longer a human's"))
                seat["kind"] = change.kind
                document["seat_changes"] = [*document.get("seat_changes", []), asdict(change)]
            if ending is not None:
                document.update(ending=asdict(ending), status="finished")
            _moved(document, progress, progress_said, status=document["status"],
                   to_move=[] if ending is not None else document.get("to_move"))

        return self._change(save_id, changed)

    def offer_draw(self, save_id: str, offer: DrawOffer | None, *, base: list[dict[str, Any]]) -> Written:
        """Make (or, None, withdraw or decline) the game's draw offer; SaveConflict unless the save's
        actions are exactly ``base``, or if the game has ended."""

        def offered(document: dict[str, Any]) -> None:
            _check_base(document, base)
            if document.get("ending") is not None:
                raise SaveConflict(Say("the game changed elsewhere: it has ended"))
            document.pop("draw_offer", None)
            if offer is not None:
                document["draw_offer"] = asdict(offer)
            document["actions"] = document.pop("actions")  # last, where saves.headers finds it

        return self._change(save_id, offered)

    def load(self, save_id: str) -> SaveRecord:
        return self._read_record(save_id)

    def saved_ids(self) -> list[str]:
        """The id of every game file (readable or not), in no particular order."""
        return list(self._game_entries())

    def _game_entries(self, temps: list[Path] | None = None) -> dict[str, os.DirEntry[str]]:
        """The game files by id; a *.json file whose name is not an id is set aside. ``temps``
        gets the temp files of writes (``.*.json.tmp``, and ``.*.talk.tmp`` of a game's talk)
        found on the way."""
        found = {}
        with os.scandir(self.layout.games) as entries:
            for entry in entries:
                if entry.name.startswith("."):
                    if temps is not None and entry.name.endswith(TEMP_KINDS):
                        temps.append(Path(entry.path))
                    continue
                if not entry.name.endswith(".json"):
                    continue
                if SAFE_ID.fullmatch(entry.name[:-5]):
                    found[entry.name[:-5]] = entry
                else:
                    self._set_aside_foreign(Path(entry.path), Say("its name is not one Tabula gives its files"))
        return found

    def summaries(self) -> list[SaveSummary]:
        """A summary of every readable save, most recently played first, without reading the
        games that have not changed since the last listing or write (saves.index); a new or
        changed file is summed up from its header, or read in full, and set aside (or, if it
        cannot be moved, skipped) and noted if it cannot be used. Temp files of interrupted
        writes are removed."""
        with self._listing:
            return self._summaries()

    def _summaries(self) -> list[SaveSummary]:
        temps: list[Path] = []
        files = self._game_entries(temps)
        self._remove_stale_temps(self.layout.games, "game", temps)
        remove_stale_seat_temps(self.data_dir)
        known = self._indexed if self._indexed is not None else self.index.read(summary_from)
        noted = self.index.read_changes(summary_from)
        current: dict[str, tuple[Signature, SaveSummary]] = {}
        read = 0
        for save_id, file in files.items():
            signed = _signature_of(file)
            entry = known.get(save_id)
            if entry is None or entry[0] != signed:  # not as the index knew it: as a write noted it since?
                entry = next((later for later in noted.get(save_id, ()) if later[0] == signed), None)
            if entry is not None:
                current[save_id] = entry
                continue
            read += 1
            try:
                current[save_id] = self._summary_signed(save_id)
            except (SaveUnreadable, SaveNotFound):
                continue
            except (SaveError, OSError) as error:  # e.g. a lock that cannot be taken: report, go on
                self._note(Say("{file} was skipped: {error:said}", file=save_id + ".json",
                               error=said_to_json(said_of(error))))
                continue
        if (read or noted or len(current) != len(known)) and self.index.write(current):
            self.index.forget_changes()
        self._indexed = current
        found = [summary for _, summary in current.values()]
        found.sort(key=attrgetter("id"), reverse=True)  # by time, then id: two stable sorts of texts cost
        found.sort(key=attrgetter("updated"), reverse=True)  # less than one of (time, id) pairs
        return found

    def signed_summaries(self) -> dict[str, tuple[Signature, SaveSummary]]:
        """Each readable save's summary, and the signature of the file it sums up, by id (a listing
        as ``summaries`` makes)."""
        with self._listing:
            self._summaries()
            return dict(self._indexed or {})

    def saved_games(self) -> Iterator[SaveRecord]:
        """Every readable save in full, one at a time, most recently played first."""
        for summary in self.summaries():
            try:
                yield self.load(summary.id)
            except (SaveUnreadable, SaveNotFound):
                continue

    def folder_stamp(self) -> Signature | None:
        """Changes whenever a game file is written, added or removed (the folder's signature)."""
        return signature(self.layout.games)

    def _listed(self, folder: Path) -> list[Path]:
        """The *.json files of ``folder`` whose names are ids; others are set aside."""
        listed = []
        for path in sorted(folder.glob("*.json")):
            if path.name.startswith("."):
                continue
            if SAFE_ID.fullmatch(path.stem):
                listed.append(path)
            else:
                self._set_aside_foreign(path, Say("its name is not one Tabula gives its files"))
        return listed

    def _remove_stale_temps(self, folder: Path, kind: str, temps: Iterable[Path] | None = None) -> None:
        """Remove the temp file of a write that was interrupted (a killed process): one whose
        file's lock nobody holds. A temp being written is left alone. ``temps``: the folder's
        temp files, if already found."""
        for temp in folder.glob(".*.json.tmp") if temps is None else temps:
            name = temp.name[1:]
            ending = next((ending for ending in TEMP_KINDS if name.endswith(ending)), "")
            file_id = name[:-len(ending)] if ending else ""
            if not SAFE_ID.fullmatch(file_id):
                continue
            owner = "talk" if ending == ".talk.tmp" else kind  # a game's talk beside its save (saves/talk.py)
            try:
                with file_lock(self.layout.locks / f"{owner}-{file_id}.lock", timeout=0):
                    temp.unlink(missing_ok=True)
            except OSError:
                continue  # a writer is at work, or the folder is read-only: nothing to do now

    def rename(self, save_id: str, title: str) -> None:
        self._change(save_id, lambda document: document.update(title=str(title)))

    def delete(self, save_id: str) -> None:
        """Move the save, its table talk and its review to <data_dir>/trash/ (recoverable by hand)."""
        from .reviews import move_review_to_trash
        from .waiting import note_write

        file = self._game_file(save_id)
        with file.holding_lock():
            if move_into(file.path, self.layout.trash) is None:
                raise SaveNotFound(Say("no saved game {id}", id=repr(save_id)))
            note_write(self.data_dir, save_id, None, None)
        self._move_out(self.talk(save_id).file, self.layout.trash)
        move_review_to_trash(self.data_dir, save_id)

    def talk(self, save_id: str) -> GameTalk:
        """The table talk of a game (saves.talk)."""
        from .talk import GameTalk

        self._game_file(save_id)  # SaveNotFound for an id no save could have
        return GameTalk(self.data_dir, save_id)

    def export(self, save_id: str) -> dict[str, Any]:
        """The save as JSON data, with its table talk ("talk": the messages, oldest first)."""
        exported = record_to_dict(self.load(save_id))
        talk = self.talk(save_id)
        exported["talk"] = [asdict(message) for message in talk.messages()]
        if talk.problem:
            self._note(talk.problem)
        return exported

    def import_(self, data: dict[str, Any], *, as_copy: bool = False) -> SaveRecord:
        """Validate exported data and store it (a new id if that id is taken or unusable), with
        its table talk if it has one (a talk that is not one is noted in ``problems`` and left out).

        A game already saved here (the same game, seed, seats, options and start: see
        ``copies_of``) raises SaveExists, unless ``as_copy``: then it is stored as a further
        game titled "... (copy)", "... (copy 2)", so the list tells the copies apart. It starts
        without a kept review (saves.reviews)."""
        from .reviews import move_review_to_trash

        record = record_from_dict(data)
        saved = self.copies_of(record)
        if saved and not as_copy:
            raise SaveExists(_exists_message(record, saved[0]), saved[0])
        if saved:
            record.title = f"{record.title} (copy{'' if len(saved) == 1 else f' {len(saved)}'})"
            record.id = new_id()
        if not SAFE_ID.fullmatch(record.id) or self.path_of(record.id).exists():
            record.id = new_id()
        written = self._write_new(record)
        move_review_to_trash(self.data_dir, written.id)  # one left at a free id is no review of this game
        if "talk" in data:
            try:
                self.talk(written.id).restore(data["talk"])
            except UnreadableFile as error:
                self._note(Say("The table talk of {title} was not imported: {error:said}.", title=repr(written.title),
                                error=said_to_json(said_of(error))))
        return written

    def copies_of(self, record: SaveRecord) -> list[SaveRecord]:
        """The saves of the same game as ``record``, the one with its id first: same game,
        seed, players, options and creation time (whatever their ids, titles, moves or seats
        handed to bots since)."""
        key = _game_key(record)
        same = [self.load(saved.id) for saved in self.summaries() if _game_key(saved) == key]
        same.sort(key=lambda saved: saved.id != record.id)
        return same

    # -- the player's settings ---------------------------------------------------------------

    def _settings_file(self) -> DocumentFile:
        return DocumentFile(self.data_dir / "settings.json", self.layout.locks / "settings.lock", "settings")

    def settings(self) -> Settings:
        """The settings saved in this data folder (the defaults if none, or if the file is
        unreadable: it is set aside)."""
        file = self._settings_file()
        try:
            return settings_from(file.read())
        except UnreadableFile as error:
            self._set_aside(file, said_of(error))
            return Settings()

    def put_settings(self, settings: Settings) -> None:
        self._settings_file().put(settings_document(settings))

    # -- table-assistant sheets ---------------------------------------------------------------

    def put_sheet(self, sheet_id: str, data: dict[str, Any], progress: Said | None = None) -> None:
        """Write a sheet; ``progress`` (a short sentence) is kept beside it so a list of sheets
        needs no computation."""
        file = self._sheet_file(sheet_id)
        try:
            self._read_sheet(file)
        except SaveUnreadable:
            pass  # the old file was set aside (not overwritten); the new one replaces it
        document = {"format": FORMAT, "id": sheet_id, "updated": now_iso(), "data": data}
        if progress is not None:
            document["progress"] = said_to_json(progress)
        file.put(document)

    def get_sheet(self, sheet_id: str) -> dict[str, Any]:
        document = self._read_sheet(self._sheet_file(sheet_id))
        if document is None:
            raise SaveNotFound(Say("no sheet {id}", id=repr(sheet_id)))
        data: dict[str, Any] = document["data"]  # a dict: _read_sheet checked it
        return data

    def sheets(self, check: Callable[[dict[str, Any]], object] | None = None) -> list[dict[str, Any]]:
        """Each readable sheet's data plus its "id", "updated" and (if saved with one) "progress",
        most recently updated first. ``check(data)`` raises (ValueError, KeyError, TypeError)
        for data its caller cannot use: such a sheet is set aside like an unreadable file."""
        self._remove_stale_temps(self.layout.sheets, "sheet")
        found = []
        for path in self._listed(self.layout.sheets):
            file = self._sheet_file(path.stem)
            try:
                document = self._read_sheet(file)
                if document is not None and check is not None:
                    try:
                        check(document["data"])
                    except (ValueError, KeyError, TypeError, IndexError, RecursionError) as error:
                        raise SaveUnreadable(self._set_aside(file, Say(
                            "it is not a sheet this Tabula can open ({error})", error=str(error)))) from error
            except SaveUnreadable:
                continue
            except (SaveError, OSError) as error:
                self._note(Say("{file} was skipped: {error:said}", file=path.name, error=said_to_json(said_of(error))))
                continue
            if document is not None:
                found.append({**document["data"], "id": document["id"], "updated": document["updated"],
                              **({"progress": progress} if isinstance(progress := document.get("progress"), dict)
                                 and _is_said(progress) else {})})
        found.sort(key=lambda sheet: (sheet["updated"], sheet["id"]), reverse=True)
        return found

    def _read_sheet(self, file: DocumentFile) -> dict[str, Any] | None:
        try:
            document = file.read()
        except UnreadableFile as error:
            raise SaveUnreadable(self._set_aside(file, said_of(error))) from error
        if document is not None and not (isinstance(document.get("data"), dict) and isinstance(document.get("id"), str)
                                         and isinstance(document.get("updated"), str)):
            raise SaveUnreadable(self._set_aside(file, Say("it is not a Tabula sheet")))
        return document


def set_aside(file: DocumentFile | Path, folder: Path, reason: Said) -> Say | None:
    """Move a file that cannot be used into ``folder`` (the data folder's set-aside/) under a
    timestamped name, never deleting it (under its lock, for one of our documents); the message
    that says so, or why it could not be moved (it is then left where it is, and skipped). None
    if the file is already gone."""
    path = file.path if isinstance(file, DocumentFile) else file
    try:
        if isinstance(file, DocumentFile):
            with file.holding_lock():
                target = move_into(path, folder)
        else:
            target = move_into(path, folder)
    except (OSError, SaveError) as error:
        why = error.strerror if isinstance(error, OSError) and error.strerror else said_of(error)
        return Say("{file} could not be used: {reason:said}. It could not be moved aside ({why:said}), so it was "
                   "skipped.", file=path.name, reason=said_to_json(reason), why=said_to_json(why))
    if target is None:
        return None
    return Say("{file} could not be used: {reason:said}. It was moved to {target}.", file=path.name,
               reason=said_to_json(reason), target=str(target))


def move_into(path: Path, folder: Path) -> Path | None:
    """Move ``path`` into ``folder`` under a timestamped name; None if it is already gone."""
    if not os.path.lexists(path):
        return None
    target = folder / f"{path.name}.{datetime.now().strftime('%Y%m%dT%H%M%S%f')}"
    os.replace(path, target)
    fsync_dir(path.parent)
    fsync_dir(folder)
    return target

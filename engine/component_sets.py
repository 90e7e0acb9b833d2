"""Component sets: a player's own corrections of the built-in components, kept in the data folder.

A set lives in ``<data>/components/<set id>/``: a manifest, ``set.json``
(``{"kind": "tabula-component-set", "format": 1, "name": "My box", "games": {"almadi":
["landscapes"]}}``), and per game and data file it changes a file of the built-in file's form,
``almadi/landscapes.json`` (``{"records": [...]}``), listing only the records it replaces or adds
(merged by id: engine.core.components.merged). A set cannot remove a record: every kind of
component has the count its rules state. Whatever a set does not change is the built-in set's.

A set travels as one file (``export_document``): the manifest with, per game, each file's
records. Reading either checks it as a file nobody can vouch for (size, depth, plain text,
numbers, known games and files, one record per id); ``problems`` then checks what a game would
play with, the built-in data with the set merged in, by the game's own validation, naming each
record that breaks it. A set with problems can be kept, not chosen for that game.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from engine.core import components
from engine.core.components import ComponentDataError, Layer, Record, check_records
from engine.core.files import UnreadableFile, parse_json, read_regular_file
from engine.core.text import Said, Say
from engine.registry import BUILT_IN_GAMES, rules_for

KIND = "tabula-component-set"
FORMAT = 1
MANIFEST = "set.json"
FOLDER = "components"
"""The sets' folder in the data folder."""
NAME_MOST = 60
RECORDS_MOST = 2000
"""Records a set may hold in all (the built-in sets hold some 600)."""
SET_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")


@dataclass(frozen=True)
class ComponentSet:
    id: str
    name: str
    games: Mapping[str, Mapping[str, tuple[Record, ...]]]
    """game -> data file -> the records the set replaces or adds."""
    checked: Mapping[str, Mapping[str, tuple[str, ...]]] = field(default_factory=dict)
    """game -> data file -> the ids of the built-in records the owner found the same on their
    component ("check my box"): where a walk through the box has got to."""

    def layer(self, game: str) -> Layer:
        return Layer(f"set {self.name!r}", dict(self.games.get(game, {})))


@dataclass(frozen=True)
class Problem:
    game: str
    file: str
    """The data file; '' for the set's data of a game as a whole."""
    record: str
    """The record's id; '' for the file as a whole."""
    message: str

    def __str__(self) -> str:
        where = "/".join(part for part in (self.game, self.file, self.record) if part)
        return f"{where}: {self.message}"


def component_games() -> tuple[str, ...]:
    """The games with component data (a set may change theirs)."""
    return BUILT_IN_GAMES


def set_id_for(name: str) -> str:
    """A folder name made of a set's name: 'My box' -> 'my-box'."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40].strip("-")
    return slug or "set"


# -- reading what nobody vouches for ------------------------------------------------------


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise ComponentDataError(message)


def _name_of(data: dict[str, Any]) -> str:
    name = data.get("name")
    _require(isinstance(name, str) and 0 < len(name.strip()) <= NAME_MOST and name.isprintable()
             and name == name.strip(), f"the set's name must be plain text of 1 to {NAME_MOST} characters")
    return str(name)


def _check_head(data: Any) -> None:
    _require(isinstance(data, dict) and data.get("kind") == KIND, "it is not a Tabula component set")
    version = data.get("format")
    _require(type(version) is int and 1 <= version <= FORMAT,
             f"it is a component set of a format this Tabula does not read ({components.short(version)})")


def _records_of(game: str, file: str, records: Any, counted: int) -> tuple[Record, ...]:
    _require(game in component_games(), f"{str(game)[:40]!r} is not a game with components "
                                         f"(one of {', '.join(component_games())})")
    _require(file in components.builtin_files(game),
             f"{game}: {str(file)[:40]!r} is not one of its data files ({', '.join(components.builtin_files(game))})")
    _require(isinstance(records, list) and bool(records), f"{game}/{file}: expected a list of records")
    _require(counted + len(records) <= RECORDS_MOST, f"it holds more than {RECORDS_MOST} records")
    check_records(records, f"{game}/{file}", None)
    return tuple(records)


def set_from_document(data: Any, set_id: str) -> ComponentSet:
    """A set as one file gives it (``export_document``); ComponentDataError saying what is wrong."""
    _check_head(data)
    name = _name_of(data)
    games = data.get("games")
    _require(isinstance(games, dict) and all(isinstance(files, dict) for files in games.values()),
             "expected 'games': for each game, its data files' records")
    read: dict[str, dict[str, tuple[Record, ...]]] = {}
    counted = 0
    for game, files in games.items():
        for file, records in files.items():
            read.setdefault(game, {})[file] = _records_of(game, file, records, counted)
            counted += len(records)
    return ComponentSet(set_id, name, read)


def export_document(component_set: ComponentSet) -> dict[str, Any]:
    return {"kind": KIND, "format": FORMAT, "name": component_set.name,
            "games": {game: {file: list(records) for file, records in files.items()}
                      for game, files in component_set.games.items()}}


def read_document(raw: bytes, set_id: str) -> ComponentSet:
    """A set from the bytes of its file (at most MAX_USER_FILE, checked by the reader)."""
    try:
        data = parse_json(raw)
    except UnreadableFile as error:
        raise ComponentDataError(str(error)) from None
    return set_from_document(data, set_id)


# -- the game's own rules -------------------------------------------------------------------


def problems(component_set: ComponentSet, game: str) -> list[Problem]:
    """What keeps ``game`` from being played with the set (none if its data with the set merged in
    passes the game's validation). Each record the set changes is then tried alone over the
    built-in data, and a problem names each record that breaks it; if none does alone, the
    problem is the set's records all together."""
    whole = _trouble(game, component_set.layer(game))
    if not whole:
        return []
    found: list[Problem] = []
    label = f"set {component_set.name!r}"
    for file, records in component_set.games.get(game, {}).items():
        for record in records:
            message = _trouble(game, Layer(label, {file: (record,)}))
            if message:
                found.append(Problem(game, file, record["id"], message))
    return found or [Problem(game, "", "", whole)]


def usable(component_set: ComponentSet, game: str) -> bool:
    """Whether ``game`` can be played with the set."""
    return not _trouble(game, component_set.layer(game))


def _trouble(game: str, layer: Layer) -> str:
    """Why ``game``'s data with ``layer`` cannot be used; '' if it can."""
    with components.using(game, layer):
        try:
            rules_for(game).data_version()
        except ComponentDataError as error:
            return str(error)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
            return f"a record is not as expected ({type(error).__name__}: {error})"
    return ""


def data_version(component_set: ComponentSet | None, game: str) -> str:
    """The digest of the data ``game`` plays with under the set (the built-in data's for None)."""
    with components.using(game, None if component_set is None else component_set.layer(game)):
        return rules_for(game).data_version()


# -- the copy a save keeps ------------------------------------------------------------------


@dataclass(frozen=True)
class SetCopy:
    """A set as a game began with it, kept in the game's save: the game goes on with it whatever
    becomes of the set (changed, deleted, never on this machine)."""

    id: str
    name: str
    digest: str
    """The data version of the game's data with the set merged in."""
    files: Mapping[str, tuple[Record, ...]]
    """The game's data files the set changes: the records it replaces or adds."""

    def layer(self) -> Layer:
        return Layer(f"set {self.name!r}", dict(self.files))

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "digest": self.digest,
                "files": {file: list(records) for file, records in self.files.items()}}


def copy_for(component_set: ComponentSet, game: str) -> SetCopy:
    return SetCopy(component_set.id, component_set.name, data_version(component_set, game),
                   dict(component_set.games.get(game, {})))


def set_copy_from(data: Any, game: str) -> SetCopy:
    """A save's copy of its set, checked as any set's records are; ComponentDataError if it is not one."""
    _require(isinstance(data, dict) and isinstance(data.get("id"), str) and bool(SET_ID.fullmatch(data["id"]))
             and isinstance(data.get("digest"), str) and len(data["digest"]) <= 200
             and isinstance(data.get("files"), dict), "the component set it names is not one")
    counted, files = 0, {}
    for file, records in data["files"].items():
        files[file] = _records_of(game, file, records, counted)
        counted += len(records)
    return SetCopy(data["id"], _name_of(data), data["digest"], files)


def news_of(copy: SetCopy, data_dir: Path, game: str) -> Said:
    """What became of the set a game began with, as resuming it says ('' if it is as it was)."""
    try:
        now = find_set(data_dir, copy.id)
    except ComponentDataError:
        now = None
    if now is None:
        return Say("The component set “{name}” is no longer here: the game goes on with the set as it was when "
                   "the game began (kept with the game).", name=copy.name)
    if dict(now.games.get(game, {})) != dict(copy.files):
        return Say("The component set “{name}” has changed since the game began: the game goes on with the set "
                   "as it was then (kept with the game).", name=copy.name)
    return ""


# -- the sets' folder -------------------------------------------------------------------------


def sets_folder(data_dir: Path) -> Path:
    return data_dir / FOLDER


def _read_json(path: Path) -> Any:
    try:
        raw = read_regular_file(path, components.MAX_USER_FILE)
        if raw is None:
            raise ComponentDataError(f"{path.name} is missing")
        return parse_json(raw)
    except UnreadableFile as error:
        raise ComponentDataError(f"{path.name}: {error}") from None


def read_set(folder: Path) -> ComponentSet:
    """The set kept in ``folder``; ComponentDataError saying why it cannot be read."""
    manifest = _read_json(folder / MANIFEST)
    _check_head(manifest)
    games = manifest.get("games")
    _require(isinstance(games, dict) and all(isinstance(files, list) for files in games.values()),
             f"{MANIFEST}: expected 'games': for each game, the names of the data files the set changes")
    document = {"kind": KIND, "format": FORMAT, "name": manifest.get("name"), "games": {}}
    for game, files in games.items():
        _require(game in component_games(), f"{str(game)[:40]!r} is not a game with components")
        for file in files:
            _require(file in components.builtin_files(game), f"{game}: {str(file)[:40]!r} is not one of its data files")
            data = _read_json(folder / game / f"{file}.json")
            _require(isinstance(data, dict), f"{game}/{file}.json: expected an object with a 'records' list")
            document["games"].setdefault(game, {})[file] = data.get("records")
    return replace(set_from_document(document, folder.name), checked=_checked_of(manifest.get("checked", {})))


def _checked_of(data: Any) -> dict[str, dict[str, tuple[str, ...]]]:
    _require(isinstance(data, dict) and all(game in component_games() and isinstance(files, dict)
                                            for game, files in data.items()),
             f"{MANIFEST}: expected 'checked': for each game, per data file, the ids checked")
    checked: dict[str, dict[str, tuple[str, ...]]] = {}
    for game, files in data.items():
        for file, ids in files.items():
            _require(file in components.builtin_files(game) and isinstance(ids, list) and len(ids) <= RECORDS_MOST
                     and all(isinstance(i, str) and 0 < len(i) <= 80 and i.isprintable() for i in ids),
                     f"{MANIFEST}: {game}/{str(file)[:40]}: expected the ids of the records checked")
            checked.setdefault(game, {})[file] = tuple(ids)
    return checked


# -- editing ----------------------------------------------------------------------------------


def new_set(data_dir: Path, name: str) -> ComponentSet:
    """An empty set named ``name``, kept under an id made of the name not yet taken."""
    _name_of({"name": name})
    base = set_id_for(name)
    taken = {kept.id for kept in list_sets(data_dir)}
    set_id = next(candidate for candidate in (base, *(f"{base[:36]}-{n}" for n in range(2, 1000)))
                  if candidate not in taken)
    component_set = ComponentSet(set_id, name, {})
    write_set(data_dir, component_set)
    return component_set


def with_record(component_set: ComponentSet, game: str, file: str, record: Record) -> ComponentSet:
    """The set with ``record`` (by its id) as the set's own: replacing the set's record of that id,
    or added; the record as the owner entered it (provenance "owner")."""
    record = {**record, "provenance": "owner"}
    record.pop("note", None)
    records = [kept for kept in component_set.games.get(game, {}).get(file, ()) if kept["id"] != record["id"]]
    games = {g: dict(files) for g, files in component_set.games.items()}
    games.setdefault(game, {})[file] = (*records, record)
    return replace(component_set, games=games)


def without_record(component_set: ComponentSet, game: str, file: str, record_id: str) -> ComponentSet:
    """The set with its own record of that id dropped (the built-in one is used again)."""
    games = {g: dict(files) for g, files in component_set.games.items()}
    kept = tuple(r for r in games.get(game, {}).get(file, ()) if r["id"] != record_id)
    if kept:
        games[game][file] = kept
    else:
        games.get(game, {}).pop(file, None)
        if game in games and not games[game]:
            del games[game]
    return replace(component_set, games=games)


def with_checked(component_set: ComponentSet, game: str, file: str, record_id: str) -> ComponentSet:
    """The set noting that the owner has checked the record of that id against their component."""
    checked = {g: dict(files) for g, files in component_set.checked.items()}
    ids = checked.setdefault(game, {}).get(file, ())
    if record_id not in ids:
        checked[game][file] = (*ids, record_id)
    return replace(component_set, checked=checked)


# -- the set a game is offered first ----------------------------------------------------------

DEFAULTS = "defaults.json"
"""In the sets' folder: per game, the id of the set New game offers first (a server's host
gives every player of that game their box)."""


def read_defaults(data_dir: Path) -> dict[str, str]:
    """Per game, the set New game offers first; ComponentDataError if the file is not one (none
    is no default)."""
    path = sets_folder(data_dir) / DEFAULTS
    if not os.path.lexists(path):
        return {}
    data = _read_json(path)
    _require(isinstance(data, dict) and all(game in component_games() and isinstance(set_id, str)
                                            and bool(SET_ID.fullmatch(set_id)) for game, set_id in data.items()),
             f"{DEFAULTS}: expected, per game, the id of a set")
    return dict(data)


def set_default(data_dir: Path, game: str, set_id: str | None) -> None:
    """Offer the set of that id first for ``game`` (None: the built-in components again)."""
    _require(game in component_games(), f"{str(game)[:40]!r} is not a game with components "
                                         f"(one of {', '.join(component_games())})")
    try:
        defaults = read_defaults(data_dir)
    except ComponentDataError:
        defaults = {}  # a damaged file is written anew
    if set_id is None:
        defaults.pop(game, None)
    else:
        defaults[game] = set_id
    folder = sets_folder(data_dir)
    folder.mkdir(parents=True, exist_ok=True)
    temporary = folder / f".{DEFAULTS}.{secrets.token_hex(4)}"
    _write_json(temporary, defaults)
    os.replace(temporary, folder / DEFAULTS)


@dataclass(frozen=True)
class KeptSet:
    """A folder of the sets' folder: the set it holds, or why it cannot be read."""

    id: str
    set: ComponentSet | None
    error: str = ""


def list_sets(data_dir: Path) -> list[KeptSet]:
    """The sets in the data folder, by id; a folder that cannot be read is listed with why."""
    folder = sets_folder(data_dir)
    try:
        names = sorted(entry.name for entry in os.scandir(folder) if entry.is_dir(follow_symlinks=False))
    except FileNotFoundError:
        return []
    kept = []
    for name in names:
        if not SET_ID.fullmatch(name):
            continue  # a set being written, or not one of Tabula's
        try:
            kept.append(KeptSet(name, read_set(folder / name)))
        except ComponentDataError as error:
            kept.append(KeptSet(name, None, str(error)))
    return kept


def find_set(data_dir: Path, set_id: str) -> ComponentSet | None:
    """The set of that id (None if there is none); ComponentDataError if it cannot be read."""
    if not SET_ID.fullmatch(set_id):
        return None
    folder = sets_folder(data_dir) / set_id
    return read_set(folder) if folder.is_dir() else None


class SetExists(FileExistsError):
    """A set of that id is kept already: nothing was written."""


def write_set(data_dir: Path, component_set: ComponentSet) -> Path:
    """Keep a new set in its folder, written whole or not at all; SetExists if its id is taken."""
    target = sets_folder(data_dir) / component_set.id
    if os.path.lexists(target):
        raise SetExists(f"a set {component_set.id!r} is kept already")
    staged = _staged(data_dir, component_set)
    try:
        if os.path.lexists(target):
            raise SetExists(f"a set {component_set.id!r} is kept already")
        os.rename(staged, target)
    except BaseException:
        shutil.rmtree(staged, ignore_errors=True)
        raise
    return target


def save_set(data_dir: Path, component_set: ComponentSet) -> Path:
    """Keep ``component_set`` in place of the set of its id (or as a new one): the new folder is
    written whole, then swapped in, so a reader sees the old set or the new one, never a part."""
    target = sets_folder(data_dir) / component_set.id
    if not os.path.lexists(target):
        return write_set(data_dir, component_set)
    staged = _staged(data_dir, component_set)
    retired = target.with_name(f".old-{secrets.token_hex(4)}")
    os.rename(target, retired)
    os.rename(staged, target)
    shutil.rmtree(retired, ignore_errors=True)
    return target


def _staged(data_dir: Path, component_set: ComponentSet) -> Path:
    """The set written whole in a hidden folder of the sets' folder (listing skips it)."""
    _require(bool(SET_ID.fullmatch(component_set.id)), f"{component_set.id[:40]!r} is not a set id "
                                                       "(lower-case letters, digits and dashes)")
    temporary = sets_folder(data_dir) / f".new-{secrets.token_hex(4)}"
    temporary.mkdir(parents=True)
    try:
        manifest = {"kind": KIND, "format": FORMAT, "name": component_set.name,
                    "games": {game: sorted(files) for game, files in component_set.games.items()},
                    "checked": {game: {file: list(ids) for file, ids in files.items()}
                                for game, files in component_set.checked.items()}}
        _write_json(temporary / MANIFEST, manifest)
        for game, files in component_set.games.items():
            (temporary / game).mkdir()
            for file, records in files.items():
                _write_json(temporary / game / f"{file}.json", {"game": game, "name": file, "records": list(records)})
    except BaseException:
        shutil.rmtree(temporary, ignore_errors=True)
        raise
    return temporary


def _write_json(path: Path, data: Any) -> None:
    with open(path, "w", encoding="utf-8") as file:
        json.dump(data, file, ensure_ascii=False, indent=1)
        file.flush()
        os.fsync(file.fileno())

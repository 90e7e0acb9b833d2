"""Component data files: shipped JSON, validated on load, replaceable by the user's own.

A data file is ``{"game": ..., "name": ..., "records": [...]}`` where every record has an
``id`` and a ``provenance`` of ``rulebook``, ``public``, ``reconstructed`` or ``owner`` (entered
by a player who owns the game). A user can correct the reconstructed faces in two ways:

- a component set (engine.component_sets), chosen per game: ``select(game, layer)`` makes
  each of that game's files the built-in records with the set's own merged in by id (a record
  of the set replaces the built-in one of its id in place, or is added at the end);
- a folder given from outside, ``$TABULA_COMPONENTS`` (or ``set_override_dir``), whose files
  replace the built-in files of the same name whole, for every game without a set selected.

Either is validated the same way as the built-in files, and a bad one is refused with a
message naming the record and the problem.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from .files import ComponentDataError as ComponentDataError  # raised by every loader here
from .files import UnreadableFile, parse_json, read_regular_file

PROVENANCES = ("rulebook", "public", "reconstructed", "owner")
Record = dict[str, Any]
ENV_VAR = "TABULA_COMPONENTS"
_override_dir: Path | None = None


@dataclass(frozen=True)
class ComponentData:
    game: str
    name: str
    records: tuple[dict[str, Any], ...]
    source: str
    """Where it was loaded from: 'built-in' or the user's file path."""
    digest: str
    """Short hash of the content: part of a save's data version."""


@dataclass(frozen=True)
class Layer:
    """A component set's records for one game: per data file, the records it replaces or adds."""

    label: str
    """Where the records come from, as messages name it: "set 'My box'"."""
    files: Mapping[str, tuple[Record, ...]]


def set_override_dir(path: Path | None) -> None:
    global _override_dir, generation
    _override_dir = path
    _cache.clear()
    generation += 1


_layers: dict[str, Layer] = {}


def select(game: str, layer: Layer | None) -> None:
    """Play ``game`` with ``layer`` merged over its built-in files (None: the built-in or outside
    files). Process-wide, like the outside folder: a process plays one game's set at a time,
    and the search worker is told the layer of each search it makes."""
    global generation
    if _layers.get(game) == layer:
        return
    if layer is None:
        _layers.pop(game, None)
    else:
        _layers[game] = layer
    for key in [key for key in _cache if key[0] == game]:
        del _cache[key]
    generation += 1


def selected(game: str) -> Layer | None:
    return _layers.get(game)


@contextmanager
def using(game: str, layer: Layer | None) -> Iterator[None]:
    """``game``'s data with ``layer`` selected for the time of the block, then as it was."""
    before = selected(game)
    select(game, layer)
    try:
        yield
    finally:
        select(game, before)


def override_dir() -> Path | None:
    if _override_dir is not None:
        return _override_dir
    env = os.environ.get(ENV_VAR)
    return Path(env) if env else None


_cache: dict[tuple[str, str], ComponentData] = {}
generation = 0
"""Counts the changes to the files loaded (one loaded, or some forgotten): an index a game built
from its files while the count stood at some value is current as long as it still stands there,
which a game checks with one comparison however often its rules ask for the index."""


def cached(game: str, name: str) -> ComponentData | None:
    """The data file loaded last for (game, name), if it is still current (an override dir change
    forgets every loaded file): lets a game keep indexes built from it and check them cheaply."""
    return _cache.get((game, name))


def load(game: str, name: str, validate: Callable[[list[dict[str, Any]]], None]) -> ComponentData:
    """Load ``engine/<game>/data/<name>.json`` (or the user's override) and validate it.

    ``validate`` raises ComponentDataError for a rule the set breaks (counts, values).
    """
    key = (game, name)
    if key in _cache:
        return _cache[key]
    layer = _layers.get(game)
    if layer is not None:
        return _keep(key, parse_merged(game, name, layer.files.get(name, ()), layer.label, validate))
    folder = override_dir()
    user_file = folder / game / f"{name}.json" if folder else None
    if user_file is not None and os.path.lexists(user_file):
        text, source = read_user_file(user_file), str(user_file)
    else:
        text = builtin_bytes(game, name)
        source = "built-in"
    return _keep(key, parse(text, source, game, name, validate))


def _keep(key: tuple[str, str], data: ComponentData) -> ComponentData:
    global generation
    _cache[key] = data
    generation += 1
    return data


def builtin_bytes(game: str, name: str) -> bytes:
    return resources.files(f"engine.{game}").joinpath("data", f"{name}.json").read_bytes()


def builtin_records(game: str, name: str) -> list[Record]:
    records: list[Record] = json.loads(builtin_bytes(game, name))["records"]
    return records


def builtin_files(game: str) -> tuple[str, ...]:
    """The names of ``game``'s data files."""
    folder = resources.files(f"engine.{game}").joinpath("data")
    return tuple(sorted(item.name.removesuffix(".json") for item in folder.iterdir() if item.name.endswith(".json")))


def merged(base: list[Record], changes: tuple[Record, ...] | list[Record]) -> list[Record]:
    """``base`` with each record of ``changes`` in place of the base record of its id, or added
    at the end if the base has none."""
    by_id = {record["id"]: record for record in changes}
    records = [by_id.pop(record["id"], record) for record in base]
    return records + [record for record in changes if record["id"] in by_id]


def parse_merged(game: str, name: str, changes: tuple[Record, ...], source: str,
                 validate: Callable[[list[Record]], None]) -> ComponentData:
    """A built-in file with a set's records merged in, validated as a whole; its digest is that
    of the merged records (the built-in file's own when the set changes nothing in it)."""
    if not changes:
        return parse(builtin_bytes(game, name), "built-in", game, name, validate)
    records = merged(builtin_records(game, name), changes)
    check_records(records, source, validate)
    text = json.dumps(records, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return ComponentData(game, name, tuple(records), source, hashlib.sha256(text.encode()).hexdigest()[:12])


MAX_USER_FILE = 4 << 20
"""Bytes a user's component file may have (the largest built-in one has a few tens of kilobytes)."""
NUMBER_MOST = 999
"""The largest number (either way) a component file may hold. No count, value, cost or position
printed on these games' components has more than two digits (the largest is 45): three are
allowed, and each game's validation bounds its fields further where its rules do."""


def read_user_file(path: Path) -> bytes:
    """The bytes of a user's data file: a regular file (a FIFO or device is never waited on, a
    link is followed) of at most MAX_USER_FILE bytes; ComponentDataError otherwise."""
    try:
        raw = read_regular_file(path, MAX_USER_FILE, follow=True)
    except UnreadableFile as error:
        raise ComponentDataError(f"{path}: {error}") from None
    if raw is None:
        raise ComponentDataError(f"{path}: cannot be opened (it is gone)")
    return raw


def parse(text: bytes | str, source: str, game: str, name: str,
          validate: Callable[[list[dict[str, Any]]], None]) -> ComponentData:
    try:
        document = parse_json(text)
    except UnreadableFile as error:
        raise ComponentDataError(f"{source}: {error}") from None
    if not isinstance(document, dict) or not isinstance(document.get("records"), list):
        raise ComponentDataError(f"{source}: expected an object with a 'records' list")
    records = document["records"]
    check_records(records, source, validate)
    raw = text.encode("utf-8") if isinstance(text, str) else text
    digest = hashlib.sha256(raw).hexdigest()[:12]
    return ComponentData(game, name, tuple(records), source, digest)


def check_records(records: list[Any], source: str, validate: Callable[[list[Record]], None] | None) -> None:
    """Each record's form (a string id of its own, a provenance, printable text, numbers within
    bounds), then the file's rules (``validate``); ComponentDataError naming the record."""
    seen: set[str] = set()
    for index, record in enumerate(records):
        where = f"{source}: record {index}"
        if not isinstance(record, dict) or not isinstance(record.get("id"), str):
            raise ComponentDataError(f"{where}: each record needs a string 'id'")
        if record["id"] in seen:
            raise ComponentDataError(f"{where}: duplicate id {record['id']!r}")
        seen.add(record["id"])
        if record.get("provenance") not in PROVENANCES:
            raise ComponentDataError(f"{where} ({record['id']}): provenance must be one of {', '.join(PROVENANCES)}")
        unprintable = unprintable_text(record)
        if unprintable is not None:
            raise ComponentDataError(f"{where} ({record['id']!r}): {unprintable!r} holds a control character")
        number = bad_number(record)
        if number is not None:
            raise ComponentDataError(f"{where} ({record['id']!r}): {short(number)} is not a whole number from "
                                     f"{-NUMBER_MOST} to {NUMBER_MOST}")
    if validate is None:
        return
    try:
        validate(records)
    except ComponentDataError as error:
        raise ComponentDataError(f"{source}: {error}") from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:  # a field missing or of a wrong type
        raise ComponentDataError(f"{source}: a record is not as expected ({type(error).__name__}: {error})") from None


def short(value: Any) -> str:
    """A number as a message quotes it: at most 20 characters."""
    text = repr(value)
    return text if len(text) <= 20 else f"{text[:8]}…({len(text)} digits)"


def bad_number(value: Any) -> int | float | None:
    """The first number in ``value`` (a record) that is not a whole number within NUMBER_MOST
    (true and false are not numbers here)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return None if type(value) is int and -NUMBER_MOST <= value <= NUMBER_MOST else value
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        for item in value:
            found = bad_number(item)
            if found is not None:
                return found
    return None


def whole(value: Any, low: int, high: int = NUMBER_MOST) -> bool:
    """Whether ``value`` is a whole number (not true or false) from ``low`` to ``high``: the
    games' validation checks each numeric field with it."""
    return type(value) is int and low <= value <= high


def unprintable_text(value: Any) -> str | None:
    """The first string (key or value) in ``value`` that a terminal would not show as written:
    names on components are shown on every board, so a file may not steer the terminal."""
    if isinstance(value, str):
        return None if value.isprintable() else value
    if isinstance(value, dict):
        value = [part for item in value.items() for part in item]
    if isinstance(value, list):
        for item in value:
            found = unprintable_text(item)
            if found is not None:
                return found
    return None

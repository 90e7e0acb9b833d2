"""Component data files: shipped JSON, validated on load, replaceable by the user's own.

A data file is ``{"game": ..., "name": ..., "records": [...]}`` where every record has an
``id`` and a ``provenance`` of ``rulebook``, ``public`` or ``reconstructed``. A user who
owns the game can correct the reconstructed faces by putting a file of the same name in
``$TABULA_COMPONENTS`` (or the folder given to ``set_override_dir``); it is validated the
same way and a bad file is refused with a message naming the record and the problem.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Callable

PROVENANCES = ("rulebook", "public", "reconstructed")
ENV_VAR = "TABULA_COMPONENTS"
_override_dir: Path | None = None


class ComponentDataError(ValueError):
    """A component data file that cannot be used; the message says where and why."""


@dataclass(frozen=True)
class ComponentData:
    game: str
    name: str
    records: tuple[dict[str, Any], ...]
    source: str
    """Where it was loaded from: 'built-in' or the user's file path."""
    digest: str
    """Short hash of the content: part of a save's data version."""


def set_override_dir(path: Path | None) -> None:
    global _override_dir
    _override_dir = path
    _cache.clear()


def override_dir() -> Path | None:
    if _override_dir is not None:
        return _override_dir
    env = os.environ.get(ENV_VAR)
    return Path(env) if env else None


_cache: dict[tuple[str, str], ComponentData] = {}


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
    folder = override_dir()
    user_file = folder / game / f"{name}.json" if folder else None
    if user_file is not None and user_file.exists():
        text, source = user_file.read_text(encoding="utf-8"), str(user_file)
    else:
        text = resources.files(f"engine.{game}").joinpath("data", f"{name}.json").read_text(encoding="utf-8")
        source = "built-in"
    data = parse(text, source, game, name, validate)
    _cache[key] = data
    return data


def parse(text: str, source: str, game: str, name: str, validate: Callable[[list[dict[str, Any]]], None]) -> ComponentData:
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise ComponentDataError(f"{source}: not valid JSON ({error})") from None
    if not isinstance(document, dict) or not isinstance(document.get("records"), list):
        raise ComponentDataError(f"{source}: expected an object with a 'records' list")
    records = document["records"]
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
    try:
        validate(records)
    except ComponentDataError as error:
        raise ComponentDataError(f"{source}: {error}") from None
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
    return ComponentData(game, name, tuple(records), source, digest)

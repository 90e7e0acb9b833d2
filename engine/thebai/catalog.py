"""Thebai's component data (engine/thebai/data/*.json), validated on load and indexed.

Each file is checked for its own rules (counts, ids, well-formed effects) and then against
the others and against the rulebook's counts and worked examples, so a user's corrected file
(``TABULA_COMPONENTS``) that breaks the game is refused before a game starts, with a message
naming the file, the record and the problem.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from engine.core import components
from engine.core.components import ComponentData, ComponentDataError

from .catalog_checks import CHECKS, Record
from .catalog_checks import kinds as _kinds

GAME = "thebai"
FILES = ("estate", "roofs", "cadmea", "city", "contracts", "invaders", "gates", "commanders", "fate", "devotion",
         "council", "heralds", "setup", "battle_vp")


def _no_check(records: list[Record]) -> None:
    return None


@dataclass(frozen=True)
class Catalog:
    estate: dict[str, Record]           # "r1c1" -> space record
    row_colours: tuple[str, ...]       # estate row colour, row 1 first
    column_vp: dict[int, int]          # estate column (2-5) -> VP when it is the rightmost empty one
    refresh_face: dict[int, int]       # empty columns -> face of the new citizen die
    roofs: dict[str, Record]
    tiles: dict[str, Record]
    sides: dict[str, Record]             # "12" / "34" -> city side
    contracts: dict[str, Record]
    invaders: dict[str, Record]
    gates: dict[str, Record]
    commanders: dict[str, Record]
    fate: dict[str, Record]
    tracks: dict[str, int]             # track -> length
    track_spaces: dict[tuple[str, int], Record]
    blessings: dict[str, Record]         # passive blessings and the two final stacks
    metoikoi: dict[str, Record]
    passage_vp: tuple[int, ...]
    council: dict[str, Record]           # council space id -> record
    collapse: dict[str, tuple[str, ...]]
    markers: dict[int, int]
    heralds: dict[str, Record]
    starts: dict[int, Record]            # turn-order place -> start record
    pieces: Record
    strategos: tuple[int, ...]
    plaza_markers: int
    battle_vp: tuple[tuple[int, int], ...]
    single_abilities: dict[str, str]   # ability held by one commander only ('site', 'track', ...) -> its id
    digest: str

    def commander_with(self, ability: str) -> str:
        return self.single_abilities[ability]


_current: tuple[ComponentData, Catalog] | None = None
"""(the estate file's ComponentData, the Catalog built with it): components.load keeps a file
until its override folder changes, so the same estate object means the same set."""


def catalog() -> Catalog:
    """The validated component set in use (the built-in one or the user's override)."""
    global _current
    marker = components.load(GAME, "estate", _no_check)
    if _current is None or marker is not _current[0]:
        built = _build()
        _current = (components.load(GAME, "estate", _no_check), built)
    return _current[1]


def data_version() -> str:
    return catalog().digest


def _build() -> Catalog:
    raw = {name: components.load(GAME, name, _no_check) for name in FILES}
    records = {name: list(data.records) for name, data in raw.items()}
    for name, check in CHECKS.items():
        try:
            check(records[name], records)
        except ComponentDataError as error:
            raise ComponentDataError(f"{raw[name].source} ({GAME}/{name}): {error}") from None
        except (KeyError, TypeError, AttributeError, IndexError, ValueError) as error:
            raise ComponentDataError(f"{raw[name].source} ({GAME}/{name}): a record is malformed "
                                     f"({type(error).__name__}: {error})") from None
    digest = hashlib.sha256("".join(raw[n].digest for n in FILES).encode()).hexdigest()[:12]
    return _index(records, digest)


def _by_id(records: list[Record]) -> dict[str, Record]:
    return {x["id"]: x for x in records}


def _index(r: dict[str, list[Record]], digest: str) -> Catalog:
    dev, council, setup = r["devotion"], r["council"], r["setup"]
    return Catalog(
        estate=_by_id(_kinds(r["estate"], "space")),
        row_colours=tuple(x["colour"] for x in sorted(_kinds(r["estate"], "row"), key=lambda x: x["row"])),
        column_vp={x["col"]: x["vp"] for x in _kinds(r["estate"], "column")},
        refresh_face={x["empty"]: x["face"] for x in _kinds(r["estate"], "refresh")},
        roofs=_by_id(r["roofs"]),
        tiles=_by_id(r["cadmea"]),
        sides={x["id"].removeprefix("side-"): x for x in r["city"]},
        contracts=_by_id(r["contracts"]),
        invaders=_by_id(r["invaders"]),
        gates=_by_id(r["gates"]),
        commanders=_by_id(r["commanders"]),
        fate=_by_id(r["fate"]),
        tracks={x["id"]: x["length"] for x in _kinds(dev, "track")},
        track_spaces={(x["track"], x["step"]): x for x in _kinds(dev, "space")},
        blessings=_by_id(_kinds(dev, "blessing") + _kinds(dev, "final")),
        metoikoi=_by_id(_kinds(dev, "metoikoi")),
        passage_vp=tuple(_kinds(council, "passage")[0]["vp"]),
        council=_by_id(_kinds(council, "space")),
        collapse={x["id"]: tuple(x["spaces"]) for x in _kinds(council, "collapse")},
        markers={x["players"]: x["markers"] for x in _kinds(council, "markers")},
        heralds=_by_id(r["heralds"]),
        starts={x["place"]: x for x in _kinds(setup, "start")},
        pieces=_kinds(setup, "pieces")[0],
        strategos=tuple(_kinds(setup, "strategos")[0]["values"]),
        plaza_markers=_kinds(setup, "plaza")[0]["markers"],
        battle_vp=tuple(sorted((x["surplus"], x["vp"]) for x in r["battle_vp"])),
        single_abilities={x["ability"]: x["id"] for x in r["commanders"] if x["ability"] != "row"},
        digest=digest,
    )

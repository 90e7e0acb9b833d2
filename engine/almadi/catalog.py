"""Almadi's component data: loaded through engine.core.components, validated, indexed.

``catalog()`` is cheap to call often: the core caches the files, and the indexes built
here are rebuilt only when a different file set is loaded (e.g. a user override).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NoReturn

from engine.core import components
from engine.core.components import ComponentDataError, whole

GAME = "almadi"
TYPES = ("oasis", "caravan", "market", "palace")
LETTERS = {"oasis": "O", "caravan": "C", "market": "M", "palace": "P"}
TYPE_OF_LETTER = {letter: kind for kind, letter in LETTERS.items()}
ARROW = "arrow"
EFFECTS = ("genie", "martelin", "stall", "moon", "ruby", "jar")
JAR = "jar"
SIDE_NAMES = ("top", "right", "bottom", "left")
COLOURS = ("red", "yellow", "blue", "green", "grey")
TILES_PER_TYPE = {2: 10, 3: 14, 4: 18, 5: 22}
DECK_SIZE = {2: 14, 3: 21, 4: 28, 5: 32}
RUBIES = 30
TURNS_PER_PLAYER = 16
"""Every player places this many landscapes: the supply runs out after 16 turns each."""


def hand_size(players: int) -> int:
    """Characters dealt to each player in the characters variant: 4 with 2 players, else 3."""
    return 4 if players == 2 else 3


TILE_COUNT = 88
START_COUNT = 5
OBJECTIVE_COUNT = 32
CHARACTER_COUNT = 26

REQUIREMENT_FIELDS = {
    "group": ("type", "n"),
    "hline": ("type", "n"),
    "vline": ("type", "n"),
    "count": ("type", "n"),
    "square": ("type",),
    "mosaics": ("n",),
    "stalls": ("n",),
    "rubies": ("n",),
    "mixed_column": (),
    "full_columns": ("n",),
    "long_row": ("n",),
    "mixed_square": (),
    "cards": ("mosaics", "stalls"),
}

POWERS = {
    "power": (
        "genie_swap", "genie_any_row", "place_adjacent_row", "place_any_row", "double_martelin",
        "double_stall", "double_ruby", "free_genie", "recruit_mosaics", "recruit_stalls",
        "recruit_moon", "effect_pairs",
    ),
    "scoring": (
        "jar_bonus", "forgive_objectives", "completed_objectives", "oasis_groups", "per_caravan",
        "per_stall", "per_mosaic", "per_two_rubies", "full_columns", "long_rows",
        "markets_by_caravans", "per_palace", "oases_by_caravans", "all_types_four",
    ),
}


def _fail(record: dict[str, Any], problem: str) -> NoReturn:
    raise ComponentDataError(f"record {record.get('id')!r}: {problem}")


def side_of(value: Any) -> str | None:
    """A side as the data gives it -> the side as the rules use it, or None if it is not one.

    A side shows an arrow (``"arrow"``) or an effect (``"moon"``); a side showing several jars
    is the list of them (``["jar", "jar"]``): activating it activates every jar shown. Several
    jars on a side are ``"jar*2"`` in the rules (see ``icons``)."""
    if isinstance(value, str) and (value == ARROW or value in EFFECTS):
        return value
    if isinstance(value, list) and value and all(icon == JAR for icon in value):
        return JAR if len(value) == 1 else f"{JAR}*{len(value)}"
    return None


def icons(side: str) -> tuple[str, ...]:
    """The effects a side activates: its one effect, or each of its jars (``"jar*3"``)."""
    known = _ICONS.get(side)
    if known is None:
        name, _, count = side.partition("*")
        known = _ICONS[side] = (name,) * int(count or 1)
    return known


_ICONS: dict[str, tuple[str, ...]] = {effect: (effect,) for effect in EFFECTS}


def most_jars_on_a_side() -> int:
    """The most jars one side shows in the component data in use (1 in the built-in set)."""
    return max((len(icons(side)) for _, sides in catalog().faces.values() for side in sides if side.startswith(JAR)),
               default=1)


def validate_landscapes(records: list[dict[str, Any]]) -> None:
    for record in records:
        if record.get("type") not in TYPES:
            _fail(record, f"type must be one of {', '.join(TYPES)}")
        sides = record.get("sides")
        if not isinstance(sides, dict) or set(sides) != set(SIDE_NAMES):
            _fail(record, "sides must give top, right, bottom and left")
        for name in SIDE_NAMES:
            if side_of(sides[name]) is None:
                _fail(record, f"{name} side {sides[name]!r} is neither 'arrow' nor one of {', '.join(EFFECTS)} "
                              "(a side with several jars is a list of them, e.g. [\"jar\", \"jar\"])")
        values = [side_of(sides[name]) for name in SIDE_NAMES]
        if ARROW not in values or all(v == ARROW for v in values):
            _fail(record, "a tile needs at least one arrow and at least one effect")
    if len(records) != TILE_COUNT:
        raise ComponentDataError(f"expected {TILE_COUNT} landscapes, found {len(records)}")
    for kind in TYPES:
        ids = [r["id"] for r in records if r["type"] == kind]
        expected = [f"{LETTERS[kind]}{n:02d}" for n in range(1, 23)]
        if sorted(ids) != expected:
            raise ComponentDataError(f"the {kind} tiles must be {expected[0]}..{expected[-1]}, 22 of them")


def validate_starts(records: list[dict[str, Any]]) -> None:
    if len(records) != START_COUNT:
        raise ComponentDataError(f"expected {START_COUNT} starting tiles, found {len(records)}")
    for record in records:
        if sorted(record.get("rows") or []) != sorted(TYPES):
            _fail(record, "rows must list the four landscape types, one per row")
        right = record.get("right")
        if not isinstance(right, list) or len(right) != 4 or not all(side_of(s) is not None for s in right):
            _fail(record, "right must list 4 sides, each 'arrow', an effect or a list of jars")


def validate_objectives(records: list[dict[str, Any]]) -> None:
    if len(records) != OBJECTIVE_COUNT:
        raise ComponentDataError(f"expected {OBJECTIVE_COUNT} objectives, found {len(records)}")
    for record in records:
        if record.get("colour") not in COLOURS:
            _fail(record, f"colour must be one of {', '.join(COLOURS)}")
        if not whole(record.get("points"), 1):
            _fail(record, "points must be a positive whole number")
        requirement = record.get("requirement")
        if not isinstance(requirement, dict) or requirement.get("kind") not in REQUIREMENT_FIELDS:
            _fail(record, f"requirement kind must be one of {', '.join(REQUIREMENT_FIELDS)}")
        for field in REQUIREMENT_FIELDS[requirement["kind"]]:
            value = requirement.get(field)
            valid = value in TYPES if field == "type" else whole(value, 0)
            if not valid:
                _fail(record, f"requirement {requirement['kind']} needs a valid {field!r}")
    colours = [r["colour"] for r in records]
    for colour in COLOURS[:4]:
        if colour not in colours:
            raise ComponentDataError(f"no {colour} objective: setup needs one of each colour")
    if colours.count("grey") < 5:
        raise ComponentDataError("at least 5 grey objectives are needed (one per player)")


def validate_characters(records: list[dict[str, Any]]) -> None:
    if len(records) != CHARACTER_COUNT:
        raise ComponentDataError(f"expected {CHARACTER_COUNT} characters, found {len(records)}")
    for record in records:
        if not whole(record.get("cost"), 0):
            _fail(record, "cost must be a whole number of rubies")
        category = record.get("category")
        if category not in POWERS:
            _fail(record, "category must be 'power' or 'scoring'")
        if record.get("power") not in POWERS[category]:
            _fail(record, f"power {record.get('power')!r} is not a known {category} power")
        if not all(isinstance(record.get(key), str) for key in ("name", "title", "text")):
            _fail(record, "name, title and text must be strings")


@dataclass(frozen=True)
class Catalog:
    faces: dict[str, tuple[str, tuple[str, str, str, str]]]
    """Tile id -> (type letter, sides top/right/bottom/left); starting cells too, '' = blank."""
    starts: dict[str, dict[str, Any]]
    objectives: dict[str, dict[str, Any]]
    characters: dict[str, dict[str, Any]]
    digest: str


def start_cell(start_id: str, row: int) -> str:
    return f"{start_id}.{row + 1}"


def _validated_side(value: Any) -> str:
    """A side of data the validators passed: ``side_of`` knows it."""
    side = side_of(value)
    if side is None:
        raise ComponentDataError(f"{value!r} is not a side")
    return side


def _build(files: tuple[components.ComponentData, ...]) -> Catalog:
    landscapes, starts, objectives, characters = files
    faces: dict[str, tuple[str, tuple[str, str, str, str]]] = {}
    for record in landscapes.records:
        top, right, bottom, left = (_validated_side(record["sides"][name]) for name in SIDE_NAMES)
        faces[record["id"]] = (LETTERS[record["type"]], (top, right, bottom, left))
    for record in starts.records:
        for row, kind in enumerate(record["rows"]):
            faces[start_cell(record["id"], row)] = (LETTERS[kind], ("", _validated_side(record["right"][row]), "", ""))
    return Catalog(
        faces=faces,
        starts={r["id"]: r for r in starts.records},
        objectives={r["id"]: r for r in objectives.records},
        characters={r["id"]: r for r in characters.records},
        digest="-".join(f.digest for f in files),
    )


_last: tuple[int, components.ComponentData, Catalog] | None = None
"""(``components.generation`` when it was last checked, the landscapes file the current catalog
was built from, that catalog)."""


def catalog() -> Catalog:
    """The components in use, indexed; one comparison while no component file was loaded or
    forgotten since (the rules ask for it everywhere)."""
    # The core caches files all together and clears them all together, so while the
    # landscapes file is the same object the other three are unchanged too.
    global _last
    last = _last
    if last is not None and last[0] == components.generation:
        return last[2]
    landscapes = components.load(GAME, "landscapes", validate_landscapes)
    if last is not None and landscapes is last[1]:
        built = last[2]
    else:
        built = _build((
            landscapes,
            components.load(GAME, "starts", validate_starts),
            components.load(GAME, "objectives", validate_objectives),
            components.load(GAME, "characters", validate_characters),
        ))
    _last = components.generation, landscapes, built
    return built

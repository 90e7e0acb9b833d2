"""A second reading of Almadi's rules, written from the rule text without the engine's code:
where a landscape may go, and the final score of each category. The fuzz tests hold the
engine to it (what it offers, what it scores), so a slip in either shows as a disagreement.

It reads the component data files directly (not through the engine's catalog). Where the
rule text is silent it follows the decisions documented in engine/almadi/help.md: a palace
doubled by a mosaic is worth 1 plus the oases and markets it touches; jars count the
contacts of the final layout; the largest-oasis bonus needs a group of two.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from tests.grid import STEPS, groups

DATA = Path(__file__).resolve().parents[2] / "engine" / "almadi" / "data"
LETTER = {"oasis": "O", "caravan": "C", "market": "M", "palace": "P"}
ARROW = "arrow"
CARRIES = {1: 2, 2: 5, 3: 10, 4: 15, 5: 20, 6: 35, 7: 50}
CARRIES_8_OR_MORE = 65
RUBY_PLACES = {2: (10, 4)}
RUBY_PLACES_3_TO_5 = (12, 8, 4, 2, 0)


@cache
def tiles() -> dict[str, tuple[str, tuple]]:
    """Tile id -> (type letter, sides up/right/down/left, '' for a blank side)."""
    found: dict = {}
    for record in json.loads((DATA / "landscapes.json").read_text())["records"]:
        sides = record["sides"]
        found[record["id"]] = (LETTER[record["type"]], (sides["top"], sides["right"], sides["bottom"], sides["left"]))
    for record in json.loads((DATA / "starts.json").read_text())["records"]:
        for row, kind in enumerate(record["rows"]):  # the starting tile's four cells, effects on the right only
            found[f"{record['id']}.{row + 1}"] = (LETTER[kind], ("", record["right"][row], "", ""))
    return found


@cache
def characters() -> dict[str, dict]:
    return {r["id"]: r for r in json.loads((DATA / "characters.json").read_text())["records"]}


@cache
def objective_points() -> dict[str, int]:
    return {r["id"]: r["points"] for r in json.loads((DATA / "objectives.json").read_text())["records"]}


def realm(seat: dict) -> dict[tuple[int, int], str]:
    return {(row, col): tile for row, col, tile in seat["realm"]}


def powers(seat: dict) -> set[str]:
    return {characters()[cid]["power"] for cid in seat["played"]}


def touches(pos, cells) -> bool:
    return any((pos[0] + dr, pos[1] + dc) in cells for dr, dc in STEPS)


# -- where a landscape may go ---------------------------------------------------------------


def placements(state: dict, seat: int) -> set[tuple[int, int]]:
    """Every cell the landscape just taken may be placed on: in the realm row of the board row it
    came from (Sinbad: or a row next to it; Harun: any of rows 1-4), right of the starting tile,
    empty, and beside (not diagonally) a landscape already there."""
    record = state["seats"][seat]
    here = realm(record)
    row = state["pending"]["row"]
    held = powers(record)
    rows = {0, 1, 2, 3} if "place_any_row" in held else {row - 1, row, row + 1} & {0, 1, 2, 3} \
        if "place_adjacent_row" in held else {row}
    widest = max(col for _, col in here) + 1
    return {(r, c) for r in rows for c in range(1, widest + 1) if (r, c) not in here and touches((r, c), here)}


def genie_destinations(state: dict, seat: int, tile: str) -> set[tuple[int, int]]:
    """Where the Genie may move ``tile``: right of the starting tile, in rows 1-4 (Abriza: any
    row), empty, beside another landscape, and not straight back to where it last came from."""
    record = state["seats"][seat]
    here = realm(record)
    origin = next(pos for pos, placed in here.items() if placed == tile)
    others = {pos for pos in here if pos != origin}
    any_row = "genie_any_row" in powers(record)
    back = state["pending"]["moved_from"].get(tile)
    rows = range(min(r for r, _ in here) - 1, max(r for r, _ in here) + 2) if any_row else range(4)
    widest = max(col for _, col in here) + 1
    return {(r, c) for r in rows for c in range(1, widest + 1)
            if (r, c) not in here and touches((r, c), others) and [r, c] != back}


# -- the final score ------------------------------------------------------------------------------


def kinds(here: dict) -> dict[tuple[int, int], str]:
    return {pos: tiles()[tile][0] for pos, tile in here.items()}


def of_kind(kind_at: dict, letter: str) -> set:
    return {pos for pos, kind in kind_at.items() if kind == letter}


def jars_shown(side) -> int:
    """Jars on a side: one for "jar", one per entry of a list of jars (["jar", "jar"])."""
    return len(side) if isinstance(side, list) else int(side == "jar")


def jars(here: dict, pairs: bool) -> int:
    """Jars activated in the layout: each pair of touching landscapes looked at once, where an
    activation side (arrow) fires the effect side it touches (Zahra: two effect sides fire each other)."""
    count = 0
    for (r, c), tile in here.items():
        for side in (1, 2):  # right and down: every touching pair once
            dr, dc = STEPS[side]
            other = here.get((r + dr, c + dc))
            if other is None:
                continue
            mine, theirs = tiles()[tile][1][side], tiles()[other][1][(side + 2) % 4]
            if not mine or not theirs or mine == theirs == ARROW:
                continue
            if mine == ARROW:
                count += jars_shown(theirs)
            elif theirs == ARROW:
                count += jars_shown(mine)
            elif pairs:
                count += jars_shown(mine) + jars_shown(theirs)
    return count


def palace_worth(kind_at: dict) -> list[int]:
    """What each palace earns: itself and every oasis or market beside it, if it has one."""
    worth = []
    for pos in of_kind(kind_at, "P"):
        beside = sum(1 for dr, dc in STEPS if kind_at.get((pos[0] + dr, pos[1] + dc)) in ("O", "M"))
        worth.append(1 + beside if beside else 0)
    return worth


def character_points(power: str, kind_at: dict, seat: dict, jar_count: int, owned: list) -> int:
    """The scoring characters' end-of-game texts (engine/almadi/data/characters.json)."""
    count = {letter: len(of_kind(kind_at, letter)) for letter in "OCMP"}
    beside = lambda letter, other: sum(1 for pos in of_kind(kind_at, letter)  # noqa: E731
                                       if any(kind_at.get((pos[0] + dr, pos[1] + dc)) == other for dr, dc in STEPS))
    if power == "full_columns":
        cols = {c for _, c in kind_at if c >= 1}
        return 3 * sum(1 for c in cols if all((r, c) in kind_at for r in range(4)))
    if power == "long_rows":
        rows = {r for r, _ in kind_at}
        return 2 * sum(1 for r in rows if sum(1 for rr, _ in kind_at if rr == r) >= 6)
    return {
        "jar_bonus": jar_count,
        "forgive_objectives": sum(points for points, done in owned if not done),
        "completed_objectives": 2 * sum(1 for _, done in owned if done),
        "oasis_groups": 2 * sum(1 for size in groups(of_kind(kind_at, "O")) if size >= 2),
        "per_caravan": count["C"], "per_stall": seat["stalls"], "per_mosaic": seat["mosaics"],
        "per_two_rubies": seat["rubies"] // 2, "per_palace": count["P"],
        "markets_by_caravans": beside("M", "C"), "oases_by_caravans": beside("O", "C"),
        "all_types_four": 3 if all(n >= 4 for n in count.values()) else 0,
    }[power]


def breakdowns(state: dict) -> list[dict[str, int]]:
    """Each seat's points per category, as a person adds them up at the end of the game."""
    seats = state["seats"]
    with_characters = bool(state["characters"])
    largest = [max((s for s in groups(of_kind(kind_at, "O")) if s >= 2), default=0)
               for kind_at in (kinds(realm(seat)) for seat in seats)]
    rubies = [seat["rubies"] for seat in seats]
    places = RUBY_PLACES.get(len(seats), RUBY_PLACES_3_TO_5)
    result = []
    for index, seat in enumerate(seats):
        kind_at = kinds(realm(seat))
        oases = 3 * sum(size for size in groups(of_kind(kind_at, "O")) if size >= 2)
        if largest[index] and largest[index] == max(largest):
            oases += 6
        goods = 4 * len(of_kind(kind_at, "M")) + 2 * seat["stalls"]
        carry = sum(CARRIES.get(size, CARRIES_8_OR_MORE) for size in groups(of_kind(kind_at, "C")))
        worth = palace_worth(kind_at)
        served = {(r + dr, c + dc) for r, c in of_kind(kind_at, "P") for dr, dc in STEPS} \
            & (of_kind(kind_at, "O") | of_kind(kind_at, "M"))
        jar_count = jars(realm(seat), "effect_pairs" in powers(seat))
        owned = [(objective_points()[o["id"]], o["done"]) for o in seat["objectives"]]
        ahead = sum(1 for other in rubies if other > seat["rubies"])
        ruby_points = seat["rubies"] // 2 if with_characters else \
            0 if not seat["rubies"] else places[ahead] if ahead < len(places) else 0
        row = {
            "Oases": oases,
            "Caravans": min(goods, carry),
            "Palaces": sum(1 for w in worth if w) + len(served),
            "Jars": jar_count,
            "Mosaics": sum(sorted(worth, reverse=True)[:seat["mosaics"]]),
            "Objectives": sum(points if done else -points for points, done in owned),
            "Rubies": ruby_points,
        }
        if with_characters:
            row["Characters"] = sum(character_points(characters()[cid]["power"], kind_at, seat, jar_count, owned)
                                    for cid in seat["played"] if characters()[cid]["category"] == "scoring")
        result.append(row)
    return result

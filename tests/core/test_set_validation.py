"""Whole-set validation: a component set that breaks one rule of a game's validation (a count
per kind, a total the rules state, a usable effect) is refused by ``problems``, which names the
record that breaks it and why; the same set without the break has no problems."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.component_sets import ComponentSet, Problem, problems
from engine.core import components
from engine.core.box import Path, with_value
from engine.registry import BUILT_IN_GAMES

ADDED = "added"
"""A break that adds a record (a copy of the named one, under a new id) instead of changing it."""

BREAKS: list[tuple[str, str, str, Path, Any, str]] = [
    # game, file, record, where in it, what it becomes, what the problem says
    ("almadi", "landscapes", "O01", (ADDED,), "O23", "expected 88 landscapes, found 89"),
    ("almadi", "landscapes", "O01", ("sides",), {name: "arrow" for name in ("top", "right", "bottom", "left")},
     "a tile needs at least one arrow and at least one effect"),
    ("almadi", "landscapes", "O01", ("sides",), {name: "moon" for name in ("top", "right", "bottom", "left")},
     "a tile needs at least one arrow and at least one effect"),
    ("almadi", "landscapes", "O01", ("sides", "top"), ["moon", "moon"], "top side ['moon', 'moon'] is neither"),
    ("almadi", "landscapes", "O01", ("type",), "caravan", "the oasis tiles must be O01..O22, 22 of them"),
    ("almadi", "starts", "S1", ("rows", 0), "market", "rows must list the four landscape types"),
    ("almadi", "starts", "S1", ("right", 0), "dragon", "right must list 4 sides"),
    ("almadi", "objectives", "red-group3", ("colour",), "purple", "colour must be one of"),
    ("almadi", "objectives", "red-group3", ("points",), 0, "points must be a positive whole number"),
    ("almadi", "objectives", "red-group3", ("requirement", "n"), None, "requirement group needs a valid 'n'"),
    ("almadi", "objectives", "red-group3", ("requirement", "kind"), "dragon", "requirement kind must be one of"),
    ("almadi", "objectives", "red-group3", (ADDED,), "red-extra", "expected 32 objectives, found 33"),
    ("almadi", "characters", "hussain", ("power",), "jar_bonus", "is not a known power power"),
    ("almadi", "characters", "hussain", ("cost",), -1, "cost must be a whole number of rubies"),
    ("almadi", "characters", "hussain", ("name",), None, "name, title and text must be strings"),
    ("thebai", "cadmea", "green-4", ("colour",), "neutral", "each player colour has 9 Cadmea tiles (green)"),
    ("thebai", "cadmea", "green-4", ("roofs", 0), "gold", "four roof colours, north east south west"),
    ("thebai", "cadmea", "green-4", ("effect",), [{"promote": {"n": 1, "kind": "dragon"}}],
     "kind must be one of any, citizen, hoplite"),
    ("thebai", "cadmea", "green-4", ("effect",), [{"gain": {"drachma": "P"}}], "'P' is not a count"),
    ("thebai", "cadmea", "green-4", ("effect",), [{"fly": 1}], "unknown operation 'fly'"),
    ("thebai", "cadmea", "green-4", ("effect",), [{"pay": {"cost": {}, "then": [{"vp": 1}]}}],
     "a cost is an object of resources"),
    ("thebai", "cadmea", "green-4", ("effect",), [{"choose": [{"then": [{"vp": 1}]}]}],
     "choose needs at least two alternatives"),
    ("thebai", "cadmea", "green-1", ("effect",), [{"gain": {"drachma": 2}}],
     "a green tile gives 1 drachma and 1 pottery"),
    ("thebai", "contracts", "s1", ("suit",), "red", "suit must be one of"),
    ("thebai", "contracts", "s1", ("cost",), {"gold": 1}, "'gold' is not a resource"),
    ("thebai", "contracts", "s1", ("reward",), [{"gain": {"drachma": 3}}, {"devotion": {"n": 1}}],
     "the rulebook's contract (2 grapes: 2 drachma and a devotion step) exists"),
    ("thebai", "invaders", "tydeus", ("modifier",), -1, "invader modifiers are whole numbers >= 0"),
    ("thebai", "gates", "proetid", (ADDED,), "eighth", "seven gate tiles"),
    ("thebai", "gates", "electran", ("loot",), [{"gain": {}}], "gains nothing"),
    ("thebai", "commanders", "hyperbius", ("ability",), "row", "the appendix's eight commanders"),
    ("thebai", "roofs", "white", ("effect",), [{"contract": 1}], "a white roof takes a contract and exchanges once"),
    ("thebai", "roofs", "white", ("short",), "br", "roof short names must differ"),
    ("thebai", "fate", "conflict-1", ("row",), 8, "conflict tiles are numbered 1-7"),
    ("thebai", "fate", "alpha", ("order",), "later", "alpha: stack/order"),
    ("thebai", "heralds", "herald-1", ("column",), 9, "herald-1: column and space"),
    ("thebai", "council", "markers-2", ("markers",), 4, "3, 4 or 5 collapse markers by player count"),
    ("thebai", "council", "tl-1", ("criterion", "metric"), "gates", "the main board carries the 15 criteria"),
    ("thebai", "council", "collapse-1", ("spaces", 0), "tr-2", "collapse-1: five distinct council spaces"),
    ("thebai", "devotion", "final-citizen", ("vps", 3), 9, "2 VP at the bottom up to 8 VP on top"),
    ("thebai", "devotion", "dionysus-1", ("yellow",), None, "dionysus-1: a step from 1, yellow or not"),
    ("thebai", "estate", "col-3", ("vp",), 8, "the second column to empty scores 9 VP"),
    ("thebai", "estate", "r1c1", ("name",), "Construction", "r1c1: a name of 1-8 letters"),
    ("thebai", "battle_vp", "surplus-2", ("vp",), 3, "surplus 2 gives 2 VP"),
    ("thebai", "setup", "place-1", ("faces", 0), 6, "place-1: three citizen dice faces and drachma"),
    ("pantheon", "gods", "surparit-1", ("needs",), [2, 4], "needs are listed from the topmost (largest) down"),
    ("pantheon", "gods", "surparit-1", ("needs", 0), 9, "needs must list 1-4 offering counts"),
    ("pantheon", "gods", "surparit-1", ("kind",), "permanent", "surparit is instant"),
    ("pantheon", "gods", "surparit-1", (ADDED,), "surparit-9", "there must be 40 god tiles"),
    ("pantheon", "gods", "stonkus-1", ("money",), 3, "Stonkus gives 1 or 2 money"),
    ("pantheon", "loot", "reserve-2", ("count",), 7, "the loot tiles must number 40"),
    ("pantheon", "loot", "reserve-2", ("effect",), "dragon", "unknown effect 'dragon'"),
    ("pantheon", "bonus", "bonus-god", (ADDED,), "bonus-extra", "there must be 6 bonus tiles"),
    ("pantheon", "demigods", "1", ("count",), 5, "the demigods must number 21"),
    ("pantheon", "demigods", "1", ("value",), 7, "value must be 1-6"),
    ("pantheon", "cards", "money1", ("count",), 14, "the action cards must number 75"),
    ("pantheon", "cards", "money5", ("money",), 6, "special money: 2x2, 2x3, 2x4, 1x5"),
    ("pantheon", "offerings", "gifts", ("prices", 1), 1, "gifts: 4 rising prices"),
    ("pantheon", "offerings", "dancers", ("prices", 0), 2, "rulebook: dancers level 1 cost 1"),
    ("pantheon", "nations", "gallia", ("start",), "F4", "gallia: F4 must be a land hex without a column site"),
    ("pantheon", "nations", "gallia", ("start",), "Z99", "gallia: 'Z99' is not a hex of the map"),
    ("pantheon", "map", "F4", ("column_site",), True, "F4: a column hex must be land"),
    ("pantheon", "map", "B1", ("col",), 0, "B1: two hexes at one position"),
    ("polis", "poleis", "korinthos", ("base",), 5, "korinthos: base must be a whole number from 1 to 4"),
    ("polis", "poleis", "chalkis", ("start",), None, "3 poleis start Athenian, 3 Spartan, 12 neutral"),
    ("polis", "poleis", "chalkis", ("type",), "royal", "chalkis: type must be one of"),
    ("polis", "projects", "parthenon", ("cost",), {}, "parthenon: a project costs something"),
    ("polis", "projects", "parthenon", (ADDED,), "colossus", "there are 14 project tiles"),
    ("polis", "combat", "mercenary", ("count",), 5, "there are 24 combat cards"),
    ("polis", "combat", "phalanx-1", ("formation",), None, "formation cards (only) name their formation"),
    ("polis", "events", "no-event-1", ("count",), 3, "there are 40 event cards"),
    ("polis", "events", "no-event-1", ("deck",), "5", "no-event-1: deck must be 1 to 4"),
    ("polis", "events", "no-event-1", ("effects",), [{"op": "dragon"}], "unknown effect 'dragon'"),
    ("polis", "trade", "persia", ("shipload",), 0, "persia: shipload must be a whole number from 1 to 9"),
    ("polis", "map", "attika", ("tribute",), [], "attika: a region has a tribute box exactly when it holds a polis"),
    ("polis", "map", "attika", ("links",), ["korinthia"], "the link to"),
    ("polis", "start", "athens", ("prestige",), 0, "athens: prestige must be a whole number from 1 to 30"),
    ("polis", "start", "athens", ("cubes",), 10, "athens: the starting position uses more than its 10 cubes"),
]


def built_in(game: str, file: str, record_id: str) -> dict[str, Any]:
    return copy.deepcopy(next(r for r in components.builtin_records(game, file) if r["id"] == record_id))


def broken(game: str, file: str, record_id: str, path: Path, value: Any) -> dict[str, Any]:
    record = built_in(game, file, record_id)
    if path == (ADDED,):
        return {**record, "id": value}
    return with_value(record, path, value)


def set_of(game: str, file: str, record: dict[str, Any]) -> ComponentSet:
    return ComponentSet("my-box", "My box", {game: {file: ({**record, "provenance": "owner"},)}})


@pytest.fixture(autouse=True)
def built_in_after():
    yield
    for game in BUILT_IN_GAMES:
        components.select(game, None)


@pytest.mark.parametrize(("game", "file", "record_id", "path", "value", "message"), BREAKS,
                         ids=[f"{game}-{file}-{message[:30]}" for game, file, _, _, _, message in BREAKS])
def test_a_set_breaking_one_rule_names_the_record_and_the_rule(game, file, record_id, path, value, message):
    record = broken(game, file, record_id, path, value)
    found = problems(set_of(game, file, record), game)
    assert [(p.game, p.file, p.record) for p in found] == [(game, file, record["id"])], found
    assert message in found[0].message
    assert problems(set_of(game, file, built_in(game, file, record_id)), game) == []


SHAPES = [
    # a record whose fields are not of the kind the validation reads: a Problem, not a crash
    ("almadi", "landscapes", "O01", ("sides",), "arrow"),
    ("almadi", "objectives", "red-group3", ("requirement",), 3),
    ("almadi", "starts", "S1", ("rows",), None),
    ("thebai", "cadmea", "green-4", ("effect",), {"gain": 1}),
    ("thebai", "cadmea", "green-4", ("colour",), None),
    ("thebai", "council", "tl-1", ("criterion",), None),
    ("thebai", "devotion", "final-citizen", ("vps",), "2 4 6 8"),
    ("thebai", "estate", "r1c1", ("effect",), None),
    ("thebai", "fate", "conflict-1", ("stack",), None),
    ("thebai", "setup", "place-1", ("faces",), 3),
    ("pantheon", "gods", "surparit-1", ("needs",), "4 2"),
    ("pantheon", "nations", "gallia", ("symbols",), None),
    ("pantheon", "cards", "movement", ("count",), "16"),
    ("pantheon", "offerings", "gifts", ("prices",), None),
    ("polis", "poleis", "chalkis", ("arrows",), None),
    ("polis", "events", "no-event-1", ("effects",), [3]),
    ("polis", "map", "attika", ("links",), None),
    ("polis", "trade", "persia", ("prices",), [[2]]),
    ("polis", "start", "athens", ("poleis",), None),
]


@pytest.mark.parametrize(("game", "file", "record_id", "path", "value"), SHAPES)
def test_a_record_of_the_wrong_shape_is_a_problem_not_a_crash(game, file, record_id, path, value):
    record = broken(game, file, record_id, path, value)
    found = problems(set_of(game, file, record), game)
    assert found and all(isinstance(p, Problem) and p.message for p in found)
    assert [p.record for p in found] == [record_id]

"""Almadi component data: counts and rules of the set, provenance, and user overrides."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from engine.almadi.catalog import EFFECTS, catalog
from engine.core import components
from engine.core.components import ComponentDataError


def records(name):
    return json.loads((components.resources.files("engine.almadi") / "data" / f"{name}.json").read_text())["records"]


def test_landscapes():
    tiles = records("landscapes")
    assert len(tiles) == 88
    assert Counter(t["type"] for t in tiles) == {"oasis": 22, "caravan": 22, "market": 22, "palace": 22}
    for tile in tiles:
        sides = list(tile["sides"].values())
        assert "arrow" in sides and any(s in EFFECTS for s in sides)
        assert tile["provenance"] == "reconstructed"
    icons = Counter(s for t in tiles for s in t["sides"].values())
    assert set(icons) == {"arrow", *EFFECTS} and min(icons[e] for e in EFFECTS) >= 20
    # the 10 tiles per type of a 2-player game still carry every effect
    small = Counter(s for t in tiles if int(t["id"][1:]) <= 10 for s in t["sides"].values())
    assert all(small[e] >= 6 for e in EFFECTS)


def test_starting_tiles_objectives_characters():
    starts = records("starts")
    assert len(starts) == 5 and all(sorted(s["rows"]) == ["caravan", "market", "oasis", "palace"] for s in starts)
    assert len({tuple(s["rows"]) + tuple(s["right"]) for s in starts}) == 5
    objectives = records("objectives")
    assert len(objectives) == 32
    assert Counter(o["colour"] for o in objectives) == {"red": 6, "yellow": 6, "blue": 6, "green": 6, "grey": 8}
    assert {o["points"] for o in objectives} == {6, 9}
    characters = records("characters")
    assert len(characters) == 26
    by_id = {c["id"]: c for c in characters}
    assert by_id["hussain"]["cost"] == 3 and by_id["hussain"]["provenance"] == "rulebook"
    assert by_id["abriza"]["power"] == "genie_any_row"
    assert len(catalog().faces) == 88 + 20


def test_broken_override_names_the_record(tmp_path):
    tiles = records("landscapes")
    tiles[5]["sides"]["left"] = "camel"
    folder = tmp_path / "almadi"
    folder.mkdir()
    (folder / "landscapes.json").write_text(json.dumps({"game": "almadi", "name": "landscapes", "records": tiles}))
    components.set_override_dir(tmp_path)
    try:
        with pytest.raises(ComponentDataError, match=r"record 'O06': left side 'camel'"):
            catalog()
    finally:
        components.set_override_dir(None)
    assert catalog().faces["O06"][1][3] != "camel"


def test_valid_override_is_used(tmp_path):
    tiles = records("landscapes")
    tiles[0]["sides"] = {"top": "ruby", "right": "ruby", "bottom": "ruby", "left": "arrow"}
    folder = tmp_path / "almadi"
    folder.mkdir()
    (folder / "landscapes.json").write_text(json.dumps({"game": "almadi", "name": "landscapes", "records": tiles}))
    components.set_override_dir(tmp_path)
    try:
        assert catalog().faces["O01"][1] == ("ruby", "ruby", "ruby", "arrow")
    finally:
        components.set_override_dir(None)
    assert catalog().faces["O01"][1] == ("jar", "moon", "arrow", "arrow")


def test_character_override_without_a_title_is_refused(tmp_path):
    characters = records("characters")
    del characters[3]["title"]
    folder = tmp_path / "almadi"
    folder.mkdir()
    (folder / "characters.json").write_text(json.dumps({"game": "almadi", "name": "characters", "records": characters}))
    components.set_override_dir(tmp_path)
    try:
        with pytest.raises(ComponentDataError, match=rf"record '{characters[3]['id']}': name, title and text"):
            catalog()
    finally:
        components.set_override_dir(None)

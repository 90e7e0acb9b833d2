"""Thebai's component data: the built-in set obeys the rulebook, and a user's corrected file is
used when it does and refused, with the reason, when it does not."""

import json
from importlib import resources

import pytest

from engine.core import components
from engine.core.components import ComponentDataError
from engine.thebai.catalog import FILES, catalog, data_version
from engine.thebai.effects import number


@pytest.fixture
def override(tmp_path):
    folder = tmp_path / "thebai"
    folder.mkdir()
    components.set_override_dir(tmp_path)
    yield folder
    components.set_override_dir(None)


def builtin(name):
    return json.loads(resources.files("engine.thebai").joinpath("data", f"{name}.json").read_text())


def write(folder, name, document):
    (folder / f"{name}.json").write_text(json.dumps(document), encoding="utf-8")


def test_the_built_in_set_has_the_rulebooks_counts():
    cat = catalog()
    assert len(cat.tiles) == 4 * 9 + 12 and len(cat.gates) == 7 and len(cat.commanders) == 8
    assert len(cat.invaders) > 7 and sum(c["start"] for c in cat.contracts.values()) == 6
    assert len([t for t in cat.fate.values() if t["kind"] == "peace"]) == 7
    assert sorted(t["row"] for t in cat.fate.values() if t["kind"] == "conflict") == list(range(1, 8))
    assert len(cat.estate) == 15 and cat.refresh_face == {0: 0, 1: 2, 2: 3, 3: 4, 4: 4}
    assert cat.markers == {2: 3, 3: 4, 4: 5} and cat.strategos == (2, 3, 4, 5)


def test_every_record_says_where_it_comes_from():
    for name in FILES:
        records = builtin(name)["records"]
        assert all(r["provenance"] in ("rulebook", "public", "reconstructed") for r in records), name


def test_die_power_numbers():
    numbers = [number("P", 2), number("P+1", 2), number("2P", 3), number("3-P", 2), number("4-P", 3), number("3-P", 3)]
    assert numbers == [2, 3, 6, 1, 1, 0]


def test_a_valid_correction_is_used_and_changes_the_data_version(tmp_path):
    before = data_version()
    invaders = builtin("invaders")
    invaders["records"][0]["modifier"] = 0
    (tmp_path / "thebai").mkdir()
    write(tmp_path / "thebai", "invaders", invaders)
    components.set_override_dir(tmp_path)
    try:
        assert catalog().invaders[invaders["records"][0]["id"]]["modifier"] == 0
        assert data_version() != before
    finally:
        components.set_override_dir(None)


@pytest.mark.parametrize("name, edit, message", [
    ("gates", lambda d: d["records"].pop(), "seven gate tiles"),
    ("cadmea", lambda d: d["records"][0].update(roofs=["white", "brown", "slate"]), "green-1: four roof colours"),
    ("contracts", lambda d: d["records"][7]["reward"].append({"teleport": 1}), "b2 op 3: unknown operation 'teleport'"),
    ("estate", lambda d: d["records"][8].update(effect=[{"gain": {"drachma": 2}}]), "r2c1 must give drachma"),
    ("fate", lambda d: d["records"][-1].update(row=1), "conflict tiles No.1-7"),
    ("council", lambda d: d["records"][1]["criterion"].update(metric="luck"), "tl-1: criterion"),
    ("devotion", lambda d: d["records"][2].update(reward=[{"vp": -1}]), "dionysus-1 op 1 (vp): -1 is not a count"),
    ("battle_vp", lambda d: d["records"][2].update(vp=5), "surplus 2 gives 2 VP"),
    ("gates", lambda d: d["records"][0].pop("loot"), "a record is malformed (KeyError: 'loot')"),
])
def test_a_broken_correction_is_refused_naming_the_problem(override, name, edit, message):
    document = builtin(name)
    edit(document)
    write(override, name, document)
    with pytest.raises(ComponentDataError) as error:
        catalog()
    assert message in str(error.value) and f"{name}.json" in str(error.value)

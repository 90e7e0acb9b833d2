import json
from pathlib import Path

import pytest

import engine.pantheon.catalog as catalog_module
from engine.core import components
from engine.core.components import ComponentDataError
from engine.pantheon.catalog import catalog
from engine.pantheon.scoring import (
    COLUMN_TABLE,
    EPOCH_END_BONUS,
    column_points,
    demigod_points,
    god_tile_points,
    interim_scoring,
    pietalte_points,
)


def test_component_counts_match_the_rulebook():
    cat = catalog()
    assert len(cat.gods) == 40
    assert sum(cat.demigods.values()) == 21 and set(cat.demigods) == set(range(1, 7))
    assert sum(r["count"] for r in cat.loot.values()) == 40
    assert len(cat.bonus) == 6
    assert sum(cat.action_deck.values()) == 75 and cat.action_deck["movement"] == 16 and cat.action_deck["money1"] == 15
    assert sum(n for k, n in cat.action_deck.items() if k in ("gifts", "priests", "dancers", "temples")) == 44
    assert cat.special_money == (2, 2, 3, 3, 4, 4, 5)
    assert len(cat.nations) == 8 and all(len(n["symbols"]) == 5 for n in cat.nations.values())
    assert {r["god"] for r in cat.gods.values()} == {"surparit", "plaesiris", "taksator", "depraccus", "vinthrad",
                                                      "gaiviles", "stonkus", "gadicea", "pietalte", "traitera"}


def test_offering_prices_obey_the_rulebook_examples():
    prices = catalog().prices
    assert prices["dancers"][0] == 1 and prices["dancers"][2] == 6
    assert prices["temples"][2] - prices["temples"][0] == 5
    assert prices["dancers"][0] + prices["priests"][1] == 4


def test_every_symbol_and_start_hex_can_be_reached_by_feet():
    cat = catalog()
    for nation in cat.nations.values():
        reached, frontier = {nation["start"]}, [nation["start"]]
        while frontier:
            for h in cat.neighbours[frontier.pop()]:
                if h not in reached and h not in cat.column_sites:
                    reached.add(h)
                    frontier.append(h)
        for other in cat.nations.values():
            assert set(other["symbols"]) <= reached, (nation["id"], other["id"])


def test_a_user_override_that_breaks_a_count_is_refused(tmp_path):
    folder = tmp_path / "pantheon"
    folder.mkdir()
    gods = json.loads((Path(catalog_module.__file__).parent / "data" / "gods.json").read_text())
    gods["records"] = gods["records"][:39]
    (folder / "gods.json").write_text(json.dumps(gods))
    components.set_override_dir(tmp_path)
    try:
        with pytest.raises(ComponentDataError, match="40 god tiles"):
            catalog_module.reload()
    finally:
        components.set_override_dir(None)
        catalog_module.reload()


def test_column_table():
    assert COLUMN_TABLE[0] == (1, 3, 1)
    assert [column_points(n) for n in (0, 1, 3, 4, 7, 8, 11, 12)] == [0, 1, 3, 8, 14, 24, 33, 48]
    with pytest.raises(ValueError):
        column_points(13)


def test_scoring_example_from_the_rulebook():
    # Red: demigods 3 and 2, five columns on the board -> 5 + 10 = 15 points.
    part = interim_scoring(5, [3, 2])
    assert part == {"demigods": 5, "columns": 10, "pietalte": 0}
    assert sum(part.values()) == 15
    assert interim_scoring(5, 5)["demigods"] == 5


def test_pietalte_examples():
    assert pietalte_points(1, [1, 3]) == 4
    assert pietalte_points(2, [1, 3]) == 8
    assert demigod_points([6, 1]) == 7


def test_god_points_and_epoch_bonus():
    assert [god_tile_points(e) for e in range(1, 7)] == [1, 2, 3, 4, 5, 6]
    assert EPOCH_END_BONUS == 3
    with pytest.raises(ValueError):
        god_tile_points(7)


def test_a_selected_set_is_in_the_catalog_at_once_and_leaving_it_gives_the_built_in_one_back():
    record = dict(components.builtin_records("pantheon", "offerings")[0], label="Gifts of the set")
    built_in = catalog().tile_labels[record["id"]]
    components.select("pantheon", components.Layer("set 'Mine'", {"offerings": (record,)}))
    try:
        assert catalog().tile_labels[record["id"]] == "Gifts of the set"
    finally:
        components.select("pantheon", None)
    assert catalog().tile_labels[record["id"]] == built_in

"""Loot tile effects, bonus tiles and the bonus-choosing variant."""

from engine.pantheon.loot import effect

from .helpers import ids, new_match, put, refresh, run_next, step, supply, table


def resolve(m, seat, kind, n, source="loot"):
    run_next(m, effect(seat, kind, n, source))


def test_reserve_takes_feet_or_columns_from_the_general_supply():
    m = table()
    resolve(m, 0, "reserve", 2)
    assert ids(m, 0) == ["feet", "columns"]
    m.choose(0, "columns")
    assert m.state["players"][0]["columns"] == 5


def test_reserve_is_limited_by_the_general_supply():
    m = table()
    supply(m, 0, feet=11)
    resolve(m, 0, "reserve", 2)
    assert ids(m, 0) == ["feet", "columns"] and "Take 1 feet" in m.labelled(0)[0].label
    m.choose(0, "feet")
    assert m.state["players"][0]["feet"] == 12


def test_column_loot_places_a_column_on_any_free_column_hex():
    m = table(temple="J5")
    put(m, 1, columns=["B1"])
    put(m, 2, columns=["B1"])
    resolve(m, 0, "column", 1)
    choices = ids(m, 0)
    assert "column:R11" not in choices and "column:B1" not in choices and "column:C1" in choices
    m.choose(0, "column:Q11")
    p = m.state["players"][0]
    assert p["columns_on"] == ["Q11"] and p["columns"] == 3 and p["columns_general"] == 8  # from the general supply


def test_offering_2x_can_be_split_upgrade_and_new_tile():
    m = table()
    m.state["players"][0]["tiles"]["priests"] = 1
    refresh(m)
    resolve(m, 0, "offering", 2)
    m.choose(0, "upgrade:priests")
    m.choose(0, "new:gifts")
    assert m.state["players"][0]["tiles"]["priests"] == 2 and m.state["players"][0]["tiles"]["gifts"] == 1
    assert step(m)["step"] == "turn"


def test_money_and_draw_cards_and_demigod_by_bonus():
    m = table()
    m.state["special_money"] = [3, 4]
    resolve(m, 0, "money", 1)
    assert m.state["players"][0]["hand"] == {"money3": 1}
    resolve(m, 1, "cards", 3)
    m.draw_all()
    assert sum(m.state["players"][1]["hand"].values()) == 3
    m.state["demigod_display"] = [6]
    resolve(m, 2, "demigod", 1, source="bonus")       # a bonus demigod comes from the stack
    assert step(m) == {"step": "demigod", "seat": 2}
    m.draw_all()
    assert m.state["players"][2]["demigods"][0] in (1, 2, 3) and m.state["demigod_display"] == [6]


def test_bonus_tiles_are_dealt_and_act_after_the_first_preparation():
    m = new_match(3, seed=2)
    while m.state["epoch"] == 0 or step(m)["step"] in ("nation", "reveal_god", "place_loot", "demigod"):
        m.draw()
    bonuses = [p["bonus"] for p in m.state["players"]]
    assert all(bonuses) and len(set(bonuses)) == 3
    assert m.state["players"][0]["vp"]["gods"] == 0


def test_choosing_variant_last_player_picks_first():
    m = new_match(3, seed=2, bonus="choose")
    m.draw_all()
    assert m.decision.actors == (2,) and len(ids(m, 2)) == 6
    m.choose(2, "bonus:bonus-god")
    assert m.decision.actors == (1,) and "bonus:bonus-god" not in ids(m, 1)
    m.choose(1, "bonus:bonus-money")
    m.choose(0, "bonus:bonus-cards")
    assert [p["bonus"] for p in m.state["players"]] == ["bonus-cards", "bonus-money", "bonus-god"]

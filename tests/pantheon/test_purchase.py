"""Purchase: offering tiles with upgrade by difference, feet and columns, placing for money."""

from .helpers import give, hint, ids, label, own_gods, put, step, table


def test_rulebook_purchase_example_spends_eight_money_exactly():
    # Green plays 8 money (one 3, five 1s): dancers level 1 and priests level 2 (4), a foot
    # and a column into the supply (2), then that column onto a hex with yellow's column (2).
    m = table(temple="J5")
    give(m, 0, money3=1, money1=5)
    put(m, 0, feet=["J4"])
    put(m, 1, columns=["K4"])
    m.choose(0, "buy")
    assert label(m, 0, "tile:dancers:1") == "Dancers tile L1 — 1 money"
    assert label(m, 0, "tile:priests:2") == "Priests tile L2 — 3 money"
    m.choose(0, "tile:dancers:1")
    m.choose(0, "tile:priests:2")
    m.choose(0, "buy:foot")
    m.choose(0, "buy:column")
    assert label(m, 0, "column:K4") == "Column K4 — 2 money"
    assert hint(m, 0, "column:K4") == "shared; pays with 2 money cards of 1"
    m.choose(0, "column:K4")
    p = m.state["players"][0]
    assert p["hand"] == {}
    assert step(m)["budget"] == 0
    assert p["tiles"]["dancers"] == 1 and p["tiles"]["priests"] == 2
    assert p["columns_on"] == ["K4"] and p["feet"] == 4 and p["columns"] == 3
    assert m.state["discard"] == {"money1": 5, "money3": 1}


def test_an_upgrade_costs_the_difference_temples_one_to_three_is_five():
    m = table()
    m.state["players"][0]["tiles"]["temples"] = 1
    give(m, 0, money1=5)
    m.choose(0, "buy")
    assert label(m, 0, "tile:temples:3") == "Temples L1 → L3 — 5 money"
    assert "tile:temples:4" not in ids(m, 0)          # 9 more: too dear
    m.choose(0, "tile:temples:3")
    assert m.state["players"][0]["tiles"]["temples"] == 3
    assert m.state["tile_stock"]["temples"] == [4, 3]  # the 1/2 tile went to the box


def test_one_tile_per_kind_in_a_purchase_and_double_sided_tiles_flip():
    m = table()
    give(m, 0, money1=6)
    m.choose(0, "buy")
    m.choose(0, "tile:gifts:1")
    assert not any(c.startswith("tile:gifts") for c in ids(m, 0))
    m.choose(0, "end")
    m.state["flow"] = [{"step": "turn", "seat": 0}]
    m.state_edited()
    m.choose(0, "buy")
    m.choose(0, "tile:gifts:2")
    assert m.state["tile_stock"]["gifts"] == [3, 4]   # 1 -> 2 flips the same tile


def test_no_change_is_given_but_the_rest_serves_the_same_purchase():
    m = table(temple="J5")
    give(m, 0, money3=1)
    m.choose(0, "buy")
    assert "pays with 1 money card of 3" in next(c.hint for c in m.labelled(0) if c.id == "buy:foot")
    m.choose(0, "buy:foot")
    assert step(m)["budget"] == 2
    m.choose(0, "foot:J4")
    assert step(m)["budget"] == 1
    assert "1 money left over is lost" in next(c.hint for c in m.labelled(0) if c.id == "end")
    m.choose(0, "end")
    assert m.state["players"][0]["hand"] == {}
    assert m.log_lines(None)[-1] == "Ann ends the purchase; 1 money left over is lost."


def test_least_waste_payment_is_chosen():
    m = table()
    give(m, 0, money1=1, money3=1, money2=1)
    m.choose(0, "buy")
    m.choose(0, "tile:dancers:2")                      # 3: the 3-card alone, or 1+2
    spent = m.state["discard"]
    assert sum(int(k[5:]) * n for k, n in spent.items()) == 3 and step(m)["budget"] == 0


def test_stonkus_buys_without_money_cards_and_not_in_movement():
    m = table(temple="J5")
    own_gods(m, 0, "stonkus-4", "stonkus-1")           # 2 + 1 money
    assert "buy" in ids(m, 0)
    m.choose(0, "buy")
    assert step(m)["budget"] == 3
    m.choose(0, "tile:gifts:2")
    assert m.state["players"][0]["tiles"]["gifts"] == 2


def test_purchase_placement_takes_loot_and_others_do_not_follow():
    m = table(temple="J5")
    m.state["loot"] = {"J4": "cards-3", **m.state["loot"]}
    give(m, 0, money1=1)
    m.choose(0, "buy")
    m.choose(0, "foot:J4")
    m.choose(0, "end")
    m.draw_all()
    assert sum(m.state["players"][0]["hand"].values()) == 3
    assert step(m) == {"step": "turn", "seat": 1}

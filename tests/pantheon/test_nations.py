"""The nations' one-off powers during preparation."""

from engine.pantheon.gods import take_special_money

from .helpers import give, ids, refresh, run_next, step, supply, table


def power(m, nation, temple=None):
    """Resolve ``nation``'s power for a table prepared with ``table()`` (Ann starts)."""
    state = m.state
    state["nations"].append(nation)
    state["temple"] = temple
    state["flow"] = [{"step": "turn", "seat": 0}]
    run_next(m, {"step": "power"})


def test_germania_sets_every_hand_to_exactly_seven():
    m = table()
    give(m, 0, gifts=5, movement=4)
    give(m, 1, dancers=3)
    give(m, 2, money1=7)
    power(m, "germania")
    assert m.decision.actors == (0,) and ids(m, 0) == ["discard:movement", "discard:gifts"]
    m.choose(0, "discard:gifts")
    m.choose(0, "discard:gifts")
    assert step(m) == {"step": "deal", "seat": 1, "n": 4}    # Bruno draws from the deck only
    m.draw_all()
    sizes = [sum(p["hand"].values()) for p in m.state["players"]]
    assert sizes == [7, 7, 7] and step(m)["step"] == "turn"


def test_graecia_has_the_same_power():
    m = table()
    power(m, "graecia")
    m.draw_all()
    assert [sum(p["hand"].values()) for p in m.state["players"]] == [7, 7, 7]


def test_persia_turns_the_special_money_stack_round_for_good():
    m = table()
    m.state["special_money"] = [2, 2, 3, 3, 4, 4, 5]
    power(m, "persia")
    assert m.state["special_money"] == [5, 4, 4, 3, 3, 2, 2]
    take_special_money(m.state, 1)
    assert m.state["players"][1]["hand"] == {"money5": 1}


def test_cartago_gives_two_money_without_hand_cards_in_turn_order():
    m = table()
    give(m, 0, money5=1)
    power(m, "cartago")
    assert step(m)["budget"] == 2 and not step(m)["hand"]
    choices = ids(m, 0)
    assert "tile:gifts:1" in choices and "tile:gifts:2" not in choices   # level 2 costs 3
    assert not any(c.startswith("foot:") for c in choices)              # no temple yet
    m.choose(0, "tile:gifts:1")
    m.choose(0, "buy:foot")
    assert step(m)["budget"] == 0
    m.choose(0, "end")
    assert m.state["players"][0]["hand"] == {"money5": 1} and m.state["players"][0]["feet"] == 5
    assert m.decision.actors == (1,)


def test_roma_draws_two_cards_each_from_the_deck():
    m = table()
    row = list(m.state["row"])
    power(m, "roma")
    assert step(m) == {"step": "deal", "seat": 0, "n": 2}
    m.draw_all()
    assert [sum(p["hand"].values()) for p in m.state["players"]] == [2, 2, 2]
    assert m.state["row"] == row


def test_iberia_raises_a_tile_or_gives_a_level_one_tile():
    m = table()
    m.state["players"][0]["tiles"]["dancers"] = 2
    power(m, "iberia")
    assert "upgrade:dancers" in ids(m, 0) and "new:gifts" in ids(m, 0) and "new:dancers" not in ids(m, 0)
    m.choose(0, "upgrade:dancers")
    assert m.state["players"][0]["tiles"]["dancers"] == 3
    m.choose(1, "new:temples")
    assert m.state["players"][1]["tiles"]["temples"] == 1


def test_aegyptus_swaps_feet_and_columns_with_the_general_supply():
    m = table()
    supply(m, 0, columns=10)          # only 2 columns left in the general supply
    power(m, "aegyptus")
    assert ids(m, 0) == ["keep", "feet:1", "feet:2", "columns:1", "columns:2", "columns:3", "columns:4",
                         "columns:5", "columns:6", "columns:7", "columns:8"]
    m.choose(0, "feet:2")
    p = m.state["players"][0]
    assert (p["feet"], p["columns"]) == (2, 12)
    m.choose(1, "columns:3")
    assert (m.state["players"][1]["feet"], m.state["players"][1]["columns"]) == (7, 0)
    m.choose(2, "keep")
    assert step(m)["step"] == "turn"


def test_gallia_reveals_a_god_that_costs_only_its_topmost_number():
    m = table(epoch=4)
    give(m, 0, dancers=5)
    power(m, "gallia")
    assert ids(m, 0) == ["cards", "god"]
    m.choose(0, "god")
    m.state["god_stack"].append("gadicea-4")        # 5+3: Gallia asks only the 5
    refresh(m)
    m.choose(-1, "gadicea-4")
    assert ids(m, 0) == ["pay:dancers5", "decline"]
    m.choose(0, "pay:dancers5")
    assert m.state["players"][0]["gods"] == ["gadicea-4"] and m.state["players"][0]["vp"]["gods"] == 4
    m.choose(1, "god")
    tile = m.state["god_stack"][0]
    m.choose(-1, tile)
    m.choose(1, "decline")
    assert tile in m.state["god_box"]
    m.choose(2, "cards")
    m.draw_all()
    assert sum(m.state["players"][2]["hand"].values()) == 2

"""Taking gods with offering cards and tiles, and every god's power."""

from .helpers import give, ids, own_gods, refresh, step, table


def show_gods(m, *tiles):
    state = m.state
    for tile in tiles:
        for pile in (state["god_stack"], state["god_box"], state["god_display"]):
            if tile in pile:
                pile.remove(tile)
    state["god_box"] += state["god_display"]
    state["god_display"] = list(tiles)
    state["gods_shown"] = len(tiles)
    refresh(m)


def draw_god(m, tile):
    """Supply a god-stack draw as a person at the table would."""
    assert m.decision.is_chance
    m.choose(-1, tile)


def test_red_takes_a_4_plus_1_god_with_four_dancer_and_one_temple_cards():
    m = table(epoch=2)
    show_gods(m, "vinthrad-3", "taksator-1")         # vinthrad-3 needs 4+1
    give(m, 0, dancers=4, temples=1)
    assert "god:vinthrad-3" in ids(m, 0) and "god:taksator-1" not in ids(m, 0)
    m.choose(0, "god:vinthrad-3")                     # a single way to pay: taken at once
    p = m.state["players"][0]
    assert p["gods"] == ["vinthrad-3"] and p["hand"] == {}
    assert p["vp"]["gods"] == 2                       # epoch 2
    assert m.state["discard"] == {"dancers": 4, "temples": 1}


def test_yellow_takes_it_with_tiles_alone_and_keeps_them():
    m = table()
    show_gods(m, "vinthrad-3", "taksator-1")
    m.state["players"][0]["tiles"].update(dancers=4, temples=2)
    refresh(m)
    m.choose(0, "god:vinthrad-3")
    p = m.state["players"][0]
    assert p["gods"] == ["vinthrad-3"] and p["tiles"]["dancers"] == 4 and p["tiles"]["temples"] == 2


def test_green_mixes_a_dancer_tile_with_cards():
    m = table()
    show_gods(m, "vinthrad-3", "taksator-1")
    m.state["players"][0]["tiles"]["dancers"] = 2
    give(m, 0, dancers=2, temples=1)
    m.choose(0, "god:vinthrad-3")
    assert m.state["players"][0]["hand"] == {} and m.state["players"][0]["gods"] == ["vinthrad-3"]


def test_each_number_needs_a_different_kind_and_several_payments_are_offered():
    m = table()
    show_gods(m, "plaesiris-3", "taksator-1")        # 2+2+2: three different kinds
    give(m, 0, gifts=6)
    assert "god:plaesiris-3" not in ids(m, 0)
    give(m, 0, priests=2, dancers=2, temples=2)
    m.choose(0, "god:plaesiris-3")
    assert step(m)["step"] == "pay"
    assert len(ids(m, 0)) == 4                        # which kind is spared
    assert "pay:dancers2-gifts2-priests2" in ids(m, 0)
    m.choose(0, "pay:dancers2-gifts2-priests2")
    assert m.state["players"][0]["hand"] == {"gifts": 4, "temples": 2}


def test_pietalte_takes_cards_only():
    m = table()
    show_gods(m, "pietalte-1", "taksator-1")
    m.state["players"][0]["tiles"].update(gifts=4, priests=4, dancers=4)
    give(m, 0, gifts=3, priests=2)
    assert "god:pietalte-1" not in ids(m, 0)
    give(m, 0, dancers=1)
    m.choose(0, "god:pietalte-1")
    assert m.state["players"][0]["gods"] == ["pietalte-1"]


def test_surparit_draws_another_god_but_not_a_third():
    m = table(epoch=3)
    show_gods(m, "surparit-1", "taksator-1")          # 4+2
    give(m, 0, gifts=4, priests=2)
    m.choose(0, "god:surparit-1")
    assert step(m)["step"] == "draw_god"
    m.state["god_stack"].append(m.state["god_box"].pop(m.state["god_box"].index("surparit-1")))
    refresh(m)
    draw_god(m, "surparit-1")                         # Surparit again: no further draw
    p = m.state["players"][0]
    assert p["vp"]["gods"] == 6
    assert step(m)["step"] == "turn"


def test_plaesiris_by_action_takes_the_two_highest_displayed_demigods():
    m = table()
    show_gods(m, "plaesiris-1", "taksator-1")         # 3+2
    m.state["demigod_display"] = [5, 2, 1]
    give(m, 0, gifts=3, priests=2)
    m.choose(0, "god:plaesiris-1")
    assert m.state["players"][0]["demigods"] == [5, 2]
    assert m.state["demigod_display"] == [1]


def test_plaesiris_from_loot_draws_two_demigods_face_down():
    m = table()
    m.state["loot"] = {"J4": "god", **m.state["loot"]}
    m.state["demigod_display"] = [6]
    refresh(m)
    m.choose(0, "move")
    m.choose(0, "foot:J4")
    m.choose(0, "end")
    m.state["god_stack"] = ["plaesiris-2"]
    refresh(m)
    draw_god(m, "plaesiris-2")
    assert step(m) == {"step": "demigod", "seat": 0}
    m.draw_all()
    assert len(m.state["players"][0]["demigods"]) == 2 and m.state["demigod_display"] == [6]


def test_taksator_gives_the_top_special_money_card():
    m = table()
    show_gods(m, "taksator-2", "vinthrad-1")          # 3+1
    give(m, 0, gifts=3, priests=1)
    m.state["special_money"] = [2, 3, 5]
    m.choose(0, "god:taksator-2")
    assert m.state["players"][0]["hand"] == {"money2": 1} and m.state["special_money"] == [3, 5]
    assert "taksator-2" in m.state["god_box"]         # instant gods go to the box


def test_traitera_gives_a_second_action_once():
    m = table()
    own_gods(m, 0, "traitera-1")
    m.choose(0, "draw")
    for _ in range(3):
        m.choose(0, "deck")
        m.draw_all()
    assert ids(m, 0) == ["use", "keep"]
    m.choose(0, "use")
    assert step(m) == {"step": "turn", "seat": 0}
    m.choose(0, "draw")
    for _ in range(3):
        m.choose(0, "deck")
        m.draw_all()
    assert step(m) == {"step": "turn", "seat": 1}        # used up


def test_gadicea_draws_one_more_card():
    m = table()
    own_gods(m, 0, "gadicea-1")
    assert any(c.label == "Draw 4 cards" for c in m.labelled(0))
    m.choose(0, "draw")
    assert step(m)["n"] == 4


def test_taking_the_row_card_refills_the_row_from_the_deck():
    m = table()
    m.state["row"] = ["dancers", "movement", "money1", "gifts"]
    refresh(m)
    m.choose(0, "draw")
    m.choose(0, "row:movement")
    assert step(m) == {"step": "deal", "seat": None, "n": 1}
    m.draw_all()
    assert len(m.state["row"]) == 4 and m.state["players"][0]["hand"] == {"movement": 1}


def test_deck_reshuffles_the_discard_pile_then_everyones_hands():
    m = table()
    m.state["deck"] = {}
    m.state["discard"] = {"gifts": 2}
    m.state["row"] = []
    refresh(m)
    m.choose(0, "draw")
    m.choose(0, "deck")
    m.draw_all()
    assert m.state["players"][0]["hand"] == {"gifts": 1} and m.state["deck"] == {"gifts": 1} and not m.state["discard"]
    m.choose(0, "deck")
    m.draw_all()
    give(m, 1, movement=2)
    m.choose(0, "deck")                               # deck and discard empty: all hands form the deck
    m.draw_all()
    hands = [sum(p["hand"].values()) for p in m.state["players"]]
    assert hands == [1, 0, 0] and sum(m.state["deck"].values()) == 3

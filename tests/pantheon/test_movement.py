"""Movement: steps, costs with shared hexes, placement rules, loot, followers, jumps."""

import pytest

from engine.core import IllegalChoice
from engine.pantheon.board import connected
from engine.pantheon.catalog import catalog

from .helpers import give, hint, ids, label, own_gods, put, refresh, step, supply, table, twin


def test_rulebook_example_three_steps_two_feet_and_a_column():
    # Big foot (1 step) + one movement card (2 steps): foot by the temple, a second foot,
    # a column on a column hex next to it.
    m = table(temple="J5")
    give(m, 0, movement=1)
    m.choose(0, "move")
    assert step(m)["free"] == 1
    assert label(m, 0, "foot:J4") == "Foot J4" and hint(m, 0, "foot:J4") == ""
    m.choose(0, "foot:J4")
    assert hint(m, 0, "foot:K3") == "1 card"
    m.choose(0, "foot:K3")
    assert m.state["players"][0]["hand"] == {} and m.state["discard"]["movement"] == 1
    m.choose(0, "column:L3")
    p = m.state["players"][0]
    assert p["feet_on"] == ["J4", "K3"] and p["columns_on"] == ["L3"]
    assert step(m)["free"] == 0
    assert ids(m, 0) == ["end"]


def test_entering_a_hex_with_another_players_piece_costs_two_steps():
    m = table(temple="J5")
    put(m, 1, feet=["J4"], columns=["K4"])
    give(m, 0, movement=2)
    m.choose(0, "move")
    assert (label(m, 0, "foot:J4"), hint(m, 0, "foot:J4")) == ("Foot J4", "1 card, 2 steps (shared)")
    assert (label(m, 0, "foot:I4"), hint(m, 0, "foot:I4")) == ("Foot I4", "")
    m.choose(0, "foot:J4")
    assert step(m)["free"] == 1          # 1 free + 2 from the card - 2
    # the column hex K4 holds Bruno's column: 2 steps, so the second card is played
    assert (label(m, 0, "column:K4"), hint(m, 0, "column:K4")) == ("Column K4", "1 card, 2 steps (shared)")
    m.choose(0, "column:K4")
    assert m.state["occupied"]["K4"] == [1, 0]
    assert step(m)["free"] == 1 and m.state["players"][0]["hand"] == {}
    assert "foot:I4" in ids(m, 0)
    assert not any("shared" in c.hint for c in m.labelled(0))   # nothing dearer is left


def test_yellow_example_six_steps_with_a_shared_column_hex():
    # Yellow: 3 cards = 6 steps as a follower; two feet from the temple (2), a column where
    # green already has one (2), a foot onto loot (1); the sixth step is given up.
    m = table(temple="J5", seat=1)
    put(m, 1, feet=["I4"])
    put(m, 2, columns=["K4"])
    m.state["loot"] = {"L4": "cards-2", **m.state["loot"]}
    give(m, 0, movement=3)
    give(m, 1, movement=0)
    m.choose(1, "move")
    m.choose(1, "end")
    assert m.decision.actors == (2,)
    m.choose(2, "end")
    assert m.decision.actors == (0,)
    assert step(m)["free"] == 0 and not step(m)["main"]
    for choice in ("foot:J4", "foot:K3", "column:K4", "foot:L4"):
        m.choose(0, choice)
    assert m.state["players"][0]["hand"] == {}
    assert step(m)["free"] == 1
    assert "L4" not in m.state["loot"]
    m.choose(0, "end")
    m.draw_all()
    assert sum(m.state["players"][0]["hand"].values()) == 2   # the loot: draw 2 cards


def test_feet_never_on_column_hexes_columns_only_there_and_next_to_own_feet():
    m = table(temple="J5")
    give(m, 0, movement=2)
    m.choose(0, "move")
    choices = ids(m, 0)
    assert "foot:K4" not in choices            # a column hex
    assert not any(c.startswith("column:") for c in choices)   # no foot of Ann's yet
    m.choose(0, "foot:J4")
    choices = ids(m, 0)
    assert "column:K4" in choices and "column:L3" not in choices  # L3 is not next to J4
    assert "foot:J5" not in choices            # the temple's hex


def test_at_most_two_pieces_of_different_players_per_hex():
    m = table(temple="J5", players=4)
    put(m, 1, feet=["J4"])
    put(m, 2, feet=["J4"])
    put(m, 0, feet=["I4"])
    give(m, 0, movement=3)
    m.choose(0, "move")
    choices = ids(m, 0)
    assert "foot:J4" not in choices            # full
    assert "foot:I4" not in choices            # Ann is already there
    with pytest.raises(IllegalChoice):
        m.choose(0, "foot:J4")


def test_pieces_must_be_connected_to_the_temple_old_columns_only_once_reached():
    m = table(temple="J5")
    put(m, 0, columns=["L3"])                  # from an earlier epoch, not connected
    give(m, 0, movement=2)
    m.choose(0, "move")
    assert "foot:M3" not in ids(m, 0)          # next to the old column only
    m.choose(0, "foot:J4")
    m.choose(0, "foot:K3")                     # now touches L3: the column joins the route
    assert "foot:M3" in ids(m, 0) and "foot:L2" in ids(m, 0)


def test_a_card_is_played_only_when_needed_and_leftover_steps_are_lost():
    m = table(temple="J5")
    give(m, 0, movement=2)
    m.choose(0, "move")
    m.choose(0, "foot:J4")                     # big foot step
    assert m.state["players"][0]["hand"]["movement"] == 2
    m.choose(0, "foot:I4")                     # plays a card, 1 step left
    assert m.state["players"][0]["hand"]["movement"] == 1
    assert "1 step(s) left unused" in next(c.hint for c in m.labelled(0) if c.id == "end")
    m.choose(0, "end")
    assert m.decision.actors == (1,)


def test_without_cards_or_pieces_no_placement_is_offered():
    m = table(temple="J5")
    supply(m, 0, feet=0, columns=0)
    m.choose(0, "move")
    assert ids(m, 0) == ["end"]


def test_other_players_follow_in_turn_order_without_the_big_foot_or_draw_a_card():
    m = table(temple="J5", seat=1)
    give(m, 2, movement=1)
    m.choose(1, "move")
    assert m.state["big_foot"] == 1
    m.choose(1, "foot:J4")
    m.choose(1, "end")
    assert m.decision.actors == (2,)
    assert step(m)["free"] == 0
    assert "draw" in ids(m, 2)
    m.choose(2, "foot:I4")
    assert "draw" not in ids(m, 2)             # moved: no card instead
    m.choose(2, "end")
    assert not m.log_lines(None)[-1].endswith("passes.")  # it moved: ending is no pass
    assert m.decision.actors == (0,)
    passing = twin(m)
    passing.choose(0, "end")
    assert passing.log_lines(None)[-1] == "Ann passes."  # a follower who neither moves nor draws
    m.choose(0, "draw")
    assert ids(m, 0)[-1] == "deck"
    m.choose(0, "deck")
    m.draw_all()
    assert sum(m.state["players"][0]["hand"].values()) == 1
    assert step(m) == {"step": "turn", "seat": 2}
    assert m.state["big_foot"] is None


def test_loot_is_taken_on_arrival_and_acts_when_the_move_ends():
    m = table(temple="J5")
    m.state["loot"] = {"J4": "steps-1", **m.state["loot"]}
    refresh(m)
    m.choose(0, "move")
    assert "loot: Steps +1" in next(c.hint for c in m.labelled(0) if c.id == "foot:J4")
    m.choose(0, "foot:J4")
    assert "J4" not in m.state["loot"] and m.state["players"][0]["steps"] == 0
    m.choose(0, "end")
    assert m.state["players"][0]["steps"] == 1


def test_vinthrad_and_steps_tiles_add_free_steps_also_for_followers():
    m = table(temple="J5")
    own_gods(m, 0, "vinthrad-1", "vinthrad-2")
    own_gods(m, 1, "vinthrad-3")
    m.state["players"][0]["steps"] = 1
    m.choose(0, "move")
    assert step(m)["free"] == 4                       # big foot + 2 Vinthrad + steps tile
    m.choose(0, "end")
    assert step(m)["seat"] == 1 and step(m)["free"] == 1   # no big foot, but his Vinthrad
    m.choose(1, "foot:I4")                            # without any movement card
    assert m.state["players"][1]["feet_on"] == ["I4"]


def test_vinthrad_does_not_help_a_purchase():
    m = table(temple="J5")
    own_gods(m, 0, "vinthrad-1")
    give(m, 0, money1=1)
    m.choose(0, "buy")
    assert step(m)["budget"] == 0
    m.choose(0, "foot:J4")
    assert not any(c.startswith("foot:") for c in ids(m, 0))


def test_gaiviles_jumps_over_another_players_piece_once_per_tile():
    m = table(temple="J5")
    own_gods(m, 0, "gaiviles-1")
    put(m, 1, feet=["J4"])
    put(m, 2, feet=["I4"])
    give(m, 0, movement=2)
    m.choose(0, "move")
    choices = ids(m, 0)
    assert "jump:K3" in choices and "jump:I3" in choices  # from the temple over J4 / I4
    assert "jump:L5" not in choices            # K5 (sea) is empty: no jumping over nothing
    assert (label(m, 0, "jump:K3"), hint(m, 0, "jump:K3")) == ("Foot K3", "by jump (Gaiviles)")
    m.choose(0, "jump:K3")
    assert step(m)["jumps"] == 0
    assert not any(c.startswith("jump:") for c in ids(m, 0))
    assert "foot:J2" in ids(m, 0) and "column:L3" in ids(m, 0)   # the route continues from the landed foot


def test_two_gaiviles_jump_twice_in_one_move():
    m = table(temple="J5")
    own_gods(m, 0, "gaiviles-1", "gaiviles-2")
    put(m, 1, feet=["J4", "J2"])
    give(m, 0, movement=2)
    m.choose(0, "move")
    m.choose(0, "jump:K3")
    assert "jump:J1" in ids(m, 0)             # over Bruno's J2 from K3
    m.choose(0, "jump:J1")
    assert step(m)["jumps"] == 0


def test_old_columns_join_through_each_other_once_one_of_them_is_reached():
    cat = catalog()
    # M3 touches the column on L3 only; K2 touches L3, L1 touches K2; Q10 is far from them all
    assert connected(cat, "J5", ("M3",), ("L1", "K2", "L3", "Q10")) == {"M3", "L3", "K2", "L1"}
    assert connected(cat, "J5", ("M3",), ("L1", "K2", "Q10")) == {"M3"}

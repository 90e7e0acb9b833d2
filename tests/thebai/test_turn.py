"""A turn: estate refresh, a citizen die on the estate or in the city, metoikoi, contracts at
any step; the rulebook's examples for each, worked by hand."""

from engine.thebai.constants import FACES

from .helpers import choose, clear_city, empty_estate_columns, ids, new_match, put_tile, start_turn

GREEN, BLUE, PEACH, RED = 0, 1, 2, 3
TWO = FACES.index("2")


def test_refresh_rulebook_example_one_empty_column_gives_a_die_at_2():
    match = new_match()
    state = match.state
    state["pool_c"][GREEN] = []
    state["estate_dice"][GREEN] = {"r1c1": 4, "r2c1": 1}
    state["estate_meto"][GREEN] = {"r3c1": "red-2"}
    empty_estate_columns(match, GREEN, 1)
    start_turn(match, GREEN)
    assert sorted(state["pool_c"][GREEN]) == sorted([4, 1, TWO])  # dice back unchanged, new die at 2 (no star)
    assert state["estate_dice"][GREEN] == {} and state["estate_meto"][GREEN] == {}
    assert state["common"][GREEN] == 3 and state["meto_box"] == 1


def test_no_refresh_while_a_citizen_die_is_in_the_supply():
    match = new_match()
    state = match.state
    state["pool_c"][GREEN] = [0]
    state["estate_dice"][GREEN] = {"r1c1": 4}
    start_turn(match, GREEN)
    assert state["pool_c"][GREEN] == [0] and state["estate_dice"][GREEN] == {"r1c1": 4}


def test_refresh_faces_by_empty_columns():
    for empty, face in ((0, "1"), (2, "2*"), (3, "3"), (4, "3")):
        match = new_match()
        match.state["pool_c"][GREEN] = []
        empty_estate_columns(match, GREEN, empty)
        start_turn(match, GREEN)
        assert match.state["pool_c"][GREEN] == [FACES.index(face)], empty


def test_estate_rulebook_example_power_2_on_row_2_leftmost():
    match = new_match()
    state = match.state
    state["pool_c"][BLUE] = [TWO]
    before = dict(state["res"][BLUE])
    start_turn(match, BLUE)
    choose(match, "die:2", "est:r2c1", "bronze")
    assert state["res"][BLUE]["drachma"] == before["drachma"] + 2
    assert state["res"][BLUE]["bronze"] == before["bronze"] + 1
    assert state["estate_dice"][BLUE] == {"r2c1": TWO}


def test_city_rulebook_example_an_archon_blocks_a_tile_and_the_double_activation():
    match = new_match()
    clear_city(match)
    state = match.state
    put_tile(match, "t4.2", "green-1")
    put_tile(match, "t4.3", "peach-3")  # 2 grapes
    state["archons"][GREEN] = "t4.2"
    state["pool_c"][PEACH] = [0, TWO]
    state["res"][PEACH]["drachma"] = 5
    grapes = state["res"][PEACH]["grape"]
    start_turn(match, PEACH)
    choose(match, "die:2", "city:h4.3")
    # Only the tile without an archon can be resolved: no choice, no payment.
    assert state["res"][PEACH]["grape"] == grapes + 2 and state["res"][PEACH]["drachma"] == 5
    assert state["city"]["dice"]["h4.3"] == [PEACH, "c", TWO]


def test_a_city_die_between_two_free_tiles_may_pay_its_power_for_both():
    match = new_match()
    clear_city(match)
    state = match.state
    put_tile(match, "t4.2", "green-1")  # 1 drachma + 1 pottery
    put_tile(match, "t4.3", "peach-3")  # 2 grapes
    state["pool_c"][PEACH] = [0, TWO]
    state["res"][PEACH].update(drachma=2, grape=0, pottery=0)
    start_turn(match, PEACH)
    choose(match, "die:2", "city:h4.3")
    assert ids(match) == ["one:t4.2", "one:t4.3", "both"]
    choose(match, "both")
    assert state["res"][PEACH] == {"grape": 2, "pottery": 1, "bronze": state["res"][PEACH]["bronze"], "drachma": 1}


def test_without_the_drachma_only_one_tile():
    match = new_match()
    clear_city(match)
    state = match.state
    put_tile(match, "t4.2", "green-1")
    put_tile(match, "t4.3", "peach-3")
    state["pool_c"][PEACH] = [0, TWO]
    state["res"][PEACH]["drachma"] = 1
    start_turn(match, PEACH)
    choose(match, "die:2", "city:h4.3")
    assert ids(match) == ["one:t4.2", "one:t4.3"]


def test_the_last_citizen_die_goes_to_the_estate_unless_one_already_did():
    match = new_match()
    state = match.state
    state["pool_c"][BLUE] = [0]
    start_turn(match, BLUE)
    choose(match, "die:0")
    assert all(i.startswith("est:") for i in ids(match))
    match = new_match()
    match.state["pool_c"][BLUE] = [0]
    match.state["estate_dice"][BLUE] = {"r1c1": 0}
    start_turn(match, BLUE)
    choose(match, "die:0")
    assert any(i.startswith("city:") for i in ids(match))


def test_contract_rulebook_example_fulfilled_between_the_die_and_the_archon():
    match = new_match()
    state = match.state
    state["pool_c"][PEACH] = [0]
    state["hand"][PEACH] = ["s1"]  # 2 grapes: 2 drachma and a step on any devotion track
    state["known"][PEACH] = ["s1"]
    state["res"][PEACH].update(grape=2, drachma=0)
    state["track"]["ares"][PEACH] = 1
    vp = state["vp"][PEACH]
    start_turn(match, PEACH)
    choose(match, "die:0", "est:r2c1", "bronze")
    assert "f:s1:grape2" in ids(match) and match.state["flow"][-1]["step"] == "archon"
    choose(match, "f:s1:grape2", "t:ares")
    assert state["res"][PEACH]["grape"] == 0 and state["res"][PEACH]["drachma"] == 1 + 2
    assert state["track"]["ares"][PEACH] == 2 and state["vp"][PEACH] == vp + 2  # Ares step 2: 2 VP
    assert state["done"][PEACH] == ["s1"] and state["hand"][PEACH] == []
    assert match.state["flow"][-1]["step"] == "archon"  # the turn goes on with the archon
    assert not any(i.startswith("f:") for i in ids(match))  # one contract per turn


def test_the_estate_fulfil_action_pays_fewer_goods_and_allows_one_more():
    match = new_match()
    state = match.state
    for row in state["estate"][BLUE]:
        row[:] = row[-1:]  # columns 2-4 of every row empty: r2c5 is still covered
    state["estate"][BLUE][1] = []
    state["pool_c"][BLUE] = [TWO]
    state["hand"][BLUE] = ["b4", "b1"]  # b4: grape+pottery+bronze -> 4 VP; b1: 2 grapes -> 3 drachma
    state["res"][BLUE].update(grape=2, pottery=0, bronze=1)
    start_turn(match, BLUE)
    choose(match, "die:2", "est:r2c5")
    # Power 2: two goods fewer. b4 can be paid with just its bronze (or just its grape), b1 for free.
    assert {"f:b4:bronze1", "f:b4:grape1", "f:b1:", "stop"} <= set(ids(match))
    choose(match, "f:b4:bronze1")
    assert state["done"][BLUE] == ["b4"] and state["res"][BLUE]["bronze"] == 0
    assert "f:b1:grape2" in ids(match)  # the turn's own fulfilment is still open


def test_a_metoikoi_acts_as_a_die_of_its_power_in_its_row_and_leaves_at_the_refresh():
    match = new_match()
    state = match.state
    state["pool_c"][RED] = [0]
    state["meto"][RED] = ["ochre-3"]
    drachma = state["res"][RED]["drachma"]
    start_turn(match, RED)
    choose(match, "die:0", "est:r1c1")
    while match.state["flow"][-1]["step"] != "use_metoikoi":
        choose(match, ids(match)[-1])
    assert [i for i in ids(match) if i.startswith("m:")] == ["m:ochre-3:r2c1"]
    before = state["res"][RED]["drachma"]
    choose(match, "m:ochre-3:r2c1", "pottery")
    assert state["res"][RED]["drachma"] == before + 3 and state["estate_meto"][RED] == {"r2c1": "ochre-3"}
    assert drachma <= before


def muster_turn(faces_in_supply, city_dice):
    """Green's turn, a citizen die at 1 on the Muster space (r3c1) with 1 bronze to pay."""
    from .helpers import put_die

    match = new_match()
    clear_city(match)
    state = match.state
    put_tile(match, "t4.1", "neutral-2")
    for space, face in city_dice.items():
        put_die(match, space, GREEN, "h", face)
    state["pool_c"][GREEN], state["pool_h"][GREEN] = [0], list(faces_in_supply)
    state["res"][GREEN]["bronze"] = 1
    start_turn(match, GREEN)
    choose(match, "die:0", "est:r3c1")
    return match


def test_muster_pays_a_bronze_for_another_hoplite_die_not_the_same_one_again():
    # Appendix, estate actions: move one hoplite die (from the supply or already in the city)
    # onto the city; paying 1 bronze moves another hoplite die. Green moves its die 2* from
    # h2.1 to h1.1 and pays: the die now on h1.1 is not "another" die, the one on h3.1 is.
    match = muster_turn([], {"h2.1": TWO + 1, "h3.1": 0})
    assert ids(match) == ["city:h2.1", "city:h3.1", "stop"]
    choose(match, "city:h2.1", "to:h1.1", "pay")
    assert match.state["res"][GREEN]["bronze"] == 0
    assert ids(match) == ["city:h3.1", "stop"]
    choose(match, "city:h3.1", "to:h5.1")
    assert match.state["city"]["dice"]["h1.1"] == [GREEN, "h", TWO + 1]
    assert match.state["city"]["dice"]["h5.1"] == [GREEN, "h", 0]


def test_muster_from_the_supply_then_another_die():
    # The die placed from the supply is in the city when the bronze is paid: not offered again.
    match = muster_turn([TWO + 1], {"h3.1": 0})
    choose(match, "pool:3", "to:h1.1", "pay")
    assert ids(match) == ["city:h3.1", "stop"]


def test_muster_placing_no_die_first_leaves_every_die_for_the_paid_one():
    match = muster_turn([], {"h3.1": 0})
    choose(match, "stop", "pay")
    assert ids(match) == ["city:h3.1", "stop"]


def test_placing_several_hoplite_dice_places_different_dice():
    # "Move 2 hoplite dice" (a contract's reward) is two dice: the second is another die.
    from engine.thebai.effects import frames

    assert [f["another"] for f in frames([{"hoplite": {"n": 2}}], GREEN)] == [False, True]


def test_a_citizen_die_with_nowhere_to_go_skips_the_step():
    # Step 2 puts a citizen die on an available estate action space or an available city dice
    # space: with none of either, there is nothing to do there (the turn goes on to the archon).
    from engine.thebai.board import free_estate_spaces

    match = new_match()
    clear_city(match)
    state = match.state
    state["pool_c"][GREEN] = [0]
    state["estate_dice"][GREEN] = {space: 0 for space in free_estate_spaces(state, GREEN)}
    start_turn(match, GREEN)
    assert match.state["flow"][-1]["step"] != "use_die" and state["pool_c"][GREEN] == [0]

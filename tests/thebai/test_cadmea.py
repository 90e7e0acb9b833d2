"""Cadmea tiles: placing (rotation, matched roofs), removing, hurrying the archon."""

from engine.thebai.board import matched_sides

from .helpers import choose, clear_city, ids, inject, new_match, put_die, put_tile, start_turn, step

GREEN, BLUE, PEACH, RED = 0, 1, 2, 3


def test_rulebook_example_a_contract_resolves_a_tile_and_places_it_with_two_matched_roofs():
    match = new_match()
    clear_city(match)
    state = match.state
    # blue-2 (1 drachma and a contract; roofs N terracotta, E white, S slate, W brown) is the
    # leftmost tile of Blue's bottom row. In the city, t4.2 shows a brown roof to the east and
    # t4.4 a white roof to the west.
    state["estate"][BLUE][2] = ["blue-2"] + [t for t in state["estate"][BLUE][2] if t != "blue-2"][1:]
    put_tile(match, "t4.2", "neutral-1", 0)
    put_tile(match, "t4.4", "neutral-9", 2)
    state["hand"][BLUE], state["known"][BLUE] = ["s2"], ["s2"]
    state["res"][BLUE].update(pottery=1, bronze=1, drachma=0)
    state["pool_c"][BLUE] = [0]
    state["pool_h"][BLUE] = [0, 0, 0, 0]
    start_turn(match, BLUE)
    choose(match, "f:s2:bronze1.pottery1", "row:3")
    # The tile's own effect first: 1 drachma and a contract.
    assert state["res"][BLUE]["drachma"] == 1 and match.state["flow"][-1]["step"] == "take_contract"
    choose(match, "show:0", "at:t4.3")
    assert matched_sides(state, "t4.3", ["terracotta", "white", "slate", "brown"], 0) == [(1, "white"), (3, "brown")]
    choose(match, "rot:0")
    assert state["city"]["tiles"]["t4.3"] == ["blue-2", 0]
    # White: a contract and an exchange; brown: two different hoplite dice promoted.
    hand = len(state["hand"][BLUE])
    choose(match, "show:1")
    assert len(state["hand"][BLUE]) == hand + 1
    choose(match, "x:drachma:grape", "d:pool:h:0", "d:pool:h:0")
    assert state["pool_h"][BLUE] == [0, 0, 1, 1]
    assert state["res"][BLUE]["drachma"] == 0 and state["done"][BLUE] == ["s2"]


def test_more_matched_roofs_than_allowed_are_chosen_and_the_blessing_adds_one():
    match = new_match()
    clear_city(match)
    state = match.state
    # neutral-9: roofs N white, E white, S brown, W brown. Around t4.3: white below t3.3 (its S),
    # white left of t4.4 (its W)... every neighbour shows the matching colour.
    put_tile(match, "t3.3", "neutral-9", 2)  # S side shows white
    put_tile(match, "t4.4", "neutral-9", 2)  # hmm: one neutral-9 only in the box, fine for a test
    put_tile(match, "t5.3", "neutral-9", 0)  # N side white: faces t4.3's S (brown): no match
    state["estate"][GREEN][0] = ["neutral-9"]
    inject(match, step("place_row", GREEN, edges=1, activate=False))
    choose(match, "row:1", "at:t4.3", "rot:0")
    assert match.state["flow"][-1]["step"] == "place_edges" and ids(match) == ["side:0", "side:1", "stop"]
    choose(match, "side:1")
    assert match.state["flow"][-1]["step"] != "place_edges"
    state["blessings"][GREEN] = ["roofs"]
    state["estate"][GREEN][0] = ["neutral-9"]
    del state["city"]["tiles"]["t4.3"]
    inject(match, step("place_row", GREEN, edges=1, activate=False))
    choose(match, "row:1", "at:t4.3", "rot:0")
    assert match.state["flow"][-1]["step"] != "place_edges"  # 2 matched, 1 + 1 allowed: both resolve


def test_tiles_go_next_to_a_tile_and_not_on_another_players_reserved_space():
    match = new_match()
    clear_city(match)
    state = match.state
    put_tile(match, "t4.3", "neutral-2")
    state["city"]["sites"] = {"t4.4": PEACH}
    state["estate"][GREEN][0] = ["green-1"]
    inject(match, step("place_row", GREEN, edges=1, activate=False))
    choose(match, "row:1")
    assert ids(match) == ["at:t3.3", "at:t4.2", "at:t5.3"]


def test_removing_a_tile_boxes_it_and_may_resolve_it():
    match = new_match()
    state = match.state
    state["estate"][GREEN] = [["green-1", "green-2"], ["green-3"], []]
    drachma = state["res"][GREEN]["drachma"]
    inject(match, step("remove", GREEN, n=2, activate=True))
    assert ids(match) == ["row:1", "row:2", "stop"]
    choose(match, "row:1", "row:1", "show:0")  # green-1: 1 drachma + 1 pottery; green-2: 1 drachma + a contract
    assert state["estate"][GREEN] == [[], ["green-3"], []] and state["tile_box"][-2:] == ["green-1", "green-2"]
    assert state["res"][GREEN]["drachma"] == drachma + 2


def test_hurrying_is_not_a_move():
    match = new_match()
    clear_city(match)
    state = match.state
    put_tile(match, "t4.1", "neutral-2")
    put_tile(match, "t4.2", "green-1")
    put_die(match, "h4.2", PEACH, "c", 0)
    state["archons"][GREEN] = "t4.1"
    state["blessings"][GREEN] = ["own-tile"]
    drachma = state["res"][GREEN]["drachma"]
    inject(match, step("hurry", GREEN, activate=True))
    choose(match, "to:t4.2")
    assert state["archons"][GREEN] == "t4.2" and state["city"]["dice"]["h4.2"][2] == 0
    assert state["res"][GREEN]["drachma"] == drachma + 1  # the tile's drachma, no blessing drachma


def test_hurrying_goes_to_an_empty_tile_not_the_archons_own():
    # Actions, hurry the archon: it goes onto an empty Cadmea tile. The tile under the archon
    # is not empty (with the activate icon, hurrying there would resolve that tile again).
    match = new_match()
    clear_city(match)
    state = match.state
    put_tile(match, "t4.1", "neutral-2")
    put_tile(match, "t4.2", "green-1")
    put_tile(match, "t4.3", "neutral-9")
    state["archons"][GREEN] = "t4.1"
    state["archons"][BLUE] = "t4.3"
    inject(match, step("hurry", GREEN, activate=True))
    assert [i for i in ids(match) if i.startswith("to:")] == ["to:t4.2"]


def test_hurrying_from_the_supply_may_take_any_empty_tile():
    match = new_match()
    clear_city(match)
    state = match.state
    put_tile(match, "t4.1", "neutral-2")
    put_tile(match, "t4.2", "green-1")
    state["archons"][BLUE] = "t4.2"
    inject(match, step("hurry", GREEN, activate=False))
    assert [i for i in ids(match) if i.startswith("to:")] == ["to:t4.1"]

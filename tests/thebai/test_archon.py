"""Moving the archon: the rulebook's example and every path rule."""

from engine.thebai.constants import FACES

from .helpers import choose, clear_city, ids, inject, new_match, put_die, put_tile, start_turn, step

GREEN, BLUE, PEACH, RED = 0, 1, 2, 3


def row_of_tiles(match, *tiles):
    clear_city(match)
    for col, tile in enumerate(tiles, 1):
        put_tile(match, f"t4.{col}", tile)


def archon_turn(match, seat):
    """Start ``seat``'s turn and use its die on the estate, to get to the archon step."""
    match.state["pool_c"][seat] = [0]
    match.state["hand"][seat], match.state["known"][seat] = [], []
    match.state["estate_dice"][seat] = {}
    start_turn(match, seat)
    choose(match, "die:0", "est:r2c1", "grape")
    assert match.state["flow"][-1]["step"] == "archon"


def test_rulebook_example_red_pays_a_crossing_promotes_peach_passes_an_archon_and_demotes_its_own_die():
    match = new_match()
    state = match.state
    # Row 4: red's archon on t4.1, an empty space, t4.2, Peach's citizen at 1* , t4.3 with Blue's
    # archon, Red's own die at 1, then a green tile (1 drachma + 1 pottery).
    row_of_tiles(match, "neutral-2", "neutral-8", "neutral-10", "green-1")
    state["archons"][RED], state["archons"][BLUE] = "t4.1", "t4.3"
    put_die(match, "h4.3", PEACH, "c", FACES.index("1*"))
    put_die(match, "h4.4", RED, "c", FACES.index("1"))
    archon_turn(match, RED)
    state["res"][RED]["drachma"] = 1
    state["res"][RED]["pottery"] = 0
    vp = state["vp"][RED]
    assert ids(match)[:2] == ["go:t4.2", "home"]
    choose(match, "go:t4.2")  # pays 1 drachma for the empty space
    assert state["res"][RED]["drachma"] == 0
    assert ids(match) == ["go:t4.3", "stop"]
    choose(match, "go:t4.3")  # crosses Peach's die: promoted from 1* to 2
    assert state["city"]["dice"]["h4.3"][2] == FACES.index("2")
    assert ids(match) == ["go:t4.4"]  # another archon here: no stopping
    choose(match, "go:t4.4")  # crosses its own die at 1: no lower, 3 VP lost
    assert state["city"]["dice"]["h4.4"][2] == 0 and state["vp"][RED] == vp - 3
    # No die to cross and the paid crossing used: the move ends there by itself.
    assert state["archons"][RED] == "t4.4" and match.state["flow"][-1]["step"] != "archon_step"
    assert state["res"][RED]["drachma"] == 1 and state["res"][RED]["pottery"] == 1


def test_no_step_onto_another_archon_without_a_way_on():
    match = new_match()
    state = match.state
    row_of_tiles(match, "neutral-2", "neutral-8")
    state["archons"][RED], state["archons"][BLUE] = "t4.1", "t4.2"
    put_die(match, "h4.2", PEACH, "c", 0)
    archon_turn(match, RED)
    assert ids(match) == ["home"]


def test_never_back_to_a_tile_already_passed_and_one_paid_crossing_per_move():
    match = new_match()
    state = match.state
    clear_city(match)
    for space in ("t4.1", "t4.2", "t5.1", "t5.2"):
        put_tile(match, space, "neutral-2")
    state["archons"][RED] = "t4.1"
    state["res"][RED]["drachma"] = 3
    archon_turn(match, RED)
    choose(match, "go:t4.2")
    # Every other crossing is an empty space, already paid once: the move ends on t4.2.
    assert state["archons"][RED] == "t4.2" and match.state["flow"][-1]["step"] != "archon_step"
    match = new_match()
    state = match.state
    clear_city(match)
    for space in ("t4.1", "t4.2", "t5.1", "t5.2"):
        put_tile(match, space, "neutral-2")
    for space in ("h4.2", "v5.2", "h5.2", "v5.1"):
        put_die(match, space, PEACH, "h", 0)
    state["archons"][RED] = "t4.1"
    archon_turn(match, RED)
    choose(match, "go:t4.2", "go:t5.2")
    assert ids(match) == ["go:t5.1", "stop"]
    choose(match, "go:t5.1")  # and no further: t4.1 is where it started
    assert state["archons"][RED] == "t5.1" and match.state["flow"][-1]["step"] != "archon_step"


def test_taking_the_archon_home_gains_a_drachma_and_from_home_it_lands_anywhere_free():
    match = new_match()
    state = match.state
    row_of_tiles(match, "neutral-2", "green-1")
    state["archons"][RED], state["archons"][BLUE] = "t4.1", "t4.2"
    drachma = state["res"][RED]["drachma"]
    archon_turn(match, RED)
    choose(match, "home")
    assert state["archons"][RED] is None and state["res"][RED]["drachma"] == drachma + 2  # +1 from r2c1
    archon_turn(match, RED)
    assert ids(match) == ["land:t4.1"]  # t4.2 holds Blue's archon
    drachma = state["res"][RED]["drachma"]
    choose(match, "land:t4.1")  # neutral-2 resolves on landing: 3 drachma
    assert state["archons"][RED] == "t4.1" and state["res"][RED]["drachma"] == drachma + 3


def test_blessings_promote_your_own_dice_and_pay_for_ending_on_your_colour():
    match = new_match()
    state = match.state
    row_of_tiles(match, "neutral-2", "red-1")
    state["archons"][RED] = "t4.1"
    put_die(match, "h4.2", RED, "c", 0)
    state["blessings"][RED] = ["citizen-ward", "own-tile"]
    drachma = state["res"][RED]["drachma"]
    archon_turn(match, RED)
    choose(match, "go:t4.2")
    assert state["city"]["dice"]["h4.2"][2] == 1  # promoted, not demoted
    assert state["res"][RED]["drachma"] == drachma + 1 + 1 + 1  # r2c1, own-colour tile, red-1's drachma


def test_a_plaza_marker_is_crossed_free_and_a_lasthenes_stand_only_by_its_owner():
    match = new_match()
    state = match.state
    row_of_tiles(match, "neutral-2", "neutral-8", "neutral-10")
    state["city"]["plaza"] = ["h4.2"]
    state["city"]["posts"] = {"h4.3": BLUE}
    state["archons"][RED] = "t4.1"
    put_die(match, "v4.2", BLUE, "c", 0)
    archon_turn(match, RED)
    state["res"][RED]["drachma"] = 1
    choose(match, "go:t4.2")
    assert state["res"][RED]["drachma"] == 1  # the plaza is free
    choose(match, "go:t4.3")  # the stand costs Red the crossing, and Blue promotes a city die
    assert state["res"][RED]["drachma"] == 0
    assert match.awaiting() == (BLUE,) and ids(match) == ["d:city:v4.2", "stop"]
    choose(match, "d:city:v4.2")
    assert state["city"]["dice"]["v4.2"][2] == 1


def own_die_step_labels(face, blessings=()):
    """Green's archon on t4.1, its own hoplite die at ``face`` on h4.2, the dice space to t4.2."""
    match = new_match()
    clear_city(match)
    state = match.state
    put_tile(match, "t4.1", "neutral-2")
    put_tile(match, "t4.2", "green-1")
    put_die(match, "h4.2", GREEN, "h", face)
    state["archons"][GREEN] = "t4.1"
    state["blessings"][GREEN] = list(blessings)
    inject(match, step("archon", GREEN))
    return {c.id: c.label for c in match.labelled(GREEN)}


def test_a_step_over_your_own_die_says_it_demotes_it_or_costs_3_vp_at_1():
    # Action phase, 3. moving the archon: passing your own die demotes it once; at 1 it stays
    # and you lose 3 VP. With the blessing of its kind it is promoted instead.
    assert own_die_step_labels(3)["go:t4.2"] == "Step to t4.2 (demotes your own die 2* to 2)"
    assert own_die_step_labels(0)["go:t4.2"] == "Step to t4.2 (your own die at 1 stays: you lose 3 VP)"
    assert own_die_step_labels(0, ["hoplite-ward"])["go:t4.2"] == "Step to t4.2 (promotes your own die 1: blessing)"


def test_crossing_anothers_stand_says_its_owner_promotes_a_die():
    # Appendix, Lasthenes: another player's archon crossing the stand promotes one of its owner's dice.
    match = new_match()
    clear_city(match)
    state = match.state
    put_tile(match, "t4.1", "neutral-2")
    put_tile(match, "t4.2", "green-1")
    state["city"]["posts"]["h4.2"] = BLUE
    state["archons"][GREEN] = "t4.1"
    state["res"][GREEN]["drachma"] = 1
    inject(match, step("archon", GREEN))
    labels = {c.id: c.label for c in match.labelled(GREEN)}
    assert labels["go:t4.2"] == "Step to t4.2 (1 drachma (stand); Blue promotes a die)"


def test_taking_a_contract_says_it_costs_3_vp_unless_fulfilled():
    # Final scoring 6: each unfulfilled contract in hand loses 3 VP.
    match = new_match()
    inject(match, step("take_contract", GREEN, n=1))
    hints = {c.id: c.hint for c in match.labelled(GREEN)}
    assert hints["show:0"] == "-3 VP at the end unless fulfilled"
    assert hints["deck"].endswith("; -3 VP at the end unless fulfilled")

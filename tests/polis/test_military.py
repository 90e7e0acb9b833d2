"""Military actions, worked by hand from the rule text: moves, sieges, tribute."""

from engine.polis import geo

from .helpers import ATHENS, SPARTA, conserved, give, ids, play, set_units, step, table


def test_a_military_action_costs_1_prestige_and_hoplites_come_from_several_origins_to_one_destination():
    match = table()
    state = match.state
    set_units(match, "arkadia", SPARTA, 2)
    play(match, SPARTA, "act:move-hoplites")
    assert state["prestige"][SPARTA] == 4
    assert "to:argolis" in ids(match)
    play(match, SPARTA, "to:argolis")
    # Lakedaemon (3), Messenia (1) and Arkadia (2) can all send units to Argolis (room 3).
    assert {"from:lakedaemon", "from:messenia", "from:arkadia"} <= set(ids(match))
    play(match, SPARTA, "all:lakedaemon")
    assert state["flow"][-1]["step"] == "turn"  # the room is full: the move is made at once
    assert state["units"]["argolis"][SPARTA] == 3 and state["units"]["lakedaemon"][SPARTA] == 0
    assert conserved(match)


def test_gathering_one_unit_at_a_time_then_done():
    match = table()
    state = match.state
    play(match, SPARTA, "act:move-hoplites", "to:arkadia", "from:lakedaemon", "from:messenia")
    assert step(match) == "gather" and "done" in ids(match)
    play(match, SPARTA, "done")
    assert state["units"]["arkadia"][SPARTA] == 2
    assert state["units"]["lakedaemon"][SPARTA] == 2 and state["units"]["messenia"][SPARTA] == 0


def test_hoplites_go_by_sea_without_galleys_but_never_by_land_and_sea_at_once():
    match = table()
    origins = geo.hoplite_origins(match.state, SPARTA, "ionia")
    assert origins == set()  # Athens' galleys hold the Kyklades and the Aigaion: Ionia is cut off
    set_units(match, "kyklades", ATHENS, 0)
    set_units(match, "aigaion", ATHENS, 0)
    origins = geo.hoplite_origins(match.state, SPARTA, "ionia")
    assert "lakedaemon" in origins  # Myrtoon, Saronikos, Kyklades, Noties: by sea, no galleys needed
    assert "arkadia" not in origins  # inland: it cannot take ship, and Ionia is an island
    assert "thessalia" in origins and "makedonia" in origins  # from their Aigaion coast


def test_enemy_controlled_areas_block_the_way_but_not_the_destination():
    match = table()
    state = match.state
    set_units(match, "kyklades", ATHENS, 0)
    set_units(match, "aigaion", ATHENS, 0)
    set_units(match, "saronikos", ATHENS, 2)  # Athens controls the Saronikos
    assert "lakedaemon" not in geo.hoplite_origins(state, SPARTA, "ionia")  # Myrtoon, Saronikos (blocked)...
    set_units(match, "saronikos", SPARTA, 2)  # a tie controls nothing
    assert "lakedaemon" in geo.hoplite_origins(state, SPARTA, "ionia")
    # Into an area the enemy controls: allowed (that is how battles start).
    set_units(match, "argolis", ATHENS, 3)
    assert "lakedaemon" in geo.hoplite_origins(state, SPARTA, "argolis")
    # Through it: not. Korinthia is reached from Lakedaemon by land through Argolis or Arkadia, by sea
    # through the Saronikos, or round by the Ionion, the Adrias and the Korinthiakos.
    set_units(match, "arkadia", ATHENS, 1)
    set_units(match, "saronikos", ATHENS, 3)
    assert "lakedaemon" in geo.hoplite_origins(state, SPARTA, "korinthia")
    set_units(match, "adrias", ATHENS, 1)
    assert "lakedaemon" not in geo.hoplite_origins(state, SPARTA, "korinthia")


def test_the_round_limit_caps_the_destination():
    match = table()
    set_units(match, "arkadia", SPARTA, 2)
    play(match, SPARTA, "act:move-hoplites", "to:arkadia")
    assert set(ids(match)) == {"from:messenia", "from:lakedaemon"}
    play(match, SPARTA, "from:lakedaemon")  # room 1 only in round #3: the move is made
    assert match.state["units"]["arkadia"][SPARTA] == 3


def test_galleys_move_through_free_seas():
    match = table()
    state = match.state
    play(match, SPARTA, "act:move-galleys")
    assert "to:saronikos" in ids(match)
    play(match, SPARTA, "to:saronikos", "from:myrtoon")
    assert ids(match) == ["from:ionion", "done"]  # the Ionion galley could come too, through the Myrtoon
    play(match, SPARTA, "done")
    assert state["units"]["saronikos"][SPARTA] == 1
    # Athens' galleys in the Kyklades cannot pass the Spartan Saronikos to reach the Myrtoon.
    assert "kyklades" not in geo.galley_origins(state, ATHENS, "myrtoon")
    set_units(match, "saronikos", ATHENS, 1)
    assert "kyklades" in geo.galley_origins(state, ATHENS, "myrtoon")


def besiege(fortification_roll: int, owner=None, citizens=0):
    match = table()
    give(match, "argos", owner, citizens)
    set_units(match, "argolis", SPARTA, 3)
    play(match, SPARTA, "act:siege")
    assert ids(match) == ["polis:argos"]
    play(match, SPARTA, "polis:argos", f"d4:{fortification_roll}")
    return match


def test_a_siege_needs_control_and_hoplites_at_least_the_fortification():
    match = table()
    set_units(match, "argolis", SPARTA, 2)
    assert "act:siege" not in ids(match)  # Argos has fortification 3
    set_units(match, "argolis", SPARTA, 3)
    set_units(match, "argolis", ATHENS, 3)
    assert "act:siege" not in ids(match)  # 3 against 3: nobody controls Argolis
    set_units(match, "argolis", ATHENS, 2)
    assert "act:siege" in ids(match)


def test_a_roll_at_least_the_fortification_takes_the_polis_and_gains_its_fortification_in_prestige():
    match = besiege(3)
    state = match.state
    assert state["owner"]["argos"] == SPARTA and state["pop"]["argos"] == 3
    assert state["prestige"][SPARTA] == 5 - 1 + 3
    assert conserved(match)


def test_a_failed_siege_costs_a_hoplite_and_a_citizen_of_an_enemy_polis():
    match = besiege(2, owner=ATHENS, citizens=2)
    state = match.state
    assert state["owner"]["argos"] == ATHENS and state["pop"]["argos"] == 1
    assert state["units"]["argolis"][SPARTA] == 2 and state["prestige"][SPARTA] == 4
    assert conserved(match)


def test_a_polis_that_loses_its_last_citizen_turns_neutral():
    match = besiege(1, owner=ATHENS, citizens=1)
    assert match.state["owner"]["argos"] is None and match.state["pop"]["argos"] == 0
    assert conserved(match)


def test_taking_an_enemy_polis_keeps_its_citizens_and_captures_the_proxenos_there():
    match = table()
    state = match.state
    give(match, "argos", ATHENS, 2)
    state["proxenos"][ATHENS] = "argos"
    set_units(match, "argolis", SPARTA, 3)
    play(match, SPARTA, "act:siege", "polis:argos", "d4:4")
    assert state["owner"]["argos"] == SPARTA and state["pop"]["argos"] == 2
    assert state["held"][ATHENS] is True
    assert conserved(match)


def test_capitals_and_poleis_without_a_region_cannot_be_besieged():
    match = table()
    set_units(match, "attika", SPARTA, 3)
    set_units(match, "attika", ATHENS, 0)
    assert "act:siege" not in ids(match)  # Athenai is the only polis of Attika


def test_tribute_in_the_home_region_is_free_and_covers_the_box_from_the_left():
    match = table()
    state = match.state
    before = dict(state["res"][SPARTA])
    play(match, SPARTA, "act:tribute", "area:lakedaemon")
    # Lakedaemon's box: wheat, metal, wheat, oil, metal; 3 hoplites take the first three.
    assert state["res"][SPARTA]["wheat"] == before["wheat"] + 2 and state["res"][SPARTA]["metal"] == before["metal"] + 1
    assert state["prestige"][SPARTA] == 5 and "lakedaemon" in state["tribute"]


def test_tribute_elsewhere_costs_1_prestige_needs_an_own_polis_and_is_once_per_round():
    match = table()
    state = match.state
    play(match, SPARTA, "act:tribute")
    assert set(ids(match)) == {"area:lakedaemon", "area:messenia"}
    play(match, SPARTA, "area:messenia")
    assert state["prestige"][SPARTA] == 4 and state["res"][SPARTA]["wheat"] == 7
    play(match, SPARTA, "end")
    give(match, "pylos", ATHENS, 2)
    set_units(match, "messenia", ATHENS, 2)
    play(match, ATHENS, "act:tribute")
    assert "area:messenia" not in ids(match)  # already collected this round, by either side

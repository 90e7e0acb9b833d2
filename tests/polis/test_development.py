"""Development actions, worked by hand from the rule text: hoplites, galleys, merchant ships, projects."""

import pytest

from engine.core import IllegalChoice

from .helpers import ATHENS, SPARTA, conserved, edit, give, ids, play, set_units, step, table


def test_the_round_limit_and_the_last_citizen_bound_the_count():
    match = table()
    state = match.state
    set_units(match, "lakedaemon", SPARTA, 1)
    play(match, SPARTA, "act:hoplites", "polis:sparta")
    # Sparta: 4 citizens (3 may go), room 2 in Lakedaemon in round #3, 3 metal + 2 silver.
    assert ids(match) == ["n:1", "n:2"]
    play(match, SPARTA, "n:2")
    assert ids(match) == ["silver:0", "silver:1", "silver:2"]
    play(match, SPARTA, "silver:1")
    assert state["units"]["lakedaemon"][SPARTA] == 3 and state["pop"]["sparta"] == 2
    assert state["res"][SPARTA]["metal"] == 2 and state["res"][SPARTA]["silver"] == 1
    assert conserved(match)


def test_hoplites_are_paid_in_metal_or_silver_and_need_one_of_them():
    match = table()
    state = match.state
    set_units(match, "lakedaemon", SPARTA, 0)
    state["res"][SPARTA].update(metal=0, silver=0)
    edit(match)
    assert "act:hoplites" not in ids(match)
    state["res"][SPARTA]["silver"] = 1
    edit(match)
    play(match, SPARTA, "act:hoplites", "polis:sparta", "n:1")  # one way to pay: no payment step
    assert state["res"][SPARTA]["silver"] == 0 and state["units"]["lakedaemon"][SPARTA] == 1


def test_epidamnos_and_abdera_raise_no_hoplites_but_build_galleys():
    for action in ("act:hoplites", "act:galleys"):
        match = table()
        state = match.state
        give(match, "epidamnos", SPARTA, 3)
        set_units(match, "lakedaemon", SPARTA, 0)
        play(match, SPARTA, action)
        assert ("polis:epidamnos" in ids(match)) == (action == "act:galleys")
    assert "polis:epidamnos" in ids(match)
    play(match, SPARTA, "polis:epidamnos", "n:2", "silver:0")
    assert state["units"]["adrias"][SPARTA] == 2 and state["pop"]["epidamnos"] == 1


def test_galleys_go_to_the_arrow_sea_and_sparta_and_thebai_have_no_port():
    match = table()
    play(match, SPARTA, "act:galleys")
    assert "polis:sparta" not in ids(match)
    assert ids(match) == ["polis:gytheion", "polis:pylos"]
    play(match, SPARTA, "polis:pylos", "n:1", "silver:0")
    assert match.state["units"]["ionion"][SPARTA] == 2 and match.state["pop"]["pylos"] == 1


def test_korinthos_builds_galleys_into_either_of_its_two_seas():
    match = table()
    state = match.state
    give(match, "korinthos", SPARTA, 3)
    play(match, SPARTA, "act:galleys", "polis:korinthos")
    assert step(match) == "sea" and ids(match) == ["area:korinthiakos", "area:saronikos"]
    play(match, SPARTA, "area:korinthiakos", "n:2", "silver:0")
    assert state["units"]["korinthiakos"][SPARTA] == 2


def test_merchant_ships_only_from_the_three_commercial_poleis():
    match = table()
    play(match, SPARTA, "act:merchants")
    assert ids(match) == ["polis:gytheion", "polis:pylos"]
    play(match, SPARTA, "polis:gytheion", "n:1", "silver:1")
    assert match.state["merchants"] == [1, 2] and match.state["res"][SPARTA]["silver"] == 1
    play(match, SPARTA, "end")
    play(match, ATHENS, "act:merchants")
    assert ids(match) == ["polis:athenai"]


def test_a_project_needs_a_polis_of_its_type_and_its_cost():
    match = table(projects=("parthenon", "armoury", "agora"))
    state = match.state
    play(match, SPARTA, "act:project")
    # Parthenon costs 4 silver: Sparta has 2. The Armoury (military) fits Sparta; the Agora (civic) Gytheion.
    assert ids(match) == ["project:armoury", "project:agora"]
    play(match, SPARTA, "project:armoury")
    assert ids(match) == ["polis:sparta"]
    play(match, SPARTA, "polis:sparta")
    assert state["building"] == {"sparta": "armoury"} and state["res"][SPARTA]["metal"] == 0
    assert state["offer"] == ["parthenon", "agora"]


def test_one_project_at_a_time_per_polis():
    match = table(projects=("armoury", "shipsheds", "agora"))
    state = match.state
    state["building"]["sparta"] = "long-walls"
    edit(match)
    play(match, SPARTA, "act:project")
    assert ids(match) == ["project:agora"]


def test_an_illegal_choice_is_refused_and_changes_nothing():
    match = table()
    before = repr(match.state)
    with pytest.raises(IllegalChoice):
        match.choose(SPARTA, "act:siege")
    with pytest.raises(IllegalChoice):
        match.choose(ATHENS, "pass")
    assert repr(match.state) == before

"""Rounds and turns: who starts, two different actions, passing and the fee, the round's end."""

from engine.polis.steps_turn import first_player

from .helpers import ATHENS, SPARTA, edit, ids, play, step, table


def test_sparta_starts_on_a_tie_and_the_side_with_less_prestige_otherwise():
    match = table()
    assert match.state["prestige"] == [5, 5] and match.decision.actors == (SPARTA,)
    state = match.state
    state["prestige"] = [3, 4]
    assert first_player(state) == ATHENS
    state["prestige"] = [4, 3]
    assert first_player(state) == SPARTA


def test_leotychidas_lets_athens_start_the_round():
    match = table(event="leotychidas")
    assert match.decision.actors == (ATHENS,)


def test_a_turn_is_two_different_actions_or_a_pass():
    match = table()
    first = ids(match)
    assert "pass" in first and "end" not in first and "act:tribute" in first
    play(match, SPARTA, "act:tribute", "area:lakedaemon")
    second = ids(match)
    assert "act:tribute" not in second and "end" in second and "pass" not in second
    play(match, SPARTA, "end")
    assert match.decision.actors == (ATHENS,)


def test_after_two_actions_the_turn_passes_to_the_other_side():
    match = table()
    play(match, SPARTA, "act:tribute", "area:lakedaemon", "act:proxenos", "polis:gytheion")
    assert match.decision.actors == (ATHENS,) and step(match) == "turn"


def test_a_side_that_passed_acts_no_more_and_the_other_pays_a_resource_per_action():
    match = table()
    play(match, SPARTA, "pass")
    assert match.state["passed"] == [False, True]
    wheat = match.state["res"][ATHENS]["wheat"]
    play(match, ATHENS, "act:tribute")
    assert step(match) == "fee"
    assert "fee:wheat" in ids(match) and "fee:silver" in ids(match)
    play(match, ATHENS, "fee:wheat", "area:attika")
    assert match.state["res"][ATHENS]["wheat"] == wheat - 1 + 1  # paid 1, the tribute gave 1 back
    play(match, ATHENS, "act:proxenos")
    assert step(match) == "fee"  # the second action costs a resource too
    play(match, ATHENS, "fee:wine", "polis:chalkis")
    # Sparta has passed: Athens plays on.
    assert match.decision.actors == (ATHENS,) and step(match) == "turn"


def test_the_turn_option_charges_the_fee_once_per_turn():
    match = table(options={"pass_fee": "turn"})
    play(match, SPARTA, "pass")
    play(match, ATHENS, "act:tribute", "fee:oil", "area:attika", "act:proxenos")
    assert step(match) == "proxenos_polis"  # no second fee in the same turn


def test_a_side_without_resources_can_only_pass_after_the_other_passed():
    match = table()
    play(match, SPARTA, "pass")
    edit(match, res=[dict.fromkeys(match.state["res"][0], 0), match.state["res"][1]])
    assert ids(match) == ["pass"]


def test_both_passing_ends_the_round_and_the_round_end_follows():
    match = table()
    play(match, SPARTA, "pass")
    play(match, ATHENS, "pass")
    assert match.state["phase"] == "upkeep"
    assert set(match.decision.actors) <= {ATHENS, SPARTA}
    assert step(match) == "each"

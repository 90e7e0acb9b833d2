"""The end of a round in the text's order, the end conditions and the clean-up, worked by hand."""

from engine.core import CHANCE

from .helpers import ATHENS, SPARTA, conserved, give, ids, play, step, table


def both_pass(match):
    """Whoever is to act passes, then the other (after the other's pass, ending a turn is all it does)."""
    for _ in range(2):
        seat = match.decision.actors[0]
        play(match, seat, "end" if "end" in ids(match) else "pass")
    if step(match) == "turn":
        play(match, match.decision.actors[0], "pass")
    return match


def finish_upkeep(match, athens=(), sparta=()):
    """Answer the round-end decisions: given choices first, then 'done'/'no-tax'."""
    plans = {ATHENS: list(athens), SPARTA: list(sparta)}
    while match.decision and not match.decision.is_chance and step(match) == "each":
        for seat in match.decision.actors:
            options = ids(match, seat)
            wanted = plans[seat].pop(0) if plans[seat] else ("done" if "done" in options else "no-tax")
            match.choose(seat, wanted)
    return match


def test_projects_complete_at_the_round_end_for_their_round_prestige():
    match = table(projects=("armoury", "stoa", "agora"))
    state = match.state
    play(match, SPARTA, "act:project", "project:armoury", "polis:sparta", "end")
    both_pass(match)
    # Completed before feeding: Sparta 5 + 1 prestige.
    assert state["built"] == {"sparta": ["armoury"]} and state["building"] == {}
    finish_upkeep(match)
    assert match.scores()[SPARTA].breakdown["Projects"] == 2


def test_feeding_takes_wheat_then_prestige():
    match = table()
    state = match.state
    state["res"][SPARTA]["wheat"] = 5  # 8 citizens: 5 wheat and 3 prestige
    both_pass(match)
    assert state["res"][SPARTA]["wheat"] == 0 and state["prestige"][SPARTA] == 2
    assert not state["unfed"][SPARTA]


def test_a_side_that_cannot_feed_gives_up_cities_of_its_choice_and_the_game_ends():
    match = table()
    state = match.state
    state["res"][SPARTA]["wheat"] = 1
    state["prestige"][SPARTA] = 4  # 8 citizens: 1 wheat + 4 prestige, 3 unfed
    both_pass(match)
    assert state["unfed"][SPARTA] and "polis:pylos" in ids(match, SPARTA)
    match.choose(SPARTA, "polis:pylos")  # 2 citizens: one more city is needed
    assert ids(match, SPARTA) == ["polis:sparta", "polis:gytheion"]
    match.choose(SPARTA, "polis:gytheion")
    assert state["owner"]["pylos"] is None and state["owner"]["gytheion"] is None
    finish_upkeep(match)
    assert match.finished and "a side could not feed its citizens" in state["end"]
    assert match.scores()[SPARTA].breakdown["Population"] == 4
    assert conserved(match)


def test_growth_costs_1_wheat_per_citizen_within_the_maximum_and_the_growth_number():
    match = table()
    state = match.state
    state["res"][ATHENS]["wheat"] = 12  # 8 eaten, 4 left
    both_pass(match)
    options = ids(match, ATHENS)
    assert options == ["grow:athenai", "grow:chalkis", "grow:chios", "done"]
    match.choose(ATHENS, "grow:chalkis")  # Chalkis grows by at most 1 a round
    assert "grow:chalkis" not in ids(match, ATHENS)
    match.choose(ATHENS, "grow:athenai")
    match.choose(ATHENS, "grow:athenai")  # Athenai: 2 a round
    assert ids(match, ATHENS) == ["grow:chios", "done"]
    assert state["pop"]["athenai"] == 6 and state["res"][ATHENS]["wheat"] == 1


def test_megalopolis_spoilage_rounded_up_and_tax():
    match = table()
    state = match.state
    state["res"][ATHENS].update(wheat=11, wine=3, oil=1, silver=0)  # 8 eaten: 3 wheat left
    both_pass(match)
    match.choose(ATHENS, "grow:chalkis")  # 2 wheat left; Chalkis 3 > base 2: megalopolis
    match.choose(ATHENS, "done")
    assert state["prestige"][ATHENS] == 5 + 1
    assert state["res"][ATHENS]["wheat"] == 1 and state["res"][ATHENS]["wine"] == 1 and state["res"][ATHENS]["oil"] == 0
    assert ids(match, ATHENS) == ["tax", "no-tax"]
    match.choose(ATHENS, "tax")
    assert state["prestige"][ATHENS] == 5 and state["res"][ATHENS]["silver"] == 1


def test_zero_prestige_at_the_round_end_ends_the_game():
    match = table()
    state = match.state
    state["res"][SPARTA]["wheat"] = 3
    state["prestige"][SPARTA] = 5  # 8 citizens: 3 wheat + 5 prestige: fed, with 0 prestige left
    both_pass(match)
    finish_upkeep(match)
    assert match.finished and state["end"] == ["a side has 0 prestige"]


def test_the_clean_up_brings_ships_home_clears_the_boxes_and_draws_the_next_event():
    match = table()
    state = match.state
    play(match, SPARTA, "act:trade", "market:aegyptus", "pay:wine:wheat", "d4:1", "act:tribute", "area:lakedaemon")
    both_pass(match)
    finish_upkeep(match)
    assert match.decision.is_chance and step(match) == "reveal_project"
    assert state["merchants"][SPARTA] == 1 and state["slots"]["aegyptus"] == [None] * 5
    assert state["tribute"] == [] and state["offer"] == [] and state["round"] == 2
    for tile in ("parthenon", "theatre", "odeion"):
        match.choose(CHANCE, f"project:{tile}")
    assert [c.id for c in match.decision.for_actor(CHANCE)][0].startswith("event:")
    assert "event:egypt-rebels" in ids(match, CHANCE) and "event:earthquake" not in ids(match, CHANCE)
    match.choose(CHANCE, "event:egypt-rebels")
    assert state["closed"] == ["aegyptus"] and state["prices"]["persia"] == 2
    # Sparta paid nothing this round; 5 wheat... the side with less prestige starts round #4.
    first = ATHENS if state["prestige"][ATHENS] < state["prestige"][SPARTA] else SPARTA
    assert match.decision.actors == (first,)


def test_the_game_ends_after_round_4_with_the_final_count():
    match = table()
    state = match.state
    state["round"] = 4
    for seat in (ATHENS, SPARTA):
        state["res"][seat]["wheat"] = 20
    give(match, "argos", SPARTA, 3)
    state["built"]["argos"] = ["parthenon"]
    both_pass(match)
    finish_upkeep(match)
    assert match.finished and state["end"] == ["round 4 is over"]
    sparta = match.scores()[SPARTA].breakdown
    assert sparta == {"Population": 8 + 3, "Prestige": 5, "Projects": 4}  # no polis above its base

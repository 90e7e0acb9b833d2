"""Event cards: the published #3 deck as the card sheet gives it, and the effect kinds."""

from engine.core import CHANCE

from .helpers import ATHENS, SPARTA, conserved, ids, table


def test_earthquake_places_a_spartan_galley_and_an_athenian_hoplite():
    match = table(event="earthquake")
    state = match.state
    assert state["units"]["ionion"][SPARTA] == 2 and state["units"]["messenia"][ATHENS] == 1
    assert conserved(match)


def test_eurymedon_gives_sparta_silver_and_athens_prestige():
    match = table(event="eurymedon")
    assert match.state["res"][SPARTA]["silver"] == 3 and match.state["prestige"][ATHENS] == 6
    assert match.decision.actors == (SPARTA,)  # less prestige starts


def test_philopersians_each_side_gains_prestige_and_removes_a_unit_of_its_choice():
    match = table(event="philopersians")
    state = match.state
    assert state["prestige"] == [6, 6]
    assert set(match.decision.actors) == {ATHENS, SPARTA}
    assert "area:kyklades" in ids(match, ATHENS) and "area:lakedaemon" in ids(match, SPARTA)
    match.choose(ATHENS, "area:kyklades")
    match.choose(SPARTA, "area:messenia")
    assert state["units"]["kyklades"][ATHENS] == 1 and state["units"]["messenia"][SPARTA] == 0
    assert conserved(match) and match.decision.actors == (SPARTA,)


def test_xerxes_closes_persia_for_the_round():
    match = table(event="xerxes")
    assert match.state["closed"] == ["persia"]


def test_holy_war_places_hoplites_in_thessalia_and_boiotia():
    match = table(event="holy-war")
    assert match.state["units"]["thessalia"][SPARTA] == 1 and match.state["units"]["boiotia"][ATHENS] == 1


def test_the_first_event_comes_from_the_3_deck_with_its_two_no_event_cards():
    from engine.core import Match

    from .helpers import RULES
    match = Match(RULES, ["Ann", "Bob"], {}, seed=1)
    for tile in ("armoury", "stoa", "agora"):
        match.choose(CHANCE, f"project:{tile}")
    outcomes = {c.id: c.weight for c in match.decision.for_actor(CHANCE)}
    assert outcomes == {"event:no-event-1": 2, "event:earthquake": 1, "event:eurymedon": 1, "event:holy-war": 1,
                        "event:leotychidas": 1, "event:philopersians": 1, "event:xerxes": 1}


def test_an_event_never_places_past_the_round_limit_nor_takes_a_last_citizen():
    from engine.polis import events
    match = table()
    state = match.state
    events._place(state, SPARTA, "lakedaemon")  # 3 already: the #3 limit
    assert state["units"]["lakedaemon"][SPARTA] == 3
    state["pop"]["chios"] = 1
    state["supply"][ATHENS] += 1
    events.resolve(state, "mytilene")
    assert state["pop"]["chios"] == 1 and state["prestige"][ATHENS] == 4
    assert conserved(match)

"""Political actions, worked by hand from the rule text: trade, the proxenos, civil war."""

from engine.polis import geo, politics

from .helpers import ATHENS, SPARTA, conserved, give, ids, play, set_units, step, table


def test_a_trade_sends_a_merchant_takes_a_space_and_moves_the_price_up_by_the_die():
    match = table()
    state = match.state
    play(match, SPARTA, "act:trade")
    # Athens' galleys hold the Kyklades and the Aigaion: Persia, Pontos and Thraki are out of reach.
    assert ids(match) == ["market:aegyptus", "market:illyria"]
    play(match, SPARTA, "market:aegyptus")
    # Aegyptus at price 2 (1 silver): Sparta has 2 wine, 2 oil... and 2 silver.
    assert set(ids(match)) >= {"pay:wine:wheat", "pay:oil:wheat", "pay:silver:wheat"}
    wheat = state["res"][SPARTA]["wheat"]
    play(match, SPARTA, "pay:wine:wheat")
    assert state["res"][SPARTA]["wheat"] == wheat + 4 and state["res"][SPARTA]["wine"] == 0  # a shipload: 4 wheat
    assert state["merchants"][SPARTA] == 0 and state["slots"]["aegyptus"][0] == SPARTA
    assert step(match) == "trade_roll"
    play(match, SPARTA, "d4:3")
    assert state["prices"]["aegyptus"] == 3  # goods paid: up by the roll
    assert conserved(match)


def test_buying_wheat_with_silver_moves_the_price_down_and_never_below_the_track():
    match = table()
    state = match.state
    state["prices"]["aegyptus"] = 4  # 4 goods or 2 silver
    play(match, SPARTA, "act:trade", "market:aegyptus", "pay:silver:wheat")
    assert state["res"][SPARTA]["silver"] == 0
    play(match, SPARTA, "d4:4")
    assert state["prices"]["aegyptus"] == 0


def test_only_the_first_spaces_of_a_market_are_usable_in_a_round_and_a_closed_market_takes_no_ship():
    match = table()
    state = match.state
    state["slots"]["aegyptus"] = [ATHENS, ATHENS, ATHENS, None, None]  # round #3: three spaces
    state["closed"] = ["persia"]
    assert politics.usable_space(state, "aegyptus") is None
    assert "aegyptus" not in politics.markets(state, SPARTA) and "persia" not in politics.markets(state, SPARTA)
    state["round"] = 2
    assert politics.usable_space(state, "aegyptus") == 3


def test_a_blockade_closes_the_route_and_epidamnos_with_abdera_open_it_again():
    match = table()
    state = match.state
    set_units(match, "myrtoon", ATHENS, 2)
    set_units(match, "ionion", ATHENS, 2)
    assert politics.markets(state, SPARTA) == []  # both seas of the Spartan trade port are Athenian
    give(match, "epidamnos", SPARTA, 2)
    give(match, "abdera", SPARTA, 2)
    assert geo.trade_route(state, SPARTA, "persia")
    give(match, "gytheion", ATHENS, 2)
    give(match, "pylos", ATHENS, 2)
    assert not geo.owns_trade_bypass(state, SPARTA)  # no commercial polis left


def test_the_proxenos_pays_1_silver_per_enemy_unit_in_the_areas_it_enters():
    match = table()
    state = match.state
    # From Sparta to Argos: Argolis holds no enemy; to Athenai: Attika holds 2 Athenian hoplites.
    costs = geo.bribes(state, SPARTA, "sparta")
    assert costs["gytheion"] == 0 and costs["argos"] == 0 and costs["athenai"] == 2
    play(match, SPARTA, "act:proxenos")
    assert "polis:athenai" in ids(match)  # Sparta has 2 silver
    play(match, SPARTA, "polis:athenai")
    assert state["proxenos"][SPARTA] == "athenai" and state["res"][SPARTA]["silver"] == 0


def test_the_cheapest_way_is_taken_by_land_or_sea():
    match = table()
    set_units(match, "arkadia", ATHENS, 3)
    set_units(match, "argolis", ATHENS, 3)
    # Sparta to Korinthos: round by the Myrtoon and the Saronikos, past no enemy.
    assert geo.bribes(match.state, SPARTA, "sparta")["korinthos"] == 0
    set_units(match, "saronikos", ATHENS, 1)
    set_units(match, "ionion", ATHENS, 1)
    assert geo.bribes(match.state, SPARTA, "sparta")["korinthos"] == 1


def test_a_captured_proxenos_is_freed_for_2_silver_to_the_enemy_and_goes_home():
    match = table()
    state = match.state
    state["proxenos"][SPARTA], state["held"][SPARTA] = "argos", True
    match.state_edited()
    assert "act:proxenos" not in ids(match) and "act:civil-war" not in ids(match)
    silver = state["res"][ATHENS]["silver"]
    play(match, SPARTA, "act:free")
    assert state["held"][SPARTA] is False and state["proxenos"][SPARTA] == "sparta"
    assert state["res"][SPARTA]["silver"] == 0 and state["res"][ATHENS]["silver"] == silver + 2


def test_civil_war_in_a_neutral_polis_costs_twice_its_base_and_gives_its_base_in_citizens_and_prestige():
    match = table()
    state = match.state
    state["proxenos"][SPARTA] = "argos"
    state["res"][SPARTA]["silver"] = 6
    match.state_edited()
    play(match, SPARTA, "act:civil-war")
    assert ids(match) == ["polis:argos"]
    play(match, SPARTA, "polis:argos")
    assert state["owner"]["argos"] == SPARTA and state["pop"]["argos"] == 3
    assert state["res"][SPARTA]["silver"] == 0 and state["prestige"][SPARTA] == 5 + 3
    assert conserved(match)


def test_civil_war_in_an_enemy_polis_costs_three_times_its_citizens_but_never_in_a_capital():
    match = table()
    state = match.state
    state["proxenos"][SPARTA] = "chalkis"
    state["res"][SPARTA]["silver"] = 5
    match.state_edited()
    assert "act:civil-war" not in ids(match)  # Chalkis has 2 citizens: 6 silver
    state["res"][SPARTA]["silver"] = 6
    match.state_edited()
    play(match, SPARTA, "act:civil-war", "polis:chalkis")
    assert state["owner"]["chalkis"] == SPARTA and state["pop"]["chalkis"] == 2 and state["prestige"][SPARTA] == 7
    assert conserved(match)
    match = table()
    match.state["proxenos"][SPARTA] = "athenai"
    match.state["res"][SPARTA]["silver"] = 40
    match.state_edited()
    assert "act:civil-war" not in ids(match)


def test_civil_war_reaches_every_polis_of_the_proxenos_region():
    match = table()
    state = match.state
    state["proxenos"][SPARTA] = "korinthos"
    state["res"][SPARTA]["silver"] = 6
    assert politics.civil_war_targets(state, SPARTA) == ["korinthos", "megara"]

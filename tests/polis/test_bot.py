"""The heuristic the greedy bot and the search judge Polis positions by: near a game-ending round end,
and what a side that has not passed can still do."""

import pytest

from engine.bots import make_bot
from engine.core import Match, copy_state
from engine.polis import heuristic, politics
from engine.search.bot import SearchBot

from .helpers import ATHENS, RULES, SPARTA, edit, give, ids, set_units, table


def athens_starving_after_passing():
    """Round 3, Athens has passed; Sparta to act, its tribute collected. If the round ended now,
    Athens could feed only 6 of its 8 citizens (4 wheat, 2 prestige) and the game would end:
    Athens gives up Athenai (2) and keeps Chalkis (1), Chios (2, Temple of Zeus: 3) and Megara
    (3, a megalopolis: +1 prestige), 10 points; Sparta feeds its 5 citizens with its 5 wheat and
    keeps 4 prestige and the Gymnasion (2): 11. Every action Sparta takes now costs it 1 wheat
    (the other side passed; it has nothing else), so 1 prestige at the meal: 10 to 10 at best, and
    a military action costs 1 prestige more. (As in deal 2000 of the arena, where Normal acted on
    until it starved and lost 0 to 10.)"""
    match = table()
    for polis, citizens in (("athenai", 2), ("chalkis", 1), ("chios", 2), ("megara", 3)):
        give(match, polis, ATHENS, citizens)
    for polis, citizens in (("sparta", 2), ("gytheion", 2), ("pylos", 1)):
        give(match, polis, SPARTA, citizens)
    empty = dict.fromkeys(("wheat", "silver", "wood", "metal", "oil", "wine"), 0)
    edit(match, round=3, passed=[True, False], prestige=[2, 4], tribute=["lakedaemon", "messenia"],
         res=[{**empty, "wheat": 4}, {**empty, "wheat": 5}],
         built={"chios": ["temple-zeus"], "gytheion": ["gymnasion"]})
    set_units(match, "lakedaemon", SPARTA, 0)
    set_units(match, "arkadia", SPARTA, 5)
    set_units(match, "arkadia", ATHENS, 1)
    assert match.decision.actors == (SPARTA,)
    return match


def test_a_round_end_that_ends_the_game_is_foreseen_as_the_final_score():
    match = athens_starving_after_passing()
    assert heuristic.round_end_forecast(match.state) == [10, 11]
    assert heuristic.static(match.state, SPARTA) > 0


def test_a_round_end_that_does_not_end_the_game_is_not_a_final_score():
    match = athens_starving_after_passing()
    match.state["res"][ATHENS]["wheat"] = 8
    assert heuristic.round_end_forecast(match.state) is None


def test_a_game_ending_forecast_counts_no_prospects():
    match = athens_starving_after_passing()
    # Athens, passed, has two merchant ships in port it can no longer send, and Sparta's
    # hoplites in Arkadia outnumber Athens' there: neither counts once the game ends at this
    # round end, only the final count (10 to 11).
    match.state["merchants"][ATHENS] = 2
    assert heuristic.prospects(match.state, ATHENS) > 1 and heuristic.prospects(match.state, SPARTA) > 0
    # Athens ends the game early by starving: it bears two starving citizens' cost besides.
    assert heuristic.static(match.state, SPARTA) == 1 + 2 * heuristic.STARVING
    assert heuristic.static(match.state, ATHENS) == -1 - 2 * heuristic.STARVING


def test_once_both_have_passed_the_round_end_is_played_out_to_the_final_score():
    match = athens_starving_after_passing()
    match.choose(SPARTA, "pass")
    match.draw_all()
    assert match.state["phase"] == "upkeep" and not match.finished
    # Exactly the final count, Athens having given up Athenai: 11 to 10.
    assert RULES.evaluate(match.state, SPARTA) == 100.0


def test_the_search_ends_the_game_it_leads_and_knows_that_acting_on_loses_it():
    match = athens_starving_after_passing()
    searcher = SearchBot("normal", seed=2000, capped=False)
    assert searcher.choose(match, SPARTA).id == "pass"
    best, *others = searcher.last.candidates
    assert best.value > 0.9
    # Judged by what keeps the score coming, Athens starving looked like a rout whatever Sparta
    # did: every action was thought a 90% win (and in the arena Normal acted on and starved).
    # Acting is a tie at best by the final count; Athens' starving still weighs on it (the cost of
    # ending the game early), so acting is judged below passing but no longer a loss.
    assert all(candidate.value < best.value for candidate in others)


def sparta_to_act_while_athens_can_still_mend_its_meal():
    """Round 2, nobody has passed; Sparta to act. If the round ended now, Athens would feed only
    7 of its 8 citizens (5 wheat, 2 prestige) and the game would end, Sparta ahead: Athens gives up
    Chalkis (2) and keeps Athenai (4) and Chios (2), 6 points with no prestige left; Sparta feeds
    its 8 citizens with its 8 wheat and keeps 5 prestige, 13. But Athens may still act: its 4
    hoplites at home collect Attika's tribute without prestige (silver, wheat, oil, wheat), and 7
    wheat and 1 prestige feed all 8. Sparta's own 3 hoplites at home have Lakedaemon's tribute to
    collect (wheat, metal, wheat): 2 citizens more at the round end."""
    match = table()
    for polis, citizens in (("athenai", 4), ("chalkis", 2), ("chios", 2)):
        give(match, polis, ATHENS, citizens)
    for polis, citizens in (("sparta", 4), ("gytheion", 2), ("pylos", 2)):
        give(match, polis, SPARTA, citizens)
    empty = dict.fromkeys(("wheat", "silver", "wood", "metal", "oil", "wine"), 0)
    edit(match, round=2, prestige=[2, 5], res=[{**empty, "wheat": 5, "silver": 2}, {**empty, "wheat": 8, "metal": 2}])
    set_units(match, "attika", ATHENS, 4)
    set_units(match, "lakedaemon", SPARTA, 3)
    assert match.decision.actors == (SPARTA,) and match.state["passed"] == [False, False]
    return match


def after(match, seat, *choices):
    trial = copy_state(match.state, log=False)
    for choice in choices:
        RULES.apply(trial, seat, next(c for c in RULES.decision(trial).for_actor(seat) if c.id == choice))
    return trial


def test_a_side_that_has_not_passed_can_still_mend_its_meal_and_the_game_goes_on():
    match = sparta_to_act_while_athens_can_still_mend_its_meal()
    passed = after(match, SPARTA, "pass")
    assert heuristic.round_end_near(passed)
    # Athens would starve if the round ended now, but it may still act: no final score is foreseen.
    assert heuristic.round_end_forecast(passed) is None
    assert heuristic.wheat_within_reach(passed, ATHENS) == 2
    # Once Athens has passed too, its shortfall is final.
    athens_passed = copy_state(passed, log=False)
    athens_passed["passed"] = [True, True]
    assert heuristic.round_end_forecast(athens_passed) == [6, 13]


def test_passing_gives_up_what_the_side_could_still_do_this_round():
    match = sparta_to_act_while_athens_can_still_mend_its_meal()
    # Athens is fed: no round end in sight ends the game. Sparta's 6 wheat feed 6 of its 8
    # citizens; its home tribute would feed the other 2, or else 2 of its 5 prestige must.
    match.state["res"][ATHENS]["wheat"] = 8
    match.state["res"][SPARTA]["wheat"] = 6
    now = heuristic.static(match.state, SPARTA)
    passed = heuristic.static(after(match, SPARTA, "pass"), SPARTA)
    tribute = heuristic.static(after(match, SPARTA, "act:tribute", "area:lakedaemon"), SPARTA)
    # Passing forfeits the tribute at home: 2 prestige for the meal instead. Collecting it is
    # better than doing nothing (what a free action that changes nothing, a stall, is worth).
    assert passed < now - 0.5 < tribute
    # Greedy and Normal act rather than pass.
    assert make_bot("greedy", 1).choose(match, SPARTA).id != "pass"
    assert SearchBot("normal", seed=2000, capped=False).choose(match, SPARTA).id != "pass"


def test_passing_gives_up_the_home_tribute_still_to_collect():
    match = sparta_to_act_while_athens_can_still_mend_its_meal()
    match.state["res"][ATHENS]["wheat"] = 8
    # Both sides can feed their 8 citizens: no round end in sight ends the game. Sparta's 3
    # hoplites at home cover wheat, metal, wheat on Lakedaemon's box (0.6 + 0.4 + 0.6), half of
    # which is counted while it may still collect them, for nothing, this round.
    now = heuristic.static(match.state, SPARTA)
    assert heuristic.static(after(match, SPARTA, "pass"), SPARTA) == pytest.approx(now - 0.8)
    # Collecting turns the half counted into the whole: the 2 wheat beyond the meal and the metal.
    assert heuristic.static(after(match, SPARTA, "act:tribute", "area:lakedaemon"), SPARTA) == pytest.approx(now + 0.8)
    assert make_bot("greedy", 1).choose(match, SPARTA).id != "pass"


def test_a_side_short_of_wheat_counts_on_a_merchant_ship_it_can_still_send():
    match = sparta_to_act_while_athens_can_still_mend_its_meal()
    state = match.state
    # Athens' 5 wheat and the 2 of its home tribute feed 7 of its 8 citizens, and with 1
    # prestige it cannot pay for the 8th. But its merchant ship can still sail to Aegyptus or
    # Pontos and buy 4 wheat there for 1 of its 2 silver: the 8th costs as much as prestige.
    state["prestige"][ATHENS] = 1
    assert politics.markets(state, ATHENS) == ["aegyptus", "pontos"]
    assert heuristic.wheat_by_trade(state, ATHENS) == 4
    with_silver = heuristic.side_value(state, ATHENS)
    # With nothing to pay for the wheat, the 8th citizen starves.
    state["res"][ATHENS]["silver"] = 0
    assert heuristic.wheat_by_trade(state, ATHENS) == 0
    assert (with_silver - heuristic.side_value(state, ATHENS)
            == pytest.approx(2 * 0.7 + heuristic.STARVING - heuristic.TRADED))
    # Once Athens has passed, its ship stays in port.
    state["res"][ATHENS]["silver"] = 2
    state["passed"][ATHENS] = True
    assert heuristic.wheat_by_trade(state, ATHENS) == 0


def test_a_trade_that_would_cost_more_than_it_is_counted_for_is_not_counted_on():
    match = sparta_to_act_while_athens_can_still_mend_its_meal()
    state = match.state
    # Events have closed Aegyptus and Pontos: Sparta's ship can buy wheat only in Illyria, 3 a
    # shipload. At 2 silver (1.4) the trade gains 3 - 1.4 - 1 (the ship): counted on. At 3 silver
    # (2.1) it would lose 0.1: not counted on, or Sparta would rather stall than either trade or
    # give the credit up by passing.
    state["res"][SPARTA]["silver"] = 3
    state["closed"] = ["aegyptus", "pontos"]
    assert politics.markets(state, SPARTA) == ["illyria"]
    state["prices"]["illyria"] = 5
    assert politics.price(state, "illyria") == (4, 2) and heuristic.wheat_by_trade(state, SPARTA) == 3
    state["prices"]["illyria"] = 7
    assert politics.price(state, "illyria") == (6, 3) and heuristic.wheat_by_trade(state, SPARTA) == 0


def test_normal_does_not_pass_its_first_decision_of_deal_3007():
    """The arena's deal 3007 (seed 3000, game 15): Sparta moves first in round 1 with 8 citizens
    and 6 wheat, its home tribute (2 wheat, 1 metal) and a merchant ship ready. Normal passed
    there, at once, judging the pass within 0.01 of trading, and lost 1 to 28."""
    match = Match(RULES, ["P0", "P1"], {}, 3007)
    match.draw_all()
    assert match.decision.actors == (SPARTA,) and match.state["round"] == 1
    searcher = SearchBot("normal", seed="arena:3007:1", capped=False)
    assert searcher.choose(match, SPARTA).id != "pass"
    ranked = [candidate.choice for candidate in searcher.last.candidates]
    assert ranked.index("pass") >= len(ranked) // 2


def test_normal_takes_an_action_rather_than_pass_in_round_1_of_deal_3017():
    """The arena's deal 3017 (seed 3010, game 14), Athens (Normal) to act in round 1 after a
    trade and a project, its home tribute (silver, wheat) still to collect. Normal passed there,
    with the pass 0.443 against the tribute 0.435: the tribute's value was the mean of every
    region it tried, Ionia's (1 prestige) too, though the best, Attika, was worth 0.458. Sparta
    then took five actions alone, and Athens went on to starve in round 2 and lose 11 to 16.
    (Either of this branch's changes alone makes it collect here: the best-tried step backed up,
    or the merchant ships counted on for wheat, which changes Sparta's replies.)"""
    match = Match(RULES, ["P0", "P1"], {}, 3017)
    for seat, choice in ((1, "act:proxenos"), (1, "polis:syracuse"), (1, "act:trade"), (1, "market:illyria"),
                         (1, "pay:wine:silver"), (0, "act:trade"), (0, "market:aegyptus"), (0, "pay:wine:wheat"),
                         (0, "act:project"), (0, "project:temple-zeus"), (0, "polis:chios"), (1, "act:tribute"),
                         (1, "area:lakedaemon"), (1, "act:move-hoplites"), (1, "to:korinthia"),
                         (1, "from:lakedaemon"), (1, "all:lakedaemon")):
        match.draw_all()
        match.choose(seat, choice)
    match.draw_all()
    assert match.decision.actors == (ATHENS,) and match.state["round"] == 1
    searcher = SearchBot("normal", seed="arena:3017:0", capped=False)
    assert searcher.choose(match, ATHENS).id != "pass"
    ranked = [candidate.choice for candidate in searcher.last.candidates]
    assert ranked.index("pass") >= 2


def test_the_other_sides_half_made_action_is_judged_by_how_it_will_finish():
    match = sparta_to_act_while_athens_can_still_mend_its_meal()
    match.state["res"][ATHENS]["wheat"] = 8
    collected = heuristic.static(after(match, SPARTA, "act:tribute", "area:lakedaemon"), SPARTA)
    # Sparta has chosen to collect tribute and not yet where. To Athens that is worth what
    # Sparta's best collection will be (at home: half the box more than the credit, 0.8), not the
    # position as it stands with nothing collected (which a search looking one step into
    # Sparta's reply took for a free move, and never saw a threat coming).
    half_made = after(match, SPARTA, "act:tribute")
    assert RULES.evaluate(half_made, SPARTA) == pytest.approx(collected)
    assert RULES.evaluate(half_made, ATHENS) == pytest.approx(-collected)
    assert heuristic.static(half_made, ATHENS) == pytest.approx(-collected + 0.8)


@pytest.mark.parametrize("seed", [500, 501])
def test_the_heuristic_is_a_lead_one_sides_the_others_negated(seed):
    """Along a game between greedy bots, in the middle of either side's actions too: what the
    search counts on when it judges a position once for both seats (its profile's mirrored)."""
    match = Match(RULES, ["A", "B"], {}, seed)
    bots = [make_bot("greedy", f"lead:{seat}") for seat in (0, 1)]
    half_made = 0
    while (decision := match.decision) is not None and len(match.actions) < 150:
        if decision.is_chance:
            match.draw_all()
            continue
        state = match.state
        assert RULES.evaluate(state, ATHENS) == pytest.approx(-RULES.evaluate(state, SPARTA))
        half_made += state["flow"][-1]["step"] in heuristic.MID_ACTION
        seat = decision.actors[0]
        match.choose(seat, bots[seat].choose(match, seat).id)
    assert half_made > 20


def test_growing_beyond_what_the_next_round_can_feed_is_judged_worse_than_not_growing():
    """At round 1's growth step Athens holds 2 wheat and 1 prestige; no merchant ship and no
    hoplite at home, so next round brings it no wheat. Its 8 citizens already need 7 wheat
    more than it keeps; a 9th grown now would be one more that nothing feeds next round."""
    match = table()
    state = match.state
    state["phase"] = "upkeep"
    state["prestige"][ATHENS] = 1
    state["res"][ATHENS]["wheat"] = 2
    state["merchants"][ATHENS] = 0
    set_units(match, "attika", ATHENS, 0)
    assert heuristic.expected_wheat(state, ATHENS) == 0
    polis = next(p for p, owner in state["owner"].items() if owner == ATHENS and state["pop"][p] == 2)
    grown = copy_state(state)
    grown["pop"][polis] += 1
    grown["res"][ATHENS]["wheat"] -= 1
    assert heuristic.side_value(grown, ATHENS) < heuristic.side_value(state, ATHENS)


def sparta_short_of_wheat_with_ships_to_send():
    """Round 2, nobody has passed; Sparta to act with 8 citizens, no wheat, 4 prestige, 1 silver
    and 2 metal, and 2 merchant ships in port: Aegyptus sells it 4 wheat for its silver, Illyria
    3 for its metal. Athens holds 8 wheat for its 8 citizens, 6 wine and 6 oil, its home
    tribute (2 wheat) still to collect and a ship and 2 silver for Aegyptus' 4 wheat."""
    match = sparta_to_act_while_athens_can_still_mend_its_meal()
    state = match.state
    empty = dict.fromkeys(("wheat", "silver", "wood", "metal", "oil", "wine"), 0)
    state["res"][SPARTA] = {**empty, "silver": 1, "metal": 2}
    state["res"][ATHENS] = {**empty, "wheat": 8, "silver": 2, "wine": 6, "oil": 6}
    state["prestige"][SPARTA] = 4
    state["merchants"] = [1, 2]
    match.state_edited()
    return match


def test_the_side_still_acting_is_foreseen_bringing_in_the_wheat_within_its_reach():
    match = sparta_short_of_wheat_with_ships_to_send()
    passed = after(match, SPARTA, "pass")
    # Sparta, passed, feeds 4 citizens with its 4 prestige and gives up Sparta (4) for the other
    # 4: Gytheion and Pylos are left, 4 points. Athens acts on: its home tribute and its ship
    # bring 6 wheat, and after the meal Athenai grows by 2, Chalkis and Chios by 1 each (12
    # citizens, 3 megalopoleis) with its 2 prestige: 17, less 0.5 for each wheat still to fetch.
    # (Judged as Athens stands, 8 citizens and 2 prestige, 10 to 4, the pass looked cheaper than
    # Sparta's shortfall in play, and Sparta passed into it.)
    assert heuristic.wheat_to_come(passed, ATHENS) == (6, 0)
    assert heuristic.round_end_forecast(passed) == [14, 4]


def test_a_side_short_of_wheat_trades_rather_than_pass_into_its_own_starvation():
    match = sparta_short_of_wheat_with_ships_to_send()
    assert heuristic.wheat_by_ships(match.state, SPARTA) == 7
    assert make_bot("greedy", 1).choose(match, SPARTA).id != "pass"
    assert SearchBot("normal", seed=2000, capped=False).choose(match, SPARTA).id != "pass"


def sparta_short_of_wheat_in_round_2():
    """Round 2, Sparta to act, nobody has passed. Sparta's 8 citizens have no wheat and 8
    prestige: if it passed now it could bring in nothing more, would feed them all with
    prestige at the round end and be left with 0 prestige, which ends the game (and by the
    final count, 8 citizens to Athens' 6 and 2 prestige, it would not be behind). Its merchant
    ship in port and 4 silver or 4 wine can still buy a shipload of wheat. Athens holds much
    that counts only while the game goes on (silver, wood, metal, oil)."""
    match = table()
    for polis, citizens in (("athenai", 2), ("chalkis", 2), ("chios", 2)):
        give(match, polis, ATHENS, citizens)
    for polis, citizens in (("sparta", 4), ("gytheion", 2), ("pylos", 2)):
        give(match, polis, SPARTA, citizens)
    empty = dict.fromkeys(("wheat", "silver", "wood", "metal", "oil", "wine"), 0)
    edit(match, round=2, prestige=[2, 8],
         res=[{**empty, "wheat": 6, "silver": 10, "wood": 8, "metal": 8, "oil": 4}, {**empty, "silver": 4, "wine": 4}])
    match.state["merchants"][SPARTA] = 1
    assert match.decision.actors == (SPARTA,) and "act:trade" in ids(match)
    return match


def test_a_side_short_of_wheat_does_not_pass_into_starvation_it_can_still_mend():
    match = sparta_short_of_wheat_in_round_2()
    passed = copy_state(match.state, log=False)
    RULES.apply(passed, SPARTA, next(choice for choice in match.legal(SPARTA) if choice.id == "pass"))
    assert heuristic.round_end_forecast(passed) is not None  # passing ends the game at the round end
    # Judged by the final count alone, ending the game looked better than trading for wheat
    # (the Easy bot passed, and games between Easy bots mostly ended before round 4).
    assert make_bot("greedy", "short").choose(match, SPARTA).id != "pass"

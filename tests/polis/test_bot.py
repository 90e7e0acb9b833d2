"""The heuristic the greedy bot and the search judge Polis positions by, near a game-ending round end."""

from engine.polis import bot
from engine.search.bot import SearchBot

from .helpers import ATHENS, RULES, SPARTA, edit, give, set_units, table


def athens_starving_after_passing():
    """Round 3, Athens has passed; Sparta to act, its tribute collected. If the round ended now,
    Athens could feed only 6 of its 8 citizens (4 wheat, 2 prestige) and the game would end:
    Athens gives up Athenai (2) and keeps Chalkis (1), Chios (2, Temple of Zeus: 3) and Megara
    (3, a megalopolis: +1 prestige), 10 points; Sparta feeds its 5 citizens with its 5 wheat and
    keeps 4 prestige and the Gymnasion (2): 11. Every action Sparta takes now costs it 1 wheat
    (the other side passed), a military one 1 prestige more: acting can only lose. (As in deal
    2000 of the arena, where Normal acted on until it starved and lost 0 to 10.)"""
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
    assert bot.round_end_forecast(match.state) == [10, 11]
    assert bot.static(match.state, SPARTA) > 0


def test_a_round_end_that_does_not_end_the_game_is_not_a_final_score():
    match = athens_starving_after_passing()
    match.state["res"][ATHENS]["wheat"] = 8
    assert bot.round_end_forecast(match.state) is None


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
    assert all(candidate.value < 0.5 for candidate in others)

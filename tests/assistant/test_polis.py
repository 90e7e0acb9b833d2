"""Polis end of round and final score, worked by hand from polis.ja.txt."""

import pytest

from engine.assistant.forms import evaluate
from engine.polis import assistant
from engine.polis.round_end import City, Holdings, RoundEndPlan, end_of_round, game_end_reasons, spoiled
from engine.polis.setup import setup_checklist


def test_spoilage_loses_half_rounded_up():
    assert [spoiled(n) for n in range(6)] == [0, 1, 1, 2, 2, 3]
    after = end_of_round(Holdings(prestige=5, wheat=7, wine=5, oil=1), RoundEndPlan()).after
    assert (after.wheat, after.wine, after.oil) == (3, 2, 0)


def test_feeding_with_wheat_then_prestige_megalopolis_and_tax():
    # 5 citizens, 3 wheat: 3 wheat + 2 prestige. City 1 (3 > start 2) is a megalopolis: +1.
    holdings = Holdings(prestige=4, wheat=3, silver=1, cities=(City(3, 2, 5), City(2, 2, 4)))
    report = end_of_round(holdings, RoundEndPlan(project_prestige=2, tax=True))
    assert report.fed
    assert report.after.prestige == 4 + 2 - 2 + 1 - 1
    assert (report.after.wheat, report.after.silver) == (0, 2)


def test_growth_after_feeding_and_before_spoilage():
    # 2 citizens eat 2 of 6 wheat; 2 grow (1 each); 2 wheat left, 1 spoils.
    holdings = Holdings(prestige=3, wheat=6, cities=(City(1, 1, 3, 1), City(1, 2, 2)))
    report = end_of_round(holdings, RoundEndPlan(growth=(1, 1)))
    assert [c.population for c in report.after.cities] == [2, 2]
    assert report.after.prestige == 3 + 1  # only city 1 is above its start
    assert report.after.wheat == 1


@pytest.mark.parametrize("wheat, growth, problem", [(6, (2, 0), "at most 1"), (6, (0, 1), "maximum population 2"),
                                                    (6, (1, 0, 1), "3 cities"), (4, (1, 1), "needs 2 wheat")])
def test_growth_limits(wheat, growth, problem):
    # 3 citizens eat 3 wheat first; growth uses what is left.
    holdings = Holdings(prestige=3, wheat=wheat, cities=(City(1, 1, 3, 1), City(2, 2, 2)))
    with pytest.raises(ValueError, match=problem):
        end_of_round(holdings, RoundEndPlan(growth=growth))


def test_unfed_citizens_end_the_game():
    report = end_of_round(Holdings(prestige=3, wheat=1, cities=(City(5, 3, 6),)), RoundEndPlan())
    assert not report.fed
    assert game_end_reasons(2, [report]) == ["a player could not feed their citizens"]


def test_end_conditions_prestige_zero_and_last_round():
    broke = end_of_round(Holdings(prestige=1, wheat=0, cities=(City(1, 1, 2),)), RoundEndPlan())
    assert broke.fed and broke.after.prestige == 0
    fine = end_of_round(Holdings(prestige=5, wheat=9), RoundEndPlan())
    assert game_end_reasons(2, [broke, fine]) == ["a player has 0 prestige"]
    assert game_end_reasons(3, [fine, fine]) == []
    assert game_end_reasons(4, [fine, fine]) == ["round 4 is over"]


def test_round_end_form_reads_city_notation():
    labels = assistant.player_labels(2)
    athens = {"cities": "3/2/5 2/2/4", "prestige": "4", "wheat": "3", "tax": "1", "projects": "2", "silver": "1"}
    sparta = {"cities": "2/2/4/1", "prestige": "1", "wheat": "9", "growth": "1", "wine": "3"}
    result = evaluate(assistant.ROUND_END, labels, {"round": "4"}, [athens, sparta]).result
    rows = {row[0]: row[1:] for row in result.rows}
    assert rows["Prestige"] == ["4", "2"] and rows["Silver"] == ["2", "0"] and rows["Wine"] == ["0", "1"]
    assert rows["Citizens"] == ["5", "3"] and rows["Wheat"] == ["0", "3"]
    assert result.notes[-1] == "The game ends: round 4 is over."
    bad = evaluate(assistant.ROUND_END, labels, {}, [{"cities": "3/2"}, {}])
    assert bad.errors == ["Athens: Cities pop/start/max[/limit]: '3/2': write population/start/maximum, "
                          "optionally /growth limit"]


def test_final_score_sheet():
    labels = assistant.player_labels(2)
    result = evaluate(assistant.FINAL, labels, {}, [{"population": "14", "prestige": "9", "projects": "6"},
                                                     {"population": "17", "prestige": "11", "projects": "0"}]).result
    assert [s.total for s in result.scores] == [29, 28]
    assert result.winners == [0] and labels == ["Athens", "Sparta"]


def test_setup_checklist_and_side_draw():
    checklist = setup_checklist(2, seed=7)
    assert len(checklist.steps) == 11
    assert sorted(d.value for d in checklist.draws) == ["Athens", "Sparta"]
    assert checklist.draws == setup_checklist(2, seed=7).draws
    assert {setup_checklist(2, seed=s).draws for s in range(10)} != {checklist.draws}
    with pytest.raises(ValueError):
        setup_checklist(3, seed=7)


def round_end_headline(shared, athens, sparta):
    result = evaluate(assistant.ROUND_END, assistant.player_labels(2), shared, [athens, sparta]).result
    return result.headline, {row[0]: row[1:] for row in result.rows}


def test_blank_round_end_sheet_claims_no_game_end():
    # Blank prestige is not 0 prestige: the 0-prestige end condition (and feeding) wait for
    # what the players actually have, and the round-4 condition waits for the round.
    headline, rows = round_end_headline({}, {}, {})
    assert headline == "Game end: enter the round and each side's cities, prestige and wheat first."
    assert rows["Prestige"] == ["?", "?"]


def test_round_end_verdict_waits_for_each_missing_input():
    athens = {"cities": "3/3/5", "prestige": "4", "wheat": "5"}
    headline, rows = round_end_headline({"round": "2"}, athens, {"cities": "2/2/4", "wheat": "2"})
    assert headline == "Game end: enter Sparta's prestige first."
    assert rows["Prestige"] == ["4", "?"] and rows["Wheat"] == ["1", "?"]  # 3 eaten, 1 of 2 spoils
    headline, _ = round_end_headline({}, athens, {"cities": "2/2/4", "wheat": "2", "prestige": "3"})
    assert headline == "Game end: enter the round first."
    headline, _ = round_end_headline({"round": "2"}, athens, {"cities": "2/2/4", "wheat": "2", "prestige": "3"})
    assert headline == "The game goes on."


def test_typed_zero_prestige_and_entered_facts_still_end_the_game():
    # Sparta typed 0 prestige and 2 wheat for 2 citizens: fed, still 0 prestige at the end of
    # the round, so the game ends even though Athens has typed nothing yet.
    headline, _ = round_end_headline({}, {}, {"cities": "2/2/4", "wheat": "2", "prestige": "0"})
    assert headline == "The game ends: a player has 0 prestige."
    # Round 4 is over whatever the sides hold.
    headline, _ = round_end_headline({"round": "4"}, {}, {})
    assert headline == "The game ends: round 4 is over."

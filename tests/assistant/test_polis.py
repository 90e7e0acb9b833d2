"""Polis end of round and final score in the table assistant, worked by hand from polis.ja.txt.
The helper runs on the game's own round-end code (engine/polis/upkeep.py)."""

import pytest

from engine.assistant.forms import evaluate, sheet_words
from engine.polis import assistant
from engine.polis.assistant import setup_checklist
from engine.polis.upkeep import City, Ledger, end_reasons, feed, spoiled


def sheet(shared, *players):
    return evaluate(assistant.ROUND_END, assistant.player_labels(2), shared, list(players))


def said(text):
    """What a result says, in English."""
    return sheet_words()(text)


def notes_of(result):
    return [said(note) for note in result.notes]


def rows_of(result):
    return {row[0]: row[1:] for row in result.rows}


def test_spoilage_loses_half_rounded_up():
    assert [spoiled(n) for n in range(6)] == [0, 1, 1, 2, 2, 3]
    # 1 citizen eats 1 of 8 wheat: 7 left, 4 spoil.
    player = {"cities": "1/1/2", "prestige": "5", "wheat": "8", "wine": "5", "oil": "1"}
    result = sheet({"round": "1"}, player, player).result
    rows = rows_of(result)
    assert (rows["Wheat"][0], rows["Wine"][0], rows["Oil"][0]) == ("3", "2", "0")


def test_feeding_with_wheat_then_prestige_megalopolis_and_tax():
    # 5 citizens, 3 wheat: 3 wheat + 2 prestige. City 1 (3 > base 2) is a megalopolis: +1.
    athens = {"cities": "3/2/5 2/2/4", "prestige": "4", "wheat": "3", "silver": "1", "projects": "2", "tax": "1"}
    rows = rows_of(sheet({"round": "1"}, athens, athens).result)
    assert rows["Prestige"][0] == str(4 + 2 - 2 + 1 - 1)
    assert (rows["Wheat"][0], rows["Silver"][0]) == ("0", "2")


def test_growth_after_feeding_and_before_spoilage():
    # 2 citizens eat 2 of 6 wheat; 2 grow (1 each); 2 wheat left, 1 spoils.
    player = {"cities": "1/1/3/1 1/2/2", "prestige": "3", "wheat": "6", "growth": "1 1"}
    rows = rows_of(sheet({"round": "1"}, player, player).result)
    assert rows["Citizens"][0] == "4"
    assert rows["Prestige"][0] == str(3 + 1)  # only city 1 is above its base
    assert rows["Wheat"][0] == "1"


@pytest.mark.parametrize("wheat, growth, problem", [(6, "2 0", "at most 1"), (6, "0 1", "maximum population 2"),
                                                    (6, "1 0 1", "3 cities"), (4, "1 1", "needs 2 wheat")])
def test_growth_limits(wheat, growth, problem):
    # 3 citizens eat 3 wheat first; growth uses what is left.
    player = {"cities": "1/1/3/1 2/2/2", "prestige": "3", "wheat": str(wheat), "growth": growth}
    errors = sheet({"round": "1"}, player, player).errors
    assert len(errors) == 1 and problem in errors[0]


def test_unfed_citizens_give_up_cities_and_end_the_game():
    # 3 + 5 citizens, 1 wheat and 3 prestige feed 4: 4 unfed. Smallest first: city 1 (3) is not
    # enough, city 2 (5) goes too... fewest first covers 4 with 3 + 5: both are given up.
    sparta = {"cities": "3/3/6 5/4/6", "prestige": "3", "wheat": "1"}
    athens = {"cities": "2/2/4", "prestige": "5", "wheat": "4"}
    result = sheet({"round": "2"}, athens, sparta).result
    rows = rows_of(result)
    assert rows["Citizens"] == ["2", "0"] and rows["Prestige"][1] == "0"
    assert "4 cannot be fed: give up city 1 and city 2 (8 citizens)" in notes_of(result)[1]
    assert said(result.headline) == "The game ends: a side could not feed its citizens; a side has 0 prestige."
    # The players may name the city to give up instead: city 2 alone covers 4.
    sparta["give_up"] = "2"
    rows = rows_of(sheet({"round": "2"}, athens, sparta).result)
    assert rows["Citizens"] == ["2", "3"]
    sparta["give_up"] = "1"
    assert sheet({"round": "2"}, athens, sparta).errors == [
        "Sparta: the cities given up must hold at least the 4 unfed citizens"]


def test_the_event_step_comes_last_while_the_game_goes_on():
    player = {"cities": "2/2/4", "prestige": "3", "wheat": "4"}
    result = sheet({"round": "2"}, player, player).result
    assert said(result.headline) == "The game goes on."
    assert notes_of(result)[-2].startswith("Event: turn up the first card of the #5a event deck")
    ended = sheet({"round": "4"}, player, player).result
    assert not any(note.startswith("Event") for note in notes_of(ended))


def test_end_conditions():
    ledger = Ledger(prestige=1, cities=[City("a", 1, 1, 2)])
    fed = feed(ledger)
    assert fed.unfed == 0 and ledger.prestige == 0
    assert end_reasons(2, [False, False], [0, 5]) == ["a side has 0 prestige"]
    assert end_reasons(3, [False, False], [4, 5]) == []
    assert end_reasons(4, [False, False], [4, 5]) == ["round 4 is over"]
    assert end_reasons(1, [True, False], [None, 5]) == ["a side could not feed its citizens"]


def test_round_end_form_reads_city_notation():
    athens = {"cities": "3/2/5 2/2/4", "prestige": "4", "wheat": "3", "tax": "1", "projects": "2", "silver": "1"}
    sparta = {"cities": "2/2/4/1", "prestige": "1", "wheat": "9", "growth": "1", "wine": "3"}
    result = sheet({"round": "4"}, athens, sparta).result
    rows = rows_of(result)
    assert rows["Prestige"] == ["4", "2"] and rows["Silver"] == ["2", "0"] and rows["Wine"] == ["0", "1"]
    assert rows["Citizens"] == ["5", "3"] and rows["Wheat"] == ["0", "3"]
    assert notes_of(result)[-1] == "The game ends: round 4 is over."
    bad = sheet({}, {"cities": "3/2"}, {})
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
    assert len(checklist.steps) == 12
    assert sorted(d.value for d in checklist.draws) == ["Athens", "Sparta"]
    assert checklist.draws == setup_checklist(2, seed=7).draws
    assert {setup_checklist(2, seed=s).draws for s in range(10)} != {checklist.draws}
    with pytest.raises(ValueError):
        setup_checklist(3, seed=7)


def test_blank_round_end_sheet_claims_no_game_end():
    result = sheet({}, {}, {}).result
    assert said(result.headline) == "Game end: enter the round and each side's cities, prestige and wheat first."
    assert rows_of(result)["Prestige"] == ["?", "?"]


def test_round_end_verdict_waits_for_each_missing_input():
    athens = {"cities": "3/3/5", "prestige": "4", "wheat": "5"}
    result = sheet({"round": "2"}, athens, {"cities": "2/2/4", "wheat": "2"}).result
    assert said(result.headline) == "Game end: enter Sparta's prestige first."
    assert rows_of(result)["Prestige"] == ["4", "?"] and rows_of(result)["Wheat"] == ["1", "?"]
    assert said(sheet({}, athens, {"cities": "2/2/4", "wheat": "2", "prestige": "3"}).result.headline) == \
        "Game end: enter the round first."
    assert said(sheet({"round": "2"}, athens, {"cities": "2/2/4", "wheat": "2", "prestige": "3"}).result.headline) == \
        "The game goes on."


def test_typed_zero_prestige_and_entered_facts_still_end_the_game():
    # Sparta typed 0 prestige and 2 wheat for 2 citizens: fed, still 0 prestige at the end of
    # the round, so the game ends even though Athens has typed nothing yet.
    assert said(sheet({}, {}, {"cities": "2/2/4", "wheat": "2", "prestige": "0"}).result.headline) == \
        "The game ends: a side has 0 prestige."
    assert said(sheet({"round": "4"}, {}, {}).result.headline) == "The game ends: round 4 is over."

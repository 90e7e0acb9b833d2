"""Almadi and Pantheon sheets: hand-worked cases, and the Almadi sheet against the digital game."""

import pytest

from engine.almadi import assistant as almadi
from engine.almadi.scoring import realm_inputs
from engine.assistant.forms import evaluate, sheet_words
from engine.core.bots import RandomBot, play_out
from engine.core.match import Match
from engine.pantheon import assistant as pantheon
from engine.registry import rules_for


def sheet_entries(realm) -> dict[str, str]:
    """What a player would type for a realm: rows of letters, counts, signed objectives."""
    entries = {}
    width = max(column for _, column in realm.grid) + 1
    for row in range(4):
        entries[f"row{row + 1}"] = "".join(realm.grid.get((row, column), ".") for column in range(width))
    entries.update(jars=str(realm.jars), mosaics=str(realm.mosaics), stalls=str(realm.stalls),
                   rubies=str(realm.rubies), characters=str(realm.character_points),
                   objectives=" ".join(f"{'+' if done else '-'}{points}" for points, done in realm.objectives))
    return entries


def test_almadi_sheet_by_hand():
    # A: oases (0,0)-(0,1) a group of 2: 6 + largest group 6. Caravans (1,0)-(1,1): capacity 5,
    # goods 1 market x 4 + 1 stall x 2 = 6 -> 5. Palaces (2,1) and (3,0) both touch the market
    # at (2,0), counted once: 2 + 1. One mosaic on a palace worth 1 + 1. Objectives +6 -4.
    # Rubies 3 against 1 in a 2-player game: 10. B: only a starting tile.
    a = {"row1": "OO", "row2": "CC", "row3": "MP", "row4": "P.", "jars": "2", "mosaics": "1", "stalls": "1",
         "objectives": "+6 -4", "rubies": "3"}
    b = {"row1": "O", "row2": "C", "row3": "M", "row4": "P", "rubies": "1"}
    result = evaluate(almadi.FINAL, almadi.player_labels(2), {}, [a, b]).result
    assert result.scores[0].breakdown == {"Oases": 12, "Caravans": 5, "Palaces": 3, "Jars": 2, "Mosaics": 2,
                                          "Objectives": 2, "Rubies": 10}
    assert [s.total for s in result.scores] == [36, 2 + 2 + 4]
    assert result.winners == [0]


@pytest.mark.parametrize("seed, players, characters", [(3, 2, False), (11, 4, True), (29, 5, False)])
def test_almadi_sheet_equals_digital_scoring(seed, players, characters):
    rules = rules_for("almadi")
    match = Match(rules, [f"P{i}" for i in range(players)], {"characters": characters}, seed=seed)
    play_out(match, {seat: RandomBot(seed + seat) for seat in range(players)})
    entries = [sheet_entries(realm) for realm in realm_inputs(match.state)]
    result = evaluate(almadi.FINAL, almadi.player_labels(players), {"characters": str(int(characters))}, entries).result
    assert [s.breakdown for s in result.scores] == [s.breakdown for s in rules.scores(match.state)]


def test_almadi_checklist_counts_and_first_player():
    for players, tiles, deck in ((2, 10, 14), (3, 14, 21), (4, 18, 28), (5, 22, 32)):
        checklist = almadi.setup_checklist(players, seed=99)
        assert len(checklist.steps) == 11
        draws = {d.label: d.value for d in checklist.draws}
        assert draws["Tiles per landscape type"] == f"{tiles} ({4 * tiles} in all)"
        assert draws["Mosaic and stall decks"] == f"{deck} cards each"
        assert draws == {d.label: d.value for d in almadi.setup_checklist(players, seed=99).draws}
    firsts = {almadi.setup_checklist(5, seed=s).draws[-1].value for s in range(40)}
    assert firsts == {"●A", "▲B", "■C", "◆D", "★E"}


def test_pantheon_scoring_rulebook_example():
    # Red holds demigods 3 and 2 and has 5 columns on the board: 5 + 5 x 2 = 15.
    points = pantheon.epoch_points(3, gods=0, ended=False, columns=5, demigods=[3, 2])
    assert points == {"Gods": 0, "Epoch end": 0, "Demigods": 5, "Columns": 10, "Pietalte": 0}


def test_pantheon_gods_by_epoch_end_bonus_and_no_scoring_between():
    # A god in epoch 2 is worth 2; ending the epoch 3 more; no scoring after epoch 2.
    assert pantheon.epoch_points(2, gods=2, ended=True, columns=7) == {"Gods": 4, "Epoch end": 3}
    assert pantheon.epoch_points(6, gods=1, ended=False, columns=12, demigods=[6],
                                 pietalte=2, offering_levels=[2, 2])["Columns"] == 48


def test_pantheon_epoch_helper():
    labels = pantheon.player_labels(3)
    result = evaluate(pantheon.EPOCH, labels, {"epoch": "3", "ender": "C"},
                      [{"gods": "1", "columns": "4", "demigods": "1"}, {"pietalte": "1", "offerings": "3 1"}, {}]
                      ).result
    assert result.rows[-1] == ["This epoch", str(3 + 8 + 1), "4", "3"]
    assert sheet_words()(result.notes[0]) == "Lay out 4 god tiles and 4 loot tiles this epoch."
    bad = evaluate(pantheon.EPOCH, labels, {"ender": "D"}, [{}, {}, {}])
    assert bad.errors == ["Who ended it (letter): there is no player D in a 3-player game"]


def test_pantheon_running_sheet_tie_break_on_demigod_tiles():
    labels = pantheon.player_labels(3)
    # Equal totals: A 3 gods in epoch 1 and demigods 1 + 1; B a god in epoch 3 and demigod 2;
    # C one demigod tile worth 2 and a god in epoch 3. A has the most demigod tiles.
    a = {"gods1": "3", "demigods2": "1 1"}
    b = {"gods3": "1", "demigods2": "2"}
    c = {"gods3": "1", "demigods2": "2"}
    result = evaluate(pantheon.RUNNING, labels, {}, [a, b, c]).result
    assert [s.total for s in result.scores] == [5, 5, 5]
    assert result.winners == [0]
    result = evaluate(pantheon.RUNNING, labels, {}, [{"gods1": "3", "demigods2": "2"}, b, c]).result
    assert result.winners == [0, 1, 2]


def test_pantheon_running_sheet_counts_both_scorings_and_enders():
    labels = pantheon.player_labels(2)
    a = {"gods1": "1", "gods6": "2", "columns1": "3", "demigods1": "2", "columns2": "8", "demigods2": "2 4"}
    result = evaluate(pantheon.RUNNING, labels, {"enders": "A B A"}, [a, {}]).result
    breakdown = result.scores[0].breakdown
    assert breakdown["Gods"] == 1 + 12 and breakdown["Epoch end"] == 6
    assert (breakdown["Columns (1)"], breakdown["Demigods (1)"]) == (3, 2)
    assert (breakdown["Columns (2)"], breakdown["Demigods (2)"]) == (24, 6)
    assert result.scores[1].total == 3


def test_pantheon_checklist_draws():
    for players in (2, 3, 4):
        checklist = pantheon.setup_checklist(players, seed=5)
        assert len(checklist.steps) == 17
        draws = {d.label: d.value for d in checklist.draws}
        nations = draws["Nation order"].split(", ")
        assert len(set(nations)) == 6 and set(nations) <= set(pantheon.NATIONS)
        tiles = [part.split("#")[1] for part in draws["Bonus tiles (face-down row, from the left)"].split(", ")]
        assert len(set(tiles)) == players and set(tiles) <= {"1", "2", "3", "4", "5", "6"}
        assert checklist == pantheon.setup_checklist(players, seed=5)


def test_pantheon_start_player_step_states_the_rule():
    # The rule: the single player who is a demigod starts; with none or several, the youngest.
    # The app's draw is only for tables that would rather draw.
    checklist = pantheon.setup_checklist(3, seed=8)
    start = next(step.text for step in checklist.steps if step.id == "start")
    assert "the youngest when none or several are" in start
    assert [d.label for d in checklist.draws][0] == "Start player, if drawn"

"""Thebai battle, final scoring and setup, worked by hand from thebai.ja.txt."""

import functools

import pytest

from engine.assistant.forms import evaluate, sheet_words
from engine.thebai import assistant
from engine.thebai.assistant import setup_checklist
from engine.thebai.battle import Combatant, die_power, invader_power, resolve_battle, surplus_vp
from engine.thebai.scoring import (
    FinalEntry,
    best_gate_assignment,
    different_suit_points,
    final_score,
    same_suit_points,
    set_points,
)


def test_rulebook_battle_example():
    # 2nd battle, invader modifier +1 -> power 3. Peach and red 5 (+2 each), blue 2 (-1),
    # green 0 (not engaged: -3 x 3). Nobody has advantage 3: loot once. Red wins the gate
    # tile on the Ares track.
    peach = Combatant((3, 2), ares=(2, 1), vp=20)
    red = Combatant((2, 2), strategos=1, ares=(4, 1), vp=20)
    blue = Combatant((2,), ares=(6, 1), vp=20)
    green = Combatant((), ares=(9, 1), vp=20)
    report = resolve_battle(2, 1, [peach, red, blue, green])
    assert report.invader == 3
    assert [o.result for o in report.outcomes] == ["won", "won", "lost", "not engaged"]
    assert [o.vp_change for o in report.outcomes] == [2, 2, -1, -9]
    assert [o.vp_after for o in report.outcomes] == [22, 22, 19, 11]
    assert [o.loot for o in report.outcomes] == [1, 1, 1, 0]
    assert report.gate_tile == 1


def test_advantage_of_three_loots_twice():
    report = resolve_battle(1, 1, [Combatant((3, 2)), Combatant((3, 1)), Combatant((2,))])
    assert report.invader == 2
    assert [o.power for o in report.outcomes] == [5, 4, 2]
    assert [o.loot for o in report.outcomes] == [2, 1, 1]
    assert report.outcomes[2].result == "won" and report.outcomes[2].vp_change == 0  # no surplus, no VP


def test_no_power_loses_three_per_invader_power_and_floor_at_zero():
    report = resolve_battle(4, 2, [Combatant((), vp=10), Combatant((1,), vp=3), Combatant((3, 3, 3), vp=0)])
    assert report.invader == 6
    first, second, third = report.outcomes
    assert (first.vp_change, first.vp_after) == (-18, 0)
    assert (second.vp_change, second.vp_after) == (-5, 0)
    assert (third.result, third.vp_after) == ("won", surplus_vp(3))


def test_gate_tile_tie_goes_to_ares_then_lowest_in_stack():
    same_space = [Combatant((3,), ares=(5, 2)), Combatant((3,), ares=(5, 1)), Combatant((3,), ares=(4, 1))]
    assert resolve_battle(1, 0, same_space).gate_tile == 1
    stronger_behind = [Combatant((3, 1), ares=(0, 1)), Combatant((3,), ares=(9, 1))]
    assert resolve_battle(1, 0, stronger_behind).gate_tile == 0


def test_no_winner_no_gate_tile_and_losers_still_loot():
    report = resolve_battle(3, 2, [Combatant((1,)), Combatant(())])
    assert report.gate_tile is None
    assert [o.loot for o in report.outcomes] == [1, 0]


def test_wages_per_engaged_hoplite_die_strategos_free():
    report = resolve_battle(1, 0, [Combatant((1, 2, 3), strategos=2), Combatant((), strategos=3), Combatant(())])
    assert [o.wages for o in report.outcomes] == [3, 0, 0]


def test_turn_order_by_dionysus_with_stack_ties():
    players = [Combatant(dionysus=place) for place in ((3, 2), (5, 1), (3, 1), (1, 1))]
    assert resolve_battle(1, 0, players).turn_order == (1, 2, 0, 3)


def test_die_faces():
    assert [die_power(f) for f in ("1", "1*", "2", "2★", "3", "3*")] == [1, 1, 2, 2, 3, 3]
    with pytest.raises(ValueError):
        die_power("4")


def test_surplus_table_fixed_points_and_cap():
    assert surplus_vp(0) == 0 and surplus_vp(2) == 2  # the rulebook's example
    assert surplus_vp(50) == surplus_vp(5)
    assert invader_power(1, -1) == 0


def test_set_collection_rulebook_example():
    # Blue: fulfilled contracts 4 of one suit (gate tile included), 2, 1 and 1 of the others:
    # one 4-suit set 16, one 2-suit set 4, two 1-suit sets 1 each; 4 of a suit: 7.
    assert different_suit_points([4, 2, 1, 1]) == 16 + 4 + 1 + 1
    assert set_points([4, 2, 1, 1]) == (22, 7)


def test_same_suit_partitions():
    assert [same_suit_points(n) for n in range(11)] == [0, 0, 0, 3, 7, 12, 12, 12, 15, 19, 24]


def test_wild_gate_tiles_take_the_non_obvious_optimum():
    # 4 + 4 contracts in two suits, 2 gate tiles. Opening the two empty suits gives
    # (4,4,1,1): 16 + 3 x 4 = 28 and 7 + 7 = 42 in all; making two fives gives
    # (5,5,0,0): 5 x 4 = 20 and 12 + 12 = 44, the best.
    assert sum(set_points([4, 4, 1, 1])) == 42
    assert best_gate_assignment([4, 4, 0, 0], 2) == (1, 1, 0, 0)
    assert sum(set_points([5, 5, 0, 0])) == 44


def test_final_score_categories_and_floor():
    entry = FinalEntry(track=40, council=23, estate=9, city_power=5, contracts=(3, 2, 1, 1), gates=1,
                       goods=2, drachma=1, unfulfilled=1)
    result = final_score(0, entry)
    breakdown = result.score.breakdown
    assert sum(result.gate_suits) == 1
    assert breakdown["Goods+drachma"] == 1 and breakdown["Unfulfilled"] == -3
    assert breakdown["Different suits"] + breakdown["Same suit"] == 30  # the gate tile best on suit 2: (3,3,1,1)
    assert result.score.total == 40 + 23 + 9 + 5 + 30 + 1 - 3
    poor = final_score(1, FinalEntry(track=2, unfulfilled=2)).score
    assert poor.total == 0 and poor.breakdown["Floor at 0"] == 4


def test_final_sheet_shares_ties_and_shows_gate_assignment():
    labels = assistant.player_labels(3)
    # 2 contracts of suit 1 and a gate tile: three of suit 1 score 3 + 3 (one 1-suit set per
    # card, and a set of three), better than 4 + 1 for suits 1 and 2.
    entries = [{"track": "20", "gates": "1", "suit1": "2"}, {"track": "26"}, {"track": "5"}]
    result = evaluate(assistant.FINAL, labels, {}, entries).result
    assert [s.total for s in result.scores] == [26, 26, 5]
    assert result.winners == [0, 1]
    assert list(map(sheet_words(), result.notes)) == ["●A: gate tiles as 1 to suit 1"]


def test_battle_form_reports_errors_per_player():
    labels = assistant.player_labels(2)
    evaluation = evaluate(assistant.BATTLE, labels, {"battle": "5"}, [{"dice": "1 7"}, {}])
    assert evaluation.result is None
    assert evaluation.errors == ["Battle number (1-4): battles are numbered 1 to 4",
                                 "●A: Hoplite dice in the row: '7' is not a die face (1, 1*, 2, 2*, 3, 3*)"]


@pytest.mark.parametrize("players, steps", [(2, 34), (3, 31), (4, 31)])
def test_checklist_steps_per_player_count(players, steps):
    checklist = setup_checklist(players, seed=1)
    ids = [s.id for s in checklist.steps]
    assert len(ids) == steps
    assert ("fate-seven" in ids, "heralds" in ids, "plaza" in ids) == ((players == 2,) * 3)
    assert ("council-tile" in ids) == (players == 4)
    assert ("start-tiles-extra" in ids) == (players < 4)
    collapse = next(s for s in checklist.steps if s.id == "collapse")
    assert f"put {players + 1} collapse markers" in collapse.text


def test_draws_are_deterministic_and_consistent():
    first, again = setup_checklist(4, seed=2024), setup_checklist(4, seed=2024)
    assert first.draws == again.draws
    draws = {d.label: d.value for d in first.draws}
    dionysus = draws["Dionysus stack, top to bottom"].split()
    assert draws["Ares stack, top to bottom"].split() == dionysus[::-1]
    assert draws["Turn order"] == draws["Dionysus stack, top to bottom"]
    assert draws["First player"] == dionysus[0]
    assert sorted(dionysus) == sorted(["●A", "▲B", "■C", "◆D"])
    others = {setup_checklist(4, seed=s).draws for s in range(20)}
    assert len(others) > 1


def test_every_sheet_label_fits_the_80_column_form():
    from engine.assistant.games import GAME_IDS, assistant_for

    for game in GAME_IDS:
        for form in assistant_for(game).FORMS:
            for field in (*form.shared, *form.per_player):
                assert len(field.label) <= 28, (game, field.label)


def test_negative_invader_power_takes_nothing_from_players_without_power():
    # Not engaged players lose 3 VP per point of invader power; a card that takes the power
    # below 0 leaves nothing to lose (it must not hand out VP).
    report = resolve_battle(1, -2, [Combatant((), vp=7), Combatant((1,), vp=7)])
    assert report.invader == -1
    assert [(o.result, o.vp_change, o.vp_after) for o in report.outcomes] == [("not engaged", 0, 7),
                                                                            ("won", surplus_vp(2), 7 + surplus_vp(2))]


def brute_force_set_points(contracts, gates):
    """Every suit for every gate tile, every split into different-suit sets and same-suit sets."""
    from itertools import product

    @functools.cache
    def different(counts):
        present = [s for s, c in enumerate(counts) if c]
        if not present:
            return 0
        best = 0
        for mask in range(1, 1 << len(present)):
            chosen = [s for i, s in enumerate(present) if mask >> i & 1]
            rest = tuple(c - (s in chosen) for s, c in enumerate(counts))
            best = max(best, {1: 1, 2: 4, 3: 9, 4: 16}[len(chosen)] + different(rest))
        return best

    def same(count):
        return max(3 * a + 7 * b + 12 * c for a in range(count // 3 + 1) for b in range(count // 4 + 1)
                   for c in range(count // 5 + 1) if 3 * a + 4 * b + 5 * c <= count)

    best = 0
    for suits in product(range(4), repeat=gates):
        counts = tuple(c + suits.count(s) for s, c in enumerate(contracts))
        best = max(best, different(counts) + sum(same(c) for c in counts))
    return best


def test_set_optimiser_matches_brute_force():
    import random

    chooser = random.Random(17)
    for _ in range(60):
        contracts = [chooser.randint(0, 5) for _ in range(4)]
        gates = chooser.randint(0, 3)
        assigned = best_gate_assignment(contracts, gates)
        assert sum(assigned) == gates
        counts = [c + g for c, g in zip(contracts, assigned)]
        assert sum(set_points(counts)) == brute_force_set_points(contracts, gates), (contracts, gates)


def test_set_optimiser_matches_brute_force_with_more_gate_tiles():
    import random

    chooser = random.Random(29)
    for _ in range(25):
        contracts = [chooser.randint(0, 7) for _ in range(4)]
        gates = chooser.randint(4, 7)
        counts = [c + g for c, g in zip(contracts, best_gate_assignment(contracts, gates))]
        assert sum(set_points(counts)) == brute_force_set_points(contracts, gates), (contracts, gates)


def test_set_optimiser_at_the_largest_sheet_and_beyond():
    from engine.thebai.assistant import BATTLES, CONTRACTS_PER_SUIT
    from engine.thebai.scoring import candidate_assignments

    # the largest sheet the bounds allow: every suit full and all 4 gate tiles
    full = [CONTRACTS_PER_SUIT] * 4
    assigned = best_gate_assignment(full, BATTLES)
    assert sum(assigned) == BATTLES
    assert sum(set_points([c + a for c, a in zip(full, assigned)])) == brute_force_set_points(full, BATTLES)
    # the search does not grow with the count: the candidates for 1,000 gate tiles are as few as for 10
    for gates in (10, 1000, 100_000):
        assert len(list(candidate_assignments((2, 0, 5, 1), gates))) <= 11 ** 4
    assert sum(best_gate_assignment([2, 0, 5, 1], 1000)) == 1000


def test_battle_form_takes_a_negative_invader_modifier():
    # Fate phase, conflict tile 1: invader power = the battle's number + the card's modifier;
    # the text prints no bound on it. Battle 2 with -1: power 1; power 1 wins with no surplus,
    # power 0 loses 3 VP per invader power.
    labels = assistant.player_labels(2)
    evaluation = evaluate(assistant.BATTLE, labels, {"battle": "2", "modifier": "-1"},
                          [{"dice": "1", "vp": "10"}, {"vp": "10"}])
    assert evaluation.errors == []
    assert sheet_words()(evaluation.result.headline).startswith("Invader power 1 ")
    assert evaluation.result.rows[2] == ["VP change", "+0", "-3"]


@pytest.mark.parametrize("form, shared, key, text", [
    ("battle", True, "modifier", "-7"),
    ("battle", True, "modifier", "+9"),
    ("battle", False, "strategos", "6"),
    ("battle", False, "ares", "25"),
    ("battle", False, "dionysus", "25"),
    ("final", False, "estate", "40"),
])
def test_thebai_sheets_take_values_the_texts_do_not_bound(form, shared, key, text):
    # Strategos tile numbers, track lengths, the VP under an estate column and invader modifiers
    # are not printed in the texts: our components reconstruct them, so they bound nothing here.
    from engine.assistant.forms import refusal

    sheet = {f.id: f for f in assistant.FORMS}[form]
    assert refusal(sheet, 2, {}, [{}, {}], None if shared else 0, key, text) is None


def test_final_sheet_does_not_bound_a_suit_over_the_table():
    # The deck's count per suit is not in the texts: the players' sum of a suit is not bounded.
    labels = assistant.player_labels(2)
    evaluation = evaluate(assistant.FINAL, labels, {}, [{"suit1": "10"}, {"suit1": "10"}])
    assert evaluation.errors == []

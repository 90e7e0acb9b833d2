"""Final scoring with hand-computed numbers (score_table is also the table assistant's API)."""

from __future__ import annotations

import pytest

from engine.almadi.scoring import (
    CATEGORIES,
    RealmInput,
    best_mosaic_palaces,
    caravan_capacity,
    ruby_points,
    score_table,
)


def grid(*rows: str) -> dict[tuple[int, int], str]:
    """Rows of letters, column 0 = the starting tile; '.' = empty."""
    return {(r, c): ch for r, line in enumerate(rows) for c, ch in enumerate(line) if ch != "."}


REALM_A = grid(
    "OOPM",
    "COCC",
    "MPC.",
    "PMOO",
)
REALM_B = grid(
    "OOO",
    "CO.",
    "M..",
    "P..",
)


def test_realm_a_by_category():
    a = RealmInput(REALM_A, jars=3, mosaics=2, stalls=1, objectives=[(6, True), (9, False)], rubies=2)
    b = RealmInput(REALM_B)
    score_a, score_b = score_table([a, b])
    # Oases: groups of 3 and 2 -> 5 x 3; B's group of 4 is the largest, so no +6 for A
    # Caravans: groups of 1 and 3 carry 2 + 10 = 12; goods 3 markets x 4 + 1 stall x 2 = 14 -> 12
    # Palaces: 3 palaces touch an oasis/market; 5 oases/markets touch a palace -> 8
    # Mosaics: palace values 4 (row 3), 3, 3 -> the two best: 4 + 3
    assert score_a.breakdown == {
        "Oases": 15, "Caravans": 12, "Palaces": 8, "Jars": 3, "Mosaics": 7,
        "Objectives": -3, "Rubies": 10,
    }
    assert score_a.total == 52
    # B: oasis group of 4 -> 12 + 6; 1 caravan carries 2 of 4 goods; palace + its market
    assert score_b.breakdown == {
        "Oases": 18, "Caravans": 2, "Palaces": 2, "Jars": 0, "Mosaics": 0,
        "Objectives": 0, "Rubies": 0,
    }
    assert list(score_a.breakdown) == list(CATEGORIES[:-1])  # no Characters row without the variant
    assert list(score_table([a, b], characters_mode=True)[0].breakdown) == list(CATEGORIES)


def test_mosaics_go_on_the_best_palaces_one_each():
    assert best_mosaic_palaces(REALM_A, 2) == [(2, 1), (0, 2)]
    assert best_mosaic_palaces(REALM_A, 5) == [(2, 1), (0, 2), (3, 0)]
    # a palace touching nothing is worth nothing, so no mosaic goes there
    lonely = grid("P", "C", "C", "C")
    assert best_mosaic_palaces(lonely, 1) == []
    assert score_table([RealmInput(lonely, mosaics=3)])[0].breakdown["Mosaics"] == 0


def test_largest_oasis_group_tie_all_get_six():
    square = grid("OO", "OO", "C.", "P.")
    line = grid("OOOO", "C...", "M...", "P...")
    small = grid("OO", "C.", "M.", "P.")
    scores = score_table([RealmInput(square), RealmInput(line), RealmInput(small)])
    assert [s.breakdown["Oases"] for s in scores] == [12 + 6, 12 + 6, 6]


def test_isolated_oases_score_nothing_and_earn_no_bonus():
    scores = score_table([RealmInput(grid("O.O", "C..", "M..", "P..")), RealmInput(grid("O", "C", "M", "P"))])
    assert [s.breakdown["Oases"] for s in scores] == [0, 0]


def test_the_largest_oasis_bonus_needs_a_group_of_two():
    """'少なくとも2つの隣接するオアシスの各グループ' defines a group; the bonus goes to the largest
    group: lone oases, however many, are no group."""
    lone = grid("O.O.O", "C....", "M....", "P....")  # three lone oases
    pair = grid("OO", "C.", "M.", "P.")
    scores = score_table([RealmInput(lone), RealmInput(pair)])
    assert [s.breakdown["Oases"] for s in scores] == [0, 6 + 6]


@pytest.mark.parametrize("size, capacity",
                         [(1, 2), (2, 5), (3, 10), (4, 15), (5, 20), (6, 35), (7, 50), (8, 65), (11, 65)])
def test_caravan_table(size, capacity):
    assert caravan_capacity(size) == capacity


def test_caravans_score_the_lower_of_goods_and_capacity():
    eight = grid("O" + "C" * 8, "MMMMMMMMM", "M", "P")  # 8 caravans in a row, 10 markets
    assert score_table([RealmInput(eight, stalls=5)])[0].breakdown["Caravans"] == 40 + 10
    assert score_table([RealmInput(eight, stalls=20)])[0].breakdown["Caravans"] == 65
    three_groups = grid("OCC", "CM.", "MC.", "P..")  # groups of 2, 1 and 1 carry 5 + 2 + 2
    assert score_table([RealmInput(three_groups, stalls=10)])[0].breakdown["Caravans"] == 9


def test_palace_neighbours_count_once():
    shared = grid("PMP", "C..", "M..", "O..")  # the market at (0,1) touches both palaces
    assert score_table([RealmInput(shared)])[0].breakdown["Palaces"] == 2 + 1


@pytest.mark.parametrize("rubies, points", [
    ([4, 4], [10, 10]),
    ([3, 1], [10, 4]),
    ([2, 0], [10, 0]),
    ([3, 5, 3, 0], [8, 12, 8, 0]),
    ([5, 5, 2], [12, 12, 4]),  # the 2 is third, not second: tied players use up their places
    ([2, 2, 2, 1], [12, 12, 12, 2]),
    ([1, 2, 3, 4, 5], [0, 2, 4, 8, 12]),
])
def test_ruby_ranking_shared_ties(rubies, points):
    assert ruby_points(rubies, characters_mode=False) == points
    realms = [RealmInput(grid("O", "C", "M", "P"), rubies=r) for r in rubies]
    assert [s.breakdown["Rubies"] for s in score_table(realms)] == points


def test_characters_mode_rubies_one_point_per_two():
    realms = [RealmInput(grid("O", "C", "M", "P"), rubies=r, character_points=p) for r, p in ((5, 4), (0, 0), (3, 1))]
    scores = score_table(realms, characters_mode=True)
    assert [s.breakdown["Rubies"] for s in scores] == [2, 0, 1]
    assert [s.breakdown["Characters"] for s in scores] == [4, 0, 1]

"""Dice: faces, promotion and demotion, ascension by type and place."""

from engine.thebai.catalog import catalog
from engine.thebai.constants import FACES

from .helpers import choose, clear_city, ids, inject, new_match, put_die, put_tile, step

GREEN, BLUE, PEACH, RED = 0, 1, 2, 3
TOP = FACES.index("3*")


def promote(match, seat, n=1, **fields):
    inject(match, step("promote", seat, n=n, kind=fields.get("kind", "any"), where=fields.get("where", "any"),
                       mode=fields.get("mode", "any"), times=fields.get("times", 1), done=[]))


def test_a_die_at_3_star_in_the_supply_or_on_the_estate_stays_and_scores_1_vp():
    match = new_match()
    state = match.state
    state["pool_c"][GREEN] = [TOP]
    state["estate_dice"][GREEN] = {"r1c1": TOP}
    state["pool_h"][GREEN] = [0]
    vp = state["vp"][GREEN]
    promote(match, GREEN, n=2)
    choose(match, "d:pool:c:5", "d:est:r1c1")
    assert state["pool_c"][GREEN] == [TOP] and state["estate_dice"][GREEN] == {"r1c1": TOP}
    assert state["vp"][GREEN] == vp + 2


def test_citizens_ascend_to_the_passage_top_free_space_with_its_vp():
    match = new_match()
    clear_city(match)
    state = match.state
    vps = catalog().passage_vp
    for space in ("h4.1", "h4.2", "h4.3", "h4.4", "h4.5", "h4.6"):
        put_die(match, space, GREEN, "c", TOP)
    vp = state["vp"][GREEN]
    promote(match, GREEN, n=6)
    choose(match, *(f"d:city:h4.{k}" for k in range(1, 7)))
    assert [e[0] for e in state["passage"]] == [GREEN] * (len(vps) - 1)
    assert len(state["passage_last"]) == 2  # the last space takes any number
    assert state["vp"][GREEN] == vp + sum(vps) + vps[-1]
    assert not state["city"]["dice"]


def test_a_hoplite_ascends_to_its_owners_lowest_strategos_in_its_row_and_the_first_takes_a_commander():
    match = new_match()
    clear_city(match)
    state = match.state
    put_die(match, "h3.2", BLUE, "h", TOP)
    put_die(match, "h3.4", PEACH, "h", TOP)
    promote(match, BLUE)
    choose(match, "d:city:h3.2")
    assert state["strategos"][2] == [[BLUE, 2]] and state["strat_left"][BLUE] == [3, 4, 5]
    assert state["boxed_h"][BLUE] == 1 and "h3.2" not in state["city"]["dice"]
    assert match.state["flow"][-1]["step"] == "take_commander"  # first in the row: any commander, any row
    assert ids(match) == [f"row:{r}" for r in range(1, 8)]
    choose(match, "row:6")
    taken = [c for c, stand in state["cmd"].items() if stand["seat"] == BLUE]
    assert len(taken) == 1 and state["row_cmd"][5] is None
    while match.state["flow"][-1]["step"].startswith("stand_"):
        choose(match, ids(match)[0])
    promote(match, PEACH)
    choose(match, "d:city:h3.4")
    assert state["strategos"][2] == [[BLUE, 2], [PEACH, 2]]
    assert match.state["flow"][-1]["step"] != "take_commander"  # not the first in row 3


def test_a_hoplite_between_two_rows_chooses_the_row_and_one_strategos_per_row():
    match = new_match()
    clear_city(match)
    state = match.state
    put_die(match, "v4.2", BLUE, "h", TOP)  # between rows 3 and 4
    state["strategos"][2] = [[BLUE, 5]]
    state["row_cmd"] = [None] * 7
    promote(match, BLUE)
    choose(match, "d:city:v4.2")
    assert state["strategos"][3] == [[BLUE, 2]]  # row 3 already has Blue's: row 4 without asking
    put_die(match, "v5.2", BLUE, "h", TOP)  # rows 4 and 5
    put_die(match, "v4.3", BLUE, "h", TOP)  # rows 3 and 4: both taken
    vp = state["vp"][BLUE]
    promote(match, BLUE, n=2)
    choose(match, "d:city:v4.3")
    assert state["city"]["dice"]["v4.3"] == [BLUE, "h", TOP] and state["vp"][BLUE] == vp + 1
    choose(match, "d:city:v5.2")
    assert state["strategos"][4] == [[BLUE, 3]]


def test_a_die_at_1_is_not_demoted_its_owner_loses_3_vp_never_below_0():
    from engine.thebai.dice import demote
    match = new_match()
    clear_city(match)
    state = match.state
    put_die(match, "h4.2", GREEN, "c", 0)
    state["vp"][GREEN] = 2
    demote(state, GREEN, "h4.2")
    assert state["city"]["dice"]["h4.2"][2] == 0 and state["vp"][GREEN] == 0


def test_different_and_same_die_promotions():
    match = new_match()
    clear_city(match)
    state = match.state
    state["pool_h"][BLUE] = [0, 0]
    promote(match, BLUE, n=2, kind="hoplite", mode="different")
    choose(match, "d:pool:h:0")
    assert ids(match) == ["d:pool:h:0", "stop"]  # the other die at 1, not the one at 1*
    choose(match, "d:pool:h:0")
    assert state["pool_h"][BLUE] == [1, 1]
    promote(match, BLUE, n=3, kind="hoplite", mode="same")
    choose(match, "d:pool:h:1")
    assert ids(match) == ["d:pool:h:2", "stop"]
    choose(match, "d:pool:h:2", "d:pool:h:3")
    assert state["pool_h"][BLUE] == [1, 4]


def test_when_another_archon_promotes_your_die_from_3_star_you_may_keep_it():
    match = new_match()
    clear_city(match)
    state = match.state
    for col in (1, 2):
        put_tile(match, f"t4.{col}", "neutral-2")
    put_die(match, "h4.2", GREEN, "c", TOP)
    state["archons"][RED] = "t4.1"
    state["pool_c"][RED] = [0]
    state["hand"][RED], state["known"][RED] = [], []
    inject(match, {"step": "turn_start", "seat": RED})
    choose(match, "die:0", "est:r2c1", "grape", "go:t4.2")
    assert match.awaiting() == (GREEN,) and ids(match) == ["ascend", "stay"]
    choose(match, "stay")
    assert state["city"]["dice"]["h4.2"] == [GREEN, "c", TOP]

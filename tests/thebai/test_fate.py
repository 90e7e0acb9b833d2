"""The fate phase: fate tiles turned up and down, peace tiles, and the conflict tile's battle,
loot, wages, councillors and turn order, with the rulebook's examples."""

import pytest

from engine.core import CHANCE
from engine.thebai.catalog import catalog
from engine.thebai.conflict import conflict_frames

from .helpers import choose, clear_city, ids, inject, new_match, put_die

GREEN, BLUE, PEACH, RED = 0, 1, 2, 3


def battle_example():
    """The rulebook's battle: the 2nd battle, in row 4, whose gate gives a grape."""
    match = new_match()
    clear_city(match)
    state = match.state
    state["battles"] = 1
    gate_row = state["gates"].index("proetid")
    state["gates"][gate_row], state["gates"][3] = state["gates"][3], "proetid"
    state["strategos"][3] = [[PEACH, 3]]
    put_die(match, "h4.2", PEACH, "h", 3)  # 2*
    put_die(match, "h4.3", RED, "h", 5)  # 3*
    put_die(match, "h4.4", RED, "h", 2)  # 2
    put_die(match, "h4.5", BLUE, "h", 0)
    put_die(match, "h4.6", BLUE, "h", 0)
    state["track"]["ares"] = [0, 1, 2, 3]
    state["track"]["dionysus"] = [0, 5, 4, 3]
    state["vp"] = [20, 20, 20, 20]
    for seat in range(4):
        state["res"][seat].update(grape=0, drachma=2)
    state["res"][PEACH]["drachma"] = 0
    state["collapse"] = []
    state["council"] = {"c-2": [PEACH, "die", 5]}
    state["passage"] = [[PEACH, 5], [RED, 5], None, None]
    inject(match, *conflict_frames(4))
    return match


def test_rulebook_battle_example():
    match = battle_example()
    state = match.state
    assert match.decision.is_chance and match.state["flow"][-1] == {"step": "reveal_invader", "row": 4}
    match.choose(CHANCE, "eteoclus")  # +1: invader power 2 + 1 = 3
    assert state["invaders"][3] == "eteoclus"
    # Peach and Red 5 (+2 VP), Blue 2 (lost by 1), Green 0 (not engaged: -3 x 3).
    assert state["vp"] == [11, 19, 22, 22]
    assert state["last_battle"]["invader"] == 3
    # Loot once each (no advantage of 3): a grape; Red takes the gate tile on the Ares track.
    assert [state["res"][s]["grape"] for s in range(4)] == [0, 1, 1, 1]
    assert state["gates_won"][RED] == ["proetid"] and state["gates"][3] is None


def test_rulebook_wages_councillors_and_turn_order_example():
    match = battle_example()
    state = match.state
    match.choose(CHANCE, "eteoclus")
    # Wages: decided at once. Peach has no drachma: its 2* die goes home; Blue pays 2 to keep both.
    assert set(match.awaiting()) == {BLUE, RED}
    choose(match, "keep", "keep", seat=BLUE)
    choose(match, "keep", "keep", seat=RED)
    assert state["res"][BLUE]["drachma"] == 0 and "h4.5" in state["city"]["dice"] and "h4.6" in state["city"]["dice"]
    assert "h4.2" not in state["city"]["dice"] and state["pool_h"][PEACH].count(0) == 5
    assert state["strategos"][3] == [[PEACH, 3]]  # Strategos tiles need no wages
    # Councillors: Peach's die is topmost and moves first; its die on the central monument
    # keeps it off that monument.
    assert match.awaiting() == (PEACH,)
    assert not any(i.startswith("at:c-") for i in ids(match))
    choose(match, "at:tl-3")
    assert match.awaiting() == (RED,)
    choose(match, "at:bl-2")
    assert catalog().council["bl-2"]["criterion"]["metric"] == "strategos_on_city"
    assert state["council"]["tl-3"][0] == PEACH and state["council"]["bl-2"][0] == RED
    assert state["passage"] == [None] * 4
    # Turn order by Dionysus: Blue, Peach, Red, Green.
    assert state["order"] == [BLUE, PEACH, RED, GREEN]


def test_loot_twice_with_an_advantage_of_3_and_no_winner_no_gate():
    match = new_match()
    clear_city(match)
    state = match.state
    gate = state["gates"][1]
    put_die(match, "h2.1", GREEN, "h", 5)
    put_die(match, "h2.2", GREEN, "h", 5)
    inject(match, *conflict_frames(2))
    match.choose(CHANCE, "parthenopaeus")  # +0: invader power 1; Green 6: advantage 5
    assert state["last_battle"]["results"][GREEN][3] == 2 and state["gates_won"][GREEN] == [gate]
    match = new_match()
    clear_city(match)
    state = match.state
    put_die(match, "h2.1", GREEN, "h", 0)
    inject(match, *conflict_frames(2))
    match.choose(CHANCE, "capaneus")  # +3: power 4; Green loses by 3 and still loots once
    assert state["last_battle"]["results"][GREEN][1:] == ["lost", -3, 1]
    assert state["gates"][1] is not None and state["gates_won"] == [[], [], [], []]


def play_until(match, done):
    """Play on, every seat taking its last option (often 'stop' or 'skip'), until ``done()``."""
    while not done():
        match.draw_all()
        seat = match.awaiting()[0]
        match.choose(seat, ids(match, seat)[-1])


def test_fate_tiles_turn_face_down_and_the_tile_below_turns_up():
    match = new_match(2)
    state = match.state
    play_until(match, lambda: state["round"] == 2)
    assert state["fate"][0] == {"stack": "alpha", "tile": "alpha", "up": False, "done": True}
    assert state["fate"][5]["up"] and state["fate"][5]["stack"] == "delta" and state["fate"][5]["tile"]
    assert [slot["up"] for slot in state["fate"]] == [False] + [True] * 5 + [False] * 4


def test_alpha_is_resolved_in_turn_order():
    match = new_match(3)
    state = match.state
    inject(match, {"step": "fate_phase"})
    actors = []
    while state["round"] == 1:
        match.draw_all()
        seat = match.awaiting()[0]
        if state["flow"][-1]["step"] == "choose":
            actors.append(seat)
            assert ids(match) == ["alt:0", "alt:1", "none"]
        match.choose(seat, ids(match, seat)[-1])
    assert actors == state["order"]


@pytest.mark.parametrize("tile, setup, expected", [
    ("strategoi", {"strategos": 2, "done": 5}, 2 * 2 + 2),
    ("assembly", {"council": 3, "own_tiles": 5}, 3 * 2 + 2),
    ("armoury", {"gates": 2}, 2 * 2),
])
def test_peace_tiles_that_count(tile, setup, expected):
    match = new_match()
    clear_city(match)
    state = match.state
    strategos = [[[GREEN, 2]], [[GREEN, 3]], [], [], [], [], []]
    state["strategos"] = strategos if setup.get("strategos") else [[] for _ in range(7)]
    state["done"][GREEN] = ["b1", "b2", "b3", "b4", "b5"][: setup.get("done", 0)]
    state["passage"] = [[GREEN, 5], [GREEN, 5], [GREEN, 5], None][:] if setup.get("council") else [None] * 4
    for k in range(setup.get("own_tiles", 0)):
        state["city"]["tiles"][f"t1.{k + 1}"] = [f"green-{k + 1}", 0]
    state["gates_won"][GREEN] = ["a", "b"][: setup.get("gates", 0)]
    state["res"][GREEN]["bronze"] = 0
    vp = state["vp"][GREEN]
    inject(match, {"step": "peace_each", "tile": tile})
    while match.awaiting() and GREEN in match.awaiting() and match.state["flow"][-1]["step"] == "each":
        choose(match, ids(match, GREEN)[-1], seat=GREEN)
    assert state["vp"][GREEN] == vp + expected


def test_festival_and_offerings_peace_tiles():
    match = new_match()
    clear_city(match)
    state = match.state
    put_die(match, "h1.1", GREEN, "c", 4)  # power 3
    put_die(match, "h1.2", GREEN, "c", 1)  # power 1
    put_die(match, "h1.3", GREEN, "h", 5)  # a hoplite: not counted
    state["res"][GREEN].update(pottery=2, grape=2, drachma=1)
    state["track"]["dionysus"][GREEN], state["track"]["ares"][GREEN] = 6, 2
    vp = state["vp"][GREEN]
    inject(match, {"step": "peace_each", "tile": "festival"})
    choose(match, "pay", seat=GREEN)  # 2 pottery: the 4 VP once more
    assert state["vp"][GREEN] == vp + 8 and state["res"][GREEN]["pottery"] == 0
    inject(match, {"step": "peace_each", "tile": "offerings"})
    assert ids(match, GREEN) == ["alt:0", "alt:1", "none"]
    choose(match, "alt:1", seat=GREEN)  # 2 grapes: steps on the higher track (6)
    assert state["vp"][GREEN] == vp + 8 + 6


def test_a_peace_tile_that_counts_says_what_it_counted():
    """Strategoi: 2 VP per Strategos tile in the city, 1 VP per 2 fulfilled contracts; green has
    2 Strategos tiles there and 5 contracts fulfilled: 4 VP, then 2 (the fifth contract is left over)."""
    match = new_match()
    clear_city(match)
    state = match.state
    state["strategos"] = [[[GREEN, 2]], [[GREEN, 3]], [], [], [], [], []]
    state["done"][GREEN] = ["b1", "b2", "b3", "b4", "b5"]
    inject(match, {"step": "peace_each", "tile": "strategoi"})
    green = match.names[GREEN]
    log = match.log_lines(None)
    assert f"{green} scores 4 VP for 2 x Strategos tile in the city (2 VP each)" in log
    assert f"{green} scores 2 VP for 5 x fulfilled contract (1 VP per 2)" in log

"""Almadi rules, case by case, worked by hand from the rule text.

Realms use starting tile S1: rows 1-4 = Oasis, Caravan, Market, Palace with right edges
arrow, Ruby, arrow, Martelin. Tile faces used are asserted first (top, right, bottom, left).
Internally rows are 0-3 (rule rows 1-4) and the starting tile is column 0.
"""

from __future__ import annotations

import copy
import json

import pytest

from engine.almadi.legal import phase
from engine.almadi.realm import contact, genie_destinations, movable
from engine.core.bots import RandomBot, play_out
from engine.core.contract import CHANCE, IllegalChoice
from engine.core.match import Match
from tests.almadi.almadi_support import (
    BOARD,
    NAMES,
    RULES,
    draw_setup,
    edited,
    face,
    ids,
    new_match,
    play,
    realm_of,
    set_realm,
)


def test_tile_faces_used_below():
    assert face("S1.1")[1] == "arrow" and face("S1.2")[1] == "ruby"
    assert face("S1.3")[1] == "arrow" and face("S1.4")[1] == "martelin"
    assert face("O01") == ("jar", "moon", "arrow", "arrow")
    assert face("O02") == ("arrow", "ruby", "arrow", "genie")
    assert face("O07") == ("arrow", "stall", "arrow", "arrow")
    assert face("O08") == ("arrow", "moon", "ruby", "jar")
    assert face("C01") == ("arrow", "moon", "stall", "arrow")
    assert face("C04") == ("stall", "arrow", "arrow", "arrow")
    assert face("M02") == ("arrow", "jar", "genie", "arrow")
    assert face("M04") == ("arrow", "arrow", "ruby", "arrow")
    assert face("P01") == ("arrow", "arrow", "martelin", "moon")
    assert face("P04") == ("moon", "arrow", "arrow", "arrow")


# -- setup -------------------------------------------------------------------------------------

@pytest.mark.parametrize("n, per_type, deck", [(2, 10, 14), (3, 14, 21), (4, 18, 28), (5, 22, 32)])
def test_setup_by_player_count(n, per_type, deck):
    match = Match(RULES, NAMES[:n], {}, 11)
    state = match.state
    assert len(state["supply"]) == 4 * per_type
    for letter in "OCMP":
        assert (sorted(t for t in state["supply"] if t[0] == letter)
                == [f"{letter}{k:02d}" for k in range(1, per_type + 1)])
    assert state["decks"] == {"mosaic": deck, "stall": deck}
    assert state["rubies"] == 30
    draw_setup(match)
    assert len({s["start"] for s in state["seats"]}) == n
    colours = [RULES_objective_colour(oid) for oid in state["middle"]]
    assert sorted(colours) == sorted(["red", "yellow", "blue", "green"] + ["grey"] * n)
    # the 8 initial tiles are chance steps whose outcomes are the supply's tiles
    decision = match.decision
    assert decision.is_chance and len(decision.for_actor(CHANCE)) == 4 * per_type
    match.draw_all()
    assert len(state["supply"]) == 4 * per_type - 8
    assert all(tile for row in state["board"] for tile in row)
    assert phase(state) == "take"


def RULES_objective_colour(oid):
    from engine.almadi.catalog import catalog

    return catalog().objectives[oid]["colour"]


def test_refill_offers_only_tiles_still_in_supply():
    match = new_match()
    seat = match.state["current"]
    play(match, seat, "take:1:0", "place:1:1")  # C01 activates a Ruby
    play(match, seat, "done")
    outcomes = match.decision.for_actor(CHANCE)
    assert sorted(o.id for o in outcomes) == sorted(match.state["supply"])
    assert not set(BOARD) & {o.id for o in outcomes}
    match.choose(CHANCE, "O05")
    assert match.state["board"][1][0] == "O05"
    assert match.state["current"] == 1 - seat and phase(match.state) == "take"


# -- placement ---------------------------------------------------------------------------------

def test_first_tile_goes_next_to_the_start_in_its_own_row():
    match = new_match()
    seat = match.state["current"]
    play(match, seat, "take:1:0")
    assert ids(match, seat) == ["place:1:1"]


@pytest.mark.parametrize("take, legal", [
    ("take:1:0", ["place:1:1", "place:1:2"]),  # row 2: beside the start, or below O07 / O08
    ("take:0:0", ["place:0:3"]),  # row 1: only at the end of the row
    ("take:3:0", ["place:3:1"]),  # row 4: beside the start (and below M04)
    ("take:2:0", ["place:2:2"]),  # row 3: right of M04
])
def test_placement_rows_adjacency_and_right_of_start(take, legal):
    match = new_match()
    seat = match.state["current"]
    set_realm(match, seat, {(0, 1): "O07", (0, 2): "O08", (2, 1): "M04"})
    play(match, seat, take)
    assert ids(match, seat) == legal


def test_placement_into_holes_left_by_a_genie():
    match = new_match()
    seat = match.state["current"]
    set_realm(match, seat, {(0, 1): "O07", (0, 3): "O08"})
    play(match, seat, "take:0:0")
    assert ids(match, seat) == ["place:0:2", "place:0:4"]


# -- activation ----------------------------------------------------------------------------------

def test_contact_matching():
    assert contact("arrow", "ruby", False) == ("ruby",)
    assert contact("genie", "arrow", False) == ("genie",)
    assert contact("arrow", "arrow", False) == ()
    assert contact("moon", "jar", False) == ()
    assert contact("", "ruby", False) == ()  # the starting tile's blank sides


def test_neighbour_effect_activated_by_new_arrow():
    match = new_match()
    seat = match.state["current"]
    play(match, seat, "take:1:0", "place:1:1")  # C01 left arrow -> start's Ruby
    assert match.state["pending"]["effects"] == {"ruby": 1}
    assert phase(match.state) == "effects"
    last_line = match.view(None)["log"][-1]
    assert "takes the Caravan from row 2 and places it at row 2, column 1; activates Ruby" in last_line


def test_new_tile_effect_activated_by_neighbour_arrow():
    match = new_match()
    seat = match.state["current"]
    play(match, seat, "take:0:1", "place:0:1")  # O02 left Genie <- start's arrow
    assert match.state["pending"]["genie"] is True


def test_arrow_arrow_and_effect_effect_do_nothing():
    match = new_match()
    seat = match.state["current"]
    play(match, seat, "take:2:1", "place:2:1")  # M02 left arrow vs start arrow
    assert phase(match.state) == "refill"
    match.choose(CHANCE, "O03")
    other = match.state["current"]
    set_realm(match, other, {})
    play(match, other, "take:3:0", "place:3:1")  # P01 left Moon vs start's Martelin
    assert phase(match.state) == "refill"


def test_several_contacts_fire_together():
    match = new_match()
    seat = match.state["current"]
    set_realm(match, seat, {(0, 1): "O08"})  # bottom Ruby
    play(match, seat, "take:1:0", "place:1:1")  # C01: top arrow -> Ruby, left arrow -> start Ruby
    assert match.state["pending"]["effects"] == {"ruby": 2}
    play(match, seat, "fx:ruby", "fx:ruby")
    assert match.state["seats"][seat]["rubies"] == 2 and match.state["rubies"] == 28
    assert phase(match.state) == "refill"


# -- the effects -----------------------------------------------------------------------------------

@pytest.mark.parametrize("deck, offered, mosaics", [(14, ["fx:martelin", "done"], 1), (0, [], 0)])
def test_martelin_draws_a_mosaic_and_does_nothing_on_an_empty_deck(deck, offered, mosaics):
    match = new_match(board=["O01", "O02", "C01", "C02", "M01", "M02", "P04", "P02"])
    seat = match.state["current"]
    match.state["decks"]["mosaic"] = deck
    edited(match)
    play(match, seat, "take:3:0", "place:3:1")  # P04 left arrow -> start's Martelin
    assert ids(match, seat) == offered
    if offered:
        play(match, seat, "fx:martelin")
    assert match.state["seats"][seat]["mosaics"] == mosaics and match.state["decks"]["mosaic"] == max(deck - 1, 0)
    assert phase(match.state) == "refill"


def test_stall_draws_a_stall_card():
    match = new_match()
    seat = match.state["current"]
    set_realm(match, seat, {(1, 1): "O07"})  # right Stall
    play(match, seat, "take:1:0", "place:1:2")  # C01 left arrow -> Stall
    play(match, seat, "fx:stall")
    assert match.state["seats"][seat]["stalls"] == 1 and match.state["decks"]["stall"] == 13


def test_ruby_supply_running_out():
    match = new_match()
    seat = match.state["current"]
    match.state["rubies"] = 0
    edited(match)
    play(match, seat, "take:1:0", "place:1:1")
    assert phase(match.state) == "refill" and match.state["seats"][seat]["rubies"] == 0


def test_moon_takes_from_the_middle_or_an_unfinished_objective_of_another():
    match = new_match(board=["O01", "O02", "C04", "C02", "M01", "M02", "P01", "P02"])
    seat = match.state["current"]
    other = 1 - seat
    set_realm(match, seat, {(1, 1): "C01"})  # right Moon
    middle = list(match.state["middle"])
    stolen, kept = middle.pop(), middle.pop()
    match.state["middle"] = middle
    match.state["seats"][other]["objectives"] = [{"id": stolen, "done": False}, {"id": kept, "done": True}]
    edited(match)
    play(match, seat, "take:1:0", "place:1:2")  # C04 left arrow -> Moon
    offered = [i for i in ids(match, seat) if i.startswith("fx:moon:")]
    assert sorted(offered) == sorted(f"fx:moon:{oid}" for oid in middle + [stolen])
    play(match, seat, f"fx:moon:{stolen}")
    assert [o["id"] for o in match.state["seats"][seat]["objectives"]] == [stolen]
    assert match.state["seats"][other]["objectives"] == [{"id": kept, "done": True}]


def test_objective_completes_at_once_and_stays_completed_after_a_genie():
    match = new_match()
    seat = match.state["current"]
    # the start's Caravan (row 2) + C04 + C02 make 3 Caravans side by side in row 2
    set_realm(match, seat, {(1, 1): "C04"})
    match.state["seats"][seat]["objectives"] = [{"id": "yellow-row3", "done": False}]
    edited(match)
    play(match, seat, "take:1:1", "place:1:2")  # C02 left Genie <- C04's arrow
    assert match.state["seats"][seat]["objectives"] == [{"id": "yellow-row3", "done": True}]
    assert any("completes the objective '3 Caravans side by side in one row'" in line
               for line in match.view(None)["log"])
    play(match, seat, "genie:C04", "to:2:1")  # the row is broken ...
    assert realm_of(match, seat)[(2, 1)] == "C04"
    assert match.state["seats"][seat]["objectives"] == [{"id": "yellow-row3", "done": True}]  # ... it stays done


def test_objective_held_before_taking_it_completes_when_taken():
    match = new_match(board=["O01", "O02", "C04", "C02", "M01", "M02", "P01", "P02"])
    seat = match.state["current"]
    set_realm(match, seat, {(1, 1): "C01"})
    if "yellow-row3" not in match.state["middle"]:
        match.state["middle"][1] = "yellow-row3"
    edited(match)
    play(match, seat, "take:1:0", "place:1:2", "fx:moon:yellow-row3")
    assert match.state["seats"][seat]["objectives"] == [{"id": "yellow-row3", "done": True}]


# -- the Genie ------------------------------------------------------------------------------------

def test_genie_moves_a_tile_anywhere_legal():
    match = new_match()
    seat = match.state["current"]
    play(match, seat, "take:0:1", "place:0:1")  # O02: Genie
    assert ids(match, seat) == ["genie:O02", "done"]
    play(match, seat, "genie:O02")
    assert ids(match, seat) == ["to:1:1", "to:2:1", "to:3:1"]  # rows 1-4, next to the start, not its own place
    play(match, seat, "to:1:1")  # O02 left Genie vs start's Ruby: nothing
    assert realm_of(match, seat)[(1, 1)] == "O02" and (0, 1) not in realm_of(match, seat)
    assert phase(match.state) == "refill"


def test_genie_chain_limit_three_and_no_move_straight_back():
    match = new_match()
    seat = match.state["current"]
    set_realm(match, seat, {(1, 1): "M04", (3, 1): "P01"})  # right edges: arrows
    play(match, seat, "take:0:1", "place:0:1")  # O02 Genie (left) <- start arrow
    play(match, seat, "genie:O02")
    play(match, seat, "to:1:2")  # Genie <- M04's arrow: another move
    assert match.state["pending"]["genie"] and match.state["pending"]["moves"] == 1
    play(match, seat, "genie:O02")
    assert "to:0:1" not in ids(match, seat)  # straight back is not allowed
    play(match, seat, "to:3:2")  # Genie <- P01's arrow
    play(match, seat, "genie:O02")
    assert "to:0:1" in ids(match, seat)  # no longer the place it just came from
    play(match, seat, "to:0:1")  # Genie <- start arrow again, but that was move 3
    assert match.state["pending"]["moves"] == 3
    assert phase(match.state) == "refill"


def test_genie_comes_after_the_other_effects():
    match = new_match()
    seat = match.state["current"]
    set_realm(match, seat, {(0, 2): "O01"})  # left arrow, isolated (as after a Genie)
    play(match, seat, "take:0:1", "place:0:1")  # O02: Ruby (right) and Genie (left)
    assert ids(match, seat) == ["fx:ruby", "done"]
    play(match, seat, "fx:ruby")
    assert ids(match, seat)[-1] == "done" and "genie:O02" in ids(match, seat)


def test_skip_the_other_effects_still_offers_the_genie():
    match = new_match()
    seat = match.state["current"]
    set_realm(match, seat, {(0, 2): "O01"})
    play(match, seat, "take:0:1", "place:0:1", "done")
    assert "genie:O02" in ids(match, seat)
    play(match, seat, "done")
    assert phase(match.state) == "refill"


# -- game end, illegal choices, views, replay ------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_game_ends_after_16_turns_each(n):
    match = Match(RULES, NAMES[:n], {}, 100 + n)
    play_out(match, {seat: RandomBot(seat) for seat in range(n)})
    state = match.state
    assert match.finished and state["supply"] == []
    assert [len(s["realm"]) - 4 for s in state["seats"]] == [16] * n
    assert all(tile for row in state["board"] for tile in row)
    view = match.view(0)
    assert view["total_turns"] == 16 * n and view["progress"] == "game over"


def test_illegal_choices_raise_and_change_nothing():
    match = new_match()
    seat = match.state["current"]
    before = copy.deepcopy(match.state)
    with pytest.raises(IllegalChoice):
        match.choose(1 - seat, "take:0:0")  # not their turn
    with pytest.raises(IllegalChoice):
        match.choose(seat, "place:0:1")  # nothing taken yet
    play(match, seat, "take:1:0")
    before = copy.deepcopy(match.state)
    for bad in ("place:1:2", "place:0:1", "place:1:0", "take:0:0", "fx:ruby"):
        with pytest.raises(IllegalChoice):
            match.choose(seat, bad)
    assert match.state == before


def test_view_hides_other_hands():
    match = new_match(n=3, characters=True)
    state = match.state
    assert match.awaiting() == (0, 1, 2)
    mine = match.view(0)
    assert [c["id"] for c in mine["seats"][0]["dealt"]] == state["seats"][0]["dealt"]
    assert mine["seats"][1]["dealt"] is None and mine["seats"][1]["hand"] is None
    secret = set(state["seats"][1]["dealt"]) | set(state["seats"][2]["dealt"])
    assert not secret & set(_ids_in(mine)) and not secret & {c.id.split(":")[1] for c in mine["choices"]}
    for seat in range(3):
        a, b = state["seats"][seat]["dealt"][:2]
        match.choose(seat, f"keep:{a}+{b}")
    view = match.view(0)
    assert view["seats"][2]["hand"] is None and view["seats"][2]["hand_size"] == 2
    assert not (set(state["seats"][1]["hand"]) | set(state["seats"][2]["hand"])) & set(_ids_in(view))
    assert len(view["display"]) == 3  # the unkept ones, face up
    assert any(line.startswith("You keep") for line in view["log"])
    assert sum("keeps 2 characters" in line for line in view["log"]) == 2


def _ids_in(data):
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "id":
                yield value
            yield from _ids_in(value)
    elif isinstance(data, list):
        for item in data:
            yield from _ids_in(item)


def test_replay_reproduces_the_game():
    match = Match(RULES, NAMES[:3], {"characters": True}, 77)
    play_out(match, {seat: RandomBot(seat + 5) for seat in range(3)})
    again = Match.replay(RULES, NAMES[:3], {"characters": True}, 77, match.actions)
    assert again.state == match.state
    assert json.loads(json.dumps(match.state)) == match.state  # plain JSON data
    assert [s.breakdown for s in again.scores()] == [s.breakdown for s in match.scores()]


def test_view_structure():
    match = new_match(n=3)
    seat = match.state["current"]
    play(match, seat, "take:1:0")
    view = match.view(seat)
    for key in ("board", "supply", "decks", "rubies_left", "middle", "seats", "turn", "total_turns", "pending",
                "scores"):
        assert key in view
    assert view["turn"] == 1 and view["total_turns"] == 48
    assert view["pending"]["tile"]["tile"] == "C01" and view["pending"]["from_row"] == 2
    assert view["board"][1][0] is None
    assert view["seats"][seat]["realm"][0]["start"] is True
    assert view["topic"] == "placement"


def test_every_decision_topic_has_a_help_section():
    from importlib import resources

    help_text = resources.files("engine.almadi").joinpath("help.md").read_text()
    sections = [line for line in help_text.splitlines() if line.startswith("## ")]
    assert all(line.rstrip().endswith("}") and "{#" in line for line in sections)
    topics = set()
    match = Match(RULES, NAMES[:2], {"characters": True}, 4)
    bots = {seat: RandomBot(seat) for seat in range(2)}
    while match.decision is not None:
        topics.add(match.decision.topic)
        if match.decision.is_chance:
            match.draw()
        else:
            seat = match.decision.actors[0]
            match.choose(seat, bots[seat].choose(match, seat).id)
    topics.add(match.view(0)["topic"])
    assert topics >= {"supply", "characters", "turn", "placement", "effects", "scoring"}
    for topic in topics | {"genie", "objectives"}:
        assert "{#" + topic + "}" in help_text, topic


# -- labels that say what a choice does ---------------------------------------------------------

def test_placement_choices_name_the_effects_they_activate():
    match = new_match()
    seat = match.state["current"]
    set_realm(match, seat, {(0, 1): "O08", (0, 2): "O07"})  # O08 bottom Ruby; O07 bottom arrow
    play(match, seat, "take:1:0")  # C01: top arrow, right Moon, bottom Stall, left arrow
    hints = {c.id: c.hint for c in match.labelled(seat)}
    # (1,1): top arrow -> O08's Ruby, left arrow -> the start's Ruby; (1,2): top arrow vs O07's arrow
    assert hints == {"place:1:1": "activates Ruby x2", "place:1:2": "activates nothing"}
    play(match, seat, "place:1:1")
    assert match.view(None)["log"][-1].endswith("at row 2, column 1; activates Ruby x2.")


def test_taking_a_landscape_says_what_placing_it_could_activate():
    match = new_match()
    seat = match.state["current"]
    set_realm(match, seat, {(0, 1): "O08", (0, 2): "O07"})  # O08 bottom Ruby; O07 bottom arrow
    hints = {c.id: c.hint for c in match.labelled(seat)}
    # C01 (row 2): at column 1 its top arrow meets O08's Ruby and its left arrow the start's
    # Ruby; at column 2 its top arrow meets O07's arrow
    assert hints["take:1:0"] == ("Ruby x2 (col 1); nothing (col 2) · edges top arrow, right Moon, bottom Stall, "
                                 "left arrow")
    # M02 (row 3): left arrow against the start's arrow; nowhere else to go
    assert hints["take:2:1"].startswith("activates nothing wherever it goes · edges ")


def test_a_tile_the_genie_can_move_is_one_with_a_spot_beside_another_tile_and_not_back():
    # A beside B in row 1: A may go beside B (right of B, below B); B only below A, which is where
    # B came from in the second case. C beside only the starting tile: each free spot touches C alone.
    grid = {(0, 1): "A", (0, 2): "B"}
    assert movable(grid, {}, False) == [("A", (0, 1)), ("B", (0, 2))]
    assert movable(grid, {"B": (1, 1)}, False) == [("A", (0, 1))]
    assert movable({(0, 0): "S", (0, 1): "C"}, {}, False) == []
    for forbidden in ({}, {"B": (1, 1)}, {"A": (0, 3)}):
        assert movable(grid, forbidden, False) == [
            (tile, pos) for pos, tile in sorted(grid.items())
            if genie_destinations(grid, pos, forbidden.get(tile), False)]


def test_genie_destinations_name_the_effects_they_activate_and_the_placed_mark_follows():
    match = new_match()
    seat = match.state["current"]
    play(match, seat, "take:0:1", "place:0:1", "genie:O02")  # O02: arrow, Ruby, arrow, Genie (left)
    hints = {c.id: c.hint for c in match.labelled(seat)}
    # O02's left Genie meets the start's right side: Ruby (row 2), arrow (row 3), Martelin (row 4)
    assert hints == {"to:1:1": "activates nothing", "to:2:1": "activates Genie", "to:3:1": "activates nothing"}
    play(match, seat, "to:2:1")
    assert match.view(seat)["pending"]["placed_at"] == [2, 1]


def test_skipped_effects_are_logged():
    match = new_match()
    seat = match.state["current"]
    set_realm(match, seat, {(0, 2): "O01"})
    play(match, seat, "take:0:1", "place:0:1", "done")  # O02: Ruby (vs O01's arrow) and Genie
    assert match.view(None)["log"][-1] == f"{NAMES[seat]} leaves unused: Ruby."
    play(match, seat, "done")
    assert match.view(None)["log"][-1] == f"{NAMES[seat]} does not use the Genie."


# -- the Genie, more cases from the rule text ----------------------------------------------------

def test_genie_may_leave_a_hole_and_an_isolated_tile_and_new_effects_are_usable():
    match = new_match()
    seat = match.state["current"]
    set_realm(match, seat, {(0, 1): "O04"})  # O04: arrow, arrow, Moon, arrow
    play(match, seat, "take:0:1", "place:0:2")  # O02's left Genie <- O04's right arrow
    play(match, seat, "genie:O04", "to:1:1")  # O04 leaves a hole at (0,1); O02 is left alone
    realm = realm_of(match, seat)
    assert (0, 1) not in realm and realm[(0, 2)] == "O02" and realm[(1, 1)] == "O04"
    # at (1,1) O04's left arrow meets the start's Ruby: a new effect, usable now
    assert ids(match, seat) == ["fx:ruby", "done"]
    play(match, seat, "fx:ruby")
    assert match.state["seats"][seat]["rubies"] == 1


def test_several_genies_at_once_give_one_move():
    match = new_match(board=["O01", "O02", "C01", "C02", "M01", "M03", "P01", "P02"])
    seat = match.state["current"]
    set_realm(match, seat, {(0, 1): "O07", (0, 2): "M02", (1, 1): "M04"})  # M02 bottom Genie; M04 right arrow
    play(match, seat, "take:1:1", "place:1:2")  # C02: top arrow -> M02's Genie; left Genie <- M04's arrow
    assert match.view(None)["log"][-1].endswith("activates Genie x2.")
    assert match.state["pending"]["genie"] is True
    play(match, seat, "genie:C02", "to:0:3")  # C02 beside M02: left Genie vs M02's Jar, nothing new
    assert match.state["pending"]["moves"] == 1 and phase(match.state) == "refill"


def test_jars_count_in_the_final_layout_only():
    match = new_match()
    seat = match.state["current"]
    set_realm(match, seat, {(0, 1): "O03"})  # O03's left Jar against the start's arrow
    assert match.scores()[seat].breakdown["Jars"] == 1
    set_realm(match, seat, {(0, 1): "O07", (0, 2): "O03"})  # now against O07's Stall: nothing
    assert match.scores()[seat].breakdown["Jars"] == 0


def test_a_side_with_several_jars_activates_each_jar(tmp_path):
    """'示された複数のジャーすべてを活性化します': activating a side activates every jar it
    shows. A table owner enters such a side as a list of jars; each counts at the end."""
    from engine.almadi.text import edges_text
    from engine.core import components
    from tests.almadi.test_almadi_components import records

    tiles = records("landscapes")
    o03 = next(tile for tile in tiles if tile["id"] == "O03")
    o03["sides"]["left"] = ["jar", "jar"]  # two jars on the side that meets the start's arrow
    folder = tmp_path / "almadi"
    folder.mkdir()
    (folder / "landscapes.json").write_text(json.dumps({"game": "almadi", "name": "landscapes", "records": tiles}))
    components.set_override_dir(tmp_path)
    try:
        assert face("O03")[3] == "jar*2" and "left 2 Jars" in edges_text("O03")
        match = new_match()
        seat = match.state["current"]
        set_realm(match, seat, {(0, 1): "O03"})
        assert match.scores()[seat].breakdown["Jars"] == 2
        [drawn] = [tile for tile in match.view(seat)["seats"][seat]["realm"] if tile["tile"] == "O03"]
        assert drawn["sides"][3] == "jar" and drawn["jars"] == [0, 0, 0, 2]
        set_realm(match, seat, {(0, 1): "O07", (0, 2): "O03"})  # against O07's Stall: no jar
        assert match.scores()[seat].breakdown["Jars"] == 0
        set_realm(match, seat, {})
        match.state["board"][0][0] = "O03"
        edited(match)
        play(match, seat, "take:0:0")
        placing = {choice.id: choice for choice in match.labelled(seat)}
        assert placing["place:0:1"].hint == "activates Jar x2"
    finally:
        components.set_override_dir(None)
    assert face("O03")[3] == "jar"


def test_a_side_of_several_effects_other_than_jars_is_refused(tmp_path):
    from engine.almadi.catalog import catalog
    from engine.core import components
    from engine.core.components import ComponentDataError
    from tests.almadi.test_almadi_components import records

    tiles = records("landscapes")
    tiles[0]["sides"]["top"] = ["ruby", "ruby"]
    folder = tmp_path / "almadi"
    folder.mkdir()
    (folder / "landscapes.json").write_text(json.dumps({"game": "almadi", "name": "landscapes", "records": tiles}))
    components.set_override_dir(tmp_path)
    try:
        with pytest.raises(ComponentDataError, match=r"record 'O01': top side \['ruby', 'ruby'\].*several jars"):
            catalog()
    finally:
        components.set_override_dir(None)

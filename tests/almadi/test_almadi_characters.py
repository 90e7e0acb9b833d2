"""The characters variant: dealing and keeping, recruiting, and every character's power."""

from __future__ import annotations

import pytest

from engine.almadi.catalog import catalog
from engine.almadi.characters import END_GAME, end_game_points
from engine.almadi.legal import phase
from engine.almadi.realm import activated_jars
from tests.almadi.almadi_support import BOARD, edited, ids, new_match, play, realm_of, set_realm


def kept(n=2, seed=5):
    match = new_match(n=n, characters=True, seed=seed)
    for seat in range(n):
        match.choose(seat, match.legal(seat)[0].id)
    return match


def with_power(cid, board=BOARD, rubies=0):
    """A 2-player match after the keep, the current seat having recruited ``cid`` (None: nobody)."""
    match = new_match(characters=True, board=board)
    for seat in range(2):
        match.choose(seat, match.legal(seat)[0].id)
    seat = match.state["current"]
    match.state["seats"][seat]["played"] = [cid] if cid else []
    match.state["seats"][seat]["rubies"] = rubies
    match.state["rubies"] -= rubies
    edited(match)
    return match, seat


@pytest.mark.parametrize("n, dealt, pairs, display", [(2, 4, 6, 4), (3, 3, 3, 3), (5, 3, 3, 5)])
def test_deal_and_keep_two_at_once(n, dealt, pairs, display):
    match = new_match(n=n, characters=True)
    assert match.awaiting() == tuple(range(n))
    assert all(len(match.legal(seat)) == pairs for seat in range(n))
    assert all(len(match.state["seats"][seat]["dealt"]) == dealt for seat in range(n))
    for seat in reversed(range(n)):
        match.choose(seat, match.legal(seat)[-1].id)
    assert len(match.state["display"]) == display
    assert all(len(s["hand"]) == 2 and not s["dealt"] for s in match.state["seats"])
    assert phase(match.state) == "take"


def test_the_last_keep_lays_characters_face_up_so_it_cannot_be_undone():
    match = new_match(n=3, characters=True)
    first = match.state["current"]
    others = [seat for seat in range(3) if seat != first]
    for seat in others:
        match.choose(seat, match.legal(seat)[0].id)
    match.choose(first, match.legal(first)[0].id)
    assert match.state["display"] and match.awaiting() == (first,)
    assert not match.can_undo(first)


def test_recruit_pays_rubies_at_any_decision_of_the_turn():
    match = kept()
    seat = match.state["current"]
    state = match.state
    hand = state["seats"][seat]["hand"]
    cheap = min(hand + state["display"], key=lambda cid: catalog().characters[cid]["cost"])
    cost = catalog().characters[cheap]["cost"]
    state["seats"][seat]["rubies"] = cost - 1
    edited(match)
    assert not [i for i in ids(match, seat) if i.startswith("recruit:")]
    state["seats"][seat]["rubies"] = cost
    state["rubies"] -= cost
    edited(match)
    play(match, seat, "take:1:0")  # also offered while placing
    choice = next(c for c in match.legal(seat) if c.id == f"recruit:{cheap}")
    assert choice.reveals == (cheap in hand)
    play(match, seat, choice.id)
    assert state["seats"][seat]["rubies"] == 0 and state["rubies"] == 30
    assert state["seats"][seat]["played"] == [cheap] and cheap not in hand + state["display"]
    assert match.view(1 - seat)["seats"][seat]["characters"][0]["id"] == cheap


def test_hussain_swaps_two_landscapes_once_per_turn():
    match, seat = with_power("hussain")
    set_realm(match, seat, {(2, 1): "M04"})
    play(match, seat, "take:0:1", "place:0:1")  # O02: Genie
    assert {"swap:O02", "swap:M04", "genie:O02", "genie:M04"} <= set(ids(match, seat))
    play(match, seat, "swap:O02")
    assert ids(match, seat) == ["with:M04"]
    # O02 in row 3: its left Genie <- the start's arrow; M04 in row 1: arrow against arrow
    assert match.labelled(seat)[0].hint == "activates Genie"
    play(match, seat, "with:M04")
    assert realm_of(match, seat)[(0, 1)] == "M04" and realm_of(match, seat)[(2, 1)] == "O02"
    # O02's Genie (left) now meets the start's arrow in row 3: another move, but no second swap
    assert match.state["pending"]["genie"] and not [i for i in ids(match, seat) if i.startswith("swap:")]


@pytest.mark.parametrize("cid, outside", [("abriza", True), (None, False)])
def test_abriza_moves_outside_rows_one_to_four(cid, outside):
    match, seat = with_power(cid)
    set_realm(match, seat, {(0, 2): "O07", (3, 2): "M04"})
    play(match, seat, "take:0:1", "place:0:1", "done", "genie:O02")  # skip the Ruby from O07
    assert ("to:-1:2" in ids(match, seat)) == outside and ("to:4:2" in ids(match, seat)) == outside
    if outside:
        play(match, seat, "to:-1:2")
        assert realm_of(match, seat)[(-1, 2)] == "O02"


@pytest.mark.parametrize("cid, legal", [
    ("sinbad", ["place:0:1", "place:1:1", "place:2:1"]),
    ("harun", ["place:0:1", "place:1:1", "place:2:1", "place:3:1"]),
    (None, ["place:1:1"]),
])
def test_placement_row_powers(cid, legal):
    match, seat = with_power(cid)
    play(match, seat, "take:1:0")
    assert [i for i in ids(match, seat) if i.startswith("place:")] == legal


@pytest.mark.parametrize("cid, count", [("ali", 2), (None, 1)])
def test_ali_takes_two_rubies(cid, count):
    match, seat = with_power(cid)
    play(match, seat, "take:1:0", "place:1:1", "fx:ruby")  # C01 left arrow -> start's Ruby
    assert match.state["seats"][seat]["rubies"] == count


def test_kasim_draws_two_mosaics():
    match, seat = with_power("kasim", board=["O01", "O02", "C01", "C02", "M01", "M02", "P04", "P02"])
    play(match, seat, "take:3:0", "place:3:1", "fx:martelin")
    assert match.state["seats"][seat]["mosaics"] == 2 and match.state["decks"]["mosaic"] == 12


def test_zubaida_draws_two_stalls():
    match, seat = with_power("zubaida")
    set_realm(match, seat, {(1, 1): "O07"})
    play(match, seat, "take:1:0", "place:1:2", "fx:stall")
    assert match.state["seats"][seat]["stalls"] == 2


def test_marid_gives_a_genie_move_after_every_placement():
    match, seat = with_power("marid")
    play(match, seat, "take:2:1", "place:2:1")  # M02: arrow against arrow, nothing activated
    assert match.state["pending"]["genie"] and "genie:M02" in ids(match, seat)


@pytest.mark.parametrize("cid, field", [("aladdin", "mosaics"), ("morgiana", "stalls")])
def test_recruiting_draws_two_cards(cid, field):
    match, seat = with_power(None, rubies=2)
    match.state["display"].append(cid)
    edited(match)
    play(match, seat, f"recruit:{cid}")
    assert match.state["seats"][seat][field] == 2


def test_budur_gives_a_moon_this_turn():
    match, seat = with_power(None, rubies=2)
    match.state["display"].append("budur")
    edited(match)
    play(match, seat, "recruit:budur", "take:2:1", "place:2:1")  # M02 activates nothing itself
    moons = [i for i in ids(match, seat) if i.startswith("fx:moon:")]
    assert len(moons) == len(match.state["middle"]) == 6
    play(match, seat, moons[0])
    assert len(match.state["seats"][seat]["objectives"]) == 1


def test_zahra_effect_sides_activate_each_other():
    match, seat = with_power("zahra")
    play(match, seat, "take:3:0", "place:3:1")  # P01 left Moon against the start's Martelin
    assert match.state["pending"]["effects"] == {"moon": 1, "martelin": 1}
    faces = catalog().faces
    grid = {(0, 0): "S1.1", (0, 1): "O03"}  # O03 left Jar against the start's arrow; O03 alone
    assert activated_jars(grid, faces) == 1
    grid = {(0, 1): "O03", (0, 2): "O08"}  # O03 right Martelin vs O08 left Jar: effect vs effect
    assert activated_jars(grid, faces) == 0 and activated_jars(grid, faces, pairs=True) == 1


SAMPLE = {  # column 0 = start; two oasis groups, a full column 1
    (0, 0): "O", (0, 1): "O", (0, 2): "P",
    (1, 0): "C", (1, 1): "M", (1, 2): "C", (1, 3): "O", (1, 4): "O", (1, 5): "M",
    (2, 0): "M", (2, 1): "P",
    (3, 0): "P", (3, 1): "C",
}
FACTS = {"jars": 3, "mosaics": 2, "stalls": 5, "rubies": 7, "objectives": [(6, True), (9, False), (6, True)]}
EXPECTED = {
    "jar_bonus": 3, "forgive_objectives": 9, "completed_objectives": 4, "oasis_groups": 4,
    "per_caravan": 3, "per_stall": 5, "per_mosaic": 2, "per_two_rubies": 3, "full_columns": 3,
    "long_rows": 2, "markets_by_caravans": 2, "per_palace": 3, "oases_by_caravans": 2, "all_types_four": 0,
}


def test_every_end_game_power_by_hand():
    assert set(END_GAME) == set(EXPECTED)
    for power, points in EXPECTED.items():
        assert END_GAME[power](SAMPLE, FACTS) == points, power
    four_each = {(r, c): "OCMP"[(r + c) % 4] for r in range(4) for c in range(4)}
    assert END_GAME["all_types_four"](four_each, FACTS) == 3


def test_only_recruited_scoring_characters_count():
    characters = catalog().characters
    assert end_game_points(["salim", "hussain", "fatima"], characters, SAMPLE, FACTS) == 3 + 5
    match, seat = with_power("salim")
    assert match.scores()[seat].breakdown["Characters"] == 1  # the start's palace


def at_turn_end(extra_rubies, display):
    """Current seat (empty hand, 1 ruby + ``extra_rubies``) places C01 beside the start's Ruby."""
    match, seat = with_power(None, rubies=1 + extra_rubies)
    match.state["seats"][seat]["hand"] = []
    match.state["display"] = list(display)
    edited(match)
    play(match, seat, "take:1:0", "place:1:1")  # C01's left arrow -> the start's Ruby
    return match, seat


def test_recruit_with_the_ruby_of_the_last_effect_before_the_turn_ends():
    match, seat = at_turn_end(0, ["aladdin"])  # Aladdin costs 2; 1 ruby in hand
    assert "recruit:aladdin" not in ids(match, seat)
    play(match, seat, "fx:ruby")  # 2 rubies: the turn does not end before a recruit is possible
    assert phase(match.state) == "finish" and ids(match, seat) == ["recruit:aladdin", "done"]
    play(match, seat, "recruit:aladdin")
    state = match.state
    assert state["seats"][seat]["mosaics"] == 2 and state["seats"][seat]["rubies"] == 0
    assert phase(state) == "refill"  # nothing affordable any more


def test_end_the_turn_without_recruiting():
    match, seat = at_turn_end(0, ["aladdin"])
    play(match, seat, "fx:ruby", "done")
    assert phase(match.state) == "refill" and match.state["seats"][seat]["played"] == []


def test_no_end_of_turn_stop_when_nothing_is_affordable():
    match, seat = at_turn_end(0, ["marid"])  # Marid costs 4
    play(match, seat, "fx:ruby")
    assert phase(match.state) == "refill"


def test_budur_recruited_at_the_end_of_the_turn_gives_a_moon_now():
    match, seat = at_turn_end(1, ["budur"])
    play(match, seat, "done")  # the Ruby is left; 2 rubies pay for Budur
    play(match, seat, "recruit:budur")
    moons = [i for i in ids(match, seat) if i.startswith("fx:moon:")]
    assert phase(match.state) == "effects" and len(moons) == 6
    play(match, seat, moons[0])
    assert len(match.state["seats"][seat]["objectives"]) == 1 and phase(match.state) == "refill"


def test_doubled_effects_say_so():
    match, seat = with_power("ali")
    play(match, seat, "take:1:0", "place:1:1")
    assert next(c.label for c in match.labelled(seat) if c.id == "fx:ruby") == "Ruby: take 2 rubies"


def test_recruit_in_the_middle_of_a_genie_move_works_at_once():
    match, seat = with_power(None, rubies=3)
    match.state["seats"][seat]["hand"] = []
    match.state["display"] = ["abriza"]
    set_realm(match, seat, {(0, 2): "O07", (3, 2): "M04"})
    play(match, seat, "take:0:1", "place:0:1", "done", "genie:O02")  # skip O07's Ruby; where to?
    assert "recruit:abriza" in ids(match, seat) and "to:-1:2" not in ids(match, seat)
    play(match, seat, "recruit:abriza")  # now above row 1 is allowed for this very move
    assert phase(match.state) == "genie_to" and "to:-1:2" in ids(match, seat)

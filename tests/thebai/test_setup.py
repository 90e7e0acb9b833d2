"""Setup, as the rulebook's common steps 1-13 and player steps A-L give it, for 2-4 players."""

import pytest

from engine.core import CHANCE, Match
from engine.thebai.catalog import catalog
from engine.thebai.constants import COLOURS, ROWS
from engine.thebai.geometry import grid

from .helpers import NAMES, RULES, new_match


@pytest.mark.parametrize("players", [2, 3, 4])
def test_components_are_laid_out_by_player_count(players):
    match = new_match(players, seed=3)
    state = match.state
    assert state["side"] == ("12" if players == 2 else "34")
    # 4: a commander face up per row, the rest boxed; 5: invaders face down (not drawn yet);
    # 6: a gate tile per row.
    assert all(state["row_cmd"]) and len(set(state["row_cmd"])) == ROWS
    assert state["invaders"] == [None] * ROWS
    assert sorted(state["gates"]) == sorted(catalog().gates)
    # 7: fate layout: top row alpha beta gamma delta gamma face up, bottom row face down.
    stacks = [slot["stack"] for slot in state["fate"]]
    assert stacks == ["alpha", "beta", "gamma", "delta", "gamma", "delta", "omega", "delta", "omega", "delta"]
    assert [slot["up"] for slot in state["fate"]] == [True] * 5 + [False] * 5
    assert all(slot["tile"] for slot in state["fate"][:5]) and not any(slot["tile"] for slot in state["fate"][5:])
    assert ("conflict-7" in state["fate_left"]["omega"]) == (players > 2)
    # 8: the battle marker on the row of the leftmost face-up conflict tile (round 3's).
    assert state["marker"] == catalog().fate[state["fate"][2]["tile"]]["row"]
    # 9/L: a display of 4, each player one starting contract, the other starting ones boxed.
    assert all(state["display"]) and len(state["deck"]) == 40 - 4
    assert all(len(hand) == 1 and catalog().contracts[hand[0]]["start"] for hand in state["hand"])
    assert state["start_left"] == []
    # 12: collapse markers 3/4/5.
    assert len(state["collapse"]) == {2: 3, 3: 4, 4: 5}[players]
    # 1-2 players: the herald deck.
    assert bool(state["heralds"]) == (players == 2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_is_set_up(players):
    state = new_match(players, seed=5).state
    for seat in range(players):
        estate = state["estate"][seat]
        # F/G: own tiles on columns 2-4, 3 neutral on the right; one tile went to the city (K).
        tiles = [t for row in estate for t in row]
        assert len(tiles) == 12 - 1
        assert sorted(len(row) for row in estate) == [3, 4, 4]
        assert all(catalog().tiles[row[-1]]["colour"] == "neutral" for row in estate)
        assert all(catalog().tiles[t]["colour"] == COLOURS[seat] for row in estate for t in row[:-1])
        assert state["pool_h"][seat] == [0, 0, 0, 0]  # H: four hoplite dice at 1
        assert state["common"][seat] == 4  # I: four citizen dice to the common supply
        assert state["vp"][seat] == 10 and state["strat_left"][seat] == [2, 3, 4, 5] and state["councillors"][seat] == 3
        goods = {k: state["res"][seat][k] for k in ("grape", "pottery", "bronze")}
        assert goods == {"grape": 1, "pottery": 1, "bronze": 1}
    # I: citizen dice and drachma by turn-order place.
    for place, seat in enumerate(state["order"], 1):
        start = catalog().starts[place]
        assert sorted(state["pool_c"][seat]) == sorted(start["faces"])
        assert state["res"][seat]["drachma"] == start["drachma"]


@pytest.mark.parametrize("players, extra", [(2, 2), (3, 3), (4, 0)])
def test_starting_tiles_fill_the_marked_centre_spaces(players, extra):
    state = new_match(players, seed=9).state
    marked = grid(state["side"]).start[players]
    assert sorted(state["city"]["tiles"]) == sorted(marked)
    colours = [catalog().tiles[t]["colour"] for t, _ in state["city"]["tiles"].values()]
    assert sum(c not in COLOURS[:players] for c in colours) == extra
    assert sorted(c for c in colours if c in COLOURS[:players]) == sorted(COLOURS[:players])


def test_devotion_stacks_turn_order_and_reverse_order_starting_contracts():
    match = Match(RULES, NAMES, {}, 11)
    # A person at the table supplies the Dionysus stack from the bottom: Red, Green, Blue, Peach.
    for seat in (3, 0, 1, 2):
        match.choose(CHANCE, f"seat:{seat}")
    state = match.state
    assert state["order"] == [2, 1, 0, 3]  # C: the top marker (Peach) is first player
    # B: Ares stacked in the reverse order: ties on Ares go to the bottom marker, Peach.
    ares = sorted(range(4), key=lambda s: state["arrived"]["ares"][s])
    assert ares == [2, 1, 0, 3]
    while match.decision.actors == (CHANCE,) or match.state["flow"][-1]["step"] == "each":
        if match.decision.is_chance:
            match.draw()
        else:
            for seat in match.decision.actors:
                match.choose(seat, match.legal(seat)[0].id)
    # L: starting contracts in reverse turn order: Red, Green, Blue, then Peach.
    takers = []
    while match.state["flow"][-1]["step"] == "start_contract":
        seat = match.awaiting()[0]
        takers.append(seat)
        match.choose(seat, match.legal(seat)[0].id)
    assert takers == [3, 0, 1, 2]


def test_every_random_part_is_a_chance_step_a_person_can_supply():
    match = Match(RULES, NAMES[:2], {}, 1)
    kinds = set()
    while match.state["phase"] == "setup":
        decision = match.decision
        if decision.is_chance:
            kinds.add(match.state["flow"][-1]["step"])
            outcomes = decision.for_actor(CHANCE)
            match.choose(CHANCE, outcomes[-1].id)  # the last outcome, as a person would type it
        else:
            for seat in decision.actors:
                match.choose(seat, match.legal(seat)[-1].id)
    assert {"stack_marker", "deal_commander", "deal_gate", "deal_fate", "draw_collapse", "deal_estate",
            "extra_tile", "place_start", "draw_contract"} <= kinds

"""Random and greedy games with invariants checked after every action."""

from __future__ import annotations

from engine.almadi.catalog import TILES_PER_TYPE
from engine.almadi.legal import phase
from engine.almadi.setup import SETUP_PHASES
from engine.core.bots import GreedyBot, RandomBot, play_out
from engine.core.contract import CHANCE
from engine.core.match import Match
from tests.almadi import reference
from tests.almadi.almadi_support import NAMES, RULES, draw_setup
from tests.fuzz import FUZZ_GAMES


def offered(match, seat, kind: str) -> set[tuple[int, int]]:
    """The cells of the ``kind:row:col`` choices the engine offers ``seat`` now."""
    return {(int(row), int(col)) for row, col in (choice.id.split(":")[1:] for choice in match.legal(seat)
                                                   if choice.id.startswith(f"{kind}:"))}


def check_offers(match, seat) -> None:
    """Every placement or Genie destination offered is legal by the rule text, and every legal
    one is offered (tests/almadi/reference.py reads the rules without the engine's code)."""
    state = match.state
    where = phase(state)
    if where == "place":
        assert offered(match, seat, "place") == reference.placements(state, seat)
    elif where == "genie_to":
        tile = state["flow"][-1]["tile"]
        assert offered(match, seat, "to") == reference.genie_destinations(state, seat, tile)


def placed_by(seat):
    return sum(1 for _, col, _ in seat["realm"] if col >= 1)


def check_state(state, n):
    placed = sum(placed_by(s) for s in state["seats"])
    board = sum(1 for row in state["board"] for tile in row if tile)
    in_hand = 1 if phase(state) == "place" else 0
    assert len(state["supply"]) + board + placed + in_hand == 4 * TILES_PER_TYPE[n]
    assert state["rubies"] + sum(s["rubies"] for s in state["seats"]) == 30
    assert all(s["mosaics"] >= 0 and s["stalls"] >= 0 for s in state["seats"]) and min(state["decks"].values()) >= 0
    if phase(state) in SETUP_PHASES:
        assert placed == 0 and all(len(s["realm"]) == (4 if s["start"] else 0) for s in state["seats"])
        return
    assert [placed_by(s) for s in state["seats"]] == [
        state["turn"] // n + (1 if (seat - state["first"]) % n < state["turn"] % n else 0)
        + (1 if seat == state["current"]
           and phase(state) in ("effects", "genie", "genie_to", "genie_with", "finish", "refill") else 0)
        for seat in range(n)
    ] or phase(state) == "over"


def check_scores(match):
    """Every category as the reference reading of the rules adds it up, in the sheet's order."""
    expected = reference.breakdowns(match.state)
    assert [list(score.breakdown.items()) for score in match.scores()] == [list(row.items()) for row in expected]


def fuzz_game(seed, n, characters):
    match = Match(RULES, NAMES[:n], {"characters": characters}, seed)
    bots = [RandomBot(seed * 7 + seat) for seat in range(n)]
    while True:
        decision = match.decision
        if decision is None:
            break
        if decision.is_chance:
            match.draw()
        else:
            seat = decision.actors[0]
            check_offers(match, seat)
            choice = bots[seat].choose(match, seat)
            match.choose(seat, choice.id)
            if choice.id.startswith(("place:", "to:", "with:")):
                check_scores(match)
        check_state(match.state, n)
    assert match.state["supply"] == [] and all(len(s["realm"]) == 20 for s in match.state["seats"])
    check_scores(match)
    return match


def test_random_games_by_the_hundred():
    for seed in range(FUZZ_GAMES):
        fuzz_game(seed, 2 + seed % 4, characters=seed % 3 == 0)


def test_greedy_games():
    for seed, n in ((1, 2), (2, 4)):
        match = Match(RULES, NAMES[:n], {"characters": seed == 2}, seed)
        bots = {0: GreedyBot(seed)} | {seat: RandomBot(seat) for seat in range(1, n)}
        play_out(match, bots)
        assert match.finished
        check_scores(match)


def test_chance_outcome_supplied_by_a_person_matches_the_supply():
    match = draw_setup(Match(RULES, NAMES[:2], {}, 3))
    outcomes = match.decision.for_actor(CHANCE)
    assert {o.id for o in outcomes} == set(match.state["supply"]) and all(o.weight == 1 for o in outcomes)

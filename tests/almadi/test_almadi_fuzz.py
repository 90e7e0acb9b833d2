"""Random and greedy games with invariants checked after every action."""

from __future__ import annotations


from engine.almadi.catalog import TILES_PER_TYPE, catalogue
from engine.almadi.legal import phase
from engine.almadi.setup_draws import SETUP_PHASES
from engine.core.bots import GreedyBot, RandomBot, play_out
from engine.core.contract import CHANCE
from engine.core.match import Match
from tests.almadi.almadi_support import NAMES, RULES, draw_setup

NEAR = ((-1, 0), (0, 1), (1, 0), (0, -1))


def powers(state, seat):
    return {catalogue().characters[cid]["power"] for cid in state["seats"][seat]["played"]}


def grid(state, seat):
    return {(r, c): t for r, c, t in state["seats"][seat]["realm"]}


def check_placement(state, seat, pos):
    """Independent reading of the placement rules, for the tile about to be placed."""
    row = state["pending"]["row"]
    rows = {row}
    if "place_adjacent_row" in powers(state, seat):
        rows |= {row - 1, row + 1}
    if "place_any_row" in powers(state, seat):
        rows |= {0, 1, 2, 3}
    realm = grid(state, seat)
    r, c = pos
    assert r in rows and 0 <= r <= 3 and c >= 1 and pos not in realm
    assert any((r + dr, c + dc) in realm for dr, dc in NEAR)


def check_genie(state, seat, pos):
    pending = state["pending"]
    realm = grid(state, seat)
    moving = state["flow"][-1]["tile"]
    origin = next(p for p, t in realm.items() if t == moving)
    r, c = pos
    assert pending["moves"] < 3 and c >= 1 and pos not in realm and origin[1] >= 1
    assert 0 <= r <= 3 or "genie_any_row" in powers(state, seat)
    assert any((r + dr, c + dc) in realm and (r + dr, c + dc) != origin for dr, dc in NEAR)
    assert list(pos) != pending["moved_from"].get(moving)


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
        + (1 if seat == state["current"] and phase(state) in ("effects", "genie", "genie_to", "genie_with", "finish", "refill") else 0)
        for seat in range(n)
    ] or phase(state) == "over"


def check_scores(match):
    for score in match.scores():
        assert score.total == sum(score.breakdown.values())
        with_characters = ["Characters"] if match.state["characters"] else []
        assert list(score.breakdown) == ["Oases", "Caravans", "Palaces", "Jars", "Mosaics", "Objectives", "Rubies", *with_characters]


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
            choice = bots[seat].choose(match, seat)
            kind, _, rest = choice.id.partition(":")
            if kind == "place":
                check_placement(match.state, seat, tuple(map(int, rest.split(":"))))
            elif kind == "to":
                check_genie(match.state, seat, tuple(map(int, rest.split(":"))))
            match.choose(seat, choice.id)
            if kind in ("place", "to"):
                check_scores(match)
        check_state(match.state, n)
    assert match.state["supply"] == [] and all(len(s["realm"]) == 20 for s in match.state["seats"])
    check_scores(match)
    return match


def test_thousand_random_games():
    for seed in range(1000):
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

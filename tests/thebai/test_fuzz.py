"""Random games with the rules' invariants checked after every step.

The default suite plays a few games per player count; the ``slow`` run plays 1,000 per count.
"""

import random

import pytest

from engine.core import Playout
from engine.core.flow import frames_named
from engine.thebai.catalog import catalog
from engine.thebai.constants import CONFLICT_ROUNDS, ROUNDS
from engine.thebai.council import monument
from tests.fuzz import FUZZ_GAMES

from .helpers import RULES
from .score_oracle import ScoreLedger, breakdowns

EXTRA_TILES = {2: 2, 3: 3, 4: 0}
NAMES = ["Io's die", "Zeno scores 3 VP", "Ann", "Ann pays 1 grape; Io's die 3 won +2 VP"]
"""Players' names worded like the log's lines: the score oracle reads each entry's arguments (the
seat is a number), never the words, so no name can pass for a line."""
SCORED_EVERY = 40
"""Steps between two checks of the whole score sheet in the middle of a game."""


def check(state, last: dict) -> None:
    n = state["n"]
    pieces = catalog().pieces
    for seat in range(n if state["phase"] != "setup" else 0):
        assert state["vp"][seat] >= 0
        assert all(v >= 0 for v in state["res"][seat].values())
        city = [k for s, k, _ in state["city"]["dice"].values() if s == seat]
        council = (sum(1 for e in state["passage"] if e and e[0] == seat)
                   + sum(1 for e in state["passage_last"] if e[0] == seat)
                   + sum(1 for s, what, _ in state["council"].values() if s == seat and what == "die"))
        citizens = (state["common"][seat] + len(state["pool_c"][seat]) + len(state["estate_dice"][seat])
                    + city.count("c") + council)
        assert citizens == pieces["citizens"], (seat, citizens)
        assert len(state["pool_h"][seat]) + city.count("h") + state["boxed_h"][seat] == pieces["hoplites"]
        strategos = [v for row in state["strategos"] for s, v in row if s == seat]
        assert len(strategos) == state["boxed_h"][seat] and len(strategos) + len(state["strat_left"][seat]) == 4
        monuments = [monument(sp) for sp, (s, what, _) in state["council"].items() if s == seat and what == "die"]
        assert len(monuments) == len(set(monuments)), "two dice of a player on one monument"
        assert all(0 <= f <= 5 for f in state["pool_c"][seat] + state["pool_h"][seat])
    if state["phase"] != "setup":
        tiles = [t for estate in state["estate"] for row in estate for t in row]
        tiles += [t for t, _ in state["city"]["tiles"].values()] + state["tile_box"] + state["setup"]["chosen"]
        tiles += [f["tile"] for f in frames_named(state, "place_space") + frames_named(state, "place_turn")]
        assert len(tiles) == len(set(tiles)) == 12 * n + EXTRA_TILES[n]
    assert state["round"] >= last["round"] and state["round"] - last["round"] <= 1 and state["round"] <= ROUNDS
    battle = state["last_battle"]
    if battle is not None and battle != last["battle"]:
        slot = state["fate"][battle["round"] - 1]
        record = catalog().fate[slot["tile"]]
        assert record["kind"] == "conflict" and battle["row"] == record["row"], "a battle outside its tile's row"
        assert battle["round"] in CONFLICT_ROUNDS and battle["number"] == CONFLICT_ROUNDS.index(battle["round"]) + 1
    last.update(round=state["round"], battle=battle)


def play(players: int, seed: int) -> dict:
    state = RULES.setup(NAMES[:players], {}, seed)
    playout = Playout(RULES, state)
    pick = random.Random(seed)
    last = {"round": 0, "battle": None}
    ledger = ScoreLedger(state)
    steps = 0
    while (decision := playout.decision) is not None:
        if decision.is_chance:
            playout.draw()
        else:
            seat = pick.choice(decision.actors)
            playout.apply(seat, pick.choice(decision.for_actor(seat)))
        check(state, last)
        ledger.note(state)
        assert ledger.vp == state["vp"], f"seed {seed}: the score track {state['vp']}, from the log {ledger.vp}"
        steps += 1
        if steps % SCORED_EVERY == 0:
            check_scores(state, ledger, seed)
    assert state["round"] == ROUNDS and not state["flow"] and state["battles"] == len(CONFLICT_ROUNDS)
    check_scores(state, ledger, seed)
    ledger.all_owed_scored()
    return state


def check_scores(state: dict, ledger: ScoreLedger, seed: int) -> None:
    """The sheet "if the game ended now" (at the end: the final one), as a second count makes it."""
    engine = [score.breakdown for score in RULES.scores(state)]
    sheet = breakdowns(state, ledger, [(b["Different suits"], b["Same suit"]) for b in engine])
    assert engine == sheet, f"seed {seed}: the engine scores {engine}, the second count {sheet}"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(players):
    for seed in range(12):
        play(players, seed)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_by_the_hundred_per_player_count(players):
    for seed in range(FUZZ_GAMES):
        play(players, 10_000 + seed)

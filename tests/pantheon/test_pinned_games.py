"""Whole random games pinned by hash: a change meant only to make the engine faster must not
alter a single decision (prompt, choice ids, labels, hints, weights), action or log line, nor
the final state. A deliberate change of rules or wording updates them (and says so in its commit); the last
one was the clearer purchase prompt and payment hints, which left actions and states as they were."""

import hashlib
import json

import pytest

from engine.core.bots import RandomBot
from engine.core.match import Match

from .helpers import NAMES, RULES

PINNED = {
    (2, 3, "random"): "008ec6e6a79162132fa7e7517775a19ba812f12a342b5df245a63f0698b78a57",
    (3, 8, "choose"): "d9ac8f4e02a934fe7f34e242774fc49ca649da5d5cce67d3f2ae71141ac390d9",
    (4, 21, "random"): "0233ecc0d941a6b32ce6d594c2356184be4be78e455b21e94c73f3177f578312",
}


def game_digest(players: int, seed: int, bonus: str) -> str:
    match = Match(RULES, NAMES[:players], {"bonus": bonus}, seed)
    bots = {seat: RandomBot(seed * 10 + seat) for seat in range(players)}
    digest = hashlib.sha256()
    while (decision := match.decision) is not None:
        digest.update(repr((decision.actors, decision.prompt, decision.topic,
                            sorted(decision.choices.items()))).encode())
        if decision.is_chance:
            match.draw()
        else:
            seat = decision.actors[0]
            match.choose(seat, bots[seat].choose(match, seat).id)
    digest.update(json.dumps([action.to_json() for action in match.actions]).encode())
    digest.update(json.dumps(match.state).encode())
    return digest.hexdigest()


@pytest.mark.parametrize("players, seed, bonus", sorted(PINNED))
def test_a_random_game_plays_exactly_as_pinned(players, seed, bonus):
    assert game_digest(players, seed, bonus) == PINNED[players, seed, bonus]

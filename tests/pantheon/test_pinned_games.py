"""Whole random games pinned by hash: a change meant only to make the engine faster must not
alter a single decision (prompt, choice ids, labels, hints, weights), action or log line, nor
the final state. The hashes were taken before the engine was optimised; a deliberate rules
change updates them (and says so in its commit)."""

import hashlib
import json

import pytest

from engine.core.bots import RandomBot
from engine.core.match import Match

from .helpers import NAMES, RULES

PINNED = {
    (2, 3, "random"): "96c95fecc49aff590aefdc5048a4d9f2a089284c434a84ba180d2f704814f668",
    (3, 8, "choose"): "bfa0e6edd20e164a0e746e8587df17e591f0acbeee9774be48ce0e96e27d5056",
    (4, 21, "random"): "7964c584af00b57adde5c322c2df4f83a7e94706ac4467f195ab409454580ee4",
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

"""Whole random games pinned by hash: a change meant only to make the engine faster must not
alter a single decision (prompt, choice ids, labels, hints, weights), action or log line, nor
the final state. A deliberate change of rules or wording updates them (and says so in its commit); the last
one added log lines for a follower's pass and for money lost when a purchase ends, which left
actions and states (but for the log) as they were."""

import hashlib
import json

import pytest

from engine.core.bots import RandomBot
from engine.core.match import Match

from .helpers import NAMES, RULES

PINNED = {
    (2, 3, "random"): "b84343469af1fb71001af7f2a7b2559bd5ac0ad842f9aad1f58da898a26d950e",
    (3, 8, "choose"): "c359653b1a7fc10977ae7ea2c32e6c0d0125eddb2bf40471c2cb72bf79883cbd",
    (4, 21, "random"): "bb84ae22f48f9fc43864b17fd46953f91721cde4d7ab5eb6999f7b778623a71f",
}


class Shown:
    """A choice as shown (labelled), printed as choices were when the games were pinned."""

    def __init__(self, choice):
        self.choice = choice

    def __repr__(self) -> str:
        c = self.choice
        return f"Choice(id={c.id!r}, label={c.label!r}, hint={c.hint!r}, reveals={c.reveals!r}, weight={c.weight!r})"


def shown(match, decision):
    return sorted((actor, tuple(Shown(c) for c in match.labelled(actor))) for actor in decision.actors)


def game_digest(players: int, seed: int, bonus: str) -> str:
    match = Match(RULES, NAMES[:players], {"bonus": bonus}, seed)
    bots = {seat: RandomBot(seed * 10 + seat) for seat in range(players)}
    digest = hashlib.sha256()
    while (decision := match.decision) is not None:
        digest.update(repr((decision.actors, decision.prompt, decision.topic,
                            shown(match, decision))).encode())
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

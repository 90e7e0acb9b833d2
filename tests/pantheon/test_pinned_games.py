"""Whole random games pinned by hash: a change meant only to make the engine faster must not
alter a single decision (prompts, choice ids, labels, hints, weights, targets), action or log
line, nor the final state. A deliberate change of rules or wording updates them (and says so in
its commit). The last re-pinning came with the move onto the core turn flow (state["tasks"]
became state["flow"], hands and demigods record what is public about them, derivable or unused
keys left the state, choices carry board targets, the other seats read a prompt without the
actor's cards): the actions, the labelled decisions as the actor reads them and the log lines
were checked to be exactly as before. Re-pinned when the state came to hold every piece in a
place of its own (the general supply of each colour's feet and columns, and the box for
demigods, loot and offering tiles that leave the game): everything else, the final state
included, was checked to be exactly as before. Re-pinned for
rulings: Depraccus offers its draw (a decision), and the player who takes an epoch's last loot
or god tile ends it (rules version 2). Re-pinned when placements came to read 'Foot F9' with
what tells them apart first ('1 card, loot: Demigod, 2 steps (shared)'): with labels and hints
left out of the digest, every game was checked to be exactly as before. Re-pinned when god
payments came to read 'Offer 1 Dancers, 2 Priests' (no '+' or 'card(s)', so the kinds fit a
line at 80 columns), checked the same way. Re-pinned when choices came to carry their arguments,
targets to be data (``Hex('J4')``), the log and the prompts to be sentences with their arguments
(digested in words, as players read them) and the game over to be the empty flow (no "over" in
the state): every decision in words (prompts, ids, labels, hints, weights, targets as they were
spelled), every action, every seat's log lines and views, and the final state but for its log and
that flag, were checked to be exactly as before. Re-pinned when the labels, hints, prompts and log
lines still kept as plain English words became templates, to be read in any language: the actions
and the final state but for its log are as before, and every decision, chance step, log line,
score and chapter reads word for word as before in English."""

import hashlib
import json

import pytest

from engine.core.bots import RandomBot
from engine.core.match import Match

from .helpers import NAMES, RULES

PINNED = {
    (2, 3, "random"): "8a855d618ee66dedd293bc849ddf45269493d6abb06c8d10045d41876d37f858",
    (3, 8, "choose"): "e442c28f0c327d2609a31c041203bc2a1b72012bee9d77c14ccf5bb5a45fe18d",
    (4, 21, "random"): "e9e28e8a827247f2e6f199846865d019b30998565e459f2004038a6d204ded00",
}


class Shown:
    """A choice as shown (labelled), printed as choices were when the games were pinned."""

    def __init__(self, choice):
        self.choice = choice

    def __repr__(self) -> str:
        c = self.choice
        return (f"Choice(id={c.id!r}, label={c.label!r}, hint={c.hint!r}, reveals={c.reveals!r}, weight={c.weight!r}, "
                f"target={c.target!r})")


def shown(match, decision):
    """Each actor's prompt and labelled choices, in words."""
    return sorted((actor, match.words(decision.prompt_for(actor)), tuple(Shown(c) for c in match.labelled(actor)))
                  for actor in decision.actors)


def game_digest(players: int, seed: int, bonus: str) -> str:
    match = Match(RULES, NAMES[:players], {"bonus": bonus}, seed)
    bots = {seat: RandomBot(seed * 10 + seat) for seat in range(players)}
    digest = hashlib.sha256()
    while (decision := match.decision) is not None:
        digest.update(repr((decision.actors, match.words(decision.prompt), decision.topic,
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

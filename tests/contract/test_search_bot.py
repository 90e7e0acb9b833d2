"""The search bot on every registered game (and the toy): it decides from its seat's view only,
and it finishes games at every player count."""

from __future__ import annotations

from engine.core.bots import play_out
from engine.core.match import Match
from engine.search import Level, Limits, SearchBot, profile_for, search

from .playouts import sampled

SMALL = Level("normal", "Normal (test budget)", iterations=6, cpu_cap=60.0, wall_cap=60.0)


def test_the_search_bot_decides_alike_in_states_its_seat_cannot_tell_apart(game):
    """Two states that differ only in what the seat cannot see (the second one made with
    determinize): the same seed gives the same search, visit for visit, so the same choice."""
    rules = game.rules
    searched = eligible = 0
    for match, index in sampled(rules, every=1, seeds=range(1)):
        decision = match.decision
        if decision is None or decision.is_chance or searched >= 16:
            continue
        for seat in decision.actors:
            if len(decision.for_actor(seat)) < 2:
                continue
            eligible += 1
            if eligible % 7 != 1:
                continue
            twin = rules.determinize(match.state, seat, f"twin {index}")
            seats = len(match.names)
            first = search(rules, match.state, seat, seats, Limits(32), index, profile_for(rules.id))
            second = search(rules, twin, seat, seats, Limits(32), index, profile_for(rules.id))
            assert first.candidates == second.candidates
            assert first.deterministic and second.deterministic
            searched += 1
    assert searched >= 4


def test_the_search_bot_finishes_games_at_every_player_count(game):
    for players in range(game.rules.min_players, game.rules.max_players + 1):
        match = Match(game.rules, [f"P{n}" for n in range(players)], {}, seed=players)
        play_out(match, {seat: SearchBot(SMALL, seat) for seat in range(players)})
        assert match.finished

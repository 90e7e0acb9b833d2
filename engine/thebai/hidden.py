"""Hidden information for bots: a state sampled from what one seat knows.

Face-down invaders, fate tiles and herald cards are never in the state before they are turned
up (each is drawn when revealed), so the only secrets are the contracts the other players drew
from the deck (those taken from the display, and starting contracts, were taken in view of
everyone: ``known``). Those are dealt anew from the deck they came from, and the RNG reseeded.
"""

from __future__ import annotations

from engine.core import State, copy_state
from engine.core.rng import reseed, shuffle


def secret_cards(state: State, seat: int) -> list[str]:
    known = list(state["known"][seat])
    secret = []
    for card in state["hand"][seat]:
        if card in known:
            known.remove(card)
        else:
            secret.append(card)
    return secret


def determinize(state: State, viewer: int | None, seed: int | str) -> State:
    twin = copy_state(state, log=False)
    reseed(twin, seed)
    others = [s for s in range(twin["n"]) if s != viewer]
    secrets = {s: secret_cards(twin, s) for s in others}
    pool = sorted(list(twin["deck"]) + [c for s in others for c in secrets[s]])
    shuffle(twin, pool)
    for seat in others:
        count = len(secrets[seat])
        twin["hand"][seat] = sorted(twin["known"][seat]) + pool[:count]
        pool = pool[count:]
    twin["deck"] = sorted(pool)
    return twin

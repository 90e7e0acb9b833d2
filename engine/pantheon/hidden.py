"""What a seat cannot know, sampled anew for bots' look-ahead (``PantheonRules.determinize``).

A seat knows its own hand and demigods and everything public (its view). It does not know the
cards of the others' hands beyond those taken face up, nor the values of the others' face-down
demigods beyond the stack each came from; nothing has an order to foresee (the deck and the
stacks are multisets drawn by chance steps). Those unknowns are dealt again at random from
what they could be: the deck with the unknown cards of the others' hands, and each demigod
stack with the others' face-down demigods drawn from it. A seat about to pay for a god it took
from the display is known to hold a payment: its hand is dealt the cards of one that the pool
allows before the rest is dealt.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any, TypeVar

from engine.core.flow import Frame, frames_named
from engine.core.rng import below, reseed
from engine.core.state import copy_state

from .cards import CARD_ORDER, add, size
from .catalog import OFFERING_KINDS, catalog
from .chance import LOW_DEMIGODS
from .view import face_down, in_order

State = dict[str, Any]
T = TypeVar("T")


def determinize(state: State, viewer: int | None, seed: int | str) -> State:
    twin = copy_state(state, log=False)
    reseed(twin, seed)
    others = [seat for seat in range(twin["n"]) if seat != viewer]
    _deal_cards(twin, others)
    _deal_demigods(twin, [twin["players"][seat] for seat in others])
    return twin


def _deal_cards(state: State, others: list[int]) -> None:
    players = state["players"]
    hands = {seat: dict(players[seat]["hand_known"]) for seat in others}
    slots = {seat: size(players[seat]["hand"]) - size(hands[seat]) for seat in others}
    counts = dict(state["deck"])
    for seat in others:
        for kind, n in players[seat]["hand"].items():
            counts[kind] = counts.get(kind, 0) + n - hands[seat].get(kind, 0)
    pool = [kind for kind in CARD_ORDER for _ in range(counts.get(kind, 0))]
    for frame in frames_named(state, "pay"):
        if frame["how"] == "action" and frame["seat"] in hands:
            seat = frame["seat"]
            for kind in _payment_to_deal(state, frame, hands[seat], slots[seat], pool):
                pool.remove(kind)
                add(hands[seat], kind)
                counts[kind] -= 1
                slots[seat] -= 1
    drawn = _draw(state, pool, sum(slots.values()))
    for seat in others:
        for kind in drawn[:slots[seat]]:
            add(hands[seat], kind)
            counts[kind] -= 1
        players[seat]["hand"], drawn = hands[seat], drawn[slots[seat]:]
    state["deck"] = in_order(counts)


def _draw(state: State, pool: list[T], k: int) -> list[T]:
    """``k`` items taken at random from ``pool`` (what is left stays in ``pool``, in no order)."""
    n = len(pool)
    for i in range(k):
        j = i + below(state, n - i)
        pool[i], pool[j] = pool[j], pool[i]
    drawn = pool[:k]
    del pool[:k]
    return drawn


def _payment_to_deal(state: State, frame: Frame, hand: dict[str, int], slots: int, pool: list[str]) -> list[str]:
    """The cards, beyond ``hand``, of one way (picked at random) to take the frame's god tile
    that ``slots`` more cards from ``pool`` allow (the seat's real hand is one of them)."""
    record = catalog().gods[frame["tile"]]
    tiles = state["players"][frame["seat"]]["tiles"]
    ways: dict[tuple[str, ...], list[str]] = {}
    for kinds in permutations(OFFERING_KINDS, len(record["needs"])):
        cards = []
        for kind, need in zip(kinds, record["needs"]):
            short = need - (0 if record.get("cards_only") else tiles[kind]) - hand.get(kind, 0)
            cards += [kind] * max(0, short)
        if len(cards) <= slots and all(cards.count(kind) <= pool.count(kind) for kind in set(cards)):
            ways.setdefault(tuple(cards), cards)
    choices = sorted(ways)
    return ways[choices[below(state, len(choices))]]


def _deal_demigods(state: State, others: list[dict[str, Any]]) -> None:
    hidden = [face_down(p) for p in others]
    dealt: list[list[int]] = [[] for _ in others]
    for key, low in (("demigods_low", True), ("demigods_high", False)):
        stack = state[key]
        counts = [sum(1 for v in values if (v <= LOW_DEMIGODS) == low) for values in hidden]
        if not any(counts):
            continue
        pool = sorted([int(v) for v, n in stack.items() for _ in range(n)] +
                      [v for values in hidden for v in values if (v <= LOW_DEMIGODS) == low])
        drawn = _draw(state, pool, sum(counts))
        for values, n in zip(dealt, counts):
            values += drawn[:n]
            drawn = drawn[n:]
        for value in stack:
            stack[value] = pool.count(int(value))
    for p, values in zip(others, dealt):
        p["demigods"] = sorted(p["demigods_known"]) + values

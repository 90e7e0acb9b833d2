"""Action cards as multisets: the deck's order is never stored, a draw picks from the counts.

Hands, deck and discard pile are ``{kind: count}``; the face-up row is a list of kinds.
Special money cards that have been spent join the discard pile like any other card. Each
player's ``hand_known`` counts the cards of the hand everybody knows are there (taken face
up: from the row, special money), less those played since.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Any

from engine.core import add_log
from engine.core.text import Say

MOVEMENT = "movement"
OFFERING_CARDS = ("gifts", "priests", "dancers", "temples")
MONEY_VALUES = {f"money{v}": v for v in range(1, 6)}
CARD_ORDER = (MOVEMENT, *OFFERING_CARDS, *MONEY_VALUES)
ROW_SIZE = 4


def size(cards: dict[str, int]) -> int:
    return sum(cards.values())


def add(cards: dict[str, int], kind: str, n: int = 1) -> None:
    cards[kind] = cards.get(kind, 0) + n


def remove(cards: dict[str, int], kind: str, n: int = 1) -> None:
    left = cards.get(kind, 0) - n
    if left < 0:
        raise ValueError(f"not enough {kind} cards")
    if left:
        cards[kind] = left
    else:
        cards.pop(kind, None)


def take(player: dict[str, Any], kind: str) -> None:
    """A card joins a hand face up: everybody knows it is there until it is played."""
    add(player["hand"], kind)
    add(player["hand_known"], kind)


def play(state: dict[str, Any], seat: int, kind: str, n: int = 1) -> None:
    """Cards a seat plays or discards face up: from its hand to the discard pile."""
    player = state["players"][seat]
    remove(player["hand"], kind, n)
    add(state["discard"], kind, n)
    known = player["hand_known"]
    if kind in known:
        remove(known, kind, min(n, known[kind]))


def money(hand: dict[str, int]) -> int:
    return sum([value * hand[kind] for kind, value in MONEY_VALUES.items() if kind in hand])


def can_refill_deck(state: dict[str, Any]) -> bool:
    return bool(state["deck"] or state["discard"] or any(p["hand"] for p in state["players"]))


def ensure_deck(state: dict[str, Any]) -> bool:
    """Make the deck drawable: reshuffle the discard pile, or, when it is empty too, every
    player's hand (the rulebook's last resort). False when no card is left anywhere."""
    if state["deck"]:
        return True
    if state["discard"]:
        state["deck"], state["discard"] = state["discard"], {}
        add_log(state, Say("The discard pile is shuffled into a new deck."))
    elif any(p["hand"] for p in state["players"]):
        for p in state["players"]:
            for kind, n in p["hand"].items():
                add(state["deck"], kind, n)
            p["hand"], p["hand_known"] = {}, {}
        add_log(state, Say("Deck and discard pile are empty: all hands are discarded to form a new deck."))
    return bool(state["deck"])


def payment(hand: dict[str, int], due: int) -> dict[str, int] | None:
    """The money cards that pay at least ``due`` with the least waste (no change is given),
    then with the fewest cards; None when the hand cannot pay."""
    if due <= 0:
        return {}
    best = _cheapest(tuple([hand.get(kind, 0) for kind in MONEY_VALUES]), due)
    return None if best is None else dict(best)


@lru_cache(maxsize=4096)
def _cheapest(counts: tuple[int, ...], due: int) -> tuple[tuple[str, int], ...] | None:
    """``payment`` for a hand holding ``counts`` money cards of each value, as (kind, count) pairs."""
    hand = dict(zip(MONEY_VALUES, counts))
    ones = hand["money1"]
    specials = [(k, v) for k, v in MONEY_VALUES.items() if v > 1 and hand[k]]
    best: tuple[int, int, dict[str, int]] | None = None
    for counts in product(*(range(hand[k] + 1) for k, _ in specials)):
        paid = sum(n * v for n, (_, v) in zip(counts, specials))
        extra = min(ones, max(0, due - paid))
        if paid + extra < due:
            continue
        key = (paid + extra, sum(counts) + extra)
        if best is None or key < best[:2]:
            used = {k: n for n, (k, _) in zip(counts, specials) if n}
            if extra:
                used["money1"] = extra
            best = (*key, used)
    return None if best is None else tuple(best[2].items())

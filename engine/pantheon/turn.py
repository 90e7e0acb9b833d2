"""A seat's turn: the choice of action, Traitera's second action, and drawing cards."""

from __future__ import annotations

from functools import lru_cache

from engine.core import Choice, add_log

from . import cards as deck
from .chance import deal
from .data import Catalog, catalog
from .gods import affordable, payments, take_god
from .movement import movement
from .tasks import (acts, card_label, countdown, decides, finish, gods_owned, make_choice, name, needs_text, push, ready,
                    seats_from, single, stonkus_money)


@decides("turn")
def _turn_decide(state, task):
    seat = task["seat"]
    p = state["players"][seat]
    hand = p["hand"]
    steps = 1 + gods_owned(state, seat, "vinthrad") + p["steps"]
    funds = deck.money(hand) + stonkus_money(state, seat)
    draws = 3 + gods_owned(state, seat, "gadicea")
    move, buy, draw = _action_choices(steps, hand.get("movement", 0), funds, draws)
    choices = [move, buy] if buy else [move]
    if state["god_display"]:
        cat = catalog()
        choices += [_take_god_choice(cat, tile) for tile in affordable(state, seat, state["god_display"])]
    choices.append(draw)
    return single(state, seat, f"choose an action (epoch {state['epoch']})", choices, "turn")


@lru_cache(maxsize=1024)
def _action_choices(steps: int, movement_cards: int, funds: int, draws: int) -> tuple[Choice, Choice | None, Choice]:
    """A turn's move, buy (None without money) and draw choices."""
    return (
        Choice("move", "Move", f"{steps} free step(s) + 2 per movement card; you hold {movement_cards}"),
        Choice("buy", "Buy", f"{funds} money available") if funds else None,
        Choice("draw", f"Draw {draws} cards", "from the face-up row or the deck"),
    )


@lru_cache(maxsize=256)
def _take_god_choice(cat: Catalog, tile: str) -> Choice:
    record = cat.gods[tile]
    return Choice(f"god:{tile}", f"Take {record['name']}", f"offer {needs_text(record['needs'])}; {record['kind']}")


@acts("turn")
def _turn_act(state, task, choice):
    seat = task["seat"]
    finish(state)
    state["active"] = seat
    after = {"t": "after_action", "seat": seat}
    if choice == "move":
        state["big_foot"] = seat
        add_log(state, f"{name(state, seat)} moves and takes the big foot.")
        others = [movement(state, s, main=False) for s in seats_from(state, seat)[1:]]
        push(state, movement(state, seat, main=True), *others, after)
    elif choice == "buy":
        add_log(state, f"{name(state, seat)} buys.")
        push(state, {"t": "buy", "seat": seat, "budget": stonkus_money(state, seat), "hand": True, "kinds": [], "loot": []}, after)
    elif choice == "draw":
        add_log(state, f"{name(state, seat)} draws cards.")
        push(state, {"t": "draw", "seat": seat, "n": 3 + gods_owned(state, seat, "gadicea")}, after)
    else:
        tile = choice.split(":", 1)[1]
        options = payments(state, seat, tile, False)
        push(state, after)
        if len(options) == 1:
            take_god(state, seat, tile, options[0], "action")
        else:
            push(state, {"t": "pay", "seat": seat, "tile": tile, "top_only": False, "how": "action"})


@decides("traitera")
def _traitera_decide(state, task):
    choices = [Choice("use", "Use Traitera: take a second action now"), Choice("keep", "Keep Traitera for later")]
    return single(state, task["seat"], "use Traitera?", choices, "gods")


@acts("traitera")
def _traitera_act(state, task, choice):
    seat = task["seat"]
    finish(state)
    if choice == "use":
        state["players"][seat]["traitera_used"] += 1
        add_log(state, f"{name(state, seat)} uses Traitera for a second action.")
        push(state, {"t": "turn", "seat": seat})
    else:
        push(state, {"t": "turn", "seat": (seat + 1) % state["n"]})


@ready("draw")
def _draw_ready(state, task):
    return bool(state["row"]) or deck.can_refill_deck(state)


@decides("draw")
def _draw_decide(state, task):
    cat, row = catalog(), state["row"]
    choices = [_row_choice(cat, k) for k in deck.CARD_ORDER if k in row]
    if deck.can_refill_deck(state):
        choices.append(make_choice("deck", "Draw from the deck", f"{deck.size(state['deck'])} card(s) left"))
    return single(state, task["seat"], f"draw a card ({task['n']} to go)", choices, "draw")


@lru_cache(maxsize=64)
def _row_choice(cat: Catalog, kind: str) -> Choice:
    return Choice(f"row:{kind}", f"Take {cat.card_labels[kind]} from the row")


@acts("draw")
def _draw_act(state, task, choice):
    seat = task["seat"]
    countdown(state, task)
    if choice == "deck":
        push(state, deal(seat, 1))
        return
    kind = choice.split(":", 1)[1]
    state["row"].remove(kind)
    deck.add(state["players"][seat]["hand"], kind)
    add_log(state, f"{name(state, seat)} takes {card_label(kind)} from the row.")
    push(state, deal(None, 1))

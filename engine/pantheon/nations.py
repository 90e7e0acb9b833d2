"""The nations: drawing an epoch's nation card and their one-off powers."""

from __future__ import annotations

from engine.core import Choice, Decision, add_log

from . import cards as deck
from .board import COLUMN, FOOT
from .chance import deal
from .data import catalog
from .tasks import (State, acts, automatic, card_label, decides, finish, general_supply, name, push, ready, seats_from,
                    single)

HAND_LIMIT_NATION = 7


@decides("nation")
def _nation_decide(state, task):
    nations = catalog().nations
    outcomes = [Choice(n, nations[n]["name"]) for n in state["nation_cards"]]
    return Decision.chance(f"Epoch {state['epoch']}: draw the nation card", outcomes, "preparation")


@acts("nation")
def _nation_act(state, task, nation):
    state["nation_cards"].remove(nation)
    state["nations"].append(nation)
    record = catalog().nations[nation]
    add_log(state, f"Epoch {state['epoch']}: {record['name']} rises.")
    finish(state)


@automatic("power")
def _power(state, task):
    nation = catalog().nations[state["nations"][-1]]
    power = nation["power"]
    order = seats_from(state, state["start"])
    if power == "persia":
        state["special_money"].reverse()
        add_log(state, "Persia: the special money stack is turned round.")
    elif power == "gallia":
        push(state, *({"t": "gallia", "seat": s} for s in order))
    elif power == "germania":
        push(state, *({"t": "hand7", "seat": s} for s in order))
    elif power == "aegyptus":
        push(state, *({"t": "swap", "seat": s} for s in order))
    elif power == "cartago":
        push(state, *({"t": "buy", "seat": s, "budget": 2, "hand": False, "kinds": [], "loot": []} for s in order))
    elif power == "iberia":
        push(state, *({"t": "offering", "seat": s, "n": 1} for s in order))
    elif power == "roma":
        push(state, *(deal(s, 2) for s in order))


def _gallia_choices(state: State) -> list[Choice]:
    choices = []
    if deck.can_refill_deck(state):
        choices.append(Choice("cards", "Draw 2 cards from the deck"))
    if state["god_stack"] or state["god_box"]:
        choices.append(Choice("god", "Reveal a god from the stack", "take it by offering only its topmost number"))
    return choices


@ready("gallia")
def _gallia_ready(state, task):
    return bool(_gallia_choices(state))


@decides("gallia")
def _gallia_decide(state, task):
    return single(state, task["seat"], "Gallia: draw 2 cards or reveal a god", _gallia_choices(state), "nations")


@acts("gallia")
def _gallia_act(state, task, choice):
    seat = task["seat"]
    finish(state)
    if choice == "cards":
        push(state, deal(seat, 2))
    else:
        push(state, {"t": "draw_god", "seat": seat, "how": "gallia"})


@ready("hand7")
def _hand7_ready(state, task):
    seat = task["seat"]
    held = deck.size(state["players"][seat]["hand"])
    if held >= HAND_LIMIT_NATION:
        return held > HAND_LIMIT_NATION
    task.clear()
    task.update(deal(seat, HAND_LIMIT_NATION - held))
    return deck.ensure_deck(state)  # now a deal task: ready as any deal is


@decides("hand7")
def _hand7_decide(state, task):
    hand = state["players"][task["seat"]]["hand"]
    choices = [Choice(f"discard:{k}", f"Discard {card_label(k)}", f"you hold {hand[k]}") for k in deck.CARD_ORDER if hand.get(k)]
    return single(state, task["seat"], f"discard down to {HAND_LIMIT_NATION} cards ({deck.size(hand)} held)", choices, "nations")


@acts("hand7")
def _hand7_act(state, task, choice):
    seat = task["seat"]
    kind = choice.split(":", 1)[1]
    hand = state["players"][seat]["hand"]
    deck.remove(hand, kind)
    deck.add(state["discard"], kind)
    add_log(state, f"{name(state, seat)} discards {card_label(kind)}.")
    if deck.size(hand) <= HAND_LIMIT_NATION:
        finish(state)


@decides("swap")
def _swap_decide(state, task):
    seat = task["seat"]
    p = state["players"][seat]
    choices = [Choice("keep", "Keep your pieces as they are", f"supply: {p['feet']} feet, {p['columns']} columns")]
    for n in range(1, min(p["feet"], general_supply(state, seat, COLUMN)) + 1):
        choices.append(Choice(f"feet:{n}", f"Swap {n} feet for {n} columns"))
    for n in range(1, min(p["columns"], general_supply(state, seat, FOOT)) + 1):
        choices.append(Choice(f"columns:{n}", f"Swap {n} columns for {n} feet"))
    return single(state, seat, "Aegyptus: swap feet and columns with the general supply", choices, "nations")


@acts("swap")
def _swap_act(state, task, choice):
    seat = task["seat"]
    finish(state)
    if choice == "keep":
        return
    give, count = choice.split(":")
    get = "columns" if give == "feet" else "feet"
    p = state["players"][seat]
    p[give] -= int(count)
    p[get] += int(count)
    add_log(state, f"{name(state, seat)} swaps {count} {give} for {count} {get}.")

"""Chance steps: cards from the deck, the epoch's gods, loot tiles and demigods.

Each is a draw a person at the table could also supply.
"""

from __future__ import annotations

from functools import lru_cache

from engine.core import Choice, Decision, add_log

from . import cards as deck
from .data import Catalog, catalog
from .tasks import State, Task, acts, card_label, countdown, decides, finish, make_choice, name, needs_text, push, ready


@ready("deal")
def _deal_ready(state, task):
    return deck.ensure_deck(state)


@lru_cache(maxsize=1024)
def _card_outcome(cat: Catalog, kind: str, weight: int) -> Choice:
    return Choice(kind, cat.card_labels[kind], weight=weight)


@decides("deal")
def _deal_decide(state, task):
    cat, cards = catalog(), state["deck"]
    outcomes = [_card_outcome(cat, kind, cards[kind]) for kind in deck.CARD_ORDER if cards.get(kind)]
    whom = "the face-up row" if task["seat"] is None else name(state, task["seat"])
    return Decision.chance(f"Draw a card from the deck for {whom}", outcomes, "draw")


@acts("deal")
def _deal_act(state, task, kind):
    deck.remove(state["deck"], kind)
    seat = task["seat"]
    if seat is None:
        state["row"].append(kind)
        add_log(state, f"{card_label(kind)} is turned up in the row.")
    else:
        deck.add(state["players"][seat]["hand"], kind)
        who = name(state, seat)
        add_log(state, f"{who} draws {card_label(kind)}.", only=[seat], others=f"{who} draws a card from the deck.")
    countdown(state, task)


def deal(seat: int | None, n: int) -> Task:
    return {"t": "deal", "seat": seat, "n": n}


def refill_god_stack(state: State) -> bool:
    if not state["god_stack"] and state["god_box"]:
        state["god_stack"], state["god_box"] = sorted(state["god_box"]), []
        add_log(state, "The god stack is empty: the boxed gods are shuffled into a new stack.")
    return bool(state["god_stack"])


@lru_cache(maxsize=256)
def _god_choice(cat: Catalog, tile: str) -> Choice:
    return Choice(tile, cat.gods[tile]["name"], needs_text(cat.gods[tile]["needs"]))


def god_outcomes(state: State) -> list[Choice]:
    cat = catalog()
    return [_god_choice(cat, t) for t in state["god_stack"]]


@ready("reveal_god")
def _reveal_god_ready(state, task):
    return refill_god_stack(state)


@decides("reveal_god")
def _reveal_god_decide(state, task):
    return Decision.chance("Reveal a god tile for this epoch", god_outcomes(state), "preparation")


@acts("reveal_god")
def _reveal_god_act(state, task, tile):
    state["god_stack"].remove(tile)
    state["god_display"].append(tile)
    state["gods_shown"] += 1
    record = catalog().gods[tile]
    add_log(state, f"{record['name']} ({needs_text(record['needs'])}) is revealed.")
    countdown(state, task)
    if record["god"] == "plaesiris":
        push(state, demigod_draw(None), demigod_draw(None))


@decides("place_loot")
def _place_loot_decide(state, task):
    loot = catalog().loot
    hex_id = loot_hex(state, task)
    outcomes = [make_choice(k, loot[k]["label"], weight=n) for k, n in state["loot_bag"].items() if n]
    return Decision.chance(f"Draw a loot tile from the bag for hex {hex_id}", outcomes, "loot")


def loot_hex(state: State, task: Task) -> str:
    return catalog().nations[state["nations"][-1]]["symbols"][task["slot"]]


@acts("place_loot")
def _place_loot_act(state, task, kind):
    hex_id = loot_hex(state, task)
    state["loot_bag"][kind] -= 1
    state["loot"][hex_id] = kind
    record = catalog().loot[kind]
    add_log(state, f"Loot on {hex_id}: {record['label']}.")
    task["slot"] += 1
    countdown(state, task)
    if record["effect"] == "demigod":
        push(state, demigod_draw(None))


def demigod_draw(seat: int | None) -> Task:
    """A demigod from the stack: face up onto the display (seat None) or face down to a seat."""
    return {"t": "demigod", "seat": seat}


def _demigod_group(state: State) -> dict[str, int]:
    return state["demigods_low"] if any(state["demigods_low"].values()) else state["demigods_high"]


@ready("demigod")
def _demigod_ready(state, task):
    return any(_demigod_group(state).values())


@decides("demigod")
def _demigod_decide(state, task):
    outcomes = [make_choice(v, f"demigod {v}", weight=n) for v, n in _demigod_group(state).items() if n]
    where = "the display" if task["seat"] is None else name(state, task["seat"]) + " (face down)"
    return Decision.chance(f"Draw a demigod for {where}", outcomes, "loot")


@acts("demigod")
def _demigod_act(state, task, value):
    _demigod_group(state)[value] -= 1
    seat = task["seat"]
    if seat is None:
        state["demigod_display"].append(int(value))
        state["demigod_display"].sort(reverse=True)
        add_log(state, f"Demigod {value} is laid out on the display.")
    else:
        state["players"][seat]["demigods"].append(int(value))
        who = name(state, seat)
        add_log(state, f"{who} draws demigod {value} face down.", only=[seat], others=f"{who} draws a demigod face down.")
    finish(state)

"""Chance steps: cards from the deck, the epoch's gods, loot tiles and demigods.

Each is a draw a person at the table could also supply.
"""

from __future__ import annotations

from engine.core import Draw, add_log, logging

from . import cards as deck
from .common import State, card_label, choice, countdown, name, needs_text, outcome
from .catalog import catalog

LOW_DEMIGODS = 3
"""Demigods 1-3 form the stack drawn from first; 4-6 the one drawn from once it is empty.
Which of the two a face-down demigod came from is public."""


def deal(seat: int | None, n: int) -> dict:
    """``n`` cards from the deck: to the face-up row (seat None) or into a seat's hand."""
    return {"step": "deal", "seat": seat, "n": n}


def demigod_draw(seat: int | None) -> dict:
    """A demigod from the stack: face up onto the display (seat None) or face down to a seat."""
    return {"step": "demigod", "seat": seat}


class Deal(Draw):
    name = "deal"
    topic = "draw"

    def ready(self, state, frame):
        return deck.ensure_deck(state)

    def options(self, state, frame):
        cards = state["deck"]
        return [outcome(kind, n) for kind in deck.CARD_ORDER if (n := cards.get(kind))]  # no kind is kept at 0

    def describe(self, state, frame, option):
        return card_label(option.id), ""

    def prompt(self, state, frame):
        whom = "the face-up row" if frame["seat"] is None else name(state, frame["seat"])
        return f"Draw a card from the deck for {whom}"

    def act(self, state, frame, option, flow):
        kind, seat = option.id, frame["seat"]
        deck.remove(state["deck"], kind)
        if seat is None:
            state["row"].append(kind)
        else:
            deck.add(state["players"][seat]["hand"], kind)
        if logging(state):  # the most frequent log line: a play-out builds none
            if seat is None:
                add_log(state, f"{card_label(kind)} is turned up in the row.")
            else:
                who = name(state, seat)
                add_log(state, f"{who} draws {card_label(kind)}.", only=[seat], others=f"{who} draws a card from the deck.")
        countdown(frame, flow)


def refill_god_stack(state: State) -> bool:
    if not state["god_stack"] and state["god_box"]:
        state["god_stack"], state["god_box"] = sorted(state["god_box"]), []
        add_log(state, "The god stack is empty: the boxed gods are shuffled into a new stack.")
    return bool(state["god_stack"])


class GodDraw(Draw):
    """A god tile from the stack (once it is empty, the boxed ones are shuffled into a new one)."""

    def ready(self, state, frame):
        return refill_god_stack(state)

    def options(self, state, frame):
        return [choice(tile) for tile in state["god_stack"]]

    def describe(self, state, frame, option):
        record = catalog().gods[option.id]
        return record["name"], needs_text(record["needs"])


class RevealGod(GodDraw):
    """The epoch's god tiles, one at a time, onto the display."""

    name = "reveal_god"
    topic = "preparation"

    def prompt(self, state, frame):
        return "Reveal a god tile for this epoch"

    def act(self, state, frame, option, flow):
        tile = option.id
        state["god_stack"].remove(tile)
        state["god_display"].append(tile)
        state["gods_shown"] += 1
        record = catalog().gods[tile]
        add_log(state, f"{record['name']} ({needs_text(record['needs'])}) is revealed.")
        if record["god"] == "plaesiris":
            countdown(frame, flow, demigod_draw(None), demigod_draw(None))
        else:
            countdown(frame, flow)


def loot_hex(state: State, frame: dict) -> str:
    return catalog().nations[state["nations"][-1]]["symbols"][frame["slot"]]


class PlaceLoot(Draw):
    """The epoch's loot tiles, from the bag onto the nation's symbol hexes in order."""

    name = "place_loot"
    topic = "loot"

    def options(self, state, frame):
        hex_id = loot_hex(state, frame)
        return [outcome(kind, n, hex_id) for kind, n in state["loot_bag"].items() if n]

    def describe(self, state, frame, option):
        return catalog().loot[option.id]["label"], ""

    def prompt(self, state, frame):
        return f"Draw a loot tile from the bag for hex {loot_hex(state, frame)}"

    def act(self, state, frame, option, flow):
        kind, hex_id = option.id, loot_hex(state, frame)
        state["loot_bag"][kind] -= 1
        state["loot"][hex_id] = kind
        record = catalog().loot[kind]
        add_log(state, f"Loot on {hex_id}: {record['label']}.")
        frame["slot"] += 1
        if record["effect"] == "demigod":
            countdown(frame, flow, demigod_draw(None))
        else:
            countdown(frame, flow)


def demigod_stack(state: State) -> dict[str, int]:
    """The stack demigods are drawn from now: the low one while it lasts."""
    return state["demigods_low"] if any(state["demigods_low"].values()) else state["demigods_high"]


class DemigodDraw(Draw):
    name = "demigod"
    topic = "loot"

    def ready(self, state, frame):
        return any(demigod_stack(state).values())

    def options(self, state, frame):
        return [outcome(value, n) for value, n in demigod_stack(state).items() if n]

    def describe(self, state, frame, option):
        return f"demigod {option.id}", ""

    def prompt(self, state, frame):
        where = "the display" if frame["seat"] is None else name(state, frame["seat"]) + " (face down)"
        return f"Draw a demigod for {where}"

    def act(self, state, frame, option, flow):
        value = option.id
        demigod_stack(state)[value] -= 1
        seat = frame["seat"]
        if seat is None:
            state["demigod_display"].append(int(value))
            state["demigod_display"].sort(reverse=True)
            add_log(state, f"Demigod {value} is laid out on the display.")
        else:
            state["players"][seat]["demigods"].append(int(value))
            who = name(state, seat)
            add_log(state, f"{who} draws demigod {value} face down.", only=[seat], others=f"{who} draws a demigod face down.")

"""A seat's turn: the choice of action, Traitera's second action, and drawing cards."""

from __future__ import annotations

from functools import lru_cache

from engine.core import Choice, add_log, logging

from . import cards as deck
from .chance import deal
from .common import Choose, card_label, countdown, gods_owned, name, needs_text, seats_from, stonkus_money
from .catalog import catalog
from .gods import affordable, payments, take_god
from .movement import movement

MOVE, BUY, DRAW = Choice("move"), Choice("buy"), Choice("draw")
USE, KEEP = Choice("use"), Choice("keep")
FROM_DECK = Choice("deck", target="deck")
FROM_ROW = {kind: Choice(f"row:{kind}", target=f"row:{kind}") for kind in deck.CARD_ORDER}


@lru_cache(maxsize=None)
def take_choice(tile: str) -> Choice:
    """Taking the god tile ``tile`` from the display, memoised (a turn offers the same ones again and again)."""
    return Choice(f"god:{tile}", target=f"god:{tile}")


def card_draws(state, seat: int) -> int:
    return 3 + gods_owned(state, seat, "gadicea")


def funds(state, seat: int) -> int:
    return deck.money(state["players"][seat]["hand"]) + stonkus_money(state, seat)


class Turn(Choose):
    """One action: move, buy, take a god from the display, or draw cards."""

    name = "turn"
    topic = "turn"

    def options(self, state, frame):
        seat = frame["seat"]
        choices = [MOVE, BUY] if funds(state, seat) else [MOVE]
        if state["god_display"]:
            choices += [take_choice(tile) for tile in affordable(state, seat, state["god_display"])]
        choices.append(DRAW)
        return choices

    def describe(self, state, frame, option):
        seat = frame["seat"]
        if option.id == "move":
            steps = 1 + gods_owned(state, seat, "vinthrad") + state["players"][seat]["steps"]
            held = state["players"][seat]["hand"].get(deck.MOVEMENT, 0)
            return "Move", f"{steps} free step(s) + 2 per movement card; you hold {held}"
        if option.id == "buy":
            return "Buy", f"{funds(state, seat)} money available"
        if option.id == "draw":
            return f"Draw {card_draws(state, seat)} cards", "from the face-up row or the deck"
        record = catalog().gods[option.id[4:]]
        return f"Take {record['name']}", f"offer {needs_text(record['needs'])}; {record['kind']}"

    def question(self, state, frame):
        return f"choose an action (epoch {state['epoch']})"

    def act(self, state, frame, option, flow):
        seat = frame["seat"]
        state["active"] = seat
        after = {"step": "after_action", "seat": seat}
        if option.id == "move":
            state["big_foot"] = seat
            add_log(state, f"{name(state, seat)} moves and takes the big foot.")
            others = [movement(state, s, main=False) for s in seats_from(state, seat)[1:]]
            flow.push(movement(state, seat, main=True), *others, after)
        elif option.id == "buy":
            add_log(state, f"{name(state, seat)} buys.")
            flow.push({"step": "buy", "seat": seat, "budget": stonkus_money(state, seat), "hand": True, "kinds": [], "loot": []},
                      after)
        elif option.id == "draw":
            add_log(state, f"{name(state, seat)} draws cards.")
            flow.push({"step": "draw", "seat": seat, "n": card_draws(state, seat)}, after)
        else:
            tile = option.id[4:]
            found = payments(state, seat, tile, False)
            flow.push(after)
            if len(found) == 1:
                take_god(state, seat, tile, found[0], "action", flow)
            else:
                flow.push({"step": "pay", "seat": seat, "tile": tile, "top_only": False, "how": "action"})


class Traitera(Choose):
    name = "traitera"
    topic = "gods"

    def options(self, state, frame):
        return USE, KEEP

    def describe(self, state, frame, option):
        return ("Use Traitera: take a second action now" if option.id == "use" else "Keep Traitera for later"), ""

    def question(self, state, frame):
        return "use Traitera?"

    def act(self, state, frame, option, flow):
        seat = frame["seat"]
        if option.id == "use":
            state["players"][seat]["traitera_used"] += 1
            add_log(state, f"{name(state, seat)} uses Traitera for a second action.")
            flow.push({"step": "turn", "seat": seat})
        else:
            flow.push({"step": "turn", "seat": (seat + 1) % state["n"]})


class DrawCards(Choose):
    """Cards one at a time, each from the face-up row (which is refilled) or the deck."""

    name = "draw"
    topic = "draw"

    def ready(self, state, frame):
        return bool(state["row"]) or deck.can_refill_deck(state)

    def options(self, state, frame):
        row = state["row"]
        choices = [FROM_ROW[kind] for kind in deck.CARD_ORDER if kind in row]
        if deck.can_refill_deck(state):
            choices.append(FROM_DECK)
        return choices

    def describe(self, state, frame, option):
        if option.id == "deck":
            return "Draw from the deck", f"{deck.size(state['deck'])} card(s) left"
        return f"Take {card_label(option.id[4:])} from the row", ""

    def question(self, state, frame):
        return f"draw a card ({frame['n']} to go)"

    def act(self, state, frame, option, flow):
        seat = frame["seat"]
        if option.id == "deck":
            countdown(frame, flow, deal(seat, 1))
            return
        kind = option.id[4:]
        state["row"].remove(kind)
        deck.take(state["players"][seat], kind)
        if logging(state):
            add_log(state, f"{name(state, seat)} takes {card_label(kind)} from the row.")
        countdown(frame, flow, deal(None, 1))

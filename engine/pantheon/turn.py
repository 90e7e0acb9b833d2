"""A seat's turn: the choice of action, Traitera's second action, and drawing cards."""

from __future__ import annotations

from functools import cache

from engine.core import Choice, Frame, Stack, add_log, logging
from engine.core.log import add_entry
from engine.core.text import Said, Say
from engine.i18n import N_

from . import cards as deck
from .catalog import catalog
from .chance import deal
from .choices import BuyAction, DrawAction, FromDeck, FromRow, KeepTraitera, MoveAction, TakeGod, UseTraitera
from .common import Choose, State, countdown, gods_owned, seats_from, stonkus_money
from .gods import affordable, payments, take_god
from .movement import movement
from .targets import DECK, ROW, god
from .text import log_line

MOVE, BUY, DRAW = Choice.of(MoveAction()), Choice.of(BuyAction()), Choice.of(DrawAction())
USE, KEEP = Choice.of(UseTraitera()), Choice.of(KeepTraitera())
FROM_DECK = Choice.of(FromDeck(), target=DECK)
FROM_ROW = {kind: Choice.of(FromRow(kind), target=ROW[kind]) for kind in deck.CARD_ORDER}
MOVES = log_line(N_("{seat:seat} moves and takes the big foot."), "seat")
BUYS = log_line(N_("{seat:seat} buys."), "seat")
DRAWS = log_line(N_("{seat:seat} draws cards."), "seat")
TAKES_FROM_ROW = log_line(N_("{seat:seat} takes {kind:card} from the row."), "seat", "kind")


@cache
def take_choice(tile: str) -> Choice:
    """Taking the god tile ``tile`` from the display, memoised (a turn offers the same ones again and again)."""
    return Choice.of(TakeGod(tile), target=god(tile))


def card_draws(state: State, seat: int) -> int:
    return 3 + gods_owned(state, seat, "gadicea")


def funds(state: State, seat: int) -> int:
    return deck.money(state["players"][seat]["hand"]) + stonkus_money(state, seat)


class Turn(Choose):
    """One action: move, buy, take a god from the display, or draw cards."""

    name = "turn"
    topic = "turn"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        seat = frame["seat"]
        choices = [MOVE, BUY] if funds(state, seat) else [MOVE]
        if state["god_display"]:
            choices += [take_choice(tile) for tile in affordable(state, seat, state["god_display"])]
        choices.append(DRAW)
        return choices

    def describe(self, state: State, frame: Frame, option: Choice) -> tuple[Said, Said]:
        seat = frame["seat"]
        match option.args:
            case MoveAction():
                steps = 1 + gods_owned(state, seat, "vinthrad") + state["players"][seat]["steps"]
                held = state["players"][seat]["hand"].get(deck.MOVEMENT, 0)
                return Say("Move"), Say("{steps} free step(s) + 2 per movement card; you hold {held}", steps=steps,
                                   held=held)
            case BuyAction():
                return Say("Buy"), Say("{money} money available", money=funds(state, seat))
            case DrawAction():
                return Say("Draw {n} cards", n=card_draws(state, seat)), Say("from the face-up row or the deck")
            case TakeGod(tile):
                return (Say("Take {tile:god}", tile=tile),
                        Say("offer {needs:needs}; {tile:god_kind}", needs=catalog().gods[tile]["needs"], tile=tile))
        raise ValueError(f"not an action: {option.args}")

    def question(self, state: State, frame: Frame) -> Said:
        return Say("choose an action (epoch {epoch})", epoch=state["epoch"])

    def act(self, state: State, frame: Frame, option: Choice, flow: Stack) -> None:
        seat = frame["seat"]
        state["active"] = seat
        after = {"step": "after_action", "seat": seat}
        match option.args:
            case MoveAction():
                state["big_foot"] = seat
                add_entry(state, MOVES(seat))
                others = [movement(state, s, main=False) for s in seats_from(state, seat)[1:]]
                flow.push(movement(state, seat, main=True), *others, after)
            case BuyAction():
                add_entry(state, BUYS(seat))
                flow.push({"step": "buy", "seat": seat, "budget": stonkus_money(state, seat), "hand": True, "kinds": [],
                           "loot": []}, after)
            case DrawAction():
                add_entry(state, DRAWS(seat))
                flow.push({"step": "draw", "seat": seat, "n": card_draws(state, seat)}, after)
            case TakeGod(tile):
                found = payments(state, seat, tile, False)
                flow.push(after)
                if len(found) == 1:
                    take_god(state, seat, tile, found[0], "action", flow)
                else:
                    flow.push({"step": "pay", "seat": seat, "tile": tile, "top_only": False, "how": "action"})


class Traitera(Choose):
    name = "traitera"
    topic = "gods"

    def options(self, state: State, frame: Frame) -> tuple[Choice, ...]:
        return USE, KEEP

    def describe(self, state: State, frame: Frame, option: Choice) -> tuple[Said, Said]:
        if isinstance(option.args, UseTraitera):
            return Say("Use Traitera: take a second action now"), ""
        return Say("Keep Traitera for later"), ""

    def question(self, state: State, frame: Frame) -> Said:
        return Say("use Traitera?")

    def act(self, state: State, frame: Frame, option: Choice, flow: Stack) -> None:
        seat = frame["seat"]
        if isinstance(option.args, UseTraitera):
            state["players"][seat]["traitera_used"] += 1
            add_log(state, Say("{seat:seat} uses Traitera for a second action.", seat=seat))
            flow.push({"step": "turn", "seat": seat})
        else:
            flow.push({"step": "turn", "seat": (seat + 1) % state["n"]})


class DrawCards(Choose):
    """Cards one at a time, each from the face-up row (which is refilled) or the deck."""

    name = "draw"
    topic = "draw"

    def ready(self, state: State, frame: Frame) -> bool:
        return bool(state["row"]) or deck.can_refill_deck(state)

    def options(self, state: State, frame: Frame) -> list[Choice]:
        row = state["row"]
        choices = [FROM_ROW[kind] for kind in deck.CARD_ORDER if kind in row]
        if deck.can_refill_deck(state):
            choices.append(FROM_DECK)
        return choices

    def describe(self, state: State, frame: Frame, option: Choice) -> tuple[Said, Said]:
        match option.args:
            case FromRow(kind):
                return Say("Take {kind:card} from the row", kind=kind), ""
        return Say("Draw from the deck"), Say("{n} card(s) left", n=deck.size(state["deck"]))

    def question(self, state: State, frame: Frame) -> Said:
        return Say("draw a card ({n} to go)", n=frame["n"])

    def act(self, state: State, frame: Frame, option: Choice, flow: Stack) -> None:
        seat = frame["seat"]
        match option.args:
            case FromRow(kind):
                state["row"].remove(kind)
                deck.take(state["players"][seat], kind)
                if logging(state):
                    add_entry(state, TAKES_FROM_ROW(seat, kind))
                countdown(frame, flow, deal(None, 1))
            case _:
                countdown(frame, flow, deal(seat, 1))

"""Chance steps: cards from the deck, the epoch's gods, loot tiles and demigods.

Each is a draw a person at the table could also supply.
"""

from __future__ import annotations

from functools import lru_cache, partial
from typing import Any

from engine.core import Choice, Draw, Frame, Stack, add_log, logging
from engine.core.log import add_entry, entry
from engine.core.text import Said, Say
from engine.i18n import N_

from . import cards as deck
from .catalog import catalog
from .choices import CardDrawn, DemigodDrawn, GodDrawn, LootDrawn
from .common import MadeOnce, State, countdown
from .targets import hexes
from .text import log_line, sentence

TURNED_UP = log_line(N_("{kind:card} is turned up in the row."), "kind")
DRAWS = sentence(N_("{seat:seat} draws {kind:card}."), "seat", "kind")
DRAWS_UNSEEN = sentence(N_("{seat:seat} draws a card from the deck."), "seat")
LOOT_ON = log_line(N_("Loot on {hex:hex}: {kind:loot}."), "hex", "kind")
"""The log's most frequent sentences (a play-out writes none)."""


@lru_cache(maxsize=1 << 8)
def drawn(seat: int, kind: str) -> dict[str, Any]:
    """The log entry of a card drawn into a hand (the kind for its seat alone), made once."""
    return entry(DRAWS(seat, kind), only=[seat], others=DRAWS_UNSEEN(seat))

LOW_DEMIGODS = 3
"""Demigods 1-3 form the stack drawn from first; 4-6 the one drawn from once it is empty.
Which of the two a face-down demigod came from is public."""


def deal(seat: int | None, n: int) -> Frame:
    """``n`` cards from the deck: to the face-up row (seat None) or into a seat's hand."""
    return {"step": "deal", "seat": seat, "n": n}


def demigod_draw(seat: int | None) -> Frame:
    """A demigod from the stack: face up onto the display (seat None) or face down to a seat."""
    return {"step": "demigod", "seat": seat}


def card_outcome(kind: str, weight: int) -> Choice:
    """Drawing a card of ``kind`` from a deck holding ``weight`` of them."""
    return Choice.of(CardDrawn(kind), weight=weight)


CARD_OUTCOMES = {kind: MadeOnce(partial(card_outcome, kind)) for kind in deck.CARD_ORDER}
"""kind -> weight -> its outcome, made once."""
GOD_OUTCOMES: MadeOnce[str, Choice] = MadeOnce(lambda tile: Choice.of(GodDrawn(tile)))
"""tile -> drawing it, made once."""


@lru_cache(maxsize=1 << 12)
def loot_outcome(kind: str, weight: int, hex_id: str) -> Choice:
    return Choice.of(LootDrawn(kind), weight=weight, target=hexes(catalog())[hex_id])


@lru_cache(maxsize=1 << 10)
def demigod_outcome(value: str, weight: int) -> Choice:
    return Choice.of(DemigodDrawn(int(value)), weight=weight)


class Deal(Draw):
    name = "deal"
    topic = "draw"

    def ready(self, state: State, frame: Frame) -> bool:
        return deck.ensure_deck(state)

    def options(self, state: State, frame: Frame) -> list[Choice]:
        cards = state["deck"]
        return [CARD_OUTCOMES[kind][n] for kind in deck.CARD_ORDER if (n := cards.get(kind))]  # no kind is kept at 0

    def describe(self, state: State, frame: Frame, option: Choice) -> tuple[Said, Said]:
        return Say("{kind:card}", kind=option.args_as(CardDrawn).kind), ""

    def prompt(self, state: State, frame: Frame) -> Said:
        if frame["seat"] is None:
            return Say("Draw a card from the deck for the face-up row")
        return Say("Draw a card from the deck for {seat:seat}", seat=frame["seat"])

    def act(self, state: State, frame: Frame, option: Choice, flow: Stack) -> None:
        kind, seat = option.args_as(CardDrawn).kind, frame["seat"]
        deck.remove(state["deck"], kind)
        if seat is None:
            state["row"].append(kind)
        else:
            deck.add(state["players"][seat]["hand"], kind)
        if logging(state):  # the most frequent log line: a play-out builds none
            if seat is None:
                add_entry(state, TURNED_UP(kind))
            else:
                add_entry(state, drawn(seat, kind))
        countdown(frame, flow)


def refill_god_stack(state: State) -> bool:
    if not state["god_stack"] and state["god_box"]:
        state["god_stack"], state["god_box"] = sorted(state["god_box"]), []
        add_log(state, Say("The god stack is empty: the boxed gods are shuffled into a new stack."))
    return bool(state["god_stack"])


class GodDraw(Draw):
    """A god tile from the stack (once it is empty, the boxed ones are shuffled into a new one)."""

    def ready(self, state: State, frame: Frame) -> bool:
        return refill_god_stack(state)

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [GOD_OUTCOMES[tile] for tile in state["god_stack"]]

    def describe(self, state: State, frame: Frame, option: Choice) -> tuple[Said, Said]:
        tile = option.args_as(GodDrawn).tile
        return Say("{tile:god}", tile=tile), Say("{needs:needs}", needs=catalog().gods[tile]["needs"])


class RevealGod(GodDraw):
    """The epoch's god tiles, one at a time, onto the display."""

    name = "reveal_god"
    topic = "preparation"

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("Reveal a god tile for this epoch")

    def act(self, state: State, frame: Frame, option: Choice, flow: Stack) -> None:
        tile = option.args_as(GodDrawn).tile
        state["god_stack"].remove(tile)
        state["god_display"].append(tile)
        state["gods_shown"] += 1
        record = catalog().gods[tile]
        add_log(state, Say("{tile:god} ({needs:needs}) is revealed.", tile=tile, needs=list(record["needs"])))
        if record["god"] == "plaesiris":
            countdown(frame, flow, demigod_draw(None), demigod_draw(None))
        else:
            countdown(frame, flow)


def loot_hex(state: State, frame: Frame) -> str:
    hex_id: str = catalog().nations[state["nations"][-1]]["symbols"][frame["slot"]]
    return hex_id


class PlaceLoot(Draw):
    """The epoch's loot tiles, from the bag onto the nation's symbol hexes in order."""

    name = "place_loot"
    topic = "loot"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        hex_id = loot_hex(state, frame)
        return [loot_outcome(kind, n, hex_id) for kind, n in state["loot_bag"].items() if n]

    def describe(self, state: State, frame: Frame, option: Choice) -> tuple[Said, Said]:
        return Say("{kind:loot}", kind=option.args_as(LootDrawn).kind), ""

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("Draw a loot tile from the bag for hex {hex:hex}", hex=loot_hex(state, frame))

    def act(self, state: State, frame: Frame, option: Choice, flow: Stack) -> None:
        kind = option.args_as(LootDrawn).kind
        hex_id = loot_hex(state, frame)
        state["loot_bag"][kind] -= 1
        state["loot"][hex_id] = kind
        add_entry(state, LOOT_ON(hex_id, kind))
        frame["slot"] += 1
        if catalog().loot[kind]["effect"] == "demigod":
            countdown(frame, flow, demigod_draw(None))
        else:
            countdown(frame, flow)


def demigod_stack(state: State) -> dict[str, int]:
    """The stack demigods are drawn from now: the low one while it lasts."""
    stack: dict[str, int] = state["demigods_low"] if any(state["demigods_low"].values()) else state["demigods_high"]
    return stack


class DemigodDraw(Draw):
    name = "demigod"
    topic = "loot"

    def ready(self, state: State, frame: Frame) -> bool:
        return any(demigod_stack(state).values())

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [demigod_outcome(value, n) for value, n in demigod_stack(state).items() if n]

    def describe(self, state: State, frame: Frame, option: Choice) -> tuple[Said, Said]:
        return Say("demigod {value}", value=option.args_as(DemigodDrawn).value), ""

    def prompt(self, state: State, frame: Frame) -> Said:
        if frame["seat"] is None:
            return Say("Draw a demigod for the display")
        return Say("Draw a demigod for {seat:seat} (face down)", seat=frame["seat"])

    def act(self, state: State, frame: Frame, option: Choice, flow: Stack) -> None:
        value = option.args_as(DemigodDrawn).value
        demigod_stack(state)[str(value)] -= 1
        seat = frame["seat"]
        if seat is None:
            state["demigod_display"].append(value)
            state["demigod_display"].sort(reverse=True)
            add_log(state, Say("Demigod {value} is laid out on the display.", value=value))
        else:
            state["players"][seat]["demigods"].append(value)
            add_log(state, Say("{seat:seat} draws demigod {value} face down.", seat=seat, value=value), only=[seat],
                    others=Say("{seat:seat} draws a demigod face down.", seat=seat))


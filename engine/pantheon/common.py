"""What the steps of Pantheon's turn flow share: seats, gods held, piece supplies, and
``Choose``, the kind of step in which one seat decides.

A frame is ``{"step": name, "seat": seat, ...}``; the steps live in the topic modules
(chance, setup, turn, movement, purchase, gods, loot, nations, epochs) and rules.py lists them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from engine.core import Ask, Frame, Stack
from engine.core.text import Said

from .catalog import catalog
from .choices import FOOT
from .text import seat_said

State = dict[str, Any]
PIECES_PER_COLOUR = 12
K = TypeVar("K")
V = TypeVar("V")


class MadeOnce(dict[K, V]):
    """key -> what ``make`` makes of it, made when first looked up: for the choices offered again
    and again. A look-up in a dict costs a third of a call of a functools cache, and a draw looks
    up an outcome for each kind of card in the deck, for each god tile in the stack."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[K], V]):
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> V:
        made = self[key] = self.make(key)
        return made


class Choose(Ask):
    """A seat's decision (``frame["seat"]``); the prompt names the player."""

    def question(self, state: State, frame: Frame) -> Said:
        raise NotImplementedError

    def public_question(self, state: State, frame: Frame) -> Said | None:
        """The question as the other seats read it, when ``question`` shows the actor's cards."""
        return None

    def prompt(self, state: State, frame: Frame) -> Said:
        return seat_said(frame["seat"], self.question(state, frame))

    def public_prompt(self, state: State, frame: Frame) -> Said | None:
        public = self.public_question(state, frame)
        return None if public is None else seat_said(frame["seat"], public)


def countdown(frame: Frame, flow: Stack, *first: Frame) -> None:
    """One of the frame's ``n`` done: ``first`` runs next, then the frame again while some are left."""
    frame["n"] -= 1
    if frame["n"] > 0:
        flow.push(frame)
    if first:  # a call with ``*first`` costs more than the push itself (a card is drawn this way)
        flow.push(*first)


def seats_from(state: State, first: int) -> list[int]:
    n = state["n"]
    return [(first + i) % n for i in range(n)]


def gods_owned(state: State, seat: int, god: str) -> int:
    return gods_held(state, seat).count(god)


def gods_held(state: State, seat: int) -> list[str]:
    """The gods of the seat's god tiles (a god twice for two of its tiles)."""
    tiles = state["players"][seat]["gods"]
    return list(map(catalog().god_of.__getitem__, tiles)) if tiles else []


def stonkus_money(state: State, seat: int) -> int:
    tiles = state["players"][seat]["gods"]
    if not tiles:
        return 0
    cat = catalog()
    return sum(cat.gods[t].get("money", 0) for t in tiles if cat.god_of[t] == "stonkus")


def general_supply(state: State, seat: int, piece: str) -> int:
    """The seat's pieces of that kind in the general supply (a place of their own in the state,
    so that every piece is counted where it is)."""
    n: int = state["players"][seat]["feet_general" if piece == FOOT else "columns_general"]
    return n


def from_general(state: State, seat: int, key: str, n: int) -> None:
    """Move ``n`` of the seat's ``key`` ("feet" or "columns") between the general supply and its
    own (negative ``n``: back to the general supply)."""
    p = state["players"][seat]
    p[f"{key}_general"] -= n
    p[key] += n


"""The sequence of play as a queue of tasks kept in the state, and the registry of task handlers.

``state["tasks"][0]`` is what happens next. A task is either automatic (run at once by
``advance``), a chance step (a draw a person at the table could also supply) or a seat's
decision. Handlers pop their task when it is finished and push follow-up tasks in front,
so a turn (action, loot, the other players' moves, Traitera) unrolls in rulebook order.
The handlers register themselves from the topic modules (chance, epochs, turn, movement,
purchase, gods, loot, nations); rules.py imports them all.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable

from engine.core import Choice, Decision

from .board import FOOT
from .data import catalog

State = dict[str, Any]
Task = dict[str, Any]
PIECES_PER_COLOUR = 12


DECIDE: dict[str, Callable[[State, Task], Decision]] = {}
ACT: dict[str, Callable[[State, Task, str], None]] = {}
AUTO: dict[str, Callable[[State, Task], None]] = {}
READY: dict[str, Callable[[State, Task], bool]] = {}


def decides(kind: str):
    def register(function):
        DECIDE[kind] = function
        return function
    return register


def acts(kind: str):
    def register(function):
        ACT[kind] = function
        return function
    return register


def automatic(kind: str):
    def register(function):
        AUTO[kind] = function
        return function
    return register


def ready(kind: str):
    def register(function):
        READY[kind] = function
        return function
    return register


# -- queue ------------------------------------------------------------------------------------


def push(state: State, *tasks: Task) -> None:
    state["tasks"][0:0] = tasks


def finish(state: State) -> None:
    state["tasks"].pop(0)


def countdown(state: State, task: Task) -> None:
    task["n"] -= 1
    if task["n"] <= 0:
        finish(state)


def advance(state: State) -> None:
    """Run automatic tasks and drop impossible ones until a decision (or the end) is next."""
    tasks = state["tasks"]
    while not state["over"]:
        task = tasks[0]
        kind = task["t"]
        if kind in AUTO:
            tasks.pop(0)
            AUTO[kind](state, task)
        elif kind in READY and not READY[kind](state, task):
            if tasks and tasks[0] is task:
                tasks.pop(0)
        else:
            return


def decision(state: State) -> Decision | None:
    if state["over"]:
        return None
    task = state["tasks"][0]
    return DECIDE[task["t"]](state, task)


def act(state: State, actor: int, choice: Choice) -> None:
    task = state["tasks"][0]
    ACT[task["t"]](state, task, choice.id)
    advance(state)


# -- small helpers ---------------------------------------------------------------------------


def name(state: State, seat: int) -> str:
    return state["names"][seat]


def seats_from(state: State, first: int) -> list[int]:
    n = state["n"]
    return [(first + i) % n for i in range(n)]


def gods_owned(state: State, seat: int, god: str) -> int:
    tiles = state["players"][seat]["gods"]
    if not tiles:
        return 0
    god_of = catalog().god_of
    return [god_of[tile] for tile in tiles].count(god)


def stonkus_money(state: State, seat: int) -> int:
    tiles = state["players"][seat]["gods"]
    if not tiles:
        return 0
    cat = catalog()
    return sum(cat.gods[t].get("money", 0) for t in tiles if cat.god_of[t] == "stonkus")


def general_supply(state: State, seat: int, piece: str) -> int:
    p = state["players"][seat]
    if piece == FOOT:
        return PIECES_PER_COLOUR - p["feet"] - len(p["feet_on"])
    return PIECES_PER_COLOUR - p["columns"] - len(p["columns_on"])


def needs_text(needs: list[int]) -> str:
    return "+".join(str(n) for n in needs)


def card_label(kind: str) -> str:
    return catalog().card_labels[kind]


def single(state: State, seat: int, prompt: str, choices: list[Choice], topic: str) -> Decision:
    return Decision.single(seat, f"{state['names'][seat]}: {prompt}", choices, topic)


make_choice = lru_cache(maxsize=1 << 14)(Choice)
"""``Choice(...)``, memoised: choices are immutable, and the same ones come up again and again."""

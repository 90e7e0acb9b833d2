"""Polis: Fight for the Hegemony (2012) on the engine core: setup, the contract's methods, scores."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Flow, Option, Rules, Say, Score, Words, copy_state
from engine.core.choices import Target
from engine.core.rng import below, reseed, seed_state, shuffle
from engine.i18n import ENGLISH, N_, Language

from . import (
    heuristic,
    steps_battle,
    steps_moves,
    steps_round,
    steps_turn,
    steps_units,
    targets,
)
from .battle import retreats
from .catalog import catalog
from .scoring import score_of
from .setup import new_state, opening
from .text import SIDE_NAMES, words
from .upkeep import LAST_ROUND
from .view import PolisView
from .view import view as view_of

FLOW = Flow([*steps_turn.STEPS, *steps_units.STEPS, *steps_moves.STEPS, *steps_battle.STEPS, *steps_round.STEPS])


class PolisRules(Rules):
    id = "polis"
    title = "Polis"
    min_players = 2
    max_players = 2
    seat_names = SIDE_NAMES
    version = "1"
    options = (
        Option("pass_fee", N_("After a pass, the other side pays 1 resource"),
               (("action", N_("for each action (2012 texts)")), ("turn", N_("for each turn")))),
    )
    flow = FLOW
    view_type = PolisView

    def setup(self, names: list[str], options: Mapping[str, Any], seed: int) -> dict[str, Any]:
        state = new_state(names, options)
        seed_state(state, seed)
        self.flow.start(state, *opening())
        return state

    def view(self, state: dict[str, Any], viewer: int | None) -> PolisView:
        return view_of(state, viewer)

    def has_private(self, state: dict[str, Any], viewer: int) -> bool:
        return bool(state["hands"][viewer])

    def determinize(self, state: dict[str, Any], viewer: int | None, seed: int | str) -> dict[str, Any]:
        """The other side's combat cards (in hand, or chosen and not yet shown) are drawn anew from
        every card the viewer has not seen; the decks hold no order to hide. What the other side
        chose in a battle and has not shown (two cards, or a retreat) is only known to be chosen:
        it becomes two of its new cards, or, when it holds fewer, a retreat to an area drawn
        among those it may retreat to."""
        twin = copy_state(state, log=False)
        reseed(twin, seed)
        battle = twin["battle"]
        for seat in (0, 1):
            if seat == viewer:
                continue
            pool = sorted(twin["deck"] + twin["hands"][seat])
            shuffle(twin, pool)
            size = len(twin["hands"][seat])
            hand = sorted(pool[:size])
            twin["hands"][seat], twin["deck"] = hand, sorted(pool[size:])
            if battle and battle["played"][seat] is not None:
                areas = retreats(twin, seat)
                battle["played"][seat] = hand[:2] if len(hand) >= 2 or not areas else \
                    {"retreat": areas[below(twin, len(areas))]}
        return twin

    def targets(self, state: dict[str, Any]) -> tuple[Target, ...]:
        return targets.on_the_board()

    def scores(self, state: dict[str, Any]) -> list[Score]:
        return [score_of(state, seat) for seat in (0, 1)]

    def evaluate(self, state: dict[str, Any], seat: int) -> float:
        return heuristic.evaluate(self.flow, state, seat)

    def progress(self, state: dict[str, Any]) -> Say:
        if not state["flow"]:
            return Say("game over")
        return Say("round {round} of {rounds} ({label:round})", round=state["round"], rounds=LAST_ROUND,
                   label=state["round"])

    def words(self, names: list[str], language: Language = ENGLISH) -> Words:
        return words(names, language)

    def data_version(self) -> str:
        return catalog().digest

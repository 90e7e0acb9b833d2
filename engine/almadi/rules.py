"""Almadi on the engine core: the components at setup, the turn flow, what each seat may know.

The flow (engine/core/flow.py), step by step: the setup draws ``first`` -> ``starts`` ->
``objectives`` -> ``fill`` (the 8 landscapes of the central board) -> in the characters
variant, after the normal setup as the rules say, ``deal`` and ``keep`` (every player keeps 2
of the characters dealt, all at once; setup.py) -> per turn ``take`` -> ``place`` ->
``effects`` (any order, each optional) and the ``genie`` (``genie_to``: where to; with
Hussain ``genie_with``: a swap), ``settle`` deciding what comes next (effects.py) ->
``finish`` (characters variant, only while a character is affordable: the last chance to
recruit) -> ``refill`` (turn.py) -> the next player's ``turn``, until the refill that
empties the general supply ends the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import rng
from engine.core.choices import Target
from engine.core.contract import Option, Rules, Score, State
from engine.core.flow import Flow
from engine.core.state import copy_state
from engine.core.text import Say, Words
from engine.i18n import ENGLISH, N_, Language

from . import effects, heuristic, setup, targets, text, turn
from .catalog import catalog
from .scoring import scores_of
from .view import AlmadiView, build_view, chapter_text, progress_text


class AlmadiRules(Rules):
    id = "almadi"
    title = "Almadi"
    min_players = 2
    max_players = 5
    version = "3"  # 2: in the characters variant a turn may stop before the refill to recruit
    # 3: the setup draws (first player, starting tiles, objectives, character deal) are chance steps
    options = (Option("characters", N_("Characters"), ((False, N_("Without characters")),
                                                       (True, N_("Playing with characters")))),)
    flow = Flow([*setup.STEPS, *turn.STEPS, *effects.STEPS])

    def data_version(self) -> str:
        return catalog().digest

    def words(self, names: list[str], language: Language = ENGLISH) -> Words:
        return text.words(names, language)

    def setup(self, names: list[str], options: Mapping[str, Any], seed: int) -> State:
        if not self.min_players <= len(names) <= self.max_players:
            raise ValueError(f"Almadi is for 2-5 players, not {len(names)}")
        state = setup.new_state(names, bool(options.get("characters", False)), seed)
        self.flow.start(state, *setup.first_frames(state))
        return state

    # -- what a seat may know -------------------------------------------------------------------

    view_type = AlmadiView

    def view(self, state: State, viewer: int | None) -> AlmadiView:
        return build_view(state, viewer)

    def has_private(self, state: State, viewer: int) -> bool:
        """The characters dealt to a seat, then the two it kept, until it recruits them."""
        record = state["seats"][viewer]
        return bool(record["dealt"] or record["hand"])

    def determinize(self, state: State, viewer: int | None, seed: int | str) -> State:
        """The characters the viewer has not seen (the others' dealt and kept ones, and the
        rest of the deck) dealt anew from one pool; the RNG reseeded. A seat that kept 2 of
        the characters dealt to it keeps 2 of its new ones."""
        twin = copy_state(state, log=False)
        rng.reseed(twin, seed)
        others = [record for seat, record in enumerate(twin["seats"]) if seat != viewer]
        if not any(record["dealt"] or record["hand"] for record in others):
            return twin
        seen = set(twin["display"])
        for seat, record in enumerate(twin["seats"]):
            seen.update(record["played"])
            if seat == viewer:
                seen.update(record["dealt"] + record["hand"])
        pool = sorted(set(catalog().characters) - seen)
        rng.shuffle(twin, pool)
        for record in others:
            size = max(len(record["dealt"]), len(record["hand"]))
            mine, pool = pool[:size], pool[size:]
            if record["dealt"]:
                record["dealt"] = sorted(mine)
            record["hand"] = sorted(mine[:len(record["hand"])])
        return twin

    def targets(self, state: State) -> list[Target]:
        return targets.on_the_table(state)

    # -- scores ---------------------------------------------------------------------------------

    def progress(self, state: State) -> Say:
        return progress_text(state)

    def chapter(self, state: State) -> Say:
        return chapter_text(state)

    def scores(self, state: State) -> list[Score]:
        return scores_of(state)

    def evaluate(self, state: State, seat: int) -> float:
        return heuristic.estimate(state, seat)

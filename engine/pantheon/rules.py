"""Pantheon as a game on the engine core: its flow of steps and the contract methods.

The flow: the setup steps (setup.py: the row and the hands dealt, the bonus tiles) -> each
epoch's ``prep`` (epochs.py: the nation, its gods and loot, its power, the temple, Depraccus,
in epoch 1 the bonus tiles) -> the seats' ``turn``s (turn.py, movement.py, purchase.py,
gods.py, loot.py) until the epoch's last loot or god tile is taken -> ``epoch_end`` (a
scoring after epochs 3 and 6). The game is over when the flow is empty, after epoch 6.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Flow, Option, Rules, Score
from engine.core.choices import Target
from engine.core.text import Say, Words
from engine.i18n import ENGLISH, N_, Language

from . import chance, epochs, gods, loot, movement, nations, purchase, setup, targets, text, turn
from .catalog import catalog
from .common import State, gods_owned
from .heuristic import evaluate
from .hidden import determinize
from .scoring import EPOCHS, SCORE_SHEET_NAMES, interim_scoring
from .setup import VP_CATEGORIES
from .view import PantheonView, build_view


def over(state: State) -> bool:
    """The game is over: nothing is left to happen."""
    return not state["flow"]


class PantheonRules(Rules):
    id = "pantheon"
    title = "Pantheon"
    min_players = 2
    max_players = 4
    version = "2"
    options = (
        Option("bonus", N_("Bonus tiles"),
               (("random", N_("Dealt at random")), ("choose", N_("Chosen, last player first (variant)")))),
    )
    flow = Flow([
        chance.Deal(), chance.RevealGod(), chance.PlaceLoot(), chance.DemigodDraw(),
        *setup.STEPS, loot.Effect(), loot.Reserve(), loot.FreeColumn(),
        epochs.Prep(), nations.Nation(), nations.Power(), epochs.Temple(), epochs.Depraccus(), epochs.DepraccusDraw(),
        epochs.BonusTiles(),
        nations.Gallia(), nations.HandOfSeven(), nations.Discard(), nations.Swap(),
        turn.Turn(), turn.Traitera(), turn.DrawCards(), movement.Move(), purchase.Buy(), purchase.Offering(),
        gods.DrawGod(), gods.Pay(), epochs.AfterAction(), epochs.EpochEnd(),
    ])

    def setup(self, names: list[str], options: Mapping[str, Any], seed: int) -> State:
        state = setup.new_state(names, seed)
        self.flow.start(state, *setup.first_frames(state, options))
        return state

    def words(self, names: list[str], language: Language = ENGLISH) -> Words:
        return text.words(names, language)

    def data_version(self) -> str:
        """Digest of the component data files in use (built-in or the user's override)."""
        return catalog().digest

    def progress(self, state: State) -> Say:
        if over(state):
            return Say("game over")
        return Say("epoch {epoch} of {epochs}", epoch=max(state["epoch"], 1), epochs=EPOCHS)

    view_type = PantheonView

    def view(self, state: State, viewer: int | None) -> PantheonView:
        return build_view(state, viewer)

    def has_private(self, state: State, viewer: int) -> bool:
        """A seated player always has a hand and face-down demigods (maybe none yet) to keep to itself."""
        return True

    def determinize(self, state: State, viewer: int | None, seed: int | str) -> State:
        return determinize(state, viewer, seed)

    def targets(self, state: State) -> frozenset[Target]:
        """The hexes, the gods on display, the cards of the face-up row, the deck, the offering
        tiles, the bonus tiles nobody has, the viewer's hand and its cards (targets.py)."""
        return targets.on_the_table(state, setup.bonus_left(state))

    running_score = N_("so far")

    def scores(self, state: State) -> list[Score]:
        """The points won so far (the two scorings come after epochs 3 and 6)."""
        return [
            Score(seat, {SCORE_SHEET_NAMES[category]: p["vp"][category] for category in VP_CATEGORIES})
            for seat, p in enumerate(state["players"])
        ]

    def if_ended_now(self, state: State, viewer: int | None) -> dict[int, str] | None:
        """The points so far plus the scoring that ends the game, worked out on the position
        now; another player's face-down demigods are not known to ``viewer`` ("+?")."""
        if over(state):
            return None
        totals = {}
        for seat, p in enumerate(state["players"]):
            known = p["demigods"] if seat == viewer else p["demigods_known"]
            scoring = interim_scoring(len(p["columns_on"]), list(known), gods_owned(state, seat, "pietalte"),
                                      p["tiles"].values())
            hidden = len(known) < len(p["demigods"])
            totals[seat] = f"{sum(p['vp'].values()) + sum(scoring.values())}{'+?' if hidden else ''}"
        return totals

    def tiebreak(self, state: State, seat: int) -> tuple[int]:
        """More demigod tiles wins a tie (their values do not matter); then the win is shared."""
        return (len(state["players"][seat]["demigods"]),)

    def evaluate(self, state: State, seat: int) -> float:
        return evaluate(state, seat)

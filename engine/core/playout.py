"""The rules-only fast path for bots and search: no action log, no log text, no labels, and
no validation beyond taking a choice from the legal list.

A ``Playout`` is made from a determinized state (``Match.lookahead``, ``Rules.determinize``),
never from the real one, so it cannot foresee a real draw or another seat's secret.
"""

from __future__ import annotations

from collections.abc import Callable

from . import rng
from .contract import CHANCE, Choice, Decision, Rules, State
from .state import copy_state

Policy = Callable[["Playout", int, tuple[Choice, ...]], Choice]
"""Picks one of a seat's legal choices: (playout, seat, choices) -> choice."""


class Playout:
    __slots__ = ("rules", "state", "_decision")

    def __init__(self, rules: Rules, state: State):
        self.rules = rules
        self.state = state
        self._decision: Decision | None | bool = False

    @property
    def decision(self) -> Decision | None:
        if self._decision is False:
            self._decision = self.rules.decision(self.state)
        return self._decision  # type: ignore[return-value]

    @property
    def finished(self) -> bool:
        return self.decision is None

    def apply(self, actor: int, choice: Choice) -> None:
        """Apply a choice that is legal now (not checked: take it from ``decision``)."""
        self.rules.apply(self.state, actor, choice)
        self._decision = False

    def draw(self) -> Choice:
        """Resolve the pending chance step from this play-out's own RNG."""
        decision = self.decision
        if decision is None:
            raise ValueError("the play-out is over: nothing to draw")
        outcomes = decision.for_actor(CHANCE)
        weights = [outcome.weight for outcome in outcomes]
        choice = outcomes[rng.pick_weighted(self.state, weights)] if len(outcomes) > 1 else outcomes[0]
        self.apply(CHANCE, choice)
        return choice

    def copy(self) -> Playout:
        return Playout(self.rules, copy_state(self.state, log=False))

    def run(self, policy: Policy, max_decisions: int | None = None) -> int:
        """Play on (chance from the RNG, seats by ``policy``) until the game ends or
        ``max_decisions`` seat decisions were made; returns how many were made."""
        made = 0
        while max_decisions is None or made < max_decisions:
            decision = self.decision
            if decision is None:
                break
            if decision.is_chance:
                self.draw()
                continue
            seat = decision.actors[0]
            self.apply(seat, policy(self, seat, decision.for_actor(seat)))
            made += 1
        return made


def random_policy(seed: int | str) -> Policy:
    """Uniformly random legal choices, from a seeded RNG of the policy's own."""
    state: State = {}
    rng.reseed(state, seed)

    def pick(_playout: Playout, _seat: int, choices: tuple[Choice, ...]) -> Choice:
        return choices[rng.below(state, len(choices))] if len(choices) > 1 else choices[0]

    return pick

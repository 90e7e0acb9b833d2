"""Setup checklists: the rules' setup steps as data, plus the random parts drawn from a seed."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from engine.core import rng
from engine.core.seats import seat_tag


@dataclass(frozen=True)
class Step:
    id: str
    section: str
    text: str


@dataclass(frozen=True)
class Draw:
    label: str
    value: str
    steps: tuple[str, ...] = ()
    """The steps that use this draw: drawn again differently, their ticks no longer hold."""


@dataclass(frozen=True)
class Checklist:
    game: str
    players: int
    seed: int
    steps: tuple[Step, ...]
    draws: tuple[Draw, ...]

    def progress(self, ticked: Sequence[str]) -> tuple[int, int]:
        done = set(ticked)
        return sum(1 for step in self.steps if step.id in done), len(self.steps)


@dataclass(frozen=True)
class StepRule:
    """A setup step of a game's rules; ``when`` says for which player counts it applies."""

    id: str
    section: str
    text: str | Callable[[int], str]
    when: Callable[[int], bool] = lambda players: True

    def for_players(self, players: int) -> Step | None:
        if not self.when(players):
            return None
        text = self.text(players) if callable(self.text) else self.text
        return Step(self.id, self.section, text)


def steps_for(rules: Sequence[StepRule], players: int) -> tuple[Step, ...]:
    return tuple(step for rule in rules if (step := rule.for_players(players)) is not None)


T = TypeVar("T")


def drawer(seed: int) -> dict[str, Any]:
    """An RNG state for the draws of one checklist; the same seed gives the same draws."""
    state: dict[str, Any] = {}
    rng.seed_state(state, seed)
    return state


def shuffled(state: dict[str, Any], items: Sequence[T]) -> list[T]:
    result = list(items)
    rng.shuffle(state, result)
    return result


def seats_text(seats: Sequence[int]) -> str:
    return " ".join(seat_tag(seat) for seat in seats)


def redrawn(old: Checklist, new: Checklist, ticked: Sequence[str]) -> list[str]:
    """The ticks that still hold after the random parts were drawn again: a step that uses a
    draw whose value changed is to be done again (a draw that came out the same keeps them)."""
    before = {draw.label: draw.value for draw in old.draws}
    stale = {step for draw in new.draws if before.get(draw.label) != draw.value for step in draw.steps}
    return [step for step in ticked if step not in stale]


def toggle(ticked: Sequence[str], step_id: str) -> list[str]:
    """Progress after ticking (or unticking) one step; progress is a plain list of step ids."""
    return [s for s in ticked if s != step_id] if step_id in ticked else [*ticked, step_id]

"""Setup checklists: the rules' setup steps as data, plus the random parts drawn from a seed."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from engine.core import rng
from engine.core.seats import seat_tag

Translate = Callable[[str], str]
"""A template in the reader's language (the screen's ``_``); the templates are marked ``N_``."""


def english(template: str) -> str:
    return template


@dataclass(frozen=True)
class Step:
    id: str
    section: str
    template: str
    args: Mapping[str, Any] = field(default_factory=dict, hash=False)
    lines: tuple[tuple[str, Mapping[str, Any]], ...] = field(default=(), hash=False)
    """Indented lines below the step (a table), each a template and its arguments."""

    def words(self, translate: Translate = english) -> str:
        lines = "".join("\n  " + translate(line).format(**args) for line, args in self.lines)
        return translate(self.template).format(**self.args) + lines

    @property
    def text(self) -> str:
        return self.words()


@dataclass(frozen=True)
class Draw:
    label_template: str
    value_template: str
    steps: tuple[str, ...] = ()
    """The steps that use this draw: drawn again differently, their ticks no longer hold."""
    args: Mapping[str, Any] = field(default_factory=dict, hash=False)
    """The arguments of both templates."""

    def label_words(self, translate: Translate = english) -> str:
        return translate(self.label_template).format(**self.args)

    def value_words(self, translate: Translate = english) -> str:
        return translate(self.value_template).format(**self.args)

    @property
    def label(self) -> str:
        return self.label_words()

    @property
    def value(self) -> str:
        return self.value_words()


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
    """A setup step of a game's rules; ``when`` says for which player counts it applies. Its text
    is a template filled with ``n`` (the players) and what ``args`` gives for the player count."""

    id: str
    section: str
    text: str
    when: Callable[[int], bool] = lambda players: True
    args: Callable[[int], Mapping[str, Any]] = lambda players: {}

    def for_players(self, players: int) -> Step | None:
        if not self.when(players):
            return None
        return Step(self.id, self.section, self.text, {"n": players, **self.args(players)})


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

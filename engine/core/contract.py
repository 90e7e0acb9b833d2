"""The contract every game implements.

A game is a stateless ``Rules`` object working on a state that is plain JSON data
(dicts, lists, strings, numbers, booleans), RNG state included. The rules say who must
act now and what they may choose (``decision``), and change the state for a legal choice
(``apply``). ``engine.core.match.Match`` wraps both: it validates choices, resolves chance,
keeps the action log, and implements undo and replay, so games never do.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

State = dict[str, Any]

CHANCE = -1
"""The actor of a chance step: a draw from the RNG in the state, or an outcome a person supplies."""


class IllegalChoice(ValueError):
    """A choice that is not legal now. The message names the reason; the state is unchanged."""


@dataclass(frozen=True)
class Choice:
    id: str
    """Stable id: the same option has the same id every time it is offered, and ids go in saves."""
    label: str
    """Short human label, e.g. 'Take Oasis from row 2'."""
    hint: str = ""
    """Optional detail shown beside the label (cost, effect, goods)."""
    reveals: bool = False
    """Choosing it shows hidden information: undo cannot go back past it."""
    weight: int = 1
    """For chance outcomes: how many of the indistinguishable items this outcome stands for."""


@dataclass(frozen=True)
class Decision:
    """The decision point now: which seats may act and what each may choose.

    Several actors means they choose at once (each chooses once, in any order).
    ``actors == (CHANCE,)`` is a chance step.
    """

    actors: tuple[int, ...]
    prompt: str
    choices: Mapping[int, tuple[Choice, ...]]
    topic: str = ""
    """Rules-help topic id that explains this decision (a heading id in the game's help)."""

    @classmethod
    def single(cls, actor: int, prompt: str, choices: list[Choice] | tuple[Choice, ...], topic: str = "") -> "Decision":
        return cls((actor,), prompt, {actor: tuple(choices)}, topic)

    @classmethod
    def chance(cls, prompt: str, outcomes: list[Choice] | tuple[Choice, ...], topic: str = "") -> "Decision":
        return cls((CHANCE,), prompt, {CHANCE: tuple(outcomes)}, topic)

    @property
    def is_chance(self) -> bool:
        return self.actors == (CHANCE,)

    def for_actor(self, actor: int) -> tuple[Choice, ...]:
        return self.choices.get(actor, ())


@dataclass(frozen=True)
class Option:
    """A game option offered when a new game is set up."""

    key: str
    label: str
    values: tuple[tuple[Any, str], ...]
    """(value, label) pairs; the first is the default."""

    @property
    def default(self) -> Any:
        return self.values[0][0]


@dataclass
class Score:
    seat: int
    breakdown: dict[str, int] = field(default_factory=dict)
    """Category -> points, in the order the game's score sheet lists them."""

    @property
    def total(self) -> int:
        return sum(self.breakdown.values())


class Rules:
    """Base class of a game's rules. Subclasses are stateless; all state is in ``state``."""

    id: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    version: str = "1"
    options: tuple[Option, ...] = ()

    def setup(self, names: list[str], options: Mapping[str, Any], seed: int) -> State:
        raise NotImplementedError

    def decision(self, state: State) -> Decision | None:
        """Who acts now and what they may choose; None once the game is over."""
        raise NotImplementedError

    def apply(self, state: State, actor: int, choice: Choice) -> None:
        """Change ``state`` in place for ``choice``; only called with a legal choice."""
        raise NotImplementedError

    def view(self, state: State, viewer: int | None) -> dict[str, Any]:
        """What ``viewer`` may see (None: a spectator). Never includes another seat's secrets."""
        raise NotImplementedError

    def scores(self, state: State) -> list[Score]:
        """Scores with their breakdown: running during play, final once the game is over."""
        raise NotImplementedError

    def tiebreak(self, state: State, seat: int) -> tuple:
        """Higher is better among tied totals; () means ties are shared."""
        return ()

    def evaluate(self, state: State, seat: int) -> float:
        """Heuristic value of ``state`` for ``seat``, used by the greedy bot."""
        scores = self.scores(state)
        mine = scores[seat].total
        best_other = max((s.total for s in scores if s.seat != seat), default=0)
        return mine - best_other

    def default_options(self) -> dict[str, Any]:
        return {option.key: option.default for option in self.options}

    def check_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        resolved = self.default_options()
        for key, value in options.items():
            option = next((o for o in self.options if o.key == key), None)
            if option is None:
                raise ValueError(f"{self.title} has no option {key!r}")
            if value not in [v for v, _ in option.values]:
                raise ValueError(f"{self.title}: {value!r} is not a value of option {key!r}")
            resolved[key] = value
        return resolved

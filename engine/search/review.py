"""The post-game review: for each decision a seat made, what the search thought of it.

Each decision is searched as the hint searches it (``engine.search.hint``): from the seat's own
view at that moment (``Rules.determinize`` for that seat), so a review never knows what the
player could not. A reviewed move keeps the search's estimated win chance of the move played
and of its preferred move, and the drop between them.

The game is stepped through from its action log; every seat decision with more than one legal
choice is searched with a seed of its own (``review:<action>``), so the same game, level and
budget give the same review.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.contract import CHANCE, Rules
from engine.core.match import Action, Match
from engine.core.state import copy_state
from engine.core.text import Said

from .hint import SHOWN
from .ismcts import Candidate, SearchResult


@dataclass(frozen=True)
class Estimate:
    """One choice as the search judged it."""

    choice: str
    label: Said
    """As the rules say it (a ``Say`` or plain words): shown in the reader's words."""
    win: float
    """The search's estimated win chance for the seat after this choice (0..1)."""
    visits: int
    """How many of the sampled worlds tried it."""


@dataclass(frozen=True)
class ReviewedMove:
    action: int
    """The index of the move's action in the game's action log."""
    position: int
    """The replay position this move leads to (``engine.core.replay.Move.position``): the
    position before it is ``position - 1``."""
    seat: int
    chapter: str
    """The round or epoch it was made in (``Rules.chapter``), e.g. "Round 4"."""
    played: Estimate
    best: Estimate
    """The search's preferred choice (the same as ``played`` when the seat agreed)."""
    alternatives: tuple[Estimate, ...]
    """The search's best few choices, best first (``best`` is the first)."""
    worlds: int
    """Sampled worlds (search iterations) the estimates rest on."""

    @property
    def drop(self) -> float:
        """How much win chance the move gave away against the search's choice (0 or more)."""
        return max(0.0, self.best.win - self.played.win)


@dataclass(frozen=True)
class Review:
    game: str
    """The game's rules id."""
    actions: int
    """How many actions the game had when it was reviewed (a review of a longer log is stale)."""
    level: str
    """The search level ("normal", "hard")."""
    seats: tuple[int, ...]
    """The seats reviewed."""
    moves: tuple[ReviewedMove, ...]
    """In the order they were made; forced moves (one legal choice) are left out."""

    def of_seat(self, seat: int) -> list[ReviewedMove]:
        return [move for move in self.moves if move.seat == seat]

    def largest_drops(self, seat: int | None = None, count: int = 5) -> list[ReviewedMove]:
        """The moves that gave away the most, largest first (ties: the earlier move)."""
        moves = [move for move in self.moves if (seat is None or move.seat == seat) and move.drop > 0]
        return sorted(moves, key=lambda move: (-move.drop, move.action))[:count]

    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Review:
        """A review as ``to_json`` wrote it; ValueError for anything else (files are hostile)."""
        raise NotImplementedError


@dataclass(frozen=True)
class Decision:
    """One decision to review: the game just before it, and the move made there."""

    match: Match
    """The game as it stood before the move (every chance step before it drawn)."""
    seat: int
    action: int
    position: int
    played: str


Think = Callable[[Match, int, str], SearchResult]
"""Search ``seat``'s decision in ``match`` from that seat's view with the given seed: in this
process (``engine.search.bot.think``) or in the search worker (``Thinker.think``)."""
Progress = Callable[[int, int], None]
"""(decisions reviewed, decisions to review)."""


def decisions(rules: Rules, names: Sequence[str], options: Mapping[str, Any], seed: int, actions: Sequence[Action],
              seats: Sequence[int] | None = None) -> Iterator[Decision]:
    """The decisions of ``seats`` (every seat when None) in a game's action log that had more
    than one legal choice, in order. Each ``Decision.match`` is a copy the caller may keep."""
    match = Match(rules, list(names), options, seed)
    position = 0
    for index, action in enumerate(actions):
        if action.actor != CHANCE:
            position += 1
            wanted = seats is None or action.actor in seats
            if wanted and len(match.legal(action.actor)) > 1:
                yield Decision(Match.at(rules, list(names), options, seed, copy_state(match.state), match.actions[:]),
                               action.actor, index, position, action.choice)
        match.redo(action)


def estimate(match: Match, seat: int, choice: str, candidates: Mapping[str, Candidate]) -> Estimate:
    shown = next((option for option in match.legal(seat) if option.id == choice), None)
    label = match.rules.describe(match.state, seat, shown).label if shown is not None else choice
    found = candidates.get(choice)
    return Estimate(choice, label or choice, found.value if found else 0.0, found.visits if found else 0)


def reviewed(decision: Decision, result: SearchResult) -> ReviewedMove:
    """The reviewed move from the search of ``decision``'s position."""
    match, seat = decision.match, decision.seat
    candidates = {candidate.choice: candidate for candidate in result.candidates}
    top = [estimate(match, seat, candidate.choice, candidates) for candidate in result.candidates[:SHOWN]]
    return ReviewedMove(decision.action, decision.position, seat, match.rules.chapter(match.state),
                        estimate(match, seat, decision.played, candidates), top[0], tuple(top), result.iterations)


def review(rules: Rules, names: Sequence[str], options: Mapping[str, Any], seed: int, actions: Sequence[Action],
           think: Think, *, level: str = "normal", seats: Sequence[int] | None = None,
           progress: Progress | None = None, stop: Callable[[], bool] | None = None) -> Review | None:
    """Review the game (None when ``stop`` asked to end it before it was done)."""
    todo = list(decisions(rules, names, options, seed, actions, seats))
    moves: list[ReviewedMove] = []
    for decision in todo:
        if stop is not None and stop():
            return None
        moves.append(reviewed(decision, think(decision.match, decision.seat, f"review:{decision.action}")))
        if progress is not None:
            progress(len(moves), len(todo))
    chosen = tuple(range(len(names))) if seats is None else tuple(sorted(seats))
    return Review(rules.id, len(actions), level, chosen, tuple(moves))

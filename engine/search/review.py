"""The post-game review: for each decision a seat made, what the search thought of it.

Each decision is searched as the hint searches it (``engine.search.hint``): from the seat's own
view at that moment (``Rules.determinize`` for that seat), so a review never knows what the
player could not. A reviewed move keeps the search's estimated win chance of the move played
and of its preferred move, and the drop between them.

The game is stepped through from its action log; every seat decision with more than one legal
choice is searched with a seed of its own (``review:<action>``), so the same game, level and
budget give the same review. The search keeps trying the move played until it has
``FOLLOW_SHARE`` of the sampled worlds (``Limits.follow``): left to itself it tries a move it
thinks poor only a few times, and its estimate of that move would be noise.
"""

from __future__ import annotations

import math
import string
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core.contract import CHANCE, Rules
from engine.core.match import Action, Match
from engine.core.seats import LETTERS
from engine.core.state import copy_state
from engine.core.text import Said, Say, Words, said_to_json
from engine.i18n import ENGLISH

from .hint import SHOWN
from .ismcts import Candidate, SearchResult
from .profiles import LEVELS

if TYPE_CHECKING:
    from .worker import Thinker

FOLLOW_SHARE = 0.2
"""The share of a decision's sampled worlds the search gives the move played (see the module's
docstring; measured in docs/bots.md, "The post-game review")."""
REVIEW_KIND = "tabula-review"
FORMAT = 1
MOST_MOVES = 100_000
"""As many moves as a save may hold actions (saves.store.MOST)."""
MOST_TEXT = 1000
MOST_ARGS = 50
MOST_DEPTH = 6
"""How deep a kept label's arguments may nest lists and objects."""


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

    def said(self, words: Words) -> str:
        """The label in the reader's words; the choice's id when the label cannot be said (a kept
        file is checked for its shape, not for what the game's words make of its arguments)."""
        try:
            return words(self.label)
        except (LookupError, TypeError, ValueError, AttributeError):
            return self.choice

    def to_json(self) -> dict[str, Any]:
        return {"choice": self.choice, "label": said_to_json(self.label), "win": self.win, "visits": self.visits}

    @classmethod
    def from_json(cls, data: Any) -> Estimate:
        fields = record(data, "an estimate", ("choice", "label", "win", "visits"))
        win = fields["win"]
        if type(win) not in (int, float) or not (math.isfinite(win) and 0.0 <= win <= 1.0):
            raise ValueError(f"a win chance is a number from 0 to 1, not {short(win)}")
        return cls(text(fields["choice"], "a choice"), label_from(fields["label"]), float(win),
                   count(fields["visits"], "visits"))


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
        return {"kind": REVIEW_KIND, "format": FORMAT, "game": self.game, "actions": self.actions,
                "level": self.level, "seats": list(self.seats), "moves": [move_to_json(move) for move in self.moves]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Review:
        """A review as ``to_json`` wrote it; ValueError for anything else (files are hostile)."""
        fields = record(data, "a review", ("kind", "format", "game", "actions", "level", "seats", "moves"))
        if fields["kind"] != REVIEW_KIND:
            raise ValueError("it is not a Tabula review")
        if fields["format"] != FORMAT:
            raise ValueError(f"it is a review of format {short(fields['format'])}; this Tabula reads format {FORMAT}")
        if fields["level"] not in LEVELS:
            raise ValueError(f"its level is {short(fields['level'])}, not one of {', '.join(LEVELS)}")
        actions = count(fields["actions"], "its number of actions", MOST_MOVES)
        seats = fields["seats"]
        if not (isinstance(seats, list) and seats and all(type(seat) is int and 0 <= seat < len(LETTERS)
                                                          for seat in seats) and seats == sorted(set(seats))):
            raise ValueError(f"its seats are not seat numbers from 0 to {len(LETTERS) - 1}, in order")
        moves = fields["moves"]
        if not isinstance(moves, list) or len(moves) > MOST_MOVES:
            raise ValueError(f"its moves are not a list of at most {MOST_MOVES:,}")
        review = cls(text(fields["game"], "a game id"), actions, fields["level"], tuple(seats),
                     tuple(move_from_json(move) for move in moves))
        last = -1
        for move in review.moves:
            if move.seat not in review.seats or not last < move.action < actions or not 0 < move.position <= actions:
                raise ValueError(f"its move at action {move.action} is not one of its seats' in a game of {actions} "
                                 "actions, in order")
            last = move.action
        return review


@dataclass(frozen=True)
class Decision:
    """One decision to review: the game just before it, and the move made there."""

    match: Match
    """The game as it stood before the move (every chance step before it drawn)."""
    seat: int
    action: int
    position: int
    played: str


Progress = Callable[[int, int], None]
"""(decisions reviewed, decisions to review)."""
Search = Callable[["Decision"], SearchResult]
"""Search one decision from its seat's view, keeping the move played tried: ``search_decision``
in this process or in a search worker (tests give canned results)."""


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
    """The reviewed move from the search of ``decision``'s position.

    The search's preference is its most tried choice but for the move played, whose visits the
    review may have added to (``FOLLOW_SHARE``): the move played is the best when its estimate
    is at least that choice's."""
    match, seat = decision.match, decision.seat
    candidates = {candidate.choice: candidate for candidate in result.candidates}
    played = estimate(match, seat, decision.played, candidates)
    others = [candidate for candidate in result.candidates if candidate.choice != decision.played]
    preferred = others[0] if others else None
    best = played if preferred is None or played.win >= preferred.value else \
        estimate(match, seat, preferred.choice, candidates)
    rest = [estimate(match, seat, candidate.choice, candidates) for candidate in result.candidates
            if candidate.choice != best.choice][:SHOWN - 1]
    chapter = match.words_in(ENGLISH)(match.rules.chapter(match.state))  # a review keeps its chapters in English
    return ReviewedMove(decision.action, decision.position, seat, chapter,
                        played, best, (best, *rest), result.iterations)


def review_seed(decision: Decision) -> str:
    return f"review:{decision.action}"


def search_decision(decision: Decision, level: str, thinker: Thinker | None = None, *,
                    seed: str | None = None, stop: Callable[[], bool] | None = None) -> SearchResult:
    """The review's search of one decision at ``level``, uncapped (the same on any machine): in
    this process, or in a search worker (the same result); ``seed``: another than the review's;
    ``stop`` (in this process) ends it early, for a review being cancelled."""
    seed = review_seed(decision) if seed is None else seed
    if thinker is not None:
        return thinker.think(decision.match, decision.seat, level, seed, capped=False,
                             follow=decision.played, follow_share=FOLLOW_SHARE)
    from .bot import think

    return think(decision.match, decision.seat, LEVELS[level], seed, capped=False, stop=stop,
                 follow=decision.played, follow_share=FOLLOW_SHARE)


def review(rules: Rules, names: Sequence[str], options: Mapping[str, Any], seed: int, actions: Sequence[Action],
           search: Search, *, level: str = "normal", seats: Sequence[int] | None = None,
           progress: Progress | None = None, stop: Callable[[], bool] | None = None) -> Review | None:
    """Review the game, a decision at a time (None when ``stop`` asked to end it before it was done)."""
    todo = list(decisions(rules, names, options, seed, actions, seats))
    moves: list[ReviewedMove] = []
    for decision in todo:
        if stop is not None and stop():
            return None
        moves.append(reviewed(decision, search(decision)))
        if progress is not None:
            progress(len(moves), len(todo))
    return Review(rules.id, len(actions), level, chosen_seats(names, seats), tuple(moves))


def chosen_seats(names: Sequence[str], seats: Sequence[int] | None) -> tuple[int, ...]:
    return tuple(range(len(names))) if seats is None else tuple(sorted(seats))


def review_in_workers(rules: Rules, names: Sequence[str], options: Mapping[str, Any], seed: int,
                      actions: Sequence[Action], *, level: str = "normal", seats: Sequence[int] | None = None,
                      jobs: int = 1, progress: Progress | None = None) -> Review:
    """The same review as ``review`` with ``search_decision``, its decisions searched ``jobs`` at
    a time, each worker thread with a search worker process of its own (they are independent).
    An interruption (Ctrl-C) ends the workers."""
    from .worker import Thinker

    todo = list(decisions(rules, names, options, seed, actions, seats))
    thinkers: list[Thinker] = []
    local = threading.local()
    lock = threading.Lock()
    done = 0

    def searched(decision: Decision) -> ReviewedMove:
        nonlocal done
        if not hasattr(local, "thinker"):
            local.thinker = Thinker()
            with lock:
                thinkers.append(local.thinker)
        move = reviewed(decision, search_decision(decision, level, local.thinker))
        with lock:
            done += 1
            if progress is not None:
                progress(done, len(todo))
        return move

    pool = ThreadPoolExecutor(max(1, min(jobs, len(todo))), thread_name_prefix="review")
    try:
        moves = list(pool.map(searched, todo))
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
        for thinker in list(thinkers):
            thinker.close()
    return Review(rules.id, len(actions), level, chosen_seats(names, seats), tuple(moves))


def move_to_json(move: ReviewedMove) -> dict[str, Any]:
    return {"action": move.action, "position": move.position, "seat": move.seat, "chapter": move.chapter,
            "played": move.played.to_json(), "best": move.best.to_json(),
            "alternatives": [estimate.to_json() for estimate in move.alternatives], "worlds": move.worlds}


def move_from_json(data: Any) -> ReviewedMove:
    fields = record(data, "a reviewed move", ("action", "position", "seat", "chapter", "played", "best",
                                              "alternatives", "worlds"))
    alternatives = fields["alternatives"]
    if not isinstance(alternatives, list) or not 0 < len(alternatives) <= MOST_ARGS:
        raise ValueError(f"a move's alternatives are not a list of 1 to {MOST_ARGS}")
    return ReviewedMove(count(fields["action"], "an action"), count(fields["position"], "a position"),
                        count(fields["seat"], "a seat", len(LETTERS) - 1), text(fields["chapter"], "a chapter"),
                        Estimate.from_json(fields["played"]), Estimate.from_json(fields["best"]),
                        tuple(Estimate.from_json(each) for each in alternatives), count(fields["worlds"], "worlds"))


def record(data: Any, what: str, keys: Sequence[str]) -> Mapping[str, Any]:
    """``data`` as an object with exactly ``keys``; ValueError if it is not one."""
    if not isinstance(data, Mapping) or set(data) != set(keys):
        found = sorted(map(str, data))[:10] if isinstance(data, Mapping) else type(data).__name__
        raise ValueError(f"{what} is not an object of {', '.join(keys)} (found {short(found)})")
    return data


def text(value: Any, what: str) -> str:
    if not isinstance(value, str) or len(value) > MOST_TEXT:
        raise ValueError(f"{what} is not a text of at most {MOST_TEXT} characters")
    return value


def count(value: Any, what: str, most: int = 10**9) -> int:
    if type(value) is not int or not 0 <= value <= most:
        raise ValueError(f"{what} is not a whole number from 0 to {most:,} ({short(value)})")
    return value


def short(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 40 else shown[:39] + "…"


def label_from(data: Any) -> Said:
    """A label as ``said_to_json`` wrote it: words, or a template whose every placeholder has
    an argument."""
    if isinstance(data, str):
        return text(data, "a label")
    fields = record(data, "a label", ("say", "args"))
    template, args = text(fields["say"], "a label's template"), fields["args"]
    if not isinstance(args, dict) or len(args) > MOST_ARGS:
        raise ValueError(f"a label's arguments are not an object of at most {MOST_ARGS}")
    try:
        named = {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}
    except ValueError as error:
        raise ValueError(f"a label's template cannot be read ({error})") from None
    if not named <= set(args) or not all(name.isidentifier() for name in named):
        raise ValueError("a label's template names an argument it does not have")
    for value in args.values():
        argument(value, 0)
    return Say(template, **args)


def argument(value: Any, depth: int) -> None:
    """A label's argument: a plain value, or a short list or object of them (a sentence within,
    a game's own record), nested at most ``MOST_DEPTH`` deep."""
    if value is None or type(value) in (bool, int, float):
        return
    if isinstance(value, str):
        text(value, "a label's argument")
    elif isinstance(value, list) and len(value) <= MOST_ARGS and depth < MOST_DEPTH:
        for each in value:
            argument(each, depth + 1)
    elif isinstance(value, dict) and len(value) <= MOST_ARGS and depth < MOST_DEPTH:
        for key, each in value.items():
            text(key, "a label's argument's name")
            argument(each, depth + 1)
    else:
        raise ValueError("a label's argument is not a value, or a short list or object of them")

"""A saved game's positions, rebuilt from its action log, for stepping through it.

Position 0 is the table after setup (the chance steps that set it up included); position k
is the table after the k-th move, a seat's choice together with the chance steps drawn right
after it, just as players saw it. Every position is shown from one view (a seat, or None for
a spectator) exactly as that view saw it then: the rules' redacted view, the log as far as it
had been written, redacted the same way. Chapters (rounds, epochs) are where
``Rules.chapter`` changes.

States are rebuilt on demand from a copy kept every ``CHECKPOINT`` moves, so going
backwards costs at most that many moves and a long game costs little memory.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.i18n import ENGLISH, Language

from .contract import CHANCE, Rules, Score, State
from .log import visible_entries
from .match import Action, Match
from .state import copy_state
from .text import Said

CHECKPOINT = 16


@dataclass(frozen=True)
class Move:
    position: int
    """The position this move leads to (1 for the first move)."""
    seat: int
    """Who made it."""
    actions: int
    """How many actions of the log are made at that position."""


@dataclass(frozen=True)
class Chapter:
    position: int
    """The first position of the chapter."""
    title: Said
    """What ``Rules.chapter`` says (in words: ``Replay.chapter_title``)."""


class Replay:
    def __init__(self, rules: Rules, names: list[str], options: Mapping[str, Any], seed: int, actions: list[Action]):
        self.rules, self.names, self.options, self.seed = rules, list(names), dict(options), seed
        self.actions = list(actions)
        match = Match(rules, names, options, seed)
        self._redo_chance(match)
        self.moves: list[Move] = []
        self.chapters: list[Chapter] = [Chapter(0, rules.chapter(match.state))]
        self._kept: dict[int, State] = {0: copy_state(match.state)}
        self._starts = [len(match.actions)]
        """How many actions are made at each position."""
        self._logged = [len(match.state.get("log") or ())]
        """How many log entries are written at each position."""
        while len(match.actions) < len(self.actions):
            action = self.actions[len(match.actions)]
            match.redo(action)
            self._redo_chance(match)
            position = len(self.moves) + 1
            self.moves.append(Move(position, action.actor, len(match.actions)))
            self._starts.append(len(match.actions))
            self._logged.append(len(match.state.get("log") or ()))
            if position % CHECKPOINT == 0:
                self._kept[position] = copy_state(match.state)
            title = rules.chapter(match.state)
            if title != self.chapters[-1].title:
                self.chapters.append(Chapter(position, title))
        self.finished = match.finished
        self._cache: tuple[int, Match] = (self.last, match)

    def _redo_chance(self, match: Match) -> None:
        while len(match.actions) < len(self.actions) and self.actions[len(match.actions)].actor == CHANCE:
            match.redo(self.actions[len(match.actions)])

    @property
    def last(self) -> int:
        """The last position: the game as it stands (or ended)."""
        return len(self.moves)

    def match_at(self, position: int) -> Match:
        """The game at ``position`` (a Match of its own: it may be read, never played on)."""
        if not 0 <= position <= self.last:
            raise IndexError(f"position {position} is not between 0 and {self.last}")
        cached, match = self._cache
        if cached != position:
            start = max(kept for kept in self._kept if kept <= position)
            if start < cached < position:
                start = cached  # stepping on from where we are is cheaper
            else:
                match = Match.at(self.rules, self.names, self.options, self.seed, copy_state(self._kept[start]),
                                 self.actions[: self._starts[start]])
            for action in self.actions[self._starts[start]: self._starts[position]]:
                match.redo(action)
            self._cache = (position, match)
        return match

    def view(self, position: int, viewer: int | None, language: Language = ENGLISH) -> dict[str, Any]:
        """What ``viewer`` (None: a spectator) saw at ``position``: the board, its log, whom the
        game waited for and the prompt; no choices (a replay is watched, not played). Its
        ``log_new`` counts the lines the move to this position wrote."""
        data = self.match_at(position).view(viewer, choices=False, language=language)
        data["log_new"] = self.new_lines(position, viewer)
        return data

    def scores(self, position: int) -> list[Score]:
        return self.match_at(position).scores()

    def new_lines(self, position: int, viewer: int | None) -> int:
        """How many of the viewer's log lines the move to ``position`` wrote (all of them at 0)."""
        written = self.match_at(position).state.get("log") or []
        since = self._logged[position - 1] if position else 0
        return len(visible_entries({"log": written[since: self._logged[position]]}, viewer))

    def chapter_of(self, position: int) -> Chapter:
        return next(chapter for chapter in reversed(self.chapters) if chapter.position <= position)

    def chapter_title(self, position: int, language: Language = ENGLISH) -> str:
        """The title of ``position``'s chapter in words of ``language``."""
        return self.match_at(position).words_in(language)(self.chapter_of(position).title)


def replay_of(rules: Rules, names: list[str], options: Mapping[str, Any], seed: int,
              actions: list[dict[str, Any]]) -> Replay:
    """A Replay of a save's action log as stored (``Action.to_json`` dicts)."""
    return Replay(rules, names, options, seed, [Action.from_json(action) for action in actions])

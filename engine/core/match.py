"""A game in progress: rules + state + the action log.

Everything generic lives here: validating choices, resolving chance from the RNG in the
state (or from an outcome a person supplies), undo by Board Game Arena's policy, and replay
of an action log, which is how saves are loaded and verified.

Turn ends a player confirms (Board Game Arena's "confirm your turn"): a choice made with
``hold=True`` that ends what its seat may still undo (the turn passes, a chance step comes
next) waits for ``confirm`` before anything else happens; until then the seat sees what it
did and may undo it. The hold is saved with the action (``"h"``), so every terminal waits too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from functools import partial
from typing import Any, NamedTuple

from engine.i18n import ENGLISH, Language

from . import rng
from .contract import CHANCE, HINTS, TABLE, Choice, Decision, IllegalChoice, Rules, Score, State
from .log import add_log, logging, visible, visible_entries
from .playout import Playout
from .scoring import ranking
from .text import Said, Say, Words, addressed_to, names_seat, said_from_json, said_to_json


class Action(NamedTuple):
    """One entry of the action log. Immutable; a named tuple because every action of every
    game and replay makes one (a frozen dataclass took twice as long to build)."""

    actor: int
    choice: str
    drawn: bool = False
    """A chance outcome drawn from the state's RNG (replay draws again and checks it)."""
    reveals: bool = False
    held: bool = False
    """It ended its seat's turn and waits for the seat to confirm it (see ``Match.confirm``)."""
    forced: bool = False
    """The seat's only choice, taken at once for its player (a setting); the log says so."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"a": self.actor, "c": self.choice}
        if self.drawn:
            data["d"] = True
        if self.reveals:
            data["r"] = True
        if self.held:
            data["h"] = True
        if self.forced:
            data["f"] = True
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        return cls(int(data["a"]), str(data["c"]), bool(data.get("d", False)), bool(data.get("r", False)),
                   bool(data.get("h", False)), bool(data.get("f", False)))


_new_action = partial(tuple.__new__, Action)
"""An Action from its six fields in order, made in C: the named tuple's own constructor is
Python code called from C, which costs half as much again (every action played makes one)."""

CONFIRM_PROMPT = Say("End of turn: confirm it, or undo it")
"""The prompt while a seat's turn end waits for its confirmation."""
GAME_OVER = Say("Game over")


class ReplayMismatch(ValueError):
    """An action log that does not reproduce a game under these rules."""


class Match:
    def __init__(self, rules: Rules, names: list[str], options: Mapping[str, Any] | None = None, seed: int = 0):
        if not rules.min_players <= len(names) <= rules.max_players:
            raise ValueError(f"{rules.title} is for {rules.min_players}-{rules.max_players} players, not {len(names)}")
        self.rules = rules
        self.names = list(names)
        self.options = rules.check_options(options or {})
        self.table_mode = bool(self.options.get(TABLE))
        """The people at the table say what was drawn (a generic option, fixed for the match)."""
        self.seed = seed
        self.words = rules.words(self.names)
        """What the rules say, in English words (engine/core/text.py; ``words_in`` another language)."""
        self._spoken: dict[str, Words] = {ENGLISH.code: self.words}
        self._worded_log: list[Any] | None = None
        self._worded: dict[tuple[int, str, str], str] = {}
        self.state: State = rules.setup(self.names, self.options, seed)
        self.actions: list[Action] = []
        self.logged: list[int | None] = []
        """How many log entries there were after each action (None: not known, see ``at``)."""
        self._decision: Decision | None = None
        self._fresh = False

    # -- the decision point -------------------------------------------------------------

    @property
    def decision(self) -> Decision | None:
        if not self._fresh:
            self._decision = self.rules.decision(self.state)
            self._fresh = True
        return self._decision

    @property
    def finished(self) -> bool:
        """Over: no decision left, and the last choice confirmed."""
        return self.decision is None and self.held is None

    def legal(self, actor: int) -> tuple[Choice, ...]:
        """The actor's legal choices: ids and targets (labels may be empty: see ``labelled``)."""
        decision = self.decision
        return decision.choices.get(actor, ()) if decision else ()

    def words_in(self, language: Language) -> Words:
        """What the rules say, in the words of ``language`` (made once per language)."""
        spoken = self._spoken.get(language.code)
        if spoken is None:
            spoken = self._spoken[language.code] = self.rules.words(self.names, language)
        return spoken

    def labelled(self, actor: int, language: Language = ENGLISH) -> list[Choice]:
        """The actor's legal choices with their labels and hints, for showing them."""
        return [self.described(actor, choice, language) for choice in self.legal(actor)]

    def described(self, actor: int, choice: Choice, language: Language = ENGLISH) -> Choice:
        """``choice`` with its label and hint in words."""
        shown = self.rules.describe(self.state, actor, choice)
        words = self.words_in(language)
        return replace(shown, label=words(shown.label), hint=words(shown.hint))

    def say(self, said: Said, language: Language = ENGLISH) -> str:
        return self.words_in(language)(said)

    def awaiting(self) -> tuple[int, ...]:
        """The seats the game waits for: the decision's actors, or the seat that must confirm
        the end of its turn."""
        held = self.held
        if held is not None:
            return (held,)
        decision = self.decision
        return decision.actors if decision else ()

    @property
    def held(self) -> int | None:
        """The seat whose last choice waits for it to confirm the end of its turn, if any."""
        actions = self.actions
        return actions[-1].actor if actions and actions[-1].held else None

    # -- table mode: the people at the table say what was drawn -------------------------------

    @property
    def hints(self) -> bool:
        """The hint key is on (a generic option; the rules never read it)."""
        return bool(self.options.get(HINTS))

    def asks_table(self) -> bool:
        """A chance step the people at the table resolve (table mode): any seat may answer."""
        if not self.table_mode:
            return False
        decision = self.decision
        return decision is not None and decision.is_chance

    def possible_outcomes(self) -> tuple[Choice, ...]:
        """The outcomes of the pending chance step that can still happen (weight above 0)."""
        decision = self.decision
        if decision is None or not decision.is_chance:
            return ()
        return tuple(outcome for outcome in decision.for_actor(CHANCE) if outcome.weight > 0)

    # -- acting ---------------------------------------------------------------------------

    def choose(self, actor: int, choice_id: str, *, hold: bool = False, forced: bool = False) -> Choice:
        """Apply a seat's choice, or a person-supplied chance outcome when actor is CHANCE
        (in table mode any seat may supply it: it is logged as chance's). With ``hold``, a
        choice that ends what the seat may undo waits for ``confirm`` (see the module's doc).
        ``forced``: the seat's only choice, taken for it at once (its log says so)."""
        if self.table_mode and actor != CHANCE and self.asks_table():
            actor = CHANCE
        decision = self.decision
        choice = self._check(decision, actor, choice_id)
        if forced and (actor == CHANCE or decision is None or len(decision.choices[actor]) != 1):
            raise IllegalChoice(f"{choice_id!r} is not {self.seat_name(actor)}'s only choice: it is not forced")
        self._apply(_new_action((actor, choice.id, False, choice.reveals, False, forced)), choice)
        if (hold and decision is not None and actor != CHANCE and not choice.reveals and decision.actors == (actor,)
                and not decision.parallel and self.ends_turn(actor)):
            self.actions[-1] = self.actions[-1]._replace(held=True)
        return choice

    def ends_turn(self, seat: int) -> bool:
        """Whether the game has moved on from ``seat``: the turn passed, a chance step waits to
        be drawn, or the game is over (its last choice can no longer be undone once anything
        else happens)."""
        decision = self.decision
        return decision is None or (seat not in decision.actors and not self.asks_table())

    def confirm(self, seat: int) -> None:
        """``seat`` confirms the end of its turn: the game goes on (chance steps still wait
        for ``draw_all``)."""
        if self.held != seat:
            raise IllegalChoice(f"{self.seat_name(seat)} has no turn end to confirm now")
        self.actions[-1] = self.actions[-1]._replace(held=False)

    def draw(self) -> Choice:
        """Resolve the pending chance step from the RNG in the state."""
        decision = self.decision
        if decision is None or not decision.is_chance:
            raise IllegalChoice("there is no chance step to resolve now")
        actions = self.actions
        if actions and actions[-1].held:  # ``held`` without its call (every draw a replay checks)
            raise IllegalChoice(f"waiting for {self.seat_name(actions[-1].actor)} to confirm the end of their turn")
        if self.table_mode:
            raise IllegalChoice("in table mode the people at the table say what was drawn")
        return self._draw(decision)

    def draw_all(self) -> None:
        """Resolve chance steps from the RNG until a seat must act (or the game ends); in
        table mode nothing: the people at the table resolve them."""
        actions = self.actions
        if self.table_mode or (actions and actions[-1].held):  # ``held`` without its call (every decision)
            return
        decision = self.decision
        while decision is not None and decision.is_chance:
            self._draw(decision)
            decision = self.decision

    def _draw(self, decision: Decision) -> Choice:
        outcomes = decision.choices[CHANCE]
        choice = outcomes[rng.pick_weighted(self.state, [o.weight for o in outcomes])]
        self._apply(_new_action((CHANCE, choice.id, True, False, False, False)), choice)
        return choice

    def _check(self, decision: Decision | None, actor: int, choice_id: str) -> Choice:
        actions = self.actions
        if actions and actions[-1].held:  # ``held`` without its call (every choice)
            raise IllegalChoice(f"waiting for {self.seat_name(actions[-1].actor)} to confirm the end of their turn")
        if decision is None:
            raise IllegalChoice("the game is over")
        if actor not in decision.actors:
            who = ", ".join(self.seat_name(a) for a in decision.actors)
            raise IllegalChoice(f"it is not {self.seat_name(actor)}'s decision now (waiting for {who})")
        for choice in (self.possible_outcomes() if actor == CHANCE else decision.choices[actor]):
            if choice.id == choice_id:
                return choice
        raise IllegalChoice(f"{choice_id!r} is not a legal choice now (stale or unknown): "
                            f"{self.words(decision.prompt)}")

    def _apply(self, action: Action, choice: Choice) -> None:
        if action.forced:
            self._log_forced(action.actor, choice)
        self.rules.apply(self.state, action.actor, choice)
        self.actions.append(action)
        self.logged.append(len(self.state.get("log") or ()))
        self._fresh = False

    def _log_forced(self, seat: int, choice: Choice) -> None:
        """The log line of a forced move, before what the move writes: the seat's alone (the
        choice's label may tell its secrets)."""
        if logging(self.state):
            label = self.rules.describe(self.state, seat, choice).label
            add_log(self.state, Say("{seat:seat}: {choice:said} (forced: the only choice)", seat=seat,
                                    choice=said_to_json(label)), only=[seat])

    def seat_name(self, actor: int) -> str:
        if actor == CHANCE:
            return "chance"
        return self.names[actor] if 0 <= actor < len(self.names) else f"seat {actor} (no such seat)"

    # -- undo -----------------------------------------------------------------------------

    def can_undo(self, seat: int) -> bool:
        """Board Game Arena's policy: only your own last action, never past a chance
        outcome or revealed information, never changing who must act. In table mode a draw
        the people supplied may be taken back by anyone at the table (a mistyped tile), and
        while they are asked what was drawn the player who just moved may still take it back."""
        if not self.actions:
            return False
        last = self.actions[-1]
        if self.table_mode and last.actor == CHANCE and not last.drawn:
            return seat >= 0
        if seat not in self.awaiting() and not (self.asks_table() and seat >= 0):
            return False
        return last.actor == seat and not last.reveals and not last.drawn

    def why_no_undo(self, seat: int) -> str:
        """Why ``seat`` cannot undo now, for the player ('' when it can)."""
        if self.can_undo(seat):
            return ""
        if not any(action.actor == seat for action in self.actions):
            return "You have made no move to take back yet."
        last = self.actions[-1]
        if last.actor == seat and last.reveals:
            return "Your last move showed you something hidden; it cannot be taken back."
        if last.drawn or last.actor == CHANCE:
            return "Something was drawn after your last move (a card, a tile, a die); it cannot be taken back."
        if last.actor != seat:
            return (f"{self.seat_name(last.actor)} has moved since your last move; only your own last move can be "
                    "taken back.")
        return "Your turn has passed on; a move can only be taken back while it is still your turn."

    def undo(self, seat: int) -> None:
        if not self.can_undo(seat):
            raise IllegalChoice(f"{self.seat_name(seat)} cannot undo now: {self.why_no_undo(seat)}")
        rebuilt = Match.replay(self.rules, self.names, self.options, self.seed, self.actions[:-1])
        self.state, self.actions, self.logged, self._fresh = rebuilt.state, rebuilt.actions, rebuilt.logged, False

    # -- replay ---------------------------------------------------------------------------

    @classmethod
    def replay(cls, rules: Rules, names: list[str], options: Mapping[str, Any], seed: int, actions: list[Action],
               played: Iterable[Choice] = ()) -> Match:
        """The game ``actions`` make from setup (ReplayMismatch where they do not fit it).

        ``played``: for checking a game just played, the choices its chosen actions (every one
        but the drawn) applied then, in order. Each is applied again as it is instead of being
        looked up among the legal choices (the play looked it up in the same position); every
        chance outcome is still drawn again and must come out as logged."""
        match = cls(rules, names, options, seed)
        played = iter(played)
        for action in actions:
            match.redo(action, None if action.drawn else next(played, None))
        return match

    def redo(self, action: Action, played: Choice | None = None) -> None:
        """Apply the next logged action as it was made (a drawn outcome is drawn again and
        must come out the same); ReplayMismatch if it does not fit this game. A hold in the
        log is kept as written (only the last action may still wait for its confirmation).
        ``played``: the choice a chosen action applied when it was played (see ``replay``)."""
        actions = self.actions
        index = len(actions)
        if action.actor != CHANCE and not 0 <= action.actor < len(self.names):
            raise ReplayMismatch(f"action {index}: there is no seat number {action.actor}")
        if actions and actions[-1].held:  # ``held`` without its call (every action)
            raise ReplayMismatch(f"action {index}: the turn end before it was never confirmed")
        try:
            if played is not None:
                if played.id != action.choice:
                    raise ReplayMismatch(f"action {index}: {played.id!r} was played, the log says {action.choice!r}")
                self._apply(action, played)
            elif action.held:
                self.choose(action.actor, action.choice, forced=action.forced)
                self.actions[-1] = self.actions[-1]._replace(held=True)
            elif action.drawn:
                drawn = self.draw()
                if drawn.id != action.choice:
                    raise ReplayMismatch(f"action {index}: the RNG drew {drawn.id!r}, the log says {action.choice!r}")
            else:
                self.choose(action.actor, action.choice, forced=action.forced)
        except IllegalChoice as error:
            raise ReplayMismatch(f"action {index} ({action.choice!r}) does not replay: {error}") from error

    @classmethod
    def at(cls, rules: Rules, names: list[str], options: Mapping[str, Any], seed: int, state: State,
           actions: list[Action]) -> Match:
        """The match whose state after ``actions`` is ``state`` (a copy kept from an earlier replay)."""
        match = cls.__new__(cls)
        match.rules, match.names, match.options, match.seed = rules, list(names), dict(options), seed
        match.words = rules.words(match.names)
        match._spoken = {ENGLISH.code: match.words}
        match._worded_log, match._worded = None, {}
        match.table_mode = bool(options.get(TABLE))
        match.state, match.actions, match._decision, match._fresh = state, list(actions), None, False
        match.logged = [None] * len(actions)
        return match

    def lookahead(self, viewer: int | None, seed: int | str) -> Playout:
        """A play-out from what ``viewer`` knows: the others' secrets and every future draw
        sampled anew (``Rules.determinize``), so looking ahead never foresees the real game."""
        return Playout(self.rules, self.rules.determinize(self.state, viewer, seed))

    def state_edited(self) -> None:
        """Call after changing ``state`` by hand (tests, table corrections) so the decision is recomputed."""
        self._fresh = False

    # -- what a seat sees -----------------------------------------------------------------

    def view(self, viewer: int | None, *, choices: bool = True, language: Language = ENGLISH) -> dict[str, Any]:
        """The rules' view for ``viewer`` plus the log, the prompt and (if it acts, and
        ``choices``) its labelled choices, their words in ``language``."""
        decision, held = self.decision, self.held
        words = self.words_in(language)
        data = dict(self.rules.view(self.state, viewer))
        data["log"] = self.log_lines(viewer, language)
        data["awaiting"] = list(self.awaiting())
        prompt = CONFIRM_PROMPT if held is not None else decision.prompt_for(viewer) if decision else GAME_OVER
        data["prompt"] = words(prompt)
        data["prompt_to"] = addressed_to(prompt)
        data["topic"] = decision.topic_for(viewer) if decision else "scoring"
        data["choices"] = (self.labelled(viewer, language) if choices and decision and viewer is not None
                           and held is None else [])
        data["log_new"] = self.new_log_lines(viewer)
        data["turn_done"] = self.turn_lines(viewer, language) if viewer is not None and held == viewer else []
        if choices and viewer is not None and self.asks_table():
            data["prompt"] = words(Say("What was drawn? {prompt}", prompt=data["prompt"]))
            data["prompt_to"] = None
            data["choices"] = [self.described(CHANCE, choice, language) for choice in self.possible_outcomes()]
        return data

    def new_log_lines(self, viewer: int | None) -> int:
        """How many of the viewer's last log lines were written since its previous turn ended:
        what the others did since, then its own turn so far (for a spectator: since the last
        seat's move began)."""
        if viewer is None:
            seats = [i for i, action in enumerate(self.actions) if action.actor != CHANCE]
            last = seats[-1] - 1 if seats else -1
        else:
            last = self.turn_start(viewer) - 1
            while last >= 0 and self.actions[last].actor != viewer:  # the others' moves before it
                last -= 1
        since = self.logged[last] if last >= 0 else 0
        if since is None:
            return 0
        return len(visible_entries({"log": (self.state.get("log") or [])[since:]}, viewer))

    def turn_start(self, seat: int) -> int:
        """Where ``seat``'s turn so far begins among the actions: after the last move of another seat."""
        first = len(self.actions)
        while first > 0 and self.actions[first - 1].actor in (seat, CHANCE):
            first -= 1
        return first

    def turn_lines(self, seat: int, language: Language = ENGLISH) -> list[str]:
        """What ``seat`` did in its turn so far, a line for each of its moves there: the first
        log entry the move wrote, when that names the seat (what the game did once the turn
        was over, a fate tile or a new round, names no one first)."""
        first = self.turn_start(seat)
        readable = {index: kept for index, _, kept in visible(self.state, seat)}
        lines = []
        for number in range(first, len(self.actions)):
            start, end = self.logged[number - 1] if number else 0, self.logged[number]
            if self.actions[number].actor != seat or start is None or end is None or start == end:
                continue  # another's move, an unknown stretch of the log, a move that wrote nothing
            said = said_from_json(readable[start]) if start in readable else None
            if said is not None and names_seat(said, seat):
                lines.append(self.words_in(language)(said))
        return lines

    def log_lines(self, viewer: int | None, language: Language = ENGLISH) -> list[str]:
        """The log as ``viewer`` may read it, in words of ``language``. An entry is never changed
        once written, so each is put in words once (a table shows the whole log at every move)."""
        log = self.state.get("log")
        if log is not self._worded_log:  # undone, replayed: another log
            self._worded_log, self._worded = log, {}
        worded, code, words = self._worded, language.code, self.words_in(language)
        lines = []
        for index, which, kept in visible(self.state, viewer):
            line = worded.get((index, which, code))
            if line is None:
                line = worded[index, which, code] = words(said_from_json(kept))
            lines.append(line)
        return lines

    def has_private(self, viewer: int | None) -> bool:
        return viewer is not None and self.rules.has_private(self.state, viewer)

    def progress(self, language: Language = ENGLISH) -> str:
        """Where the game stands (``Rules.progress``), in words of ``language``."""
        return self.words_in(language)(self.progress_said())

    def progress_said(self) -> Said:
        """Where the game stands, as the rules say it (a save keeps it for lists of games)."""
        return self.rules.progress(self.state) or Say.counted("{n} action", "{n} actions", n=len(self.actions))

    def scores(self) -> list[Score]:
        return self.rules.scores(self.state)

    def if_ended_now(self, viewer: int | None) -> dict[int, str] | None:
        """Each seat's total if the game ended now, where it differs from ``scores`` (see Rules)."""
        return None if self.finished else self.rules.if_ended_now(self.state, viewer)

    def ranking(self) -> list[tuple[int, list[int]]]:
        return ranking(self.scores(), lambda seat: self.rules.tiebreak(self.state, seat))

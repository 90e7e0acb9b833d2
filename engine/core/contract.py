"""The contract every game implements.

A game is a stateless ``Rules`` object working on a state that is plain JSON data
(dicts, lists, strings, numbers, booleans), RNG state included. Most games describe their
sequence of play as a ``Flow`` of small steps (engine/core/flow.py) and get ``decision``,
``apply`` and ``describe`` from it. ``engine.core.match.Match`` wraps the rules: it
validates choices, resolves chance, keeps the action log, and implements undo and replay,
so games never do.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, TypedDict, TypeVar

from engine.i18n import ENGLISH, N_, Language

from . import rng
from .choices import Args, Target
from .state import copy_state
from .text import Said, SaidError, Words

if TYPE_CHECKING:
    from .flow import Flow

State = dict[str, Any]
A = TypeVar("A", bound=Args)

CHANCE = -1
"""The actor of a chance step: a draw from the RNG in the state, or an outcome a person supplies."""


class IllegalChoice(SaidError, ValueError):
    """A choice that is not legal now. The message (``said``) names the reason; the state is unchanged."""


@dataclass(frozen=True, slots=True)
class Choice:
    id: str
    """Stable id: the same option has the same id every time it is offered, and ids go in saves."""
    label: Said = ""
    """Short human label, e.g. 'Take Oasis from row 2'. Flow steps leave it empty and say it
    in ``describe``, which only runs for choices that are shown (``Match.view``, which turns it
    into words: there it is always a ``str``)."""
    hint: Said = ""
    """Optional detail shown beside the label (cost, effect, goods)."""
    reveals: bool = False
    """Choosing it shows hidden information: undo cannot go back past it."""
    weight: int = 1
    """For chance outcomes: how many of the indistinguishable items this outcome stands for."""
    target: Target | str | None = None
    """Where on the game's board the choice acts (a cell, hex, space, track step or card: one of
    ``Rules.targets``), so a board can mark it there; None when it acts nowhere in particular."""
    args: Args | None = None
    """What the choice means, as data (engine/core/choices.py): the rules read it, never the id,
    which is spelled from it."""

    @classmethod
    def of(cls, args: Args, *, target: Target | str | None = None, reveals: bool = False, weight: int = 1) -> Choice:
        """The choice with these arguments, its id spelled from them."""
        return cls(args.spelled(), reveals=reveals, weight=weight, target=target, args=args)

    def args_as(self, kind: type[A]) -> A:
        """The arguments, known to be of ``kind`` (a step whose choices are all of one kind; a
        step of several kinds matches on ``args`` instead): TypeError if they are not."""
        args = self.args
        if not isinstance(args, kind):
            raise TypeError(f"{self.id!r}: its arguments are {args!r}, not {kind.__name__}")
        return args


Prompt = Said | Callable[[], Said]
"""What a decision asks (engine/core/text.py), or how to work it out when someone reads it."""


class Decision:
    """The decision point now: which seats may act and what each may choose.

    Several actors means they choose at once (each chooses once, in any order).
    ``actors == (CHANCE,)`` is a chance step. Prompts may be given as functions: they are
    only worked out when someone reads them (the playout path never does).
    """

    __slots__ = ("actors", "choices", "topic", "parallel", "is_chance", "_prompt", "_prompts", "_topics")

    def __init__(self, actors: tuple[int, ...], prompt: Prompt, choices: Mapping[int, tuple[Choice, ...]],
                 topic: str = "", *, prompts: Mapping[int, Prompt] | None = None,
                 topics: Mapping[int, str] | None = None, parallel: bool = False):
        self.actors = actors
        self.choices = choices
        self.topic = topic
        """Rules-help topic id that explains this decision (a heading id in the game's help)."""
        self.parallel = parallel
        """Part of a simultaneous step (even when one seat is left to choose): each choice is
        final at once (no turn end to confirm)."""
        self.is_chance = actors == (CHANCE,)
        """A chance step: outcomes to draw (an attribute, not a property: it is read every action)."""
        self._prompt = prompt
        self._prompts = dict(prompts) if prompts else {}
        self._topics = topics or {}

    @classmethod
    def single(cls, actor: int, prompt: Prompt, choices: list[Choice] | tuple[Choice, ...],
               topic: str = "") -> Decision:
        return cls((actor,), prompt, {actor: tuple(choices)}, topic)

    @classmethod
    def chance(cls, prompt: Prompt, outcomes: list[Choice] | tuple[Choice, ...], topic: str = "") -> Decision:
        return cls((CHANCE,), prompt, {CHANCE: tuple(outcomes)}, topic)

    @property
    def prompt(self) -> Said:
        if callable(self._prompt):  # worked out once, when first read (a Say is not callable)
            self._prompt = self._prompt()
        return self._prompt

    def prompt_for(self, actor: int | None) -> Said:
        """The prompt one actor of a simultaneous decision reads (the common prompt otherwise)."""
        own = self._prompts.get(actor) if actor is not None else None
        if own is None or actor is None:
            return self.prompt
        if callable(own):
            own = self._prompts[actor] = own()
        return own

    def topic_for(self, actor: int | None) -> str:
        return self._topics.get(actor, self.topic) if actor is not None else self.topic

    def for_actor(self, actor: int) -> tuple[Choice, ...]:
        return self.choices.get(actor, ())

    def __repr__(self) -> str:
        return f"Decision({self.actors!r}, {self.prompt!r}, topic={self.topic!r})"


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


TABLE = "table"
TABLE_MODE = Option(TABLE, N_("Table mode"), ((False, N_("Off: Tabula makes the draws")),
                                              (True, N_("On: real components, you say what was drawn"))))
"""A generic option: people play with the physical game and, at every chance step, tell
Tabula what was drawn, choosing among the outcomes still possible (engine.core.match)."""

HINTS = "hints"
HINTS_OPTION = Option(HINTS, N_("Hints"), ((False, N_("Off")), (True, N_("On: h suggests a move"))))
"""A generic option of every game: the table's hint key asks the search bot what the seat to
move should do (engine/search/hint.py). The rules never read it. The new game form turns it
on for one person playing against bots and off for several people."""

GENERIC_OFF = (TABLE, HINTS)
"""Generic options saved only when on, so a game's options read as they always did."""


class TableFields(TypedDict):
    """What ``Match.view`` adds to a game's view (``Rules.view``) for the table: the log the
    viewer may read, whom the game waits for, the prompt (and whom it addresses), its help topic, the viewer's labelled
    choices, how many log lines are new to it, and what it did in the turn it must confirm."""

    log: list[str]
    awaiting: list[int]
    prompt: str
    prompt_to: int | None
    """The seat the prompt is addressed to, its name first ("Ann: promote a die"), or None."""
    topic: str
    choices: list[Choice]
    log_new: int
    turn_done: list[str]
    """A line for each of the viewer's moves of its turn, while it must confirm the turn's end."""


@dataclass
class Score:
    seat: int
    breakdown: dict[str, int] = field(default_factory=dict)
    """Category -> points, in the order the game's score sheet lists them."""

    @property
    def total(self) -> int:
        return sum(self.breakdown.values())


class Rules:
    """Base class of a game's rules. Subclasses are stateless; all state is in ``state``.

    A game sets ``flow`` (engine.core.flow.Flow) and gets ``decision``, ``apply`` and
    ``describe`` from it; the other methods have defaults a game overrides as it needs.
    """

    id: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    seat_names: tuple[str, ...] = ()
    """The name each seat plays under, for a game whose seats have one (Polis: Athens, Sparta);
    empty where a seat is only its player."""
    version: str = "1"
    options: tuple[Option, ...] = ()
    has_chance: bool = True
    """The game has chance steps (draws, shuffles, dice): it offers table mode."""
    running_score: str = "if the game ended now"
    """What ``scores`` counts while the game runs, as the score panels say it: "if the game
    ended now" (every category worked out on the position now) or "so far" (the points already
    won; then ``if_ended_now`` gives the other figure)."""
    flow: Flow | None = None
    view_type: Any = None
    """The TypedDict a view fits exactly (engine/<game>/view.py): every field of it declared, so
    that nothing of the state reaches a seat unseen (the conformance suite checks each view)."""

    def setup(self, names: list[str], options: Mapping[str, Any], seed: int) -> State:
        raise NotImplementedError

    # -- the turn flow ------------------------------------------------------------------------

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        flow = cls.flow
        if flow is not None:
            if "decision" not in vars(cls):
                cls.decision = staticmethod(flow.decision)  # type: ignore[assignment,method-assign]
            if "apply" not in vars(cls):
                cls.apply = staticmethod(flow.apply)  # type: ignore[assignment,method-assign]

    def decision(self, state: State) -> Decision | None:
        """Who acts now and what they may choose; None once the game is over."""
        flow = self.flow  # not through ``_flow``: a call less on every decision and action
        return (flow or self._flow()).decision(state)

    def apply(self, state: State, actor: int, choice: Choice) -> None:
        """Change ``state`` in place for ``choice``; only called with a legal choice."""
        flow = self.flow
        (flow or self._flow()).apply(state, actor, choice)

    def _flow(self) -> Flow:
        if self.flow is None:
            raise NotImplementedError(f"{type(self).__name__} has no flow: it decides and applies on its own")
        return self.flow

    def describe(self, state: State, actor: int, choice: Choice) -> Choice:
        """``choice`` with its label and hint, as offered to ``actor`` in ``state`` now."""
        return self.flow.describe(state, actor, choice) if self.flow is not None else choice

    # -- what a seat may know -------------------------------------------------------------------

    def view(self, state: State, viewer: int | None) -> Mapping[str, Any]:
        """What ``viewer`` may see (None: a spectator), fitting ``view_type``. Never includes
        another seat's secrets."""
        raise NotImplementedError

    def has_private(self, state: State, viewer: int) -> bool:
        """Whether ``viewer`` holds information the others may not see (a hand, a face-down
        tile): a hot-seat table passes the device before showing it."""
        return False

    def determinize(self, state: State, viewer: int | None, seed: int | str) -> State:
        """A new state that ``viewer`` cannot tell from ``state``: everything it may not know
        (others' hands, face-down tiles, deck order) sampled anew, consistently with what it
        saw, and the RNG reseeded, so play-outs from it never foresee a real draw.

        Must depend only on what ``viewer`` sees (and ``seed``): two states with the same view
        give the same result. The result has no log (nothing is written to it). This default
        is right for games without hidden information."""
        twin = copy_state(state, log=False)
        rng.reseed(twin, seed)
        return twin

    def targets(self, state: State) -> Collection[Target | str]:
        """Every board target that exists now (a choice's ``target`` is one of them)."""
        return ()

    # -- scores and labels for lists ------------------------------------------------------------

    def scores(self, state: State) -> list[Score]:
        """Scores with their breakdown: running during play, final once the game is over."""
        raise NotImplementedError

    def if_ended_now(self, state: State, viewer: int | None) -> dict[int, str] | None:
        """For a game whose running ``scores`` are the points won "so far": each seat's total if
        the game ended now, as ``viewer`` may know it ("31", or "28+?" while pieces hidden from
        the viewer would count); None when ``scores`` already is that figure."""
        return None

    def tiebreak(self, state: State, seat: int) -> tuple[Any, ...]:
        """Higher is better among tied totals; () means ties are shared."""
        return ()

    def evaluate(self, state: State, seat: int) -> float:
        """Heuristic value of ``state`` for ``seat``, used by the bots. Bots only call it on a
        determinized state (see ``determinize``), so it may read the whole state."""
        scores = self.scores(state)
        mine = scores[seat].total
        best_other = max((s.total for s in scores if s.seat != seat), default=0)
        return mine - best_other

    def progress(self, state: State) -> Said:
        """Where the game stands, for the table's status line and lists of saved games ('round 3
        of 10'), as the rules say things (a ``Say``, in words in the reader's language); '' if
        unknown."""
        return ""

    def chapter(self, state: State) -> Said:
        """The part of the game a state is in, as a replay jumps between them ('Round 3',
        'Epoch 2'); a replay marks a chapter where this text changes. By default the progress
        text, so a game whose progress counts rounds or epochs needs nothing more."""
        return self.progress(state)

    def words(self, names: list[str], language: Language = ENGLISH) -> Words:
        """What the rules say (``Say``), in ``language``: the seats by their players' names, and
        the kinds of argument a game adds (its tiles, spaces, goods) by their names."""
        return Words(names, language=language)

    def data_version(self) -> str:
        """Digest of the component data in use (built-in or a user's override); '' if none."""
        return ""

    # -- options ------------------------------------------------------------------------------

    def offered_options(self) -> tuple[Option, ...]:
        """The game's options, then table mode (every game with chance steps has it) and hints."""
        return (*self.options, *((TABLE_MODE,) if self.has_chance else ()), HINTS_OPTION)

    def default_options(self) -> dict[str, Any]:
        """The game's own options at their defaults (table mode and hints, off by default, are
        only saved when on, so a game's options read as they always did)."""
        return {option.key: option.default for option in self.options}

    def check_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        resolved = self.default_options()
        for key, value in options.items():
            option = next((o for o in self.offered_options() if o.key == key), None)
            if option is None:
                raise ValueError(f"{self.title} has no option {key!r}")
            if value not in [v for v, _ in option.values]:
                raise ValueError(f"{self.title}: {value!r} is not a value of option {key!r}")
            resolved[key] = value
        for key in GENERIC_OFF:
            if not resolved.get(key, True):
                del resolved[key]
        return resolved


def labelled(choice: Choice, label: Said, hint: Said = "") -> Choice:
    return replace(choice, label=label, hint=hint)

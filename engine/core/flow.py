"""Turn flow: a game's sequence of play as a stack of small named steps kept in the state.

``state["flow"]`` is a list of *frames*, plain dicts ``{"step": name, ...}``; the last one is
what happens next. Each name is a ``Step`` the game registers explicitly in its ``Flow``:

* an ``Auto`` step just acts (deals the round's cards, scores an epoch) and is gone;
* an ``Ask`` step is a seat's decision: ``options`` are the legal choices, ``act`` applies one;
* a ``Draw`` step is a chance step: weighted outcomes a person at the table could also supply.

A step is taken off the stack before it runs or acts, and pushes what follows from it
(``Stack.push``): the first frame pushed runs first, and everything pushed runs before what
was under the step. A step that must come back (three cards to draw, one at a time) pushes
its own frame again. ``Stack.parallel`` starts simultaneous decisions: one branch per seat,
each a stack of its own that its seat works through at its own pace (a seat's several
steps, autos between them); the frame after it runs once every branch is empty. A chance
step inside a branch is resolved before any seat of the parallel frame acts.

Labels, hints and prompts are only worked out for what is shown (``describe``, ``prompt``):
deciding and acting build no text, which keeps bots' play-outs fast.

The game is over when the stack is empty.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .contract import CHANCE, Choice, Decision, State, labelled
from .text import Said

Frame = dict[str, Any]
EACH = "each"
"""The name of the built-in parallel frame: ``{"step": "each", "branches": {"<seat>": [frames]}}``."""


class FlowError(RuntimeError):
    """The flow reached a state the rules did not foresee (an unknown step, a dead end)."""


class Stack:
    """What a running step may do to the flow: push what follows from it."""

    __slots__ = ("frames",)

    def __init__(self, frames: list[Frame]):
        self.frames = frames

    def push(self, *frames: Frame) -> None:
        """Run ``frames`` next, in the order given, before whatever was already waiting."""
        self.frames += frames[::-1]

    def parallel(self, branches: dict[int, Sequence[Frame]], **extra: Any) -> None:
        """Seats decide at once: each works through its own frames (given in running order)."""
        running = {str(seat): list(reversed(frames)) for seat, frames in branches.items() if frames}
        frame: Frame = {"step": EACH, "branches": running}
        frame.update(extra)
        self.frames.append(frame)

    def clear(self) -> None:
        """End the game: nothing more happens."""
        self.frames.clear()

    def __len__(self) -> int:
        return len(self.frames)


class Step:
    """One named step of a game's flow. Subclasses set ``name`` (and ``topic``, the help
    section that explains the step) and implement the methods of their kind."""

    name: str = ""
    topic: str = ""


class Auto(Step):
    """A step that acts without asking anyone."""

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        raise NotImplementedError


class Ask(Step):
    """A seat's decision."""

    def ready(self, state: State, frame: Frame) -> bool:
        """False drops the step without asking (nothing to decide now)."""
        return True

    def actor(self, state: State, frame: Frame) -> int:
        seat: int = frame["seat"]
        return seat

    def options(self, state: State, frame: Frame) -> Sequence[Choice]:
        """The legal choices, ids and targets only (labels come from ``describe``)."""
        raise NotImplementedError

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        raise NotImplementedError

    def prompt(self, state: State, frame: Frame) -> Said:
        return self.name

    def public_prompt(self, state: State, frame: Frame) -> Said | None:
        """What the other seats read while this one decides, when ``prompt`` tells something
        only the actor may know (the money in its hand); None: they read ``prompt`` too."""
        return None

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        """(label, hint) of one of this step's choices, for showing it."""
        return choice.label or choice.id, choice.hint


class Draw(Ask):
    """A chance step: ``options`` are the outcomes, weighted by how many items each stands for."""

    def actor(self, state: State, frame: Frame) -> int:
        return CHANCE


class Flow:
    """A game's steps, registered by name, and the machinery that runs them."""

    def __init__(self, steps: Iterable[Step]):
        self.steps: dict[str, Ask] = {}
        """The steps that decide (a seat's, or chance's), by name."""
        self._autos: dict[str, Auto] = {}
        for step in steps:
            if not step.name or step.name in self.steps or step.name in self._autos or step.name == EACH:
                raise ValueError(f"step names must be unique and non-empty: {step.name!r}")
            if isinstance(step, Auto):
                self._autos[step.name] = step
            elif isinstance(step, Ask):
                self.steps[step.name] = step
            else:
                raise ValueError(f"step {step.name!r} is neither an Auto nor an Ask")
        self._settling: dict[str, Step | None] = {
            **{name: step if type(step).ready is not Ask.ready else None for name, step in self.steps.items()},
            **self._autos}
        """What settling does at each step, found with one look-up per frame: an Auto runs, an Ask
        with a ``ready`` of its own is asked, and None (an Ask that is always ready) waits."""
        self._stack = Stack([])
        """The stack last given to a step that acts: the same flow (a game's) is acted on again
        and again, and making its wrapper anew for every action cost a call."""

    # -- starting and settling -------------------------------------------------------------

    def start(self, state: State, *frames: Frame) -> None:
        """Give ``state`` its flow, ``frames`` first, and run it up to the first decision."""
        state["flow"] = []
        Stack(state["flow"]).push(*frames)
        self.settle(state["flow"], state)

    def settle(self, frames: list[Frame], state: State) -> None:
        """Run automatic steps and drop steps not ready, until a decision (or nothing) is next."""
        settling = self._settling
        while frames:
            frame = frames[-1]
            name = frame["step"]
            step = settling.get(name, EACH)  # a parallel frame (or a step no one listed): below
            if step is None:
                return
            if isinstance(step, Auto):
                frames.pop()
                step.run(state, frame, Stack(frames))
            elif isinstance(step, Ask):
                if step.ready(state, frame):
                    return
                frames.pop()
            elif name == EACH:
                branches = frame["branches"]
                for key in list(branches):
                    self.settle(branches[key], state)
                    if not branches[key]:
                        del branches[key]
                if branches:
                    return
                frames.pop()
            else:
                raise FlowError(f"unknown step {name!r}")

    def step(self, name: str) -> Ask:
        try:
            return self.steps[name]
        except KeyError:
            raise FlowError(f"unknown step {name!r}") from None

    # -- the decision now --------------------------------------------------------------------

    def decision(self, state: State) -> Decision | None:
        frames = state.get("flow")
        if not frames:
            return None
        frame = frames[-1]
        name = frame["step"]
        if name != EACH:
            return StepDecision(self.steps.get(name) or self.step(name), state, frame)
        chance = self._chance_branch(frame)
        if chance is not None:
            return StepDecision(self.step(chance[-1]["step"]), state, chance[-1])
        seats = [StepDecision(self.step(branch[-1]["step"]), state, branch[-1])
                 for _, branch in sorted(frame["branches"].items(), key=lambda item: int(item[0]))]
        first = seats[0]
        return Decision(tuple(seat.actor for seat in seats), lambda: first.prompt,
                        {seat.actor: seat.choices[seat.actor] for seat in seats}, first.topic,
                        prompts={seat.actor: seat.own_prompt for seat in seats},
                        topics={seat.actor: seat.topic for seat in seats}, parallel=True)

    def _chance_branch(self, frame: Frame) -> list[Frame] | None:
        """The first branch (by seat) waiting for a chance step, if any: chance comes first."""
        for key in sorted(frame["branches"], key=int):
            branch: list[Frame] = frame["branches"][key]
            if isinstance(self.step(branch[-1]["step"]), Draw):
                return branch
        return None

    def _frames_of(self, state: State, actor: int) -> list[Frame]:
        """The stack whose top frame ``actor`` decides: the flow's, or the actor's branch."""
        frames: list[Frame] = state["flow"]
        top = frames[-1]
        if top["step"] != EACH:
            return frames
        if actor == CHANCE:
            branch = self._chance_branch(top)
        else:
            branch = top["branches"].get(str(actor))
        if branch is None:
            raise FlowError(f"seat {actor} has no decision in this parallel step")
        return branch

    # -- acting and describing ---------------------------------------------------------------

    def apply(self, state: State, actor: int, choice: Choice) -> None:
        frames = state["flow"]
        if frames[-1]["step"] == EACH:
            frames = self._frames_of(state, actor)
        frame = frames.pop()
        stack = self._stack
        if stack.frames is not frames:
            stack = self._stack = Stack(frames)
        self.steps[frame["step"]].act(state, frame, choice, stack)  # a known step: it was decided
        self.settle(frames, state)
        if frames is not state["flow"]:
            self.settle(state["flow"], state)

    def describe(self, state: State, actor: int, choice: Choice) -> Choice:
        frames = self._frames_of(state, actor)
        frame = frames[-1]
        label, hint = self.step(frame["step"]).describe(state, frame, choice)
        return labelled(choice, label, hint)

    def current(self, state: State, actor: int) -> tuple[Ask, Frame] | None:
        """The step and frame ``actor`` decides now, if any (for help and views)."""
        if not state.get("flow"):
            return None
        try:
            frames = self._frames_of(state, actor)
        except FlowError:
            return None
        return self.step(frames[-1]["step"]), frames[-1]


class StepDecision(Decision):
    """The decision of a single step (or of one seat's branch of a parallel step). Its prompts,
    the actor's own and the one every other seat reads, are worked out from the step only when
    someone reads them."""

    __slots__ = ("actor", "_source", "_own")
    _NONE: dict[int, str] = {}

    def __init__(self, step: Ask, state: State, frame: Frame):
        options = tuple(step.options(state, frame))
        if not options:
            raise FlowError(f"dead end: step {step.name!r} has no legal choice ({frame})")
        self.actor = actor = step.actor(state, frame)
        self.actors = (actor,)
        self.choices = {actor: options}
        self.topic = step.topic
        self.parallel = False
        self.is_chance = actor == CHANCE
        self._topics = self._NONE
        self._source = (step, state, frame)
        self._prompt: Said | None = None  # type: ignore[assignment]  # worked out when read
        self._own: Said | None = None

    @property
    def prompt(self) -> Said:
        if self._prompt is None:
            step, state, frame = self._source
            self._prompt = step.public_prompt(state, frame) or self.own_prompt()
        return self._prompt

    def prompt_for(self, actor: int | None) -> Said:
        return self.own_prompt() if actor == self.actor else self.prompt

    def own_prompt(self) -> Said:
        """The prompt the actor reads."""
        if self._own is None:
            step, state, frame = self._source
            self._own = step.prompt(state, frame)
        return self._own


def frames_named(state: State, name: str) -> list[Frame]:
    """Every frame of that step waiting in the flow, parallel branches included."""
    found = []

    def visit(frames: list[Frame]) -> None:
        for frame in frames:
            if frame["step"] == EACH:
                for branch in frame["branches"].values():
                    visit(branch)
            elif frame["step"] == name:
                found.append(frame)

    visit(state.get("flow") or [])
    return found

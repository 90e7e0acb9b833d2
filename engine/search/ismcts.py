"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Each iteration samples one state the observer cannot tell from the real one
(``Rules.determinize``: the others' secrets and every future draw sampled anew), walks the
observer's tree with it (``tree.py``), adds one choice, plays on at random for a few decisions
(the game's profile) and judges the result (``values.py``): the winner at the end of the
game, else the game's heuristic. The move is the observer's most tried choice at the root.
Where a game's actions take several steps (its profile's ``own_steps``), a step the same seat
follows with another is backed up by the value of its best-tried next step.

Chance steps are drawn from the sampled state's own RNG by their weights. Simultaneous
decisions are decoupled: each seat picks from its own statistics at the node, none seeing
what the others picked, and the picks are applied together.

Everything comes from the seed and the determinized states, so the same seed and budget give
the same move; a time cap or a "move now" request can end a search early (``stopped`` says why).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.core import rng
from engine.core.contract import CHANCE, Choice, Decision, Rules, State
from engine.core.state import copy_state

from .profiles import Profile
from .tree import Key, Node, Stat
from .values import final_values, heuristic_values, logistic

Step = tuple[int, Stat, "Node | None"]
"""One step of an iteration's walk: the seat that chose, the statistics of its choice, and the
node the choice led to (None at a simultaneous decision, whose seats share a node)."""

CHECK_EVERY = 8
"""Iterations between looks at the clocks and at a stop request."""


@dataclass(frozen=True)
class Candidate:
    choice: str
    visits: int
    value: float
    """The observer's estimated win chance after this choice (0..1)."""


@dataclass(frozen=True)
class SearchResult:
    seat: int
    candidates: tuple[Candidate, ...]
    """The seat's choices, best first (most tried)."""
    iterations: int
    budget: int
    cpu: float
    """CPU seconds the search took (this thread's)."""
    stopped: str
    """"budget", "settled" (the leader could no longer be caught), "forced" (one legal
    choice), "cap" (time), "asked" (move now)."""

    @property
    def choice(self) -> str:
        return self.candidates[0].choice

    @property
    def deterministic(self) -> bool:
        """Whether the same seed and budget give this result again (no clock decided it)."""
        return self.stopped in ("budget", "settled", "forced")


Progress = Callable[[SearchResult], None]


@dataclass
class Limits:
    iterations: int
    cpu_cap: float | None = None
    wall_cap: float | None = None
    stop: Callable[[], bool] | None = None
    """Polled now and then: True ends the search with what it has ("move now")."""
    progress: Progress | None = None
    progress_every: float = 0.1
    """Wall seconds between progress reports."""
    follow: str | None = None
    """A root choice the search keeps trying until it has ``follow_share`` of the iterations
    (where the sampled world allows it): the move a player made, which a review must estimate
    from more than the few visits the search would give a move it thinks poor."""
    follow_share: float = 0.0


def search(rules: Rules, state: State, seat: int, seats: int, limits: Limits, seed: int | str,
           profile: Profile) -> SearchResult:
    """Search the decision ``seat`` faces in ``state`` (which it must be awaited in) from
    what ``seat`` may know. ``state`` may be the real state or a determinized one: only
    determinizations of it are ever played on."""
    decision = rules.decision(state)
    if decision is None or seat not in decision.actors:
        raise ValueError(f"seat {seat} has no decision to search")
    options = decision.for_actor(seat)
    if len(options) == 1:
        return SearchResult(seat, (Candidate(options[0].id, 0, 0.5),), 0, limits.iterations, 0.0, "forced")
    walk = Walk(rules, seats, profile, random.Random(f"search:{seed}"))
    root = Node()
    if profile.prior_visits:
        seed_root(root, rules, rules.determinize(state, seat, f"{seed}:prior"), seat, options, profile)
    cpu_start, wall_start = time.thread_time(), time.monotonic()
    next_report = wall_start + limits.progress_every
    stopped, done = "budget", 0

    def result(stopped: str) -> SearchResult:
        ranked = root.ranked(seat)
        tried = {choice for choice, _ in ranked}
        candidates = [Candidate(choice, stat.visits, stat.mean) for choice, stat in ranked]
        candidates += [Candidate(option.id, 0, 0.0) for option in options if option.id not in tried]
        return SearchResult(seat, tuple(candidates), done, limits.iterations, time.thread_time() - cpu_start, stopped)

    while done < limits.iterations:
        if done % CHECK_EVERY == 0 and done:
            if limits.stop is not None and limits.stop():
                stopped = "asked"
                break
            if limits.cpu_cap is not None and time.thread_time() - cpu_start >= limits.cpu_cap:
                stopped = "cap"
                break
            now = time.monotonic()
            if limits.wall_cap is not None and now - wall_start >= limits.wall_cap:
                stopped = "cap"
                break
            if settled(root, seat, limits.iterations - done):
                stopped = "settled"
                break
            if limits.progress is not None and now >= next_report:
                limits.progress(result("thinking"))
                next_report = now + limits.progress_every
        follow = None
        if limits.follow is not None and root_visits(root, seat, limits.follow) < limits.follow_share * (done + 1):
            follow = (seat, limits.follow)
        walk.iterate(root, rules.determinize(state, seat, f"{seed}:{done}"), follow)
        done += 1
    return result(stopped)


def seed_root(root: Node, rules: Rules, known: State, seat: int, options: Sequence[Choice], profile: Profile) -> None:
    """Give each root choice ``prior_visits`` visits at the heuristic's value one ply on."""
    for option in options:
        trial = copy_state(known, log=False)
        rules.apply(trial, seat, option)
        stat = root.stats[(seat, option.id)] = Stat()
        stat.visits = stat.available = profile.prior_visits
        value = logistic(rules.evaluate(trial, seat) / profile.scale)
        stat.total, stat.squares = profile.prior_visits * value, profile.prior_visits * value * value


def root_visits(root: Node, seat: int, choice: str) -> int:
    stat = root.stats.get((seat, choice))
    return stat.visits if stat is not None else 0


def settled(root: Node, seat: int, remaining: int) -> bool:
    """The most tried choice stays so whatever the remaining iterations do."""
    ranked = root.ranked(seat)
    if len(ranked) < 2:
        return False
    return ranked[0][1].visits - ranked[1][1].visits > remaining


class Walk:
    """One iteration: down the tree with a determinized state, one new choice, a short
    random play-out, and the values back up the path."""

    __slots__ = ("rules", "seats", "depth", "scale", "explore", "whole_turns", "own_steps", "mirrored", "pick")

    def __init__(self, rules: Rules, seats: int, profile: Profile, pick: random.Random):
        self.rules, self.seats, self.pick = rules, seats, pick
        self.depth, self.scale, self.explore = profile.depth, profile.scale, profile.explore
        self.whole_turns = profile.whole_turns
        self.own_steps = profile.own_steps
        self.mirrored = profile.mirrored

    def iterate(self, root: Node, state: State, follow: Key | None = None) -> None:
        """One walk; ``follow``: the (seat, choice) taken at the root when this world allows it."""
        rules, node = self.rules, root
        path: list[Step] = []
        growing = True
        decision = rules.decision(state)
        while decision is not None and growing:
            if decision.is_chance:
                rules.apply(state, CHANCE, draw(state, decision))
            elif len(decision.actors) == 1:
                seat = decision.actors[0]
                choices = decision.choices[seat]
                if len(choices) == 1:
                    rules.apply(state, seat, choices[0])
                else:
                    choice, stat = self._choose(node, seat, choices, follow if node is root else None)
                    rules.apply(state, seat, choice)
                    growing = stat.visits > 0
                    node = node.child((seat, choice.id))
                    path.append((seat, stat, node))
            else:
                node, growing = self._together(node, state, decision, path, follow if node is root else None)
            decision = rules.decision(state)
        values = self.play_out(state, decision, path[-1][0] if path else None)
        if self.own_steps and path:
            self._back_up_own_steps(path, values)
            return
        for seat, stat, _ in path:
            stat.add(values[seat])

    def _choose(self, node: Node, seat: int, choices: Sequence[Choice], follow: Key | None) -> tuple[Choice, Stat]:
        followed = node.take(seat, choices, follow[1]) if follow is not None and seat == follow[0] else None
        return followed or node.select(seat, choices, self.explore, self.pick)

    @staticmethod
    def _back_up_own_steps(path: list[Step], values: list[float]) -> None:
        """A choice the same seat follows with another of its own (the next step of its action)
        is worth what the seat's best-tried next choice is worth, not the mean of every
        continuation tried: the seat will not pick the ones explored and found worse."""
        for index in range(len(path) - 1, -1, -1):
            seat, stat, child = path[index]
            value = values[seat]
            if child is not None and index + 1 < len(path) and path[index + 1][0] == seat:
                best = max((s for (who, _), s in child.stats.items() if who == seat and s.visits),
                           key=lambda s: (s.visits, s.mean), default=None)
                if best is not None:
                    value = best.mean
            stat.add(value)

    def _together(self, node: Node, state: State, decision: Decision, path: list[Step],
                  follow: Key | None) -> tuple[Node, bool]:
        """A simultaneous decision: every actor picks from its own statistics here (``follow``'s
        seat takes its choice when it may)."""
        picks = [(seat, *self._choose(node, seat, decision.choices[seat], follow)) for seat in decision.actors]
        growing = True
        for seat, choice, stat in picks:
            now = self.rules.decision(state)
            if now is None or seat not in now.actors or choice not in now.for_actor(seat):
                continue  # the flow moved on (it cannot, for independent branches; be safe)
            self.rules.apply(state, seat, choice)
            path.append((seat, stat, None))
            growing = growing and stat.visits > 0
        return node.child(tuple((seat, choice.id) for seat, choice, _ in picks)), growing

    def play_out(self, state: State, decision: Decision | None, last: int | None) -> list[float]:
        """Random choices for ``depth`` seat decisions, then on to the end of that seat's run
        of decisions (a heuristic judges whole turns better than half-made actions), and the
        values there; ``last`` is the seat that made the last choice in the tree."""
        rules, pick, left = self.rules, self.pick, self.depth
        while decision is not None:
            if decision.is_chance:
                rules.apply(state, CHANCE, draw(state, decision))
            else:
                seat = decision.actors[0]
                choices = decision.choices[seat]
                if left is not None and left <= 0 and (seat != last or not self.whole_turns):
                    return heuristic_values(rules, state, self.seats, self.scale, self.mirrored)
                if len(choices) > 1:
                    if left is not None:
                        left -= 1
                    rules.apply(state, seat, choices[int(pick.random() * len(choices))])
                else:
                    rules.apply(state, seat, choices[0])
                last = seat
            decision = rules.decision(state)
        return final_values(rules, state, self.seats, self.scale)


def draw(state: State, decision: Decision) -> Choice:
    outcomes = decision.choices[CHANCE]
    if len(outcomes) == 1:
        return outcomes[0]
    return outcomes[rng.pick_weighted(state, [outcome.weight for outcome in outcomes])]

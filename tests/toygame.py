"""A tiny real game, the one test double for the generic machinery: core (Match, flow, undo,
replay, bots), saves and their crash/race processes, the CLI, the TUI and shared play between
terminals, and the contract's conformance suite. It is also the smallest example of a game on
the flow engine (docs/ARCHITECTURE.md, "Add a game").

It exercises chance steps (drawn, or supplied by a person), a simultaneous decision, secret
hands with a redacted log, undoable choices next to one that reveals, board targets, game
options, and an endless mode for tests that need a long game.

Toy: 2-3 seats and a deck of twelve cards (four each of 1, 2 and 3). Each seat is dealt two
cards in secret, then all seats pledge high or low at once. Then seats take turns: draw a card
(the turn ends), or play any number of cards for their value and then end the turn. Once a
turn a seat may also peek at the next seat's hand. Played cards go back into the deck. The
first to reach the goal wins; with no goal the game never ends. Score: cards played plus the
bonus for a high pledge.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from engine import registry
from engine.core import Ask, Auto, Choice, Draw, Flow, Option, Rules, Say, Score, add_log, copy_state
from engine.core.choices import Args
from engine.core.rng import reseed, seed_state, shuffle

GAME_ID = "toy"
ENTRY = ("Toy", f"{__name__}:ToyRules")
ENDLESS = 0
VALUES = ("1", "2", "3")
TARGETS = ("deck", *(f"card:{v}" for v in VALUES))
"""The toy's board: the deck, and one spot per card value where played cards are shown."""


# -- the kinds of choice, and how their ids are spelled (the toy's codec) -----------------------


@dataclass(frozen=True, slots=True)
class Card(Args):
    """A card dealt (a chance outcome), or played."""

    spelling = "card:{value}"
    value: int


@dataclass(frozen=True, slots=True)
class Pledge(Args):
    spelling = "pledge:{level}"
    level: str
    """"high" or "low"."""


@dataclass(frozen=True, slots=True)
class Play(Args):
    spelling = "play:{value}"
    value: int


@dataclass(frozen=True, slots=True)
class DrawCard(Args):
    spelling = "draw"


@dataclass(frozen=True, slots=True)
class End(Args):
    spelling = "end"


@dataclass(frozen=True, slots=True)
class Peek(Args):
    spelling = "peek"


class ToyView(TypedDict):
    names: list[str]
    deck: int
    hand_sizes: list[int]
    played: list[int]
    hand: list[int] | None
    """The viewer's own cards (None for a spectator)."""


def register(monkeypatch) -> str:
    """Make the toy a known game for one test; returns its id."""
    monkeypatch.setitem(registry.GAMES, GAME_ID, ENTRY)
    return GAME_ID


class Deal(Draw):
    """A card from the deck to a seat, face down."""

    name = "deal"
    topic = "turn"

    def options(self, state, frame):
        return [Choice.of(Card(int(v)), weight=n) for v, n in state["deck"].items() if n]

    def describe(self, state, frame, choice):
        return f"a {choice.args.value}", ""

    def prompt(self, state, frame):
        return "Deal a card"

    def act(self, state, frame, choice, flow):
        value, seat = choice.args.value, frame["seat"]
        state["deck"][str(value)] -= 1
        state["hands"][seat].append(value)
        add_log(state, Say("{seat:seat} gets a {value}", seat=seat, value=value), only=[seat],
                others=Say("{seat:seat} gets a card", seat=seat))


class PledgeStep(Ask):
    name = "pledge"
    topic = "pledge"
    CHOICES = (Choice.of(Pledge("high")), Choice.of(Pledge("low")))

    def options(self, state, frame):
        return self.CHOICES

    def describe(self, state, frame, choice):
        return f"Pledge {choice.args.level}", ""

    def prompt(self, state, frame):
        return "Pledge"

    def act(self, state, frame, choice, flow):
        state["pledges"][frame["seat"]] = choice.args.level
        add_log(state, Say("{seat:seat} pledges {level}", seat=frame["seat"], level=choice.args.level))


class Turn(Ask):
    """One decision of a seat's turn; it comes back until the turn ends."""

    name = "turn"
    topic = "turn"

    def options(self, state, frame):
        seat = frame["seat"]
        choices = [Choice.of(Play(v), target=f"card:{v}") for v in sorted(set(state["hands"][seat]))]
        if state["played_this_turn"]:
            choices.append(Choice.of(End()))
        elif any(state["deck"].values()):
            choices.append(Choice.of(DrawCard(), target="deck"))
        if not choices:
            choices.append(Choice.of(End()))
        if not state["peeked_this_turn"]:
            choices.append(Choice.of(Peek(), reveals=True))
        return choices

    def describe(self, state, frame, choice):
        match choice.args:
            case Play(value):
                return f"Play a {value}", ""
            case End():
                return ("End the turn" if state["played_this_turn"] else "Pass"), ""
            case DrawCard():
                return "Draw a card", ""
        return "Peek at the next hand", ""

    def prompt(self, state, frame):
        return Say("{seat:seat}: play or draw", seat=frame["seat"])

    def act(self, state, frame, choice, flow):
        seat = frame["seat"]
        match choice.args:
            case Play(value):
                state["hands"][seat].remove(value)
                state["deck"][str(value)] += 1
                state["played"][seat] += value
                state["played_this_turn"] = True
                add_log(state, Say("{seat:seat} plays a {value}", seat=seat, value=value))
                if over(state):
                    flow.clear()
                else:
                    flow.push(frame)
            case Peek():
                peek(state, seat)
                flow.push(frame)
            case DrawCard():
                flow.push({"step": "deal", "seat": seat}, {"step": "next"})
            case _:
                flow.push({"step": "next"})


class NextTurn(Auto):
    name = "next"

    def run(self, state, frame, flow):
        state["played_this_turn"] = state["peeked_this_turn"] = False
        state["turn"] = (state["turn"] + 1) % len(state["names"])
        flow.push({"step": "turn", "seat": state["turn"]})


class Pledges(Auto):
    """Everyone pledges at once, then the first turn."""

    name = "pledges"

    def run(self, state, frame, flow):
        flow.push({"step": "turn", "seat": 0})
        flow.parallel({seat: [{"step": "pledge", "seat": seat}] for seat in range(len(state["names"]))})


def peek(state, seat):
    other = (seat + 1) % len(state["names"])
    hand = " ".join(map(str, sorted(state["hands"][other]))) or "nothing"
    add_log(state, Say("{seat:seat} sees {other:seat} holds {hand}", seat=seat, other=other, hand=hand), only=[seat],
            others=Say("{seat:seat} peeks at {other:seat}'s hand", seat=seat, other=other))
    state["peeked_this_turn"] = True


def over(state):
    return state["goal"] != ENDLESS and max(s.total for s in ToyRules.scores_of(state)) >= state["goal"]


class ToyRules(Rules):
    id = GAME_ID
    title = "Toy"
    min_players = 2
    max_players = 3
    options = (
        Option("bonus", "Pledge bonus", ((1, "1 point"), (2, "2 points"))),
        Option("goal", "Goal", ((6, "6 points"), (ENDLESS, "none (endless)"))),
    )
    flow = Flow([Deal(), PledgeStep(), Turn(), NextTurn(), Pledges()])

    def setup(self, names, options, seed):
        seats = len(names)
        state = {
            "names": list(names),
            "bonus": options["bonus"],
            "goal": options["goal"],
            "deck": {v: 4 for v in VALUES},
            "hands": [[] for _ in names],
            "played": [0 for _ in names],
            "pledges": [None for _ in names],
            "turn": 0,
            "played_this_turn": False,
            "peeked_this_turn": False,
            "log": [],
        }
        seed_state(state, seed)
        deals = [{"step": "deal", "seat": k % seats} for k in range(2 * seats)]
        self.flow.start(state, *deals, {"step": "pledges"})
        return state

    view_type = ToyView

    def view(self, state, viewer):
        return {
            "names": state["names"],
            "deck": sum(state["deck"].values()),
            "hand_sizes": [len(h) for h in state["hands"]],
            "played": list(state["played"]),
            "hand": list(state["hands"][viewer]) if viewer is not None else None,
        }

    def has_private(self, state, viewer):
        return True

    def determinize(self, state, viewer, seed):
        """The others' hands and the deck are one pool the viewer cannot tell apart."""
        twin = copy_state(state, log=False)
        reseed(twin, seed)
        pool = [int(v) for v, n in sorted(twin["deck"].items()) for _ in range(n)]
        others = [seat for seat in range(len(twin["names"])) if seat != viewer]
        for seat in others:
            pool.extend(twin["hands"][seat])
        pool.sort()
        shuffle(twin, pool)
        for seat in others:
            size = len(twin["hands"][seat])
            twin["hands"][seat], pool = sorted(pool[:size]), pool[size:]
        twin["deck"] = {v: pool.count(int(v)) for v in VALUES}
        return twin

    def targets(self, state):
        return TARGETS

    @staticmethod
    def scores_of(state):
        return [
            Score(seat, {"Cards": state["played"][seat],
                         "Pledge": state["bonus"] if state["pledges"][seat] == "high" else 0})
            for seat in range(len(state["names"]))
        ]

    def scores(self, state):
        return self.scores_of(state)

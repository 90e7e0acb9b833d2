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

from engine import registry
from engine.core import Ask, Auto, Choice, Draw, Flow, Option, Rules, Score, add_log, copy_state
from engine.core.rng import reseed, seed_state, shuffle

GAME_ID = "toy"
ENTRY = ("Toy", f"{__name__}:ToyRules")
ENDLESS = 0
VALUES = ("1", "2", "3")
TARGETS = ("deck", *(f"card:{v}" for v in VALUES))
"""The toy's board: the deck, and one spot per card value where played cards are shown."""


def register(monkeypatch) -> str:
    """Make the toy a known game for one test; returns its id."""
    monkeypatch.setitem(registry.GAMES, GAME_ID, ENTRY)
    return GAME_ID


class Deal(Draw):
    """A card from the deck to a seat, face down."""

    name = "deal"
    topic = "turn"

    def options(self, state, frame):
        return [Choice(f"card:{v}", weight=n) for v, n in state["deck"].items() if n]

    def describe(self, state, frame, choice):
        return f"a {choice.id[5:]}", ""

    def prompt(self, state, frame):
        return "Deal a card"

    def act(self, state, frame, choice, flow):
        value, seat = choice.id[5:], frame["seat"]
        state["deck"][value] -= 1
        state["hands"][seat].append(int(value))
        name = state["names"][seat]
        add_log(state, f"{name} gets a {value}", only=[seat], others=f"{name} gets a card")


class Pledge(Ask):
    name = "pledge"
    topic = "pledge"
    CHOICES = (Choice("pledge:high"), Choice("pledge:low"))

    def options(self, state, frame):
        return self.CHOICES

    def describe(self, state, frame, choice):
        return f"Pledge {choice.id[7:]}", ""

    def prompt(self, state, frame):
        return "Pledge"

    def act(self, state, frame, choice, flow):
        state["pledges"][frame["seat"]] = choice.id[7:]
        add_log(state, f"{state['names'][frame['seat']]} pledges {choice.id[7:]}")


class Turn(Ask):
    """One decision of a seat's turn; it comes back until the turn ends."""

    name = "turn"
    topic = "turn"

    def options(self, state, frame):
        seat = frame["seat"]
        choices = [Choice(f"play:{v}", target=f"card:{v}") for v in sorted(set(state["hands"][seat]))]
        if state["played_this_turn"]:
            choices.append(Choice("end"))
        elif any(state["deck"].values()):
            choices.append(Choice("draw", target="deck"))
        if not choices:
            choices.append(Choice("end", "Pass"))
        if not state["peeked_this_turn"]:
            choices.append(Choice("peek", reveals=True))
        return choices

    def describe(self, state, frame, choice):
        kind, _, value = choice.id.partition(":")
        labels = {"play": f"Play a {value}", "end": choice.label or "End the turn", "draw": "Draw a card",
                  "peek": "Peek at the next hand"}
        return labels[kind], ""

    def prompt(self, state, frame):
        return f"{state['names'][frame['seat']]}: play or draw"

    def act(self, state, frame, choice, flow):
        seat = frame["seat"]
        kind, _, value = choice.id.partition(":")
        if kind == "play":
            state["hands"][seat].remove(int(value))
            state["deck"][value] += 1
            state["played"][seat] += int(value)
            state["played_this_turn"] = True
            add_log(state, f"{state['names'][seat]} plays a {value}")
            if over(state):
                flow.clear()
            else:
                flow.push(frame)
        elif kind == "peek":
            peek(state, seat)
            flow.push(frame)
        elif kind == "draw":
            flow.push({"step": "deal", "seat": seat}, {"step": "next"})
        else:
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
    name, other_name = state["names"][seat], state["names"][other]
    hand = " ".join(map(str, sorted(state["hands"][other]))) or "nothing"
    add_log(state, f"{name} sees {other_name} holds {hand}", only=[seat], others=f"{name} peeks at {other_name}'s hand")
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
    flow = Flow([Deal(), Pledge(), Turn(), NextTurn(), Pledges()])

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
            Score(seat, {"Cards": state["played"][seat], "Pledge": state["bonus"] if state["pledges"][seat] == "high" else 0})
            for seat in range(len(state["names"]))
        ]

    def scores(self, state):
        return self.scores_of(state)

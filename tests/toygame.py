"""A tiny real game, the one test double for the generic machinery: core (Match, undo, replay,
bots), saves and their crash/race processes, the CLI, the TUI and shared play between terminals.

It exercises chance steps (drawn, or supplied by a person), a simultaneous decision, secret
hands with a redacted log, undoable choices next to one that reveals, game options, and an
endless mode for tests that need a long game.

Toy: 2-3 seats and a deck of twelve cards (four each of 1, 2 and 3). Each seat is dealt two
cards in secret, then all seats pledge high or low at once. Then seats take turns: draw a card
(the turn ends), or play any number of cards for their value and then end the turn. Once a
turn a seat may also peek at the next seat's hand. Played cards go back into the deck. The
first to reach the goal wins; with no goal the game never ends. Score: cards played plus the
bonus for a high pledge.
"""

from __future__ import annotations

from engine import registry
from engine.core import CHANCE, Choice, Decision, Option, Rules, Score, add_log
from engine.core.rng import seed_state

GAME_ID = "toy"
ENTRY = ("Toy", f"{__name__}:ToyRules")
ENDLESS = 0


def register(monkeypatch) -> str:
    """Make the toy a known game for one test; returns its id."""
    monkeypatch.setitem(registry.GAMES, GAME_ID, ENTRY)
    return GAME_ID


class ToyRules(Rules):
    id = GAME_ID
    title = "Toy"
    min_players = 2
    max_players = 3
    options = (
        Option("bonus", "Pledge bonus", ((1, "1 point"), (2, "2 points"))),
        Option("goal", "Goal", ((6, "6 points"), (ENDLESS, "none (endless)"))),
    )

    def setup(self, names, options, seed):
        state = {
            "names": list(names),
            "bonus": options["bonus"],
            "goal": options["goal"],
            "deck": {"1": 4, "2": 4, "3": 4},
            "hands": [[] for _ in names],
            "played": [0 for _ in names],
            "pledges": [None for _ in names],
            "dealing": 0,
            "turn": 0,
            "drawing": False,
            "played_this_turn": False,
            "peeked_this_turn": False,
        }
        seed_state(state, seed)
        return state

    def decision(self, state):
        seats = len(state["names"])
        if state["dealing"] < 2 * seats or state["drawing"]:
            outcomes = [Choice(f"card:{v}", f"a {v}", weight=n) for v, n in state["deck"].items() if n]
            return Decision.chance("Deal a card", outcomes)
        if None in state["pledges"]:
            open_seats = tuple(s for s in range(seats) if state["pledges"][s] is None)
            pledge = (Choice("pledge:high", "Pledge high"), Choice("pledge:low", "Pledge low"))
            return Decision(open_seats, "Pledge", {s: pledge for s in open_seats}, topic="pledge")
        if self._over(state):
            return None
        seat = state["turn"]
        prompt = f"{state['names'][seat]}: play or draw"
        return Decision.single(seat, prompt, self._turn_choices(state, seat), topic="turn")

    def _turn_choices(self, state, seat):
        choices = [Choice(f"play:{v}", f"Play a {v}") for v in sorted(set(state["hands"][seat]))]
        if state["played_this_turn"]:
            choices.append(Choice("end", "End the turn"))
        elif any(state["deck"].values()):
            choices.append(Choice("draw", "Draw a card"))
        if not choices:
            choices.append(Choice("end", "Pass"))
        if not state["peeked_this_turn"]:
            choices.append(Choice("peek", "Peek at the next hand", reveals=True))
        return choices

    def _over(self, state):
        return state["goal"] != ENDLESS and max(self._totals(state)) >= state["goal"]

    def apply(self, state, actor, choice):
        kind, _, value = choice.id.partition(":")
        seats = len(state["names"])
        if actor == CHANCE:
            drawing = state["drawing"]
            seat = state["turn"] if drawing else state["dealing"] % seats
            state["deck"][value] -= 1
            state["hands"][seat].append(int(value))
            name = state["names"][seat]
            add_log(state, f"{name} gets a {value}", only=[seat], others=f"{name} gets a card")
            if drawing:
                state["drawing"] = False
                self._next(state)
            else:
                state["dealing"] += 1
        elif kind == "pledge":
            state["pledges"][actor] = value
            add_log(state, f"{state['names'][actor]} pledges {value}")
        elif kind == "play":
            state["hands"][actor].remove(int(value))
            state["deck"][value] += 1
            state["played"][actor] += int(value)
            state["played_this_turn"] = True
            add_log(state, f"{state['names'][actor]} plays a {value}")
        elif kind == "peek":
            self._peek(state, actor)
        elif kind == "draw":
            state["drawing"] = True
        else:
            self._next(state)

    def _peek(self, state, actor):
        other = (actor + 1) % len(state["names"])
        name, other_name = state["names"][actor], state["names"][other]
        hand = " ".join(map(str, sorted(state["hands"][other]))) or "nothing"
        add_log(state, f"{name} sees {other_name} holds {hand}", only=[actor],
                others=f"{name} peeks at {other_name}'s hand")
        state["peeked_this_turn"] = True

    def _next(self, state):
        state["played_this_turn"] = state["peeked_this_turn"] = False
        state["turn"] = (state["turn"] + 1) % len(state["names"])

    def view(self, state, viewer):
        return {
            "names": state["names"],
            "deck": sum(state["deck"].values()),
            "hand_sizes": [len(h) for h in state["hands"]],
            "played": list(state["played"]),
            "hand": list(state["hands"][viewer]) if viewer is not None else None,
        }

    def _totals(self, state):
        return [s.total for s in self.scores(state)]

    def scores(self, state):
        return [
            Score(seat, {"Cards": state["played"][seat], "Pledge": state["bonus"] if state["pledges"][seat] == "high" else 0})
            for seat in range(len(state["names"]))
        ]

"""A tiny real game used as a test double for the generic machinery (core, saves, TUI).

Each seat is dealt two cards in secret (chance steps), then all seats pledge at once
(a simultaneous decision), then seats take turns: either draw one more card, or play any
number of cards from their hand for their value and then end the turn. First to 6 points, or everyone out of cards, ends the game.
"""

from __future__ import annotations

from engine.core import CHANCE, Choice, Decision, Option, Rules, Score, add_log
from engine.core.rng import seed_state

TARGET = 6


class ToyRules(Rules):
    id = "toy"
    title = "Toy"
    min_players = 2
    max_players = 3
    options = (Option("bonus", "Pledge bonus", ((1, "1 point"), (2, "2 points"))),)

    def setup(self, names, options, seed):
        state = {
            "names": list(names),
            "bonus": options["bonus"],
            "deck": {"1": 4, "2": 4, "3": 4},
            "hands": [[] for _ in names],
            "played": [0 for _ in names],
            "pledges": [None for _ in names],
            "dealing": 0,
            "turn": 0,
            "drawing": False,
            "played_this_turn": False,
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
        choices = [Choice(f"play:{v}", f"Play a {v}") for v in sorted(set(state["hands"][seat]))]
        if state["played_this_turn"]:
            choices.append(Choice("end", "End the turn"))
        elif any(state["deck"].values()):
            choices.append(Choice("draw", "Draw a card"))
        if not choices:
            choices.append(Choice("end", "Pass"))
        return Decision.single(seat, f"{state['names'][seat]}: play or draw", choices, topic="turn")

    def _over(self, state):
        out_of_cards = not any(state["deck"].values()) and not any(state["hands"])
        return out_of_cards or max(self._totals(state)) >= TARGET

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
            state["played"][actor] += int(value)
            state["played_this_turn"] = True
            add_log(state, f"{state['names'][actor]} plays a {value}")
        elif kind == "draw":
            state["drawing"] = True
        else:
            self._next(state)

    def _next(self, state):
        state["played_this_turn"] = False
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

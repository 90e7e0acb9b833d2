"""A tiny real game for testing saves and the CLI without depending on a real game's rules.

Toy race: each turn a die is rolled (a chance step), then the seat picks a card from its
private hand and either runs (advance die + card, then draw a hidden card) or rests (keep
the card, draw an extra one: that shows a new card, so it reveals). The game ends when
someone reaches the goal or after the last round. Picking a card and deciding run/rest
are two decisions, so the pick can be undone.
"""

from __future__ import annotations

from engine import registry
from engine.core import rng
from engine.core.contract import Choice, Decision, Option, Rules, Score
from engine.core.log import add_log

GAME_ID = "race"
DIE = (("1", 2), ("2", 1), ("3", 1))  # faces and weights


class ToyRace(Rules):
    id = GAME_ID
    title = "Race"
    min_players = 1
    max_players = 4
    version = "1"
    options = (
        Option("goal", "Goal", ((12, "12 steps"), (1000, "1000 steps"))),
        Option("rounds", "Rounds", ((8, "8 rounds"), (100000, "endless"))),
    )

    def setup(self, names, options, seed):
        state = {"goal": options["goal"], "rounds": options["rounds"], "round": 1, "turn": 0,
                 "positions": [0] * len(names), "hands": [], "roll": None, "picked": None}
        rng.seed_state(state, seed)
        state["hands"] = [[self._card(state), self._card(state)] for _ in names]
        return state

    def _card(self, state):
        return 1 + rng.below(state, 3)

    def _over(self, state):
        return state["round"] > state["rounds"] or max(state["positions"]) >= state["goal"]

    def decision(self, state):
        if self._over(state):
            return None
        seat = state["turn"]
        if state["roll"] is None:
            return Decision.chance("Roll the die", [Choice(face, f"Rolled {face}", weight=w) for face, w in DIE])
        if state["picked"] is None:
            cards = sorted(set(state["hands"][seat]))
            return Decision.single(seat, "Pick a card", [Choice(f"card-{c}", f"Play a {c}") for c in cards])
        return Decision.single(seat, "Run or rest?", [Choice("run", "Run"), Choice("rest", "Rest", reveals=True)])

    def apply(self, state, actor, choice):
        if actor == -1:
            state["roll"] = int(choice.id)
            return
        seat = state["turn"]
        if choice.id.startswith("card-"):
            state["picked"] = int(choice.id[5:])
            return
        hand = state["hands"][seat]
        if choice.id == "run":
            hand.remove(state["picked"])
            state["positions"][seat] += state["roll"] + state["picked"]
            add_log(state, f"Seat {seat} runs to {state['positions'][seat]}")
        card = self._card(state)
        hand.append(card)
        add_log(state, f"You draw a {card}", only=[seat], others=f"Seat {seat} draws a card")
        state["roll"] = state["picked"] = None
        state["turn"] = (seat + 1) % len(state["positions"])
        if state["turn"] == 0:
            state["round"] += 1

    def view(self, state, viewer):
        return {"positions": list(state["positions"]), "round": min(state["round"], state["rounds"]),
                "rounds": state["rounds"], "hand": list(state["hands"][viewer]) if viewer is not None else [],
                "hand_sizes": [len(hand) for hand in state["hands"]]}

    def scores(self, state):
        return [Score(seat, {"distance": position}) for seat, position in enumerate(state["positions"])]


def register(monkeypatch) -> None:
    monkeypatch.setitem(registry.GAMES, GAME_ID, (ToyRace.title, f"{__name__}:ToyRace"))
    monkeypatch.setitem(registry._loaded, GAME_ID, ToyRace())

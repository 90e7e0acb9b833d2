"""Polis (2012 edition) setup as a checklist; a two-player game, Athens against Sparta.

Random parts drawn from the seed: which player takes Athens and which Sparta. The project
tiles and the first event come from the shuffled components themselves.
"""

from __future__ import annotations

from engine.assistant.checklist import Checklist, Draw, StepRule, drawer, shuffled, steps_for
from engine.core.seats import seat_tag

PLAYER_COUNTS = (2,)
SIDES = ("Athens", "Sparta")
COMMON = "Setup"

STEPS = (
    StepRule("board", COMMON, "Board in the middle of the table."),
    StepRule("sides", COMMON, "Each player takes a side (see the draws): Athens plays blue, Sparta red; "
             "take your player mat."),
    StepRule("poleis", COMMON, "Each side: your 3 starting polis tiles in front of you, a disc of your colour on "
             "each of those cities on the map, and their starting population cubes on the tiles."),
    StepRule("units", COMMON, "Place the starting hoplites, galleys, merchants and proxenos as the scenario shows."),
    StepRule("resources", COMMON, "Set the resource and prestige tracks on your mat to their starting values."),
    StepRule("markets", COMMON, "Black cubes on the starting spaces of the market price tracks."),
    StepRule("events", COMMON, "Sort the event cards into their round decks (#3, #4, #5a, #5b) and shuffle each."),
    StepRule("round", COMMON, "Round marker on the first round (#3: at most 3 units per territory)."),
    StepRule("projects", COMMON, "Shuffle the project tiles and lay 3 face up."),
    StepRule("first-event", COMMON, "Draw the first event card of the #3 deck and resolve it."),
    StepRule("first-player", COMMON, "The player with less prestige starts the round (unless the event says "
             "otherwise)."),
)


def setup_checklist(players: int, seed: int) -> Checklist:
    if players not in PLAYER_COUNTS:
        raise ValueError(f"Polis is a 2-player game, not {players}")
    sides = shuffled(drawer(seed), SIDES)
    draws = tuple(Draw(f"{seat_tag(seat)} plays", side) for seat, side in enumerate(sides))
    return Checklist("polis", players, seed, steps_for(STEPS, players), draws)

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

ROUND_CAPS = (3, 4, 5, 5)
"""Rounds #3, #4, #5a, #5b: the most units per territory, and the market spaces usable in trade."""
STEPS = (
    StepRule("board", COMMON, "Board in the middle of the table."),
    StepRule("sides", COMMON, "Each player takes a side (see the draws): Athens plays blue, Sparta red; "
             "take your player mat."),
    StepRule("poleis", COMMON, "Each side: your 3 starting polis tiles in front of you (the capitals Athinai and "
             "Sparti among them), a disc of your colour on each of those cities on the map, and as many population "
             "cubes on each tile as its printed starting population."),
    StepRule("harbours", COMMON, "Merchants can only be built in the harbour cities with an anchor: Gytheion and "
             "Pylos for Sparta, Athens for Athens. Galleys cannot be built in Sparta or Thebai (no harbour)."),
    StepRule("units", COMMON, "Each side: your proxenos in your capital and a merchant in your trade port (Sparta: "
             "the blue area between the Ionian and Myrtoan seas; Athens: the red area of the Cyclades); hoplites "
             "and galleys as the scenario shows."),
    StepRule("resources", COMMON, "Set the resource and prestige tracks on your mat to their starting values (the "
             "2012 values are printed on the mats; the texts we follow do not give them)."),
    StepRule("markets", COMMON, "A black cube on the first space of each good's price track."),
    StepRule("events", COMMON, "Sort the event cards into their round decks #3, #4, #5a and #5b and shuffle each."),
    StepRule("round", COMMON, "Round marker on round #3. Units per territory by round: " +
             ", ".join(f"round {n} at most {cap}" for n, cap in enumerate(ROUND_CAPS, start=1)) +
             "; market spaces usable by round: " + " / ".join(map(str, ROUND_CAPS)) + "."),
    StepRule("projects", COMMON, "Shuffle the 14 project tiles and lay 3 face up."),
    StepRule("first-event", COMMON, "Draw the first event card of the #3 deck and resolve it."),
    StepRule("first-player", COMMON, "The player with less prestige starts the round (the event 'Leotychidas II' "
             "makes Athens start). Each turn is 2 different actions out of 12; after a pass, the other side pays "
             "1 resource for each further action."),
)


def setup_checklist(players: int, seed: int) -> Checklist:
    if players not in PLAYER_COUNTS:
        raise ValueError(f"Polis is a 2-player game, not {players}")
    sides = shuffled(drawer(seed), SIDES)
    draws = tuple(Draw(f"{seat_tag(seat)} plays", side, ("sides", "poleis", "units")) for seat, side in enumerate(sides))
    return Checklist("polis", players, seed, steps_for(STEPS, players), draws)

"""Thebai setup as a checklist (2 to 4 players; solo play has its own rulebook).

Random parts drawn from the seed: the order of the devotion markers on the Dionysus track,
which fixes the Ares stack (the reverse), the turn order and the first player.
"""

from __future__ import annotations

from dataclasses import replace

from engine.assistant.checklist import Checklist, Draw, StepRule, drawer, seats_text, shuffled, steps_for

PLAYER_COUNTS = (2, 3, 4)
COLLAPSE_MARKERS = {2: 3, 3: 4, 4: 5}
"""The rules say 3, 4 or 5 markers by player count; fewest players, fewest markers."""
EXTRA_START_TILES = {2: 2, 3: 3}
START_BY_PLACE = (
    (("1", "1", "1★"), 1),
    (("1", "1", "1★"), 2),
    (("1", "1★", "1★"), 2),
    (("1", "1★", "2"), 3),
)
"""The table step I refers to: a player's 3 own citizen dice and drachma by turn-order place.
The rulebook prints it without the texts giving its values, so these are reconstructed (the
later places are made up for with stronger dice and more drachma); a table with the
printed rulebook follows that."""
PLACES = ("1st", "2nd", "3rd", "4th")

COMMON = "Common setup"
PLAYER = "Player setup"
TWO = "2-player game"

STEPS = (
    StepRule("city", COMMON, lambda n: f"City board in the middle, on its {n}-player side."),
    StepRule("devotion", COMMON, "Devotion board to the left of the city board."),
    StepRule("council", COMMON, lambda n: f"Council board to the right of the city board, on its {n}-player side."),
    StepRule("council-tile", COMMON, "4-player council tile beside the council board.", lambda n: n == 4),
    StepRule("commanders", COMMON, "Shuffle the Commander cards; one face up on each Commander space, its matching "
             "stand beside it. Box the rest."),
    StepRule("invaders", COMMON, "Shuffle the Invader cards; one face down on each Invader space. Box the rest unseen."),
    StepRule("gates", COMMON, "Gate tiles face up at random, one on the leftmost space of each row."),
    StepRule("fate-sort", COMMON, "Set Fate tiles alpha and beta aside; sort the rest by back into delta, gamma "
             "and omega stacks and shuffle each."),
    StepRule("fate-seven", COMMON, "Return conflict Fate tile No. 7 to the box.", lambda n: n == 2),
    StepRule("fate-layout", COMMON, "Lay out the Fate tiles beside the city board: top row face up "
             "alpha beta gamma delta gamma; bottom row face down delta omega delta omega delta."),
    StepRule("battle-marker", COMMON, "Battle marker on the Invader card of the row whose number is on the "
             "leftmost face-up conflict tile."),
    StepRule("contracts-deck", COMMON, "Set aside the starting contracts (S in the corner); shuffle the other "
             "contracts into a face-down deck beside the city board."),
    StepRule("contracts-start", COMMON, "Lay the starting contracts face up beside the deck."),
    StepRule("blessings", COMMON, "Stack the Blessing tiles on the devotion board on their matching spaces; the "
             "last-step stacks run 2 VP at the bottom up to 8 VP on top; citizen-die stack left, hoplite-die stack right."),
    StepRule("metoikoi", COMMON, "Stack the Metoikoi tiles on the devotion board, matching power and colour."),
    StepRule("collapse", COMMON, lambda n: f"Draw 1 Collapse card and put {COLLAPSE_MARKERS[n]} collapse markers "
             "on the council spaces it shows. Box all Collapse cards."),
    StepRule("supply", COMMON, "Grapes, pottery, bronze and drachma beside the city board as the common supply "
             "(these are unlimited)."),
    StepRule("dionysus", PLAYER, "Stack one devotion marker per player on the Dionysus start space, in the drawn "
             "order (see the draws)."),
    StepRule("ares", PLAYER, "Stack one devotion marker per player on the Ares start space, in the reverse order."),
    StepRule("turn-order", PLAYER, "Turn-order markers on the turn-order track in the Dionysus order; the top "
             "marker's player is first player."),
    StepRule("score", PLAYER, "Score markers on space 10 of the score track."),
    StepRule("estate", PLAYER, "Each player: Estate board in front of you."),
    StepRule("own-tiles", PLAYER, "Each player: all Cadmea tiles of your colour at random on estate columns 2, 3 and 4."),
    StepRule("neutral-tiles", PLAYER, "Each player: 3 neutral Cadmea tiles at random on the rightmost estate "
             "column. Then box the unused neutral tiles."),
    StepRule("hoplites", PLAYER, "Each player: your 4 hoplite dice, showing 1, into your supply."),
    StepRule("citizens-common", PLAYER, "Each player: 4 of your 7 citizen dice into the common supply."),
    StepRule("citizens-own", PLAYER, "Each player: set your other 3 citizen dice and take drachma by your "
             "turn-order place:"),
    StepRule("pieces", PLAYER, "Each player: Archon, 4 Strategos tiles, 3 councillor tiles, 1 bronze, 1 grape "
             "and 1 pottery into your supply."),
    StepRule("start-tiles", PLAYER, "Each player picks the leftmost Cadmea tile of any estate row; set them "
             "aside together."),
    StepRule("start-tiles-extra", PLAYER, lambda n: f"Add {EXTRA_START_TILES[n]} random Cadmea tiles of unused "
             "player colours to them.", lambda n: n in EXTRA_START_TILES),
    StepRule("start-tiles-city", PLAYER, "Place all those tiles at random on the marked spaces in the middle of "
             "the city board."),
    StepRule("start-contract", PLAYER, "In reverse turn order each player takes one starting contract into hand; "
             "box the rest."),
    StepRule("display", PLAYER, "Fill the contract display with 4 cards from the deck."),
    StepRule("heralds", TWO, "Shuffle the Herald cards into a deck near the city board.", lambda n: n == 2),
    StepRule("plaza", TWO, "Plaza marker near the city board.", lambda n: n == 2),
)


def start_table(order: list[int]) -> str:
    """The starting dice and drachma by turn-order place, naming who sits in each place."""
    rows = []
    for place, seat in enumerate(order):
        faces, drachma = START_BY_PLACE[place]
        rows.append(f"{PLACES[place]} {seats_text([seat])}: citizen dice {' '.join(faces)}, {drachma} drachma")
    return "".join(f"\n  {row}" for row in rows) + "\n  (values reconstructed: the texts do not print the table)"


def setup_checklist(players: int, seed: int) -> Checklist:
    if players not in PLAYER_COUNTS:
        raise ValueError(f"Thebai's table assistant is for 2-4 players, not {players}")
    dionysus = shuffled(drawer(seed), range(players))
    order = seats_text(dionysus)
    draws = (
        Draw("Dionysus stack, top to bottom", order, ("dionysus",)),
        Draw("Ares stack, top to bottom", seats_text(dionysus[::-1]), ("ares",)),
        Draw("Turn order", order, ("turn-order", "citizens-own", "start-contract")),
        Draw("First player", seats_text(dionysus[:1]), ("turn-order",)),
    )
    steps = tuple(replace(step, text=step.text + start_table(dionysus)) if step.id == "citizens-own" else step
                  for step in steps_for(STEPS, players))
    return Checklist("thebai", players, seed, steps, draws)

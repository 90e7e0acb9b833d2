"""Thebai in the table assistant: setup checklist, fate-phase battle helper, final score sheet.

The setup checklist is for 2 to 4 players (solo play has its own rulebook). Its random parts are
drawn from the seed: the order of the devotion markers on the Dionysus track, which fixes the Ares
stack (the reverse), the turn order and the first player.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from engine.assistant.checklist import Checklist, Draw, StepRule, drawer, seats_text, shuffled, steps_for
from engine.assistant.forms import (
    EntryError,
    Field,
    Form,
    OutOfRange,
    Result,
    Total,
    entries_of,
    parse_count,
    parse_integer,
    score_result,
    seat_labels,
)

from .battle import Combatant, die_power, resolve_battle
from .scoring import SUITS, FinalEntry, final_score

TITLE = "Thebai"
player_labels = seat_labels
__all__ = ["TITLE", "PLAYER_COUNTS", "setup_checklist", "FORMS", "player_labels"]


# -- the setup checklist -------------------------------------------------------------------------

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
    StepRule("invaders", COMMON, "Shuffle the Invader cards; one face down on each Invader space. Box the rest "
             "unseen."),
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
             "last-step stacks run 2 VP at the bottom up to 8 VP on top; citizen-die stack left, hoplite-die stack "
             "right."),
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
    StepRule("own-tiles", PLAYER, "Each player: all Cadmea tiles of your colour at random on estate columns 2, 3 "
             "and 4."),
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
    more = {"citizens-own": start_table(dionysus)}
    steps = tuple(replace(step, text=step.text + more[step.id]) if step.id in more else step
                  for step in steps_for(STEPS, players))
    return Checklist("thebai", players, seed, steps, draws)


# -- the battle helper and the score sheet ---------------------------------------------------------


BATTLES = 4
"""Conflicts after rounds 3, 5, 7 and 9: four battles, each won gate tile one of them."""
HOPLITE_DICE = 4
CITIZEN_DICE = 7
DIE_MOST = 3
CONTRACTS_PER_SUIT = 15
"""A ceiling on one player's fulfilled contracts of a suit that no game reaches. The texts do not
print the deck's count per suit, so nothing bounds the table's sum over the players."""
VP_MOST = 300
"""A strong game scores about 133 VP (the highest published score); more than twice that is a typo."""
STOCK_MOST = 200
"""Goods and drachma are unlimited in the box; no game gains this many."""
# Not bounded here, since the texts do not print them (our components reconstruct them, and a
# table with the real ones must be able to enter every printed value): the numbers on the
# Strategos tiles, the length of the devotion tracks, the VP under an estate column (only
# within a game's reach) and an invader card's modifier (either sign).


def parse_dice(text: str) -> list[int]:
    try:
        return [die_power(face) for face in entries_of(text)]
    except ValueError as error:
        raise EntryError(str(error)) from None


def parse_battle_number(text: str) -> int:
    number = parse_integer(text)
    if not 1 <= number <= BATTLES:
        raise OutOfRange(f"battles are numbered 1 to {BATTLES}")
    return number


def check_stack(value: int, players: int) -> None:
    if not 1 <= value <= players:
        raise OutOfRange(f"a stack of {players} markers has places 1 to {players}")


def compute_battle(shared: dict[str, Any], players: list[dict[str, Any]], labels: Sequence[str]) -> Result:
    combatants = [Combatant(tuple(p["dice"]), p["strategos"], (p["ares"], p["ares_stack"]),
                            (p["dionysus"], p["dionysus_stack"]), p["vp"]) for p in players]
    report = resolve_battle(shared["battle"], shared["modifier"], combatants)
    rows = [
        ["Power", *(str(o.power) for o in report.outcomes)],
        ["Result", *(o.result for o in report.outcomes)],
        ["VP change", *(f"{o.vp_change:+d}" for o in report.outcomes)],
        ["VP after", *(str(o.vp_after) for o in report.outcomes)],
        ["Loot (times)", *(str(o.loot) for o in report.outcomes)],
        ["Wages (drachma)", *(str(o.wages) for o in report.outcomes)],
    ]
    gate = labels[report.gate_tile] if report.gate_tile is not None else "nobody (no winner)"
    notes = [
        f"Invader power: {report.invader} (battle {shared['battle']} {shared['modifier']:+d}).",
        f"Gate tile: {gate}.",
        "Wages: pay 1 drachma per engaged hoplite die to keep it; unpaid dice go home reset to 1.",
        "Then move council dice from the corridor to the monuments, top to bottom.",
        "New turn order (Dionysus): " + " ".join(labels[s] for s in report.turn_order) + ".",
    ]
    order = " ".join(labels[s] for s in report.turn_order)
    headline = f"Invader power {report.invader} · gate tile: {gate} · next turn order: {order}"
    return Result(["", *labels], rows, notes, headline)


def compute_final(shared: dict[str, Any], players: list[dict[str, Any]], labels: Sequence[str]) -> Result:
    results = [final_score(seat, FinalEntry(
        p["track"], p["council"], p["estate"], p["city"],
        tuple(p[f"suit{s + 1}"] for s in range(SUITS)), p["gates"], p["goods"], p["drachma"], p["unfulfilled"]))
        for seat, p in enumerate(players)]
    notes = [f"{labels[seat]}: gate tiles as "
             + ", ".join(f"{n} to suit {s + 1}" for s, n in enumerate(r.gate_suits) if n)
             for seat, r in enumerate(results) if any(r.gate_suits)]
    return score_result([r.score for r in results], labels, notes=notes)


SIGNED = r"[-+]?[0-9]*"
DICE = r"[123* ,★]*"

BATTLE = Form(
    "battle", "Fate phase: battle", "round",
    shared=(Field("battle", "Battle number (1-4)", parse_battle_number, "1"),
            Field("modifier", "Invader card modifier", parse_integer, "0", least=None, typed=SIGNED)),
    per_player=(
        Field("dice", "Hoplite dice in the row", parse_dice, "", "faces, e.g. 1 2* 3", items=HOPLITE_DICE,
              why=f"{HOPLITE_DICE} hoplite dice each", typed=DICE),
        Field("strategos", "Strategos power in the row", parse_count),
        Field("vp", "VP now", parse_count, most=VP_MOST, why="far beyond a game's reach"),
        Field("ares", "Ares track space", parse_count),
        Field("ares_stack", "Ares stack (1 = bottom)", parse_count, "1", check=check_stack),
        Field("dionysus", "Dionysus track space", parse_count),
        Field("dionysus_stack", "Dionysus stack (1 = bottom)", parse_count, "1", check=check_stack),
    ),
    compute=compute_battle,
    help="Enter the revealed invader card and each player's force in the battle row.",
)

FINAL = Form(
    "final", "Final scoring", "score",
    shared=(),
    per_player=(
        Field("track", "VP on the score track", most=VP_MOST, why="far beyond a game's reach"),
        Field("council", "Council VP", most=VP_MOST, why="far beyond a game's reach"),
        Field("estate", "Rightmost empty column VP", most=VP_MOST, why="far beyond a game's reach"),
        Field("city", "Dice power on the city", most=(HOPLITE_DICE + CITIZEN_DICE) * DIE_MOST,
              why=f"{HOPLITE_DICE + CITIZEN_DICE} dice of power {DIE_MOST} at most"),
        *(Field(f"suit{s + 1}", f"Contracts of suit {s + 1}", most=CONTRACTS_PER_SUIT,
                why="far beyond a game's reach") for s in range(SUITS)),
        Field("gates", "Gate tiles", most=BATTLES, why=f"{BATTLES} battles, one gate tile each"),
        Field("goods", "Goods left", most=STOCK_MOST, why="far beyond a game's reach"),
        Field("drachma", "Drachma left", most=STOCK_MOST, why="far beyond a game's reach"),
        Field("unfulfilled", "Unfulfilled contracts", most=SUITS * CONTRACTS_PER_SUIT,
              why="far beyond a game's reach"),
    ),
    compute=compute_final,
    help="Gate tiles are given the suits that score most. Ties are shared.",
    totals=(Total("gates", BATTLES, f"{BATTLES} battles, one gate tile each"),),
)

FORMS = (BATTLE, FINAL)

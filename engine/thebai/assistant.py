"""Thebai in the table assistant: setup checklist, fate-phase battle helper, final score sheet.

The setup checklist is for 2 to 4 players (solo play has its own rulebook). Its random parts are
drawn from the seed: the order of the devotion markers on the Dionysus track, which fixes the Ares
stack (the reverse), the turn order and the first player.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
from engine.core.text import Said, Say, said_of, said_to_json
from engine.i18n import N_

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
PLACE_ROWS = (
    N_("1st {seat}: citizen dice {faces}, {drachma} drachma"),
    N_("2nd {seat}: citizen dice {faces}, {drachma} drachma"),
    N_("3rd {seat}: citizen dice {faces}, {drachma} drachma"),
    N_("4th {seat}: citizen dice {faces}, {drachma} drachma"),
)

COMMON = N_("Common setup")
PLAYER = N_("Player setup")
TWO = N_("2-player game")

STEPS = (
    StepRule("city", COMMON, N_("City board in the middle, on its {n}-player side.")),
    StepRule("devotion", COMMON, N_("Devotion board to the left of the city board.")),
    StepRule("council", COMMON, N_("Council board to the right of the city board, on its {n}-player side.")),
    StepRule("council-tile", COMMON, N_("4-player council tile beside the council board."), lambda n: n == 4),
    StepRule("commanders", COMMON, N_("Shuffle the Commander cards; one face up on each Commander space, its matching "
             "stand beside it. Box the rest.")),
    StepRule("invaders", COMMON, N_("Shuffle the Invader cards; one face down on each Invader space. Box the rest "
             "unseen.")),
    StepRule("gates", COMMON, N_("Gate tiles face up at random, one on the leftmost space of each row.")),
    StepRule("fate-sort", COMMON, N_("Set Fate tiles alpha and beta aside; sort the rest by back into delta, gamma "
             "and omega stacks and shuffle each.")),
    StepRule("fate-seven", COMMON, N_("Return conflict Fate tile No. 7 to the box."), lambda n: n == 2),
    StepRule("fate-layout", COMMON, N_("Lay out the Fate tiles beside the city board: top row face up "
             "alpha beta gamma delta gamma; bottom row face down delta omega delta omega delta.")),
    StepRule("battle-marker", COMMON, N_("Battle marker on the Invader card of the row whose number is on the "
             "leftmost face-up conflict tile.")),
    StepRule("contracts-deck", COMMON, N_("Set aside the starting contracts (S in the corner); shuffle the other "
             "contracts into a face-down deck beside the city board.")),
    StepRule("contracts-start", COMMON, N_("Lay the starting contracts face up beside the deck.")),
    StepRule("blessings", COMMON, N_("Stack the Blessing tiles on the devotion board on their matching spaces; the "
             "last-step stacks run 2 VP at the bottom up to 8 VP on top; citizen-die stack left, hoplite-die stack "
             "right.")),
    StepRule("metoikoi", COMMON, N_("Stack the Metoikoi tiles on the devotion board, matching power and colour.")),
    StepRule("collapse", COMMON, N_("Draw 1 Collapse card and put {markers} collapse markers "
             "on the council spaces it shows. Box all Collapse cards."),
             args=lambda n: {"markers": COLLAPSE_MARKERS[n]}),
    StepRule("supply", COMMON, N_("Grapes, pottery, bronze and drachma beside the city board as the common supply "
             "(these are unlimited).")),
    StepRule("dionysus", PLAYER, N_("Stack one devotion marker per player on the Dionysus start space, in the drawn "
             "order (see the draws).")),
    StepRule("ares", PLAYER, N_("Stack one devotion marker per player on the Ares start space, in the reverse order.")),
    StepRule("turn-order", PLAYER, N_("Turn-order markers on the turn-order track in the Dionysus order; the top "
             "marker's player is first player.")),
    StepRule("score", PLAYER, N_("Score markers on space 10 of the score track.")),
    StepRule("estate", PLAYER, N_("Each player: Estate board in front of you.")),
    StepRule("own-tiles", PLAYER, N_("Each player: all Cadmea tiles of your colour at random on estate columns 2, 3 "
             "and 4.")),
    StepRule("neutral-tiles", PLAYER, N_("Each player: 3 neutral Cadmea tiles at random on the rightmost estate "
             "column. Then box the unused neutral tiles.")),
    StepRule("hoplites", PLAYER, N_("Each player: your 4 hoplite dice, showing 1, into your supply.")),
    StepRule("citizens-common", PLAYER, N_("Each player: 4 of your 7 citizen dice into the common supply.")),
    StepRule("citizens-own", PLAYER, N_("Each player: set your other 3 citizen dice and take drachma by your "
             "turn-order place:")),
    StepRule("pieces", PLAYER, N_("Each player: Archon, 4 Strategos tiles, 3 councillor tiles, 1 bronze, 1 grape "
             "and 1 pottery into your supply.")),
    StepRule("start-tiles", PLAYER, N_("Each player picks the leftmost Cadmea tile of any estate row; set them "
             "aside together.")),
    StepRule("start-tiles-extra", PLAYER, N_("Add {tiles} random Cadmea tiles of unused "
             "player colours to them."), lambda n: n in EXTRA_START_TILES,
             args=lambda n: {"tiles": EXTRA_START_TILES.get(n)}),
    StepRule("start-tiles-city", PLAYER, N_("Place all those tiles at random on the marked spaces in the middle of "
             "the city board.")),
    StepRule("start-contract", PLAYER, N_("In reverse turn order each player takes one starting contract into hand; "
             "box the rest.")),
    StepRule("display", PLAYER, N_("Fill the contract display with 4 cards from the deck.")),
    StepRule("heralds", TWO, N_("Shuffle the Herald cards into a deck near the city board."), lambda n: n == 2),
    StepRule("plaza", TWO, N_("Plaza marker near the city board."), lambda n: n == 2),
)


def start_table(order: list[int]) -> tuple[tuple[str, Mapping[str, Any]], ...]:
    """The starting dice and drachma by turn-order place, naming who sits in each place."""
    rows = []
    for place, seat in enumerate(order):
        faces, drachma = START_BY_PLACE[place]
        rows.append((PLACE_ROWS[place], {"seat": seats_text([seat]), "faces": " ".join(faces), "drachma": drachma}))
    return (*rows, (N_("(values reconstructed: the texts do not print the table)"), {}))


def setup_checklist(players: int, seed: int) -> Checklist:
    if players not in PLAYER_COUNTS:
        raise ValueError(f"Thebai's table assistant is for 2-4 players, not {players}")
    dionysus = shuffled(drawer(seed), range(players))
    order = seats_text(dionysus)
    draws = (
        Draw(N_("Dionysus stack, top to bottom"), order, ("dionysus",)),
        Draw(N_("Ares stack, top to bottom"), seats_text(dionysus[::-1]), ("ares",)),
        Draw(N_("Turn order"), order, ("turn-order", "citizens-own", "start-contract")),
        Draw(N_("First player"), seats_text(dionysus[:1]), ("turn-order",)),
    )
    steps = tuple(replace(step, lines=start_table(dionysus)) if step.id == "citizens-own" else step
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
        raise EntryError(said_of(error)) from None


def parse_battle_number(text: str) -> int:
    number = parse_integer(text)
    if not 1 <= number <= BATTLES:
        raise OutOfRange(Say("battles are numbered 1 to {most}", most=BATTLES))
    return number


def check_stack(value: int, players: int) -> None:
    if not 1 <= value <= players:
        raise OutOfRange(Say("a stack of {n} markers has places 1 to {n}", n=players))


def compute_battle(shared: dict[str, Any], players: list[dict[str, Any]], labels: Sequence[str]) -> Result:
    combatants = [Combatant(tuple(p["dice"]), p["strategos"], (p["ares"], p["ares_stack"]),
                            (p["dionysus"], p["dionysus_stack"]), p["vp"]) for p in players]
    report = resolve_battle(shared["battle"], shared["modifier"], combatants)
    rows = [
        [N_("Power"), *(str(o.power) for o in report.outcomes)],
        [N_("Result"), *(o.result for o in report.outcomes)],
        [N_("VP change"), *(f"{o.vp_change:+d}" for o in report.outcomes)],
        [N_("VP after"), *(str(o.vp_after) for o in report.outcomes)],
        [N_("Loot (times)"), *(str(o.loot) for o in report.outcomes)],
        [N_("Wages (drachma)"), *(str(o.wages) for o in report.outcomes)],
    ]
    gate: Said = labels[report.gate_tile] if report.gate_tile is not None else Say("nobody (no winner)")
    order = " ".join(labels[s] for s in report.turn_order)
    notes: list[Said] = [
        Say("Invader power: {power} (battle {battle} {modifier:+d}).", power=report.invader, battle=shared["battle"],
            modifier=shared["modifier"]),
        Say("Gate tile: {gate:said}.", gate=said_to_json(gate)),
        Say("Wages: pay 1 drachma per engaged hoplite die to keep it; unpaid dice go home reset to 1."),
        Say("Then move council dice from the corridor to the monuments, top to bottom."),
        Say("New turn order (Dionysus): {order}.", order=order),
    ]
    headline = Say("Invader power {power} · gate tile: {gate:said} · next turn order: {order}", power=report.invader,
                   gate=said_to_json(gate), order=order)
    return Result(["", *labels], rows, notes, headline)


TO_SUIT = N_("{n} to suit {suit}")
"""Gate tiles given to a suit, as a final score sheet's note says it."""


def compute_final(shared: dict[str, Any], players: list[dict[str, Any]], labels: Sequence[str]) -> Result:
    results = [final_score(seat, FinalEntry(
        p["track"], p["council"], p["estate"], p["city"],
        tuple(p[f"suit{s + 1}"] for s in range(SUITS)), p["gates"], p["goods"], p["drachma"], p["unfulfilled"]))
        for seat, p in enumerate(players)]
    notes: list[Said] = [Say("{player}: gate tiles as {suits:list}", player=labels[seat], suits=[
        Say(TO_SUIT, n=n, suit=s + 1).to_json() for s, n in enumerate(r.gate_suits) if n])
        for seat, r in enumerate(results) if any(r.gate_suits)]
    return score_result([r.score for r in results], labels, notes=notes)


SIGNED = r"[-+]?[0-9]*"
DICE = r"[123* ,★]*"

FAR = Say("far beyond a game's reach")
GATES = Say("{n} battles, one gate tile each", n=BATTLES)

SUIT_LABELS = (N_("Contracts of suit 1"), N_("Contracts of suit 2"), N_("Contracts of suit 3"),
               N_("Contracts of suit 4"))

BATTLE = Form(
    "battle", N_("Fate phase: battle"), "round",
    shared=(Field("battle", N_("Battle number (1-4)"), parse_battle_number, "1"),
            Field("modifier", N_("Invader card modifier"), parse_integer, "0", least=None, typed=SIGNED)),
    per_player=(
        Field("dice", N_("Hoplite dice in the row"), parse_dice, "", N_("faces, e.g. 1 2* 3"), items=HOPLITE_DICE,
              why=Say("{n} hoplite dice each", n=HOPLITE_DICE), typed=DICE),
        Field("strategos", N_("Strategos power in the row"), parse_count),
        Field("vp", N_("VP now"), parse_count, most=VP_MOST, why=FAR),
        Field("ares", N_("Ares track space"), parse_count),
        Field("ares_stack", N_("Ares stack (1 = bottom)"), parse_count, "1", check=check_stack),
        Field("dionysus", N_("Dionysus track space"), parse_count),
        Field("dionysus_stack", N_("Dionysus stack (1 = bottom)"), parse_count, "1", check=check_stack),
    ),
    compute=compute_battle,
    help=N_("Enter the revealed invader card and each player's force in the battle row."),
)

FINAL = Form(
    "final", N_("Final scoring"), "score",
    shared=(),
    per_player=(
        Field("track", N_("VP on the score track"), most=VP_MOST, why=FAR),
        Field("council", N_("Council VP"), most=VP_MOST, why=FAR),
        Field("estate", N_("Rightmost empty column VP"), most=VP_MOST, why=FAR),
        Field("city", N_("Dice power on the city"), most=(HOPLITE_DICE + CITIZEN_DICE) * DIE_MOST,
              why=Say("{n} dice of power {most} at most", n=HOPLITE_DICE + CITIZEN_DICE, most=DIE_MOST)),
        *(Field(f"suit{s + 1}", SUIT_LABELS[s], most=CONTRACTS_PER_SUIT,
                why=FAR) for s in range(SUITS)),
        Field("gates", N_("Gate tiles"), most=BATTLES, why=GATES),
        Field("goods", N_("Goods left"), most=STOCK_MOST, why=FAR),
        Field("drachma", N_("Drachma left"), most=STOCK_MOST, why=FAR),
        Field("unfulfilled", N_("Unfulfilled contracts"), most=SUITS * CONTRACTS_PER_SUIT,
              why=FAR),
    ),
    compute=compute_final,
    help=N_("Gate tiles are given the suits that score most. Ties are shared."),
    totals=(Total("gates", BATTLES, GATES),),
)

FORMS = (BATTLE, FINAL)

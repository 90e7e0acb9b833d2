"""Thebai in the table assistant: setup checklist, fate-phase battle helper, final score sheet."""

from __future__ import annotations

from typing import Any, Sequence

from engine.assistant.forms import (EntryError, Field, Form, OutOfRange, Result, Total, entries_of, parse_count,
                                   parse_integer, score_result, seat_labels)

from .battle import Combatant, die_power, resolve_battle
from .scoring import SUITS, FinalEntry, final_score
from .setup import PLAYER_COUNTS, setup_checklist

TITLE = "Thebai"
player_labels = seat_labels
__all__ = ["TITLE", "PLAYER_COUNTS", "setup_checklist", "FORMS", "player_labels"]


BATTLES = 4
"""Conflicts after rounds 3, 5, 7 and 9: four battles, each won gate tile one of them."""
HOPLITE_DICE = 4
CITIZEN_DICE = 7
DIE_MOST = 3
STRATEGOS_MOST = 4
"""Four Strategos tiles, used lowest number first; their numbers are not printed in the
texts, so 1-4 is our reading (one tile per row and player)."""
CONTRACTS_PER_SUIT = 15
"""The contract deck's count per suit is not in the texts: a ceiling no game reaches."""
VP_MOST = 300
"""A strong game scores about 133 VP (the highest published score); more than twice that is a typo."""
STOCK_MOST = 200
"""Goods and drachma are unlimited in the box; no game gains this many."""
TRACK_MOST = 20
"""Devotion track spaces (the texts name space 9; the tracks are shorter than 20)."""
ESTATE_VP_MOST = 30
"""The value printed under an estate column (the rulebook shows 9 under the second)."""
MODIFIER_MOST = 5
"""Invader card modifiers (not printed in the texts): the rules' example is +1."""


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


def parse_modifier(text: str) -> int:
    value = parse_integer(text)
    if abs(value) > MODIFIER_MOST:
        raise OutOfRange(f"an invader card modifies by at most {MODIFIER_MOST} either way")
    return value


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
    notes = [f"{labels[seat]}: gate tiles as " + ", ".join(f"{n} to suit {s + 1}" for s, n in enumerate(r.gate_suits) if n)
             for seat, r in enumerate(results) if any(r.gate_suits)]
    return score_result([r.score for r in results], labels, notes=notes)


SIGNED = r"[-+]?[0-9]*"
DICE = r"[123* ,★]*"

BATTLE = Form(
    "battle", "Fate phase: battle", "round",
    shared=(Field("battle", "Battle number (1-4)", parse_battle_number, "1"),
            Field("modifier", "Invader card modifier", parse_modifier, "0", typed=SIGNED)),
    per_player=(
        Field("dice", "Hoplite dice in the row", parse_dice, "", "faces, e.g. 1 2* 3", items=HOPLITE_DICE,
              why=f"{HOPLITE_DICE} hoplite dice each", typed=DICE),
        Field("strategos", "Strategos power in the row", parse_count, most=STRATEGOS_MOST,
              why="one Strategos tile per row"),
        Field("vp", "VP now", parse_count, most=VP_MOST, why="far beyond a game's reach"),
        Field("ares", "Ares track space", parse_count, most=TRACK_MOST, why="the track's length"),
        Field("ares_stack", "Ares stack (1 = bottom)", parse_count, "1", check=check_stack),
        Field("dionysus", "Dionysus track space", parse_count, most=TRACK_MOST, why="the track's length"),
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
        Field("estate", "Rightmost empty column VP", most=ESTATE_VP_MOST,
              why="the value under an estate column"),
        Field("city", "Dice power on the city", most=(HOPLITE_DICE + CITIZEN_DICE) * DIE_MOST,
              why=f"{HOPLITE_DICE + CITIZEN_DICE} dice of power {DIE_MOST} at most"),
        *(Field(f"suit{s + 1}", f"Contracts of suit {s + 1}", most=CONTRACTS_PER_SUIT,
                why="the contracts of a suit") for s in range(SUITS)),
        Field("gates", "Gate tiles", most=BATTLES, why=f"{BATTLES} battles, one gate tile each"),
        Field("goods", "Goods left", most=STOCK_MOST, why="far beyond a game's reach"),
        Field("drachma", "Drachma left", most=STOCK_MOST, why="far beyond a game's reach"),
        Field("unfulfilled", "Unfulfilled contracts", most=SUITS * CONTRACTS_PER_SUIT, why="the contracts"),
    ),
    compute=compute_final,
    help="Gate tiles are given the suits that score most. Ties are shared.",
    totals=(Total("gates", BATTLES, f"{BATTLES} battles, one gate tile each"),
            *(Total(f"suit{s + 1}", CONTRACTS_PER_SUIT, "the contracts of a suit") for s in range(SUITS))),
)

FORMS = (BATTLE, FINAL)

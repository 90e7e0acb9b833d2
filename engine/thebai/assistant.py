"""Thebai in the table assistant: setup checklist, fate-phase battle helper, final score sheet."""

from __future__ import annotations

from typing import Any, Sequence

from engine.assistant.forms import (EntryError, Field, Form, Result, entries_of, parse_count, parse_integer,
                                   score_result, seat_labels)

from .battle import Combatant, die_power, resolve_battle
from .scoring import SUITS, FinalEntry, final_score
from .setup import PLAYER_COUNTS, setup_checklist

TITLE = "Thebai"
player_labels = seat_labels
__all__ = ["TITLE", "PLAYER_COUNTS", "setup_checklist", "FORMS", "player_labels"]


def parse_dice(text: str) -> list[int]:
    try:
        return [die_power(face) for face in entries_of(text)]
    except ValueError as error:
        raise EntryError(str(error)) from None


def parse_battle_number(text: str) -> int:
    number = parse_integer(text)
    if not 1 <= number <= 4:
        raise EntryError("battles are numbered 1 to 4")
    return number


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


BATTLE = Form(
    "battle", "Fate phase: battle", "round",
    shared=(Field("battle", "Battle number (1-4)", parse_battle_number, "1"),
            Field("modifier", "Invader card modifier", parse_integer, "0")),
    per_player=(
        Field("dice", "Hoplite dice in the row", parse_dice, "", "faces, e.g. 1 2* 3"),
        Field("strategos", "Strategos power in the row", parse_count),
        Field("vp", "VP now", parse_count),
        Field("ares", "Ares track space", parse_count),
        Field("ares_stack", "Ares stack (1 = bottom)", parse_count, "1"),
        Field("dionysus", "Dionysus track space", parse_count),
        Field("dionysus_stack", "Dionysus stack (1 = bottom)", parse_count, "1"),
    ),
    compute=compute_battle,
    help="Enter the revealed invader card and each player's force in the battle row.",
)

FINAL = Form(
    "final", "Final scoring", "score",
    shared=(),
    per_player=(
        Field("track", "VP on the score track", parse_count),
        Field("council", "Council VP", parse_count),
        Field("estate", "Rightmost empty column VP", parse_count),
        Field("city", "Dice power on the city", parse_count),
        *(Field(f"suit{s + 1}", f"Contracts of suit {s + 1}", parse_count) for s in range(SUITS)),
        Field("gates", "Gate tiles", parse_count),
        Field("goods", "Goods left", parse_count),
        Field("drachma", "Drachma left", parse_count),
        Field("unfulfilled", "Unfulfilled contracts", parse_count),
    ),
    compute=compute_final,
    help="Gate tiles are given the suits that score most. Ties are shared.",
)

FORMS = (BATTLE, FINAL)

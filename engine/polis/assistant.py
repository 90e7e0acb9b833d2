"""Polis in the table assistant: setup checklist, end-of-round helper, final score sheet."""

from __future__ import annotations

from typing import Any, Sequence

from engine.assistant.forms import EntryError, Field, Form, Result, parse_count, parse_count_list, score_result

from .round_end import LAST_ROUND, City, Holdings, RoundEndPlan, end_of_round, game_end_reasons
from .scoring import final_score
from .setup import PLAYER_COUNTS, SIDES, setup_checklist

TITLE = "Polis"
__all__ = ["TITLE", "PLAYER_COUNTS", "setup_checklist", "FORMS", "player_labels"]


def player_labels(players: int) -> list[str]:
    return list(SIDES[:players])


def parse_cities(text: str) -> list[City]:
    """Cities as population/start/maximum[/growth limit], separated by spaces: '3/2/5 4/4/6/2'."""
    cities = []
    for token in text.split():
        numbers = [parse_count(n) for n in token.split("/")]
        if len(numbers) not in (3, 4):
            raise EntryError(f"{token!r}: write population/start/maximum, optionally /growth limit")
        cities.append(City(*numbers))
    return cities


def parse_round(text: str) -> int:
    number = parse_count(text)
    if not 1 <= number <= LAST_ROUND:
        raise EntryError(f"rounds are 1 to {LAST_ROUND}")
    return number


def compute_round_end(shared: dict[str, Any], players: list[dict[str, Any]], labels: Sequence[str]) -> Result:
    reports = []
    for label, p in zip(labels, players):
        holdings = Holdings(p["prestige"], p["wheat"], p["wine"], p["oil"], p["silver"], tuple(p["cities"]))
        try:
            reports.append(end_of_round(holdings, RoundEndPlan(p["projects"], tuple(p["growth"]), bool(p["tax"]))))
        except ValueError as error:
            raise EntryError(f"{label}: {error}") from None
    rows = [[name, *(str(getattr(r.after, key)) for r in reports)]
            for name, key in (("Prestige", "prestige"), ("Wheat", "wheat"), ("Wine", "wine"), ("Oil", "oil"),
                              ("Silver", "silver"))]
    rows.append(["Citizens", *(str(sum(c.population for c in r.after.cities)) for r in reports)])
    notes = [f"{label}: {'; '.join(r.steps)}" for label, r in zip(labels, reports)]
    reasons = game_end_reasons(shared["round"], reports)
    headline = "The game ends: " + "; ".join(reasons) + "." if reasons else "The game goes on."
    return Result(["After the round", *labels], rows, [*notes, headline], headline)


def compute_final(shared: dict[str, Any], players: list[dict[str, Any]], labels: Sequence[str]) -> Result:
    scores = [final_score(seat, p["population"], p["prestige"], p["projects"]) for seat, p in enumerate(players)]
    return score_result(scores, labels)


ROUND_END = Form(
    "round-end", "End of round", "round",
    shared=(Field("round", "Round (1-4)", parse_round, "1"),),
    per_player=(
        Field("cities", "Cities pop/start/max[/limit]", parse_cities, "", "e.g. 3/2/5 4/4/6/2"),
        Field("prestige", "Prestige", parse_count),
        Field("wheat", "Wheat", parse_count),
        Field("wine", "Wine", parse_count),
        Field("oil", "Oil", parse_count),
        Field("silver", "Silver", parse_count),
        Field("projects", "Projects completed: prestige", parse_count),
        Field("growth", "Growth per city", parse_count_list, "", "e.g. 1 0 2"),
        Field("tax", "Tax (0/1)", parse_count, "0", "1 to trade 1 prestige for 1 silver"),
    ),
    compute=compute_round_end,
    help="Projects, feeding, growth, megalopolis, spoilage and tax, in that order.",
)

FINAL = Form(
    "final", "Final scoring", "score",
    shared=(),
    per_player=(
        Field("population", "Citizens in all your cities", parse_count),
        Field("prestige", "Prestige", parse_count),
        Field("projects", "Completed projects: prestige", parse_count),
    ),
    compute=compute_final,
    help="Ties are shared.",
)

FORMS = (ROUND_END, FINAL)

"""Round helpers and score sheets as forms: fields people fill in, and what follows from them.

A form has fields entered once (``shared``) and fields entered for every player
(``per_player``). Entries are kept as the raw text typed, so a half-filled sheet can be
saved and resumed as is; ``evaluate`` parses them and runs the game's computation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from engine.core.contract import Score
from engine.core.scoring import ranking
from engine.core.seats import seat_tag


def seat_labels(players: int) -> list[str]:
    """How sheets name the players by default: seat letter and symbol (never colour alone)."""
    return [seat_tag(seat) for seat in range(players)]


class EntryError(ValueError):
    """Text that does not fit a field; the message says what is expected."""


def parse_count(text: str) -> int:
    value = parse_integer(text)
    if value < 0:
        raise EntryError("expected 0 or more")
    return value


def parse_integer(text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise EntryError(f"{text.strip()!r} is not a whole number") from None


def entries_of(text: str) -> list[str]:
    """The entries of a list field, separated by spaces or commas: '3 2 1', 'A, C'."""
    return text.replace(",", " ").split()


def parse_count_list(text: str) -> list[int]:
    """Numbers separated by spaces or commas, e.g. '3 2 1'."""
    return [parse_count(part) for part in entries_of(text)]


def required(parse: Callable[[str], Any]) -> Callable[[str], Any]:
    """A parser whose blank gives None instead of a default, for entries that a verdict
    must not guess (a blank prestige is not 0 prestige). Use it with ``default=""``."""

    def parse_or_none(text: str) -> Any:
        return parse(text) if text.strip() else None

    return parse_or_none


@dataclass(frozen=True)
class Field:
    key: str
    label: str
    parse: Callable[[str], Any] = parse_count
    default: str = "0"
    """The text used while the field is blank."""
    hint: str = ""


@dataclass
class Result:
    header: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    headline: str = ""
    """A round helper's outcome in one line (a score sheet's is its totals and winner)."""
    scores: list[Score] | None = None
    winners: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class Form:
    id: str
    title: str
    kind: str
    """'round' (a round helper) or 'score' (a score sheet)."""
    shared: tuple[Field, ...]
    per_player: tuple[Field, ...]
    compute: Callable[[dict[str, Any], list[dict[str, Any]], Sequence[str]], Result]
    """(shared values, per-player values, player labels) -> Result."""
    help: str = ""


@dataclass
class Evaluation:
    result: Result | None
    errors: list[str]


def evaluate(form: Form, labels: Sequence[str], shared_raw: Mapping[str, str],
             players_raw: Sequence[Mapping[str, str]]) -> Evaluation:
    errors: list[str] = []
    shared = parse_fields(form.shared, shared_raw, "", errors)
    players = [parse_fields(form.per_player, raw, f"{label}: ", errors)
               for label, raw in zip(labels, players_raw)]
    if errors:
        return Evaluation(None, errors)
    try:
        return Evaluation(form.compute(shared, players, labels), [])
    except EntryError as error:
        return Evaluation(None, [str(error)])


def parse_fields(fields: Sequence[Field], raw: Mapping[str, str], prefix: str, errors: list[str]) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for f in fields:
        text = raw.get(f.key, "").strip() or f.default
        try:
            values[f.key] = f.parse(text)
        except EntryError as error:
            errors.append(f"{prefix}{f.label}: {error}")
    return values


def score_result(scores: list[Score], labels: Sequence[str],
                 tiebreak: Callable[[int], tuple] = lambda seat: (), notes: Sequence[str] = ()) -> Result:
    """The breakdown table (a row per category, a column per player) and the winners."""
    rows = breakdown_rows([score.breakdown for score in scores])
    rows.append(["Total", *(str(s.total) for s in scores)])
    places = ranking(scores, tiebreak)
    winners = places[0][1] if places else []
    return Result(["", *labels], rows, list(notes), scores=scores, winners=winners)


def breakdown_rows(breakdowns: Sequence[Mapping[str, int]]) -> list[list[str]]:
    """A row per category, in the order the categories first appear, a column per player
    (0 where a player has nothing in that category)."""
    categories = list(dict.fromkeys(category for breakdown in breakdowns for category in breakdown))
    return [[c, *(str(breakdown.get(c, 0)) for breakdown in breakdowns)] for c in categories]

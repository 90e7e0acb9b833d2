"""Round helpers and score sheets as forms: fields people fill in, and what follows from them.

A form has fields entered once (``shared``) and fields entered for every player
(``per_player``). Entries are kept as the raw text typed, so a half-filled sheet can be
saved and resumed as is; ``evaluate`` parses them and runs the game's computation.

Every field has bounds taken from the game's components and rules (``most``, ``least``,
``items``, ``check``), as the rule text gives them: never from component data a game had to
reconstruct, since a table playing with the real components must be able to enter whatever
they print and the form may bound sums over the players (``totals``) or
several fields at once (``checks``). A value out of those bounds is an ``OutOfRange``:
the app refuses it as it is typed and ``tabula score`` refuses a sheet holding it, both
with the reason (``why``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.contract import Score
from engine.core.scoring import ranking
from engine.core.seats import seat_tag
from engine.core.text import Said, Say, Words, and_list, said_to_json
from engine.i18n import ENGLISH, N_, Language

TOTAL = N_("Total")
"""The last row of a score sheet's breakdown (the screen shows it in the reader's language)."""
Limit = int | Callable[[int], int] | None
"""A bound, fixed or for a player count."""

DIGITS = r"[0-9]*"
NUMBERS = r"[0-9 ,]*"
"""What may be typed into a field of whole numbers, or of a list of them."""


def seat_labels(players: int) -> list[str]:
    """How sheets name the players by default: seat letter and symbol (never colour alone)."""
    return [seat_tag(seat) for seat in range(players)]


def sheet_words(language: Language = ENGLISH) -> Words:
    """Puts what a sheet says (a refusal, a result's notes and headline) into words of ``language``;
    ``{x:word}`` is a word or phrase of the catalogue (a field's ``why``); ``list``, ``clauses`` and
    ``and_list`` join sentences (``said_to_json``) with commas, semicolons, or commas and 'and'."""
    words = Words([], language=language)
    words.kinds["word"] = language.gettext
    words.kinds["list"] = lambda parts: language.gettext(", ").join(map(words.said, parts))
    words.kinds["clauses"] = lambda parts: language.gettext("; ").join(map(words.said, parts))
    words.kinds["and_list"] = lambda parts: and_list([words.said(part) for part in parts], language)
    return words


class EntryError(ValueError):
    """Text that does not fit a field (yet); ``said`` says what is expected (its English is the
    exception's message)."""

    def __init__(self, said: Said):
        super().__init__(sheet_words()(said))
        self.said = said


class OutOfRange(EntryError):
    """A value the game cannot have. Typing more cannot mend it, so it is refused as typed.

    ``key`` and ``seat`` name the field when the check spans several (seat None: shared)."""

    def __init__(self, said: Said, key: str | None = None, seat: int | None = None):
        super().__init__(said)
        self.key = key
        self.seat = seat


def limit_of(limit: Limit, players: int) -> int | None:
    return limit(players) if callable(limit) else limit


def parse_count(text: str) -> int:
    value = parse_integer(text)
    if value < 0:
        raise OutOfRange(Say("expected 0 or more"))
    return value


def parse_integer(text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise EntryError(Say("{entry} is not a whole number", entry=repr(text.strip()))) from None


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


def numbers_in(value: Any) -> list[int]:
    """The whole numbers a parsed value holds (itself, or the entries of a list)."""
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, list):
        return [item for item in value if isinstance(item, int) and not isinstance(item, bool)]
    return []


def amount(value: Any) -> int:
    """What a value adds to a total over the players: a number itself, a list its length."""
    if isinstance(value, list):
        return len(value)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def because(said: Said, why: Said) -> Said:
    """``said`` and where its bound comes from: '5 is more than 4 (one per battle)'."""
    return Say("{said:said} ({why:said})", said=said_to_json(said), why=said_to_json(why)) if why else said


@dataclass(frozen=True)
class Field:
    key: str
    label: str
    parse: Callable[[str], Any] = parse_count
    default: str = "0"
    """The text used while the field is blank."""
    hint: str = ""
    most: Limit = None
    """The largest value (of each entry, for a list field)."""
    least: int | None = 0
    """The smallest value (of each entry, for a list field); None: any whole number."""
    items: Limit = None
    """The most entries of a list field."""
    why: Said = ""
    """Where the bounds come from, said with a refusal: 'one per battle'."""
    typed: str = DIGITS
    """What may be typed at all: a regular expression the whole text must match."""
    check: Callable[[Any, int], None] | None = None
    """Further bounds of a parsed value for a player count; raises OutOfRange."""
    variant: str = ""
    """A table-wide 0/1 field that turns a variant on: its name, for the play records."""

    def value(self, text: str, players: int) -> Any:
        """The parsed and bounded value of ``text`` (the default when blank)."""
        value = self.parse(text.strip() or self.default)
        self.bound(value, players)
        return value

    def bound(self, value: Any, players: int) -> None:
        if value is None:
            return
        most = limit_of(self.most, players)
        for number in numbers_in(value):
            if self.least is not None and number < self.least:
                raise OutOfRange(because(Say("{number} is below {least}", number=number, least=self.least), self.why))
            if most is not None and number > most:
                raise OutOfRange(because(Say("{number} is more than {most}", number=number, most=most), self.why))
        items = limit_of(self.items, players)
        if items is not None and isinstance(value, list) and len(value) > items:
            raise OutOfRange(because(Say("{n} entries, at most {most}", n=len(value), most=items), self.why))
        if self.check is not None:
            self.check(value, players)


@dataclass(frozen=True)
class Total:
    """A bound on a field summed over the players (a list field counts its entries)."""

    key: str
    most: Limit
    why: Said


@dataclass
class Result:
    header: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    notes: list[Said] = field(default_factory=list)
    headline: Said = ""
    """A round helper's outcome in one line (a score sheet's is its totals and winner)."""
    scores: list[Score] | None = None
    winners: list[int] = field(default_factory=list)


Values = dict[str, Any]
Check = Callable[[Values, list[Values], int], None]
"""A bound over several fields: (shared values, per-player values, players); raises OutOfRange."""


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
    totals: tuple[Total, ...] = ()
    checks: tuple[Check, ...] = ()
    tie_rule: str = N_("Ties are shared.")

    def field(self, key: str, shared: bool = False) -> Field:
        for f in self.shared if shared else self.per_player:
            if f.key == key:
                return f
        raise KeyError(key)

    def limits(self, shared: Values, players: list[Values]) -> None:
        """The bounds over several fields and players; OutOfRange names the field."""
        for total in self.totals:
            most = limit_of(total.most, len(players))
            summed = sum(amount(p.get(total.key)) for p in players)
            if most is not None and summed > most:
                raise OutOfRange(because(Say("{n} in all, at most {most}", n=summed, most=most), total.why), total.key)
        for check in self.checks:
            check(shared, players, len(players))


@dataclass(frozen=True)
class Problem:
    """Why a sheet cannot be computed: the field (seat None: a shared one) and the message."""

    seat: int | None
    key: str | None
    message: Said


@dataclass
class Evaluation:
    result: Result | None
    errors: list[str]
    problems: list[Problem] = field(default_factory=list)


def evaluate(form: Form, labels: Sequence[str], shared_raw: Mapping[str, str],
             players_raw: Sequence[Mapping[str, str]]) -> Evaluation:
    problems: list[Problem] = []
    count = len(labels)
    shared = parse_fields(form.shared, shared_raw, None, count, problems)
    players = [parse_fields(form.per_player, raw, seat, count, problems) for seat, raw in enumerate(players_raw)]
    if not problems:
        try:
            form.limits(shared, players)
            return Evaluation(form.compute(shared, players, labels), [])
        except OutOfRange as error:
            problems.append(Problem(error.seat, error.key, error.said))
        except EntryError as error:
            problems.append(Problem(None, None, error.said))
    return Evaluation(None, [describe(form, labels, p) for p in problems], problems)


def describe(form: Form, labels: Sequence[str], problem: Problem, language: Language = ENGLISH) -> str:
    """A problem as the app shows it: '●A: Gate tiles: 5 is more than 4 (...)'."""
    where = "" if problem.seat is None else f"{labels[problem.seat]}: "
    label, message = field_label(form, problem), sheet_words(language)(problem.message)
    return f"{where}{language.gettext(label)}: {message}" if label else where + message


def field_label(form: Form, problem: Problem) -> str | None:
    """The label of the field a problem is about (a shared one first when no seat is named)."""
    fields = (*form.shared, *form.per_player) if problem.seat is None else form.per_player
    return next((f.label for f in fields if f.key == problem.key), None)


def parse_fields(fields: Sequence[Field], raw: Mapping[str, str], seat: int | None, players: int,
                 problems: list[Problem]) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for f in fields:
        try:
            values[f.key] = f.value(raw.get(f.key, ""), players)
        except EntryError as error:
            problems.append(Problem(seat, f.key, error.said))
    return values


def refusal(form: Form, players: int, shared_raw: Mapping[str, str], players_raw: Sequence[Mapping[str, str]],
            seat: int | None, key: str, text: str) -> Said | None:
    """Why ``text`` may not be typed into that field now (None: it may): a character the field
    never holds, or a value out of the game's bounds alone or with what else is entered.
    Text that is merely unfinished ('3/' of a city) is allowed."""
    target = form.field(key, shared=seat is None)
    if re.fullmatch(target.typed, text) is None:
        return Say("only {what:word}", what=describe_typed(target.typed))
    try:
        target.value(text, players)
    except OutOfRange as error:
        return error.said
    except EntryError:
        return None
    shared = {**shared_raw, key: text} if seat is None else dict(shared_raw)
    entries = [{**raw, key: text} if index == seat else dict(raw) for index, raw in enumerate(players_raw)]
    shared_values = lenient_values(form.shared, shared, players)
    player_values = [lenient_values(form.per_player, raw, players) for raw in entries]
    try:
        form.limits(shared_values, player_values)
    except OutOfRange as error:
        return error.said
    except EntryError:
        return None
    return None


def lenient_values(fields: Sequence[Field], raw: Mapping[str, str], players: int) -> dict[str, Any]:
    """The values that parse; a field that does not (yet) counts as blank."""
    values = {}
    for f in fields:
        try:
            values[f.key] = f.value(raw.get(f.key, ""), players)
        except EntryError:
            try:
                values[f.key] = f.value("", players)
            except EntryError:
                values[f.key] = None
    return values


def describe_typed(pattern: str) -> str:
    return {DIGITS: N_("digits"), NUMBERS: N_("numbers separated by spaces")}.get(
        pattern, N_("the characters this field takes"))


def score_result(scores: list[Score], labels: Sequence[str],
                 tiebreak: Callable[[int], tuple[Any, ...]] = lambda seat: (), notes: Sequence[Said] = ()) -> Result:
    """The breakdown table (a row per category, a column per player) and the winners."""
    rows = breakdown_rows([score.breakdown for score in scores])
    rows.append([TOTAL, *(str(s.total) for s in scores)])
    places = ranking(scores, tiebreak)
    winners = places[0][1] if places else []
    return Result(["", *labels], rows, list(notes), scores=scores, winners=winners)


def breakdown_rows(breakdowns: Sequence[Mapping[str, int]]) -> list[list[str]]:
    """A row per category, in the order the categories first appear, a column per player
    (0 where a player has nothing in that category)."""
    categories = list(dict.fromkeys(category for breakdown in breakdowns for category in breakdown))
    return [[c, *(str(breakdown.get(c, 0)) for breakdown in breakdowns)] for c in categories]

"""What an owner can change of a game's components, in the game's own terms: the model behind the
component editor (tui/screens/components.py) and "check my box".

Each game declares, in ``engine/<game>/box.py``, its ``KINDS``: per data file (``landscapes``,
``cadmea``...) the kind's name and the fields of a record, each typed: a pick among closed values
(an Almadi side: arrow, genie, ...), a count with its bounds, a yes/no, a short text, goods with
their counts, or an effect built from the operations the engine knows. A field reads and writes
its value at a path in the record (``("sides", "top")``). Labels are English marked for the
catalogue (``N_``) and translated where they are shown. So the editor never shows JSON and the
record it writes is what the game's own validation (engine.component_sets.problems) then checks.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.components import Record
from engine.i18n import ENGLISH, Language

Path = tuple[str | int, ...]
"""Where a field's value is in a record: keys of objects, indexes of lists; () is the value itself."""


@dataclass(frozen=True)
class Option:
    """One of a pick's closed values and how the table names it."""

    value: Any
    label: str


@dataclass(frozen=True)
class When:
    """Which records a field is for: those whose value at ``path`` is one of ``values`` (a Thebai
    estate record's effect is only an action space's; an Almadi requirement's count only some
    requirements'). A record it is not for leaves the field out."""

    path: Path
    values: tuple[Any, ...]

    def holds(self, record: Any) -> bool:
        return value_at(record, self.path) in self.values


@dataclass(frozen=True)
class Pick:
    path: Path
    label: str
    options: tuple[Option, ...]
    default: Any = None
    when: When | None = None


@dataclass(frozen=True)
class Count:
    path: Path
    label: str
    low: int
    high: int
    default: int | None = None
    """The value when the record leaves it out (None: the record always has it)."""
    when: When | None = None


@dataclass(frozen=True)
class Flag:
    path: Path
    label: str
    default: bool | None = None
    when: When | None = None


@dataclass(frozen=True)
class Text:
    path: Path
    label: str
    most: int
    when: When | None = None


@dataclass(frozen=True)
class Goods:
    """A mapping of goods to counts (a cost, a gain), the goods of zero left out."""

    path: Path
    label: str
    goods: tuple[Option, ...]
    high: int
    when: When | None = None


@dataclass(frozen=True)
class Operation:
    """One kind of operation an effect is built of (gain goods, promote, advance a track...).

    The operation is ``{name: value}``; ``params`` are its fields, their paths inside the value
    (a bare count, ``{"contract": 1}``, is a Count at path ())."""

    name: str
    label: str
    params: tuple[Field, ...]
    empty: Any
    """The value of a new operation of this kind (its params at their defaults)."""


@dataclass(frozen=True)
class Effect:
    """A list of operations, resolved in order; ``words`` says the effect as the table does."""

    path: Path
    label: str
    operations: tuple[Operation, ...]
    words: Callable[[Any, Language], str]
    when: When | None = None

    def operation(self, name: str) -> Operation | None:
        return next((op for op in self.operations if op.name == name), None)


Field = Pick | Count | Flag | Text | Goods | Effect


@dataclass(frozen=True)
class Kind:
    """A kind of component and its records' fields."""

    file: str
    """The data file (engine/<game>/data/<file>.json)."""
    label: str
    """The kind as the game names it: "Cadmea tiles"."""
    fields: tuple[Field, ...]
    summary: Callable[[Record, Language], str]
    """A record in a line of the table's words (the list's line; the board drawing is the UI's)."""
    rule: str = ""
    """What the rules require of the kind as a whole (counts, totals), shown above its list."""
    walk: bool = True
    """Whether "check my box" goes through it (False for records no box prints, e.g. rules tables)."""


@dataclass(frozen=True)
class Box:
    """A game's editable component kinds."""

    game: str
    kinds: tuple[Kind, ...] = field(default_factory=tuple)

    def kind(self, file: str) -> Kind:
        for kind in self.kinds:
            if kind.file == file:
                return kind
        raise KeyError(f"{self.game} has no component kind {file!r}")


_MISSING = object()


def value_at(record: Any, path: Path, default: Any = None) -> Any:
    """The value at ``path`` in ``record`` (``default`` if a key or index is not there)."""
    here = record
    for step in path:
        try:
            here = here[step]
        except (KeyError, IndexError, TypeError):
            return default
    return here


def with_value(record: Any, path: Path, value: Any) -> Any:
    """A copy of ``record`` with ``value`` at ``path`` (``record`` is not changed); a value of
    None at an object's key leaves the key out (a field at its default; a key the record gives
    as null stays so), and where there is no object to leave it out of changes nothing. In a list
    of varying length (a Pantheon god's offerings) a value just past its end is added, and None
    at or past its last index drops what is there."""
    if not path:
        return copy.deepcopy(value)
    changed = copy.deepcopy(record)
    if value is None and value_at(changed, path[:-1]) is None:
        return changed
    here = changed
    for step in path[:-1]:
        here = here[step]
    last = path[-1]
    if value is None and isinstance(here, dict):
        if here.get(last) is not None:
            here.pop(last)
    elif isinstance(here, list) and isinstance(last, int) and last >= len(here) - (value is None):
        if value is None:
            del here[last:]
        elif last == len(here):
            here.append(copy.deepcopy(value))
        else:
            raise IndexError(f"index {last} is past the end of a list of {len(here)}")
    else:
        here[last] = copy.deepcopy(value)
    return changed


def applies(spec: Field, record: Any) -> bool:
    """Whether ``record`` is one the field is for (see When)."""
    return spec.when is None or spec.when.holds(record)


def field_value(spec: Field, record: Any) -> Any:
    """A field's value in a record, its default where the record leaves it out."""
    default = getattr(spec, "default", None)
    if isinstance(spec, Goods):
        default = {}
    if isinstance(spec, Effect):
        default = []
    return value_at(record, spec.path, default)


def option_label(options: Sequence[Option], value: Any, lang: Language = ENGLISH) -> str:
    """How the table names ``value`` (the value itself if it is none of the options)."""
    for option in options:
        if option.value == value:
            return lang.gettext(option.label)
    return str(value)


def worded(words: Callable[[Any, Language], str], value: Any, lang: Language = ENGLISH) -> str:
    """``words`` of a value a half-edited record may hold: '?' where it cannot be said."""
    try:
        return words(value, lang)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        return "?"


def offered(spec: Field, value: Any) -> bool:
    """Whether ``value`` is one the field's editor offers (a die-power expression, a pick's value
    no option names, an operation of a kind it cannot build are not: the editor keeps them as
    they are)."""
    if isinstance(spec, Pick):
        return any(option.value == value for option in spec.options)
    if isinstance(spec, Count):
        return type(value) is int and spec.low <= value <= spec.high
    if isinstance(spec, Flag):
        return type(value) is bool
    if isinstance(spec, Text):
        return isinstance(value, str) and len(value) <= spec.most
    if isinstance(spec, Goods):
        goods = {option.value for option in spec.goods}
        return isinstance(value, dict) and all(good in goods and type(n) is int and 0 <= n <= spec.high
                                               for good, n in value.items())
    return isinstance(value, list) and all(buildable(spec, operation) for operation in value)


def buildable(spec: Effect, operation: Any) -> bool:
    """Whether the effect's builder can edit ``operation``: one of its kinds, each parameter left
    out or one the parameter's editor offers."""
    if not (isinstance(operation, dict) and len(operation) == 1):
        return False
    ((name, params),) = operation.items()
    kind = spec.operation(name)
    return kind is not None and all(value_at(params, param.path) is None or offered(param, value_at(params, param.path))
                                    for param in kind.params)

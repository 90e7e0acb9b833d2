"""Sentences as data: what the rules say (log entries, choice labels and hints, prompts) is kept
as a template and its arguments, and turned into words only when it is shown.

A ``Say`` is the English template, which is its message id (as gettext has it), with named
arguments that are plain JSON values::

    Say("{seat:seat} takes {tile:tile} from row {row}.", seat=0, tile="L12", row=2)

A placeholder's format spec names the kind of its argument (``seat``, ``tile``, ``space``...):
the game's ``Words`` spell each kind (a seat by its player's name, a tile by its name), so an
entry says what it is about as data, and a translation only has to give the template in its own
words. A plain ``str`` is a sentence with nothing to fill in (old log lines, fixed labels).
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any


class Say:
    """A template and its arguments (immutable)."""

    __slots__ = ("text", "args")

    def __init__(self, text: str, **args: Any):
        self.text = text
        self.args = args

    def __repr__(self) -> str:
        return f"Say({self.text!r}, {', '.join(f'{k}={v!r}' for k, v in self.args.items())})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Say) and (self.text, self.args) == (other.text, other.args)

    def __hash__(self) -> int:
        return hash(self.text)

    def to_json(self) -> dict[str, Any]:
        return {"say": self.text, "args": dict(self.args)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Say:
        return cls(data["say"], **data["args"])


Said = Say | str
"""Something the rules say: a template with its arguments, or plain words."""


def said_from_json(data: Any) -> Said:
    """A ``Said`` as a log entry keeps it (``Say.to_json`` or a plain string)."""
    return Say.from_json(data) if isinstance(data, dict) else data


def names_seat(said: Said, seat: int) -> bool:
    """Whether ``said`` names ``seat`` by a ``{x:seat}`` argument ("Ann puts a die", not "Fate: ...")."""
    return isinstance(said, Say) and any(kind == "seat" and said.args.get(name) == seat
                                         for _, name, kind in parsed(said.text) if name is not None)


def said_to_json(said: Said) -> Any:
    return said.to_json() if isinstance(said, Say) else said


Part = tuple[str, str | None, str]
"""Of a parsed template: the text before a placeholder, the placeholder's argument (None after
the last one) and its kind (the format spec)."""


@lru_cache(maxsize=4096)
def parsed(template: str) -> tuple[Part, ...]:
    """A template cut into its parts, once (a table shows the same few hundred templates again
    and again: its whole log at every move)."""
    return tuple((text, name, spec or "") for text, name, spec, _ in string.Formatter().parse(template))


class Words:
    """Turns what the rules said into English: ``{x:seat}`` is the seat's player's name; a game
    adds the kinds of its own (``Rules.words``); any other spec is Python's format spec."""

    def __init__(self, names: Sequence[str], kinds: Mapping[str, Callable[[Any], str]] | None = None):
        self.names = list(names)
        self.kinds: dict[str, Callable[[Any], str]] = {"seat": self.seat, "seats": self.seats, "said": self.said,
                                                       **(kinds or {})}

    def __call__(self, said: Said) -> str:
        if isinstance(said, str):
            return said
        args, kinds, out = said.args, self.kinds, []
        for text, name, spec in parsed(said.text):
            out.append(text)
            if name is not None:
                value = args[name]
                kind = kinds.get(spec)
                out.append(kind(value) if kind is not None else format(value, spec))
        return "".join(out)

    def said(self, value: Any) -> str:
        """A sentence within a sentence (``said_to_json`` of it: a template and its arguments, or words)."""
        return self(said_from_json(value))

    def seat(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat}"

    def seats(self, seats: Sequence[int]) -> str:
        """'Ann', 'Ann and Bruno', 'Ann, Bruno and Cleo'."""
        names = [self.seat(seat) for seat in seats]
        return " and ".join(names) if len(names) < 3 else f"{', '.join(names[:-1])} and {names[-1]}"

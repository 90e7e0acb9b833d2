"""Sentences as data: what the rules say (log entries, choice labels and hints, prompts) is kept
as a template and its arguments, and turned into words only when it is shown.

A ``Say`` is the English template, which is its message id (as gettext has it), with named
arguments that are plain JSON values::

    Say("{seat:seat} takes {tile:tile} from row {row}.", seat=0, tile="L12", row=2)

A placeholder's format spec names the kind of its argument (``seat``, ``tile``, ``space``...):
the game's ``Words`` spell each kind (a seat by its player's name, a tile by its name), so an
entry says what it is about as data, and a translation only has to give the template in its own
words. A plain ``str`` is a sentence with nothing to fill in (old log lines, fixed labels).

``Words`` speak a language (engine/i18n): the template is looked up in its catalogue, then filled
in, the kinds spelled in that language too; so one saved game reads in English for one player and
in Japanese for another. A plain ``str`` is shown as it is (an old save's English log line). A
sentence whose English changes with a number is a ``Say`` with a plural (``Say.counted``).
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from engine.i18n import ENGLISH, Language


class Say:
    """A template and its arguments (immutable); with ``plural``, the template for a count other
    than one, the count being the argument ``n`` (gettext's ngettext)."""

    __slots__ = ("text", "args", "plural", "_kept")

    def __init__(self, text: str, **args: Any):
        self.text = text
        self.args = args
        self.plural: str | None = None
        self._kept: dict[str, Any] | None = None

    @classmethod
    def counted(cls, singular: str, plural: str, **args: Any) -> Say:
        """``Say.counted("{n} step", "{n} steps", n=2)``: the template chosen by ``n`` (per language)."""
        said = cls(singular, **args)
        said.plural = plural
        return said

    def __repr__(self) -> str:
        plural = f", plural={self.plural!r}" if self.plural is not None else ""
        return f"Say({self.text!r}{plural}, {', '.join(f'{k}={v!r}' for k, v in self.args.items())})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Say) and (self.text, self.plural, self.args) == (other.text, other.plural, other.args)

    def __hash__(self) -> int:
        return hash(self.text)

    def to_json(self) -> dict[str, Any]:
        """The sentence as a log entry keeps it; made once and shared, like the Say itself, by
        every entry that keeps it (the same sentence is logged again and again: every card
        drawn), so it is never to be changed."""
        kept = self._kept
        if kept is None:
            kept = self._kept = {"say": self.text, "args": dict(self.args)}
            if self.plural is not None:
                kept["plural"] = self.plural
        return kept

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Say:
        said = cls(data["say"], **data["args"])
        said.plural = data.get("plural")
        return said


Said = Say | str
"""Something the rules say: a template with its arguments, or plain words."""


def said_from_json(data: Any) -> Said:
    """A ``Said`` as a log entry keeps it (``Say.to_json`` or a plain string)."""
    return Say.from_json(data) if isinstance(data, dict) else data


def names_seat(said: Said, seat: int) -> bool:
    """Whether ``said`` names ``seat`` by a ``{x:seat}`` argument ("Ann puts a die", not "Fate: ...")."""
    return isinstance(said, Say) and any(kind == "seat" and said.args.get(name) == seat
                                         for _, name, kind in parsed(said.text) if name is not None)


def addressed_to(said: Said) -> int | None:
    """The seat ``said`` is addressed to, when its template begins by naming it ("{seat:seat}:
    promote a die"): a table showing whose turn it is then names that player only once, in
    every language (a translation may write the name and what follows its own way)."""
    if not isinstance(said, Say):
        return None
    text, name, kind = parsed(said.text)[0]
    seat = said.args.get(name) if name is not None and kind == "seat" and not text else None
    return seat if isinstance(seat, int) else None


def said_to_json(said: Said) -> Any:
    return said.to_json() if isinstance(said, Say) else said


class SaidError(Exception):
    """An error whose message is a sentence as data (``said``), put into words in the reader's
    language where a person reads it (``said_of``); its English is the exception's message."""

    def __init__(self, said: Said):
        super().__init__(Words([])(said))
        self.said = said


class Refused(SaidError, ValueError):
    """A value the rules refuse (a die face that is none, growth beyond a city's room), said as
    data for the sheet or screen that passed it on."""


def said_of(error: BaseException) -> Said:
    """What ``error`` says: its sentence as data when it keeps one (``SaidError``, an assistant's
    refusal), else its message as it is (an operating system's error)."""
    said = getattr(error, "said", None)
    return said if isinstance(said, Say | str) else str(error)


def and_list(parts: Sequence[str], language: Language = ENGLISH) -> str:
    """'a', 'a and b', 'a, b and c' (in Japanese 'a、b、c')."""
    if len(parts) < 2:
        return "".join(parts)
    gettext = language.gettext
    return gettext("{some} and {last}").format(some=gettext(", ").join(parts[:-1]), last=parts[-1])


Part = tuple[str, str | None, str]
"""Of a parsed template: the text before a placeholder, the placeholder's argument (None after
the last one) and its kind (the format spec)."""


@lru_cache(maxsize=4096)
def parsed(template: str) -> tuple[Part, ...]:
    """A template cut into its parts, once (a table shows the same few hundred templates again
    and again: its whole log at every move)."""
    return tuple((text, name, spec or "") for text, name, spec, _ in string.Formatter().parse(template))


class Words:
    """Turns what the rules said into words of ``language``: ``{x:seat}`` is the seat's player's
    name; a game adds the kinds of its own (``Rules.words``); any other spec is Python's format
    spec."""

    def __init__(self, names: Sequence[str], kinds: Mapping[str, Callable[[Any], str]] | None = None,
                 language: Language = ENGLISH):
        self.names = list(names)
        self.language = language
        self.kinds: dict[str, Callable[[Any], str]] = {"seat": self.seat, "seats": self.seats, "said": self.said,
                                                       **(kinds or {})}

    def template(self, said: Say) -> str:
        """``said``'s template in this language (its English when the catalogue lacks it)."""
        if said.plural is not None:
            return self.language.ngettext(said.text, said.plural, int(said.args["n"]))
        return self.language.gettext(said.text)

    def __call__(self, said: Said) -> str:
        if isinstance(said, str):
            return said
        args, kinds, out = said.args, self.kinds, []
        for text, name, spec in parsed(self.template(said)):
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
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return self.language.gettext("seat {seat}").format(seat=seat)

    def seats(self, seats: Sequence[int]) -> str:
        """'Ann', 'Ann and Bruno', 'Ann, Bruno and Cleo' (in Japanese 'Ann、Bruno、Cleo')."""
        return and_list([self.seat(seat) for seat in seats], self.language)

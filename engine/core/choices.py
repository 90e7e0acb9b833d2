"""What a choice means, as data, and the one place its id is spelled.

A choice carries its meaning in ``Choice.args``: a small frozen dataclass of plain values (ints,
strings, tuples of them, or other such arguments), one class per kind of choice a game offers,
e.g. ``Take(row=1, index=0)``. The choice's id, which saves keep, is made from it by the class's
``spelling``, a format string over its fields (``"take:{row}:{index}"``); a field holding
arguments is spelled by their own spelling, a tuple by the class's ``joiner``. Rules read what a
choice means from its args (``match choice.args: case Take(row, index): ...``), never from its
id, so the text of an id is the spelling's alone. A game's kinds of choice live in its
``choices.py``: its codec.

Where a choice acts on the board (``Choice.target``) is data too: a ``Target``, a frozen
dataclass per kind of place (a realm cell, a hex, a space, a card), which a game defines in its
``targets.py``; boards look their places up by equal values (or match on them), never by
cutting text.

    @dataclass(frozen=True, slots=True)
    class Take(Args):
        spelling = "take:{row}:{index}"
        row: int
        index: int

    Choice.of(Take(1, 0), target=...)  # id "take:1:0", args Take(row=1, index=0)
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, ClassVar


class Args:
    """The arguments of one kind of choice (subclasses are frozen, slotted dataclasses)."""

    __slots__ = ()
    spelling: ClassVar[str] = ""
    """The id as a format string over the fields (a field's value spelled by ``spell``)."""
    joiner: ClassVar[str] = ","
    """Between the items of a tuple field."""
    standing: ClassVar[bool] = False
    """A choice that does nothing more (pass, end the turn, done, stop, skip): offered with
    whatever else its step offers, so its place in a list moves from turn to turn; a table gives
    it one key of its own."""

    def spelled(self) -> str:
        """The id of a choice with these arguments."""
        names = _FIELDS.get(type(self))
        if names is None:
            names = _FIELDS[type(self)] = tuple(field.name for field in fields(self))  # type: ignore[arg-type]
        return self.spelling.format(**{name: spell(getattr(self, name), self.joiner) for name in names})


_FIELDS: dict[type, tuple[str, ...]] = {}


def spell(value: Any, joiner: str = ",") -> str:
    """How a field's value reads in an id."""
    if isinstance(value, Args):
        return value.spelled()
    if isinstance(value, tuple):
        return joiner.join(spell(item, joiner) for item in value)
    return str(value)


class Target:
    """A place on a game's board that a choice acts on (subclasses are frozen, slotted
    dataclasses: equal places are equal values)."""

    __slots__ = ()

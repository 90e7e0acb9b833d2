"""Text helpers of the board renderers: lines cut or wrapped to a panel's width.

Boards build their panels from plain lines. A line that is part of a drawing (a map row, a
realm) is cut at the panel's edge with ``~`` (``clip``, ``lines``), never wrapped, so the
drawing keeps its shape; prose is wrapped, its continuation indented under its first word
(``wrap``, ``prose``), or left to the panel to wrap (``wrapped``).
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from tui.text import cut
from tui.text import wrap as wrap_cells


def clip(line: str, width: int) -> str:
    """``line`` cut to ``width`` columns (cells: a wide character takes two), a ``~`` at the cut."""
    return cut(line, max(width, 1), "~")


def lines(rows: Iterable[str], width: int) -> Text:
    """Lines as one text, each cut to ``width`` (never wrapped)."""
    return Text("\n".join(clip(row, width) for row in rows), no_wrap=True)


def wrapped(rows: Iterable[str]) -> Text:
    """Lines of information as one text, wrapped at the panel's width rather than cut."""
    return Text("\n".join(rows))


def wrap(line: str, width: int) -> list[str]:
    """A line of prose on as many lines as ``width`` needs, continued under its first word."""
    indent = " " * (len(line) - len(line.lstrip()) + 2)
    return wrap_cells(line, max(width, len(indent) + 8), indent)


def prose(rows: Iterable[str], width: int) -> list[str]:
    """Every line wrapped (``wrap``)."""
    return [part for row in rows for part in wrap(row, width)]


def listed(heading: str, items: Iterable[str]) -> list[str]:
    """``heading`` and the items indented under it; nothing when there are no items."""
    indented = ["  " + item for item in items]
    return [heading, *indented] if indented else []

"""Reading the players' names in log lines, for the score oracles that work from the log."""

from __future__ import annotations

import re
from collections.abc import Iterable

WHO = "{who}"
"""Where a line pattern names a seat."""


def seat_line(pattern: str, names: Iterable[str]) -> re.Pattern:
    """``pattern`` compiled with its ``{who}`` read as one of ``names`` (group ``who``), never as
    any text: a name worded like a line ("Io's die", "Zeno scores 3 VP", "Ann gains Zeus") is
    still read as the name it is."""
    longest_first = sorted(set(names), key=len, reverse=True)
    return re.compile(pattern.replace(WHO, "(?P<who>" + "|".join(map(re.escape, longest_first)) + ")"))

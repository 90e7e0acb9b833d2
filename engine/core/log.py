"""Log entries written by the rules, redacted per viewer.

An entry is ``{"text": ..., "only": [seats] | None, "others": str | None}``: seats in
``only`` (or everyone, when it is None) read ``text``; other viewers read ``others``, or
nothing at all when ``others`` is None. A state whose ``log`` is None keeps no log: play-outs
and bots work on such copies, so they build no log text.
"""

from __future__ import annotations

from typing import Any, Iterable


def add_log(state: dict[str, Any], text: str, *, only: Iterable[int] | None = None, others: str | None = None) -> None:
    """Append an entry; a state whose log is None (a play-out's copy) keeps no log."""
    if "log" not in state:
        state["log"] = []
    log = state["log"]
    if log is not None:
        log.append({"text": text, "only": sorted(only) if only is not None else None, "others": others})


def logging(state: dict[str, Any]) -> bool:
    """Whether log entries are kept: rules may skip building costly log text when not."""
    return state.get("log", ()) is not None


def visible_log(state: dict[str, Any], viewer: int | None) -> list[str]:
    lines = []
    for entry in state.get("log") or ():
        if entry["only"] is None or (viewer is not None and viewer in entry["only"]):
            lines.append(entry["text"])
        elif entry["others"] is not None:
            lines.append(entry["others"])
    return lines

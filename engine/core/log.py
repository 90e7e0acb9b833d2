"""Log entries written by the rules, redacted per viewer.

An entry is ``{"text": ..., "only": [seats] | None, "others": ... | None}``: seats in ``only``
(or everyone, when it is None) read ``text``; other viewers read ``others``, or nothing at all
when ``others`` is None. Each is what the rules said (engine/core/text.py): a template with its
arguments (``Say``, kept as JSON) or plain words, turned into text only when shown. A state
whose ``log`` is None keeps no log: play-outs and bots work on such copies, so they build no
log text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from .text import Said, Say, said_from_json, said_to_json


def add_log(state: dict[str, Any], text: Said, *, only: Iterable[int] | None = None,
            others: Said | None = None) -> None:
    """Append an entry; a state whose log is None (a play-out's copy) keeps no log."""
    log = state.setdefault("log", [])
    if log is not None:
        log.append(entry(text, only=only, others=others))


def entry(text: Said, *, only: Iterable[int] | None = None, others: Said | None = None) -> dict[str, Any]:
    """The entry ``add_log`` appends. Entries are never changed once written, so one entry may be
    made once and appended again and again (``add_entry``): a sentence logged on every card drawn."""
    return {"text": text.to_json() if type(text) is Say else text, "only": sorted(only) if only is not None else None,
            "others": said_to_json(others) if others is not None else None}


def add_entry(state: dict[str, Any], kept: dict[str, Any]) -> None:
    """Append an ``entry`` made earlier (maybe appended before: entries are shared, never changed)."""
    log = state.setdefault("log", [])
    if log is not None:
        log.append(kept)


def logging(state: dict[str, Any]) -> bool:
    """Whether log entries are kept: rules may skip building costly log text when not."""
    return state.get("log", ()) is not None


def visible(state: dict[str, Any], viewer: int | None) -> Iterator[tuple[int, str, Any]]:
    """What ``viewer`` may read of the log: (the entry's index, "text" or "others", what the
    rules said there as kept in the state)."""
    for index, entry in enumerate(state.get("log") or ()):
        if entry["only"] is None or (viewer is not None and viewer in entry["only"]):
            yield index, "text", entry["text"]
        elif entry["others"] is not None:
            yield index, "others", entry["others"]


def visible_entries(state: dict[str, Any], viewer: int | None) -> list[Said]:
    """What ``viewer`` may read of the log, entry by entry, as the rules said it."""
    return [said_from_json(kept) for _, _, kept in visible(state, viewer)]


def visible_log(state: dict[str, Any], viewer: int | None, words: Callable[[Said], str]) -> list[str]:
    """The lines ``viewer`` may read, in ``words`` (a ``Words`` of the game: ``Match.words``)."""
    return [words(said_from_json(kept)) for _, _, kept in visible(state, viewer)]

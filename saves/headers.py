"""A save's header read without its action log: what a list of games needs, at a fraction of
the cost of reading the whole file (parsing and checking a long game's 900 actions costs some
fifty times what its header does).

Tabula writes a save as ``{"save":{"1":{...header...,"actions":[...]}}}``, compactly and with
the action log last. ``header_of`` takes the text before ``,"actions":[`` and closes it: that
parses only if the log is a field of the save's own document, so a file written otherwise (by
hand, by a damaged disk) gives None and is read in full, as before. The log itself is only
counted here, never checked: whatever opens, verifies or exports the game reads the whole save
and validates it first.
"""

from __future__ import annotations

from typing import Any

from engine.core.files import UnreadableFile, parse_json

LOG = b',"actions":['
END = b"]}}}"
ACTION = b'{"a":'
"""How each action of the log begins, as Tabula writes it (``engine.core.match.Action.to_json``)."""


def header_of(raw: bytes) -> tuple[Any, int] | None:
    """The save's document without its actions (unchecked JSON data) and how many actions its
    log holds; None unless the file is laid out as Tabula writes saves."""
    start = raw.find(LOG)
    if start < 0 or not raw.endswith(END):
        return None
    try:
        data = parse_json(raw[:start] + b"}}}")
    except UnreadableFile:
        return None
    if not (isinstance(data, dict) and list(data) == ["save"] and isinstance(data["save"], dict)
            and list(data["save"]) == ["1"]):
        return None
    return data["save"]["1"], raw.count(ACTION, start)

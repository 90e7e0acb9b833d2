"""Hostile input for the hostile-input suite: strings that are markup or terminal control,
and ways to put them, or junk, where Tabula reads them (save files written by hand)."""

from __future__ import annotations

import json
from pathlib import Path

from saves.session import GameSession
from saves.store import SaveStore, Seat, record_to_dict

MARKUP = [
    "[/]",
    "[/x]",
    "[b]bold[/b",
    "[link=https://evil.example]click[/link]",
    "[@click=app.quit]quit[/]",
    "$name [red]x",
]
CONTROL = [
    "\x1b]0;pwned\x07\x1b[2J\x1b[31mRED",
    "\x9b2J\x9d0;pwned\x9c",
    "\u202eevil\u202c",
    "nul\x00byte\x7f",
    "bell\x07cr\rbs\x08",
]
HOSTILE = MARKUP + CONTROL

ESCAPE_OUTPUT = ("\x1b]0;pwned", "\x1b[2J", "\x1b[31mRED", "\x9b", "\x9d", "\u202e", "\x00", "\x07")
"""What must never reach a terminal from those strings."""

BAD_CHARACTERS = {chr(c) for c in range(0x20)} | {chr(c) for c in range(0x7F, 0xA0)} | {"\u202e", "\u202c"}


def bad_characters(text: str) -> set[str]:
    """Control characters (C0, DEL, C1, bidi overrides) in ``text``, newlines apart."""
    return {ch for ch in text if ch in BAD_CHARACTERS and ch != "\n"}


def screen_text(app) -> str:
    """Every character the app's screen shows now, as the compositor would paint it."""
    from tui.compat import screen_strips

    strips = screen_strips(app)
    return "\n".join("".join(segment.text for segment in strip) for strip in strips)


def raw_save(data_dir: Path, save_id: str, document: object) -> Path:
    """Write a save file by hand, as a hostile user or a damaged disk might (no validation)."""
    folder = Path(data_dir) / "games"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{save_id}.json"
    path.write_text(json.dumps({"save": {"1": document}}), encoding="utf-8")
    return path


def real_save(data_dir: Path, names=("Ann", "Bruno"), kinds=("human", "human"), *, of: str = "toy", **fields) -> dict:
    """A real save's document (a game that replays), with ``fields`` replaced; the file is rewritten."""
    store = SaveStore(data_dir)
    session = GameSession.new(store, of, "A game", [Seat(n, k) for n, k in zip(names, kinds)], seed=7)
    document = record_to_dict(session.record) | fields
    raw_save(data_dir, session.record.id, document)
    return document

"""The settings a player changes once and finds again next time (<data_dir>/settings.json,
read and written by ``SaveStore.settings`` and ``SaveStore.put_settings``).

A setting is read each time it is needed (another process, an SSH session on the same data
folder, may have changed it) and written at once, under the file's lock. A file that cannot
be read is set aside like any other (``SaveStore.problems``) and the defaults apply.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any


@dataclass(frozen=True)
class Settings:
    bell: bool = True
    """Ring the terminal bell when this terminal's player must act after others moved."""
    no_confirm: tuple[str, ...] = field(default=())
    """Players (by name) who end their turns without confirming them."""
    forced_at_once: tuple[str, ...] = field(default=())
    """Players (by name) whose only choice, when they have just one, is taken at once."""
    last_game: str = ""
    """The game (its id) last started from the New game form, which offers it first next time."""
    languages: tuple[tuple[str, str], ...] = field(default=())
    """(player, language code) for the players who chose a language: a player is the SSH key of
    a served app (``tui.serve.identity``), "" at a local terminal."""

    def confirms(self, name: str) -> bool:
        """Whether ``name`` confirms the end of each turn (the default, as on Board Game Arena)."""
        return name not in self.no_confirm

    def with_confirm(self, name: str, on: bool) -> Settings:
        names = [other for other in self.no_confirm if other != name] + ([] if on else [name])
        return replace(self, no_confirm=tuple(sorted(names)))

    def language(self, player: str) -> str | None:
        """The language ``player`` chose (None: none, the locale decides)."""
        return dict(self.languages).get(player)

    def with_language(self, player: str, code: str) -> Settings:
        chosen = {**dict(self.languages), player: code}
        return replace(self, languages=tuple(sorted(chosen.items())))

    def takes_forced(self, name: str) -> bool:
        """Whether ``name``'s forced moves (a single legal choice) are made at once (off by default)."""
        return name in self.forced_at_once

    def with_forced(self, name: str, on: bool) -> Settings:
        names = [other for other in self.forced_at_once if other != name] + ([name] if on else [])
        return replace(self, forced_at_once=tuple(sorted(names)))


NAME_MOST, NAMES_MOST = 200, 100
"""The longest player name a setting keeps (as a save's seat), and how many names."""
GAME_ID_MOST = 40
"""The longest game id a setting keeps (the New game form offers only a game it knows)."""
PLAYER_MOST, LANGUAGE_MOST = 200, 16
"""The longest player (an SSH key) and language code a setting keeps."""


def settings_from(data: Any) -> Settings:
    """Settings from a stored document: unknown keys, values of the wrong kind, and names and game
    ids too long (or names past the first NAMES_MOST) are ignored."""
    data = data if isinstance(data, dict) else {}
    values: dict[str, Any] = {}
    if isinstance(data.get("bell"), bool):
        values["bell"] = data["bell"]
    for key in ("no_confirm", "forced_at_once"):
        names = data.get(key)
        if isinstance(names, list):
            kept = [name for name in names[:NAMES_MOST] if isinstance(name, str) and len(name) <= NAME_MOST]
            values[key] = tuple(sorted(set(kept)))
    game = data.get("last_game")
    if isinstance(game, str) and len(game) <= GAME_ID_MOST:
        values["last_game"] = game
    languages = data.get("languages")
    if isinstance(languages, dict):
        values["languages"] = tuple(sorted(
            (player, code) for player, code in list(languages.items())[:NAMES_MOST]
            if isinstance(code, str) and len(player) <= PLAYER_MOST and len(code) <= LANGUAGE_MOST))
    return Settings(**values)


def settings_document(settings: Settings) -> dict[str, Any]:
    return {"bell": settings.bell, "no_confirm": list(settings.no_confirm),
            "forced_at_once": list(settings.forced_at_once), "last_game": settings.last_game,
            "languages": dict(settings.languages)}

"""The games Tabula knows, by id. Importing a game's rules is deferred until it is needed."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from .core.contract import Rules

if TYPE_CHECKING:
    from .core.box import Box  # the component editor's model: only the commands that edit components load it

GAMES: dict[str, tuple[str, str]] = {
    "almadi": ("Almadi", "engine.almadi.rules:AlmadiRules"),
    "pantheon": ("Pantheon", "engine.pantheon.rules:PantheonRules"),
    "polis": ("Polis", "engine.polis.rules:PolisRules"),
    "thebai": ("Thebai", "engine.thebai.rules:ThebaiRules"),
}
BUILT_IN_GAMES = tuple(GAMES)
"""The games Tabula ships, whatever is registered later (the tests register a toy, alone or beside them)."""

_loaded: dict[str, Rules] = {}


def rules_for(game_id: str) -> Rules:
    if game_id not in GAMES:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(sorted(GAMES))}")
    if game_id not in _loaded:
        module_name, class_name = GAMES[game_id][1].split(":")
        _loaded[game_id] = getattr(import_module(module_name), class_name)()
    return _loaded[game_id]


def titles() -> dict[str, str]:
    return {game_id: title for game_id, (title, _) in GAMES.items()}


def title_of(game_id: str) -> str:
    """A game's title; for an id this Tabula does not know (a save may name any game), the id
    marked as unknown."""
    entry = GAMES.get(game_id)
    return entry[0] if entry else f"{game_id[:40]} (unknown game)"


def box_for(game_id: str) -> Box:
    """What an owner can change of the game's components (engine/<game>/box.py)."""
    if game_id not in GAMES:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(sorted(GAMES))}")
    box: Box = import_module(f"engine.{game_id}.box").BOX
    return box

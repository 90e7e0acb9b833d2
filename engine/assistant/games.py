"""The games the table assistant knows. Each has a module ``engine.<game>.assistant`` with

    TITLE: str
    PLAYER_COUNTS: tuple[int, ...]
    def setup_checklist(players: int, seed: int) -> Checklist
    FORMS: tuple[Form, ...]                       # round helpers and score sheets
    def player_labels(players: int) -> list[str]  # how the sheets name the players
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from .forms import Form

GAME_IDS = ("thebai", "almadi", "polis", "pantheon")


def assistant_for(game_id: str) -> ModuleType:
    if game_id not in GAME_IDS:
        raise KeyError(f"the table assistant has no game {game_id!r}")
    return import_module(f"engine.{game_id}.assistant")


def form_for(game_id: str, form_id: str) -> Form:
    for form in assistant_for(game_id).FORMS:
        if form.id == form_id:
            return form
    raise KeyError(f"{game_id} has no sheet {form_id!r}")

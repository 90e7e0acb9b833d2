"""The games the table assistant knows. Each has a module ``engine.<game>.assistant`` that is a
``GameAssistant``."""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec
from typing import Protocol, cast

from engine.registry import BUILT_IN_GAMES

from .checklist import Checklist
from .forms import Form

GAME_IDS = tuple(game for game in BUILT_IN_GAMES if find_spec(f"engine.{game}.assistant") is not None)
"""The registry's games with a table assistant (all four), in the registry's order."""


class GameAssistant(Protocol):
    """What the module ``engine.<game>.assistant`` of a game the assistant knows holds."""

    TITLE: str
    PLAYER_COUNTS: tuple[int, ...]
    FORMS: tuple[Form, ...]
    """Round helpers and score sheets."""

    def setup_checklist(self, players: int, seed: int) -> Checklist: ...

    def player_labels(self, players: int) -> list[str]:
        """How the sheets name the players."""
        ...


def assistant_for(game_id: str) -> GameAssistant:
    if game_id not in GAME_IDS:
        raise KeyError(f"the table assistant has no game {game_id!r}")
    return cast(GameAssistant, import_module(f"engine.{game_id}.assistant"))


def form_for(game_id: str, form_id: object) -> Form:
    """The form ``form_id`` of the game (as a sheet file gives it: KeyError unless it names one)."""
    for form in assistant_for(game_id).FORMS:
        if form.id == form_id:
            return form
    raise KeyError(f"{game_id} has no sheet {form_id!r}")

"""Per-game board renderers: pure functions from a seat's view (plain data) to Rich renderables.

Each game has a module ``tui/boards/<game_id>.py`` defining:

    def shared(view: dict, width: int) -> RenderableType
        The common board (central board, supplies, displays), as seen in ``view``.
    def player(view: dict, seat: int, width: int) -> RenderableType
        One seat's public area (realm, tracks, supplies); any seat, from ``view``.
    def private(view: dict, viewer: int, width: int) -> RenderableType | None
        The viewer's private information (hand, secret cards); None when there is none.

Renderers only read ``view`` (what ``Match.view(viewer)`` returned), so they cannot leak
what that seat may not see. They must stay readable at 80 columns and never rely on colour
alone: seats are told apart by letter and symbol (engine.core.seats).
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType


def board_module(game_id: str) -> ModuleType:
    return import_module(f"tui.boards.{game_id}")

"""Per-game board renderers: pure functions from a seat's view (plain data) to Rich renderables.

Each game has a module ``tui/boards/<game_id>.py`` defining:

    def shared(view: dict, width: int) -> RenderableType
        The common board (central board, supplies, displays), as seen in ``view``.
    def player(view: dict, seat: int, width: int) -> RenderableType
        One seat's public area (realm, tracks, supplies); any seat, from ``view``.
    def private(view: dict, viewer: int, width: int) -> RenderableType | None
        The viewer's private information (hand, secret cards); None when there is none.

Optional, used by the table when a module has them:

    def focus(view: dict, viewer: int | None) -> str
        Which panel the viewer's current decision is about: "shared", "private" or
        "player:<seat>". At 80 columns the table shows only that panel (``v`` cycles through
        the others); wider tables show them all and highlight it.
    MAP_BOARD = True
        The shared board is a map that grows with its panel: wide tables give it the full
        width, with the players' areas in a grid below it (else they sit beside the board).
    ROOMY_CELLS = True
        The table passes ``roomy=True`` to shared() and player() on a screen of 180x40 or more.
    ZOOM = True
        The shared board can zoom in: the table offers ``z`` and passes shared() two more
        keywords, ``zoom`` (True while zoomed in) and ``highlighted`` (the id of the choice
        highlighted in the choice list, or None); while zoomed it draws the board again each
        time the highlight moves, so the zoomed board can follow it. Other callers (the end
        screen) pass neither, so the renderer knows no zoom is on offer there.

The viewer's choices are in ``view["choices"]``; a renderer may mark on its board where each
one acts (e.g. the number key of a position choice on that spot).

Renderers only read ``view`` (what ``Match.view(viewer)`` returned), so they cannot leak
what that seat may not see. They must stay readable at 80 columns and never rely on colour
alone: seats are told apart by letter and symbol (engine.core.seats).
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType


def board_module(game_id: str) -> ModuleType:
    return import_module(f"tui.boards.{game_id}")

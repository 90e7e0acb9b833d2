"""Thebai boards: the city with the tracks, fate tiles, council and contract display; each estate
with its owner's supply; the viewer's hand.

The shared panel puts first what the decision is about: the council while seating a
councillor, the tracks while advancing, the contracts while taking one, else the city
(engine/thebai's views carry no glyphs: they are all in tui/boards/thebai_style.py).

Where a choice acts on a space of a board (a dice space, a Cadmea space, an estate space, a
track, a council space, a display card), that space shows the choice's number key in reverse
video, so a turn's steps (die, space, tile, archon path) are picked on the board.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .base import Board, Panel, seat_panels
from .thebai_city import city, roomy
from .thebai_panels import council, display, estate, hand, supply, tracks
from .thebai_style import city_glyphs, legend


def _about(view: dict[str, Any]) -> str:
    """Which part of the shared board the viewer's decision is about."""
    targets = [c.target or "" for c in view.get("choices", ())]
    if any(t.startswith("council.") or t == "passage" for t in targets):
        return "council"
    if any(t in ("dionysus", "ares") for t in targets):
        return "tracks"
    if any(t.startswith("display.") or t == "deck" for t in targets):
        return "contracts"
    return "city"


CITY_BESIDE = 82
"""Columns of the city with each row's details beside it."""
CITY_NARROW = 48
"""Columns of the city with the rows' details below it."""
SIDE_MIN = 56
"""Columns the tracks, council and contracts need beside the city."""


def shared(view: dict[str, Any], width: int) -> RenderableType:
    """The city and, beside it when there is room (else below it, the decision's part first),
    the devotion tracks and fate tiles, the council and the contract display."""
    def city_part(columns: int) -> Group:
        return Group(*city(view, columns), legend(city_glyphs(view, roomy(view, columns)), columns))

    others = {"tracks": tracks(view), "council": council(view), "contracts": display(view)}
    if width >= CITY_NARROW + SIDE_MIN:
        left = CITY_BESIDE if width >= CITY_BESIDE + SIDE_MIN else CITY_NARROW
        layout = Table.grid(padding=(0, 2))
        layout.add_column(width=left - 2)
        layout.add_column(width=width - left)
        layout.add_row(city_part(left - 2), Group(*(item for part in others.values() for item in (part, Text("")))))
        return layout
    parts = {"city": city_part(width), **others}
    first = _about(view)
    order = [first] + [name for name in parts if name != first]
    return Group(*(item for name in order for item in (parts[name], Text(""))))


def player(view: dict[str, Any], seat: int, width: int) -> RenderableType:
    return Group(estate(view, seat, width), supply(view, seat))


def secret_count(view: dict[str, Any], seat: int) -> int:
    """Cards of a hand drawn from the deck (only their owner knows them)."""
    return view["hand_sizes"][seat] - len(view["known"][seat])


def private(view: dict[str, Any], viewer: int, width: int) -> RenderableType | None:
    """The viewer's hand, when it holds a card the others have not seen (else it is public)."""
    if not view.get("hand") or not secret_count(view, viewer):
        return None
    return hand(view, viewer)


def _targets(view: dict[str, Any]) -> list[str]:
    return [choice.target or "" for choice in view.get("choices", ())]


def on_the_estate(view: dict[str, Any], viewer: int | None, seat: int) -> bool:
    """Choosing on the viewer's estate or its supply."""
    return seat == viewer and any(target.startswith((f"e{viewer}.", f"pool{viewer}.")) for target in _targets(view))


def fulfilling(view: dict[str, Any], viewer: int | None) -> bool:
    """Choosing a card of a secret hand (fulfilling a contract), unless the choice is on the estate."""
    if viewer is None or on_the_estate(view, viewer, viewer) or private(view, viewer, 80) is None:
        return False
    return any(target.startswith("card.") for target in _targets(view))


class ThebaiBoard(Board):
    map_board = True

    def panels(self, seats: int) -> list[Panel]:
        """The city with the tracks, fate and council (else), the hand, each estate."""
        return [
            Panel("shared", "Board", lambda view, frame: shared(view, frame.width)),
            Panel("private", "Private", lambda view, frame: private(view, frame.viewer, frame.width),
                  needed=fulfilling, private=True),
            *seat_panels(seats, lambda view, seat, frame: player(view, seat, frame.width), on_the_estate),
        ]


BOARD = ThebaiBoard()

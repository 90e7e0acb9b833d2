"""Thebai boards: the city with the tracks, fate tiles, council and contract display; each estate
with its owner's supply; the viewer's hand.

The shared panel puts first what the decision is about: the council while seating a
councillor, the tracks while advancing, the contracts while taking one, else the city
(engine/thebai's views carry no glyphs: they are all in tui/boards/thebai_style.py).

Where a choice acts on a space of a board (a dice space, a Cadmea space, an estate space, a
track, a council space, a display card), that space shows the choice's number key in reverse
video, so a turn's steps (die, space, tile, archon path) are picked on the board. Every panel
notes the glyphs it drew (tui/boards/thebai_style.py): it ends with their legend when it is
alone on the screen (80 columns), else the table's legend panel explains them all.
"""

from __future__ import annotations

from functools import cache
from typing import cast

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from engine.core.choices import Target
from engine.thebai.choices import Fulfil
from engine.thebai.constants import ESTATE_COLS, ESTATE_ROWS, TRACKS
from engine.thebai.targets import (
    DECK,
    PASSAGE,
    CouncilSpace,
    DisplaySlot,
    EstateRowEnd,
    EstateSpace,
    Supply,
    TrackSpot,
    estate_space_id,
)
from engine.thebai.view import ThebaiTable
from tui.i18n import N_

from .base import Board, Frame, Panel, View, legend_panel, seat_panels
from .glyphs import finish
from .thebai_city import cadmea_record, city, roomy_width, rows_block
from .thebai_panels import council, display, estate, estate_words, hand, supply, tracks
from .thebai_style import ThebaiPen


def thebai_table(view: View) -> ThebaiTable:
    """A view the table hands a Thebai panel: ``Match.view`` of ThebaiRules, the ThebaiView
    (its ``view_type``, which the conformance suite checks every view fits) and the table's fields."""
    return cast(ThebaiTable, view)


def _about(view: ThebaiTable) -> str:
    """Which part of the shared board the viewer's decision is about: where its choices act,
    looked up among the spots of each part (a target is never cut apart)."""
    targets = _targets(view)
    council = {PASSAGE, *map(CouncilSpace, view["council"]["spaces"])}
    contracts = {DECK, *map(DisplaySlot, range(len(view["contracts"]["display"])))}
    for part, spots in (("council", council), ("tracks", set(map(TrackSpot, TRACKS))), ("contracts", contracts)):
        if not spots.isdisjoint(targets):
            return part
    return "city"


CITY_BESIDE = 82
"""Columns of the city with each row's details beside it."""
CITY_NARROW = 48
"""Columns of the city with the rows' details below it."""
SIDE_MIN = 56
"""Columns the tracks, council, contracts (and the rows' details) need beside the city."""
SIDE_NARROW = 41
"""Columns the tracks, council and contracts need beside the roomy city (as in a panel at 80x24),
the rows' details then under the city."""
ROOMY_GAP = 1
"""Columns between the roomy city (its last dice spaces are mostly blank) and what is beside it."""


def city_columns(view: ThebaiTable, width: int, roomy: bool) -> int:
    """Columns of the city with the tracks, council and contracts beside it (0: they go below),
    the gap after it included."""
    if roomy:
        return roomy_width(view) + ROOMY_GAP
    if width < CITY_NARROW + SIDE_MIN:
        return 0
    return CITY_BESIDE if width >= CITY_BESIDE + SIDE_MIN else CITY_NARROW


def shared(view: ThebaiTable, frame: Frame) -> RenderableType:
    """The city and, beside it when there is room (else below it, the decision's part first),
    the devotion tracks and fate tiles, the council and the contract display. On a large
    screen (160x50 and more) the city's tiles are boxes with their roofs, the rows' details
    beside them where there is room (200x60), else under the city."""
    width, pen = frame.width, ThebaiPen(frame.color)
    roomy = frame.roomy and width >= roomy_width(view) + ROOMY_GAP + SIDE_NARROW
    left = city_columns(view, width, roomy)
    rows_beside = roomy and width - left >= SIDE_MIN
    others = {"tracks": tracks(view, pen), "council": council(view, pen, width - left), "contracts": display(view, pen),
              **({"rows": rows_block(view, pen)} if rows_beside else {})}
    if left:
        gap = ROOMY_GAP if roomy else 2
        drawn_city = city(view, left - gap, pen, roomy)
        if roomy and not rows_beside:
            drawn_city += [Text(""), rows_block(view, pen)]
        layout = Table.grid(padding=(0, gap))
        layout.add_column(width=left - gap)
        layout.add_column(width=width - left)
        layout.add_row(Group(*drawn_city), Group(*(item for part in others.values() for item in (part, Text("")))))
        return finish(frame, pen, layout, pen.extras())
    parts: dict[str, RenderableType] = {"city": Group(*city(view, width, pen)), **others}
    first = _about(view)
    order = [first] + [name for name in parts if name != first]
    return finish(frame, pen, [item for name in order for item in (parts[name], Text(""))], pen.extras())


def player(view: ThebaiTable, seat: int, frame: Frame) -> RenderableType:
    """A seat's estate (its action spaces, dice, metoikoi) and its supply."""
    pen = ThebaiPen(frame.color)
    drawing: list[RenderableType] = [estate(view, seat, frame.width, pen), supply(view, seat, pen)]
    return finish(frame, pen, drawing, estate_words(frame.width) + pen.extras())


def secret_hand(view: ThebaiTable, viewer: int | None) -> bool:
    """The viewer holds a card the others have not seen (else the hand is public)."""
    return viewer is not None and bool(view["hand"]) and view["seats"][viewer]["unseen"] > 0


def private(view: ThebaiTable, frame: Frame) -> RenderableType | None:
    """The viewer's hand, while it is secret."""
    viewer = frame.viewer
    if viewer is None or not secret_hand(view, viewer):
        return None
    pen = ThebaiPen(frame.color)
    return finish(frame, pen, hand(view, viewer, pen), pen.extras())


def _targets(view: ThebaiTable) -> set[Target | str]:
    return {choice.target for choice in view["choices"] if choice.target is not None}


@cache
def estate_spots(seat: int) -> frozenset[Target]:
    """The targets on a seat's estate (its rows and action spaces) and in its supply."""
    rows = range(1, ESTATE_ROWS + 1)
    return frozenset({Supply(seat, "c"), Supply(seat, "h"), *(EstateRowEnd(seat, r) for r in rows),
                      *(EstateSpace(seat, estate_space_id(r, c)) for r in rows for c in range(1, ESTATE_COLS + 1))})


def on_the_estate(view: ThebaiTable, viewer: int | None, seat: int) -> bool:
    """Choosing on the viewer's estate or its supply."""
    return seat == viewer and not estate_spots(seat).isdisjoint(_targets(view))


def fulfilling(view: ThebaiTable, viewer: int | None) -> bool:
    """Choosing a card of a secret hand (fulfilling a contract), unless the choice is on the estate."""
    if viewer is None or not secret_hand(view, viewer) or on_the_estate(view, viewer, viewer):
        return False
    return any(isinstance(choice.args, Fulfil) for choice in view["choices"])


class ThebaiBoard(Board):
    map_board = True
    roomy_cells = True
    roomy_from = 120
    """The roomy city fits a 160x50 table's board panel (with the tracks, council and contracts
    beside it at 80x24's width); shared() checks that it fits."""
    records = {"cadmea": cadmea_record}

    def panels(self, seats: int) -> list[Panel]:
        """The city with the tracks, fate and council (else), the legend of what the panels
        drew, the hand, each estate."""
        return [
            Panel("shared", N_("Board"), lambda view, frame: shared(thebai_table(view), frame)),
            legend_panel(),
            Panel("private", N_("Private"), lambda view, frame: private(thebai_table(view), frame),
                  needed=lambda view, viewer: fulfilling(thebai_table(view), viewer), private=True),
            *seat_panels(seats, lambda view, seat, frame: player(thebai_table(view), seat, frame),
                         lambda view, viewer, seat: on_the_estate(thebai_table(view), viewer, seat)),
        ]


BOARD = ThebaiBoard()

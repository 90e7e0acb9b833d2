"""The board-renderer protocol: a game's table as panels, each drawn from one seat's view.

A game's module ``tui/boards/<game_id>.py`` defines ``BOARD``, an instance of a ``Board``
subclass. The board declares its panels (``Board.panels``): by default the common board
(``shared``), the viewer's private information (``private``) and one area per seat
(``player:<seat>``), but any set the game needs (City, Estate, Tracks, Council, Markets...).
A ``Panel`` draws itself from the view of the seat the table shows (``Match.view(viewer)``,
all a renderer ever reads, so it cannot leak what that seat may not see) in a ``Frame``: the
width it has, the viewer, and what the table offers around it (room to spare, zoom, colour).
A board draws with the glyphs it declares once (tui/boards/glyphs.py) and explains exactly
those it drew: under the panel when it is alone on the screen, else in its legend panel.

At 80 columns the table shows one panel at a time: on each new decision, the first panel
that says the decision needs it (``Panel.needed``), else the first panel; ``v`` cycles
through the others. Wider tables show them all, that one highlighted. A board marks the
viewer's choices where they act: each choice's ``target`` is an id of the game's board
(``Rules.targets``), and ``target_keys(view)`` gives the key of each (tui/choice_keys.py).

Panels must stay readable at 80 columns (the conformance suite draws every panel of every
seat at sampled states) and never tell seats apart by colour alone (engine.core.seats).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from rich.console import RenderableType
from rich.text import Text

from engine.core.choices import Target
from engine.core.contract import Choice
from tui.choice_keys import ChoicePages
from tui.i18n import N_

from .glyphs import Ledger

View = dict[str, Any]
Keys = dict[Target | str, str]
"""The key of the viewer's choices by where each acts (``target_keys``)."""


@dataclass(frozen=True)
class Frame:
    """Where and for whom a panel is drawn."""

    width: int
    """Columns inside the panel."""
    viewer: int | None = None
    """The seat whose view is drawn (None: a spectator's)."""
    roomy: bool = False
    """A screen of 40 rows or more and ``Board.roomy_from`` columns (180 unless the board says
    otherwise), for a board that draws larger cells then (``Board.roomy_cells``)."""
    zoom: bool | None = None
    """For a panel that zooms (``Panel.zoom``): True while zoomed in; None where no zoom is
    offered (the end screen), so the panel does not offer ``z`` in its legend."""
    highlighted: Choice | None = None
    """For a panel that zooms or marks the highlight (``Panel.highlight``): the choice
    highlighted in the choice list (a zoomed map centres on its target); the panel is drawn
    again each time the highlight moves."""
    color: bool = True
    """False under NO_COLOR: glyphs and attributes only (tui/boards/glyphs.py)."""
    legend: bool = True
    """The panel ends with the legend of the glyphs it drew: it is alone on the screen (80
    columns, a test). Else the table shows one legend panel for every panel on screen."""
    ledger: Ledger | None = None
    """Where the panel notes the glyphs it drew, for that legend panel."""
    panel: str = ""
    """The name of the panel drawn, for the ledger."""


Draw = Callable[[View, Frame], "RenderableType | None"]
DrawRecord = Callable[[dict[str, Any], bool], Text]
"""A component's record drawn (in colour or not), a few lines high."""
Needed = Callable[[View, "int | None"], bool]


def never(view: View, viewer: int | None) -> bool:
    return False


NAME = re.compile(r"[a-z][a-z0-9_-]*(:[0-9]+)?")


@dataclass(frozen=True)
class Panel:
    name: str
    """Unique among a board's panels: 'shared', 'private', 'player:2', 'council'. The table's
    ``v`` and the panel's widget id ('player-2') come from it."""
    title: str
    """Its border title (N_ marked: "Board", "Council"), translated where shown; a seat's area is titled
    with the seat instead."""
    draw: Draw = field(compare=False)
    needed: Needed = field(default=never, compare=False)
    """Whether the decision now (``view["choices"]``, ``viewer``) is about this panel: the
    table then shows it at 80 columns."""
    place: Literal["board", "areas"] = "board"
    """The board column, or the grid of areas beside it (below a map board)."""
    seat: int | None = None
    """The seat whose area this is: titled with its tag and name, ▶ while it is awaited."""
    private: bool = False
    """The viewer's secrets: shown only while the viewer has some (``Rules.has_private``), and
    hidden by the hot-seat curtain until the right player is at the screen; ``draw`` returns
    None exactly when the viewer has none. Never shown at the end of the game."""
    zoom: bool = False
    """It can zoom in (``z`` on the table); its frames say ``zoom`` and ``highlighted``."""
    highlight: bool = False
    """It marks the choice highlighted in the list: its frames say ``highlighted``, and the
    table draws it again when the highlight moves (while it is on the screen)."""
    legend: bool = False
    """The legend of the glyphs the other panels on screen drew (``Frame.ledger``): shown where
    several panels are, drawn after them and again whenever what they drew changes."""

    def __post_init__(self) -> None:
        if not NAME.fullmatch(self.name):
            raise ValueError(f"panel name {self.name!r}: lower-case letters, digits, '-', '_', optionally ':<number>'")

    @property
    def widget_id(self) -> str:
        return self.name.replace(":", "-")


def seat_panels(seats: int, draw: Callable[[View, int, Frame], RenderableType],
                needed: Callable[[View, int | None, int], bool] | None = None, name: str = "player",
                highlight: bool = False) -> list[Panel]:
    """One panel per seat, ``<name>:<seat>``, in the grid of areas: ``draw(view, seat, frame)``,
    ``needed(view, viewer, seat)``."""
    def panel(seat: int) -> Panel:
        return Panel(f"{name}:{seat}", "", lambda view, frame: draw(view, seat, frame),
                     needed=never if needed is None else lambda view, viewer: needed(view, viewer, seat),
                     place="areas", seat=seat, highlight=highlight)

    return [panel(seat) for seat in range(seats)]


class Board:
    """A game's board renderer. Override ``panels`` to declare the game's own panels, or
    implement ``shared``, ``player`` and (if the game has secrets) ``private`` to get the
    default three kinds."""

    map_board: ClassVar[bool] = False
    """The board column holds a map that grows with its panel: wide tables give it the full
    width, the areas in a grid below it (else they sit beside it)."""
    roomy_cells: ClassVar[bool] = False
    """Frames say ``roomy`` on a screen of ``roomy_from`` x 40 or more."""
    roomy_from: ClassVar[int] = 180
    """The screen's width from which frames say ``roomy`` (the board still checks that its larger
    cells fit the panel)."""
    records: ClassVar[Mapping[str, DrawRecord]] = {}
    """How the component editor draws a record of a data file as the board draws it (a landscape
    as a tile), by the file's name; a kind not here is shown by its summary line."""

    def panels(self, seats: int) -> list[Panel]:
        """Every panel of a table of ``seats`` players, in the order ``v`` cycles through them."""
        return [
            Panel("shared", N_("Board"), self.shared),
            Panel("private", N_("Private"), self.private, private=True),
            *seat_panels(seats, self.player),
        ]

    def shared(self, view: View, frame: Frame) -> RenderableType:
        """The common board (central board, supplies, displays)."""
        raise NotImplementedError

    def player(self, view: View, seat: int, frame: Frame) -> RenderableType:
        """One seat's public area (any seat, as the viewer sees it)."""
        raise NotImplementedError

    def private(self, view: View, frame: Frame) -> RenderableType | None:
        """The viewer's private information (a hand, secret cards); None when it has none."""
        return None


def legend_panel() -> Panel:
    """The legend of what the panels on screen drew, for a board that draws with glyphs."""
    return Panel("legend", N_("Legend"),
                 lambda view, frame: None if frame.ledger is None else frame.ledger.legend(frame.width), legend=True)


def focus(panels: list[Panel], view: View, viewer: int | None) -> str:
    """The panel the decision now is about, among ``panels`` (those the table shows): the first
    that says it is needed, else the first."""
    return next((panel.name for panel in panels if panel.needed(view, viewer)), panels[0].name)


def target_keys(view: Mapping[str, Any]) -> Keys:
    """The key of the viewer's choices by the board target each acts on (the first choice
    acting there when several do): the choice's key on the page of the list shown
    (``view["choice_page"]``, put there by the table), else the key that turns to its page."""
    keys: Keys = {}
    choices = view.get("choices", ())
    marks = ChoicePages(choices).marks(view.get("choice_page", 0))
    for choice in choices:
        if choice.target is not None and choice.target not in keys:
            keys[choice.target] = marks[choice.id]
    return keys

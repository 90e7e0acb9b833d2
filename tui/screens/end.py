"""The final score sheet with the final board and areas (end of game), and the running score
sheet (during play)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from rich.measure import Measurement
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical, VerticalScroll
from textual.widgets import Label, Static

from engine.core.contract import Score
from saves.concessions import CONCEDED, DRAW
from tui.boards import board_for
from tui.boards.base import Frame
from tui.boards.glyphs import Ledger
from tui.i18n import N_, _
from tui.screens.base import TabulaModal, TabulaScreen
from tui.table.state import TableState
from tui.text import plain, seat_label
from tui.widgets.board_panel import BoardPanel
from tui.widgets.footer import Footer
from tui.widgets.scores import breakdown_table

if TYPE_CHECKING:
    from saves.store import SaveHeader


ENDING_LINES = 3
"""The last lines of the final log the end screen shows: the rules' own words for how the game
ended (Almadi's supply used up, a Polis side that could not feed its citizens...)."""


def winners_line(state: TableState) -> str:
    """The winners, and how the game ended when its players ended it (saves.concessions)."""
    names, ranking, ending = state.names, state.ranking, state.ending
    if ending is not None and ending.why == DRAW:
        return _("Ended in an agreed draw")
    if not ranking:
        return ""
    best = ranking[0][1]
    who = ", ".join(seat_label(names, seat) for seat in best)
    line = (_("★ Winner: {seats}") if len(best) == 1 else _("★ Shared win: {seats}")).format(seats=who)
    conceded = [change.seat for change in state.seat_changes if change.why == CONCEDED]
    if conceded:
        line += _(" ({seats} conceded, placed last)").format(
            seats=", ".join(seat_label(names, seat) for seat in conceded))
    return line


class EndScreen(TabulaScreen[None]):
    BINDINGS = [
        Binding("enter,escape", "home", N_("Back to home")),
        Binding("b", "boards", N_("Final board")),
        Binding("p", "replay", N_("Replay")),
        Binding("v", "review", N_("Review")),
        Binding("l", "full_log", N_("Log")),
        Binding("t", "top", N_("Scores"), show=False),
    ]

    def __init__(self, state: TableState, record: SaveHeader | None = None) -> None:
        """``record``: the game's save, to replay (p) and review (v) it."""
        super().__init__(classes="end")
        self.state = state
        self.record = record
        self.panels = [panel for panel in board_for(state.game_id).panels(len(state.names)) if not panel.private]
        """The final board and areas: every panel but the private ones (and the legend of them)."""
        self.ledger = Ledger(self.legend_changed)
        self._drawing = False
        """The panels are being drawn together (the legend panel comes last)."""
        self._laid_out = False
        """The first layout was made (and the panels drawn at its widths)."""

    def compose(self) -> ComposeResult:
        self.size_classes()
        state = self.state
        yield Label(plain(_("Game over — {title}").format(title=state.title), lines=False), classes="screen-title")
        with VerticalScroll(id="final"):
            yield Static(plain(winners_line(state), style="bold"), id="winners")
            ending = Static(plain("\n".join(list(state.view.get("log", ()))[-ENDING_LINES:])), id="ending")
            ending.border_title = _("How it ended (l: the whole log)")
            yield ending
            yield Static(breakdown_table(state.names, state.scores, state.ranking), id="sheet")
            yield Static(_("The game is saved as finished. b: the final board and areas below; "
                           "p: replay it move by move; v: the search's review of it (where it was won and lost); "
                           "Enter: back to home."), id="end-hint")
            with Grid(id="final-boards"):
                for panel in self.panels:
                    title = (_(panel.title) if panel.legend else _("Final {panel}").format(panel=_(panel.title).lower())
                             ) if panel.seat is None else seat_label(state.names, panel.seat)
                    yield BoardPanel(title, id=f"final-{panel.widget_id}", classes="panel")
        yield Footer()

    def on_mount(self) -> None:
        """The sheet is laid out at once; the final board and areas below it are drawn once that
        layout gave them their widths (``on_resize``)."""
        view, viewer = self.state.view, self.state.viewer
        for panel in self.panels:
            framed = partial(Frame, color=not self.app.no_color, legend=False, ledger=self.ledger, panel=panel.name)
            draw = lambda width, panel=panel, framed=framed: panel.draw(view, framed(width, viewer))  # noqa: E731
            self.query_one(f"#final-{panel.widget_id}", BoardPanel).show(draw, now=False)

    def on_resize(self, event: events.Resize) -> None:
        """The screen's first layout gave it its size, and the panels their widths: drawn now,
        they are laid out by the layout that follows (after a paint, a layout of their own)."""
        if not self._laid_out:
            self._laid_out = True
            self.draw_laid_out()

    def draw_laid_out(self) -> None:
        """Every panel at its width, the legend last (after what it lists was drawn)."""
        self._drawing = True
        try:
            for panel in sorted(self.panels, key=lambda panel: panel.legend):
                self.query_one(f"#final-{panel.widget_id}", BoardPanel).catch_up()
        finally:
            self._drawing = False

    def legend_changed(self) -> None:
        """The legend panel follows what the others drew (at their widths, once laid out), and is
        drawn after them when they are drawn together."""
        if not self._drawing:
            self.call_after_refresh(self.redraw_legend)

    def redraw_legend(self) -> None:
        for panel in self.panels:
            if panel.legend and self.is_attached:
                self.query_one(f"#final-{panel.widget_id}", BoardPanel).redraw()

    def action_boards(self) -> None:
        self.query_one("#final", VerticalScroll).scroll_to_widget(self.query_one("#final-boards"), animate=False,
                                                                  top=True)

    def action_top(self) -> None:
        self.query_one("#final", VerticalScroll).scroll_home(animate=False)

    def help_context(self) -> tuple[str, str]:
        return self.state.game_id, "scoring"

    def action_full_log(self) -> None:
        from tui.screens.log import LogScreen

        self.app.push_screen(LogScreen(list(self.state.view.get("log", ())), 0))

    def action_replay(self) -> None:
        from tui.screens.replay import ReplayScreen

        if self.record is not None:
            self.app.push_screen(ReplayScreen(self.record))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.record is not None if action == "review" else True

    def action_review(self) -> None:
        """The review, first of the seat this terminal played (its first, or the one shown)."""
        from tui.screens.review import ReviewScreen

        if self.record is not None:
            seats = self.state.humans or ([] if self.state.viewer is None else [self.state.viewer])
            self.app.push_screen(ReviewScreen(self.record, seats[0] if seats else None))

    def action_home(self) -> None:
        self.app.pop_screen()


class ScoreSheetScreen(TabulaModal[None]):
    """The running score with its breakdown, over the table."""

    BINDINGS = [Binding("escape,s,enter", "app.pop_screen", N_("Close"))]

    def __init__(self, names: list[str], scores: list[Score]) -> None:
        super().__init__(classes="dialog")
        self.names = names
        self.scores = scores

    def compose(self) -> ComposeResult:
        table = breakdown_table(self.names, self.scores)
        with Vertical(classes="dialog-box sheet-box") as box:
            # the sheet's width, + border and padding
            box.styles.width = Measurement.get(self.app.console, self.app.console.options, table).maximum + 6
            box.border_subtitle = _("Esc to close")  # on the border: in sight however tall the sheet
            yield Label(_("Running score"), classes="dialog-question")
            yield Static(table, id="running-sheet")

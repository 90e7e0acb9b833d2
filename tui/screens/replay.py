"""A saved game stepped through move by move (engine/core/replay.py), as Board Game Arena's
replays: forwards and backwards, a round or epoch at a time, as a spectator or from a seat's
view; every position shows only what that view could see then (board, log, scores). While the
game runs, only the views this terminal could see live are offered (the spectator's and its
player's seats: saves.seats.seats_seen_live); every seat's view opens once the game is over.

The review of a finished game (tui/screens/review.py) opens it pinned at a position, from a
seat's view, with a note (the search's choices there) shown while at that position.

Keys: ←/→ a move, [ / ] the previous or next round (epoch), Home/End the start or the end,
w whose view, v the review (a finished game), PgUp/PgDn the boards, Esc back.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Label, Static

from engine.core.replay import Replay, replay_of
from engine.registry import rules_for
from saves.concessions import original_kinds
from saves.seats import SeatLeases, seats_seen_live
from tui.boards import board_for
from tui.boards.base import Frame
from tui.boards.glyphs import Ledger
from tui.i18n import N_, _, current, spoken
from tui.screens.base import TabulaScreen
from tui.text import clean, plain, seat_label
from tui.widgets.board_panel import BoardPanel
from tui.widgets.footer import Footer
from tui.widgets.game_log import GameLog
from tui.widgets.scores import ScoreSummary

if TYPE_CHECKING:
    from rich.text import Text

    from saves.store import SaveHeader


@dataclass(frozen=True)
class Pinned:
    """Where a replay opens: a position, from a view, with a note shown while there."""

    position: int
    viewer: int | None
    note: Text


class ReplayScreen(TabulaScreen[None]):
    BINDINGS = [
        Binding("right", "step(1)", N_("Next move"), priority=True),
        Binding("left", "step(-1)", N_("Back"), priority=True),
        Binding("right_square_bracket", "chapter(1)", N_("Next round")),
        Binding("left_square_bracket", "chapter(-1)", N_("Round back")),
        Binding("home", "go(0)", N_("Start"), show=False, priority=True),
        Binding("end", "go(-1)", N_("End"), show=False, priority=True),
        Binding("w", "next_viewer", N_("Whose view")),
        Binding("v", "review", N_("Review")),
        Binding("pagedown", "scroll_boards('down')", N_("Scroll the boards"), show=False),
        Binding("pageup", "scroll_boards('up')", N_("Scroll the boards back"), show=False),
        Binding("escape", "app.pop_screen", N_("Back")),
    ]

    def __init__(self, record: SaveHeader, pinned: Pinned | None = None) -> None:
        """``record``: the SaveRecord (or summary) of the game to replay; its actions are read
        from the store. ``pinned``: where to open it (default: the start, as a spectator)."""
        super().__init__(classes="table replay")
        self.record = record
        self.pinned = pinned
        self.names = [seat.name for seat in record.seats]
        self.panels = board_for(record.game).panels(len(self.names))
        self.ledger = Ledger(self.legend_changed)
        self.replay: Replay | None = None
        self.position = 0
        self.viewer: int | None = None
        """Whose view: None for a spectator, else a seat."""
        self.views: list[int | None] = [None]
        """The views this terminal may open (set once the game is read)."""
        self.finished = False
        self.seed = 0
        self._told_views = False

    def compose(self) -> ComposeResult:
        yield Label(plain(_("Replay — {title}").format(title=self.record.title), lines=False), id="status")
        with Horizontal(id="table-body"):
            with VerticalScroll(id="boards"):
                for panel in self.panels:
                    title = _(panel.title) if panel.seat is None else seat_label(self.names, panel.seat)
                    yield BoardPanel(title, id=f"replay-{panel.widget_id}", classes="panel")
            with Vertical(id="side"):
                yield Static(_("Replaying the saved game…"), id="prompt")
                yield Static("", id="note", classes="panel")
                yield ScoreSummary(id="scores", classes="panel")
                yield GameLog(id="log", classes="panel")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#log").border_title = _("Log")
        note = self.query_one("#note", Static)
        note.border_title = _("Review: the search here")
        note.display = False
        if self.pinned is not None:
            note.update(self.pinned.note)
        self.build()

    @work(thread=True, exclusive=True, group="replay")
    def build(self) -> None:
        """Rebuild every position from the save's actions (in a worker: a long game takes a moment)."""
        try:
            record = self.app.store.load(self.record.id)
            replay = replay_of(rules_for(record.game), self.names, record.options, record.seed, record.actions)
            finished = replay.match_at(replay.last).finished or record.ending is not None  # saves.concessions
            views = [None, *range(len(self.names))] if finished else [None, *seats_seen_live(
                original_kinds([seat.kind for seat in record.seats], record.seat_changes), self.app.identity,
                SeatLeases(self.app.store.data_dir, record.id).owners())]
        except Exception as error:  # a save that does not replay is reported, never lost
            self.app.call_from_thread(self.notify, spoken(error), title=_("Cannot replay"), severity="error")
            return
        self.app.call_from_thread(self.ready, replay, views, finished, record.seed)

    def ready(self, replay: Replay, views: list[int | None], finished: bool, seed: int) -> None:
        self.replay, self.views, self.finished, self.seed = replay, views, finished, seed
        if self.pinned is not None:
            self.position = max(0, min(self.pinned.position, replay.last))
            if self.pinned.viewer in views:
                self.viewer = self.pinned.viewer
        self.show()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "review":  # of a finished game; not again from the review's own replay
            return self.finished and self.pinned is None
        return True

    def action_review(self) -> None:
        from tui.screens.review import ReviewScreen

        self.app.push_screen(ReviewScreen(self.record, self.viewer))

    # -- moving through the game ---------------------------------------------------------

    def action_step(self, step: int) -> None:
        if self.replay is not None:
            self.go_to(self.position + step)

    def action_go(self, position: int) -> None:
        if self.replay is not None:
            self.go_to(self.replay.last if position < 0 else position)

    def action_chapter(self, step: int) -> None:
        """To the start of the next chapter, or of this one (then the one before) going back."""
        if self.replay is None:
            return
        starts = [chapter.position for chapter in self.replay.chapters]
        if step > 0:
            later = [start for start in starts if start > self.position]
            self.go_to(later[0] if later else self.replay.last)
        else:
            earlier = [start for start in starts if start < self.position]
            self.go_to(earlier[-1] if earlier else 0)

    def action_next_viewer(self) -> None:
        """Spectator, then each seat this terminal may see in turn."""
        if self.replay is None:
            return
        if not self.finished and len(self.views) < len(self.names) + 1 and not self._told_views:
            self._told_views = True
            self.notify(_("While the game runs, a replay shows only what you could see at the table: the "
                          "spectator's view and your own seat's. Every seat's view opens once the game is over."),
                        title=_("Whose view"), timeout=6)
        self.viewer = self.views[(self.views.index(self.viewer) + 1) % len(self.views)]
        self.show()

    def action_scroll_boards(self, direction: str) -> None:
        boards = self.query_one("#boards", VerticalScroll)
        (boards.scroll_page_down if direction == "down" else boards.scroll_page_up)(animate=False)

    def go_to(self, position: int) -> None:
        if self.replay is None:
            return
        position = max(0, min(position, self.replay.last))
        if position != self.position:
            self.position = position
            self.show()

    # -- drawing a position --------------------------------------------------------------------

    def show(self) -> None:
        replay, position, viewer = self.replay, self.position, self.viewer
        if replay is None:
            return
        view = replay.view(position, viewer, current())
        match = replay.match_at(position)
        who = _("spectator view") if viewer is None else _("view of {seat}").format(seat=seat_label(self.names, viewer))
        chapter = replay.chapter_title(position, current())
        self.query_one("#status", Label).update(plain(
            _("Replay — move {n} of {last} · {chapter} · {who} · {title}").format(
                n=position, last=replay.last, chapter=chapter, who=who, title=clean(self.record.title, lines=False)),
            lines=False))
        self.query_one("#prompt", Static).update(
            plain(self.moved_line(replay, position) + "\n" + _("Then: {prompt}").format(prompt=view.get("prompt", ""))))
        self.query_one("#note").display = self.pinned is not None and position == self.pinned.position
        secrets = match.has_private(viewer)
        for panel in self.panels:
            widget = self.query_one(f"#replay-{panel.widget_id}", BoardPanel)
            framed = partial(Frame, color=not self.app.no_color, legend=False, ledger=self.ledger, panel=panel.name)
            draw = lambda width, panel=panel, framed=framed: panel.draw(view, framed(width, viewer))  # noqa: E731
            widget.display = secrets or not panel.private
            if panel.private and not secrets:
                self.ledger.forget(panel.name)
                continue
            owner = viewer if panel.private else None  # a private panel gets here only in a seat's view
            widget.show(draw, title=None if owner is None else f"{_(panel.title)} — {seat_label(self.names, owner)}"
)
        self.query_one("#scores", ScoreSummary).show(
            self.names, replay.scores(position), list(view.get("awaiting", ())), meaning=replay.rules.running_score,
            ended_now=match.if_ended_now(viewer), compact=self.has_class("-short"))
        new = int(view.get("log_new", 0))
        log = self.query_one("#log", GameLog)
        log.show(list(view.get("log", ())), new)
        log.border_title = _("Log · {n} new this move").format(n=new) if new else _("Log")

    def legend_changed(self) -> None:
        """The legend panel follows what the others drew (at their widths, once laid out)."""
        self.call_after_refresh(self.redraw_legend)

    def redraw_legend(self) -> None:
        for panel in self.panels:
            if panel.legend and self.is_attached:
                self.query_one(f"#replay-{panel.widget_id}", BoardPanel).redraw()

    def moved_line(self, replay: Replay, position: int) -> str:
        if position == 0:
            if self.finished:  # a running game's draws stay unforeseeable
                return _("The table after setup, seed {seed} (→ a move on, ← back, ] [ a round)").format(seed=self.seed)
            return _("The table after setup (→ a move on, ← back, ] [ a round)")
        seat = replay.moves[position - 1].seat
        return _("Move {n}: {seat} moved").format(n=position, seat=seat_label(self.names, seat))

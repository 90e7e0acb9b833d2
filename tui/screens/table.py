"""The game table: board, players' areas, private information, choices, log and scores.

The screen lays the table out and draws it; everything else (the session, the bots, the
worker, catching up with other terminals, seats) is the ``TableController``
(tui/table/controller.py), which runs in a Textual thread worker and hands the screen frozen
``TableState``s and ``Notice``s.
"""

from __future__ import annotations

import getpass
import threading
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Label, Static

from saves.concessions import TAKE_OVER
from saves.shared import SharedSession
from tui.boards import board_for
from tui.boards.base import Frame, Panel, View, focus
from tui.boards.glyphs import Ledger
from tui.choice_keys import CHOICE_KEYS, STANDING_KEY
from tui.compat import PaintedScrollBars, PaintsWhatLayoutDirtied, being_taken_down
from tui.i18n import N_, _
from tui.messages import ChoiceMade, ChoicePageTurned, CurtainLifted
from tui.screens.opening import NEXT_GAME_KEY, OpensGames
from tui.screens.talk import TalkScreen
from tui.table.controller import (
    HintDropped,
    HintReady,
    Notice,
    TableController,
    TableEvent,
    Talk,
    Thinking,
    ThinkingEnded,
)
from tui.table.lines import hint_lines, prompt_line, seat_title, status_line, talk_mark, thinking_line
from tui.table.state import TableState, needs_curtain
from tui.table.turn_end import CONFIRM_ALWAYS, UNDO, confirm_choices
from tui.text import plain, player_name, seat_label
from tui.widgets.board_panel import BoardPanel
from tui.widgets.choice_list import ChoiceDetail, ChoiceList, choice_detail
from tui.widgets.curtain import Curtain
from tui.widgets.footer import Footer
from tui.widgets.game_log import GameLog
from tui.widgets.scores import ScoreSummary

if TYPE_CHECKING:
    from engine.core.contract import Choice
    from engine.search.hint import Hint
    from saves.session import GameSession
    from saves.talk import Message as TalkMessage

CONCEDE_KEY = "ctrl+g"
"""Give up the game (after a confirmation: it cannot be undone); the palette has it too."""
SLOW_ANSWER = 0.25
"""Seconds a move may take before its choice list dims."""


class Boards(VerticalScroll, PaintedScrollBars):
    """The boards, scrolled when they run past the screen."""


class TableScreen(PaintsWhatLayoutDirtied, OpensGames):
    in_play = True
    BINDINGS = [
        *(Binding(key if key.islower() or key.isdigit() else f"{key},shift+{key.lower()}", f"pick({key!r})", show=False)
          for key in CHOICE_KEYS + STANDING_KEY),
        Binding("greater_than_sign", "turn_page(1)", N_("More choices")),
        Binding("less_than_sign", "turn_page(-1)", N_("Choices back"), show=False),
        Binding("v", "next_view", N_("View")),
        Binding("V,shift+v", "next_view(-1)", N_("View back"), show=False),
        Binding("pagedown", "scroll_boards('down')", N_("Scroll the boards"), show=False, priority=True),
        Binding("pageup", "scroll_boards('up')", N_("Scroll the boards back"), show=False, priority=True),
        Binding("z", "zoom", N_("Zoom")),
        Binding("u,ctrl+z", "undo", N_("Undo")),
        Binding("h", "hint", N_("Hint")),
        Binding("m", "move_now", N_("Move now")),
        Binding("s", "score_sheet", N_("Scores")),
        Binding("l", "full_log", N_("Log")),
        Binding("exclamation_mark", "talk", N_("Talk")),
        Binding("question_mark", "whole_choice", N_("Whole choice"), show=False),
        Binding("o", "settings", N_("Settings"), show=False),
        Binding("escape", "back", N_("Cancel/Home")),
        Binding(NEXT_GAME_KEY, "next_game", N_("Next game waiting for you"), show=False),
        Binding(CONCEDE_KEY, "concede", N_("Concede"), show=False),
    ]

    class WorkAsked(Message):
        """The controller needs a worker, asked from a thread other than the screen's."""

        def __init__(self, work: Callable[[], None]) -> None:
            super().__init__()
            self.work = work

    def __init__(self, session: GameSession, seats: list[int] | None = None) -> None:
        """``session`` is a GameSession; ``seats`` the seats this terminal plays: None = every
        human seat no other terminal holds (hot-seat), [] = watch as a spectator."""
        super().__init__(classes="table")
        self._ui_thread = threading.get_ident()
        self.controller = TableController(session, seats, self.from_worker, self.spawn, bot_pause=self.app.bot_pause,
                                          thinker=self.app.thinker, identity=self.app.identity,
                                          confirm_turn_ends=self.app.confirm_turn_ends,
                                          slots=self.app.thinker_slots, bot_games=self.app.bot_games)
        self.board = board_for(session.record.game)
        self.names = [seat.name for seat in session.record.seats]
        self.panels = self.board.panels(len(self.names))
        self.state: TableState | None = None
        self.busy = True
        self.revealed: int | None = None
        """The human seat whose private information was last shown (the curtain was lifted for)."""
        self._end_pending = False
        self.focused_view = self.panels[0].name
        """The panel that follows the decision (the only one shown at 80 columns), by name."""
        self._focus_key: tuple[int, int | None] | None = None
        self.drawn_roomy = False
        """Whether the boards were last drawn with room to spare (``roomy()``)."""
        self.drawn_alone = True
        """Whether the boards were last drawn one at a time (80 columns: each with its legend)."""
        self.ledger = Ledger(self.legend_changed)
        """What the panels on screen drew, for the legend panel."""
        self._legend_pending = False
        self._drawing = False
        """The panels are being drawn (the legend panel comes last)."""
        self._unsized = False
        """Drawn before the first layout: the panels wait for their widths (``draw_laid_out``)."""
        self.drawn_highlight: Choice | None = None
        """The highlighted choice the panels were last drawn with."""
        self.zoomed = False
        """The panels that zoom show a zoomed window (``z``)."""
        self.thinking: Thinking | None = None
        """The search under way on this terminal (a bot's move or a hint), as last reported."""
        self.hint: Hint | None = None
        """The hint shown over the boards (``h``), until Esc or the next move."""
        self.curtain = Curtain(id="curtain")
        """Held, not queried: the footer asks ``check_action`` (which reads it) a hundred
        times and more a move."""
        self.curtain.display = False
        self.talk: tuple[TalkMessage, ...] = ()
        """The game's table talk, as last told (``!`` opens it)."""
        self.talk_read: int | None = None
        """The number of the last message of the talk read here (its messages after are new);
        None until the talk is first told (what was said before this terminal came is not news)."""
        self.talk_screen: TalkScreen | None = None
        self.status_shown = ""
        """The status line's text as shown."""

    # -- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        self.size_classes()
        first = self.controller.first  # the seats were taken before the screen came up
        if first is not None:  # the footer's first look at the bindings sees the game's keys
            self.state, self.busy = first, first.next_bot is not None
            if not first.finished and needs_curtain(first.humans, self.revealed, first.viewer, first.has_private):
                self.curtain.display = True  # and the curtain's, which takes the focus first
                self.AUTO_FOCUS = "#curtain"  # type: ignore[misc]  # a ClassVar to Textual, which reads self.AUTO_FOCUS
        yield Label(plain(self.session.record.title, lines=False), id="status")
        with Horizontal(id="table-body"):
            with Vertical(id="board-area"):
                yield Static("", id="hint", classes="panel")
                with Boards(id="boards", classes="-map-board" if self.board.map_board else ""):
                    with Vertical(id="board-col"):
                        yield from self.panel_widgets("board")
                    with Grid(id="areas-col", classes=f"-seats-{len(self.names)}"):
                        yield from self.panel_widgets("areas")
            with Vertical(id="side"):
                yield Static("", id="prompt")
                yield Static("", id="thinking")
                yield ChoiceList(id="choices", classes="panel", on_highlight=self.follow_highlight)
                yield ChoiceDetail(id="choice-detail")
                yield ScoreSummary(id="scores", classes="panel")
                yield GameLog(id="log", classes="panel")
        yield self.curtain
        yield Footer()

    def panel_widgets(self, place: str) -> ComposeResult:
        for panel in self.panels:
            if panel.place == place:
                classes = ("panel" + (" player" if panel.seat is not None else "")
                           + (" private" if panel.private else ""))
                title = _(panel.title) if panel.seat is None else seat_label(self.names, panel.seat)
                yield BoardPanel(title, id=panel.widget_id, classes=classes)

    def panel(self, panel: Panel) -> BoardPanel:
        return self.query_one(f"#{panel.widget_id}", BoardPanel)

    def on_mount(self) -> None:
        self.query_one("#log").border_title = _("Log (l: all)")
        # The scroll keys' hint follows the boards' laid-out length, however late the layout comes.
        self.watch(self.query_one("#boards"), "virtual_size", self.show_view_hint, init=False)
        first = self.controller.first
        if first is None or first.finished:  # not painted until there is a game to show
            self.query_one("#table-body").styles.visibility = "hidden"
            if first is not None:
                self.call_after_refresh(self.take, first)  # the end screen replaces it
        else:  # the seats were taken before the screen came up: drawn with its first layout
            self._unsized = not needs_curtain(first.humans, self.revealed, first.viewer, first.has_private)
            self.show_state(first)
        self.controller.start()

    def on_unmount(self) -> None:
        self.controller.stop()  # frees this terminal's seats at once

    @property
    def session(self) -> SharedSession:
        """This terminal's place at the game (the worker's: read it only for what never changes)."""
        return self.controller.session

    @property
    def table_of(self) -> str | None:
        return self.session.save_id

    # -- the controller's worker and what it hands over ---------------------------------------

    def spawn(self, work: Callable[[], None]) -> None:
        """Run the controller's ``work`` in a thread worker (asked from any thread)."""
        if threading.get_ident() == self._ui_thread:
            self.run_worker(work, thread=True, group="table")
        else:
            self.post_message(self.WorkAsked(work))

    def on_table_screen_work_asked(self, message: WorkAsked) -> None:
        self.spawn(message.work)

    def from_worker(self, event: TableEvent) -> None:
        """Called by the controller's worker: show ``event`` on the screen (and wait for it)."""
        if not self.controller.stopped:
            self.app.call_from_thread(self.take, event)

    def take(self, event: TableEvent) -> None:
        if self.taken_down:
            return
        if isinstance(event, Notice):
            self.tell(event)
        elif isinstance(event, Thinking):
            state = self.state
            if event.position is None or state is not None and event.position == state.position and not state.finished:
                self.show_thinking(event)  # another terminal's search, for the table on screen
        elif isinstance(event, ThinkingEnded):
            if self.thinking is not None and self.thinking.position is not None:
                self.show_thinking(None)
        elif isinstance(event, HintReady):
            self.show_thinking(None)
            self.show_suggestions(event)
        elif isinstance(event, HintDropped):
            if self.thinking is not None and self.thinking.hint:
                self.show_thinking(None)
        elif isinstance(event, Talk):
            self.show_talk(event.messages)
        else:
            self.show_state(event)

    def tell(self, notice: Notice) -> None:
        if notice.message:
            self.app.notify(notice.message, title=notice.title, severity=notice.severity, timeout=notice.timeout,
                            kind=notice.kind)
        if notice.bell and self.app.bell_on_turn:  # the player's own setting decided ``bell``
            self.app.bell()
        if notice.leave and self.app.screen is self:
            self.app.pop_screen()

    # -- showing a snapshot -------------------------------------------------------------

    def show_state(self, state: TableState) -> None:
        self.state = state
        self.busy = state.next_bot is not None
        self.show_thinking(None)
        if self.hint is not None and (self.hint.position != state.position or self.hint.seat != state.viewer):
            self.close_hint()  # worked out for a position gone by
        if state.finished:
            self.finish(state)
            return
        self.show_status()
        if state.viewer is not None and needs_curtain(state.humans, self.revealed, state.viewer, state.has_private):
            self.close_curtain(state.viewer)
        else:
            if state.viewer is not None and state.has_private:
                self.revealed = state.viewer
            self.render_state(state)
        self.refresh_bindings()

    def show_status(self) -> None:
        """The status line: the game, whose view, and the talk's new messages when there are."""
        state = self.state
        if state is None or state.finished:
            return
        mark = talk_mark(self.unread_talk())
        line = f"{mark}{status_line(state, self.size.width - len(mark))}"
        if line != self.status_shown:  # most moves leave it as it was: not laid out and painted again
            self.status_shown = line
            self.query_one("#status", Label).update(plain(line, lines=False))

    # -- table talk ----------------------------------------------------------------------

    def show_talk(self, messages: tuple[TalkMessage, ...]) -> None:
        if self.talk_read is None:
            self.talk_read = messages[-1].number if messages else 0
        self.talk = messages
        if self.talk_screen is not None:
            self.talk_screen.show(messages)
            self.read_talk()
        self.show_status()

    def unread_talk(self) -> int:
        """The messages of others sent since this terminal last read the talk."""
        read = self.talk_read or 0
        return sum(1 for message in self.talk if message.number > read and message.player != self.talker)

    def read_talk(self) -> None:
        if self.talk:
            self.talk_read = max(self.talk_read or 0, self.talk[-1].number)

    @property
    def talker(self) -> str:
        """Who talks from this terminal, for the talk's limits: the player's key on a server,
        else the name talked under (each seat of a local game is a player of its own)."""
        return f"key:{self.app.identity}" if self.app.identity else f"local:{self.talk_name()}"

    def talk_name(self) -> str:
        """The name a message is sent under: the seat's for a seated player, else the login name."""
        state = self.state
        if state is not None and state.viewer is not None and state.viewer in state.humans and not state.lost:
            return state.names[state.viewer]
        return self.app.player_name or player_name(getpass.getuser()) or "spectator"

    def action_talk(self) -> None:
        if self.talk_screen is not None or self.curtain_up or self.state is None:
            return
        screen = TalkScreen(self.session.record.title, self.talk, self.talker,
                            lambda text: self.controller.say(self.talk_name(), self.talker, text))
        self.talk_screen = screen
        self.read_talk()
        self.show_status()
        self.app.push_screen(screen, lambda _: self.talk_closed())

    def talk_closed(self) -> None:
        self.talk_screen = None
        self.read_talk()
        self.show_status()

    def show_thinking(self, thinking: Thinking | None) -> None:
        """The progress line of a search under way (None: no search now)."""
        self.thinking = thinking
        line = self.query_one("#thinking", Static)
        line.display = thinking is not None
        if thinking is not None and self.state is not None:
            line.update(plain(thinking_line(self.state, thinking)))
        self.refresh_bindings()

    def show_suggestions(self, ready: HintReady) -> None:
        """The hint: a panel over the boards with the three best choices by their keys, and the
        best one highlighted."""
        state, hint = self.state, ready.hint
        if state is None or hint.position != state.position or hint.seat != state.viewer or self.curtain_up:
            return  # the game moved on (or the device was passed) while it was worked out
        self.hint = hint
        choices = self.query_one("#choices", ChoiceList)
        best = next((n for n, c in enumerate(choices.choices)
                     if hint.suggestions and c.id == hint.suggestions[0].choice), None)
        if best is not None:
            choices.highlight_choice(best)
        self.show_hint_panel()

    def show_hint_panel(self) -> None:
        """The hint shown (``self.hint``), each choice by the key that picks it now, or none."""
        panel, hint, state = self.query_one("#hint", Static), self.hint, self.state
        panel.display = hint is not None and state is not None
        if hint is None or state is None:
            return
        choices = self.query_one("#choices", ChoiceList)
        keys = choices.pages.marks(choices.page)
        panel.border_title = plain(_("Hint for {seat}").format(seat=seat_label(state.names, hint.seat)), lines=False)
        panel.border_subtitle = _("Esc to close")
        panel.update(plain("\n".join(hint_lines(hint, keys))))

    def close_hint(self) -> None:
        self.hint = None
        self.show_hint_panel()

    def close_curtain(self, seat: int) -> None:
        for panel in self.panels:
            if panel.private:
                self.panel(panel).show(None)
        self.query_one("#choices", ChoiceList).show([])
        self.query_one("#choice-detail", ChoiceDetail).show(None)
        self.close_hint()
        self.query_one("#table-body").display = False
        self.curtain.close(seat, seat_label(self.names, seat))
        self.curtain.display = True
        self.curtain.focus()

    def on_curtain_lifted(self, message: CurtainLifted) -> None:
        self.revealed = message.seat
        self.curtain.display = False
        self.query_one("#table-body").display = True
        if self.state is not None:
            self.render_state(self.state)
        self.refresh_bindings()

    @property
    def curtain_up(self) -> bool:
        return bool(self.curtain.display)

    @property
    def taken_down(self) -> bool:
        """Closed, or being closed (the end screen replaced it, or the app ends), while workers and
        the footer may still call on it. Textual marks a screen it takes down, then removes its
        widgets, deepest first, then the screen."""
        return not self.is_attached or being_taken_down(self)

    def render_state(self, state: TableState) -> None:
        view, viewer = state.view, state.viewer
        self.query_one("#table-body").styles.visibility = "visible"
        self.drawn_roomy, self.drawn_alone = self.roomy(), self.alone()
        choices = self.query_one("#choices", ChoiceList)
        shown = self.offered(state)
        self._drawing = True  # the legend panel is drawn last, from what the others drew
        try:
            choices.show(shown)  # first: a zoomed board centres on the highlighted choice
            self.drawn_highlight = choices.highlighted_choice()
            self.follow_decision(state)
            for panel in sorted(self.panels, key=lambda panel: panel.legend):
                widget = self.panel(panel)
                draw = lambda width, panel=panel: panel.draw(self.paged(view), self.frame(panel, width, viewer))  # noqa: E731
                in_sight = (not self.drawn_alone or panel.name == self.focused_view) and not self._unsized
                if panel.legend:
                    widget.set_class(self.drawn_alone, "-absent")
                    widget.show(draw, now=not self.drawn_alone and not self._unsized)
                elif panel.private:
                    widget.set_class(not state.has_private, "-absent")
                    if state.has_private and viewer is not None:  # a spectator has no secrets
                        widget.show(draw, title=f"{_(panel.title)} — {seat_label(state.names, viewer)}"
, now=in_sight)
                    else:
                        self.ledger.forget(panel.name)
                else:
                    widget.show(draw, title=None if panel.seat is None else seat_title(state, panel.seat), now=in_sight)
        finally:
            self._drawing = False
        self.query_one("#prompt", Static).update(plain(prompt_line(state)))
        choices.disabled = False
        choices.display = bool(shown)
        self.show_choice_detail()
        self.show_scores(state)
        self.show_log(state)
        self.show_focus()
        if shown:
            choices.focus()

    def draw_laid_out(self) -> None:
        """The panels in sight, drawn at the widths of the table's first layout, as its Resize
        comes (``on_resize``): then the layout that follows lays them out (after a paint, a
        layout of their own)."""
        self._unsized = False
        self._drawing = True
        try:
            for panel in sorted(self.panels, key=lambda panel: panel.legend):
                if self.on_screen(panel):
                    self.panel(panel).catch_up()
        finally:
            self._drawing = False

    def paged(self, view: View) -> View:
        """The view a board draws: with the page of the choice list shown, when it has several
        (a board marks the choices of the others with the key that turns to them)."""
        page = self.query_one("#choices", ChoiceList).page
        return {**view, "choice_page": page} if page else view

    def on_choice_page_turned(self, message: ChoicePageTurned) -> None:
        self.show_choice_detail()
        self.show_hint_panel()  # the keys of the page shown
        for widget in self.query(BoardPanel):
            widget.redraw()
        self.refresh_bindings()

    def action_turn_page(self, step: int) -> None:
        self.query_one("#choices", ChoiceList).turn_page(step)

    def offered(self, state: TableState) -> list[Choice]:
        """The choices shown: the game's, or confirming (or undoing) the end of the viewer's turn."""
        if state.confirming and state.viewer is not None:  # only a seat confirms
            return confirm_choices(state.names[state.viewer], state.view.get("turn_done", ()))
        return state.choices

    def show_scores(self, state: TableState) -> None:
        """The running totals, labelled with what they count; on one line under 40 rows."""
        self.query_one("#scores", ScoreSummary).show(state.names, state.scores, state.awaiting,
                                                     meaning=state.running_score, ended_now=state.if_ended_now,
                                                     compact=self.has_class("-short"))

    def show_log(self, state: TableState) -> None:
        """The log, what the others did since the viewer's last move marked (and counted in the title)."""
        lines, new = list(state.view.get("log", ())), int(state.view.get("log_new", 0))
        log = self.query_one("#log", GameLog)
        log.show(lines, new)
        log.border_title = _("Log · {new} new (l: all)").format(new=new) if new else _("Log (l: all)")

    def frame(self, panel: Panel, width: int, viewer: int | None) -> Frame:
        framed = partial(Frame, width, viewer, self.roomy(), color=not self.app.no_color, legend=self.drawn_alone,
                         ledger=self.ledger, panel=panel.name)
        if not (panel.zoom or panel.highlight):
            return framed()
        highlighted = self.query_one("#choices", ChoiceList).highlighted_choice()
        return framed(zoom=self.zoomed, highlighted=highlighted)

    def roomy(self) -> bool:
        """Room to spare (40 rows and the board's ``roomy_from`` columns, 180 unless it says
        otherwise) for a board that draws larger cells then."""
        return self.board.roomy_cells and self.has_class("-tall") and self.size.width >= self.board.roomy_from

    def alone(self) -> bool:
        """One panel at a time (80 columns): each shows the legend of what it drew."""
        return self.has_class("-narrow")

    def legend_changed(self) -> None:
        """A panel drew other glyphs: the legend panel follows, once the drawing is done (a
        table drawing every panel draws it last; one panel at a time shows no legend panel)."""
        if not self._legend_pending and not self._drawing and not self.drawn_alone:
            self._legend_pending = True
            self.call_after_refresh(self.redraw_legend)

    def redraw_legend(self) -> None:
        self._legend_pending = False
        for panel in self.panels:
            if panel.legend and self.is_attached:
                self.panel(panel).redraw()

    def zooming(self) -> list[Panel]:
        return [panel for panel in self.panels if panel.zoom]

    def action_zoom(self) -> None:
        """Zoom in (around the highlighted choice) or out again, and show the panel that zooms."""
        self.zoomed = not self.zoomed
        self.focused_view = self.zooming()[0].name
        self.show_focus()
        for panel in self.zooming():
            self.panel(panel).redraw()

    # -- which panel the decision is about (the only one shown at 80 columns) -------------

    def shown_panels(self) -> list[Panel]:
        """The panels on the table now: every panel but the private ones while the viewer has no
        secret, and the legend (it explains the others; 80 columns show it under each)."""
        has_private = self.state is not None and self.state.has_private
        return [panel for panel in self.panels if (has_private or not panel.private) and not panel.legend]

    def views(self) -> list[str]:
        """The panels ``v`` cycles through, by name."""
        return [panel.name for panel in self.shown_panels()]

    def follow_decision(self, state: TableState) -> None:
        """On each new decision, the panel it needs is the one to show."""
        key = (state.revision, state.viewer)
        if key != self._focus_key:
            self._focus_key = key
            self.focused_view = focus(self.shown_panels(), state.view, state.viewer)
        names = [panel.name for panel in self.shown_panels()]
        if self.focused_view not in names:
            self.focused_view = names[0]

    def show_focus(self) -> None:
        """Show the focused panel (the only one in sight at 80 columns), drawn, with its view hint."""
        for _panel, widget, focused in self.place_focus():
            if focused:  # what show_view_hint says, less the scroll keys that wait for the layout
                widget.say_under(self.view_hint())
                if not self._unsized:
                    widget.catch_up()
            else:
                widget.say_under("")
                widget.say_more_below(False)
        self.call_after_refresh(self.query_one("#boards", VerticalScroll).scroll_to_widget, self.focused_panel(),
                                animate=False, top=True)
        self.call_after_refresh(self.show_view_hint)

    def place_focus(self) -> list[tuple[Panel, BoardPanel, bool]]:
        """Mark the focused panel shown and the others hidden (80 columns show it alone); the
        panels on the table, each with its widget and whether it is the focused one."""
        shown = self.shown_panels()
        if self.focused_view not in [panel.name for panel in shown]:
            self.focused_view = shown[0].name
        placed = []
        for panel in shown:
            widget, focused = self.panel(panel), panel.name == self.focused_view
            widget.update_classes({"-hidden": not focused, "-focused": focused})  # one restyle, not two
            placed.append((panel, widget, focused))
        return placed

    def focused_panel(self) -> BoardPanel:
        return self.panel(next(panel for panel in self.panels if panel.name == self.focused_view))

    def show_view_hint(self) -> None:
        """'v: next view (1/3)' under the panel shown, and the scroll keys when it runs past the screen."""
        views = self.views()
        if self.state is None or not self.is_attached or self.focused_view not in views:
            return  # nothing drawn yet, or the table is already gone (a refused join)
        shown = self.focused_panel()
        shown.say_under(self.view_hint())
        shown.say_more_below(self.query_one("#boards", VerticalScroll).max_scroll_y > 0)

    def view_hint(self) -> str:
        views = self.views()
        return _("v: next view ({n}/{of})").format(n=views.index(self.focused_view) + 1, of=len(views))

    def action_scroll_boards(self, direction: str) -> None:
        boards = self.query_one("#boards", VerticalScroll)
        (boards.scroll_page_down if direction == "down" else boards.scroll_page_up)(animate=False)

    def action_next_view(self, step: int = 1) -> None:
        if self.curtain_up or self.state is None:
            return
        views = self.views()
        self.focused_view = views[(views.index(self.focused_view) + step) % len(views)]
        self.show_focus()
        shown = next(panel for panel in self.panels if panel.name == self.focused_view)
        if shown.highlight:  # it was not drawn again while the highlight moved out of sight
            self.panel(shown).redraw()

    def on_resize(self, event: events.Resize) -> None:
        if self._unsized:
            self.draw_laid_out()
        self.show_status()
        self.call_after_refresh(self.redraw_if_room_changed)  # once the size classes are updated
        if self.state is not None and not self.curtain_up:
            self.call_after_refresh(self.show_scores, self.state)
        self.call_after_refresh(self.show_view_hint)  # the boards may now fit, or no longer
        self.call_after_refresh(self.query_one("#choice-detail", ChoiceDetail).fit)  # across 40 rows: other rows

    def redraw_if_room_changed(self) -> None:
        """A resize across the roomy breakpoints (even a height-only one), or to and from 80
        columns (where each panel shows its own legend), redraws the boards, and nothing else:
        the focus, the highlighted choice and a raised curtain stay."""
        if (self.roomy(), self.alone()) != (self.drawn_roomy, self.drawn_alone):
            self.drawn_roomy, self.drawn_alone = self.roomy(), self.alone()
            for panel in self.panels:
                if panel.legend:
                    self.panel(panel).set_class(self.drawn_alone, "-absent")
            for widget in self.query(BoardPanel):
                widget.redraw()

    # -- actions -------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.taken_down:  # the footer still asking
            return False
        if action == "pick":
            return not self.busy and not self.curtain_up
        if action == "turn_page":  # shown only where the choices take several pages
            return self.query_one("#choices", ChoiceList).pages.count > 1 and not self.curtain_up
        if action in ("next_view", "scroll_boards"):
            return self.state is not None and not self.curtain_up
        if action == "zoom":
            return bool(self.zooming()) and self.state is not None and not self.curtain_up
        if action == "undo":  # always on: when nothing can be undone it says why
            return self.state is not None and not self.curtain_up
        if action == "hint":  # hidden in games without hints; dimmed while it cannot be asked
            if self.state is None or not self.state.hints:
                return False
            return True if self.state.may_ask_hint and not self.busy and not self.curtain_up and not self.thinking \
                else None
        if action == "talk":  # not over a curtain: the device is being passed on
            return self.state is not None and not self.curtain_up
        if action == "move_now":
            return self.thinking is not None and self.thinking.hurry
        if action == "concede":
            return self.conceding() is not None
        if action == "hand_to_bot":
            return bool(self.handable())
        if action == "offer_draw":
            return self.conceding() is not None and self.state is not None and self.state.may_offer_draw \
                and self.state.draw_offered is None
        if action in ("accept_draw", "decline_draw"):
            return self.conceding() is not None and self.state is not None \
                and self.state.draw_offered not in (None, self.state.viewer)
        return True

    def follow_highlight(self, choice: Choice | None) -> None:
        """The highlighted choice's detail, and the boards that mark it, drawn as it moves."""
        if self._drawing or choice == self.drawn_highlight:  # the table is drawn with it (a new list)
            return
        self.drawn_highlight = choice
        self.show_choice_detail()
        for panel in self.panels:  # a zoomed window follows the highlighted choice, a board marks it
            if (panel.highlight or panel.zoom and self.zoomed) and self.on_screen(panel):
                self.panel(panel).redraw()

    def on_screen(self, panel: Panel) -> bool:
        """Shown now: the panel in view at 80 columns, else any panel but an absent one."""
        widget = self.panel(panel)
        return not widget.has_class("-absent") and (not self.alone() or panel.name == self.focused_view)

    def show_choice_detail(self) -> None:
        self.query_one("#choice-detail", ChoiceDetail).show(self.query_one("#choices", ChoiceList).highlighted_choice())

    def action_whole_choice(self) -> None:
        """The highlighted choice whole, however long (the detail shows what its rows hold)."""
        from tui.widgets.dialogs import ReadDialog

        choices = self.query_one("#choices", ChoiceList)
        choice = choices.highlighted_choice()
        if choice is not None and not self.curtain_up:
            title = _("Choice {key}").format(key=choices.key_of(choice))
            self.app.push_screen(ReadDialog(title, choice_detail(choice)))

    def on_choice_made(self, message: ChoiceMade) -> None:
        self.act(message.choice_id)

    def action_pick(self, key: str) -> None:
        self.query_one("#choices", ChoiceList).pick(key)

    def act(self, choice_id: str) -> None:
        state = self.state
        if self.busy or self.curtain_up or state is None or state.viewer is None or not self.offered(state):
            return
        if state.confirming and choice_id == UNDO:
            self.action_undo()
            return
        self.busy = True
        self.set_timer(SLOW_ANSWER, self.dim_choices)
        if state.confirming:
            self.controller.confirm(state.viewer, state.revision, always=choice_id == CONFIRM_ALWAYS)
        else:
            self.controller.act(state.viewer, choice_id, state.revision)

    def dim_choices(self) -> None:
        """A move being made takes long (a slow disk): its list, and the footer's keys that wait
        for it, dim until the table is drawn again. Not at once: most moves are drawn sooner, and
        each repaint more delays them (meanwhile the keys do nothing: ``check_action``)."""
        if self.busy:
            self.query_one("#choices", ChoiceList).disabled = True
            self.refresh_bindings()

    def action_undo(self) -> None:
        state = self.state
        if state is None or self.busy or self.curtain_up:
            return
        if not state.can_undo or state.viewer is None:  # a spectator cannot
            self.notify(state.undo_blocked or _("Nothing to undo now."), title=_("Nothing to undo"), severity="warning")
            return
        self.busy = True
        self.refresh_bindings()
        self.controller.undo(state.viewer, state.revision)

    def action_hint(self) -> None:
        state = self.state
        if state is None or state.viewer is None or not state.may_ask_hint or self.busy or self.curtain_up \
                or self.thinking is not None:
            return
        self.show_thinking(Thinking(state.viewer, 0.0, hint=True))
        self.controller.hint(state.viewer, state.revision)

    def action_move_now(self) -> None:
        if self.thinking is not None and self.thinking.hurry:
            self.controller.move_now(self.thinking)

    def action_settings(self) -> None:
        from tui.screens.settings import SettingsScreen

        humans = self.state.humans if self.state is not None else []
        self.app.push_screen(SettingsScreen([self.names[seat] for seat in humans]))

    def action_full_log(self) -> None:
        from tui.screens.log import LogScreen

        if self.state is not None and not self.curtain_up:
            view = self.state.view
            self.app.push_screen(LogScreen(list(view.get("log", ())), int(view.get("log_new", 0))))

    def action_score_sheet(self) -> None:
        from tui.screens.end import ScoreSheetScreen

        if self.state is not None:
            self.app.push_screen(ScoreSheetScreen(self.state.names, self.state.scores))

    # -- leaving the game early ------------------------------------------------------------

    def conceding(self) -> int | None:
        """The seat that concedes at this terminal: the one whose view is shown, if it is ours."""
        state = self.state
        if state is None or state.finished or state.lost or self.curtain_up or state.viewer not in state.humans:
            return None
        return state.viewer

    def action_concede(self) -> None:
        from tui.widgets.dialogs import ConfirmDialog

        seat, state = self.conceding(), self.state
        if seat is None or state is None:
            return
        others = [other for other, kind in enumerate(state.kinds) if kind == "human" and other != seat]
        question = (_("Concede as {seat}? You are placed last. The game ends here: the last player in it wins. "
                      "This cannot be undone.") if len(others) == 1
                    else _("Concede as {seat}? You are placed last. The game ends here. This cannot be undone.")
                    if not others else _("Concede as {seat}? You are placed last. A Normal bot plays the seat on; "
                                         "the others play on. This cannot be undone."))
        question = question.format(seat=seat_label(state.names, seat))

        def answered(yes: bool | None) -> None:
            if yes:
                self.controller.concede(seat, state.revision)
        self.app.push_screen(ConfirmDialog(question, yes=_("Concede")), answered)

    def action_offer_draw(self) -> None:
        seat, state = self.conceding(), self.state
        if seat is not None and state is not None and self.check_action("offer_draw", ()):
            self.controller.offer_draw(seat, state.revision)

    def action_accept_draw(self) -> None:
        from tui.widgets.dialogs import ConfirmDialog

        seat, state = self.conceding(), self.state
        if seat is None or state is None or not self.check_action("accept_draw", ()):
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.controller.answer_draw(seat, True, state.revision)
        self.app.push_screen(ConfirmDialog(_("Accept the draw? The game ends here, neither of you winning."),
                                           yes=_("Accept")), answered)

    def action_decline_draw(self) -> None:
        seat, state = self.conceding(), self.state
        if seat is not None and state is not None and self.check_action("decline_draw", ()):
            self.controller.answer_draw(seat, False, state.revision)

    def handable(self) -> list[int]:
        """The seats this terminal may hand to a bot: human seats whose players are away (the
        game's creator, or anyone at a local terminal; the session checks again)."""
        state = self.state
        if state is None or state.finished or state.lost or self.curtain_up:
            return []
        return [seat for seat in range(len(state.names)) if state.away(seat)]

    def action_hand_to_bot(self) -> None:
        from tui.widgets.dialogs import ChoiceDialog

        state = self.state
        seats = self.handable()
        if state is None or not seats:
            return
        choices = [(str(seat), _("{seat}: a Normal bot plays it from now on").format(
            seat=seat_label(state.names, seat))) for seat in seats]

        def chosen(seat: str | None) -> None:
            if seat is not None:
                self.controller.hand_to_bot(int(seat), TAKE_OVER, state.revision)
        self.app.push_screen(ChoiceDialog(_("Hand whose seat to a bot? (its player is away)"), choices), chosen)

    def action_next_game(self) -> None:
        """Leave for the game that has waited longest for this player's move (not this one)."""
        self.open_next_waiting(leaving=self.session.save_id)

    def relabel(self) -> None:
        """Another language was chosen (Settings): the rules' words are put in it again."""
        self.controller.language_changed()

    def action_back(self) -> None:
        """Esc closes the hint first, then cancels what is being chosen: a zoomed map, then a step
        of the viewer's turn under way (or its end waiting to be confirmed); only a resting table
        goes home."""
        state = self.state
        if self.hint is not None:
            self.close_hint()
        elif self.zoomed:
            self.action_zoom()
        elif state is not None and not self.busy and not self.curtain_up and self.mid_turn(state):
            self.notify(_("Your last step was taken back; Esc again takes back the one before, or leaves the table."),
                        title=_("Cancelled"))
            self.action_undo()
        else:
            self.action_leave()

    @staticmethod
    def mid_turn(state: TableState) -> bool:
        """The viewer is choosing, or confirming, and may still take a step of this turn back."""
        return state.can_undo and (state.confirming or bool(state.choices))

    def action_leave(self) -> None:
        self.app.pop_screen()

    def help_context(self) -> tuple[str, str | None]:
        return self.session.record.game, (self.state.view.get("topic") if self.state else None)

    # -- the end -------------------------------------------------------------------------

    def finish(self, state: TableState) -> None:
        if self.app.gated:
            self._end_pending = True
            return
        from tui.screens.end import EndScreen

        self.app.switch_screen(EndScreen(state, self.session.record))

    def on_screen_resume(self) -> None:
        if self._end_pending and self.state is not None:
            self._end_pending = False
            self.finish(self.state)


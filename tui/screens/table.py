"""The game table: board, players' areas, private information, choices, log and scores.

Bots and disk writes run in a thread worker; the screen only shows ``TableState`` snapshots.
The game goes through a ``SharedSession``, so several terminals can sit at one game: this
one holds its own seats (all free human seats for a hot-seat table, one seat when joined,
none for a spectator), acts only for them, and catches up when another terminal moves.
"""

from __future__ import annotations

import threading
import time
from typing import Callable

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Footer, Label, Static
from textual.worker import Worker, WorkerState, get_current_worker

from engine.core.contract import IllegalChoice
from engine.core.seats import seat_tag
from saves.seats import SeatTaken
from saves.store import SaveConflict, SaveError
from tui.boards import board_module
from tui.messages import ChoiceMade, CurtainLifted
from tui.screens.base import TabulaScreen
from tui.serve.shared import SharedSession
from tui.table_state import TableState, needs_curtain, snapshot
from tui.text import KINDS, clean, plain, seat_label
from tui.widgets.board_panel import BoardPanel
from tui.widgets.choice_list import ChoiceList, choice_detail
from tui.widgets.curtain import Curtain
from tui.widgets.game_log import GameLog
from tui.widgets.scores import ScoreSummary


class TableScreen(TabulaScreen):
    BINDINGS = [
        *(Binding(str(n), f"pick({n})", show=False) for n in range(1, 10)),
        Binding("v", "next_view", "View"),
        Binding("V,shift+v", "next_view(-1)", "View back", show=False),
        Binding("pagedown", "scroll_boards('down')", "Scroll the boards", show=False, priority=True),
        Binding("pageup", "scroll_boards('up')", "Scroll the boards back", show=False, priority=True),
        Binding("z", "zoom", "Zoom"),
        Binding("u,ctrl+z", "undo", "Undo"),
        Binding("s", "score_sheet", "Scores"),
        Binding("escape", "leave", "Home (saved)"),
    ]

    class GameChanged(Message):
        """Another terminal changed the game, or this terminal's leases changed (any thread)."""

    def __init__(self, session, seats: list[int] | None = None) -> None:
        """``session`` is a GameSession; ``seats`` the seats this terminal plays: None = every
        human seat no other terminal holds (hot-seat), [] = watch as a spectator."""
        super().__init__(classes="table")
        self.session = SharedSession(session, seats, lambda: self.post_message(self.GameChanged()))
        self.board = board_module(session.record.game)
        self.names = [seat.name for seat in session.record.seats]
        self.state: TableState | None = None
        self.busy = True
        self.revealed: int | None = None
        """The human seat whose private information was last shown (the curtain was lifted for)."""
        self._last_viewer: int | None = None
        self._end_pending = False
        self._session_lock = threading.Lock()
        """Held by the worker while it uses the session (a cancelled worker may still be running)."""
        self._worker: Worker | None = None
        self._change_pending = False
        self._shown: tuple | None = None
        self._lost_told = ""
        self._refused = ""
        self._queued: Callable[[], bool | None] | None = None
        """A step asked for while the worker was busy; it runs next (a worker is never restarted)."""
        self.focused_view = "shared"
        """The panel that follows the decision: "shared", "private" or "player:<seat>"."""
        self._focus_key: tuple | None = None
        self.drawn_room: dict[str, bool] = {}
        """The ``room()`` the boards were last drawn for."""
        self.zoomed = False
        """The shared board shows a zoomed window of its map (a board module with ZOOM; ``z``)."""

    # -- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Label(plain(self.session.record.title, lines=False), id="status")
        with Horizontal(id="table-body"):
            map_board = "-map-board" if getattr(self.board, "MAP_BOARD", False) else ""
            with VerticalScroll(id="boards", classes=map_board):
                with Vertical(id="board-col"):
                    yield BoardPanel("Board", id="shared", classes="panel")
                    yield BoardPanel("Private", id="private", classes="panel")
                with Grid(id="areas-col", classes=f"-seats-{len(self.names)}"):
                    for seat in range(len(self.names)):
                        yield BoardPanel(seat_label(self.names, seat), id=f"player-{seat}", classes="panel player")
            with Vertical(id="side"):
                yield Static("", id="prompt")
                yield ChoiceList(id="choices", classes="panel")
                yield Static("", id="hint")
                yield ScoreSummary(id="scores", classes="panel")
                yield GameLog(id="log", classes="panel")
        yield Curtain(id="curtain")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#scores").border_title = "Scores (s: sheet)"
        self.query_one("#log").border_title = "Log"
        self.query_one("#choices").border_title = "Choices"
        self.query_one("#curtain").display = False
        self.run_step(self.sit_down)

    def on_unmount(self) -> None:
        self.workers.cancel_group(self, "table")
        self.session.stop()  # frees this terminal's seats at once

    # -- the worker: taking the seats, human actions, catching up, bots, disk writes --------

    def run_step(self, action: Callable[[], bool | None]) -> None:
        """Run ``action`` in the worker, after the step it is running now (if any)."""
        if self.working:
            self._queued = action
        else:
            self._worker = self.advance(action)

    @property
    def working(self) -> bool:
        return self._worker is not None and self._worker.state in (WorkerState.PENDING, WorkerState.RUNNING)

    @work(thread=True, group="table")
    def advance(self, action: Callable[[], bool | None] | None = None) -> None:
        """Run ``action``, show the game, then play the bots this terminal runs.
        An action returning False has nothing new to show."""
        worker = get_current_worker()
        with self._session_lock:
            try:
                if action is not None and action() is False:
                    return
                state = self.publish()
                while state.next_bot is not None and not worker.is_cancelled:
                    time.sleep(self.app.bot_pause)
                    if worker.is_cancelled:
                        return
                    seat = state.next_bot
                    self.session.act(seat, self.session.bot_choice(seat))
                    state = self.publish()
            except SaveConflict:  # the session already holds the game as the other terminal left it
                self.tell("Another terminal moved first; showing the new state.", "Move not made")
                self.publish()
            except IllegalChoice as error:
                self.tell(str(error), "Not allowed")
                self.publish()
            except SaveError as error:
                self.tell(str(error), "Cannot read this game", "error")

    def tell(self, message: str, title: str, severity: str = "warning") -> None:
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self.notify, message, title=title, severity=severity)

    def publish(self) -> TableState:
        state = snapshot(self.session, self._last_viewer)
        self._last_viewer = state.viewer
        if not get_current_worker().is_cancelled:
            self._shown = self.shown_key()
            self.app.call_from_thread(self.show_state, state)
        return state

    def shown_key(self) -> tuple:
        return len(self.session.match.actions), self.session.runs_bots, self.session.lost

    def sit_down(self) -> bool | None:
        """Worker step: take this terminal's seats, or note why not (the screen then leaves)."""
        try:
            self.session.start()
        except (SeatTaken, IllegalChoice) as error:
            self._refused = str(error)
            return False
        return None

    def cannot_sit(self) -> None:
        self.notify(self._refused, title="Cannot take the seat", severity="error")
        if self.app.screen is self:
            self.app.pop_screen()

    def at_position(self, position: int, change: Callable[[], None]) -> Callable[[], None]:
        """A worker step making ``change`` only if the game is still where the player saw it."""
        def step() -> None:
            if len(self.session.match.actions) != position:
                raise SaveConflict("the game changed before this move was made")
            change()
        return step

    # -- another terminal changed the game ----------------------------------------------------

    def on_table_screen_game_changed(self, _message: GameChanged) -> None:
        self.game_changed()

    def game_changed(self) -> None:
        """Catch up with the game on disk in the worker; never interrupt a running worker."""
        if self.working:
            self._change_pending = True
        else:
            self.run_step(self.catch_up)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is not self._worker or self.working:
            return
        if self._refused:
            self.cannot_sit()
        elif self._queued is not None:
            action, self._queued = self._queued, None
            self.run_step(action)
        elif self._change_pending:
            self._change_pending = False
            self.game_changed()

    def catch_up(self) -> bool:
        """Worker step: re-read the game; False when nothing shown has changed."""
        self.session.refresh()
        if self.session.turn_arrived:
            log = self.session.match.view(self.session.viewer)["log"]
            self.app.call_from_thread(self.your_turn, log[-1] if log else "")
        left = self.session.take_left()
        if left and not self.session.match.finished:
            self.app.call_from_thread(self.players_left, left)
        return self.shown_key() != self._shown

    def players_left(self, seats: list[int]) -> None:
        who = ", ".join(seat_label(self.names, seat) for seat in seats)
        self.notify(f"{who} left the table. The seat is free: any terminal can take it from Resume.",
                    title=self.session.record.title)

    def your_turn(self, last_move: str) -> None:
        """The notice covers the log's last lines at 80x24 for a while, so it repeats the last one."""
        self.notify(f"Your turn\n{last_move}".strip(), title=self.session.record.title, severity="information")
        if self.app.bell_on_turn:
            self.app.bell()

    # -- showing a snapshot -------------------------------------------------------------

    def show_state(self, state: TableState) -> None:
        self.state = state
        self.busy = state.next_bot is not None
        if state.finished:
            self.finish()
            return
        self.query_one("#status", Label).update(plain(self.status_line(state)))
        if state.lost and state.lost != self._lost_told:
            self._lost_told = state.lost
            self.notify(state.lost, title="Seat lost", severity="error", timeout=30)
        if needs_curtain(state.humans, self.revealed, state.viewer, state.has_private):
            self.close_curtain(state.viewer)
        else:
            if state.viewer is not None and state.has_private:
                self.revealed = state.viewer
            self.render_state(state)
        self.refresh_bindings()

    def close_curtain(self, seat: int) -> None:
        self.query_one("#private", BoardPanel).show(None)
        self.query_one("#choices", ChoiceList).show([])
        self.query_one("#hint", Static).update("")
        self.query_one("#table-body").display = False
        curtain = self.query_one("#curtain", Curtain)
        curtain.close(seat, seat_label(self.names, seat))
        curtain.display = True
        curtain.focus()

    def on_curtain_lifted(self, message: CurtainLifted) -> None:
        self.revealed = message.seat
        self.query_one("#curtain").display = False
        self.query_one("#table-body").display = True
        if self.state is not None:
            self.render_state(self.state)
        self.refresh_bindings()

    @property
    def curtain_up(self) -> bool:
        return bool(self.query_one("#curtain").display)

    def render_state(self, state: TableState) -> None:
        view, viewer, names = state.view, state.viewer, state.names
        self.drawn_room = self.room()
        choices = self.query_one("#choices", ChoiceList)
        choices.show(state.choices)  # first: a zoomed board centres on the highlighted choice
        self.query_one("#shared", BoardPanel).show(lambda width: self.board.shared(view, width, **self.room(), **self.zoom()))
        private = self.query_one("#private", BoardPanel)
        private.set_class(not state.has_private, "-absent")
        if state.has_private:
            private.show(lambda width: self.board.private(view, viewer, width), title=f"Private — {seat_label(names, viewer)}")
        for seat in range(len(names)):
            self.query_one(f"#player-{seat}", BoardPanel).show(
                lambda width, seat=seat: self.board.player(view, seat, width, **self.room()),
                title=self.seat_title(state, seat))
        self.query_one("#prompt", Static).update(plain(self.prompt_line(state)))
        choices.disabled = False
        choices.display = bool(state.choices)
        self.show_hint()
        self.query_one("#scores", ScoreSummary).show(names, state.scores, state.awaiting)
        self.query_one("#log", GameLog).show(list(view.get("log", ())))
        self.follow_decision(state)
        self.call_after_refresh(self.show_view_hint)  # the panels' new lengths decide the scroll keys
        if state.choices:
            choices.focus()

    def room(self) -> dict[str, bool]:
        """``roomy=True`` for a board module that draws larger cells (ROOMY_CELLS) on a 180x40+ screen."""
        roomy = getattr(self.board, "ROOMY_CELLS", False) and self.has_class("-widest") and self.has_class("-tall")
        return {"roomy": True} if roomy else {}

    def zoom(self) -> dict[str, object]:
        """``zoom`` and the highlighted choice's id, for a board module that draws a zoomed map (ZOOM)."""
        if not getattr(self.board, "ZOOM", False):
            return {}
        choice = self.query_one("#choices", ChoiceList).highlighted_choice()
        return {"zoom": self.zoomed, "highlighted": choice.id if choice else None}

    def action_zoom(self) -> None:
        """Zoom the shared board in (around the highlighted choice) or out again, and show it."""
        self.zoomed = not self.zoomed
        self.focused_view = "shared"
        self.show_focus()
        self.query_one("#shared", BoardPanel).redraw()

    # -- which panel the decision is about (the only one shown at 80 columns) -------------

    def views(self) -> list[str]:
        """The panels ``v`` cycles through: the board, the private hand, each player's area."""
        private = ["private"] if self.state is not None and self.state.has_private else []
        return ["shared", *private, *(f"player:{seat}" for seat in range(len(self.names)))]

    def follow_decision(self, state: TableState) -> None:
        """On each new decision, show the panel the board module says it is about."""
        key = (state.position, state.viewer)
        if key != self._focus_key:
            self._focus_key = key
            hint = getattr(self.board, "focus", None)
            wanted = hint(state.view, state.viewer) if hint is not None else "shared"
            self.focused_view = wanted if wanted in self.views() else "shared"
        self.show_focus()

    def show_focus(self) -> None:
        views = self.views()
        if self.focused_view not in views:
            self.focused_view = "shared"
        target = panel_id(self.focused_view)
        for name in views:
            panel = self.query_one(f"#{panel_id(name)}", BoardPanel)
            panel.set_class(panel.id != target, "-hidden")
            panel.set_class(panel.id == target, "-focused")
            panel.border_subtitle = ""
            panel.say_more_below(False)
        shown = self.query_one(f"#{target}", BoardPanel)
        self.call_after_refresh(self.query_one("#boards", VerticalScroll).scroll_to_widget, shown, animate=False, top=True)
        self.call_after_refresh(self.show_view_hint)

    def show_view_hint(self) -> None:
        """'v: next view (1/3)' under the panel shown, and the scroll keys when it runs past the screen."""
        views = self.views()
        if self.state is None or not self.is_attached or self.focused_view not in views:
            return  # nothing drawn yet, or the table is already gone (a refused join)
        shown = self.query_one(f"#{panel_id(self.focused_view)}", BoardPanel)
        shown.border_subtitle = f"v: next view ({views.index(self.focused_view) + 1}/{len(views)})"
        shown.say_more_below(self.query_one("#boards", VerticalScroll).max_scroll_y > 0)

    def action_scroll_boards(self, direction: str) -> None:
        boards = self.query_one("#boards", VerticalScroll)
        (boards.scroll_page_down if direction == "down" else boards.scroll_page_up)(animate=False)

    def action_next_view(self, step: int = 1) -> None:
        if self.curtain_up or self.state is None:
            return
        views = self.views()
        self.focused_view = views[(views.index(self.focused_view) + step) % len(views)]
        self.show_focus()

    def status_line(self, state: TableState) -> str:
        if state.lost:
            watching = "seat lost, watching only"
        elif state.viewer is None:
            watching = "spectator view"
        elif len(state.humans) == 1:
            watching = f"you play {seat_label(state.names, state.viewer)}"
        else:
            watching = f"hot seat, view of {seat_label(state.names, state.viewer)}"
        tail = f" · {state.progress} · {watching}"
        room = max(self.size.width - 2 - len(tail), 8)  # a long title gives way to whose view this is
        title = clean(state.title, lines=False)
        title = title if len(title) <= room else title[: room - 1] + "…"
        return title + tail

    def on_resize(self) -> None:
        if self.state is not None and not self.state.finished:
            self.query_one("#status", Label).update(plain(self.status_line(self.state)))
        self.call_after_refresh(self.redraw_if_room_changed)  # once the size classes are updated
        self.call_after_refresh(self.show_view_hint)  # the boards may now fit, or no longer

    def redraw_if_room_changed(self) -> None:
        """A resize across the roomy breakpoints (even a height-only one) redraws the boards,
        and nothing else: the focus, the highlighted choice and a raised curtain stay."""
        if self.room() != self.drawn_room:
            self.drawn_room = self.room()
            for panel in self.query(BoardPanel):
                panel.redraw()

    def seat_title(self, state: TableState, seat: int) -> str:
        mark = "▶ " if seat in state.awaiting else ""
        kind = "" if state.kinds[seat] == "human" else f" ({KINDS.get(state.kinds[seat], state.kinds[seat]).lower()})"
        return f"{mark}{seat_label(state.names, seat)}{kind}"

    def prompt_line(self, state: TableState) -> str:
        """What happens now, naming (with seat tags) everyone the game waits for."""
        prompt = state.view.get("prompt", "")
        if state.choices:
            line = f"▶ {named_prompt(state.names, state.viewer, prompt)}"
            if state.others_awaited:
                line += f"\nAlso waiting for {seat_list(state.names, state.others_awaited)}"
            return line
        who = seat_list(state.names, state.awaiting)
        if state.next_bot is not None:
            return f"{who} is choosing… ({prompt})"
        if len(state.awaiting) == 1:
            return f"Waiting for {named_prompt(state.names, state.awaiting[0], prompt)}"
        return f"Waiting for {who}: {prompt}"

    # -- actions -------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick":
            return not self.busy and not self.curtain_up
        if action in ("next_view", "scroll_boards"):
            return self.state is not None and not self.curtain_up
        if action == "zoom":
            return getattr(self.board, "ZOOM", False) and self.state is not None and not self.curtain_up
        if action == "undo":
            return bool(self.state and self.state.can_undo and not self.busy and not self.curtain_up)
        return True

    def on_option_list_option_highlighted(self, event: ChoiceList.OptionHighlighted) -> None:
        if isinstance(event.option_list, ChoiceList):
            self.show_hint()
            if self.zoomed:  # the zoomed window follows the highlighted choice
                self.query_one("#shared", BoardPanel).redraw()

    def show_hint(self) -> None:
        choice = self.query_one("#choices", ChoiceList).highlighted_choice()
        hint = self.query_one("#hint", Static)
        hint.display = choice is not None
        if choice is not None:
            hint.update(choice_detail(choice))

    def on_choice_made(self, message: ChoiceMade) -> None:
        self.act(message.choice_id)

    def action_pick(self, number: int) -> None:
        self.query_one("#choices", ChoiceList).pick(number)

    def act(self, choice_id: str) -> None:
        state = self.state
        if self.busy or self.curtain_up or state is None or not state.choices:
            return
        seat = state.viewer
        self.busy = True
        self.query_one("#choices", ChoiceList).disabled = True
        self.refresh_bindings()
        self.run_step(self.at_position(state.position, lambda: self.session.act(seat, choice_id)))

    def action_undo(self) -> None:
        state = self.state
        if state is None or not state.can_undo or self.busy:
            return
        seat = state.viewer
        self.busy = True
        self.refresh_bindings()
        self.run_step(self.at_position(state.position, lambda: self.session.undo(seat)))

    def action_score_sheet(self) -> None:
        from tui.screens.end import ScoreSheetScreen

        if self.state is not None:
            self.app.push_screen(ScoreSheetScreen(self.state.names, self.state.scores))

    def action_leave(self) -> None:
        self.app.pop_screen()

    def help_context(self) -> tuple[str, str | None]:
        return self.session.record.game, (self.state.view.get("topic") if self.state else None)

    # -- the end -------------------------------------------------------------------------

    def finish(self) -> None:
        if self.app.gated:
            self._end_pending = True
            return
        from tui.screens.end import EndScreen

        self.app.switch_screen(EndScreen(self.state))

    def on_screen_resume(self) -> None:
        if self._end_pending:
            self._end_pending = False
            self.finish()


def panel_id(view_name: str) -> str:
    """'shared' -> 'shared', 'private' -> 'private', 'player:2' -> 'player-2'."""
    return view_name.replace(":", "-")


def seat_list(names: list[str], seats: list[int]) -> str:
    return ", ".join(seat_label(names, seat) for seat in seats)


def named_prompt(names: list[str], seat: int, prompt: str) -> str:
    """'●A Ann: play or draw', without naming the player twice when the game's prompt does."""
    if prompt.startswith(f"{names[seat]}:"):
        return f"{seat_tag(seat)} {prompt}"
    return f"{seat_label(names, seat)}: {prompt}"

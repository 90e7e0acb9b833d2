"""The game table: board, players' areas, private information, choices, log and scores.

Bots and disk writes run in a thread worker; the screen only shows ``TableState`` snapshots.
"""

from __future__ import annotations

import time
from typing import Callable

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Label, Static
from textual.worker import get_current_worker

from engine.core.contract import IllegalChoice
from engine.core.seats import seat_tag
from saves.store import SaveConflict
from tui.boards import board_module
from tui.messages import ChoiceMade, CurtainLifted
from tui.table_state import TableState, needs_curtain, snapshot
from tui.text import KINDS, seat_label
from tui.widgets.board_panel import BoardPanel
from tui.widgets.choice_list import ChoiceList, choice_detail
from tui.widgets.curtain import Curtain
from tui.widgets.game_log import GameLog
from tui.widgets.scores import ScoreSummary


class TableScreen(Screen):
    BINDINGS = [
        *(Binding(str(n), f"pick({n})", show=False) for n in range(1, 10)),
        Binding("u,ctrl+z", "undo", "Undo"),
        Binding("s", "score_sheet", "Scores"),
        Binding("escape", "leave", "Home (saved)"),
    ]

    def __init__(self, session) -> None:
        super().__init__(classes="table")
        self.session = session
        self.board = board_module(session.record.game)
        self.names = [seat.name for seat in session.record.seats]
        self.state: TableState | None = None
        self.busy = True
        self.revealed: int | None = None
        """The human seat whose private information was last shown (the curtain was lifted for)."""
        self._last_viewer: int | None = None
        self._end_pending = False

    # -- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Label(self.session.record.title, id="status")
        with Horizontal(id="table-body"):
            with VerticalScroll(id="boards"):
                with Vertical(id="board-col"):
                    yield BoardPanel("Board", id="shared", classes="panel")
                with Vertical(id="areas-col"):
                    yield BoardPanel("Private", id="private", classes="panel")
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
        self.advance()

    # -- the worker: human actions, bots, disk writes --------------------------------------

    @work(thread=True, exclusive=True, group="table")
    def advance(self, action: Callable[[], None] | None = None) -> None:
        worker = get_current_worker()
        try:
            if action is not None:
                action()
            state = self.publish()
            while state.next_bot is not None and not worker.is_cancelled:
                time.sleep(self.app.bot_pause)
                if worker.is_cancelled:
                    return
                seat = state.next_bot
                self.session.act(seat, self.session.bot_choice(seat))
                state = self.publish()
        except IllegalChoice as error:
            self.app.call_from_thread(self.notify, str(error), title="Not allowed", severity="warning")
            self.publish()
        except SaveConflict:  # another terminal played first; the session now holds its game
            self.session.refresh()
            self.app.call_from_thread(self.notify, "Another terminal changed this game; showing its latest state.",
                                      title="Game updated", severity="warning")
            self.publish()

    def publish(self) -> TableState:
        state = snapshot(self.session, self._last_viewer)
        self._last_viewer = state.viewer
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self.show_state, state)
        return state

    # -- showing a snapshot -------------------------------------------------------------

    def show_state(self, state: TableState) -> None:
        self.state = state
        self.busy = state.next_bot is not None
        if state.finished:
            self.finish()
            return
        self.query_one("#status", Label).update(self.status_line(state))
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
        self.query_one("#shared", BoardPanel).show(lambda width: self.board.shared(view, width))
        private = self.query_one("#private", BoardPanel)
        private.display = state.has_private
        if state.has_private:
            private.show(lambda width: self.board.private(view, viewer, width), title=f"Private — {seat_label(names, viewer)}")
        for seat in range(len(names)):
            self.query_one(f"#player-{seat}", BoardPanel).show(
                lambda width, seat=seat: self.board.player(view, seat, width), title=self.seat_title(state, seat))
        self.query_one("#prompt", Static).update(self.prompt_line(state))
        choices = self.query_one("#choices", ChoiceList)
        choices.show(state.choices)
        choices.disabled = False
        choices.display = bool(state.choices)
        self.show_hint()
        self.query_one("#scores", ScoreSummary).show(names, state.scores, state.awaiting)
        self.query_one("#log", GameLog).show(list(view.get("log", ())))
        if state.choices:
            choices.focus()

    def status_line(self, state: TableState) -> str:
        watching = "spectator view" if state.viewer is None else f"view of {seat_label(state.names, state.viewer)}"
        return f"{state.title} · {state.progress} · {watching}"

    def seat_title(self, state: TableState, seat: int) -> str:
        mark = "▶ " if seat in state.awaiting else ""
        kind = "" if state.kinds[seat] == "human" else f" ({KINDS.get(state.kinds[seat], state.kinds[seat]).lower()})"
        return f"{mark}{seat_label(state.names, seat)}{kind}"

    def prompt_line(self, state: TableState) -> str:
        who = ", ".join(seat_label(state.names, seat) for seat in state.awaiting)
        prompt = state.view.get("prompt", "")
        if state.choices:
            if prompt.startswith(f"{state.names[state.viewer]}:"):  # the game already names the player
                return f"▶ {seat_tag(state.viewer)} {prompt}"
            return f"▶ {seat_label(state.names, state.viewer)}: {prompt}"
        if state.next_bot is not None:
            return f"{who} is choosing… ({state.view.get('prompt', '')})"
        return f"Waiting for {who}: {state.view.get('prompt', '')}"

    # -- actions -------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick":
            return not self.busy and not self.curtain_up
        if action == "undo":
            return bool(self.state and self.state.can_undo and not self.busy and not self.curtain_up)
        return True

    def on_option_list_option_highlighted(self, event: ChoiceList.OptionHighlighted) -> None:
        if isinstance(event.option_list, ChoiceList):
            self.show_hint()

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
        self.advance(lambda: self.session.act(seat, choice_id))

    def action_undo(self) -> None:
        state = self.state
        if state is None or not state.can_undo or self.busy:
            return
        seat = state.viewer
        self.busy = True
        self.refresh_bindings()
        self.advance(lambda: self.session.undo(seat))

    def action_score_sheet(self) -> None:
        from tui.screens.end import ScoreSheetScreen

        if self.state is not None:
            self.app.push_screen(ScoreSheetScreen(self.state.names, self.state.scores))

    def action_leave(self) -> None:
        self.workers.cancel_group(self, "table")
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

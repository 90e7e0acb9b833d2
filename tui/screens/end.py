"""The final score sheet (end of game) and the running score sheet (during play)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Label, Static

from engine.core.contract import Score
from tui.table_state import TableState
from tui.text import seat_label
from tui.widgets.scores import breakdown_table


def winners_line(names: list[str], ranking: list[tuple[int, list[int]]]) -> str:
    if not ranking:
        return ""
    best = ranking[0][1]
    who = ", ".join(seat_label(names, seat) for seat in best)
    return f"★ Winner: {who}" if len(best) == 1 else f"★ Shared win: {who}"


class EndScreen(Screen):
    BINDINGS = [Binding("enter,escape", "home", "Back to home")]

    def __init__(self, state: TableState) -> None:
        super().__init__(classes="end")
        self.state = state

    def compose(self) -> ComposeResult:
        state = self.state
        yield Label(f"Game over — {state.title}", classes="screen-title")
        with VerticalScroll(id="final"):
            yield Static(Text(winners_line(state.names, state.ranking), style="bold"), id="winners")
            yield Static(breakdown_table(state.names, state.scores, state.ranking), id="sheet")
            yield Static("The game is saved as finished. Enter: back to home.", id="end-hint")
        yield Footer()

    def help_context(self) -> tuple[str, str]:
        return self.state.game_id, "scoring"

    def action_home(self) -> None:
        self.app.pop_screen()


class ScoreSheetScreen(ModalScreen):
    """The running score with its breakdown, over the table."""

    BINDINGS = [Binding("escape,s,enter", "app.pop_screen", "Close")]

    def __init__(self, names: list[str], scores: list[Score]) -> None:
        super().__init__(classes="dialog")
        self.names = names
        self.scores = scores

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box sheet-box"):
            yield Label("Running score", classes="dialog-question")
            yield Static(breakdown_table(self.names, self.scores))
            yield Label("Esc to close", classes="dialog-hint")

"""Resume: the saved games, most recently played first; open, rename or delete them."""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Label, Static

from engine.registry import titles
from tui.text import seats_summary, short_time
from tui.widgets.dialogs import ConfirmDialog, TextDialog


class ResumeScreen(Screen):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("enter", "open", "Resume"),
        Binding("r", "rename", "Rename"),
        Binding("d,delete", "delete", "Delete"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.records: dict[str, object] = {}

    def compose(self) -> ComposeResult:
        yield Label("Resume a game", classes="screen-title")
        yield Static("", id="problems", classes="notice")
        yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
        yield Static("Loading…", id="empty")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#saves", DataTable)
        table.add_columns("Title", "Game", "Progress", "Last played", "Seats")
        table.display = False
        self.query_one("#problems").display = False
        self.reload()

    @work(thread=True, exclusive=True, group="saves-list")
    def reload(self) -> None:
        store = self.app.store
        records = store.summaries()
        self.app.call_from_thread(self.fill, records, list(store.problems))

    def fill(self, records: list, problems: list[str]) -> None:
        table = self.query_one("#saves", DataTable)
        table.clear()
        games = titles()
        self.records = {record.id: record for record in records}
        for record in records:
            progress = "finished" if record.status == "finished" else record.progress
            table.add_row(record.title, games.get(record.game, record.game), progress,
                          short_time(record.updated), seats_summary(record.seats), key=record.id)
        table.display = bool(records)
        empty = self.query_one("#empty", Static)
        empty.display = not records
        empty.update("No saved games yet. Start one with New game on the home screen.")
        notice = self.query_one("#problems", Static)
        notice.display = bool(problems)
        notice.update("Set aside (kept, not deleted):\n" + "\n".join(f"• {p}" for p in problems))
        if records:
            table.focus()

    @property
    def selected(self):
        table = self.query_one("#saves", DataTable)
        if not self.records or table.cursor_row is None:
            return None
        key = table.coordinate_to_cell_key((table.cursor_row, 0)).row_key.value
        return self.records.get(key)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_open()

    def action_open(self) -> None:
        record = self.selected
        if record is not None:
            self.open_save(record.id)

    @work(thread=True, exclusive=True, group="saves-open")
    def open_save(self, save_id: str) -> None:
        from saves.session import GameSession

        try:
            session = GameSession.resume(self.app.store, save_id)
        except Exception as error:  # a save that does not replay is reported, never lost
            self.app.call_from_thread(self.notify, str(error), title="Cannot resume", severity="error")
            return
        self.app.call_from_thread(self.opened, session)

    def opened(self, session) -> None:
        from tui.screens.table import TableScreen

        self.app.switch_screen(TableScreen(session))

    def action_rename(self) -> None:
        record = self.selected
        if record is not None:
            def renamed(title: str | None) -> None:
                if title and title != record.title:
                    self.change(lambda store: store.rename(record.id, title))

            self.app.push_screen(TextDialog(f"New title for “{record.title}”:", record.title), renamed)

    def action_delete(self) -> None:
        record = self.selected
        if record is not None:
            def confirmed(yes: bool | None) -> None:
                if yes:
                    self.change(lambda store: store.delete(record.id))

            question = f"Delete “{record.title}”?\nIt is moved to the trash folder of the saves."
            self.app.push_screen(ConfirmDialog(question, yes="Delete"), confirmed)

    @work(thread=True, exclusive=True, group="saves-change")
    def change(self, edit) -> None:
        try:
            edit(self.app.store)
        except Exception as error:
            self.app.call_from_thread(self.notify, str(error), title="Not changed", severity="error")
        records = self.app.store.summaries()
        self.app.call_from_thread(self.fill, records, list(self.app.store.problems))

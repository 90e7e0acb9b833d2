"""Table assistant home: pick a game and a tool, or resume a saved sheet."""

from __future__ import annotations

import secrets
from datetime import datetime
from pathlib import Path

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

from engine.assistant.games import GAME_IDS, assistant_for
from engine.assistant.sheets import new_checklist, new_form, progress_text
from tui.screens.assistant_store import new_sheet_id
from tui.screens.assistant_widgets import CURSOR, CursorList
from tui.screens.base import TabulaScreen
from tui.text import plain

CSS = [Path(__file__).parent.parent / "styles" / "assistant.tcss"]


def saved_time(iso: str) -> str:
    """'11-29 16:05' from an ISO 8601 timestamp, short enough for 80 columns."""
    try:
        return datetime.fromisoformat(iso).strftime("%m-%d %H:%M")
    except ValueError:
        return iso


def open_sheet_screen(sheet_id: str, sheet: dict) -> Screen:
    if sheet["kind"] == "checklist":
        from tui.screens.assistant_checklist import ChecklistScreen

        return ChecklistScreen(sheet_id, sheet)
    from tui.screens.assistant_form import FormScreen

    return FormScreen(sheet_id, sheet)


class AssistantHomeScreen(TabulaScreen):
    """Games on the left, saved sheets on the right (most recent first)."""

    CSS_PATH = CSS
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def __init__(self) -> None:
        super().__init__()
        self.saved: dict[str, dict] = {}

    def compose(self) -> ComposeResult:
        yield Label("Table assistant: a helper for the real board", classes="screen-title")
        with Horizontal(id="assistant-home"):
            with Vertical(id="assistant-games"):
                yield Label("New sheet for", classes="assistant-heading")
                yield CursorList(*(Option(assistant_for(g).TITLE, id=g) for g in GAME_IDS), id="games")
            with Vertical(id="assistant-saved"):
                yield Label("Saved sheets (Tab, then Enter to resume)", classes="assistant-heading")
                yield DataTable(id="sheets", cursor_type="row", zebra_stripes=True)
                yield Static("No saved sheets yet.", id="no-sheets")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#sheets", DataTable)
        table.add_column("", key="cursor", width=len(CURSOR))
        table.add_columns("Sheet", "Progress", "Saved")
        self.query_one("#games").focus()
        self.reload()

    def on_screen_resume(self) -> None:
        self.reload()

    @work(thread=True, exclusive=True, group="sheets-list")
    def reload(self) -> None:
        sheets = []
        for sheet in self.app.store.sheets():
            try:
                sheets.append((sheet, progress_text(sheet)))
            except (KeyError, TypeError, ValueError):  # a sheet of an unknown kind or game: not listed
                continue
        self.app.call_from_thread(self.fill, sheets)

    def fill(self, sheets: list[tuple[dict, str]]) -> None:
        table = self.query_one("#sheets", DataTable)
        table.clear()
        self.saved = {sheet["id"]: sheet for sheet, _ in sheets}
        for sheet, progress in sheets:
            table.add_row("", plain(sheet.get("title", sheet["id"]), lines=False), plain(progress, lines=False),
                          plain(saved_time(sheet["updated"]), lines=False), key=sheet["id"])
        table.display = bool(sheets)
        self.query_one("#no-sheets").display = not sheets
        self.mark_cursor_row(table)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.mark_cursor_row(event.data_table)

    def mark_cursor_row(self, table: DataTable) -> None:
        """'▶' in the first column of the cursor row, so the cursor shows without colour."""
        for index, row_key in enumerate(table.rows):
            mark = CURSOR if index == table.cursor_row and table.has_focus else ""
            if table.get_cell(row_key, "cursor") != mark:
                table.update_cell(row_key, "cursor", mark)

    def on_descendant_focus(self, event) -> None:
        self.mark_cursor_row(self.query_one("#sheets", DataTable))

    def on_descendant_blur(self, event) -> None:
        self.mark_cursor_row(self.query_one("#sheets", DataTable))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "games":
            self.app.push_screen(AssistantGameScreen(event.option_id))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        sheet = self.saved.get(event.row_key.value)
        if sheet is not None:
            self.app.push_screen(open_sheet_screen(sheet["id"], {k: v for k, v in sheet.items()
                                                                 if k not in ("id", "updated")}))


class AssistantGameScreen(TabulaScreen):
    """One game: choose the player count, then the setup checklist, a round helper or a score sheet."""

    CSS_PATH = CSS
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("left,minus", "players(-1)", "Fewer players"),
        Binding("right,plus", "players(1)", "More players"),
    ]

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.game_id = game_id
        self.game = assistant_for(game_id)
        self.players = self.game.PLAYER_COUNTS[min(1, len(self.game.PLAYER_COUNTS) - 1)]

    def compose(self) -> ComposeResult:
        yield Label(f"{self.game.TITLE}: table assistant", classes="screen-title", markup=False)
        with Vertical(id="assistant-game"):
            yield Static("", id="players", markup=False)
            tools = [Option("Setup checklist", id="checklist")]
            tools += [Option(f"{'Round helper' if f.kind == 'round' else 'Score sheet'}: {f.title}", id=f.id)
                      for f in self.game.FORMS]
            yield CursorList(*tools, id="tools")
        yield Footer()

    def on_mount(self) -> None:
        self.show_players()
        self.query_one("#tools").focus()

    def show_players(self) -> None:
        counts = self.game.PLAYER_COUNTS
        choice = "  ".join(f"[{n}]" if n == self.players else f" {n} " for n in counts)
        hint = "  (←/→ to change)" if len(counts) > 1 else ""
        self.query_one("#players", Static).update(f"Players: {choice}{hint}")

    def action_players(self, step: int) -> None:
        counts = self.game.PLAYER_COUNTS
        index = max(0, min(len(counts) - 1, counts.index(self.players) + step))
        self.players = counts[index]
        self.show_players()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_id == "checklist":
            sheet = new_checklist(self.game_id, self.players, secrets.randbelow(1_000_000))
        else:
            sheet = new_form(self.game_id, event.option_id, self.players)
        self.app.push_screen(open_sheet_screen(new_sheet_id(self.game_id), sheet))

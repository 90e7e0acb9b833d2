"""A round helper or score sheet: inputs per player and category, recomputed as you type."""

from __future__ import annotations

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, Label, Static

from engine.assistant.forms import Evaluation, Field
from engine.assistant.sheets import evaluate_sheet, form_of, labels_of
from tui.screens.assistant import CSS
from tui.screens.assistant_store import SheetSaver


def result_table(header: list[str], rows: list[list[str]]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for index, title in enumerate(header):
        table.add_column(title, justify="left" if index == 0 else "right")
    for row in rows:
        style = "bold" if row[0] == "Total" else ""
        table.add_row(*row, style=style)
    return table


def summary_line(evaluation: Evaluation, labels: list[str]) -> Text:
    if evaluation.errors:
        more = f" (and {len(evaluation.errors) - 1} more below)" if len(evaluation.errors) > 1 else ""
        return Text(f"⚠ {evaluation.errors[0]}{more}", style="bold")
    result = evaluation.result
    if result is None or result.scores is None:
        return Text("Results below (Tab to them to scroll).")
    text = Text("Total  ")
    text.append("  ".join(f"{labels[s.seat]} {s.total}" for s in result.scores), style="bold")
    if result.winners:
        verb = "wins" if len(result.winners) == 1 else "share the win"
        text.append(f"   ★ {' and '.join(labels[s] for s in result.winners)} {verb}")
    return text


class FormScreen(SheetSaver, Screen):
    CSS_PATH = CSS
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("down", "move(1)", "Next row", show=False, priority=True),
        Binding("up", "move(-1)", "Previous row", show=False, priority=True),
    ]

    def __init__(self, sheet_id: str, sheet: dict) -> None:
        super().__init__()
        self.sheet_id = sheet_id
        self.sheet = sheet
        self.form = form_of(sheet)
        self.labels = labels_of(sheet)
        self.grid: list[list[Input]] = []

    def compose(self) -> ComposeResult:
        yield Label(self.sheet["title"], classes="screen-title")
        with VerticalScroll(id="form-inputs"):
            if self.form.help:
                yield Static(self.form.help, classes="form-help")
            for field in self.form.shared:
                row = [self.field_input(field, "s", self.sheet["shared"].get(field.key, ""))]
                self.grid.append(row)
                with Horizontal(classes="form-row"):
                    yield Label(field.label, classes="form-label")
                    yield from row
            with Horizontal(classes="form-row form-header"):
                yield Label("", classes="form-label")
                for label in self.labels:
                    yield Label(label, classes="form-player")
            for field in self.form.per_player:
                row = [self.field_input(field, f"p{seat}", entries.get(field.key, ""))
                       for seat, entries in enumerate(self.sheet["entries"])]
                self.grid.append(row)
                with Horizontal(classes="form-row"):
                    yield Label(field.label, classes="form-label")
                    yield from row
        yield Static("", id="form-hint")
        yield Static("", id="form-summary")
        with VerticalScroll(id="form-result"):
            yield Static("", id="form-breakdown")
        yield Footer()

    def field_input(self, field: Field, owner: str, value: str) -> Input:
        widget = Input(value, placeholder=field.default, id=f"{owner}-{field.key}", compact=True,
                       classes="form-input wide" if owner == "s" else "form-input")
        widget.sheet_key = field.key
        widget.sheet_owner = owner
        widget.sheet_hint = f"{field.label}: {field.hint}" if field.hint else field.label
        return widget

    def on_descendant_focus(self, event) -> None:
        hint = getattr(event.widget, "sheet_hint", "↑/↓ scroll the results" if event.widget.id == "form-result" else "")
        self.query_one("#form-hint", Static).update(hint)

    def on_mount(self) -> None:
        for row in self.grid:
            for widget in row:
                widget.cursor_blink = self.app.cursor_blink
        if self.grid:
            self.grid[0][0].focus()
        self.recompute()
        self.save()

    def on_input_changed(self, event: Input.Changed) -> None:
        widget = event.input
        if widget.sheet_owner == "s":
            self.sheet["shared"][widget.sheet_key] = event.value
        else:
            self.sheet["entries"][int(widget.sheet_owner[1:])][widget.sheet_key] = event.value
        self.recompute()
        self.save()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_move(1)

    def recompute(self) -> None:
        evaluation = evaluate_sheet(self.sheet)
        self.query_one("#form-summary", Static).update(summary_line(evaluation, self.labels))
        breakdown = self.query_one("#form-breakdown", Static)
        if evaluation.result is None:
            breakdown.update(Text("\n".join(evaluation.errors)))
            return
        result = evaluation.result
        notes = Text("\n".join(result.notes))
        table = result_table(result.header, result.rows)
        # a round helper's notes are its headline (gate tile, turn order); a sheet's are details
        breakdown.update(Group(notes, table) if self.form.kind == "round" else Group(table, notes))

    def action_move(self, step: int) -> None:
        focused = self.focused
        if isinstance(focused, VerticalScroll):
            focused.scroll_relative(y=step, animate=False)
            return
        for r, row in enumerate(self.grid):
            if focused in row:
                target = r + step
                if 0 <= target < len(self.grid):
                    column = min(row.index(focused), len(self.grid[target]) - 1)
                    self.grid[target][column].focus()
                    self.grid[target][column].scroll_visible()
                return

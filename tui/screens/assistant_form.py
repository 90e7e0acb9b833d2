"""A round helper or score sheet: inputs per player and category, recomputed as you type.

Up/Down move between rows in the same player's column, Tab/Shift+Tab along a row; '▶'
marks the row being typed in and the hint line names the player and the field, so the
place shows without colour. PageUp/PageDown scroll the results. In a wide terminal the
results stand to the right of the inputs, otherwise below them.
"""

from __future__ import annotations

import copy
from typing import Any

from rich import box
from rich.cells import cell_len
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, Label, Static
from textual.worker import get_current_worker

from engine.assistant.forms import TOTAL, Evaluation, Field, Form, describe, refusal, sheet_words
from engine.assistant.sheets import evaluate_sheet, form_of, labels_of
from tui.i18n import N_, _, current, ngettext
from tui.screens.assistant import CSS
from tui.screens.assistant_store import SheetScreen
from tui.screens.assistant_widgets import CURSOR
from tui.text import plain
from tui.widgets.footer import Footer

WIDE = 120
"""From this many columns on, the results stand beside the inputs."""
NARROW = 80
CELL_WIDTH = (9, 20)
"""Narrowest and widest player column (the input and a one-cell gap)."""


def result_table(header: list[str], rows: list[list[str]]) -> Table:
    """The result in the reader's language: its labels, and its words among the figures (a battle's 'won')."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for index, title in enumerate(header):
        table.add_column(plain(_(title)), justify="left" if index == 0 else "right")
    for label, *cells in rows:
        style = "bold" if label == TOTAL else ""
        table.add_row(plain(_(label)), *(plain(_(cell)) for cell in cells), style=style)
    return table


def errors(form: Form, evaluation: Evaluation, labels: list[str]) -> list[str]:
    """Why the sheet cannot be worked out, in this terminal's language."""
    return [describe(form, labels, problem, current()) for problem in evaluation.problems]


def summary_line(form: Form, evaluation: Evaluation, labels: list[str], sheet: dict[str, Any] | None = None) -> Text:
    if evaluation.problems:
        said = errors(form, evaluation, labels)
        more = ngettext(" (and {n} more below)", " (and {n} more below)", len(said) - 1).format(
            n=len(said) - 1) if len(said) > 1 else ""
        return plain(f"⚠ {said[0]}{more}", style="bold")
    result = evaluation.result
    if result is None or result.scores is None:
        return plain(sheet_words(current())(result.headline) if result else "", style="bold")
    text = Text(_(TOTAL) + "  ")
    text.append("  ".join(f"{labels[s.seat]} {s.total}" for s in result.scores), style="bold")
    if result.winners:
        winners = _(" and ").join(labels[s] for s in result.winners)
        text.append("   " + (_("★ {seats} wins") if len(result.winners) == 1 else _("★ {seats} share the win")).format(
            seats=winners))
    if sheet is not None and sheet.get("finished"):
        text.append("   " + _("✓ finished"), style="bold")
    return text


def label_width(fields: tuple[Field, ...]) -> int:
    return max(cell_len(_(f.label)) for f in fields) + 1


def cell_width(label_columns: int, players: int) -> int:
    """Player columns as wide as 80 columns allow (typed dice, cities or realm rows need room)."""
    room = NARROW - 2 - len(CURSOR) - label_columns - 2  # screen padding, cursor, label, scrollbar
    return max(CELL_WIDTH[0], min(CELL_WIDTH[1], room // players))


class SheetInput(Input):
    """A field of a sheet that refuses, as it is typed, text the field cannot hold: the screen
    says why (``refusal``) and the text stays as it was, so nothing out of range is stored."""

    sheet_key: str
    sheet_owner: str
    sheet_hint: str

    def replace(self, text: str, start: int, end: int) -> None:
        value = self.value
        start, end = sorted((max(0, start), min(len(value), end)))
        candidate = f"{value[:start]}{text}{value[end:]}"
        if isinstance(self.screen, FormScreen) and (reason := self.screen.refusal(self, candidate)) is not None:
            self.screen.refused(self, reason)
        else:
            super().replace(text, start, end)


class FormScreen(SheetScreen):
    CSS_PATH = CSS
    BINDINGS = [
        Binding("escape", "app.pop_screen", N_("Back")),
        # Moving between fields is a priority binding: it moves the focus while the key is read,
        # so keys typed right after it (a terminal delivers a fast burst at once) go to the new field.
        Binding("down,enter", "move(1)", N_("Next row"), show=False, priority=True),
        Binding("up", "move(-1)", N_("Previous row"), show=False, priority=True),
        Binding("tab", "along(1)", N_("Next player"), show=False, priority=True),
        Binding("shift+tab", "along(-1)", N_("Previous player"), show=False, priority=True),
        Binding("ctrl+f", "finished", N_("Game over"), key_display="^F"),
        Binding("pagedown", "scroll_results(1)", N_("Results ↓"), key_display="PgDn", priority=True),
        Binding("pageup", "scroll_results(-1)", N_("Results ↑"), key_display="PgUp", priority=True),
    ]

    def __init__(self, sheet_id: str, sheet: dict[str, Any]) -> None:
        super().__init__()
        self.sheet_id = sheet_id
        self.sheet = sheet
        self.form = form_of(sheet)
        self.labels = labels_of(sheet)
        self.grid: list[list[Input]] = []
        self.markers: list[Label] = []
        fields = self.form.shared + self.form.per_player
        self.label_columns = label_width(fields)
        self.cell_columns = cell_width(self.label_columns, len(self.labels))

    def compose(self) -> ComposeResult:
        yield Label(plain(self.sheet["title"], lines=False), classes="screen-title")
        with Horizontal(id="form-body"):
            with Vertical(id="form-entry"):
                for field in self.form.shared:
                    yield self.form_row(field, [self.field_input(field, "s", self.sheet["shared"].get(field.key, ""))])
                with Horizontal(classes="form-row form-header"):
                    yield Label("", classes="form-gutter")
                    yield self.row_label("")
                    for label in self.labels:
                        yield self.player_label(label)
                with VerticalScroll(id="form-inputs", can_focus=False):
                    if self.form.help:
                        yield Static(_(self.form.help), classes="form-help", markup=False)
                    for field in self.form.per_player:
                        yield self.form_row(field, [self.field_input(field, f"p{seat}", entries.get(field.key, ""))
                                                    for seat, entries in enumerate(self.sheet["entries"])])
                yield Static("", id="form-hint", markup=False)
            with Vertical(id="form-outcome"):
                yield Static("", id="form-summary")
                with VerticalScroll(id="form-result", can_focus=False):
                    yield Static("", id="form-breakdown")
        yield Footer()

    def form_row(self, field: Field, inputs: list[Input]) -> Horizontal:
        self.grid.append(inputs)
        marker = Label("", classes="form-marker")
        self.markers.append(marker)
        return Horizontal(marker, self.row_label(_(field.label)), *inputs, classes="form-row")

    def row_label(self, text: str) -> Label:
        label = Label(text, classes="form-label", markup=False)
        label.styles.width = self.label_columns
        return label

    def player_label(self, text: str) -> Label:
        label = Label(text, classes="form-player", markup=False)
        label.styles.width = self.cell_columns
        return label

    def field_input(self, field: Field, owner: str, value: str) -> Input:
        widget = SheetInput(value, placeholder=field.default, id=f"{owner}-{field.key}", compact=True,
                            classes="form-input wide" if owner == "s" else "form-input")
        if owner != "s":
            widget.styles.width = self.cell_columns - 1
        widget.sheet_key = field.key
        widget.sheet_owner = owner
        who = "" if owner == "s" else f"{self.labels[int(owner[1:])]} · "
        widget.sheet_hint = who + (f"{_(field.label)}: {_(field.hint)}" if field.hint else _(field.label))
        return widget

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self.query_one("#form-hint", Static).update(getattr(event.widget, "sheet_hint", ""))
        for marker, row in zip(self.markers, self.grid):
            marker.update(CURSOR if event.widget in row else "")

    def on_mount(self) -> None:
        for row in self.grid:
            for widget in row:
                widget.cursor_blink = self.app.cursor_blink
        if self.grid:
            self.grid[0][0].focus()
        self.recompute()  # saved from the first entry on: a sheet only looked at leaves no clutter

    def on_resize(self, event: events.Resize) -> None:
        wide = event.size.width >= WIDE
        self.set_class(wide, "wide")
        entry = self.query_one("#form-entry")
        entry.styles.width = (len(CURSOR) + self.label_columns + self.cell_columns * len(self.labels) + 3
                              if wide else "1fr")

    def on_input_changed(self, event: Input.Changed) -> None:
        widget = event.input
        if not isinstance(widget, SheetInput):
            return
        if widget.sheet_owner == "s":
            self.sheet["shared"][widget.sheet_key] = event.value
        else:
            self.sheet["entries"][int(widget.sheet_owner[1:])][widget.sheet_key] = event.value
        self.query_one("#form-hint", Static).update(widget.sheet_hint)
        self.recompute()
        self.save()

    def refusal(self, widget: SheetInput, text: str) -> str | None:
        seat = None if widget.sheet_owner == "s" else int(widget.sheet_owner[1:])
        said = refusal(self.form, len(self.labels), self.sheet["shared"], self.sheet["entries"], seat,
                       widget.sheet_key, text)
        return None if said is None else sheet_words(current())(said)

    def refused(self, widget: SheetInput, reason: str) -> None:
        field = widget.sheet_hint.split(":")[0]
        self.query_one("#form-hint", Static).update(plain(_("⚠ Not taken: {field}: {reason}").format(
            field=field, reason=reason), style="bold"))
        self.app.bell()

    def recompute(self) -> None:
        """Work the sheet out in a thread (the Thebai gate tiles are a search): the screen never waits."""
        self._generation = getattr(self, "_generation", 0) + 1
        self.evaluate(copy.deepcopy(self.sheet), self._generation)

    @work(thread=True, exclusive=True, group="form-evaluate")
    def evaluate(self, sheet: dict[str, Any], generation: int) -> None:
        evaluation = evaluate_sheet(sheet)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self.show_evaluation, evaluation, generation)

    def show_evaluation(self, evaluation: Evaluation, generation: int) -> None:
        if generation != self._generation or not self.is_mounted:
            return  # a newer entry is being worked out
        self.evaluation = evaluation
        self.query_one("#form-summary", Static).update(summary_line(self.form, evaluation, self.labels, self.sheet))
        breakdown = self.query_one("#form-breakdown", Static)
        if evaluation.result is None:
            breakdown.update(plain("\n".join(errors(self.form, evaluation, self.labels))))
            return
        result = evaluation.result
        table = result_table(result.header, result.rows)
        notes = plain("\n".join(map(sheet_words(current()), result.notes)))
        # a score sheet's notes say what it chose for the players (gate tile suits, mosaic palaces):
        # first, in sight; a round helper's outcome is in the summary line, its notes are the follow-up
        breakdown.update(Group(notes, table) if self.form.kind == "score" and result.notes else Group(table, notes))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.form.kind == "score" if action == "finished" else True

    def action_finished(self) -> None:
        """Mark a score sheet finished (it goes into the play records) or open again."""
        self.sheet["finished"] = not self.sheet.get("finished", False)
        self.recompute()
        self.save()
        if self.sheet["finished"]:
            self.notify(_("Marked finished: recorded in the play records."), title=_("Finished"))
        else:
            self.notify(_("Open again: taken out of the play records."), title=_("Finished"))

    def action_along(self, step: int) -> None:
        """Tab: the next field along the row, then the next row (set at once, like up and down)."""
        order = [widget for row in self.grid for widget in row]
        if self.focused in order:
            target = order.index(self.focused) + step
            if 0 <= target < len(order):
                self.set_focus(order[target])
        elif order:
            self.set_focus(order[0])

    def action_move(self, step: int) -> None:
        """Focus the same player's input one row up or down; set at once, so fast keys all count."""
        focused = self.focused
        for r, row in enumerate(self.grid):
            if focused in row:
                target = r + step
                if 0 <= target < len(self.grid):
                    column = min(row.index(focused), len(self.grid[target]) - 1)
                    self.set_focus(self.grid[target][column])
                return

    def action_scroll_results(self, direction: int) -> None:
        results = self.query_one("#form-result", VerticalScroll)
        results.scroll_relative(y=direction * max(1, results.scrollable_content_region.height - 1), animate=False)

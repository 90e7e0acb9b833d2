"""A record of a component set as a form of the game's own terms: a widget per field of its kind
(tui/widgets/field_editors.py), the record drawn as the board draws it and said in a line beside,
both following each change, and the whole set checked with it once the keys pause. Ctrl+S keeps
it in the set (its provenance "owner"); Ctrl+B drops the set's own record, so the built-in one is
used again."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.timer import Timer
from textual.widgets import Label, Static

from engine.component_sets import problems, with_record, without_record
from engine.core.box import Field, Kind, applies, with_value
from engine.core.components import Record
from engine.registry import title_of
from tui.i18n import N_, _, current
from tui.screens.base import TabulaScreen
from tui.screens.component_records import PROBLEM, beside, drawing, provenance
from tui.screens.components import CSS, SetEditing
from tui.text import clean, plain, wrap
from tui.widgets.dialogs import ConfirmDialog
from tui.widgets.field_editors import FieldChanged, editor_for
from tui.widgets.footer import Footer

CHECK_AFTER = 0.4
"""Seconds after the last change that the whole set is checked with the record as it is here."""
SIDE_WIDTH = 27
"""Columns of the drawing and summary beside the fields (the CSS's #record-side, less its border and padding)."""


class RecordFormScreen(TabulaScreen[bool]):
    """Dismissed with True once the set was changed (saved, or the record given back to the built-in)."""

    CSS_PATH = CSS
    BINDINGS = [Binding("ctrl+s", "save", N_("Save")),
                Binding("ctrl+b", "built_in", N_("Back to the built-in")),
                Binding("escape", "leave", N_("Back"))]

    def __init__(self, editing: SetEditing, game: str, kind: Kind, record: Record) -> None:
        super().__init__()
        self.editing = editing
        self.game = game
        self.kind = kind
        self.record: dict[str, Any] = dict(record)
        self.started = dict(record)
        self.found: list[str] | None = None
        """The problems of the set with the record as the form has it (None: not checked since the
        last change; the set's as saved are shown meanwhile)."""
        self._check: Timer | None = None

    @property
    def id_(self) -> str:
        return str(self.record["id"])

    def compose(self) -> ComposeResult:
        title = Label(classes="screen-title")
        title.update(plain(f"{self.editing.set.name} · {title_of(self.game)} · {_(self.kind.label)} · {self.id_}",
                           lines=False))
        yield title
        lang = current()
        with Horizontal(id="record-form"):
            with VerticalScroll(id="record-fields", can_focus=False):
                for spec in self.fields():
                    yield editor_for(spec, self.record, (), lang)
            with Vertical(id="record-side"):
                yield Static(id="record-drawing")
                yield Static(id="record-summary")
        yield Footer()

    def fields(self) -> list[Field]:
        """The kind's fields this record has (a Thebai estate space's effect, not a row's)."""
        return [spec for spec in self.kind.fields if applies(spec, self.record)]

    def on_mount(self) -> None:
        self.show_record()  # the first field has the focus: the screen's AUTO_FOCUS

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("save", "built_in") and self.app.served:
            return False  # the server's sets are its host's
        if action == "built_in":
            return any(record["id"] == self.id_ for record in self.editing.own(self.game, self.kind.file))
        return True

    async def on_field_changed(self, event: FieldChanged) -> None:
        shown = self.fields()
        self.record = with_value(self.record, event.path, event.value)
        if self.fields() != shown:  # a value other fields depend on: the form shows what this record has
            await self.recompose()
        self.found = None
        if self._check is not None:
            self._check.stop()
        self._check = self.set_timer(CHECK_AFTER, self.check_set)  # once the keys pause, not at each
        self.show_record()

    def check_set(self) -> None:
        """Check the whole set as it would be with the record as the form has it."""
        trial = with_record(self.editing.set, self.game, self.kind.file, self.record)
        self.found = [problem.message for problem in problems(trial, self.game)
                      if problem.file == self.kind.file and problem.record == self.id_ or not problem.record]
        self.show_record()

    def show_record(self) -> None:
        picture = drawing(self.game, self.kind.file, self.record, not self.app.no_color)
        self.query_one("#record-drawing", Static).update(beside(picture, [], SIDE_WIDTH))
        lines = [f"{self.id_} · {provenance(self.record)}"]
        if self.record != self.started:
            lines.append(_("changed, not saved yet (Ctrl+S)"))
        lines += wrap(clean(self.kind.summary(self.record, current())), SIDE_WIDTH)
        found = self.found if self.found is not None else [
            problem.message for problem in self.editing.problems(self.game)
            if problem.file == self.kind.file and problem.record == self.id_]
        if found:
            lines += ["", _("With this record as it is here:") if self.found is not None else
                      _("As the set has it now:")]
        elif self.found is not None and self.record != self.started:
            lines += ["", _("The set has no problem with this record as it is here.")]
        for message in found:
            lines += wrap(PROBLEM + clean(message), SIDE_WIDTH, "  ")
        self.query_one("#record-summary", Static).update(plain("\n".join(lines)))

    def action_save(self) -> None:
        self.editing.keep(with_record(self.editing.set, self.game, self.kind.file, self.record))
        self.notify(_("{id} kept in the set.").format(id=self.id_), title=_("Saved"))
        self.dismiss(True)

    def action_built_in(self) -> None:
        self.editing.keep(without_record(self.editing.set, self.game, self.kind.file, self.id_))
        self.notify(_("{id} is the built-in one again.").format(id=self.id_), title=_("Back to the built-in"))
        self.dismiss(True)

    def action_leave(self) -> None:
        if self.record == self.started:
            self.dismiss(False)
            return

        def answer(leave: bool | None) -> None:
            if leave:
                self.dismiss(False)

        self.app.push_screen(ConfirmDialog(_("Leave this record without saving your changes?"), _("Leave")), answer)

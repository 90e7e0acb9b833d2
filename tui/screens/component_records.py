"""A kind of component in a set: its records as the board draws them (a landscape as a tile), each
with its provenance and the problems found on it, the kind's rule above; and "check my box", a walk
through the built-in records not yet checked nor changed, one by one, asking whether the owner's
component is the same."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from engine.component_sets import with_checked
from engine.core.box import Kind, applies
from engine.core.components import Record, builtin_records
from engine.registry import title_of
from tui.boards import board_for
from tui.i18n import N_, _, current
from tui.screens.assistant_widgets import GUTTER
from tui.screens.base import TabulaScreen
from tui.screens.components import CSS, OpeningList, SetEditing
from tui.text import clean, cut, pad, plain, wrap
from tui.widgets.field_editors import value_words
from tui.widgets.footer import Footer

PROVENANCES = {"reconstructed": N_("reconstructed"), "rulebook": N_("rulebook"), "public": N_("public"),
               "owner": N_("owner")}
PROBLEM = "⚠ "
SCROLLBAR = 2


def drawing(game: str, file: str, record: Record, color: bool) -> Text | None:
    """The record as the game's board draws it, if the board has a drawing for its kind."""
    draw = board_for(game).records.get(file)
    return draw(record, color) if draw is not None else None


def provenance(record: Record) -> str:
    said = record.get("provenance")
    return _(PROVENANCES[said]) if said in PROVENANCES else clean(str(said), lines=False)


def beside(picture: Text | None, lines: list[str], width: int) -> Text:
    """``lines`` of text to the right of ``picture`` (or alone), each cut to fit ``width`` cells."""
    rows: list[Text] = list(picture.split("\n")) if picture is not None else []
    left = max((row.cell_len for row in rows), default=0)
    room = width - (left + 2 if rows else 0)
    text = Text(no_wrap=True)
    for number in range(max(len(rows), len(lines))):
        if number:
            text.append("\n")
        if rows:
            text.append_text(rows[number] if number < len(rows) else Text())
        if number < len(lines):
            if rows:
                text.append(" " * (left - (rows[number].cell_len if number < len(rows) else 0) + 2))
            line = cut(lines[number], room)
            text.append(line, style="bold" if number == 0 else ("bold" if line.startswith(PROBLEM) else ""))
    return text


def record_row(game: str, kind: Kind, record: Record, messages: list[str], width: int, color: bool) -> Text:
    picture = drawing(game, kind.file, record, color)
    room = width - (picture.cell_len // max(1, len(picture.split("\n"))) + 2 if picture is not None else 0)
    lines = [f"{clean(record.get('id', '?'), lines=False)} · {provenance(record)}"]
    lines += wrap(clean(kind.summary(record, current()), lines=False), room)[:2]
    for message in messages:
        lines += wrap(PROBLEM + clean(message, lines=False), room, "  ")[:2]
    return beside(picture, lines, width)


class RecordListScreen(TabulaScreen[None]):
    """Every record of a kind (the built-in ones with the set's own in their place)."""

    CSS_PATH = CSS
    BINDINGS = [Binding("w", "walk", N_("Check my box")),
                Binding("escape", "app.pop_screen", N_("Back"))]

    def __init__(self, editing: SetEditing, game: str, kind: Kind) -> None:
        super().__init__()
        self.editing = editing
        self.game = game
        self.kind = kind
        self.shown: list[Record] = []
        self.filled_for = 0
        """The terminal's width the rows were cut for."""

    def compose(self) -> ComposeResult:
        title = Label(classes="screen-title")
        title.update(plain(f"{self.editing.set.name} · {title_of(self.game)} · {_(self.kind.label)}", lines=False))
        yield title
        yield Static(_(self.kind.rule), classes="components-help", id="rule")
        yield Static(id="kind-problems", classes="notice")
        yield OpeningList(id="records")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rule").display = bool(self.kind.rule)
        self.fill()
        self.query_one("#records").focus()

    def on_screen_resume(self) -> None:
        self.fill()

    def on_resize(self, event: events.Resize) -> None:
        if self.filled_for and self.filled_for != self.app.size.width:
            self.fill()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.kind.walk and not self.app.served if action == "walk" else True

    def fill(self) -> None:
        found = self.editing.problems(self.game)
        on_record: dict[str, list[str]] = {}
        for problem in found:
            if problem.file == self.kind.file and problem.record:
                on_record.setdefault(problem.record, []).append(problem.message)
        whole = [problem.message for problem in found if not problem.record and problem.file in ("", self.kind.file)]
        notice = self.query_one("#kind-problems", Static)
        notice.display = bool(whole)
        notice.update(plain("\n".join(PROBLEM + message for message in whole)))
        self.shown = self.editing.records(self.game, self.kind.file)
        self.filled_for = self.app.size.width
        width = self.filled_for - GUTTER - SCROLLBAR - 2
        color = not self.app.no_color
        records = self.query_one("#records", OpeningList)
        highlighted = records.highlighted
        records.clear_options()
        records.add_options([Option(record_row(self.game, self.kind, record, on_record.get(record["id"], []), width,
                                               color)) for record in self.shown])
        if self.shown:
            records.highlighted = min(highlighted or 0, len(self.shown) - 1)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        from tui.screens.component_form import RecordFormScreen

        self.app.push_screen(RecordFormScreen(self.editing, self.game, self.kind, self.shown[event.option_index]))

    def action_walk(self) -> None:
        self.app.push_screen(WalkScreen(self.editing, self.game, self.kind))


class WalkScreen(TabulaScreen[None]):
    """Check my box: the built-in records not yet checked nor changed, one at a time."""

    CSS_PATH = CSS
    BINDINGS = [Binding("y", "same", N_("Same")), Binding("c", "change", N_("Change it")),
                Binding("escape", "app.pop_screen", N_("Stop"))]

    def __init__(self, editing: SetEditing, game: str, kind: Kind) -> None:
        super().__init__()
        self.editing = editing
        self.game = game
        self.kind = kind
        self.record: Record | None = None

    def compose(self) -> ComposeResult:
        title = Label(classes="screen-title")
        title.update(plain(_("Check my box · {name} · {game} · {kind}").format(
            name=self.editing.set.name, game=title_of(self.game), kind=_(self.kind.label)), lines=False))
        yield title
        yield Static(id="walk-progress", classes="components-help")
        yield Static(id="walk-record")
        yield Static(id="walk-question")
        yield Footer()

    def on_mount(self) -> None:
        self.show_next()

    def on_screen_resume(self) -> None:
        self.show_next()

    def pending(self) -> tuple[list[Record], int]:
        """The built-in records left to check, and how many there are in all."""
        built_in = builtin_records(self.game, self.kind.file)
        done = {*self.editing.set.checked.get(self.game, {}).get(self.kind.file, ()),
                *(record["id"] for record in self.editing.own(self.game, self.kind.file))}
        return [record for record in built_in if record["id"] not in done], len(built_in)

    def show_next(self) -> None:
        left, total = self.pending()
        self.record = left[0] if left else None
        self.query_one("#walk-progress", Static).update(
            _("{done} of {total} checked").format(done=total - len(left), total=total))
        question = self.query_one("#walk-question", Static)
        if self.record is None:
            self.query_one("#walk-record", Static).update(_("Every record of this kind is checked or changed."))
            question.update(_("Esc: back to the list"))
        else:
            lang, width = current(), self.app.size.width - 4
            values = [f"{clean(self.record['id'], lines=False)} · {provenance(self.record)}"]
            values += [f"{pad(_(spec.label), 14)} {value_words(spec, self.record, lang)}" for spec in self.kind.fields
                       if applies(spec, self.record)]
            picture = drawing(self.game, self.kind.file, self.record, not self.app.no_color)
            self.query_one("#walk-record", Static).update(beside(picture, values, width))
            question.update(_("Same on your component?  y: the same · c: change it · Esc: stop (kept)"))
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("same", "change"):
            return self.record is not None
        return True

    def action_same(self) -> None:
        if self.record is not None:
            self.editing.keep(with_checked(self.editing.set, self.game, self.kind.file, self.record["id"]))
            self.show_next()

    def action_change(self) -> None:
        if self.record is not None:
            from tui.screens.component_form import RecordFormScreen

            self.app.push_screen(RecordFormScreen(self.editing, self.game, self.kind, self.record))

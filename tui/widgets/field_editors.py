"""The component editor's fields (engine.core.box), a widget for each kind: a pick, a count or a
yes/no is a ``Stepper`` (its label and its value between ‹ ›: Left/Right step, Home/End go to the
ends, a count also takes digits, never past its bounds); a text is an input; goods are a stepper
per good; an effect is its operations, each with its own fields, and a line reading it as the
table does. Every field says what it changed as a ``FieldChanged`` (where in the record, the new
value), which the form applies to its record: the widgets never hold the record."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from engine.core.box import (
    Count,
    Effect,
    Field,
    Flag,
    Goods,
    Path,
    Pick,
    buildable,
    field_value,
    option_label,
    with_value,
)
from engine.core.box import Text as TextField
from engine.i18n import Language
from tui.i18n import N_, _, current
from tui.text import clean, cut, pad
from tui.widgets.dialogs import ChoiceDialog

LABEL_WIDTH = 24
"""Cells of a field's label (with the cursor's two): the values line up after it."""
NOT_SET = "—"


class FieldChanged(Message):
    """A field's new value, at ``path`` in the record."""

    def __init__(self, path: Path, value: Any) -> None:
        super().__init__()
        self.path = path
        self.value = value


def value_words(spec: Field, record: Any, lang: Language) -> str:
    """A field's value in a record, in the table's words."""
    value = field_value(spec, record)
    if isinstance(spec, Effect):
        return spec.words(value, lang)
    if isinstance(spec, Goods):
        counts = value if isinstance(value, dict) else {}
        return ", ".join(f"{n} {option_label(spec.goods, good, lang)}" for good, n in counts.items()) or NOT_SET
    if value is None:
        return NOT_SET
    if isinstance(spec, Pick):
        return clean(option_label(spec.options, value, lang), lines=False)
    if isinstance(spec, Flag):
        return lang.gettext("Yes") if value else lang.gettext("No")
    return clean(value, lines=False)


NEIGHBOURS: list[Binding | tuple[str, str] | tuple[str, str, str]] = [
    Binding("up", "app.focus_previous", N_("Previous field"), show=False),
    Binding("down", "app.focus_next", N_("Next field"), show=False)]
"""Up and Down go from field to field, as Tab and Shift+Tab do."""


class Stepper(Widget, can_focus=True):
    """One of a few values, stepped through with the arrows."""

    BINDINGS = [
        *NEIGHBOURS,
        Binding("left,minus", "step(-1)", N_("Less"), show=False),
        Binding("right,plus", "step(1)", N_("More"), show=False),
        Binding("home", "end(0)", N_("First"), show=False),
        Binding("end", "end(-1)", N_("Last"), show=False),
    ]
    DEFAULT_CSS = """
    Stepper { height: 1; width: 1fr; }
    """

    def __init__(self, path: Path, label: str, values: Sequence[Any], names: Sequence[str], value: Any,
                 hint: str = "") -> None:
        super().__init__()
        self.path = path
        self.label = label
        self.values = list(values)
        self.names = list(names)
        self.value = value
        self.hint = hint
        self.typed = ""

    @property
    def index(self) -> int | None:
        return self.values.index(self.value) if self.value in self.values else None

    def render(self) -> Text:
        index = self.index
        shown = self.names[index] if index is not None else (NOT_SET if self.value is None else clean(self.value))
        text = Text(("▶ " if self.has_focus else "  ") + pad(cut(self.label, LABEL_WIDTH - 3), LABEL_WIDTH - 2))
        text.append(f"‹ {shown} ›", style="reverse" if self.has_focus else "bold")
        if self.hint:
            text.append(f" {self.hint}", style="dim")
        return text

    def choose(self, index: int) -> None:
        value = self.values[max(0, min(len(self.values) - 1, index))]
        if value != self.value:
            self.value = value
            self.refresh()
            self.post_message(FieldChanged(self.path, value))

    def action_step(self, step: int) -> None:
        self.typed = ""
        index = self.index
        self.choose((0 if step > 0 else len(self.values) - 1) if index is None else index + step)

    def action_end(self, which: int) -> None:
        self.typed = ""
        self.choose(0 if which == 0 else len(self.values) - 1)

    def on_key(self, event: events.Key) -> None:
        """A count takes its number typed: digits after digits while the number stays in bounds."""
        if not (event.character and event.character.isdigit() and all(isinstance(v, int) and not isinstance(v, bool)
                                                                        for v in self.values)):
            return
        event.stop()
        typed = self.typed + event.character
        if int(typed) > self.values[-1]:
            typed = event.character
        self.typed = typed
        if int(typed) in self.values:
            self.choose(self.values.index(int(typed)))

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.typed = ""
        self.refresh()


def stepper_for(spec: Pick | Count | Flag, path: Path, value: Any, lang: Language) -> Stepper:
    label = lang.gettext(spec.label)
    if isinstance(spec, Pick):
        return Stepper(path, label, [option.value for option in spec.options],
                       [lang.gettext(option.label) for option in spec.options], value)
    if isinstance(spec, Count):
        numbers = range(spec.low, spec.high + 1)
        return Stepper(path, label, list(numbers), [str(n) for n in numbers], value, f"{spec.low}–{spec.high}")
    return Stepper(path, label, [False, True], [lang.gettext("No"), lang.gettext("Yes")], value)


class TextEditor(Horizontal):
    DEFAULT_CSS = """
    TextEditor { height: 1; }
    TextEditor > Label { width: 24; padding-left: 2; }
    TextEditor > Input { width: 1fr; }
    """

    def __init__(self, spec: TextField, path: Path, value: Any) -> None:
        super().__init__()
        self.spec = spec
        self.path = path
        self.value = value if isinstance(value, str) else ""

    def compose(self) -> ComposeResult:
        yield Label(cut(_(self.spec.label), LABEL_WIDTH - 3))
        yield Input(self.value, max_length=self.spec.most, compact=True)

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.post_message(FieldChanged(self.path, event.value))


class GoodsEditor(Vertical):
    """A count per good; the goods of zero are left out of the value."""

    DEFAULT_CSS = """
    GoodsEditor { height: auto; }
    """

    def __init__(self, spec: Goods, path: Path, value: Any) -> None:
        super().__init__()
        self.spec = spec
        self.path = path
        self.counts = dict(value) if isinstance(value, dict) else {}

    def compose(self) -> ComposeResult:
        yield Label("  " + cut(_(self.spec.label), LABEL_WIDTH))
        numbers = list(range(self.spec.high + 1))
        for good in self.spec.goods:
            yield Stepper((*self.path, good.value), "  " + _(good.label), numbers, [str(n) for n in numbers],
                          self.counts.get(good.value, 0))

    def on_field_changed(self, event: FieldChanged) -> None:
        if event.path[:-1] == self.path:  # a good's stepper: the goods as a whole are the field's value
            event.stop()
            good = event.path[-1]
            self.counts = {g: n for g, n in {**self.counts, good: event.value}.items() if n}
            self.post_message(FieldChanged(self.path, dict(self.counts)))


def operation_name(operation: Any) -> str | None:
    """The name of an operation of an effect (``{"gain": {...}}``), None if it is no single one."""
    if isinstance(operation, dict) and len(operation) == 1:
        name = next(iter(operation))
        return name if isinstance(name, str) else None
    return None


class OperationHeader(Static, can_focus=True):
    """An operation's line: its number and kind (one the editor does not know: its words, kept)."""

    BINDINGS = list(NEIGHBOURS)
    DEFAULT_CSS = """
    OperationHeader { height: auto; }
    """

    def __init__(self, line: str) -> None:
        super().__init__()
        self.line = line

    def render(self) -> Text:
        return Text(("▶ " if self.has_focus else "  ") + self.line, style="bold reverse" if self.has_focus else "bold")

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


class OperationBlock(Vertical):
    DEFAULT_CSS = """
    OperationBlock { height: auto; padding-left: 2; }
    """

    def __init__(self, index: int, *children: Widget) -> None:
        super().__init__(*children)
        self.index = index


class EffectEditor(Vertical):
    """The operations of an effect, in order: ``a`` adds one, ``d`` removes the one the cursor is
    in, Ctrl+Up/Down move it; each operation's fields below its line; the effect read as the table
    says it under them."""

    BINDINGS = [
        Binding("a", "add", N_("Add an operation")),
        Binding("d,delete", "remove", N_("Remove it")),
        Binding("ctrl+up", "move(-1)", N_("Move up")),
        Binding("ctrl+down", "move(1)", N_("Move down")),
    ]
    DEFAULT_CSS = """
    EffectEditor { height: auto; }
    EffectEditor > .effect-words { padding-left: 2; color: $text-muted; }
    """

    def __init__(self, spec: Effect, path: Path, value: Any) -> None:
        super().__init__()
        self.spec = spec
        self.path = path
        self.effect: list[Any] = list(value) if isinstance(value, list) else []

    def compose(self) -> ComposeResult:
        lang = current()
        yield Label("  " + _("{field}: a to add an operation").format(field=_(self.spec.label)))
        for index, operation in enumerate(self.effect):
            name = operation_name(operation)
            kind = self.spec.operation(name) if name is not None else None
            if kind is None or not buildable(self.spec, operation):
                line = _("{n}. {words} (kept as it is)").format(n=index + 1, words=self.spec.words([operation], lang))
                yield OperationBlock(index, OperationHeader(line))
                continue
            where = (*self.path, index, kind.name)
            fields = [editor_for(param, operation[kind.name], where, lang) for param in kind.params]
            yield OperationBlock(index, OperationHeader(f"{index + 1}. {_(kind.label)}"), *fields)
        if not self.effect:
            yield Label("  " + _("No operation yet."), classes="effect-words")
        yield Static(self.words(), classes="effect-words")

    def words(self) -> Text:
        return Text(_("Reads: {words}").format(words=self.spec.words(self.effect, current())))

    def on_field_changed(self, event: FieldChanged) -> None:
        if len(event.path) > len(self.path) and event.path[:len(self.path)] == self.path:
            self.effect = with_value(self.effect, event.path[len(self.path):], event.value)
            self.query_one("Static.effect-words", Static).update(self.words())

    def focused_index(self) -> int | None:
        focused = self.screen.focused
        while focused is not None and focused is not self:
            if isinstance(focused, OperationBlock):
                return focused.index
            focused = focused.parent  # type: ignore[assignment]
        return None

    async def changed(self, effect: list[Any], focus: int | None) -> None:
        self.effect = effect
        self.post_message(FieldChanged(self.path, copy.deepcopy(effect)))
        await self.recompose()
        if focus is not None:
            self.query(OperationHeader)[focus].focus()

    def action_add(self) -> None:
        after = self.focused_index()

        async def add(name: str | None) -> None:
            kind = self.spec.operation(name) if name else None
            if kind is not None:
                at = len(self.effect) if after is None else after + 1
                await self.changed([*self.effect[:at], {kind.name: copy.deepcopy(kind.empty)}, *self.effect[at:]], at)

        choices = [(kind.name, _(kind.label)) for kind in self.spec.operations]
        self.app.push_screen(ChoiceDialog(_("Add which operation?"), choices), add)

    async def action_remove(self) -> None:
        index = self.focused_index()
        if index is not None:
            effect = self.effect[:index] + self.effect[index + 1:]
            await self.changed(effect, min(index, len(effect) - 1) if effect else None)

    async def action_move(self, step: int) -> None:
        index = self.focused_index()
        if index is None or not 0 <= index + step < len(self.effect):
            return
        effect = list(self.effect)
        effect[index], effect[index + step] = effect[index + step], effect[index]
        await self.changed(effect, index + step)


def editor_for(spec: Field, holder: Any, base: Path, lang: Language) -> Widget:
    """The widget of a field whose value is at ``spec.path`` in ``holder``, itself at ``base`` in
    the record (the record itself, or an operation's value)."""
    path, value = (*base, *spec.path), field_value(spec, holder)
    if isinstance(spec, Effect):
        return EffectEditor(spec, path, value)
    if isinstance(spec, Goods):
        return GoodsEditor(spec, path, value)
    if isinstance(spec, TextField):
        return TextEditor(spec, path, value)
    return stepper_for(spec, path, value, lang)

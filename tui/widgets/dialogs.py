"""Small modal dialogs: confirm (yes/no), ask for a line of text, pick one of a few choices, read
a text whole."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from tui.i18n import N_, _
from tui.screens.base import TabulaModal
from tui.text import plain


class ConfirmDialog(TabulaModal[bool]):
    """Dismisses with True only on an explicit yes."""

    BINDINGS = [
        Binding("y", "answer(True)", N_("Yes")),
        Binding("n,escape", "answer(False)", N_("No")),
    ]

    def __init__(self, question: str, yes: str = "") -> None:
        super().__init__(classes="dialog")
        self.question = question
        self.yes = yes or _("Yes")

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(plain(self.question), classes="dialog-question")
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.yes} (y)", id="yes", variant="error", compact=True)
                yield Button(_("No (n)"), id="no", compact=True)

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class TextDialog(TabulaModal[str | None]):
    """Asks for one line of text; None when cancelled or left blank."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, question: str, value: str = "", max_length: int = 200) -> None:
        super().__init__(classes="dialog")
        self.question = question
        self.value = value
        self.max_length = max_length

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(plain(self.question), classes="dialog-question")
            yield Input(self.value, id="answer", compact=True, max_length=self.max_length)
            yield Label(_("Enter to confirm, Escape to cancel"), classes="dialog-hint")

    def on_mount(self) -> None:
        answer = self.query_one(Input)
        answer.cursor_blink = self.app.cursor_blink
        answer.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ChoiceDialog(TabulaModal[str | None]):
    """Pick one of ``choices`` (id, label); dismisses with its id, or None when cancelled."""

    BINDINGS = [Binding("escape", "dismiss(None)", N_("Cancel"))]

    def __init__(self, question: str, choices: list[tuple[str, str]]) -> None:
        super().__init__(classes="dialog")
        self.question = question
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(plain(self.question), classes="dialog-question")
            yield OptionList(*(Option(plain(label, lines=False), id=key) for key, label in self.choices),
                             id="choices", compact=True)
            yield Label(_("Enter to choose, Escape to cancel"), classes="dialog-hint")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_id)


class ReadDialog(TabulaModal[None]):
    """A text to read whole (the highlighted choice, ``?`` at the table), already cleaned."""

    BINDINGS = [Binding("escape,enter,question_mark", "dismiss(None)", N_("Close"))]

    def __init__(self, title: str, text: Text) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box") as box:
            box.border_title = plain(self.title_text, lines=False)
            box.border_subtitle = _("Esc to close")
            yield Static(self.text, id="read-text")

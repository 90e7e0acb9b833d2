"""Table talk (``!`` at the table): the game's messages, each with its sender and time, and a
line to write one. The table hands it the talk as it changes (``show``); sending goes through
the table's controller (saves/talk.py keeps the messages and their limits)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Input, Static

from saves.talk import LONGEST, Message
from tui.i18n import N_, _
from tui.screens.base import TabulaModal
from tui.text import clean, short_time
from tui.widgets.footer import Footer


def talk_text(messages: Sequence[Message], mine: str) -> Text:
    """The messages as plain text, one to a paragraph: '14:05 Ann: …' (the others' names in colour)."""
    text = Text()
    for message in messages:
        if text:
            text.append("\n")
        text.append(f"{sent_at(message.at)} ", style="dim")
        text.append(clean(message.name, lines=False), style="bold" if message.player == mine else "bold cyan")
        text.append(": " + clean(message.text, lines=False))
    return text or Text(_("No messages yet. Write one below; every player and spectator of this game reads it."),
                        style="dim")



def sent_at(iso: str) -> str:
    """When a message was sent, in local time: '14:05' today, else with its date too."""
    compact = short_time(iso, compact=True)
    return compact if ":" in compact else short_time(iso)


class TalkScreen(TabulaModal[None]):
    BINDINGS = [Binding("escape", "close", N_("Close"))]

    def __init__(self, title: str, messages: Sequence[Message], mine: str, send: Callable[[str], None]) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.messages = tuple(messages)
        self.mine = mine
        """The player at this terminal (``Message.player``)."""
        self.send = send

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box talk-box"):
            with VerticalScroll(id="talk-messages"):
                yield Static(talk_text(self.messages, self.mine), id="talk-text")
            yield Input(placeholder=_("Your message (Enter sends)"), max_length=LONGEST, id="talk-input")
        yield Footer()

    def on_mount(self) -> None:
        box = self.query_one(".talk-box")
        box.border_title = clean(_("Table talk · {title}").format(title=self.title_text), lines=False)
        box.border_subtitle = _("Enter to send · Esc to close")
        self.query_one("#talk-input", Input).focus()
        self.scroll_to_last()

    def show(self, messages: Sequence[Message]) -> None:
        self.messages = tuple(messages)
        self.query_one("#talk-text", Static).update(talk_text(self.messages, self.mine))
        self.scroll_to_last()

    def scroll_to_last(self) -> None:
        scroll = self.query_one("#talk-messages", VerticalScroll)
        self.call_after_refresh(scroll.scroll_end, animate=False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.send(event.value)
        event.input.value = ""

    def action_close(self) -> None:
        self.dismiss(None)

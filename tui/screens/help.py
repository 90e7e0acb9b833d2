"""Rules help: the game's help.md, one section at a time, opened at a decision's topic."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Label, Markdown, OptionList
from textual.widgets.option_list import Option

from engine.registry import rules_for, titles
from tui.help_text import load_sections, section_index
from tui.i18n import N_, _, current
from tui.screens.base import TabulaModal, TabulaScreen
from tui.widgets.footer import Footer


class HelpScreen(TabulaScreen[None]):
    BINDINGS = [
        Binding("escape,q", "app.pop_screen", N_("Back")),
        Binding("f1", "noop", show=False),
    ]

    def __init__(self, game_id: str, topic: str | None) -> None:
        super().__init__(classes="help")
        self.game_id = game_id
        self.sections = load_sections(game_id, current().code)
        self.start = section_index(self.sections, topic)

    def compose(self) -> ComposeResult:
        yield Label(_("Rules help — {game}").format(game=rules_for(self.game_id).title), classes="screen-title")
        with Horizontal():
            yield OptionList(*(Option(s.title, id=s.topic) for s in self.sections), id="help-topics", compact=True)
            with VerticalScroll(id="help-page"):
                yield Markdown(id="help-text")
        yield Footer()

    def on_mount(self) -> None:
        topics = self.query_one("#help-topics", OptionList)
        topics.highlighted = self.start
        topics.focus()
        self.show_section(self.start)

    @property
    def shown_topic(self) -> str:
        return self.sections[self.query_one("#help-topics", OptionList).highlighted or 0].topic

    def show_section(self, index: int) -> None:
        section = self.sections[index]
        self.query_one("#help-text", Markdown).update(f"## {section.title}\n\n{section.body}")
        self.query_one("#help-page", VerticalScroll).scroll_home(animate=False)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_section(event.option_index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.query_one("#help-page", VerticalScroll).focus()

    def action_noop(self) -> None:
        """F1 inside the help does nothing (the help is already open)."""


class GamePicker(TabulaModal[str | None]):
    """Pick one of the known games; dismisses with its id, or None."""

    BINDINGS = [Binding("escape", "dismiss(None)", N_("Cancel"))]

    def __init__(self, question: str) -> None:
        super().__init__(classes="dialog")
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(self.question, classes="dialog-question")
            yield OptionList(*(Option(title, id=game_id) for game_id, title in titles().items()), compact=True)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_id)

"""The list of legal choices: arrow keys + Enter, number keys for the first nine, mouse."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from engine.core.contract import Choice
from tui.messages import ChoiceMade
from tui.text import clean


def choice_prompt(number: int, choice: Choice) -> Text:
    """One line: number key, label, hint (cut with … when too long; the full hint shows below)."""
    key = f"{number}" if number <= 9 else " "
    text = Text.assemble((f"{key} ", "bold"), clean(choice.label, lines=False), no_wrap=True, overflow="ellipsis")
    if choice.hint:
        text.append(f"  {clean(choice.hint, lines=False)}", style="dim italic")
    return text


def choice_detail(choice: Choice) -> Text:
    return Text.assemble((clean(choice.label), "bold"), (f" — {clean(choice.hint)}" if choice.hint else "", "italic"))


class ChoiceList(OptionList):
    """Shows choices one per line with their hints; posts ChoiceMade when one is picked."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.choices: tuple[Choice, ...] = ()

    def show(self, choices: list[Choice] | tuple[Choice, ...]) -> None:
        self.choices = tuple(choices)
        self.clear_options()
        self.add_options(Option(choice_prompt(n, c), id=c.id) for n, c in enumerate(choices, start=1))
        if choices:
            self.highlighted = 0

    def pick(self, number: int) -> None:
        """Pick the choice shown with ``number`` (1-based), if there is one."""
        if 1 <= number <= self.option_count:
            self.post_message(ChoiceMade(self.get_option_at_index(number - 1).id))

    def highlighted_choice(self) -> Choice | None:
        index = self.highlighted
        return self.choices[index] if index is not None and index < len(self.choices) else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(ChoiceMade(event.option_id))

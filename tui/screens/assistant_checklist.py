"""A setup checklist: the drawn random parts with their seed, and the steps to tick."""

from __future__ import annotations

import secrets
from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from engine.assistant.checklist import Checklist, Step, redrawn, seats_text, toggle
from engine.assistant.sheets import checklist_of
from tui.i18n import N_, _, ngettext
from tui.screens.assistant import CSS
from tui.screens.assistant_store import SheetScreen
from tui.screens.assistant_widgets import CursorList
from tui.text import plain, wrap
from tui.widgets.dialogs import ConfirmDialog, TextDialog
from tui.widgets.footer import Footer


class StepPrompt:
    """A step with its box, "[ ] " or "[x] ": the step's words wrap under themselves, not under
    the box, broken the Japanese way where they are Japanese (``tui.text.wrap``)."""

    def __init__(self, step: Step, ticked: bool) -> None:
        self.box = Text("[x] " if ticked else "[ ] ", style="bold" if ticked else "")
        self.words = plain(step.words(_), style="dim" if ticked else "")

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        indent = " " * self.box.cell_len
        width = max(options.max_width - len(indent), 2)
        lines = [line for paragraph in self.words.plain.split("\n")
                 for line in wrap(paragraph, width, " " * (len(paragraph) - len(paragraph.lstrip())))]
        for number, line in enumerate(lines):
            yield Text.assemble(self.box if number == 0 else indent, (line, self.words.style), style=self.box.style)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(self.box.cell_len + 2, self.box.cell_len + self.words.cell_len)


class ChecklistScreen(SheetScreen):
    CSS_PATH = CSS
    BINDINGS = [
        Binding("escape", "app.pop_screen", N_("Back")),
        Binding("space", "tick", N_("Tick/untick")),
        Binding("r", "redraw", N_("New draw")),
        Binding("s", "seed", N_("Enter seed")),
    ]

    def __init__(self, sheet_id: str, sheet: dict[str, Any]) -> None:
        super().__init__()
        self.sheet_id = sheet_id
        self.sheet = sheet
        self.checklist: Checklist = checklist_of(sheet)

    def compose(self) -> ComposeResult:
        yield Label("", id="checklist-title", classes="screen-title", markup=False)
        yield Static("", id="draws")
        yield CursorList(id="steps")
        yield Footer()

    def on_mount(self) -> None:
        self.rebuild()
        self.query_one("#steps").focus()
        self.save()

    def rebuild(self) -> None:
        self.checklist = checklist_of(self.sheet)
        draws = Text(_("Seed {seed}").format(seed=self.checklist.seed), style="bold")
        draws.append("   " + _("{seats} = the players clockwise from the laptop holder").format(
            seats=seats_text(range(self.checklist.players))))
        for draw in self.checklist.draws:
            draws.append(f"\n{draw.label_words(_)}: ", style="bold")
            draws.append(draw.value_words(_))
        self.query_one("#draws", Static).update(draws)
        steps = self.query_one("#steps", OptionList)
        highlighted = steps.highlighted
        steps.clear_options()
        section = None
        for step in self.checklist.steps:
            if step.section != section:
                section = step.section
                steps.add_option(Option(Text(_(section), style="bold underline"), disabled=True))
            steps.add_option(Option(StepPrompt(step, step.id in self.sheet["ticked"]), id=step.id))
        steps.highlighted = highlighted if highlighted is not None else 1  # the first step, under its heading
        self.show_progress()

    def show_progress(self) -> None:
        done, total = self.checklist.progress(self.sheet["ticked"])
        title = plain(_("{title}: {done}/{total} done").format(title=self.sheet["title"], done=done, total=total),
                      lines=False)
        self.query_one("#checklist-title", Label).update(title)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.tick(event.option_id)

    def action_tick(self) -> None:
        steps = self.query_one("#steps", OptionList)
        if steps.highlighted is not None:
            self.tick(steps.get_option_at_index(steps.highlighted).id)

    def tick(self, step_id: str | None) -> None:
        """Tick (or untick) a step; after a tick the cursor moves on to the next step."""
        step = next((s for s in self.checklist.steps if s.id == step_id), None)
        if step is None:
            return
        self.sheet["ticked"] = toggle(self.sheet["ticked"], step.id)
        ticked = step.id in self.sheet["ticked"]
        steps = self.query_one("#steps", CursorList)
        steps.replace_option_prompt(step.id, StepPrompt(step, ticked))
        if ticked:
            steps.move_cursor(1)
        self.show_progress()
        self.save()

    def action_redraw(self) -> None:
        def confirmed(yes: bool | None) -> None:
            if yes:
                self.set_seed(secrets.randbelow(1_000_000))

        self.app.push_screen(ConfirmDialog(_("Draw the random parts again with a new seed?"), yes=_("Redraw")),
                             confirmed)

    def action_seed(self) -> None:
        def entered(text: str | None) -> None:
            if text is None:
                return
            try:
                self.set_seed(int(text.strip()))
            except ValueError:
                self.notify(_("{text} is not a whole number").format(text=repr(text)), title=_("Seed"),
                            severity="warning")

        self.app.push_screen(TextDialog(_("Seed for the draws (the same seed gives the same draws):"),
                                        str(self.sheet["seed"])), entered)

    def set_seed(self, seed: int) -> None:
        old = self.checklist
        self.sheet["seed"] = seed
        new = checklist_of(self.sheet)
        kept = redrawn(old, new, self.sheet["ticked"])
        cleared = len(self.sheet["ticked"]) - len(kept)
        self.sheet["ticked"] = kept
        self.rebuild()
        self.save()
        if cleared:
            self.notify(ngettext("{n} ticked step to do again: its draw changed.",
                                 "{n} ticked steps to do again: their draw changed.", cleared).format(n=cleared),
                        title=_("New draw"))

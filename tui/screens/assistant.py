"""Table assistant home: pick a game and a tool, or resume a saved sheet."""

from __future__ import annotations

import secrets
from datetime import datetime
from pathlib import Path, PurePath
from typing import Any

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from engine.assistant.games import GAME_IDS, assistant_for
from engine.assistant.sheets import NAME_MOST, check_sheet, new_checklist, new_form
from tui.i18n import N_, _, current
from tui.screens.assistant_store import new_sheet_id, progress_words
from tui.screens.assistant_widgets import CursorList, RowList
from tui.screens.base import TabulaScreen
from tui.text import clean, plain
from tui.widgets.dialogs import TextDialog
from tui.widgets.footer import Footer

CSS: list[str | PurePath] = [Path(__file__).parent.parent / "styles" / "assistant.tcss"]
LOADING = N_("Loading saved sheets…")
EMPTY = N_("No saved sheets yet.")
SHEET_COLUMNS = ((N_("Sheet"), 27), (N_("Progress"), 18), (N_("Saved"), 11))
"""Widths that fit the list's 62 columns at 80 (with the cursor's gutter and a space after each):
a long title is cut, never the progress or the date."""


def saved_time(iso: str) -> str:
    """'11-29 16:05' (in Japanese '11/29 16:05') from an ISO 8601 timestamp, short enough for 80 columns."""
    from babel.dates import parse_pattern

    try:
        return str(parse_pattern(_("MM-dd HH:mm")).apply(datetime.fromisoformat(iso), current().code))
    except ValueError:
        return iso


def open_sheet_screen(sheet_id: str, sheet: dict[str, Any]) -> Screen[None]:
    if sheet["kind"] == "checklist":
        from tui.screens.assistant_checklist import ChecklistScreen

        return ChecklistScreen(sheet_id, sheet)
    from tui.screens.assistant_form import FormScreen

    return FormScreen(sheet_id, sheet)


class AssistantHomeScreen(TabulaScreen[None]):
    """Games on the left, saved sheets on the right (most recent first)."""

    CSS_PATH = CSS
    BINDINGS = [Binding("escape", "app.pop_screen", N_("Back")),
                Binding("c", "components", N_("Components"))]

    def __init__(self) -> None:
        super().__init__()
        self.saved: dict[str, dict[str, Any]] = {}
        self.loaded = False
        self.told: set[str] = set()

    def compose(self) -> ComposeResult:
        yield Label(_("Table assistant: a helper for the real board"), classes="screen-title")
        with Horizontal(id="assistant-home"):
            with Vertical(id="assistant-games"):
                yield Label(_("New sheet for"), classes="assistant-heading")
                yield CursorList(*(Option(assistant_for(g).TITLE, id=g) for g in GAME_IDS), id="games")
            with Vertical(id="assistant-saved"):
                yield Label(_("Saved sheets (Tab, then Enter to resume)"), classes="assistant-heading")
                yield RowList([(_(title), width) for title, width in SHEET_COLUMNS], id="sheets")
                yield Static(_(LOADING), id="no-sheets")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#sheets").display = False  # until the sheets are read: the notice says they are loading
        self.query_one("#games").focus()
        self.reload()  # at once, while the screen is first laid out

    def action_components(self) -> None:
        self.app.open_components()

    def on_screen_resume(self) -> None:
        """Back on top (from a sheet): read the sheets again."""
        if self.loaded:
            self.reload()

    @work(thread=True, exclusive=True, group="sheets-list")
    def reload(self) -> None:
        """The saved sheets, each checked first: one that cannot be opened is set aside (or, if it
        cannot be moved, skipped) and the player is told."""
        sheets: list[tuple[dict[str, Any], str]] = []
        try:
            store = self.app.store
            for sheet in store.sheets(check=check_sheet):
                try:
                    progress = progress_words(sheet)
                    sheets.append((sheet, progress))
                except Exception:  # checked, and still the sheet's rules cannot follow it: not listed
                    continue
            problems = list(store.problems)
        except Exception as error:  # an unusable data folder must not stop the app
            problems = [_("The sheets cannot be read: {error}").format(error=error)]
        self.app.call_from_thread(self.fill, sheets)
        self.app.call_from_thread(self.tell, problems)

    def tell(self, problems: list[str]) -> None:
        for problem in problems:
            if problem not in self.told:
                self.told.add(problem)
                self.notify(problem, title=_("Set aside"), severity="warning", timeout=15)

    def fill(self, sheets: list[tuple[dict[str, Any], str]]) -> None:
        """Show the sheets; the cursor stays on the sheet it was on (or the first row)."""
        table = self.query_one("#sheets", RowList)
        self.saved = {sheet["id"]: sheet for sheet, _ in sheets}
        self.loaded = True
        table.set_rows([(sheet["id"], (plain(sheet.get("title", sheet["id"]), lines=False),
                                       plain(progress, lines=False), plain(saved_time(sheet["updated"]), lines=False)))
                        for sheet, progress in sheets])
        table.display = bool(sheets)
        notice = self.query_one("#no-sheets", Static)
        notice.update(_(EMPTY))
        notice.display = not sheets

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "games":
            self.app.push_screen(AssistantGameScreen(GAME_IDS[event.option_index]))

    def on_row_list_selected(self, event: RowList.Selected) -> None:
        sheet = self.saved.get(event.key)
        if sheet is not None:
            self.app.push_screen(open_sheet_screen(sheet["id"], {k: v for k, v in sheet.items()
                                                                 if k not in ("id", "updated", "progress")}))


class AssistantGameScreen(TabulaScreen[None]):
    """One game: choose the player count, then the setup checklist, a round helper or a score sheet."""

    CSS_PATH = CSS
    BINDINGS = [
        Binding("escape", "app.pop_screen", N_("Back")),
        Binding("left,minus", "players(-1)", N_("Fewer players")),
        Binding("right,plus", "players(1)", N_("More players")),
        Binding("n", "name_players", N_("Names")),
    ]

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.game_id = game_id
        self.game = assistant_for(game_id)
        self.players = self.game.PLAYER_COUNTS[min(1, len(self.game.PLAYER_COUNTS) - 1)]
        self.names: list[str] = []
        """Names typed for the score sheets (they go into the play records); blank: seat labels."""

    def compose(self) -> ComposeResult:
        yield Label(_("{game}: table assistant").format(game=self.game.TITLE), classes="screen-title", markup=False)
        with Vertical(id="assistant-game"):
            yield Static("", id="players", markup=False)
            yield Static("", id="names")
            tools = [Option(_("Setup checklist"), id="checklist")]
            tools += [Option(plain((_("Round helper: {title}") if f.kind == "round" else _("Score sheet: {title}"))
                                   .format(title=_(f.title)), lines=False), id=f.id) for f in self.game.FORMS]
            yield CursorList(*tools, id="tools")
        yield Footer()

    def on_mount(self) -> None:
        self.show_players()
        self.query_one("#tools").focus()

    def show_players(self) -> None:
        counts = self.game.PLAYER_COUNTS
        choice = "  ".join(f"[{n}]" if n == self.players else f" {n} " for n in counts)
        hint = _("  (←/→ to change)") if len(counts) > 1 else ""
        self.query_one("#players", Static).update(_("Players: {choice}").format(choice=choice) + hint)
        names = self.sheet_names()
        line = plain(_("Names on the score sheets: {names}").format(names=", ".join(names)), lines=False)
        line.append(_("  (n to name them)") if not self.names else _("  (n to change)"))
        self.query_one("#names", Static).update(line)

    def sheet_names(self) -> list[str]:
        """The names typed, as many as there are players (seat labels for the rest)."""
        labels = [_(label) for label in self.game.player_labels(self.players)]
        return [self.names[seat] if seat < len(self.names) else labels[seat] for seat in range(self.players)]

    def action_name_players(self) -> None:
        def entered(text: str | None) -> None:
            if text is None:
                return
            names = [clean(name.strip(), lines=False)[:NAME_MOST] for name in text.split(",")]
            if any(not name for name in names) or len(set(names)) != len(names):
                self.notify(_("Names are separated by commas, each given once."), title=_("Names"), severity="warning")
                return
            self.names = names
            self.show_players()

        self.app.push_screen(TextDialog(_("The {n} players' names, separated by commas:").format(n=self.players),
                                        ", ".join(self.sheet_names()) if self.names else ""), entered)

    def action_players(self, step: int) -> None:
        counts = self.game.PLAYER_COUNTS
        index = max(0, min(len(counts) - 1, counts.index(self.players) + step))
        self.players = counts[index]
        self.show_players()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        tool = event.option_id
        assert tool is not None  # every tool is listed with its id
        if tool == "checklist":
            sheet = new_checklist(self.game_id, self.players, secrets.randbelow(1_000_000), current())
        else:
            sheet = new_form(self.game_id, tool, self.sheet_names(), current())
        self.app.push_screen(open_sheet_screen(new_sheet_id(self.game_id), sheet))

"""Settings a player changes once and finds again next time: the language, the turn bell, who
confirms the end of each turn, and whose forced moves are made at once (saves/settings.py keeps
them in the data folder). A new language takes effect at once on every open screen."""

from __future__ import annotations

from dataclasses import replace

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from engine.i18n import LANGUAGES
from saves.settings import Settings
from tui.i18n import N_, _, current
from tui.screens.base import TabulaModal
from tui.text import clean, plain


def setting_rows(settings: Settings, names: list[str]) -> list[tuple[str, str]]:
    """(id, text) for each setting shown: the bell, then confirming turn ends and making forced
    moves at once for each of ``names`` and for everyone else who changed them, then this
    terminal's language."""
    bell = _("on") if settings.bell else _("off")
    rows = [("bell", _("Turn bell: {state}  (rings when it becomes your turn)").format(state=bell))]
    for name in dict.fromkeys([*names, *settings.no_confirm]):
        state = _("on") if settings.confirms(name) else _("off (turns end at once)")
        rows.append((f"confirm:{name}", _("Confirm each turn end, {name}: {state}").format(
            name=clean(name, lines=False), state=state)))
    for name in dict.fromkeys([*names, *settings.forced_at_once]):
        state = _("on (the log marks them)") if settings.takes_forced(name) else _("off (Enter takes them)")
        rows.append((f"forced:{name}", _("Make forced moves at once, {name}: {state}").format(
            name=clean(name, lines=False), state=state)))
    rows.append(("language", f"Language / 言語: {LANGUAGES[current().code]}"))
    return rows


def next_language(code: str) -> str:
    codes = list(LANGUAGES)
    return codes[(codes.index(code) + 1) % len(codes)] if code in codes else codes[0]


TITLE = N_("Settings (kept for next time)")
HINT = N_("Enter switches the highlighted setting · Esc closes")


class SettingsScreen(TabulaModal[None]):
    """Enter (or the row's number) switches a setting; it is written at once."""

    BINDINGS = [Binding("escape,o", "close", N_("Close")),
                *(Binding(str(n), f"switch_row({n})", show=False) for n in range(1, 10))]

    def __init__(self, names: list[str] | None = None) -> None:
        super().__init__(classes="dialog")
        self.names = list(names or [])
        self.settings: Settings | None = None

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(_(TITLE), id="settings-title", classes="dialog-question")
            yield OptionList(id="settings")
            yield Label(_(HINT), id="settings-hint", classes="dialog-hint")

    def on_mount(self) -> None:
        self.query_one("#settings").focus()
        self.change(None)

    @work(thread=True, exclusive=True, group="settings")
    def change(self, row: str | None) -> None:
        """Apply ``row``'s switch (None: just read) to the stored settings, then show them."""
        store = self.app.store
        settings = store.settings()
        if row == "language":
            code = next_language(current().code)
            settings = settings.with_language(self.app.player_key, code)
            self.app.call_from_thread(self.app.switch_language, code)
        elif row == "bell":
            settings = replace(settings, bell=not settings.bell)
        elif row is not None and row.startswith("confirm:"):
            name = row.removeprefix("confirm:")
            settings = settings.with_confirm(name, not settings.confirms(name))
        elif row is not None and row.startswith("forced:"):
            name = row.removeprefix("forced:")
            settings = settings.with_forced(name, not settings.takes_forced(name))
        if row is not None:
            store.put_settings(settings)
        self.app.call_from_thread(self.show, settings)

    def relabel(self) -> None:
        self.query_one("#settings-title", Label).update(_(TITLE))
        self.query_one("#settings-hint", Label).update(_(HINT))
        if self.settings is not None:
            self.show(self.settings)

    def show(self, settings: Settings) -> None:
        self.settings = settings
        rows = self.query_one("#settings", OptionList)
        highlighted = rows.highlighted or 0
        rows.clear_options()
        rows.add_options(Option(plain(f"{n} {text}", lines=False), id=row_id)
                         for n, (row_id, text) in enumerate(setting_rows(settings, self.names), start=1))
        rows.highlighted = min(highlighted, rows.option_count - 1)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.change(event.option_id)

    def action_switch_row(self, number: int) -> None:
        rows = self.query_one("#settings", OptionList)
        if number <= rows.option_count:
            rows.highlighted = number - 1
            self.change(rows.get_option_at_index(number - 1).id)

    def action_close(self) -> None:
        self.dismiss(None)

"""Components (Home → Components, and from the table assistant): the player's own component sets
(engine.component_sets), a new one, and for a set, per game, its kinds of component with what the
set changes of each and the problems found. A kind opens its records (tui/screens/component_records.py)."""

from __future__ import annotations

from pathlib import Path, PurePath

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from engine.component_sets import (
    NAME_MOST,
    ComponentSet,
    KeptSet,
    Problem,
    component_games,
    list_sets,
    new_set,
    problems,
    save_set,
)
from engine.core.box import Box, Kind
from engine.core.components import ComponentDataError, Record, builtin_records, merged
from engine.registry import box_for, title_of
from tui.i18n import N_, _, ngettext
from tui.screens.assistant_widgets import CursorList
from tui.screens.base import TabulaScreen
from tui.text import clean, plain
from tui.widgets.dialogs import TextDialog
from tui.widgets.footer import Footer

CSS: list[str | PurePath] = [Path(__file__).parent.parent / "styles" / "components.tcss"]


class OpeningList(CursorList):
    """The editor's lists: Enter opens the highlighted line (shown in the footer), handled in turn
    with the arrows pressed before it."""

    BINDINGS = [Binding("enter", "select", N_("Open"))]


def boxes() -> list[Box]:
    """The games whose components can be edited, with their kinds."""
    return [box_for(game) for game in component_games()]


class SetEditing:
    """The set the editor's screens show, kept in the data folder at each change."""

    def __init__(self, data_dir: Path, component_set: ComponentSet) -> None:
        self.data_dir = data_dir
        self.set = component_set
        self._problems: dict[str, list[Problem]] = {}

    def keep(self, changed: ComponentSet) -> None:
        save_set(self.data_dir, changed)
        self.set = changed
        self._problems.clear()

    def problems(self, game: str) -> list[Problem]:
        """What keeps ``game`` from being played with the set, worked out once per change."""
        if game not in self._problems:
            self._problems[game] = problems(self.set, game)
        return self._problems[game]

    def own(self, game: str, file: str) -> tuple[Record, ...]:
        """The records the set changes or adds."""
        return self.set.games.get(game, {}).get(file, ())

    def records(self, game: str, file: str) -> list[Record]:
        """Every record as a game plays with the set: the built-in ones with the set's in their place."""
        return merged(builtin_records(game, file), self.own(game, file))


def set_line(kept: KeptSet) -> str:
    if kept.set is None:
        return _("{id}: cannot be read ({why})").format(id=kept.id, why=kept.error)
    changed = sum(len(records) for files in kept.set.games.values() for records in files.values())
    return ngettext("{name} · {n} record changed", "{name} · {n} records changed", changed).format(
        name=kept.set.name, n=changed)


class ComponentSetsScreen(TabulaScreen[None]):
    """The player's component sets: Enter opens one, n makes a new one."""

    CSS_PATH = CSS
    BINDINGS = [Binding("n", "new_set", N_("New set")), Binding("escape", "app.pop_screen", N_("Back"))]

    def __init__(self) -> None:
        super().__init__()
        self.kept: list[KeptSet] = []

    def compose(self) -> ComposeResult:
        yield Label(_("Components: your own box"), classes="screen-title")
        yield Static(_("The sets on this server are its host's (tabula components import, tabula components "
                       "default): you can look at them here, not change them.") if self.app.served else
                     _("The built-in components are a reconstruction. A set of your own holds what your box "
                       "shows differently; New game offers it for a game once it has no problems."),
                     classes="components-help")
        yield OpeningList(id="sets")
        yield Static(_("No set on this server.") if self.app.served else _("No set yet: n makes one."), id="no-sets",
                     classes="components-help")
        yield Footer()

    def on_mount(self) -> None:
        self.fill()
        self.query_one("#sets").focus()

    def on_screen_resume(self) -> None:
        self.fill()

    def fill(self) -> None:
        self.kept = list_sets(self.app.store.data_dir)
        sets = self.query_one("#sets", OpeningList)
        highlighted = sets.highlighted
        sets.clear_options()
        sets.add_options([Option(plain(set_line(kept), lines=False)) for kept in self.kept])
        if self.kept:
            sets.highlighted = min(highlighted or 0, len(self.kept) - 1)
        self.query_one("#no-sets").display = not self.kept

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (action == "new_set" and self.app.served)  # a stranger does not write the server's sets

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        kept = self.kept[event.option_index]
        if kept.set is None:
            self.notify(clean(kept.error), title=_("This set cannot be read"), severity="warning")
            return
        self.app.push_screen(SetScreen(SetEditing(self.app.store.data_dir, kept.set)))

    def action_new_set(self) -> None:
        def make(name: str | None) -> None:
            if not name:
                return
            try:
                made = new_set(self.app.store.data_dir, name)
            except (ComponentDataError, OSError) as error:
                self.notify(clean(error), title=_("The set was not made"), severity="error")
                return
            self.fill()
            self.app.push_screen(SetScreen(SetEditing(self.app.store.data_dir, made)))

        self.app.push_screen(TextDialog(_("Name of the new set (your box, your club's copy…)"), max_length=NAME_MOST),
                             make)


def kind_line(editing: SetEditing, game: str, kind: Kind) -> str:
    changed = len(editing.own(game, kind.file))
    found = sum(1 for problem in editing.problems(game) if problem.file == kind.file)
    parts = [_(kind.label), ngettext("{n} changed", "{n} changed", changed).format(n=changed)]
    if found:
        parts.append(ngettext("{n} problem", "{n} problems", found).format(n=found))
    return " · ".join(parts)


class SetScreen(TabulaScreen[None]):
    """A set: per game, its kinds of component; Enter opens a kind's records."""

    CSS_PATH = CSS
    BINDINGS = [Binding("escape", "app.pop_screen", N_("Back"))]

    def __init__(self, editing: SetEditing) -> None:
        super().__init__()
        self.editing = editing
        self.rows: list[tuple[str, Kind] | None] = []
        """What each line of the list opens (None: a game's heading)."""

    def compose(self) -> ComposeResult:
        title = Label(classes="screen-title")
        title.update(plain(_("Component set: {name}").format(name=self.editing.set.name), lines=False))
        yield title
        yield Static(id="set-problems", classes="notice")
        yield OpeningList(id="kinds")
        yield Footer()

    def on_mount(self) -> None:
        self.fill()
        self.query_one("#kinds").focus()

    def on_screen_resume(self) -> None:
        self.fill()

    def fill(self) -> None:
        kinds = self.query_one("#kinds", OpeningList)
        highlighted = kinds.highlighted
        kinds.clear_options()
        self.rows = []
        whole = []
        for box in boxes():
            kinds.add_option(Option(title_of(box.game), disabled=True))
            self.rows.append(None)
            for kind in box.kinds:
                kinds.add_option(Option(plain("  " + kind_line(self.editing, box.game, kind), lines=False)))
                self.rows.append((box.game, kind))
            whole += [f"{title_of(box.game)}: {problem.message}" for problem in self.editing.problems(box.game)
                      if not problem.file]
        kinds.highlighted = highlighted if highlighted is not None else next(
            (index for index, row in enumerate(self.rows) if row is not None), None)
        notice = self.query_one("#set-problems", Static)
        notice.display = bool(whole)
        notice.update(plain("\n".join(whole)))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        row = self.rows[event.option_index]
        if row is not None:
            from tui.screens.component_records import RecordListScreen

            self.app.push_screen(RecordListScreen(self.editing, *row))

"""Home: new game, resume, table assistant, rules, quit; how many games wait for this player's move
(a key opens the one waiting longest); and notices about set-aside files."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from tui.i18n import N_, _, current, spoken
from tui.screens.opening import NEXT_GAME_KEY, OpensGames
from tui.text import plain
from tui.widgets.footer import Footer

if TYPE_CHECKING:
    from engine.core.files import Signature

RACY_NS = 2_000_000_000
"""A games folder changed this recently is looked at again next time: file times are coarse."""

BANNER = "T A B U L A"
TAGLINE = N_("a table for Thebai, Almadi, Polis and Pantheon")

MENU = (
    ("new", N_("New game"), "n"),
    ("resume", N_("Resume a game"), "r"),
    ("assistant", N_("Table assistant (real board, real pieces)"), "t"),
    ("stats", N_("Play records and stats"), "s"),
    ("components", N_("Components: your own box"), "c"),
    ("rules", N_("Rules"), "h"),
    ("settings", N_("Settings (turn bell, confirming turns)"), "o"),
    ("quit", N_("Quit"), "q"),
)


def your_move(waiting: int) -> str:
    """What Home says of the games waiting for this player's move (nothing when none)."""
    if not waiting:
        return ""
    return current().ngettext("Your move in {n} game · {key} opens the one waiting longest",
                              "Your move in {n} games · {key} opens the one waiting longest",
                              waiting).format(n=waiting, key=NEXT_GAME_KEY)


def menu_options() -> list[Option]:
    return [Option(f"{_(label)}  ({key})", id=item) for item, label, key in MENU]


class HomeScreen(OpensGames):
    BINDINGS = [*(Binding(key, f"open('{item}')", label, show=False) for item, label, key in MENU),
                Binding(NEXT_GAME_KEY, "next_game", N_("Next game waiting for you"), show=False)]
    REPLACED_BY_TABLE = False

    def __init__(self) -> None:
        super().__init__()
        self._scan: Worker[None] | None = None
        self._rescan = False
        self._scanned: Signature | None = None
        """The saves folder's stamp when the last finished scan began (None: not scanned yet)."""
        self._waiting_said: str | None = None
        """What Home says of the games waiting for this player (None: nothing said yet)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="home"):
            yield Static(BANNER, id="banner")
            yield Static(_(TAGLINE), id="tagline")
            yield Static("", id="your-move")
            with Center():
                yield OptionList(*menu_options(), id="menu")
            yield Static("", id="problems", classes="notice")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#menu").focus()
        self.query_one("#problems").display = False
        self.show_waiting(self.waiting())

    def waiting(self) -> int:
        followed = self.app.your_moves
        return len(followed.waiting) if followed is not None else 0

    def relabel(self) -> None:
        """Say it all again in the language just chosen."""
        self.query_one("#tagline", Static).update(_(TAGLINE))
        menu = self.query_one("#menu", OptionList)
        highlighted = menu.highlighted
        menu.clear_options()
        menu.add_options(menu_options())
        menu.highlighted = highlighted
        self.show_waiting(self.waiting())

    def on_screen_resume(self) -> None:
        """Shown first, or back on top: read the saves folder again if a game file was written,
        added or removed since the last scan (one stat; the scan itself runs in a worker)."""
        if self._scanned is None or self._folder_stamp() != self._scanned:
            self.rescan()
            if self.app.your_moves is not None:  # a player with no waiting file is followed only here
                self.app.your_moves.read_soon()

    def _folder_stamp(self) -> Signature | None:
        try:
            return self.app.store.folder_stamp()
        except OSError:
            return None

    def rescan(self) -> None:
        """Start a scan, or have the running one followed by another: a scan is never
        cancelled half-way (a cancelled worker would surface as an error to whoever waits)."""
        if self._scan is not None and self._scan.state in (WorkerState.PENDING, WorkerState.RUNNING):
            self._rescan = True
        else:
            self._scan = self.scan_saves()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is self._scan and event.state == WorkerState.SUCCESS and self._rescan:
            self._rescan = False
            self._scan = self.scan_saves()

    @work(thread=True, group="home-scan")
    def scan_saves(self) -> None:
        """Read the saves folder once, so files that must be set aside are reported here (the
        count of games waiting for this player comes from the app: tui/your_moves.py)."""
        stamp = None
        try:
            store = self.app.store
            stamp = store.folder_stamp()
            if stamp is not None and time.time_ns() - stamp[1] < RACY_NS:
                stamp = None  # a write later in the same clock tick would leave the stamp as it is
            store.summaries()
            problems = [spoken(problem) for problem in store.problems]
        except Exception as error:  # an unusable data folder must not stop the app
            problems = [_("The saves folder cannot be used: {error}").format(error=spoken(error))]
        self.app.call_from_thread(self.show_problems, problems, stamp)

    def show_waiting(self, waiting: int) -> None:
        """Say in how many games it is this player's move (nothing when none); the same words
        again change nothing (a game opened elsewhere rings the player's doorbell, and a text
        updated lays Home out again under the screen on top)."""
        said = your_move(waiting)
        if said == self._waiting_said:
            return
        self._waiting_said = said
        line = self.query_one("#your-move", Static)
        line.display = bool(waiting)
        line.update(said)

    def show_problems(self, problems: list[str], stamp: Signature | None = None) -> None:
        self._scanned = stamp
        notice = self.query_one("#problems", Static)
        notice.display = bool(problems)
        if problems:
            lines = "\n".join(f"• {problem}" for problem in problems)
            heading = _("Some files in the saves folder could not be used (they are kept, never deleted):")
            notice.update(plain(f"{heading}\n{lines}"))

    def action_next_game(self) -> None:
        self.open_next_waiting()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_open(MENU[event.option_index][0])

    def action_open(self, item: str) -> None:
        if item == "new":
            from tui.screens.new_game import NewGameScreen

            self.app.push_screen(NewGameScreen())
        elif item == "resume":
            from tui.screens.resume import ResumeScreen

            self.app.push_screen(ResumeScreen())
        elif item == "assistant":
            self.open_assistant()
        elif item == "stats":
            from tui.screens.stats import StatsScreen

            self.app.push_screen(StatsScreen())
        elif item == "components":
            self.action_components()
        elif item == "settings":
            from tui.screens.settings import SettingsScreen

            self.app.push_screen(SettingsScreen())
        elif item == "rules":
            self.app.open_rules()
        elif item == "quit":
            self.app.exit()

    def action_components(self) -> None:
        self.app.open_components()

    def open_assistant(self) -> None:
        try:
            from tui.screens.assistant import AssistantHomeScreen
        except ImportError as error:
            self.notify(_("The table assistant is not available: {error}").format(error=error),
                        title=_("Table assistant"), severity="warning")
            return
        self.app.push_screen(AssistantHomeScreen())

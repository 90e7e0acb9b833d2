"""The Tabula Textual app: home, new game, resume, the game table, rules help."""

from __future__ import annotations

import asyncio
import contextvars
import gc
import os
import weakref
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, ParamSpec, TypeVar

from textual import events, work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.geometry import Size
from textual.notifications import Notification, Notify, SeverityLevel
from textual.screen import Screen

from tui import i18n
from tui.collector import FullPassWhenQuiet
from tui.commands import TabulaCommands
from tui.compat import take_down_notification
from tui.i18n import N_, _, spoken
from tui.screens.base import TabulaScreen
from tui.screens.home import HomeScreen
from tui.screens.too_small import TooSmallScreen
from tui.serve import PLAYER_NAME, bot_limits, identity, served
from tui.text import clean, player_name
from tui.your_moves import YourMoves

if TYPE_CHECKING:
    from engine.search.worker import Thinker
    from saves.mine import MyGame
    from saves.records import RecordStore
    from saves.session import GameSession
    from saves.store import SaveStore
    from saves.thinker_slots import ThinkerSlots
    from tui.screens.table import TableScreen

STYLES = Path(__file__).parent / "styles"
MIN_SIZE = Size(80, 24)


Params = ParamSpec("Params")
Result = TypeVar("Result")


class FreshContextExecutor(ThreadPoolExecutor):
    """Runs each job in a context of its own. Textual's thread workers run in the loop's default
    executor and set ``active_worker`` in the context they run in: with the plain executor that
    is the pool thread's own, which outlives the job. An idle thread then kept the last Worker it
    ran and, through it, that worker's screen: a closed table with its game, the Resume list
    that seated it, until the thread ran another worker."""

    def submit(self, fn: Callable[Params, Result], /, *args: Params.args, **kwargs: Params.kwargs) -> Future[Result]:
        def run_in_fresh_context() -> Result:
            return contextvars.Context().run(fn, *args, **kwargs)

        return super().submit(run_in_fresh_context)


_fresh_loops: weakref.WeakSet[asyncio.AbstractEventLoop] = weakref.WeakSet()


def load_the_table() -> None:
    """Import a game table's modules once the first frame is out, while the player reads Home, in
    a thread (the event loop runs between its steps): over 100 ms that would otherwise come with
    the first game opened. A fork of a server's fork server has them already."""
    import tui.screens.table  # noqa: F401


class TabulaApp(App[None]):
    TITLE = "Tabula"
    CSS_PATH = [STYLES / name for name in ("app.tcss", "home.tcss", "new_game.tcss", "table.tcss", "help.tcss")]
    COMMANDS = App.COMMANDS | {TabulaCommands}
    BINDINGS = [Binding("f1", "help", N_("Rules"), priority=False)]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide"), (180, "-widest")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (40, "-tall")]
    ALWAYS_ALLOWED = {"quit", "help_quit"}

    def __init__(
        self,
        data_dir: Path | None = None,
        *,
        bot_pause: float = 0.4,
        cursor_blink: bool = True,
        min_size: tuple[int, int] = (MIN_SIZE.width, MIN_SIZE.height),
        join: tuple[str, int | None] | None = None,
        bell_on_turn: bool = True,
        confirm_turn_ends: bool = True,
        ask_seat: bool | None = None,
        language: str | None = None,
    ) -> None:
        """``join``: open this saved game at once, playing that seat (None: as a spectator).
        ``bell_on_turn``: ring the terminal bell when another terminal's move makes it our turn.
        ``confirm_turn_ends``: players confirm the end of each turn unless their settings say
        otherwise (False: nobody does).
        ``ask_seat``: opening a saved game always asks which seat to take (default: only when
        another terminal holds one, or when run by `tabula serve ssh`).
        ``language``: the language to read ("en", "ja"; `tabula --lang`); None: the player's
        setting, else the locale's (tui/i18n.py)."""
        super().__init__()
        self.data_dir = data_dir
        self.bot_pause = bot_pause
        self.cursor_blink = cursor_blink
        self.min_size = Size(*min_size)
        self.join_game = join
        self.bell_on_turn = bell_on_turn
        self.served = served()
        """Started by `tabula serve` for one player: one seat per terminal, nothing written on the server."""
        self.confirm_turn_ends = confirm_turn_ends
        self.ask_seat = self.served if ask_seat is None else ask_seat
        self.player_name = player_name(os.environ.get(PLAYER_NAME, ""))
        """Who is at this terminal, when the SSH server knows (their login name); else blank."""
        self.identity = identity()
        """Whose seats this terminal may take (saves/seats.py): None locally, else the player's key."""
        self.bot_limits = bot_limits()
        """What the server lets this app's bots use (tui.serve.BotLimits): None locally, no limit."""
        self._thinker_slots: ThinkerSlots | None = None
        self.gated = False
        self._started = False
        self._store: SaveStore | None = None
        self._waiting_table: TableScreen | None = None
        self._thinker: Thinker | None = None
        self.your_moves: YourMoves | None = None
        """This player's games, followed live (tui/your_moves.py), from the app's start."""
        self.collector = FullPassWhenQuiet(self)
        self.asked_language = language
        self._notice_of_kind: dict[str, Notification] = {}

    @property
    def thinker(self) -> Thinker:
        """The process the search bots and hints think in (engine.search.worker), one per app,
        started when a table first needs it and ended with the app."""
        if self._thinker is None:
            from engine.search.worker import Thinker

            self._thinker = Thinker()
        return self._thinker

    @property
    def bot_games(self) -> bool:
        """Whether this app may start, and run the bots of, games without a human seat."""
        return self.bot_limits is None or self.bot_limits.bot_games

    @property
    def thinker_slots(self) -> ThinkerSlots | None:
        """The server's thinkers, which a served app's searches (bots' moves, hints) take in turn
        (saves/thinker_slots.py); None locally: searches start at once."""
        if self._thinker_slots is None and self.bot_limits is not None:
            from saves.thinker_slots import ThinkerSlots

            limits = self.bot_limits
            self._thinker_slots = ThinkerSlots(self.store.data_dir, limits.workers, limits.per_key,
                                               self.identity or "")
        return self._thinker_slots

    def on_unmount(self) -> None:
        self.collector.stop()
        if self.your_moves is not None:
            self.your_moves.stop()
        if self._thinker is not None:
            self._thinker.close()

    @property
    def store(self) -> SaveStore:
        """The SaveStore of this app's data folder, opened on first use."""
        if self._store is None:
            from saves.paths import default_data_dir
            from saves.store import SaveStore

            self._store = SaveStore(self.data_dir or default_data_dir())
        return self._store

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None,
               markup: bool = False, kind: str = "") -> None:
        """Every notice is plain text: messages quote titles, names and file names. A notice of a
        ``kind`` takes the place of the last one of that kind if it is still shown, so that news
        that comes quickly (a new "Your turn") does not pile up over the table; a kind is given on
        the app's own thread."""
        notification = Notification(clean(message), clean(title, lines=False), severity,
                                    self.NOTIFICATION_TIMEOUT if timeout is None else timeout)
        if kind:
            if (earlier := self._notice_of_kind.get(kind)) is not None:
                take_down_notification(self, earlier)
            self._notice_of_kind[kind] = notification
        self.post_message(Notify(notification))

    @property
    def records(self) -> RecordStore:
        """The play records of this app's data folder."""
        return self.store.records

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """Textual's commands, less Screenshot on a served app: it would write files on the server."""
        for command in super().get_system_commands(screen):
            if not (self.served and command.title == "Screenshot"):
                yield command

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        if not self.served:
            super().action_screenshot(filename, path)

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        if not self.served:
            return super().deliver_screenshot(filename, path, time_format)
        return None

    @property
    def player_key(self) -> str:
        """Whose settings are this terminal's own (a language): the SSH key, "" locally."""
        return self.identity or ""

    def switch_language(self, code: str) -> None:
        """Read ``code`` from now on: every open screen says its words again (``relabel``) and
        the footer shows its keys' labels in it."""
        i18n.use(code)
        for screen in self.screen_stack:
            relabel = getattr(screen, "relabel", None)
            if callable(relabel) and screen.is_mounted:
                relabel()
            screen.refresh_bindings()

    def on_load(self) -> None:
        try:
            setting = self.store.settings().language(self.player_key) if self.asked_language is None else None
        except OSError:
            setting = None
        i18n.use(i18n.chosen(self.asked_language, setting))
        loop = asyncio.get_running_loop()
        if loop not in _fresh_loops:  # before any worker runs; once per loop (tests run apps in one)
            loop.set_default_executor(FreshContextExecutor(thread_name_prefix="tabula-worker"))
            _fresh_loops.add(loop)

    def get_default_screen(self) -> HomeScreen:
        return HomeScreen()

    def on_mount(self) -> None:
        # What start-up made (modules, styles, the home screen) lives as long as the app: out of
        # the cyclic collector's full passes, which otherwise walk it all again (40-50 ms of CPU
        # each, in the middle of a move or of a game being opened, with 70,000 objects). Once a
        # process: a test runs many apps in one, and would freeze the garbage of those before.
        if not gc.get_freeze_count():
            gc.freeze()
        self.collector.start()
        self._started = True
        self._update_gate(self.size)
        self.your_moves = YourMoves(self.store, self.identity, self.your_moves_changed,
                                    lambda message: self.notify(message, title=_("Your games"), severity="warning"))
        self.your_moves.start()
        if self.join_game is not None:
            self.open_joined(*self.join_game)
        self.call_after_refresh(self.run_worker, load_the_table, thread=True, group="warm-up")

    def your_moves_changed(self, games: list[MyGame], new: set[str]) -> None:
        """The games waiting for this player changed (another terminal's move, a seat changing
        hands): Home says so at once, and each game newly waiting rings the bell (the player's
        setting) unless its table is open here: the table rings for it."""
        at_tables = {screen.table_of for screen in self.screen_stack if isinstance(screen, TabulaScreen)}
        for screen in self.screen_stack:
            if isinstance(screen, HomeScreen) and screen.is_mounted:  # else it reads the count when mounted
                screen.show_waiting(sum(game.my_move for game in games))
        ringing = new - at_tables
        if ringing and self.bell_on_turn and self.store.settings().bell:
            for _game in ringing:
                self.bell()

    @work(thread=True, exclusive=True, group="join")
    def open_joined(self, save_id: str, seat: int | None) -> None:
        from saves.session import GameSession

        try:
            session = GameSession.resume(self.store, save_id)
        except Exception as error:  # a save that does not replay is reported, never lost
            self.call_from_thread(self.notify, spoken(error), title=_("Cannot join"), severity="error")
            return
        self.call_from_thread(self.sit_at, session, [] if seat is None else [seat])

    def sit_at(self, session: GameSession, seats: list[int] | None) -> None:
        """Open the table of ``session`` for ``seats`` (None: every free human seat; []: watch)."""
        from tui.screens.table import TableScreen

        table = TableScreen(session, seats)
        if self.gated:  # the too-small gate stays on top: open the table once it lifts
            self._waiting_table = table
        else:
            self.push_screen(table)

    def on_resize(self, event: events.Resize) -> None:
        if self._started:
            self._update_gate(event.size)

    # -- the too-small gate --------------------------------------------------------------

    def _update_gate(self, size: Size) -> None:
        small = size.width < self.min_size.width or size.height < self.min_size.height
        if small and self.gated and isinstance(self.screen, TooSmallScreen):
            self.screen.show_size(size)
        elif small and not self.gated:
            self.gated = True
            self.push_screen(TooSmallScreen(self.min_size))
        elif not small and self.gated:
            self.gated = False
            if isinstance(self.screen, TooSmallScreen):
                self.pop_screen()
            if self._waiting_table is not None:
                self.push_screen(self._waiting_table)
                self._waiting_table = None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.gated and action not in self.ALWAYS_ALLOWED:
            return False
        return True

    # -- rules help ----------------------------------------------------------------------

    def action_help(self) -> None:
        """Rules help for the game on screen, at the current decision's topic; else pick a game."""
        from tui.screens.help import HelpScreen  # with markdown parsing: loaded when first wanted

        context = getattr(self.screen, "help_context", None)
        if callable(context) and (found := context()) is not None:
            game_id, topic = found
            self.push_screen(HelpScreen(game_id, topic))
        elif not isinstance(self.screen, HelpScreen):
            self.open_rules()

    def open_components(self) -> None:
        """The component editor: the player's own sets (Home, the table assistant, the palette)."""
        from tui.screens.components import ComponentSetsScreen

        self.push_screen(ComponentSetsScreen())

    def open_rules(self) -> None:
        from engine.registry import titles
        from tui.screens.help import GamePicker, HelpScreen

        games = titles()
        if len(games) == 1:
            self.push_screen(HelpScreen(next(iter(games)), None))
        else:
            self.push_screen(GamePicker(_("Rules of which game?")), self._rules_picked)

    def _rules_picked(self, game_id: str | None) -> None:
        from tui.screens.help import HelpScreen

        if game_id:
            self.push_screen(HelpScreen(game_id, None))

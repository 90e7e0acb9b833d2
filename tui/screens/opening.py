"""Opening a saved game at a table (from Resume, and the key that opens the next game waiting
for this player's move, on Home and at a table): straight to the table when nobody else plays
it, else asking where to sit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work

from saves.seats import SeatLeases
from saves.store import HUMAN
from saves.waiting import my_games_of
from tui.i18n import _, spoken
from tui.screens.base import TabulaScreen

if TYPE_CHECKING:
    from saves.session import GameSession
    from saves.store import SaveHeader
    from tui.screens.table import TableScreen
    from tui.table.state import TableState

NEXT_GAME_KEY = "ctrl+n"
"""Opens the next game waiting for this player ('n' is New game on Home, and a choice at a table)."""


class OpensGames(TabulaScreen[None]):
    REPLACED_BY_TABLE = True
    """The table opened takes this screen's place (Resume, a table); else it comes on top (Home)."""

    @work(thread=True, exclusive=True, group="saves-open")
    def open_save(self, save_id: str, ask: bool) -> None:
        """Open the game: straight to the table when nobody else plays it (and we need not ask)."""
        from saves.session import GameSession

        try:
            session = GameSession.resume(self.app.store, save_id)
            humans = [seat for seat, info in enumerate(session.record.seats) if info.kind == HUMAN]
            leases = SeatLeases(self.app.store.data_dir, save_id)
            free = leases.free(humans)
            takeable = leases.may_take(free, self.app.identity)
            hot_seat = not self.app.served or leases.hot_seat
        except Exception as error:  # a save that does not replay is reported, never lost
            self.app.call_from_thread(self.notify, spoken(error), title=_("Cannot resume"), severity="error")
            return
        if session.over or not humans:
            self.app.call_from_thread(self.opened, session, [] if self.app.served else None)
        elif free == humans == takeable and not ask:
            self.app.call_from_thread(self.opened, session, None)
        else:
            held = [seat for seat in humans if seat not in free]
            owned = [seat for seat in free if seat not in takeable]
            self.app.call_from_thread(self.ask_where, session, takeable, held, owned, hot_seat)

    @work(thread=True, exclusive=True, group="saves-open")
    def open_next_waiting(self, leaving: str | None = None) -> None:
        """Open the game that has waited longest for this player's move (other than ``leaving``)."""
        try:
            games = my_games_of(self.app.store, self.app.identity)[0]
            waiting = [game.summary.id for game in games if game.my_move and game.summary.id != leaving]
        except Exception as error:  # an unusable data folder must not stop the app
            self.app.call_from_thread(self.notify, spoken(error), title=_("Cannot list the games"), severity="error")
            return
        if not waiting:
            self.app.call_from_thread(self.notify, _("No other game waits for your move."), title=_("Your move"))
            return
        self.open_save(waiting[0], self.app.ask_seat)

    def ask_where(self, session: GameSession, free: list[int], held: list[int], owned: list[int],
                  hot_seat: bool) -> None:
        from tui.screens.resume import SeatPicker, seats_for

        def answered(answer: str | None) -> None:
            if answer is not None:
                self.opened(session, seats_for(answer))

        names = [seat.name for seat in session.record.seats]
        self.app.push_screen(SeatPicker(session.record.title, names, free, held, owned, hot_seat), answered)

    def opened(self, session: GameSession, seats: list[int] | None) -> None:
        from tui.screens.table import TableScreen

        self.sit_at(TableScreen(session, seats))

    @work(thread=True, exclusive=True, group="saves-sit")
    def sit_at(self, table: TableScreen) -> None:
        """Take the table's seats before it shows, so that it opens drawn (or say why not); a
        finished game opens on its end screen, without the table under it."""
        refused = table.controller.seat()
        first = table.controller.first
        if refused is not None:
            self.app.call_from_thread(self.notify, refused.message, title=refused.title, severity=refused.severity)
        elif first is not None and first.finished:
            table.controller.stop()
            self.app.call_from_thread(self.show_end, first, table.session.record)
        else:
            self.app.call_from_thread(self.app.switch_screen if self.REPLACED_BY_TABLE else self.app.push_screen,
                                      table)

    def show_end(self, state: TableState, record: SaveHeader) -> None:
        from tui.screens.end import EndScreen

        end = EndScreen(state, record)
        self.app.switch_screen(end) if self.REPLACED_BY_TABLE else self.app.push_screen(end)

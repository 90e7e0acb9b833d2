"""Resume: the saved games, most recently played first; open, rename or delete them.

Games are shared between terminals: the list shows the seats other terminals hold, and
opening a game someone else is playing (or any game, with "j", or over SSH) asks where to
sit: a free seat, every free seat (hot-seat), or watching as a spectator. Over SSH a seat
belongs to the player who took it (saves/seats.py): it is offered to no one else, hot-seat is
offered only where the host allowed it, and "f" gives up one's own seat (or, for the game's
creator, frees another player's).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.geometry import Size
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from engine.core.seats import seat_tag
from engine.registry import title_of
from saves.mine import MyGame
from saves.seats import SeatLeases, held_seats
from saves.session import unknown_game
from saves.waiting import my_games_of
from tui.i18n import N_, _, spoken
from tui.progress import progress_words
from tui.screens.base import TabulaModal
from tui.screens.opening import OpensGames
from tui.text import clean, fit_title, plain, seat_label, seats_summary, short_time
from tui.widgets.dialogs import ChoiceDialog, ConfirmDialog, TextDialog
from tui.widgets.footer import Footer
from tui.widgets.row_list import RowList

if TYPE_CHECKING:
    from saves.store import SaveStore, SaveSummary


WATCH, EVERY_FREE_SEAT = "watch", "all"
SEATS_FROM = 120
"""From this width the list has a Seats column; narrower, the line under it names the seats of
the highlighted game (with the rest of what the columns leave out)."""
FIRST_ROWS = 100
"""The rows whose texts come with the list (more than a screenful): the list is shown with
them; the widths of the others' texts follow (they may widen the columns), measured as many at
a time with a pause between (a thread that keeps Python's lock would hold each step of a key's
way through the app for up to 5 ms, sys.getswitchinterval()), and not kept: a row's texts are
made when it comes into view."""
PAUSE = 0.001


def row_texts(records: Iterable[SaveSummary], wide: bool) -> dict[str, tuple[str, ...]]:
    """Each save's cells as plain text (made in the worker that read the list): game, progress,
    last played, and on a list at least SEATS_FROM wide, the seats."""
    return {record.id: (clean(title_of(record.game), lines=False),
                        progress_text(record),
                        short_time(record.updated, compact=not wide),
                        *([seats_summary(record.seats)] if wide else []))
            for record in records}


def text_widths(rows: Iterable[Sequence[str]], columns: int) -> list[int]:
    """The width each of the ``columns`` cells of ``rows`` takes at most."""
    return [max(map(cell_len, column)) for column in zip(*rows)] or [0] * columns


def whose_move(game: MyGame, compact: bool) -> str:
    """The Mine view's cell: whose move it is and since when ('you ▲B since 14:05',
    '●A Ann since 03-01 14:05'), 'finished', or '?' for a save from before Tabula noted it."""
    summary = game.summary
    if summary.status == "finished":
        return _("finished")
    if summary.to_move is None:
        return "?"
    names = [seat.name for seat in summary.seats]
    mine = [seat_tag(seat) for seat in game.to_move if seat in game.seats]
    others = [seat_label(names, seat) for seat in game.to_move if seat not in game.seats]
    who = ", ".join(([_("you {seats}").format(seats=" ".join(mine))] if mine else []) + others) or _("nobody")
    return _("{who} since {when}").format(who=who, when=short_time(game.since, compact=compact))


def id_marks(records: Iterable[SaveSummary]) -> dict[str, str]:
    """' #3a7c' after the title of each save whose title another save has too: the start of its id
    (as the line under the list gives it whole), as long as it takes to tell the saves of that
    title apart."""
    by_title: dict[str, list[str]] = {}
    for record in records:
        by_title.setdefault(record.title, []).append(record.id)
    marks: dict[str, str] = {}
    for ids in by_title.values():
        if len(ids) > 1:
            longest = max(map(len, ids))
            length = next((n for n in range(4, longest) if len({i[:n] for i in ids}) == len(ids)), longest)
            marks.update((save_id, f" #{save_id[:length]}") for save_id in ids)
    return marks


def progress_text(record: SaveSummary) -> str:
    """Where the game stands, and whether a person chose the seed it was dealt from."""
    progress = _("finished") if record.status == "finished" else clean(progress_words(record), lines=False)
    return _("{progress} · seed chosen").format(progress=progress) if record.seed_chosen else progress


def seats_for(answer: str) -> list[int] | None:
    """The seats to play for a SeatPicker answer (None: every free human seat)."""
    return {WATCH: [], EVERY_FREE_SEAT: None}[answer] if answer in (WATCH, EVERY_FREE_SEAT) else [int(answer)]


class SeatPicker(TabulaModal[str | None]):
    """Where to sit: a free seat, every free seat, or watch; dismisses with an answer for seats_for."""

    BINDINGS = [Binding("escape", "dismiss(None)", N_("Cancel"))]

    def __init__(self, title: str, names: list[str], free: list[int], held: list[int],
                 owned: Sequence[int] = (), hot_seat: bool = True) -> None:
        """``free``: the seats this terminal may take; ``held``: seats other terminals hold;
        ``owned``: free seats that belong to other players; ``hot_seat``: offer every free seat."""
        super().__init__(classes="dialog")
        self.title_text = title
        self.names = names
        self.free = free
        self.held = held
        self.owned = list(owned)
        self.hot_seat = hot_seat

    def compose(self) -> ComposeResult:
        question = _("Where do you sit at “{title}”?").format(title=clean(self.title_text, lines=False))
        if self.held:
            question += "\n" + _("At another terminal: {seats}").format(
                seats=", ".join(seat_label(self.names, seat) for seat in self.held))
        if self.owned:
            question += "\n" + _("Kept for another player: {seats}").format(
                seats=", ".join(seat_label(self.names, seat) for seat in self.owned))
        options = [Option(plain(_("Take seat {seat} ({name})").format(seat=seat_tag(seat), name=self.names[seat]),
                                lines=False), id=str(seat)) for seat in self.free]
        if len(self.free) > 1 and self.hot_seat:
            options.append(Option(_("Play every free seat here (hot-seat)"), id=EVERY_FREE_SEAT))
        options.append(Option(_("Watch as spectator"), id=WATCH))
        with Vertical(classes="dialog-box"):
            yield Label(plain(question), classes="dialog-question")
            yield OptionList(*options, id="seat-choices", compact=True)
            yield Label(_("Enter to choose, Escape to cancel"), classes="dialog-hint")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_id)


class ResumeScreen(OpensGames):
    BINDINGS = [
        Binding("m", "toggle_mine", N_("Mine/All")),
        Binding("escape", "app.pop_screen", N_("Back")),
        Binding("enter", "open", N_("Resume")),
        Binding("j", "open(True)", N_("Join a seat")),
        Binding("p", "replay", N_("Replay")),
        Binding("r", "rename", N_("Rename")),
        Binding("d,delete", "delete", N_("Delete")),
        Binding("f", "free_seat", N_("Free a seat")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.records: dict[str, SaveSummary] = {}
        self.held: dict[str, list[int]] = {}
        self.mine: list[MyGame] | None = None
        """The Mine view's games (None: every game is listed), as saves.mine orders them."""
        self.my_games: list[MyGame] = []
        """This player's games, from their waiting file (saves/waiting.py), not from the list of every game."""
        self.marks: dict[str, str] = {}
        """id_marks of the saves listed."""
        self._laid_out_at: Size | None = None
        """The list's size at the last lay-out."""
        self.listing: list[SaveSummary] = []
        """Every game, as the last reading of the list gave them."""
        self.widths: dict[bool, list[int]] = {}
        """text_widths of the row_texts of every game of the listing, once measured."""
        self.texts: dict[bool, dict[str, tuple[str, ...]]] = {}
        """row_texts for a wide list (True) and a narrow one (False): of the first rows and those
        that came into view."""

    def compose(self) -> ComposeResult:
        yield Label(_("Resume a game"), classes="screen-title")
        yield Static("", id="problems", classes="notice")
        yield RowList(id="saves")
        yield Static("", id="save-detail")
        yield Static(_("Loading…"), id="empty")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#saves", RowList).display = False
        self.query_one("#save-detail").display = False
        self.query_one("#problems").display = False
        self.reload()

    @work(thread=True, exclusive=True, group="saves-list")
    def reload(self) -> None:
        """This player's games first (one small file: the Mine view need not wait), then every game."""
        self.show_mine(self.app.store)
        self.show_list(self.app.store)

    def show_mine(self, store: SaveStore) -> None:
        """From a worker: read this player's games (one small file) and hand them to the screen."""
        try:
            games, said = my_games_of(store, self.app.identity)
            problem = None if said is None else spoken(said)
        except Exception as error:  # an unusable data folder: the list of every game says why
            games, problem = [], _("Your games could not be read: {error}").format(error=spoken(error))
        self.app.call_from_thread(self.fill_mine, games, problem)

    def fill_mine(self, games: list[MyGame], problem: str | None) -> None:
        self.my_games = games
        if problem is not None:
            self.notify(problem, title=_("Your games"), severity="warning")
        if self.mine is not None:
            self.mine = games
            self.lay_out()
            self.show_empty()
            if games:
                self.query_one("#saves", RowList).focus()

    def show_list(self, store: SaveStore) -> None:
        """From the worker: read the list and hand it to the screen with the texts of its first
        rows, then the texts of every row (never raises: an unusable data folder is a problem
        shown like the others)."""
        wide = self.size.width >= SEATS_FROM
        try:
            records = store.summaries()
            problems = [spoken(problem) for problem in store.problems]
            texts = row_texts(records[:FIRST_ROWS], wide)
            widths = text_widths(texts.values(), 3 + wide)
            listing = (records, problems, held_seats(store.data_dir), id_marks(records), {wide: texts})
        except Exception as error:
            records = []
            listing = records, [_("The saves folder cannot be used: {error}").format(error=spoken(error))], {}, {}, {}
        self.app.call_from_thread(self.fill, *listing)
        if len(records) > FIRST_ROWS:
            for start in range(FIRST_ROWS, len(records), FIRST_ROWS):
                time.sleep(PAUSE)
                if get_current_worker().is_cancelled:  # the screen was left, or reads the list anew
                    return
                more = text_widths(row_texts(records[start:start + FIRST_ROWS], wide).values(), 3 + wide)
                widths = list(map(max, widths, more))
            self.app.call_from_thread(self.widen, records, wide, widths)

    def fill(self, records: list[SaveSummary], problems: list[str], held: dict[str, list[int]],
             marks: dict[str, str], texts: dict[bool, dict[str, tuple[str, ...]]]) -> None:
        self.listing = records
        self.records = {record.id: record for record in records}
        self.marks = marks
        self.held = held
        self.texts = texts
        self.widths = {}
        self.lay_out()
        self.show_empty()
        notice = self.query_one("#problems", Static)
        notice.display = bool(problems)
        notice.update(plain("\n".join([_("Could not be used (kept, never deleted):"), *(f"• {p}" for p in problems)])))
        if records:
            self.query_one("#saves", RowList).focus()

    def widen(self, records: list[SaveSummary], wide: bool, widths: list[int]) -> None:
        """The text_widths of every row of the list ``records`` (unless listed again since): the
        columns take them."""
        if records is self.listing:
            self.widths[wide] = widths
            self.lay_out()

    def show_empty(self) -> None:
        empty = self.query_one("#empty", Static)
        empty.display = not self.listed()
        empty.update(_("No game of yours yet: m lists every game.") if self.mine is not None and self.records
                     else _("No saved games yet. Start one with New game on the home screen."))

    def listed(self) -> list[SaveSummary]:
        """The games the list shows: every one, or in the Mine view this player's."""
        if self.mine is None:
            return list(self.records.values())
        return [game.summary for game in self.mine]

    def action_toggle_mine(self) -> None:
        """Mine (the games where this player holds a seat, those waiting longest for their move
        first, with whose move it is) or every game."""
        self.mine = None if self.mine is not None else self.my_games
        mine = self.mine is not None
        self.query_one(".screen-title", Label).update(
            _("Resume a game · Mine: yours, waiting longest for you first") if mine else _("Resume a game"))
        self.lay_out()
        self.show_empty()

    def lay_out(self) -> None:
        """The columns that fit the width, the rows (each made as it comes into view), and the
        highlighted game's line."""
        table = self.query_one("#saves", RowList)
        width = self.size.width
        self._laid_out_at = table.size
        wide = width >= SEATS_FROM
        keep = self.selected.id if self.selected is not None else None
        if wide not in self.texts:  # resized across SEATS_FROM since the list was read
            self.texts[wide] = row_texts(self.records.values(), wide)
        listed = self.listed()
        texts = self.texts[wide]
        if self.mine is not None:  # which may come before the list
            texts.update(row_texts([game.summary for game in self.mine if game.summary.id not in texts], wide))
        playing = {save_id: " ".join(seat_tag(seat) for seat in seats) for save_id, seats in self.held.items()}
        moves = {game.summary.id: whose_move(game, not wide) for game in self.mine or ()}
        headers = [_(header) for header in (([N_("Whose move")] if self.mine is not None else [])
                                            + [N_("Game"), N_("Progress"), N_("Last played") if wide else N_("Last"),
                                               N_("Playing")] + ([N_("Seats")] if wide else []))]
        known = (self.widths[wide] if self.mine is None and wide in self.widths
                 else text_widths((texts[record.id] for record in listed if record.id in texts), 3 + wide))
        whose = text_widths(([move] for move in moves.values()), 1) if self.mine is not None else []
        contents = [*whose, *known[:3], *text_widths(([seats] for seats in playing.values()), 1), *known[3:]]
        used = [max(cell_len(header), width) for header, width in zip(headers, contents)]
        if wide:
            used[-1] = min(used[-1], 40)
        if self.mine is not None:
            used[0] = min(used[0], 32)
        room = table.room(len(listed), width - 4)  # the list's margins, and the screen's gutter
        title_width = max(12, room - sum(used) - 2 * (len(used) + 1))

        def cells_of(row: int) -> tuple[str, ...]:
            record = listed[row]
            if record.id not in texts:  # before the texts of every row have come
                texts.update(row_texts([record], wide))
            game, progress, when, *seats = texts[record.id]
            return (fit_title(record.title, title_width, self.marks.get(record.id, "")),
                    *([moves[record.id]] if moves else []), game, progress, when, playing.get(record.id, ""), *seats)

        keys = [record.id for record in listed]
        table.show([(_("Title"), title_width), *zip(headers, used)], keys, cells_of,
                   keys.index(keep) if keep in keys else 0)
        table.display = bool(listed)
        self.show_detail()

    def on_row_list_resized(self, event: RowList.Resized) -> None:
        if self._laid_out_at is not None and self._laid_out_at != event.row_list.size:
            self.lay_out()

    def on_row_list_highlighted(self, event: RowList.Highlighted) -> None:
        self.show_detail()

    def show_detail(self) -> None:
        """The highlighted game in full: its title, seats, who plays it now, when, its id."""
        record, detail = self.selected, self.query_one("#save-detail", Static)
        detail.display = record is not None
        if record is None:
            return
        parts = [f"“{clean(record.title, lines=False)}”", seats_summary(record.seats)]
        if unknown_game(record):
            parts.append(_("a game this Tabula does not know ({game}): it cannot be played or replayed here").format(
                game=clean(record.game[:40], lines=False)))
        held = self.held.get(record.id, ())
        if held:
            parts.append(_("at a terminal now: {seats}").format(seats=" ".join(seat_tag(seat) for seat in held)))
        if record.seed_chosen:
            parts.append(_("dealt from a seed chosen by hand: whoever knows it can foresee the draws"))
        parts += [_("last played {when}").format(when=short_time(record.updated)), _("id {id}").format(id=record.id)]
        detail.update(plain(" · ".join(parts)))

    @property
    def selected(self) -> SaveSummary | None:
        table = self.query_one("#saves", RowList)
        if not 0 <= table.cursor_row < table.row_count:
            return None
        key = table.row_keys[table.cursor_row]
        if key in self.records:
            return self.records[key]
        return next((game.summary for game in self.mine or () if game.summary.id == key), None)  # before the list

    def on_row_list_selected(self, event: RowList.Selected) -> None:
        self.action_open()

    def action_open(self, ask: bool = False) -> None:
        record = self.selected
        if record is not None:
            self.open_save(record.id, ask or self.app.ask_seat)

    def action_replay(self) -> None:
        from tui.screens.replay import ReplayScreen

        record = self.selected
        if record is None:
            return
        unknown = unknown_game(record)
        if unknown is not None:
            self.notify(spoken(unknown), title=_("Cannot replay"), severity="error")
            return
        self.app.push_screen(ReplayScreen(record))

    def action_rename(self) -> None:
        record = self.selected
        if record is not None:
            self.if_mine(record, self.ask_new_title)

    def ask_new_title(self, record: SaveSummary) -> None:
        def renamed(title: str | None) -> None:
            if title and title != record.title:
                self.change(lambda store: store.rename(record.id, title))

        title = clean(record.title, lines=False)
        self.app.push_screen(TextDialog(_("New title for “{title}”:").format(title=title), title), renamed)

    def action_delete(self) -> None:
        record = self.selected
        if record is not None:
            self.if_mine(record, self.ask_to_delete)

    def ask_to_delete(self, record: SaveSummary) -> None:
        def confirmed(yes: bool | None) -> None:
            if yes:
                self.change(lambda store: store.delete(record.id))

        title = clean(record.title, lines=False)
        question = _("Delete “{title}”?\nIt is moved to the trash folder of the saves.").format(title=title)
        self.app.push_screen(ConfirmDialog(question, yes=_("Delete")), confirmed)

    def if_mine(self, record: SaveSummary, then: Callable[[SaveSummary], None]) -> None:
        """``then(record)`` if this player may rename or delete the game: anyone at the host's own
        terminal, at once (so keys typed ahead reach the dialog); over SSH only the player who
        started it (another player's game is not theirs to take away or retitle)."""
        if self.app.served:
            self.if_creator(record, then)
        else:
            then(record)

    @work(thread=True, exclusive=True, group="saves-mine")
    def if_creator(self, record: SaveSummary, then: Callable[[SaveSummary], None]) -> None:
        me = self.app.identity
        if me and SeatLeases(self.app.store.data_dir, record.id).creator == me:
            self.app.call_from_thread(then, record)
        else:
            self.app.call_from_thread(self.notify, _("Only the player who started this game can rename or delete it."),
                                      title=_("Not yours"), severity="warning")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "free_seat":  # seats belong to players over SSH only (the host frees them with the CLI)
            return self.app.served
        return True

    def action_free_seat(self) -> None:
        record = self.selected
        if record is not None:
            self.find_seats_to_free(record)

    @work(thread=True, exclusive=True, group="saves-free")
    def find_seats_to_free(self, record: SaveSummary) -> None:
        """The seats this player may free: their own (leaving the game for good) and, for the
        game's creator, those of other players."""
        me = self.app.identity
        leases = SeatLeases(self.app.store.data_dir, record.id)
        names, creator = [seat.name for seat in record.seats], leases.creator
        choices: list[tuple[str, str]] = []
        for seat, owner in sorted(leases.owners().items()):
            if seat < len(names) and me and owner == me:
                choices.append((f"own:{seat}", _("Give up my seat {seat} for good").format(
                    seat=seat_label(names, seat))))
            elif seat < len(names) and me and creator == me:
                choices.append((f"other:{seat}", _("Free seat {seat}, kept for another player").format(
                    seat=seat_label(names, seat))))
        self.app.call_from_thread(self.ask_seat_to_free, record, choices)

    def ask_seat_to_free(self, record: SaveSummary, choices: list[tuple[str, str]]) -> None:
        if not choices:
            self.notify(_("No seat of this game is yours to give up (a seat is yours once you have played it)."),
                        title=_("Free a seat"))
            return

        def chosen(answer: str | None) -> None:
            if answer is not None:
                whose, seat = answer.split(":")
                self.change(lambda store: free_seat(store, record.id, int(seat), self.app.identity, whose == "own"),
                            _("Seat {seat} is free: any player may take it.").format(seat=seat_tag(int(seat))))

        question = _("Which seat of “{title}”? Any player may then take it.").format(
            title=clean(record.title, lines=False))
        self.app.push_screen(ChoiceDialog(question, choices), chosen)

    @work(thread=True, exclusive=True, group="saves-change")
    def change(self, edit: Callable[[SaveStore], object], done: str = "") -> None:
        """Make ``edit`` to the store, say ``done`` (or why not), and list the saves again."""
        try:
            edit(self.app.store)
        except Exception as error:
            self.app.call_from_thread(self.notify, spoken(error), title=_("Not changed"), severity="error")
        else:
            if done:
                self.app.call_from_thread(self.notify, done, title=_("Done"))
        self.show_mine(self.app.store)
        self.show_list(self.app.store)


def free_seat(store: SaveStore, save_id: str, seat: int, identity: str | None, own: bool) -> None:
    leases = SeatLeases(store.data_dir, save_id)
    freed = leases.give_up(seat, identity) if own else leases.free_for_others(seat, identity or "")
    if not freed:
        raise ValueError(_("Seat {seat} was not yours to free (any more)").format(seat=seat_tag(seat)))

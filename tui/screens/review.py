"""The review of a finished game (engine/search/review.py): each seat's win chance over the game as
the search estimates it, and one seat's largest drops, each with what the search preferred there.
Enter on a drop opens the replay at the position before that move, from that seat's view, with the
search's choices beside it.

The review is computed in a thread worker, every decision of every seat searched by the search
worker process (engine/search/worker.py) from that seat's view, with a progress bar and the time
left; Esc cancels it and keeps nothing. A finished review is kept beside the game
(saves/reviews.py), so opening it again is instant.

Keys: w whose moves, ↑/↓ a drop, Enter the replay there, Esc back (or cancel).
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Label, OptionList, ProgressBar, Static
from textual.widgets.option_list import Option
from textual_plotext import PlotextPlot

from engine.core.match import Action
from engine.core.seats import SYMBOLS
from engine.core.text import Words
from engine.registry import rules_for
from engine.search import SearchResult
from engine.search.review import Decision, Estimate, Review, ReviewedMove, review, search_decision
from engine.search.worker import Thinker, ThinkerError
from saves import reviews
from saves.concessions import original_kinds
from tui.i18n import N_, _, current, spoken
from tui.screens.base import TabulaScreen
from tui.text import clean, plain, seat_label
from tui.widgets.footer import Footer

if TYPE_CHECKING:
    from saves.store import SaveHeader

LEVEL = "normal"
LEVEL_WORDS = {"normal": N_("Normal"), "hard": N_("Hard")}
"""The search levels (engine/search/profiles.py) as the review names them."""
DROPS = 8
"""The largest drops listed (and numbered on the chart)."""


class Cancelled(Exception):
    """The review was cancelled while a search waited for one of the server's thinkers."""


def percent(win: float) -> str:
    return f"{round(win * 100)}%"


def chance(estimate: Estimate) -> str:
    """The estimate as a percentage, or that the search never tried the choice (no estimate)."""
    return percent(estimate.win) if estimate.visits else _("not tried")


def time_left(done: int, total: int, elapsed: float) -> str:
    """The time the rest should take at the mean time per decision so far."""
    if not done:
        return _("the time left is known after the first decision")
    seconds = elapsed / done * (total - done)
    if seconds < 90:
        return _("about {n} s left").format(n=max(1, round(seconds)))
    return _("about {n} min left").format(n=round(seconds / 60))


def first_human(record: SaveHeader) -> int:
    """The first seat a person played (a seat handed to a bot was a person's), else the first."""
    kinds = original_kinds([seat.kind for seat in record.seats], record.seat_changes)
    return next((seat for seat, kind in enumerate(kinds) if kind == "human"), 0)


def drop_line(number: int, move: ReviewedMove, words: Words) -> Text:
    """'1. Round 4: Harvest with a 1 — better was Council, 41% → 28%'."""
    return plain(_("{number}. {chapter}: {played} — better was {best}, {best_chance} → {chance}").format(
        number=number, chapter=move.chapter, played=words(move.played.label), best=words(move.best.label),
        best_chance=percent(move.best.win), chance=chance(move.played)), lines=False)


def choices_text(move: ReviewedMove, words: Words) -> Text:
    """The move played and the search's top choices there, each with its estimated win chance and
    in how many of the sampled worlds (``move.worlds``) the search tried it."""
    def line(mark: str, estimate: Estimate) -> str:
        tried = _("tried in {n}").format(n=estimate.visits) if estimate.visits else _("never tried")
        return f"{mark} {clean(words(estimate.label), lines=False)}: {chance(estimate)} ({tried})"

    lines = [line(_("played"), move.played)]
    lines += [line(f"{number}.", estimate) for number, estimate in enumerate(move.alternatives, start=1)]
    return plain("\n".join(lines))


class ReviewScreen(TabulaScreen[None]):
    CSS_PATH = [Path(__file__).parent.parent / "styles" / "review.tcss"]
    BINDINGS = [
        Binding("escape", "cancel", N_("Cancel the review")),
        Binding("escape", "back", N_("Back")),
        Binding("w", "next_seat", N_("Whose moves")),
        Binding("enter", "replay", N_("Replay this move"), priority=True),  # before the list's own Enter
    ]

    def __init__(self, record: SaveHeader, seat: int | None = None) -> None:
        """``record``: the finished game's save; ``seat``: whose drops are listed first (default:
        the first seat a person played)."""
        super().__init__(classes="review")
        self.record = record
        self.names = [seat.name for seat in record.seats]
        self.words = rules_for(record.game).words(self.names, current())
        self.seat = first_human(record) if seat is None else seat
        self.review: Review | None = None
        self.running = True
        """The review is being read or computed (Esc cancels it)."""
        self.drops: list[ReviewedMove] = []
        """The listed drops of the seat shown, largest first."""
        self._cancel = threading.Event()
        self._thinker: Thinker | None = None

    def compose(self) -> ComposeResult:
        self.size_classes()
        yield Label(plain(_("Review — {title}").format(title=self.record.title), lines=False), classes="screen-title")
        with Vertical(id="review-running"):
            yield Static(_("The {level} search weighs every decision of the game again, each from its seat's view "
                           "then: what that player could see, nothing more.").format(level=_(LEVEL_WORDS[LEVEL])),
                         id="review-about")
            yield ProgressBar(id="review-bar", show_eta=False)
            yield Static(_("Reading the game…"), id="review-left")
        with Vertical(id="review-done"):
            with Vertical(id="review-picture"):
                yield PlotextPlot(id="review-chart")
                yield Static("", id="review-legend")
            with Vertical(id="review-side"):
                yield Static("", id="review-seat")
                yield OptionList(id="review-drops")
                yield Static("", id="review-detail")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#review-done").display = False
        if self.app.no_color:  # Textual takes NO_COLOR out of the environment and notes it here
            self.query_one(PlotextPlot).theme = "clear"
        self._thinker = self.app.thinker
        self.compute()

    def on_unmount(self) -> None:
        self.stop()
        super().on_unmount()

    # -- computing ------------------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="review")
    def compute(self) -> None:
        """The kept review, else a new one, searched decision by decision and kept once done."""
        store = self.app.store
        try:
            record = store.load(self.record.id)
            actions = [Action.from_json(action) for action in record.actions]
            found = reviews.load_review(store.data_dir, record.id, len(actions), LEVEL)
            if found is None:
                started = time.monotonic()

                def progress(done: int, total: int) -> None:
                    if not self._cancel.is_set():
                        self.app.call_from_thread(self.show_progress, done, total, time.monotonic() - started)

                found = review(rules_for(record.game), self.names, record.options, record.seed, actions, self.search,
                               level=LEVEL, progress=progress, stop=self._cancel.is_set)
                if found is None or self._cancel.is_set():
                    return  # cancelled: nothing is kept
                self.keep(store.data_dir, found)
        except Cancelled:
            return
        except Exception as error:  # a save that does not replay, a search that failed: said, never lost
            if not self._cancel.is_set():
                self.app.call_from_thread(self.failed, spoken(error))
            return
        if not self._cancel.is_set():
            self.app.call_from_thread(self.show_review, found)

    def keep(self, data_dir: Path, done: Review) -> None:
        try:
            reviews.keep_review(data_dir, self.record.id, done)
        except OSError as error:
            self.app.call_from_thread(self.app.notify, _("The review could not be kept: {error}.").format(
                error=error.strerror or error), title=_("Review"), severity="warning")

    def search(self, decision: Decision) -> SearchResult:
        """One decision's search, on one of the server's thinkers in turn when served."""
        slots = self.app.thinker_slots
        slot = None if slots is None else slots.take(self.record.id, cancel=self._cancel)
        if slots is not None and slot is None:
            raise Cancelled
        try:
            return self.search_here_or_there(decision)
        finally:
            if slot is not None:
                slot.release()

    def search_here_or_there(self, decision: Decision) -> SearchResult:
        """The search worker's whole budget (the same on any machine); in this thread if its
        process failed."""
        if self._thinker is not None:
            try:
                return search_decision(decision, LEVEL, self._thinker)
            except ThinkerError:
                if self._cancel.is_set() or self._thinker.closed:
                    raise Cancelled from None
                self._thinker = None
        return search_decision(decision, LEVEL, stop=self._cancel.is_set)

    def stop(self) -> None:
        """Cancel the review under way: the search in progress answers at once, nothing is kept."""
        if self.running:
            self._cancel.set()
            if self._thinker is not None:
                self._thinker.move_now()

    def show_progress(self, done: int, total: int, elapsed: float) -> None:
        if not self.is_attached:
            return
        self.query_one("#review-bar", ProgressBar).update(total=total, progress=done)
        self.query_one("#review-left", Static).update(
            _("{done} of {total} decisions weighed · {left} · Esc: cancel (nothing is kept)").format(
                done=done, total=total, left=time_left(done, total, elapsed)))

    def failed(self, error: str) -> None:
        self.running = False
        self.query_one("#review-left", Static).update(plain(_("The game could not be reviewed: {error}").format(
            error=error)))
        self.refresh_bindings()

    # -- the review ------------------------------------------------------------------------------

    def show_review(self, done: Review) -> None:
        if not self.is_attached:
            return
        self.running = False
        self.review = done
        if self.seat not in done.seats and done.seats:
            self.seat = done.seats[0]
        self.query_one("#review-running").display = False
        self.query_one("#review-done").display = True
        self.show_seat()
        self.query_one("#review-drops", OptionList).focus()
        self.refresh_bindings()

    def show_seat(self) -> None:
        done, seat = self.review, self.seat
        if done is None:
            return
        self.drops = done.largest_drops(seat, DROPS)
        moves = done.of_seat(seat)
        agreed = sum(move.played.choice == move.best.choice for move in moves)
        self.query_one("#review-seat", Static).update(plain(
            _("{seat}: {n} decisions weighed, {agreed} as the search would. Largest drops (w: whose):").format(
                seat=seat_label(self.names, seat), n=len(moves), agreed=agreed), "bold"))
        drops = self.query_one("#review-drops", OptionList)
        drops.clear_options()
        drops.add_options(Option(drop_line(number, move, self.words)) for number, move in enumerate(self.drops, 1))
        drops.display = bool(self.drops)
        if self.drops:
            drops.highlighted = 0
        else:
            self.query_one("#review-detail", Static).update(
                _("The search would have played each of these moves, or found no better one."))
        self.draw_chart()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if 0 <= event.option_index < len(self.drops):
            move = self.drops[event.option_index]
            title = plain(_("Move {n} · {chapter} · {seat} · estimates from {worlds} worlds:").format(
                n=move.position, chapter=move.chapter, seat=seat_label(self.names, move.seat), worlds=move.worlds),
                "bold", lines=False)
            detail = Text("\n").join([title, choices_text(move, self.words)])
            detail.append("\n" + _("Enter: the replay before this move, these choices beside it."), "italic")
            self.query_one("#review-detail", Static).update(detail)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.open_replay(event.option_index)

    def draw_chart(self) -> None:
        """Each seat's estimated win chance after each of its moves, one marker per seat; the
        listed drops numbered where they fell."""
        done = self.review
        if done is None:
            return
        plot = self.query_one(PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        plt.clear_figure()
        colour = "default" if self.app.no_color else None
        for seat in done.seats:
            points = [(move.position, 100 * move.played.win) for move in done.of_seat(seat) if move.played.visits]
            if points:
                xs, ys = zip(*points)
                plt.scatter(list(xs), list(ys), marker=SYMBOLS[seat], color=colour)
        for number, move in enumerate(self.drops, start=1):
            if move.played.visits:
                plt.text(str(number), move.position, 100 * move.played.win, color=colour)
        plt.ylim(0, 100)
        plt.yticks([0, 25, 50, 75, 100], [f"{mark}%" for mark in range(0, 101, 25)])
        last = max((move.position for move in done.moves), default=1)
        step = max(1, -(-last // 8))  # at most 8 move numbers along the axis
        plt.xticks(list(range(0, last + 1, step)))
        plt.xlim(0, last + 1)
        plot.refresh()
        seats = "  ".join(seat_label(self.names, seat) for seat in done.seats)
        drops = _(" · 1-{n}: the drops below").format(n=len(self.drops)) if self.drops else ""
        self.query_one("#review-legend", Static).update(
            plain(_("{seats}: win chance after each move (the search's estimate)").format(seats=seats) + drops))

    # -- keys ------------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cancel":
            return self.running
        if action == "back":
            return not self.running
        if action == "next_seat":
            return self.review is not None and len(self.review.seats) > 1
        if action == "replay":
            return bool(self.drops)
        return True

    def action_cancel(self) -> None:
        self.stop()
        self.app.pop_screen()

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_next_seat(self) -> None:
        if self.review is not None:
            seats = self.review.seats
            self.seat = seats[(seats.index(self.seat) + 1) % len(seats)] if self.seat in seats else seats[0]
            self.show_seat()

    def action_replay(self) -> None:
        highlighted = self.query_one("#review-drops", OptionList).highlighted
        if highlighted is not None:
            self.open_replay(highlighted)

    def open_replay(self, index: int) -> None:
        """The replay at the position before the move, from its seat's view, with the search's choices."""
        from tui.screens.replay import Pinned, ReplayScreen

        if 0 <= index < len(self.drops):
            move = self.drops[index]
            note = plain(_("{seat} to move; the search's estimates from {worlds} sampled worlds:").format(
                seat=seat_label(self.names, move.seat), worlds=move.worlds) + "\n") + choices_text(move, self.words)
            self.app.push_screen(ReplayScreen(self.record, Pinned(move.position - 1, move.seat, note)))

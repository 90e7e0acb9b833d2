"""Everything a game table does except drawing: the session, the bots, one worker step at a
time, catching up with other terminals, refused moves, seats and watching.

The screen (tui/screens/table.py) tells the controller what its player did (``act``,
``undo``) and shows what the controller emits from its worker: frozen ``TableState``s and
``Notice``s, in the order they happen. The caller provides the worker thread (``spawn``: the
screen uses a Textual thread worker, the tests a plain thread), so a test drives a table with
nothing but the toy game and a save folder.

Steps run one at a time: taking the seats, a move, an undo, catching up after another
terminal's change. After each, the new state is emitted and the bots this terminal runs play
until a human must act. Steps asked for meanwhile wait their turn, in order; changes announced
meanwhile are caught up with once, after them. A move is made only on the game as its player
saw it (``TableState.revision``): the game may have changed under it, and then it is refused.

A player may have forced moves made at once (a setting): when one of this terminal's humans has
a single legal choice, it is made for them as soon as the game comes to it (one action each,
saved and logged as forced), but not in place of a hot-seat curtain (a seat with secrets that
has not had the device yet picks it itself) and not again where the player's undo left it.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, TypedDict, Unpack

from engine.core.contract import IllegalChoice
from engine.core.text import Said, Words
from engine.search import LEVELS, Level, SearchResult, think
from engine.search.hint import HINT_LEVEL, Hint, hint_from
from engine.search.worker import Thinker, ThinkerError
from saves.seats import SeatTaken
from saves.session import GameSession
from saves.shared import SharedSession
from saves.store import SaveConflict, SaveError
from saves.talk import Message, TalkRefused
from tui.i18n import _, current, spoken

from .lines import seat_list
from .state import TableState, snapshot

if TYPE_CHECKING:
    from saves.thinker_slots import Place, Slot, ThinkerSlots
    from saves.thinking import MoveNowRequest, ThinkingStatus

Step = Callable[[], "bool | None | TableState"]
"""A worker step; returning False means it has nothing new to show, a TableState that it is
already on screen."""


@dataclass(frozen=True)
class Notice:
    """Something to tell the player beside the table itself."""

    title: str
    message: str
    """What to say ('': nothing, only the bell)."""
    severity: Literal["information", "warning", "error"] = "information"
    timeout: float | None = None
    """Seconds on screen; None: the screen's default."""
    bell: bool = False
    """Their turn has come (a terminal may ring its bell)."""
    leave: bool = False
    """The table cannot be played from this terminal (its seat could not be taken): it closes."""
    kind: str = ""
    """News that goes stale when more of its kind comes: the notice of the same kind still shown
    is taken down ("turn": the last "Your turn", once another has come)."""


@dataclass(frozen=True)
class Thinking:
    """A search is under way: a bot's move or a hint on this terminal, or a bot's move on the
    terminal that runs the game's bots (``position`` set)."""

    seat: int
    fraction: float
    """How far it is, 0..1: its iterations of the level's budget, or its CPU time of the
    level's cap, whichever ends it first."""
    hint: bool = False
    """Working out a hint for ``seat`` (a human), not a bot's move."""
    position: int | None = None
    """Another terminal thinks, for the game as it was after this many actions (shown only
    while the table is there)."""
    hurry: bool = True
    """``m`` may end it from here (not from a spectator's terminal, for another's search)."""
    waiting: int = 0
    """0: the search runs; n > 0: it waits for a free thinker of the server, n-th in line; -1:
    it waits behind other games of the same player (saves/thinker_slots.py)."""
    behind: int = 0
    """While ``waiting`` is -1 at this terminal: how many of its player's games go first."""


@dataclass(frozen=True)
class ThinkingEnded:
    """The other terminal's search ended (its move, if made, comes as a new ``TableState``)."""


@dataclass(frozen=True)
class HintReady:
    hint: Hint


@dataclass(frozen=True)
class HintDropped:
    """The hint asked for was given up (``m`` while it waited for a free thinker)."""


@dataclass(frozen=True)
class Talk:
    """The game's table talk as it is now (saves/talk.py), oldest message first."""

    messages: tuple[Message, ...]


Told = Notice | Thinking | ThinkingEnded | HintReady | HintDropped | Talk
"""What the controller emits beside the table's states."""
TableEvent = TableState | Told

ShownKey = tuple[int, bool, Said, frozenset[int]]
"""What a new state must differ in to be shown again (``TableController._shown_key``)."""


class SharedOptions(TypedDict, total=False):
    """SharedSession's options a table passes on."""

    ttl: float
    fallback: float
    identity: str | None

QUICK_MOVE = "greedy"
"""The bot kind whose move a search bot makes when ``m`` is pressed before it had a thinker."""

REPORT_EVERY = 0.25
"""Seconds between two progress reports of a search (each repaints a line of the table)."""
SHARE_EVERY = 0.5
"""Seconds between two reports of a bot's search to the game's other terminals (each writes
a small file and rings their doorbells)."""


class TableController:
    def __init__(self, session: GameSession, seats: Iterable[int] | None, emit: Callable[[TableEvent], None],
                 spawn: Callable[[Callable[[], None]], None], *, bot_pause: float = 0.4, thinker: Thinker | None = None,
                 confirm_turn_ends: bool = True, slots: ThinkerSlots | None = None, bot_games: bool = True,
                 **shared: Unpack[SharedOptions]) -> None:
        """``seats``: the seats this terminal plays (None: every human seat no other terminal
        holds, a hot-seat table; []: watch). ``emit`` is called from the worker thread;
        ``spawn(work)`` runs ``work`` in a new worker thread (it may be called from any
        thread). ``thinker``: the engine.search.worker.Thinker whose process the search bots
        and hints think in (None: in the worker thread). ``confirm_turn_ends``: False, nobody
        confirms the end of a turn (else each player's setting decides). ``slots``: the
        server's thinkers (saves.thinker_slots.ThinkerSlots), one of which each search waits
        for in turn (None: searches start at once). ``bot_games``: False, this terminal runs no
        bots of a game without a human seat (a served app whose host did not allow them).
        ``shared``: SharedSession's ttl, fallback and identity."""
        self.bots_refused = not bot_games and all(seat.kind != "human" for seat in session.record.seats)
        """A game of bots only that this terminal may only watch."""
        self.session = SharedSession(session, seats, self.game_changed, on_seats=self.seats_changed,
                                     on_thinking=self._thinking_elsewhere, on_move_now=self._asked_to_move_now,
                                     may_run_bots=not self.bots_refused, on_talk=self._talk_changed, **shared)
        self.slots = slots
        self.thinker = thinker
        self.emit = emit
        self.spawn = spawn
        self.bot_pause = bot_pause
        self.confirm_turn_ends = confirm_turn_ends
        self._lock = threading.Lock()
        self._steps: deque[Step] = deque()
        self._catch_up_asked = False
        self._reread_asked = False
        self._working = False
        self._stopped = threading.Event()
        self._viewer: int | None = None
        """Whose view was last shown (it stays while bots and other terminals move)."""
        self._shown: ShownKey | None = None
        self._lost_told = ""
        self._searching: tuple[int, int] | None = None
        """(seat, position) of the bot whose move this terminal's thinker is searching (or
        waiting for a free thinker to search)."""
        self._waiting = False
        """A search waits for a free thinker of the server."""
        self._hurry = threading.Event()
        """``m`` (here or at another terminal) during the search under way, or the table was left."""
        self.first: TableState | None = None
        """The table's first state, when the seats were taken before the screen was up (``seat``)."""
        self._device: int | None = None
        """The human seat that acted last here (at a hot-seat table, the player holding the device)."""
        self._undone_at: int | None = None
        """The revision an undo left the game at: no forced move is made for the player there."""

    # -- what the screen calls ---------------------------------------------------------------

    def start(self) -> None:
        """Take this terminal's seats and show the table (or emit a ``leave`` notice); when
        ``seat`` took them already, go on from the first state (the bots play, if it is theirs)."""
        def first() -> bool | None | TableState:
            shown = self._sit_down() if self.first is None else self.first
            if shown is not False:
                self.session.follow_talk()
                if self.session.session.set_news:
                    news = Words([], language=current())(self.session.session.set_news)
                    self._tell(Notice(_("Component set"), news, "warning", timeout=20))
            if shown is not False and self.bots_refused and not self.session.over:
                self._tell(Notice(_("Bots do not play here"), _(
                    "This server does not run games of bots only (its host has not allowed them): you can watch this "
                    "one, its bots move only where it is played elsewhere."), "warning", timeout=15))
            return shown
        self._ask(first)

    def seat(self) -> Notice | None:
        """Take this terminal's seats and make the table's first state (``first``) now, in the
        caller's thread: the worker that read the game, so that the table opens drawn (not
        laid out empty first, then drawn when its worker has taken the seats). The notice
        ``start`` would show if a seat cannot be taken (nothing is kept then), else None."""
        refused = self._take_seats()
        if refused is None:
            self.first = self._snapshot()
        return refused

    def stop(self) -> None:
        """Leave the table: no more steps or bot moves; the seats are freed at once."""
        if not self.stopped:
            self._stopped.set()
            self._hurry.set()  # a search waiting for a thinker leaves the line
            if self.thinker is not None:
                self.thinker.move_now()  # a search under way ends now; its move is not made
            self.session.stop()

    @property
    def stopped(self) -> bool:
        return self._stopped.is_set()

    def act(self, seat: int, choice_id: str, revision: int) -> None:
        """``seat`` chooses ``choice_id`` on the game as it was shown (``TableState.revision``); a
        move ending its turn waits for ``confirm`` unless its player turned that off."""
        self._device = seat
        self._ask(self._at(revision, lambda: self.session.act(seat, choice_id, hold=self.confirms(seat))))

    def confirm(self, seat: int, revision: int, *, always: bool = False) -> None:
        """``seat`` confirms the end of its turn (the move shown at ``revision``); ``always``:
        and its player's later turns end without asking (a remembered setting)."""
        self._device = seat

        def confirm() -> None:
            self.session.confirm(seat)
            if always:
                store = self.session.store
                store.put_settings(store.settings().with_confirm(self.session.record.seats[seat].name, False))
        self._ask(self._at(revision, confirm))

    def confirms(self, seat: int) -> bool:
        """Whether the player of ``seat`` confirms the end of each turn (a remembered setting)."""
        return self.confirm_turn_ends and self.session.store.settings().confirms(self.session.record.seats[seat].name)

    def bell(self) -> bool:
        """Whether to ring the bell for a turn that has come (the player's remembered setting)."""
        return self.session.store.settings().bell

    def takes_forced(self, seat: int) -> bool:
        """Whether the player of ``seat`` has forced moves made at once (a remembered setting)."""
        return self.session.store.settings().takes_forced(self.session.record.seats[seat].name)

    def undo(self, seat: int, revision: int) -> None:
        self._device = seat

        def undo() -> None:
            self.session.undo(seat)
            self._undone_at = self.session.revision
        self._ask(self._at(revision, undo))

    def concede(self, seat: int, revision: int) -> None:
        """``seat`` (this terminal's) concedes (saves.shared.SharedSession.concede), on the game
        as its player saw it."""
        def concede() -> None:
            ended = self.session.concede(seat)
            names = self.session.match.names
            said = (_("{seat} conceded: the game has ended.") if ended
                    else _("{seat} conceded: a bot plays the seat from now on."))
            self._tell(Notice(_("Conceded"), said.format(seat=seat_list(names, [seat]))))
        self._ask(self._at(revision, concede))

    def offer_draw(self, seat: int, revision: int) -> None:
        def offer() -> None:
            self.session.offer_draw(seat)
            self._tell(Notice(_("Draw offered"),
                              _("The other player may accept it or decline it until a move is made.")))
        self._ask(self._at(revision, offer))

    def answer_draw(self, seat: int, accept: bool, revision: int) -> None:
        self._ask(self._at(revision, lambda: self.session.answer_draw(seat, accept)))

    def hand_to_bot(self, seat: int, kind: str, revision: int) -> None:
        """Hand the seat of a player who is away to a bot of ``kind`` (SharedSession.hand_to_bot)."""
        self._ask(self._at(revision, lambda: self.session.hand_to_bot(seat, kind)))

    def move_now(self, thinking: Thinking | None = None) -> None:
        """End the search under way (a bot's move: it moves with its best so far, or, still
        waiting for a free thinker, as the Easy bot would; a hint: it shows what it has, or is
        given up); ``thinking``: the one shown, if another terminal's, is asked to (a small
        write, in a worker). Any thread."""
        if thinking is not None and thinking.position is not None:
            if thinking.hurry:
                seat, position = thinking.seat, thinking.position

                def ask() -> None:
                    self.session.ask_move_now(seat, position)

                self.spawn(ask)
        else:
            self._move_now()

    def _move_now(self) -> None:
        self._hurry.set()  # cleared when the next search starts waiting
        if self.thinker is not None:
            self.thinker.move_now()

    def hint(self, seat: int, revision: int) -> None:
        """Work out a hint for ``seat`` (a human of this terminal, to move on the game as shown at
        ``revision``), from that seat's view only; emitted as ``HintReady``."""
        self._ask(self._hint(seat, revision))

    def say(self, name: str, player: str, text: str) -> None:
        """Send a message to the table talk, in a worker of its own (a move under way does not
        hold it up); the talk comes back as ``Talk``, a refusal as a ``Notice``."""
        def send() -> None:
            try:
                self._talk_changed(self.session.say(name, player, text))
            except TalkRefused as error:
                self._tell(Notice(_("Not sent"), spoken(error), "warning"))
            except (SaveError, OSError) as error:
                self._tell(Notice(_("Not sent"), _("The talk cannot be written: {error}").format(error=spoken(error)),
                                  "error"))
        self.spawn(send)

    def _talk_changed(self, messages: list[Message]) -> None:
        """The talk changed (any thread); a file set aside is said once."""
        problem, self.session.talk.problem = self.session.talk.problem, ""
        if problem:
            self._tell(Notice(_("Table talk"), spoken(problem), "warning", timeout=15))
        self._tell(Talk(tuple(messages)))

    def game_changed(self) -> None:
        """Another terminal changed the game (any thread)."""
        with self._lock:
            self._catch_up_asked = self._reread_asked = True
        self._work_if_idle()

    def language_changed(self) -> None:
        """The player now reads another language: the table is shown again in it."""
        self._ask(lambda: None)

    def seats_changed(self) -> None:
        """Who holds a seat changed: a player came or left, or this terminal's leases (any thread)."""
        with self._lock:
            self._catch_up_asked = True
        self._work_if_idle()

    # -- the worker ------------------------------------------------------------------------------

    def _ask(self, step: Step) -> None:
        with self._lock:
            self._steps.append(step)
        self._work_if_idle()

    def _work_if_idle(self) -> None:
        with self._lock:
            if self._working or self.stopped:
                return
            self._working = True
        self.spawn(self._work)

    def _next(self) -> Step | None:
        """The step to run next (a catch-up after the steps asked for), or None: then the worker ends."""
        with self._lock:
            if self.stopped or not (self._steps or self._catch_up_asked):
                self._working = False
                return None
            if self._steps:
                return self._steps.popleft()
            reread, self._catch_up_asked, self._reread_asked = self._reread_asked, False, False
            return lambda: self._catch_up(reread)

    def _work(self) -> None:
        try:
            while (step := self._next()) is not None:
                self._run(step)
        except BaseException:
            with self._lock:
                self._working = False
            raise

    def _run(self, step: Step) -> None:
        """Run ``step``, show the game, then play the bots this terminal runs."""
        try:
            shown = step()
            if shown is False:
                return
            state = shown if isinstance(shown, TableState) else None
            bots_moved = False
            while not self.stopped:
                forced = self._forced_move()
                if forced is not None:
                    self.session.act(forced, self.session.match.legal(forced)[0].id, hold=self.confirms(forced),
                                     forced=True)
                    state = None
                    continue
                if state is None:
                    state = self._publish()
                seat = state.next_bot
                if seat is None or self._stopped.wait(self.bot_pause):
                    break
                choice = self._bot_choice(seat)
                if choice is None or self.stopped:
                    return
                self.session.act(seat, choice)
                bots_moved = True
                state = None
            # the bell alone: the table shows whose turn it is
            if bots_moved and state is not None and state.choices and self.bell():
                self._tell(Notice(state.title, "", bell=True))
        except SaveConflict:  # the session already holds the game as the other terminal left it
            self._tell(Notice(_("Move not made"), _("Another terminal moved first; showing the new state."), "warning"))
            self._publish()
        except IllegalChoice as error:
            self._tell(Notice(_("Not allowed"), spoken(error), "warning"))
            self._publish()
        except SaveError as error:
            self._tell(Notice(_("Cannot read this game"), spoken(error), "error"))

    def _forced_move(self) -> int | None:
        """The seat of this terminal whose only choice is to be made now for its player, if any."""
        session = self.session
        match = session.match
        decision = match.decision
        if (decision is None or decision.is_chance or match.held is not None or match.asks_table() or session.lost
                or session.revision == self._undone_at):
            return None
        for seat in decision.actors:
            if seat not in session.seats or len(match.legal(seat)) != 1:
                continue
            curtain = len(session.seats) > 1 and seat != self._device and match.has_private(seat)
            if not curtain and self.takes_forced(seat):
                return seat
        return None

    def _publish(self) -> TableState:
        state = self._snapshot()
        if state.lost and state.lost != self._lost_told and not state.finished:
            self._lost_told = state.lost
            self._tell(Notice(_("Seat lost"), state.lost, "error", timeout=30))
        if not self.stopped:
            self.emit(state)
        return state

    def _snapshot(self) -> TableState:
        state = snapshot(self.session, self._viewer)
        self._viewer = state.viewer
        self._shown = self._shown_key()
        return state

    def _tell(self, told: Told) -> None:
        if not self.stopped:
            self.emit(told)

    def _shown_key(self) -> ShownKey:
        """What a new state must differ in to be shown again: anything a ``TableState`` holds
        changes only with these."""
        session = self.session
        return session.revision, session.runs_bots, session.lost, session.present

    def _bot_choice(self, seat: int) -> str | None:
        """The bot's choice; a search bot's thought out once a thinker of the server is free
        (``_thinker_turn``), in the thinker's process, its progress shown here and shared with
        the game's other terminals; should that process fail, here (the same choice, without
        progress or move-now). None: the table was left."""
        kind = self.session.record.seats[seat].kind
        if kind not in LEVELS:
            return self.session.bot_choice(seat)
        position = len(self.session.match.actions)
        self._searching = (seat, position)
        try:
            with self._thinker_turn(seat, shared=position) as slot:
                if slot is None:  # m before a thinker was free (or none can be had), or the table was left
                    if self.stopped:
                        return None
                    if self._hurry.is_set():
                        self._tell(Notice(_("Moved at once"), _(
                            "{seat} moved as the Easy bot would: no thinker of the server was free yet.").format(
                                seat=seat_list(self.session.match.names, [seat])), timeout=6))
                    return self.session.bot_choice(seat, kind=QUICK_MOVE)
                return self._search_bot_choice(seat, kind, position)
        finally:
            self._searching = None
            self.session.thinking_done()

    def _search_bot_choice(self, seat: int, kind: str, position: int) -> str | None:
        if self.thinker is not None:
            try:
                progress = self._reporter(seat, LEVELS.get(kind), shared=position)
                return self.session.bot_choice(seat, self.thinker, progress)
            except ThinkerError as error:
                if self.stopped or self.thinker.closed:  # the app is ending
                    return None
                self._tell(Notice(_("The bots think here now"), _("Their process failed: {error}").format(error=error),
                                  "warning"))
                self.thinker = None
        return self.session.bot_choice(seat)

    def _thinker_turn(self, seat: int, hint: bool = False,
                      shared: int | None = None) -> AbstractContextManager[Slot | Literal[True] | None]:
        """A context holding one of the server's thinkers for a search, once it is this
        search's turn (saves/thinker_slots.py), or None: ``m`` was pressed, or the table left,
        before. Meanwhile the thinking line says where the search waits (and the game's other
        terminals, for a bot's move at ``shared``). Without ``slots``: at once."""
        if self.slots is None:
            return nullcontext(True)
        self._hurry.clear()
        if self.stopped:
            return nullcontext(None)

        def waiting(place: Place) -> None:
            line = place.line or -1
            self._tell(Thinking(seat, 0.0, hint, waiting=line, behind=place.own))
            if shared is not None:
                self.session.share_thinking(seat, shared, 0.0, waiting=line)

        self._waiting = True
        try:
            slot = self.slots.take(self.session.save_id, waiting=waiting, cancel=self._hurry)
        except OSError as error:  # the data folder cannot be written: no search without the cap
            self._tell(Notice(_("No thinker"), _("The server's thinkers cannot be reached ({error}).").format(
                error=error.strerror or error), "warning"))
            slot = None
        finally:
            self._waiting = False
        if slot is not None and self._hurry.is_set():  # m as the thinker came: it was meant for the wait
            slot.release()
            slot = None
        return nullcontext(None) if slot is None else slot

    def _reporter(self, seat: int, level: Level | None, hint: bool = False,
                  shared: int | None = None) -> Callable[[SearchResult], None]:
        """A search's progress callback: a ``Thinking`` event now and then; ``shared``: the
        position of a bot's search, whose progress the other terminals are told less often."""
        last = [0.0, 0.0]

        def report(result: SearchResult) -> None:
            now = time.monotonic()
            if level is None or now - last[0] < REPORT_EVERY:
                return
            last[0] = now
            fraction = min(1.0, max(result.iterations / level.iterations, result.cpu / level.cpu_cap))
            self._tell(Thinking(seat, fraction, hint))
            if shared is not None and now - last[1] >= SHARE_EVERY:
                last[1] = now
                self.session.share_thinking(seat, shared, fraction)

        return report

    def _thinking_elsewhere(self, status: ThinkingStatus | None) -> None:
        """The runner of the bots reported its search (None: it ended). Watch thread."""
        if status is None:
            self._tell(ThinkingEnded())
            return
        if self.session.record.seats[status.seat].kind not in LEVELS:
            return  # only a search bot's move is shared
        hurry = bool(self.session.seats) and not self.session.lost
        self._tell(Thinking(status.seat, status.fraction, position=status.position, hurry=hurry,
                            waiting=status.waiting))

    def _asked_to_move_now(self, request: MoveNowRequest) -> None:
        """A player at another terminal pressed m: the search it saw ends now. Watch thread."""
        if self._searching == (request.seat, request.position):
            self._move_now()

    # -- the steps ----------------------------------------------------------------------------

    def _sit_down(self) -> bool | None:
        """Take this terminal's seats, or say why not (the table then closes)."""
        refused = self._take_seats()
        if refused is not None:
            self._tell(refused)
            return False
        return None

    def _take_seats(self) -> Notice | None:
        try:
            self.session.start()
        except (SeatTaken, IllegalChoice) as error:
            return Notice(_("Cannot take the seat"), spoken(error), "error", leave=True)
        searching = self.session.runs_bots and any(seat.kind in LEVELS for seat in self.session.record.seats)
        if self.thinker is not None and (searching or self.session.match.hints):
            self.thinker.start()  # its process loads the games while the table is drawn
        return None

    def _at(self, revision: int, change: Callable[[], None]) -> Step:
        """A step making ``change`` only if the game is still as the player saw it."""
        def step() -> None:
            if self.session.revision != revision:
                raise SaveConflict("the game changed before this move was made")
            change()
        return step

    def _hint(self, seat: int, revision: int) -> Step:
        def step() -> bool:
            match = self.session.match
            if not match.hints or self.session.revision != revision or seat not in self.session.seats \
                    or seat not in match.awaiting():
                return False  # the game moved on, or the seat is not this terminal's to ask for
            position = len(match.actions)
            seed = f"hint:{self.session.record.seed}:{seat}:{position}"
            level = LEVELS[HINT_LEVEL]
            progress = self._reporter(seat, level, hint=True)
            with self._thinker_turn(seat, hint=True) as slot:
                if slot is None:  # m before a thinker was free (or none can be had): the hint is given up
                    self._tell(HintDropped())
                    return False
                try:
                    if self.thinker is None:
                        raise ThinkerError("no thinking process")
                    result = self.thinker.think(match, seat, level, seed, progress=progress)
                except ThinkerError:
                    if self.stopped or self.thinker is not None and self.thinker.closed:
                        return False
                    result = think(match, seat, level, seed, progress=progress)
            self._tell(HintReady(hint_from(result, match.labelled(seat, current()), position)))
            return False
        return step

    def _catch_up(self, reread: bool) -> bool:
        """Re-read the game (``reread``: it changed on disk) and see who is at the table; False
        when nothing shown has changed."""
        session = self.session
        if reread:
            session.refresh()
        match, title = session.match, session.record.title
        if reread and session.turn_arrived:
            log = match.log_lines(session.viewer, current())
            self._tell(Notice(title, f"{_('Your turn')}\n{log[-1] if log else ''}".strip(), bell=self.bell(),
                              kind="turn"))
        left, came = session.take_left(), session.take_came()
        left = [seat for seat in left if session.record.seats[seat].kind == "human"]  # not a seat just conceded
        if left and not session.over:
            self._tell(Notice(title, _("{seats} left the table. The seat is free: any terminal can take it from "
                                       "Resume.").format(seats=seat_list(match.names, left))))
        if came and not session.over:
            self._tell(Notice(title, _("{seats} came to the table.").format(seats=seat_list(match.names, came))))
        return self._shown_key() != self._shown

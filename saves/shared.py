"""One terminal's place at a game shared by several terminals (or SSH sessions).

``SharedSession`` wraps a ``GameSession`` and offers the same interface, so the table
controller (tui/table/controller.py) can use it unchanged where it reads ``match``/``record``
and calls ``act``/``undo``/``bot_choice``/``refresh``. On top it:

* holds a lease on this terminal's seats (none for a spectator; ``seats=None`` means every
  human seat no other terminal holds, as a hot-seat table does) and heartbeats it, so no
  other terminal can take or act for them, and they are freed when this process dies;
* on a served table (``identity`` not None: the terminal's player, see tui.serve.identity),
  takes only seats no other player owns (a seat taken under a key becomes that key's), and
  plays several seats only where the host allowed hot-seat for the game;
* competes for the game's single "bots" lease: only the holder may play bot seats;
* refuses ``act``/``undo`` for a seat it does not hold (``IllegalChoice`` with the reason);
* rings the game's doorbells after each write, and watches the save file in a thread,
  calling ``on_change()`` (from that thread) when another process changed the game; and
  ``on_seats()`` (by default ``on_change``) when this terminal has just become the bot runner,
  has lost a lease, or another terminal's player came to the table or left it
  (``take_came()``, ``take_left()`` say whose seats; every change of who holds a seat rings
  the doorbells too). Its own writes are no change: it neither rings its own doorbell nor
  reads the save again after them;
* shares a search bot's thinking (saves/thinking.py): the bot runner publishes how far its
  search is (``share_thinking``, ``thinking_done``) and the other terminals' watch threads
  pass it to ``on_thinking``; a terminal holding a seat may ask the runner to move now
  (``ask_move_now``), whose watch thread passes a request from a live seat holder of the game
  to ``on_move_now``;
* keeps the game's table talk (saves/talk.py): ``say`` writes a message and rings the
  doorbells; the watch thread notices the talk file changed (one ``stat`` a wake) and passes
  the messages to ``on_talk``.

Concurrency: ``on_change`` never touches the session; the caller refreshes it in its own
worker (``refresh()``), so every change to the wrapped ``GameSession`` happens in one
thread. A move that races another terminal's is refused by ``SaveStore.append(at=...)``
(``SaveConflict``); the wrapped session then already holds the game as it is on disk.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.core.contract import IllegalChoice
from engine.core.seats import seat_tag
from engine.core.text import Said, Say, said_of, said_to_json

from .seats import BOTS, DEFAULT_TTL, LeaseLost, SeatLeases, SeatsUnavailable, SeatTaken, new_holder_id
from .session import GameSession
from .storage import Signature, signature
from .store import HUMAN
from .talk import GameTalk, Message
from .thinking import MoveNowRequest, ThinkingBoard, ThinkingStatus
from .watch import FALLBACK, Watcher, ring

if TYPE_CHECKING:
    from engine.core.match import Match
    from engine.search.ismcts import Progress
    from engine.search.worker import Thinker

    from .store import SaveRecord, SaveStore


class SharedSession:
    def __init__(self, session: GameSession, seats: Iterable[int] | None, on_change: Callable[[], None], *,
                 on_seats: Callable[[], None] | None = None,
                 ttl: float = DEFAULT_TTL, fallback: float = FALLBACK, identity: str | None = None,
                 on_thinking: Callable[[ThinkingStatus | None], None] | None = None,
                 on_move_now: Callable[[MoveNowRequest], None] | None = None, may_run_bots: bool = True,
                 on_talk: Callable[[list[Message]], None] | None = None):
        self.session = session
        self.every_free_seat = seats is None
        self.seats = frozenset(seats or ())
        self.on_change = on_change
        self.on_seats = on_seats or on_change
        self.on_thinking = on_thinking
        self.on_move_now = on_move_now
        self.on_talk = on_talk
        self.data_dir = Path(session.store.data_dir)
        self.save_id = session.record.id
        self.leases = SeatLeases(self.data_dir, self.save_id, ttl)
        self.holder = new_holder_id()
        self.identity = identity
        """Who plays here, for seat owners: None at a local terminal, else the player's key."""
        self.fallback = fallback
        self.runs_bots = False
        self.may_run_bots = may_run_bots
        """False: this terminal never takes the bots lease (a served app, a game of bots only the
        host has not allowed): it only watches them."""
        self.lost: Said = ""
        """Why this terminal can no longer act (a lease was lost), or ''."""
        self.turn_arrived = False
        """Set by ``refresh``: one of our seats must act now and did not before."""
        self.others: frozenset[int] = frozenset()
        """Seats other terminals hold (as of the last look at the seats file)."""
        self._left: list[int] = []
        self._came: list[int] = []
        self._following = threading.Lock()
        """Held while ``others`` is compared with the seats file (the watch and heartbeat threads)."""
        self._seats_seen: Signature | None = None
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._watcher: Watcher | None = None
        self._board: ThinkingBoard | None = None
        self.talk = GameTalk(self.data_dir, self.save_id)
        self._talk_seen: Signature | None = None
        self._talk_told = False

    # -- joining and leaving ---------------------------------------------------------------

    def start(self) -> None:
        """Take the seats (SeatTaken if one is held or owned by another player; nothing is kept
        then) and start watching."""
        served = self.identity is not None
        if (self.every_free_seat or len(self.seats) > 1) and served and not self.leases.hot_seat:
            raise IllegalChoice(Say("On this server each terminal plays one seat of this game (the host has not "
                                    "allowed hot-seat for it)"))
        if self.every_free_seat:
            humans = [seat for seat, info in enumerate(self.record.seats) if info.kind == HUMAN]
            self.seats = frozenset(self.leases.may_take(self.leases.free(humans), self.identity))
        taken: list[int] = []
        try:
            for seat in sorted(self.seats):
                self._check_human(seat)
                self.leases.acquire(seat, self.holder, self.identity)
                taken.append(seat)
        except (SeatTaken, IllegalChoice):
            for seat in taken:
                self.leases.release(seat, self.holder)
            raise
        self.runs_bots = self.may_run_bots and self.leases.try_acquire(BOTS, self.holder)
        self._seats_seen = signature(self.leases.path)
        self.others = self._held_elsewhere()
        try:
            save = self.session.store.path_of(self.save_id)
            self._watcher = Watcher(save, self.data_dir, self.save_id, self.fallback)
        except OSError as error:  # a read-only data folder: no doorbell can be made
            held: tuple[int | str, ...] = (*taken, BOTS)
            for key in held:
                self.leases.release(key, self.holder)
            raise SeatsUnavailable(Say("this terminal cannot follow the game ({error})",
                                       error=error.strerror or str(error))) from error
        self._board = ThinkingBoard(self.data_dir, self.save_id, len(self.record.seats),
                                    own_doorbell=self._watcher.fifo)
        self.session.refresh()  # a change made before the watcher looked would otherwise go unseen
        for target, name in ((self._watch, "watch"), (self._beat, "heartbeat")):
            thread = threading.Thread(target=target, name=f"tabula-{name}-{self.save_id}", daemon=True)
            thread.start()
            self._threads.append(thread)

    def stop(self) -> None:
        """Leave the table: stop the threads and free the seats and the bots lease."""
        self._stop.set()
        if self._watcher:
            self._watcher.wake()
        for thread in self._threads:
            thread.join(timeout=5)
        if self._watcher:
            self._watcher.close()
        held: tuple[int | str, ...] = (*self.seats, BOTS)
        for key in held:
            self.leases.release(key, self.holder)

    @property
    def present(self) -> frozenset[int]:
        """The seats a terminal holds now: this one's and the others' (a player at the table)."""
        return (frozenset() if self.lost else self.seats) | self.others

    @property
    def revision(self) -> int:
        return self.session.revision

    @property
    def viewer(self) -> int | None:
        """The seat whose view this terminal shows: its only seat, else None (spectator)."""
        return next(iter(self.seats)) if len(self.seats) == 1 else None

    # -- the GameSession interface ---------------------------------------------------------

    @property
    def store(self) -> SaveStore:
        return self.session.store

    @property
    def record(self) -> SaveRecord:
        return self.session.record

    @property
    def match(self) -> Match:
        return self.session.match

    def act(self, seat: int, choice_id: str, *, hold: bool = False, forced: bool = False) -> None:
        self._check_may_act(seat)
        self._write(lambda: self.session.act(seat, choice_id, hold=hold, forced=forced))

    def confirm(self, seat: int) -> None:
        self._check_may_act(seat)
        self._write(lambda: self.session.confirm(seat))

    def undo(self, seat: int) -> None:
        self._check_may_act(seat)
        self._write(lambda: self.session.undo(seat))

    def _write(self, change: Callable[[], None]) -> None:
        """Make ``change`` (a write of the save) as this terminal's own, then wake the others."""
        watcher = self._watcher
        assert watcher is not None  # _check_may_act refuses every change before start
        try:
            with watcher.writing() as wrote:
                change()
                wrote(self.session.written)
        finally:  # a refused move reloaded the game: the others may redraw too
            ring(self.data_dir, self.save_id, skip=watcher.fifo)

    def bot_seats(self) -> list[int]:
        return self.session.bot_seats()

    @property
    def over(self) -> bool:
        return self.session.over

    # -- leaving the game early (saves.concessions) -------------------------------------------

    def concede(self, seat: int) -> bool:
        """A seat of this terminal concedes (GameSession.concede); the terminal gives the seat up
        and, if it held no other, watches. True if the game ended."""
        self._check_may_act(seat)
        ended: list[bool] = []
        self._write(lambda: ended.append(self.session.concede(seat)))
        self.leases.release(seat, self.holder)
        self.seats = self.seats - {seat}
        return ended[0]

    def offer_draw(self, seat: int) -> None:
        self._check_may_act(seat)
        self._write(lambda: self.session.offer_draw(seat))

    def answer_draw(self, seat: int, accept: bool) -> None:
        self._check_may_act(seat)
        self._write(lambda: self.session.answer_draw(seat, accept))

    def hand_to_bot(self, seat: int, kind: str) -> None:
        """Hand a vanished player's seat (one no terminal holds) to a bot of ``kind``: only the
        game's creator may, or anyone at a local terminal (the host's own)."""
        if self._watcher is None or self.lost:
            raise IllegalChoice(self.lost or NOT_SEATED)
        if self.identity is not None and (not self.identity or self.leases.creator != self.identity):
            raise IllegalChoice(Say("Only the player who created this game, or the host, may hand a seat to a bot"))
        if seat in self.present:
            raise IllegalChoice(Say("{seat:said} is at the table: only the seat of a player who is away can be "
                                    "handed to a bot", seat=seat_words(seat, len(self.record.seats))))
        self._write(lambda: self.session.hand_to_bot(seat, kind))

    def bot_choice(self, seat: int, thinker: Thinker | None = None, progress: Progress | None = None,
                   kind: str | None = None) -> str:
        return self.session.bot_choice(seat, thinker, progress, kind)

    def progress(self) -> str:
        return self.session.progress()

    def refresh(self) -> bool:
        """Re-read the game; True if another process changed it. Sets ``turn_arrived``."""
        before = self.my_turn()
        changed = self.session.refresh()
        self.turn_arrived = changed and not before and self.my_turn()
        return changed

    def my_turn(self) -> bool:
        return bool(self.seats & set(self.session.match.awaiting()))

    def play_bots(self, limit: int | None = None) -> int:
        """Like GameSession.play_bots, but only while this terminal runs the bots."""
        acted = 0
        while self.runs_bots and (limit is None or acted < limit):
            waiting = [seat for seat in self.session.match.awaiting() if seat in self.bot_seats()]
            if not waiting:
                break
            self.act(waiting[0], self.bot_choice(waiting[0]))
            acted += 1
        return acted

    # -- a bot's thinking, shared -----------------------------------------------------------

    def share_thinking(self, seat: int, position: int, fraction: float, waiting: int = 0) -> None:
        """Tell the other terminals how far the search for bot ``seat``'s move is (the runner);
        ``waiting``: it waits for a free thinker (saves/thinking.py ``ThinkingStatus.waiting``)."""
        if self._board is not None and self.runs_bots and not self._stop.is_set():
            self._board.publish(ThinkingStatus(seat, position, min(1.0, max(0.0, fraction)), waiting))

    def thinking_done(self) -> None:
        if self._board is not None:
            self._board.clear()

    def ask_move_now(self, seat: int, position: int) -> bool:
        """Ask the terminal thinking for bot ``seat`` (at ``position``) to move now; only a
        terminal that holds a seat may. False if this one may not."""
        if self._board is None or not self.seats or self.lost or self._stop.is_set():
            return False
        self._board.ask_move_now(MoveNowRequest(seat, position, self.holder))
        return True

    def _look_aside(self, board: ThinkingBoard) -> None:
        """After each wake of the watch thread: the runner looks for a move-now request, the
        others for the thinking status (one ``stat`` each when nothing changed)."""
        if self.runs_bots:
            request = board.request()
            if request and self.on_move_now is not None and self._holds_a_seat(request.holder):
                self.on_move_now(request)
        else:
            status = board.status()
            if status is not False and self.on_thinking is not None:
                self.on_thinking(status)

    # -- table talk ---------------------------------------------------------------------------

    def say(self, name: str, player: str, text: str) -> list[Message]:
        """Keep a message (saves.talk.GameTalk.say: TalkRefused past the limits) and wake the
        game's other terminals; the talk as it is now."""
        self.talk.say(name, player, text)
        if self._watcher is not None:
            ring(self.data_dir, self.save_id, skip=self._watcher.fifo)
        return self.talk.messages()

    def follow_talk(self) -> None:
        """Pass the talk to ``on_talk`` the first time, then when its file changed since the last
        look (one ``stat``)."""
        now = self.talk.signature()
        if (now != self._talk_seen or not self._talk_told) and self.on_talk is not None:
            self._talk_seen, self._talk_told = now, True
            self.on_talk(self.talk.messages())

    def _holds_a_seat(self, holder: str) -> bool:
        return any(lease.holder == holder for key, lease in self.leases.live().items() if key != BOTS)

    # -- rules of the shared table -----------------------------------------------------------

    def _check_human(self, seat: int) -> None:
        seats = self.session.record.seats
        if not 0 <= seat < len(seats) or seats[seat].kind != HUMAN:
            raise IllegalChoice(Say("{seat:said} is not a human seat of this game", seat=seat_words(seat, len(seats))))

    def take_left(self) -> list[int]:
        """The seats whose players (at other terminals) left the table since the last call."""
        with self._following:
            left, self._left = self._left, []
        return sorted(set(left))

    def take_came(self) -> list[int]:
        """The seats other terminals took since the last call (their players came to the table)."""
        with self._following:
            came, self._came = self._came, []
        return sorted(set(came))

    def _follow_leases(self) -> bool:
        """Look at who else holds a seat now; True if that changed (a player came or left)."""
        with self._following:
            others = self._held_elsewhere()
            if others == self.others:
                return False
            self._left += self.others - others
            self._came += others - self.others
            self.others = others
            return True

    def _seats_file_changed(self) -> bool:
        """Whether the seats file changed since the last look (one ``stat``)."""
        now = signature(self.leases.path)
        changed, self._seats_seen = now != self._seats_seen, now
        return changed

    def _held_elsewhere(self) -> frozenset[int]:
        return frozenset(int(key) for key in self.leases.live() if key != BOTS) - self.seats

    def _check_may_act(self, seat: int) -> None:
        if self._stop.is_set():
            raise IllegalChoice(Say("This terminal has left the table"))
        if self._watcher is None:
            raise IllegalChoice(NOT_SEATED)
        if self.lost:
            raise IllegalChoice(self.lost)
        key = seat if seat in self.seats else BOTS if seat in self.bot_seats() and self.runs_bots else None
        if key is None:
            if not self.seats:
                raise IllegalChoice(Say("This terminal only watches; it cannot act for {seat:said}",
                                        seat=seat_words(seat, len(self.record.seats))))
            raise IllegalChoice(Say.counted("This terminal plays seat {seats}; it cannot act for {seat:said}",
                                            "This terminal plays seats {seats}; it cannot act for {seat:said}",
                                            n=len(self.seats), seats=", ".join(seat_tag(s) for s in sorted(self.seats)),
                                            seat=seat_words(seat, len(self.record.seats))))
        try:
            self.leases.renew(key, self.holder, unless_beaten_within=self.leases.ttl / 4)
        except LeaseLost as error:
            self._lose(key, error)
            raise IllegalChoice(said_of(error)) from None

    def _lose(self, key: int | str, error: LeaseLost) -> None:
        if key == BOTS:
            self.runs_bots = False
        else:
            self.lost = Say("{why:said}; this terminal now only watches", why=said_to_json(said_of(error)))

    # -- the threads ------------------------------------------------------------------------

    def _watch(self) -> None:
        watcher, board = self._watcher, self._board
        assert watcher is not None and board is not None  # start makes both before it starts this thread
        while not self._stop.is_set():
            changed = watcher.wait()
            if self._stop.is_set():
                break
            if changed:
                self.on_change()
            if self._seats_file_changed() and self._follow_leases():
                self.on_seats()
            self._look_aside(board)
            self.follow_talk()

    def _beat(self) -> None:
        while not self._stop.wait(self.leases.ttl / 4):
            changed = False
            for seat in () if self.lost else self.seats:  # a lost seat is never taken back silently
                try:
                    self.leases.renew(seat, self.holder)
                except LeaseLost as error:
                    self._lose(seat, error)
                    changed = True
                    break
            if self.runs_bots:
                try:
                    self.leases.renew(BOTS, self.holder)
                except LeaseLost as error:
                    self._lose(BOTS, error)
            elif self.may_run_bots and self.leases.try_acquire(BOTS, self.holder):
                self.runs_bots = changed = True
            if self._follow_leases():  # a terminal that died without a word is found here
                changed = True
            if changed:
                self.on_seats()


NOT_SEATED = Say("This terminal has not sat down at the table yet")


def seat_words(seat: int, seats: int) -> dict[str, Any]:
    """A seat as a sentence names it ({x:said}): by its tag, or by the number asked for that is none."""
    said = Say("Seat {tag}", tag=seat_tag(seat)) if 0 <= seat < seats else Say("seat number {seat}", seat=seat)
    return said.to_json()

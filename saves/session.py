"""A game in play backed by its save: the glue the TUI, the CLI and multi-terminal play use.

Every change is written before the call returns (autosave after every action). Chance steps
are drawn from the RNG in the game state and saved like any other action, so loading a save
replays the same game exactly; a drawn outcome that comes out differently on replay means
the log does not belong to these rules, and loading says so clearly.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine import registry
from engine.bots import BOTS, make_bot
from engine.component_sets import ComponentSet, copy_for, news_of
from engine.core import components
from engine.core.components import ComponentDataError
from engine.core.contract import IllegalChoice
from engine.core.match import Action, Match, ReplayMismatch
from engine.core.text import Said, Say, said_to_json
from engine.i18n import ENGLISH
from engine.registry import rules_for

from .concessions import ABANDONED, CONCEDED, DRAW, TAKE_OVER, DrawOffer, Ending, SeatChange, ends_game
from .storage import Written
from .store import HUMAN, SaveConflict, SaveError, SaveRecord, SaveStore, SaveSummary, Seat, now_iso

if TYPE_CHECKING:
    from engine.search.ismcts import Progress
    from engine.search.worker import Thinker

SEAT_KINDS = (HUMAN, *BOTS)


class SaveDoesNotReplay(SaveError):
    """The action log does not reproduce a game under the installed rules."""


def status_of(match: Match) -> str:
    return "finished" if match.finished else "active"


def to_move(match: Match) -> list[int]:
    """The seats the game waits for (a chance step that people at the table supply waits for
    no seat in particular)."""
    return [seat for seat in match.awaiting() if seat >= 0]


def bot_seed(game_seed: int, seat: int, position: int) -> str:
    """A bot's seed for one decision: the same game position always gives the same choice,
    however often the game was saved and resumed in between."""
    return f"{game_seed}:{seat}:{position}"


def unknown_game(record: SaveRecord | SaveSummary) -> Say | None:
    """Why a save (or its summary) cannot be played, replayed or joined here: it is of a game
    this Tabula does not know (a newer Tabula's, or a file written by hand); None if it can."""
    if record.game in registry.GAMES:
        return None
    return Say("Saved game {title} ({id}) is of a game this Tabula does not know ({game}; it knows {games})",
               title=repr(record.title), id=record.id, game=repr(record.game[:40]),
               games=", ".join(sorted(registry.GAMES)))


def replay_record(record: SaveRecord) -> Match:
    """Rebuild the match a save describes; SaveDoesNotReplay with a clear message if it cannot,
    whatever the rules raise (a save is data: it may hold anything its validation lets through)."""
    where = said_to_json(Say("Saved game {title} ({id}, {game})", title=repr(record.title), id=record.id,
                             game=record.game))
    unknown = unknown_game(record)
    if unknown is not None:
        raise SaveDoesNotReplay(unknown)
    rules = rules_for(record.game)
    kept = record.component_set
    components.select(record.game, None if kept is None else kept.layer())  # the game's own data, as it began
    versions = ""
    try:
        versions = f"saved with rules version {record.rules_version!r}, installed {str(rules.version)!r}"
        if record.data_version or rules.data_version():
            versions += f"; data {record.data_version!r}, installed {rules.data_version()!r}"
        actions = [Action.from_json(action) for action in record.actions]
        match = Match.replay(rules, [seat.name for seat in record.seats], record.options, record.seed, actions)
    except ComponentDataError as error:
        raise SaveDoesNotReplay(Say("{where:said} cannot be loaded: the game's component data cannot be used: {error}",
                                    where=where, error=str(error))) from error
    except Exception as error:
        raise SaveDoesNotReplay(Say("{where:said} does not replay ({versions}): {error}", where=where,
                                    versions=versions, error=str(error))) from error
    status = "finished" if record.ending is not None else status_of(match)  # ended early: saves.concessions
    if status != record.status:  # lists show the save's own word for it (saves.headers)
        raise SaveDoesNotReplay(Say("{where:said} says it is {status}, but its actions leave the game {now}",
                                    where=where, status=record.status, now=status))
    return match


class GameSession:
    def __init__(self, store: SaveStore, record: SaveRecord, match: Match):
        self.store = store
        self.record = record
        self.match = match
        self.written: Written | None = None
        """The save file as this session's last write found and left it; None when that write
        was refused or failed (a terminal tells its own writes from other processes' by it)."""
        self.revision = 0
        """Counts the changes of the game this session has held: a confirmed turn end or an undo
        followed by another move changes the game without changing its number of actions."""
        self.set_news: Said = ""
        """What became of the game's component set since it began, when resumed ('' if nothing)."""

    @classmethod
    def new(cls, store: SaveStore, game_id: str, title: str, seats: list[Seat],
            options: Mapping[str, Any] | None = None, seed: int | None = None,
            component_set: ComponentSet | None = None) -> GameSession:
        """A new game, played with ``component_set`` (None: the built-in components, or the folder
        TABULA_COMPONENTS names); the save keeps a copy of the set's records for the game."""
        for seat in seats:
            if seat.kind not in SEAT_KINDS:
                raise ValueError(f"seat {seat.name!r}: kind {seat.kind!r} is not one of {', '.join(SEAT_KINDS)}")
        rules = rules_for(game_id)
        kept = None if component_set is None else copy_for(component_set, game_id)
        components.select(game_id, None if kept is None else kept.layer())
        chosen = seed is not None
        seed = secrets.randbits(64) if seed is None else int(seed)  # too many seeds to find one from the draws seen
        match = Match(rules, [seat.name for seat in seats], options or {}, seed)
        if match.table_mode and all(seat.kind != HUMAN for seat in seats):
            raise ValueError("Table mode needs a human seat: the people at the table say what was drawn")
        match.draw_all()
        record = store.create(
            game_id, title or rules.title, seats, match.options, seed, str(rules.version), rules.data_version(),
            actions=[action.to_json() for action in match.actions], progress=match.progress(),
            progress_said=said_to_json(match.progress_said()), status=status_of(match), seed_chosen=chosen,
            to_move=to_move(match), component_set=kept,
        )
        return cls(store, record, match)

    @classmethod
    def resume(cls, store: SaveStore, save_id: str) -> GameSession:
        record = store.load(save_id)
        session = cls(store, record, replay_record(record))
        if record.component_set is not None:
            session.set_news = news_of(record.component_set, store.data_dir, record.game)
        session._settle()
        return session

    # -- acting ---------------------------------------------------------------------------

    def act(self, seat: int, choice_id: str, *, hold: bool = False, forced: bool = False) -> None:
        """Apply a seat's choice (IllegalChoice leaves everything unchanged), draw any chance
        steps that follow, and save; SaveConflict if another process moved first (the session
        then holds the game as it is on disk). With ``hold`` a choice that ends the seat's
        turn waits for ``confirm`` (engine.core.match), saved as waiting; ``forced``: the
        seat's only choice, taken at once for it."""
        self._check_not_ended()
        self.written = None
        start = len(self.match.actions)
        self.match.choose(seat, choice_id, hold=hold, forced=forced)
        self.match.draw_all()
        self._save_from(start)

    def confirm(self, seat: int) -> None:
        """``seat`` confirms the end of its turn: the game goes on (chance steps are drawn)."""
        self._check_not_ended()
        self.written = None
        start = len(self.match.actions)
        self.match.confirm(seat)
        self.match.draw_all()
        self._save_from(start, confirmed=True)

    def undo(self, seat: int) -> None:
        self._check_not_ended()
        self.written = None
        start = len(self.match.actions)
        self.match.undo(seat)
        try:
            self.written = self.store.truncate(self.record.id, len(self.match.actions), progress=self.progress(),
                                               progress_said=self.progress_said(), at=start,
                                               base=self.record.actions, to_move=to_move(self.match))
        except Exception:
            self._reload()
            raise
        self.revision += 1
        del self.record.actions[len(self.match.actions):]
        self.record.progress, self.record.status = self.progress(), status_of(self.match)
        self.record.progress_said, self.record.draw_offer = self.progress_said(), None

    @property
    def over(self) -> bool:
        """The game is over: its rules ended it, or its players did (``record.ending``)."""
        return self.match.finished or self.record.ending is not None

    def _check_not_ended(self) -> None:
        if self.record.ending is not None:
            raise IllegalChoice(Say("The game has ended"))

    # -- leaving the game early (saves.concessions) ------------------------------------------

    def concede(self, seat: int) -> bool:
        """``seat``'s player gives up: a Normal bot plays the seat on, or the game ends if at most
        one human would be left; True if it ended."""
        ends = ends_game([info.kind for info in self.record.seats], seat)
        self._hand_to_bot(seat, TAKE_OVER, CONCEDED, ends)
        return ends

    def hand_to_bot(self, seat: int, kind: str = TAKE_OVER) -> None:
        """A vanished player's seat is played by a bot of ``kind`` from now on."""
        if kind not in BOTS:
            raise ValueError(f"{kind!r} is not a kind of bot ({', '.join(BOTS)})")
        self._hand_to_bot(seat, kind, ABANDONED, False)

    def may_offer_draw(self) -> Said:
        """Why no draw can be offered now ('' if one can): only the two humans of a two-player game
        may agree on one."""
        if len(self.record.seats) != 2 or any(seat.kind != HUMAN for seat in self.record.seats):
            return Say("Only the two players of a two-player game between people can agree on a draw")
        return Say("The game is over") if self.over else ""

    def draw_offered_to(self, seat: int) -> bool:
        """The other player offered ``seat`` a draw, and no move was made since."""
        offer = self.record.draw_offer
        return offer is not None and offer.seat != seat and offer.at == len(self.match.actions)

    def offer_draw(self, seat: int) -> None:
        """``seat`` offers the other player a draw (it stands until answered or a move is made)."""
        why_not = self.may_offer_draw()
        if why_not:
            raise IllegalChoice(why_not)
        self._write_offer(DrawOffer(seat, len(self.match.actions), now_iso()))

    def answer_draw(self, seat: int, accept: bool) -> None:
        """``seat`` accepts the draw the other offered (the game ends, shared by both) or declines it."""
        if not self.draw_offered_to(seat):
            raise IllegalChoice("No draw is offered to you now")
        if accept:
            self._change_seat(None, DRAW)
        else:
            self._write_offer(None)

    def _write_offer(self, offer: DrawOffer | None) -> None:
        self.written = None
        try:
            self.written = self.store.offer_draw(self.record.id, offer, base=self.record.actions)
        except Exception:
            self._reload()
            raise
        self.revision += 1
        self.record.draw_offer = offer

    def _hand_to_bot(self, seat: int, kind: str, why: str, ends: bool) -> None:
        if not 0 <= seat < len(self.record.seats) or self.record.seats[seat].kind != HUMAN:
            raise IllegalChoice(Say("Only a human's seat can be handed to a bot"))
        if self.match.held == seat:
            raise IllegalChoice(Say("The end of that seat's turn waits to be confirmed or taken back first"))
        at = len(self.match.actions)
        change = SeatChange(seat, kind, why, at, len(self.match.state.get("log") or ()), now_iso())
        self._change_seat(change, CONCEDED if ends else None)

    def _change_seat(self, change: SeatChange | None, ending_why: str | None) -> None:
        if self.over:
            raise IllegalChoice(Say("The game is over"))
        self.written = None
        at = len(self.match.actions)
        ending = None if ending_why is None else Ending(ending_why, at, change.when if change else now_iso())
        said = self.match.progress_said()
        if ending is not None:
            said = Say("ended: agreed draw; {progress:said}", progress=said_to_json(said)) if change is None else \
                Say("ended: {seat:seat} conceded; {progress:said}", seat=change.seat, progress=said_to_json(said))
        progress, progress_said = self.match.words_in(ENGLISH)(said), said_to_json(said)
        try:
            self.written = self.store.change_seat(self.record.id, change, ending, progress=progress,
                                                  progress_said=progress_said, base=self.record.actions)
        except Exception:
            self._reload()
            raise
        self.revision += 1
        record = self.record  # as the write left it
        if change is not None:
            record.seats[change.seat] = Seat(record.seats[change.seat].name, change.kind)
            record.seat_changes.append(change)
        if ending is not None:
            record.ending, record.status, record.to_move = ending, "finished", []
        record.progress, record.progress_said, record.draw_offer = progress, progress_said, None
        if ending is not None:
            self._record_play()

    def bot_seats(self) -> list[int]:
        return [index for index, seat in enumerate(self.record.seats) if seat.kind != HUMAN]

    def bot_choice(self, seat: int, thinker: Thinker | None = None, progress: Progress | None = None,
                   kind: str | None = None) -> str:
        """What that seat's bot would choose now (no side effect). With a ``thinker``
        (engine.search.worker.Thinker) a search bot thinks in its process, reporting to
        ``progress``; the choice is the same either way (unless a time cap or "move now"
        ended the search). ``kind``: choose as that kind of bot would instead (a quick move)."""
        kind = kind or self.record.seats[seat].kind
        seed = bot_seed(self.record.seed, seat, len(self.match.actions))
        if thinker is not None:
            return thinker.choose(self.match, seat, kind, seed, progress)
        return make_bot(kind, seed).choose(self.match, seat).id

    def play_bots(self, limit: int | None = None) -> int:
        """Let bots act while one of them is awaited (at most ``limit`` times); returns how many acted."""
        bots, acted = set(self.bot_seats()), 0
        while limit is None or acted < limit:
            waiting = [seat for seat in self.match.awaiting() if seat in bots]
            if not waiting:
                break
            self.act(waiting[0], self.bot_choice(waiting[0]))
            acted += 1
        return acted

    # -- keeping in step with the disk -----------------------------------------------------

    def refresh(self) -> bool:
        """Re-read the save; True if another process changed its actions. Moves made after those
        this session holds are applied to its match; any other change (an undo) rebuilds it."""
        on_disk = self.store.load(self.record.id)
        held = self.record.actions
        changed = on_disk.actions != held
        if changed:
            self.match = self._followed(on_disk) if on_disk.actions[:len(held)] == held else replay_record(on_disk)
        changed = changed or ((on_disk.seats, on_disk.ending, on_disk.draw_offer)
                              != (self.record.seats, self.record.ending, self.record.draw_offer))
        if changed:
            self.revision += 1
        self.record = on_disk
        return changed

    def _followed(self, on_disk: SaveRecord) -> Match:
        """The match with the actions ``on_disk`` adds to it; rebuilt from the whole log (which
        says clearly what does not replay) if one of them does not fit."""
        if len(self.match.actions) != len(self.record.actions):
            return replay_record(on_disk)
        try:
            for action in on_disk.actions[len(self.record.actions):]:
                self.match.redo(Action.from_json(action))
        except (ReplayMismatch, ValueError, KeyError):
            return replay_record(on_disk)
        return self.match

    def progress(self) -> str:
        return self.match.progress()

    def progress_said(self) -> Any:
        """Where the game stands as the rules say it, as a save keeps it."""
        return said_to_json(self.match.progress_said())

    def _save_from(self, start: int, confirmed: bool = False) -> None:
        new = [action.to_json() for action in self.match.actions[start:]]
        progress, progress_said, status = self.progress(), self.progress_said(), status_of(self.match)
        try:
            self.written = self.store.append(self.record.id, new, at=start, base=self.record.actions,
                                             progress=progress, progress_said=progress_said, status=status,
                                             confirmed=confirmed, to_move=to_move(self.match))
        except Exception:
            self._reload()
            raise
        self.revision += 1
        if confirmed:
            self.record.actions[-1].pop("h", None)
        finished_now = status == "finished" and self.record.status != "finished"
        self.record.actions.extend(new)
        self.record.progress, self.record.status, self.record.draw_offer = progress, status, None
        self.record.progress_said = progress_said
        if finished_now:
            self._record_play()

    def _record_play(self) -> None:
        """Put the finished game into the play records. The game itself is saved already; a
        record that cannot be written now is made later by records.sync_finished_games."""
        from .records import game_record, now_iso, variant_of

        try:
            variant = variant_of(self.match.rules, self.match.options)
            self.store.records.put(game_record(self.record, self.match, variant, now_iso()))
        except (OSError, SaveError):
            pass

    def _reload(self) -> None:
        self.record = self.store.load(self.record.id)
        self.match = replay_record(self.record)
        self.revision += 1

    def _settle(self) -> None:
        """Draw chance steps a crash may have left pending (deterministic, so racing is harmless)."""
        start = len(self.match.actions)
        self.match.draw_all()
        if len(self.match.actions) > start:
            try:
                self._save_from(start)
            except SaveConflict:
                pass  # another process saved them first; we now hold its copy

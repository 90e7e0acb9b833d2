"""What the game table shows: a frozen snapshot of a SharedSession, made in the worker.

The screen never reads the live Match (the worker may be changing it): the controller builds
a ``TableState`` and hands it over. The humans of a table are the seats this terminal holds:
every free human seat of a hot-seat game, one seat of a game joined from another terminal,
none for a spectator.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core.contract import Choice, Score
from engine.core.log import visible
from saves.concessions import Ending, SeatChange
from saves.records import final_ranking
from tui.i18n import _, current, spoken

if TYPE_CHECKING:
    from saves.shared import SharedSession


@dataclass(frozen=True)
class TableState:
    game_id: str
    title: str
    names: list[str]
    kinds: list[str]
    humans: list[int]
    """The seats this terminal plays."""
    viewer: int | None
    """Whose view is shown: the acting human, else the last human shown; None = spectator."""
    view: dict[str, Any]
    awaiting: list[int]
    finished: bool
    can_undo: bool
    undo_blocked: str
    """Why the viewer cannot undo now ('' when it can): ``u`` says it rather than do nothing."""
    held: int | None
    """The seat whose turn end waits for it to confirm (or undo) it, if any."""
    has_private: bool
    scores: list[Score]
    ranking: list[tuple[int, list[int]]]
    progress: str
    position: int
    """How many actions the game had (a shared bot search names the position it thinks for)."""
    revision: int
    """Which change of the game this shows (``GameSession.revision``): a move is only made on the
    game as its player saw it."""
    runs_bots: bool
    """This terminal plays the bot seats (exactly one terminal of a game does)."""
    present: frozenset[int] = frozenset()
    """The seats a terminal holds now (their players are at the table)."""
    running_score: str = "if the game ended now"
    """What ``scores`` count while the game runs (Rules.running_score)."""
    if_ended_now: dict[int, str] | None = None
    """Each seat's total if the game ended now, where it differs from ``scores`` (Match.if_ended_now)."""
    lost: str = ""
    """Why this terminal can no longer act (its seat was taken over), or ''."""
    components: str = ""
    """The name of the component set the game is played with; '' for the built-in components."""
    hints: bool = False
    """The game allows the hint key (a generic option) and no draw is being asked for."""
    seat_changes: tuple[SeatChange, ...] = ()
    """Seats handed to a bot mid-game (saves.concessions)."""
    ending: Ending | None = None
    """Why the game ended before its rules ended it, if it did."""
    draw_offered: int | None = None
    """The seat that offers a draw now (no move made since), if one does."""
    may_offer_draw: bool = False
    """A draw may be offered in this game (its two seats are people's) and it is not over."""

    @property
    def choices(self) -> list[Choice]:
        """The viewer's choices, when the viewer must act now."""
        if self.lost or self.viewer not in self.awaiting:
            return []
        return list(self.view.get("choices", ()))

    @property
    def confirming(self) -> bool:
        """The viewer must confirm (or undo) the end of its turn now."""
        return not self.lost and self.held is not None and self.held == self.viewer

    @property
    def next_bot(self) -> int | None:
        """The bot seat this terminal must play now, if any."""
        if not self.runs_bots:
            return None
        return next((seat for seat in self.awaiting if seat >= 0 and self.kinds[seat] != "human"), None)

    @property
    def may_ask_hint(self) -> bool:
        """The viewer, a seat of this terminal, must choose now in a game with hints on."""
        return self.hints and bool(self.choices)

    def away(self, seat: int) -> bool:
        """A human seat no terminal holds: its player is not at the table."""
        return self.kinds[seat] == "human" and seat not in self.present

    @property
    def others_awaited(self) -> list[int]:
        """Awaited seats this terminal does not play: whom everyone waits for besides us."""
        return [seat for seat in self.awaiting if seat not in self.humans]


def choose_viewer(awaiting: list[int], humans: list[int], previous: int | None) -> int | None:
    """The human that must act; else the last human shown (first human at the start); else None."""
    acting = [seat for seat in awaiting if seat in humans]
    if acting:
        return acting[0]
    return last_shown(humans, previous) if humans else None


def last_shown(humans: list[int], previous: int | None) -> int:
    """The last human shown if still one of ``humans`` (not empty), else the first."""
    return previous if previous is not None and previous in humans else humans[0]


def needs_curtain(humans: list[int], revealed: int | None, viewer: int | None, has_private: bool) -> bool:
    """Pass the device first when another human's private information is about to be shown."""
    return len(humans) > 1 and has_private and viewer is not None and viewer != revealed


def undo_blocked(session: SharedSession, viewer: int | None) -> str:
    if viewer is None:
        return _("A spectator has no moves to take back.")
    if session.lost:
        return spoken(session.lost)
    return session.match.why_no_undo(viewer)


def snapshot(session: SharedSession, previous_viewer: int | None) -> TableState:
    """``session`` is a saves.shared.SharedSession (the seats this terminal holds)."""
    match = session.match
    record = session.record
    kinds = [seat.kind for seat in record.seats]
    over = session.over
    awaiting = [] if over else [seat for seat in match.awaiting() if seat >= 0]
    humans = sorted(session.seats)
    if match.asks_table() and humans:  # table mode: the human at this terminal says what was drawn
        awaiting = [last_shown(humans, previous_viewer)]
    viewer = choose_viewer(awaiting, humans, previous_viewer)
    view = match.view(viewer, language=current())
    if record.seat_changes:
        view["log"] = logged_changes(session, viewer, view["log"])
    return TableState(
        game_id=record.game,
        title=record.title,
        names=list(match.names),
        kinds=kinds,
        humans=humans,
        viewer=viewer,
        view=view,
        awaiting=awaiting,
        finished=over,
        can_undo=viewer is not None and not session.lost and not over and match.can_undo(viewer),
        undo_blocked=undo_blocked(session, viewer),
        held=match.held,
        has_private=match.has_private(viewer),
        scores=match.scores(),
        ranking=final_ranking(record, match) if over else [],
        progress=match.progress(current()),
        position=len(match.actions),
        revision=session.revision,
        runs_bots=session.runs_bots,
        present=session.present,
        lost=spoken(session.lost),
        hints=match.hints and not match.asks_table(),
        running_score=match.rules.running_score,
        if_ended_now=match.if_ended_now(viewer),
        seat_changes=tuple(record.seat_changes),
        ending=record.ending,
        draw_offered=offer.seat if (offer := record.draw_offer) is not None and offer.at == len(match.actions)
        and not over else None,
        may_offer_draw=not session.session.may_offer_draw(),
        components="" if record.component_set is None else record.component_set.name,
    )


def logged_changes(session: SharedSession, viewer: int | None, lines: list[str]) -> list[str]:
    """The viewer's log lines with a line for each seat handed to a bot, where it happened."""
    from .lines import change_line

    shown = [index for index, _, _ in visible(session.match.state, viewer)]
    lines = list(lines)
    for change in reversed(sorted(session.record.seat_changes, key=lambda change: change.log)):
        lines.insert(sum(1 for index in shown if index < change.log), change_line(session.match.names, change))
    return lines

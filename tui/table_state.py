"""What the game table shows, computed off the UI thread from a GameSession.

The table never reads the live Match from the UI thread (a worker may be changing it):
workers build a ``TableState`` snapshot and hand it to the screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.contract import Score
from tui.boards import board_module

PROBE_WIDTH = 80


@dataclass(frozen=True)
class TableState:
    game_id: str
    title: str
    names: list[str]
    kinds: list[str]
    viewer: int | None
    """Whose view is shown: the acting human, else the last human shown; None = spectator."""
    view: dict[str, Any]
    awaiting: list[int]
    finished: bool
    can_undo: bool
    has_private: bool
    scores: list[Score]
    ranking: list[tuple[int, list[int]]]
    progress: str

    @property
    def humans(self) -> list[int]:
        return human_seats(self.kinds)

    @property
    def choices(self) -> list:
        """The viewer's choices, when the viewer must act now."""
        return list(self.view.get("choices", ())) if self.viewer in self.awaiting else []

    @property
    def next_bot(self) -> int | None:
        return next((seat for seat in self.awaiting if seat >= 0 and self.kinds[seat] != "human"), None)


def human_seats(kinds: list[str]) -> list[int]:
    return [seat for seat, kind in enumerate(kinds) if kind == "human"]


def choose_viewer(awaiting: list[int], humans: list[int], previous: int | None) -> int | None:
    """The human that must act; else the last human shown (first human at the start); else None."""
    acting = [seat for seat in awaiting if seat in humans]
    if acting:
        return acting[0]
    if previous in humans:
        return previous
    return humans[0] if humans else None


def needs_curtain(humans: list[int], revealed: int | None, viewer: int | None, has_private: bool) -> bool:
    """Pass the device first when another human's private information is about to be shown."""
    return len(humans) > 1 and has_private and viewer is not None and viewer != revealed


def snapshot(session, previous_viewer: int | None) -> TableState:
    match = session.match
    record = session.record
    kinds = [seat.kind for seat in record.seats]
    awaiting = [seat for seat in match.awaiting() if seat >= 0]
    viewer = choose_viewer(awaiting, human_seats(kinds), previous_viewer)
    view = match.view(viewer)
    has_private = viewer is not None and board_module(record.game).private(view, viewer, PROBE_WIDTH) is not None
    return TableState(
        game_id=record.game,
        title=record.title,
        names=list(match.names),
        kinds=kinds,
        viewer=viewer,
        view=view,
        awaiting=awaiting,
        finished=match.finished,
        can_undo=viewer is not None and match.can_undo(viewer),
        has_private=has_private,
        scores=match.scores(),
        ranking=match.ranking() if match.finished else [],
        progress=session.progress(),
    )

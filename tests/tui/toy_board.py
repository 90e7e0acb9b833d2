"""Board renderer for tests/toygame.py (registered as tui.boards.toy in the TUI tests): the
smallest board, the three default kinds of panel."""

from __future__ import annotations

from engine.core.seats import seat_tag
from tui.boards.base import Board


class ToyBoard(Board):
    def shared(self, view, frame):
        return f"Deck: {view['deck']} cards   (width {frame.width})"

    def player(self, view, seat, frame):
        return f"{seat_tag(seat)} played {view['played'][seat]} · {view['hand_sizes'][seat]} cards in hand"

    def private(self, view, frame):
        hand = view.get("hand")
        if hand is None:
            return None
        return "Hand: " + (" ".join(str(card) for card in hand) or "(empty)")


BOARD = ToyBoard()

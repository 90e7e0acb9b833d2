"""Board renderer for tests/toygame.py (registered as tui.boards.toy in the TUI tests)."""

from __future__ import annotations

from engine.core.seats import seat_tag


def shared(view: dict, width: int):
    return f"Deck: {view['deck']} cards   (width {width})"


def player(view: dict, seat: int, width: int):
    return f"{seat_tag(seat)} played {view['played'][seat]} · {view['hand_sizes'][seat]} cards in hand"


def private(view: dict, viewer: int, width: int):
    hand = view.get("hand")
    if hand is None:
        return None
    return "Hand: " + (" ".join(str(card) for card in hand) or "(empty)")

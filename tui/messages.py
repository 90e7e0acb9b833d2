"""Custom messages, so widgets tell screens what happened without importing each other."""

from __future__ import annotations

from textual.message import Message


class ChoiceMade(Message):
    """A player picked one of the legal choices shown in a ChoiceList."""

    def __init__(self, choice_id: str) -> None:
        super().__init__()
        self.choice_id = choice_id


class ChoicePageTurned(Message):
    """The choice list shows another page of a list longer than the keys (its keys are that page's)."""

    def __init__(self, page: int) -> None:
        super().__init__()
        self.page = page


class CurtainLifted(Message):
    """The player the device was passed to confirmed they are at the screen."""

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat

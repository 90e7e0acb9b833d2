"""The key that picks each choice: 1-9, then letters the table does not use for anything else,
so every choice of a long list has a key and the boards mark a choice's place by it.

Lower-case first, then upper-case; letters the boards draw as glyphs (a-d, A-D: the seats'
pieces; H, N, T: Thebai's reserved spaces and neutral tiles, a temple) are left out so a key on
a map is never read as a piece (tests/tui/test_board_glyphs.py checks every palette).

A standing choice (pass, end the turn, done, stop: its ``Args.standing``, engine/core/choices.py)
is offered with whatever else a step offers, so its place in the list moves from one turn to the
next: it has a key of its own, ``STANDING_KEY``, and is shown last on every page; the other
choices take the keys by their places.

A list longer than the keys is shown a page at a time (as NetHack's menus are): the keys belong
to the page shown, ``>`` and ``<`` turn the pages, and a board marks a choice of another page
with the key that brings it up (``>`` or ``<``)."""

from __future__ import annotations

from collections.abc import Sequence
from string import ascii_lowercase, ascii_uppercase

from engine.core.contract import Choice

TABLE_KEYS = "hlmosuvzV"
"""Letters the table itself binds (hint, log, move now, settings, scores, undo, view, zoom)."""
BOARD_LETTERS = "abcdABCDHNT"

CHOICE_KEYS = "123456789" + "".join(
    key for key in ascii_lowercase + ascii_uppercase if key not in TABLE_KEYS + BOARD_LETTERS)
PAGE = len(CHOICE_KEYS)
"""Choices on a page of the list besides the standing one: one for each key."""
STANDING_KEY = "0"
"""The key of the standing choice (pass, end the turn, done...), whatever else is offered."""
NEXT_PAGE, PREVIOUS_PAGE = ">", "<"
"""The keys that turn the list's pages, and how a board marks a choice of a later (earlier) page."""


def choice_key(number: int) -> str:
    """The key of the ``number``-th choice of a page but the standing one (1-based), or '' past the last key."""
    return CHOICE_KEYS[number - 1] if 1 <= number <= PAGE else ""


def is_standing(choice: Choice) -> bool:
    return choice.args is not None and choice.args.standing


class ChoicePages:
    """A list of choices as the table shows it: pages of ``PAGE`` choices keyed by their places,
    each page ending with the standing choice (the first one, should a step offer several) under
    ``STANDING_KEY``."""

    def __init__(self, choices: Sequence[Choice]) -> None:
        self.standing = next((choice for choice in choices if is_standing(choice)), None)
        self.placed = [choice for choice in choices if choice is not self.standing]

    @property
    def count(self) -> int:
        return max(1, -(-len(self.placed) // PAGE))

    def page(self, page: int) -> list[tuple[str, Choice]]:
        """The choices shown on ``page`` (0-based), each with its key."""
        shown = [(choice_key(n), choice) for n, choice in enumerate(self.placed[page * PAGE:(page + 1) * PAGE], 1)]
        return shown + [(STANDING_KEY, self.standing)] if self.standing is not None else shown

    def page_of(self, choice: Choice) -> int | None:
        """The page ``choice`` is shown on (None: the standing choice, on every page)."""
        return None if choice is self.standing else self.placed.index(choice) // PAGE

    def marks(self, page: int) -> dict[str, str]:
        """How each choice (by id) is marked while ``page`` is shown: its key there, or the key
        that turns to its page."""
        marks = {}
        for index, choice in enumerate(self.placed):
            on = index // PAGE
            marks[choice.id] = (choice_key(index % PAGE + 1) if on == page
                                else NEXT_PAGE if on > page else PREVIOUS_PAGE)
        if self.standing is not None:
            marks[self.standing.id] = STANDING_KEY
        return marks

"""The key that picks each choice: 1-9, then letters the table does not use for anything else,
so every choice of a long list has a key and the boards mark a choice's place by it.

Lower-case first, then upper-case; letters the boards draw as glyphs (a-d, A-D: the seats'
pieces; H, N, T: Thebai's reserved spaces and neutral tiles, a temple) are left out so a key on
a map is never read as a piece (tests/tui/test_board_glyphs.py checks every palette).

A list longer than the keys is shown a page at a time (as NetHack's menus are): the keys belong
to the page shown, ``>`` and ``<`` turn the pages, and a board marks a choice of another page
with the key that brings it up (``>`` or ``<``)."""

from __future__ import annotations

from string import ascii_lowercase, ascii_uppercase

TABLE_KEYS = "hlmosuvzV"
"""Letters the table itself binds (hint, log, move now, settings, scores, undo, view, zoom)."""
BOARD_LETTERS = "abcdABCDHNT"

CHOICE_KEYS = "123456789" + "".join(
    key for key in ascii_lowercase + ascii_uppercase if key not in TABLE_KEYS + BOARD_LETTERS)
PAGE = len(CHOICE_KEYS)
"""Choices on a page of the list: one for each key."""
NEXT_PAGE, PREVIOUS_PAGE = ">", "<"
"""The keys that turn the list's pages, and how a board marks a choice of a later (earlier) page."""


def choice_key(number: int) -> str:
    """The key of the ``number``-th choice of a page (1-based), or '' past the last key."""
    return CHOICE_KEYS[number - 1] if 1 <= number <= PAGE else ""


def key_number(key: str) -> int | None:
    """The choice number (on the page shown) a key picks, if it is a choice key."""
    index = CHOICE_KEYS.find(key) if len(key) == 1 else -1
    return index + 1 if index >= 0 else None


def page_count(choices: int) -> int:
    return max(1, -(-choices // PAGE))


def page_of(number: int) -> int:
    """The page (0-based) of the ``number``-th choice of the whole list (1-based)."""
    return (number - 1) // PAGE


def choice_mark(number: int, page: int = 0) -> str:
    """How a board marks the ``number``-th choice of the whole list while ``page`` is shown: its
    key there, or the key that turns to its page."""
    on = page_of(number)
    if on == page:
        return choice_key(number - page * PAGE)
    return NEXT_PAGE if on > page else PREVIOUS_PAGE

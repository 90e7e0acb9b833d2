"""The key that picks each choice: 1-9, then letters the table does not use for anything else,
so every choice of a long list has a key and the boards mark a choice's place by it.

Lower-case first, then upper-case; letters the boards draw as pieces (a-d, A-D: the seats)
or markers (T: a temple) are left out so a key on a map is never read as a piece."""

from __future__ import annotations

from string import ascii_lowercase, ascii_uppercase

TABLE_KEYS = "hlmosuvzV"
"""Letters the table itself binds (hint, log, move now, settings, scores, undo, view, zoom)."""
BOARD_LETTERS = "abcdABCDT"

CHOICE_KEYS = "123456789" + "".join(
    key for key in ascii_lowercase + ascii_uppercase if key not in TABLE_KEYS + BOARD_LETTERS)


def choice_key(number: int) -> str:
    """The key of the ``number``-th choice (1-based), or '' past the last key."""
    return CHOICE_KEYS[number - 1] if 1 <= number <= len(CHOICE_KEYS) else ""


def key_number(key: str) -> int | None:
    """The choice number a key picks, if it is a choice key."""
    index = CHOICE_KEYS.find(key) if len(key) == 1 else -1
    return index + 1 if index >= 0 else None


KEYS_LEGEND = "1-9 and letters"
"""How a legend names the choice keys on a board."""

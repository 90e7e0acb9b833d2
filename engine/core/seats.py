"""Seat identity that never depends on colour: a letter and a symbol per seat."""

LETTERS = "ABCDE"
SYMBOLS = "●▲■◆★"


def seat_letter(seat: int) -> str:
    return LETTERS[seat]


def seat_tag(seat: int) -> str:
    return f"{SYMBOLS[seat]}{LETTERS[seat]}"

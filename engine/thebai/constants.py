"""Names and numbers of Thebai that the rulebook fixes (not component data)."""

COLOURS = ("green", "blue", "peach", "red")
"""Player colours, seat 0 first."""
SUITS = ("blue", "gold", "white", "black")
"""Contract suits; the rulebook's set-collection example has a blue suit."""
ROWS = 7
"""City rows, one per gate."""
TRACKS = ("dionysus", "ares")
"""The devotion tracks, Dionysus (turn order) first."""
ESTATE_ROWS, ESTATE_COLS = 3, 5
ROUNDS = 10
CONFLICT_ROUNDS = (3, 5, 7, 9)
FATE_LAYOUT = ("alpha", "beta", "gamma", "delta", "gamma", "delta", "omega", "delta", "omega", "delta")
"""Fate tile of each round: the top row (face up) then the bottom row (face down), by stack."""
FACES = ("1", "1*", "2", "2*", "3", "3*")
"""Die faces by index; a promotion from the last one is an ascension."""
TOP_FACE = len(FACES) - 1
DEMOTE_LOSS = 3
"""VP lost when a die on face 1 is demoted."""
TOP_FACE_VP = 1
"""VP for promoting a die that cannot ascend (personal supply, estate, council)."""
ABILITIES = ("row", "site", "track", "post", "contract", "council")
"""Commander abilities, in the rulebook appendix's order (three cards share 'row')."""


def power(face: int) -> int:
    return face // 2 + 1

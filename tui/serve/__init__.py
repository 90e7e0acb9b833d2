"""Play across terminals: the SSH and web servers and `tabula join` (the shared-table session is saves/shared.py).

Light on purpose: the command line reads it to describe `tabula serve`; asyncssh and
textual-serve are imported only by the server that runs."""

SSH_PORT = 2222
"""Default port of `tabula serve ssh`."""

import os

SEAT_PER_TERMINAL = "TABULA_SEAT_PER_TERMINAL"
"""Environment variable set for apps the SSH and web servers run (a *served* app): every
terminal is one player, so opening a saved game always asks which seat to take (instead of
playing every free seat), hot-seat is offered only where the host allowed it, and nothing is
written on the server's disk at a player's request (no screenshots)."""

PLAYER_NAME = "TABULA_PLAYER_NAME"
"""Environment variable set for apps the SSH server runs: the login name, offered as the
player's name when they set up a new game."""

PLAYER_KEY = "TABULA_PLAYER_KEY"
"""Environment variable set for apps the SSH server runs: the fingerprint of the public key the
player logged in with. Seats taken under a key belong to that key (saves/seats.py)."""


def served() -> bool:
    """This app was started by `tabula serve` for a player we do not otherwise know."""
    return bool(os.environ.get(SEAT_PER_TERMINAL))


def identity() -> str | None:
    """Who plays at this terminal, for seat owners (saves/seats.py): None at a local terminal
    (the host's), else the player's key fingerprint ('' when the server knows no key)."""
    return os.environ.get(PLAYER_KEY, "") if served() else None

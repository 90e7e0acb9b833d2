"""Play across terminals: the SSH and web servers and `tabula join` (the shared-table session is saves/shared.py).

Light on purpose: the command line reads it to describe `tabula serve`; asyncssh and
textual-serve are imported only by the server that runs."""

SSH_PORT = 2222
"""Default port of `tabula serve ssh`."""

SEAT_PER_TERMINAL = "TABULA_SEAT_PER_TERMINAL"
"""Environment variable set for apps the SSH server runs: every terminal is one player, so
opening a saved game always asks which seat to take (instead of playing every free seat)."""

PLAYER_NAME = "TABULA_PLAYER_NAME"
"""Environment variable set for apps the SSH server runs: the login name, offered as the
player's name when they set up a new game."""

PLAYER_KEY = "TABULA_PLAYER_KEY"
"""Environment variable set for apps the SSH server runs: the fingerprint of the public key the
player logged in with. Seats taken under a key belong to that key (saves/seats.py)."""

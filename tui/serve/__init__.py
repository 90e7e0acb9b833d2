"""Play across terminals: the SSH and web servers and `tabula join` (the shared-table session is saves/shared.py).

Light on purpose: the command line reads it to describe `tabula serve`; asyncssh and
textual-serve are imported only by the server that runs."""

import os
import warnings
from dataclasses import dataclass

# asyncssh still knows DSA keys, which Tabula never makes or accepts; cryptography's notice that
# they are deprecated is printed on import, to the host starting a server, who can do nothing about it
warnings.filterwarnings("ignore", message="DSA is deprecated", module="asyncssh")

SSH_PORT = 2222
"""Default port of `tabula serve ssh`."""
WEB_PORT = 8022
"""Default port of `tabula serve web`."""

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


BOT_WORKERS = "TABULA_BOT_WORKERS"
"""Environment variable set for served apps: how many bot searches may run at once on the
whole server (saves/thinker_slots.py)."""

BOT_GAMES_PER_KEY = "TABULA_BOT_GAMES_PER_KEY"
"""Environment variable set for served apps: how many of one player key's games may have their
bots thinking, or waiting in line for a thinker, at once."""

BOT_GAMES = "TABULA_BOT_GAMES"
"""Environment variable set for served apps: "1" if the host allows games of bots only."""

BOT_GAMES_PER_KEY_DEFAULT = 2

REHEARSAL = "TABULA_REHEARSAL"
"""Environment variable of the servers: "0" skips the fork server's rehearsal of the app
(tui/serve/rehearsal.py); the tests set it, as they start some forty servers and each rehearsal
costs about a second and a half of CPU, and turn it on where they look at it."""


def default_bot_workers() -> int:
    """The server's default cap on searches at once: the cores this process may use, less one
    (for the players' terminals), at least one."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, cores - 1)


@dataclass(frozen=True)
class BotLimits:
    """What a served app's bots may use: ``workers`` searches at once server-wide, ``per_key``
    games per player key thinking or in line, and whether games of bots only may be run."""

    workers: int
    per_key: int = BOT_GAMES_PER_KEY_DEFAULT
    bot_games: bool = False

    def environment(self) -> dict[str, str]:
        return {BOT_WORKERS: str(self.workers), BOT_GAMES_PER_KEY: str(self.per_key),
                BOT_GAMES: "1" if self.bot_games else "0"}


def bot_limits() -> BotLimits | None:
    """The limits on this app's bots: None at a local terminal (no limit), else those the server
    set (its defaults for any it did not: a served app is capped whoever started it)."""
    if not served():
        return None

    def number(name: str, default: int) -> int:
        text = os.environ.get(name, "")
        return int(text) if text.isdigit() and int(text) >= 1 else default

    return BotLimits(number(BOT_WORKERS, default_bot_workers()), number(BOT_GAMES_PER_KEY, BOT_GAMES_PER_KEY_DEFAULT),
                     os.environ.get(BOT_GAMES) == "1")

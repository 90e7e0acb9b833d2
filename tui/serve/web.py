"""`tabula serve web`: the same app in a browser, one app per visit (textual-serve).

Each visit's app is a fork of one preloaded process, as the SSH server's players' are
(tui/serve/forkserver.py): textual-serve runs a small command per visit (tui/serve/visit.py) that
hands its standard streams to the fork server, so that the visits share the app's code and data.

textual-serve has no login of its own, so it listens on loopback unless told otherwise; put
it behind an authenticating reverse proxy before opening it to a network.
"""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

from tui.serve import SEAT_PER_TERMINAL, WEB_PORT, visit

LOOPBACK = ("127.0.0.1", "::1", "localhost")


def app_command(door: str, data_dir: Path) -> str:
    """The shell command textual-serve runs for each browser visit: the app, forked at ``door``. The
    visit's own process is the script alone, without ``site`` (what it imports is the standard library)."""
    return shlex.join([sys.executable, "-S", visit.__file__, door, "-m", "tui.cli", "--data-dir", str(data_dir)])


def run(data_dir: Path, host: str = "127.0.0.1", port: int = WEB_PORT, public_url: str | None = None) -> int:
    from textual_serve.server import Server

    from tui.serve.forkserver import door_open

    if host not in LOOPBACK:
        print(f"WARNING: serving on {host}: textual-serve has no authentication; anyone who can reach "
              f"port {port} can play. Put it behind a proxy that logs people in.", file=sys.stderr)
    os.environ[SEAT_PER_TERMINAL] = "1"  # every browser is one player; the apps get the visit's environment
    with door_open() as door:
        Server(app_command(door, data_dir), host=host, port=port, title="Tabula", public_url=public_url).serve()
    return 0

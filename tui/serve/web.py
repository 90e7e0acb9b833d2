"""`tabula serve web`: the same app in a browser, one app process per visit (textual-serve).

textual-serve has no login of its own, so it listens on loopback unless told otherwise; put
it behind an authenticating reverse proxy before opening it to a network.
"""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

from tui.serve import SEAT_PER_TERMINAL

DEFAULT_PORT = 8022
LOOPBACK = ("127.0.0.1", "::1", "localhost")


def app_command(data_dir: Path) -> str:
    """The shell command textual-serve runs for each browser visit."""
    return shlex.join([sys.executable, "-m", "tui.cli", "--data-dir", str(data_dir)])


def run(data_dir: Path, host: str = "127.0.0.1", port: int = DEFAULT_PORT, public_url: str | None = None) -> int:
    from textual_serve.server import Server

    if host not in LOOPBACK:
        print(f"WARNING: serving on {host}: textual-serve has no authentication; anyone who can reach "
              f"port {port} can play. Put it behind a proxy that logs people in.", file=sys.stderr)
    os.environ[SEAT_PER_TERMINAL] = "1"  # every browser is one player; the apps inherit the environment
    Server(app_command(data_dir), host=host, port=port, title="Tabula", public_url=public_url).serve()
    return 0

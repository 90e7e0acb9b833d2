"""A browser visit of `tabula serve web`: ``python -S .../tui/serve/visit.py DOOR ARGV...``.

textual-serve runs a command per visit, with pipes for its standard streams. This one starts no
app of its own: it hands its three streams to the fork server at ``DOOR`` (tui/serve/forkserver.py),
which forks the preloaded app on them (``python ARGV...``), and waits for that app to end, ending
with its exit status. Its own end (killed, or its parent gone) hangs the app up. It imports nothing
but the standard library, so that a visit costs one small process besides the forked app.
"""

from __future__ import annotations

import json
import os
import socket
import struct
import sys

NUMBER = struct.Struct("!i")
"""The fork server's pid and exit status messages (forkserver.NUMBER, not imported: it preloads the app)."""


def main(argv: list[str]) -> int:
    door_path, app = argv[1], argv[2:]
    with socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET) as door:
        try:
            door.connect(door_path)
            request = json.dumps({"argv": app, "env": dict(os.environ), "memory_limit": 0}).encode()
            socket.send_fds(door, [request], [0, 1, 2])
        except OSError as error:
            print(f"tabula: the web server's fork server cannot be reached ({error})", file=sys.stderr)
            return 1
        if len(door.recv(NUMBER.size)) != NUMBER.size:
            print("tabula: the web server's fork server did not start the app", file=sys.stderr)
            return 1
        nothing = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):  # the app's now: textual-serve reads the end of its output when the app ends
            os.dup2(nothing, fd)
        status = door.recv(NUMBER.size)
    code = NUMBER.unpack(status)[0] if len(status) == NUMBER.size else -1
    return code if 0 <= code < 256 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))

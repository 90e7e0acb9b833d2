"""Tabula on a real pseudo-terminal, read as a user at that terminal sees it (bench and tests)."""

from __future__ import annotations

import fcntl
import math
import os
import pty
import re
import select
import struct
import sys
import termios
import time
from pathlib import Path

ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[PX^_].*?\x1b\\|\x1b\].*?(\x07|\x1b\\)|\x1b.")


def app_environment() -> dict[str, str]:
    """The environment a terminal gives its program. Passed explicitly: under pytest, readline has
    put COLUMNS and LINES into this process's C environment (not os.environ), and an app that
    inherited them would ignore the terminal's real size."""
    env = {key: value for key, value in os.environ.items() if key not in ("COLUMNS", "LINES")}
    return env | {"TERM": "xterm-256color"}


def set_size(fd: int, cols: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


class Terminal:
    """Tabula running on a real pseudo-terminal, as a user at an 80x24 terminal sees it."""

    def __init__(self, data_dir: Path | None, cols: int = 80, rows: int = 24, argv: list[str] | None = None,
                 cwd: Path | None = None):
        """Tabula on ``data_dir``; or the program ``argv``, run in ``cwd``."""
        argv = argv or [sys.executable, "-m", "tui.cli", "--data-dir", str(data_dir)]
        self.started = time.perf_counter()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # sized before the app starts, so that it never reads a size not yet set
            set_size(pty.STDIN_FILENO, cols, rows)
            if cwd is not None:
                os.chdir(cwd)
            os.execve(argv[0], argv, app_environment())
        self.seen = ""

    def resize(self, cols: int, rows: int) -> None:
        """What a terminal window does when dragged: the kernel then sends the app SIGWINCH."""
        set_size(self.fd, cols, rows)

    def read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if ready:
            self.seen += os.read(self.fd, 1 << 20).decode("utf-8", "replace")
        return bool(ready)

    def wait_for(self, text: str, timeout: float = 20) -> float:
        """Seconds since start until ``text`` is on screen (NaN if it never shows)."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            if text in ANSI.sub("", self.seen):
                return time.perf_counter() - self.started
            self.read(0.02)
        return float("nan")

    def expect(self, text: str, timeout: float = 10) -> None:
        """Fails unless ``text`` shows up within ``timeout`` seconds; what was read is then forgotten."""
        if math.isnan(self.wait_for(text, timeout)):
            raise AssertionError(f"{text!r} not shown within {timeout} s; last drawn: {ANSI.sub('', self.seen)[-800:]!r}")
        self.seen = ""

    def expect_any(self, texts: tuple[str, ...], timeout: float = 10) -> str:
        """The first of ``texts`` to show up within ``timeout`` seconds (else fails); what was
        read is kept."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            shown = ANSI.sub("", self.seen)
            found = next((text for text in texts if text in shown), None)
            if found is not None:
                return found
            self.read(0.02)
        raise AssertionError(f"none of {texts!r} shown within {timeout} s; last drawn: {ANSI.sub('', self.seen)[-800:]!r}")

    def settle(self, quiet: float = 0.3) -> str:
        """Read until the app is quiet; returns the text it drew and forgets it."""
        while self.read(quiet):
            pass
        drawn, self.seen = ANSI.sub("", self.seen), ""
        return drawn

    def key_to_repaint(self, key: bytes) -> float:
        """Seconds from writing a key to the first bytes of the repaint arriving."""
        start = time.perf_counter()
        os.write(self.fd, key)
        if not self.read(2):
            return float("nan")
        elapsed = time.perf_counter() - start
        self.settle(0.05)
        return elapsed

    def key_to_settled(self, key: bytes, quiet: float = 0.15) -> tuple[float, str]:
        """Seconds from writing a key to the last byte of what it drew (nothing more for
        ``quiet`` seconds after it), and the text drawn."""
        start = time.perf_counter()
        os.write(self.fd, key)
        last = start
        while self.read(quiet):
            last = time.perf_counter()
        drawn, self.seen = ANSI.sub("", self.seen), ""
        return last - start, drawn

    def cpu_seconds(self) -> float:
        """The CPU time the app has used so far, all its threads (Linux; 10 ms steps)."""
        with open(f"/proc/{self.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def close(self) -> None:
        os.kill(self.pid, 9)
        os.waitpid(self.pid, 0)
        os.close(self.fd)

"""Tabula on a real pseudo-terminal, read as a user at that terminal sees it (bench and tests)."""

from __future__ import annotations

import ctypes
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


def process_cpu_clock(pid: int) -> int | None:
    """The id of the clock that counts ``pid``'s CPU time (all its threads), or None where the C
    library or the kernel does not give one."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        clock = ctypes.c_int()
        if libc.clock_getcpuclockid(pid, ctypes.byref(clock)) != 0:
            return None
        time.clock_gettime(clock.value)
    except (AttributeError, OSError):
        return None
    return clock.value


def cpu_resolution() -> str:
    """How finely ``Terminal.cpu_seconds`` counts here, for the bench's row names."""
    return "ns clock" if process_cpu_clock(os.getpid()) is not None else "10 ms steps"


def set_size(fd: int, cols: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


class Terminal:
    """Tabula running on a real pseudo-terminal, as a user at an 80x24 terminal sees it."""

    def __init__(self, data_dir: Path | None, cols: int = 80, rows: int = 24, argv: list[str] | None = None,
                 cwd: Path | None = None, screen: bool = False):
        """Tabula on ``data_dir``; or the program ``argv``, run in ``cwd``. ``screen``: keep what
        the terminal shows, cell by cell (``key_to_shown``), as a terminal emulator (pyte) would."""
        argv = argv or [sys.executable, "-m", "tui.cli", "--data-dir", str(data_dir)]
        self.started = time.perf_counter()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # sized before the app starts, so that it never reads a size not yet set
            set_size(pty.STDIN_FILENO, cols, rows)
            if cwd is not None:
                os.chdir(cwd)
            os.execve(argv[0], argv, app_environment())
        self.cpu_clock = process_cpu_clock(self.pid)
        """The app's process CPU clock, where the platform gives one (``cpu_seconds``)."""
        self.seen = ""
        self.screen = None
        self._unshown = bytearray()
        """Output not yet put on ``screen``."""
        if screen:
            import pyte

            self.screen = pyte.Screen(cols, rows)
            self._stream = pyte.ByteStream(self.screen)

    def resize(self, cols: int, rows: int) -> None:
        """What a terminal window does when dragged: the kernel then sends the app SIGWINCH."""
        set_size(self.fd, cols, rows)

    def read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if ready:
            data = os.read(self.fd, 1 << 20)
            self.seen += data.decode("utf-8", "replace")
            if self.screen is not None:
                self._unshown += data
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
            raise AssertionError(f"{text!r} not shown within {timeout} s; "
                                 f"last drawn: {ANSI.sub('', self.seen)[-800:]!r}")
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
        raise AssertionError(f"none of {texts!r} shown within {timeout} s; "
                             f"last drawn: {ANSI.sub('', self.seen)[-800:]!r}")

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

    def key_to_shown(self, key: bytes, quiet: float = 0.15, expect: tuple[str, ...] = (),
                     timeout: float = 10) -> tuple[float, float, str]:
        """Seconds from writing a key to the last change of what the terminal shows (a cell's
        character or style: a repaint that sends the same cells again changes nothing a user
        sees), and to the last byte the app wrote (nothing more for ``quiet`` seconds after
        it, and one of ``expect`` shown, if given, within ``timeout``); and the text drawn.
        Needs ``screen``; the emulator reads the output after the last byte came, so that it
        delays no read."""
        self._show(self._unshown)
        self._unshown.clear()
        start = time.perf_counter()
        os.write(self.fd, key)
        chunks: list[tuple[float, bytes]] = []
        while True:
            waiting = bool(expect) and not any(text in ANSI.sub("", self.seen) for text in expect)
            if self.read(quiet):
                chunks.append((time.perf_counter(), bytes(self._unshown)))
                self._unshown.clear()
            elif not waiting:
                break
            elif time.perf_counter() - start > timeout:
                raise AssertionError(f"none of {expect!r} shown within {timeout} s; "
                                     f"last drawn: {ANSI.sub('', self.seen)[-800:]!r}")
        changed = start
        for at, data in chunks:
            if self._show(data):
                changed = at
        drawn, self.seen = ANSI.sub("", self.seen), ""
        return changed - start, (chunks[-1][0] if chunks else start) - start, drawn

    def key_to_frames(self, key: bytes, quiet: float = 0.15, expect: tuple[str, ...] = (),
                      timeout: float = 20) -> tuple[float, float, list[tuple[float, list[str]]]]:
        """Seconds from writing ``key`` to the first and to the last change of what the terminal
        shows (the output ends with ``quiet`` seconds of silence, not counted, once one of
        ``expect`` has shown), and each screen that changed, as the seconds since the key and its
        lines (NaN and none, if nothing changed). Needs ``screen``; the emulator reads the output
        once it has all come."""
        self.shown()
        start = time.perf_counter()
        os.write(self.fd, key)
        chunks: list[tuple[float, bytes]] = []
        while True:
            waiting = bool(expect) and not any(text in ANSI.sub("", self.seen) for text in expect)
            if self.read(quiet):
                chunks.append((time.perf_counter() - start, bytes(self._unshown)))
                self._unshown.clear()
            elif not waiting:
                break
            elif time.perf_counter() - start > timeout:
                raise AssertionError(f"none of {expect!r} shown within {timeout} s; "
                                     f"last drawn: {ANSI.sub('', self.seen)[-800:]!r}")
        self.seen = ""
        frames = [(at, list(self.screen.display)) for at, data in chunks if self._show(data)]
        return (frames[0][0], frames[-1][0], frames) if frames else (math.nan, math.nan, [])

    def shown(self) -> list[str]:
        """The lines the terminal shows now, of what was read so far. Needs ``screen``."""
        self._show(self._unshown)
        self._unshown.clear()
        return list(self.screen.display)

    def _show(self, data: bytes) -> bool:
        """Put ``data`` on the screen; whether any cell changed."""
        before = self._cells()
        self._stream.feed(bytes(data))
        return self._cells() != before

    def _cells(self) -> list:
        buffer = self.screen.buffer
        return [tuple(buffer[y][x] for x in range(self.screen.columns)) for y in range(self.screen.lines)]

    def cpu_seconds(self) -> float:
        """The CPU time the app has used so far, all its threads: read from its process CPU clock
        (nanoseconds), or where that clock cannot be read, from /proc in the kernel's ticks."""
        if self.cpu_clock is not None:
            return time.clock_gettime(self.cpu_clock)
        with open(f"/proc/{self.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def close(self) -> None:
        os.kill(self.pid, 9)
        os.waitpid(self.pid, 0)
        os.close(self.fd)

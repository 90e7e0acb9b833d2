"""A stand-in for Tabula on the server's pty: reports its terminal, echoes lines, quits on 'q';
Ctrl+E reports its environment, Ctrl+N tries to take 2 GiB of memory, Ctrl+P reports its
process (parent, session, memory limit, open file descriptors, a random number, and whether
Textual was loaded before it started), Ctrl+K crashes it (SIGSEGV).

It lets the SSH tests check the server's plumbing (pty, size, resize, input, hangup)
independently of the real app, which has its own round-trip test.
"""

import sys

PRELOADED = "textual.app" in sys.modules

import fcntl  # noqa: E402 (after the check above)
import os  # noqa: E402
import random  # noqa: E402
import resource  # noqa: E402
import signal  # noqa: E402
import termios  # noqa: E402
import tty  # noqa: E402


def report_size(*_):
    """Also a signal handler: one write, which a second SIGWINCH cannot enter as it could a print."""
    columns, rows = os.get_terminal_size(1)
    os.write(1, f"SIZE {columns}x{rows} TTY {os.isatty(0)} PID {os.getpid()}\r\n".encode())


def report_process():
    fds = []
    for fd in range(1024):
        try:
            fcntl.fcntl(fd, fcntl.F_GETFD)
            fds.append(str(fd))
        except OSError:
            pass
    pid = os.getpid()
    print(f"PROC pid={pid} ppid={os.getppid()} sid={os.getsid(0)} as={resource.getrlimit(resource.RLIMIT_AS)[0]} "
          f"fds={','.join(fds)} random={random.getrandbits(64)} preloaded={PRELOADED}", end="\r\n", flush=True)


def main():
    signal.signal(signal.SIGWINCH, report_size)
    tty.setraw(0, termios.TCSANOW)
    report_size()
    line = b""
    while True:
        try:
            byte = os.read(0, 1)
        except InterruptedError:
            continue
        if byte == b"\x05":
            shown = ("TERM", "TABULA", "NO_COLOR", "COLORTERM", "LANG", "LC_")
            env = " ".join(f"{key}={value!r}" for key, value in sorted(os.environ.items()) if key.startswith(shown))
            print(f"ENV {env}", end="\r\n", flush=True)
            continue
        if byte == b"\x10":
            report_process()
            continue
        if byte == b"\x0b":
            os.kill(os.getpid(), signal.SIGSEGV)
        if byte == b"\x0e":
            try:
                hoard = bytearray(2 << 30)
                print(f"TOOK {len(hoard) >> 20} MiB", end="\r\n", flush=True)
            except MemoryError:
                print("MEMORY ERROR", end="\r\n", flush=True)
            continue
        if not byte or byte == b"q":
            print("BYE", end="\r\n", flush=True)
            return
        if byte == b"\r":
            print(f"GOT {line.decode()}", end="\r\n", flush=True)
            line = b""
        else:
            line += byte


if __name__ == "__main__":
    main()

"""Players' apps as forks of one preloaded process (a fork server), so that they share its pages.

`tabula serve ssh` and `tabula serve web` start this module once, as a process of its own
(``python -m tui.serve.forkserver FD [DOOR_FD]``). It imports Textual, Rich, the app, the engine and every game with its
data, rehearses the app once, headless, up to a table of each game (tui/serve/rehearsal.py: the
caches every app fills are filled here), keeps all that out of the garbage collector's way
(``gc.freeze``: a collection in a child then leaves those pages alone), and forks one child per
player: the code and data the children only read stay shared, copy-on-write, instead of being
loaded again by each player.

Forks come only from this process, which runs no event loop and no thread once the rehearsal has
ended: a fork of the asyncio server would copy its loop, its threads' locks and every player's
connection.

The server asks on the control socket (a Unix SEQPACKET socket, one request per message): JSON
``{"argv": [...], "env": {...}, "memory_limit": N}`` (``argv`` as given to Python: a script and
its arguments, or ``-m`` and a module) with two file descriptors, the terminal end of the
player's pty and the player's own session socket. On the session socket this process writes the
child's pid, then its exit status (4 bytes each, signed: -N for "killed by signal N"); when the
server shuts its side of that socket, the child is hung up (SIGHUP to its process group, SIGKILL
HANGUP_GRACE seconds later). When the control socket closes (the server has gone), every child is
hung up the same way and this process ends once they have.

A browser visit of `tabula serve web` is a process textual-serve starts with pipes for its standard
streams: there it is ``python -m tui.serve.visit DOOR ARGV...`` (tui/serve/visit.py), which connects
to this process's door (a listening Unix SEQPACKET socket, in a folder only its user may enter),
sends the same JSON request with its own three standard streams, and waits. The connection is the
session socket: the child's pid and exit status come back on it, and when it closes (the visit's
process ended or was killed) the child is hung up. Such a child has the three streams as its own and
no controlling terminal.

A child is a session of its own with the pty as its controlling terminal and standard streams,
keeps no other file descriptor (nothing of another player's session), gets the player's
environment and memory limit, is killed if this process dies (PR_SET_PDEATHSIG, on Linux), and
draws fresh random numbers: Python reseeds ``random`` in a forked child, and the games' seeds
come from the system (``secrets``). Its crash is only its own: this process only reaps it.
What a fork cannot renew is shared by all the players' apps: the string hash key (a fresh
Python draws its own) and the memory layout. The component data are read once, at the start
(a changed override file reaches new players when the server is restarted).
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import fcntl
import gc
import json
import os
import pkgutil
import resource
import runpy
import select
import signal
import socket
import struct
import sys
import termios
import time
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import import_module, reload
from typing import Any

HANGUP_GRACE = 3.0
"""Seconds a hung-up app has to end before it is killed."""
VISIT_TIMEOUT = 5.0
"""Seconds a visit at the door has to send its request once connected."""
NUMBER = struct.Struct("!i")
READY = b"ready"
MAX_REQUEST = 1 << 20
PRELOADED = ("engine", "saves", "tui")
NOT_PRELOADED = ("tui.cli.__main__", "tui.serve.ssh", "tui.serve.web", "tui.serve.forkserver", "tui.serve.visit")
"""Modules a player's app never imports (the servers, this one), or that run something when imported."""
LOADED_WHEN_FIRST_USED = ("filelock", "textual.scrollbar", "textual.layouts.factory", "textual.layouts.horizontal",
                          "textual.layouts.stream")
"""Modules a player's app imports as it goes (a lock first taken, a screen's first layout)."""


# -- the fork server's side ------------------------------------------------------------------------


def preload() -> None:
    """Import everything a player's app may use, and read every game's data."""
    for package in PRELOADED:
        root = import_module(package)
        for module in pkgutil.walk_packages(root.__path__, f"{package}."):
            if not module.name.startswith(NOT_PRELOADED):
                import_module(module.name)
    import_module("textual.drivers.linux_driver")  # chosen when the app runs: on a pty,
    import_module("textual.drivers.web_driver")  # or in a browser (textual-serve names it)
    for name in LOADED_WHEN_FIRST_USED:
        import_module(name)
    from rich.cells import cell_len

    from tui.text import wrap_pieces

    cell_len("卓")  # Rich reads its table of wide characters when it first meets one
    wrap_pieces()  # compiled when first needed
    from engine.registry import GAMES, rules_for

    for game in GAMES:
        rules_for(game).data_version()
    from tui.serve import REHEARSAL

    if os.environ.get(REHEARSAL) != "0":
        from tui.serve.rehearsal import rehearse

        rehearse()
    gc.unfreeze()  # the rehearsal's app froze what it found as it started, its own garbage too
    gc.collect()
    gc.freeze()


@dataclass
class Child:
    pid: int
    session: int
    """This process's end of the player's session socket."""
    hung_up: bool = False
    kill_at: float | None = None
    """When to kill it, once hung up (None once killed)."""


@dataclass
class Player:
    """What a forked child runs: the request, and its standard streams."""

    request: dict[str, Any]
    streams: tuple[int, int, int]
    """Standard input, output and error: the pty's terminal end thrice, or a visit's own three."""
    terminal: bool
    """The streams are a pty, to become the child's controlling terminal."""
    fork_server: int
    """The fork server's pid: the child dies with it."""


class ForkServer:
    def __init__(self, control_fd: int, door_fd: int | None = None):
        self.control = socket.socket(fileno=control_fd)
        self.door = socket.socket(fileno=door_fd) if door_fd is not None else None
        """Where browser visits connect (tui/serve/visit.py), for `tabula serve web`."""
        self.pid = os.getpid()
        self.children: dict[int, Child] = {}
        self.by_session: dict[int, Child] = {}
        self.wakeup, wakeup_write = os.pipe()
        os.set_blocking(self.wakeup, False)
        os.set_blocking(wakeup_write, False)
        signal.set_wakeup_fd(wakeup_write)
        signal.signal(signal.SIGCHLD, lambda *_: None)  # a handler, so that SIGCHLD reaches the wakeup pipe
        self.poll = select.poll()
        self.poll.register(self.control, select.POLLIN)
        self.poll.register(self.wakeup, select.POLLIN)
        if self.door is not None:
            self.poll.register(self.door, select.POLLIN)
        self.serving = True

    def serve(self) -> Player | None:
        """Fork children on request until the control socket closes and every child has ended.
        Returns in each forked child (its player), and None in this process at the end."""
        self.control.send(READY)
        while self.serving or self.children:
            ready = {fd for fd, _ in self.poll.poll(self._timeout())}
            for fd in ready & self.by_session.keys():  # before reaping closes (and a request reuses) descriptors
                self._hang_up(self.by_session[fd])
            if self.wakeup in ready:
                self._reap()
            if self.control.fileno() in ready:
                player = self._request()
                if player is not None:
                    return player
            if self.door is not None and self.door.fileno() in ready:
                player = self._visit()
                if player is not None:
                    return player
            self._kill_overdue()
        return None

    def _request(self) -> Player | None:
        try:
            payload, fds, flags, _ = socket.recv_fds(self.control, MAX_REQUEST, 2)
        except OSError:
            payload, fds, flags = b"", [], 0
        if not payload:  # the server has gone
            self.poll.unregister(self.control)
            if self.door is not None:
                self.poll.unregister(self.door)
            self.serving = False
            for child in self.children.values():
                self._hang_up(child)
            return None
        if len(fds) != 2 or flags & (socket.MSG_TRUNC | socket.MSG_CTRUNC):
            for fd in fds:
                os.close(fd)
            return None
        terminal, session = fds
        return self._fork(payload, (terminal, terminal, terminal), True, session)

    def _visit(self) -> Player | None:
        """A browser visit at the door: its request and standard streams on a connection of its own,
        which is its session socket."""
        try:
            connection, _ = self.door.accept()  # type: ignore[union-attr]  # only called with a door
        except OSError:
            return None
        fds: list[int] = []
        try:
            connection.settimeout(VISIT_TIMEOUT)  # a visit sends its request at once: none blocks the others
            payload, fds, flags, _ = socket.recv_fds(connection, MAX_REQUEST, 3)
        except OSError:
            payload, flags = b"", 0
        if not payload or len(fds) != 3 or flags & (socket.MSG_TRUNC | socket.MSG_CTRUNC):
            for fd in fds:
                os.close(fd)
            connection.close()
            return None
        return self._fork(payload, (fds[0], fds[1], fds[2]), False, connection.detach())

    def _fork(self, payload: bytes, streams: tuple[int, int, int], terminal: bool, session: int) -> Player | None:
        """A child for the request ``payload`` on ``streams`` (closed here once it has them), its
        pid and exit status told on ``session``."""
        try:
            pid = os.fork()
        except OSError:
            pid = -1
        if pid == 0:
            self._forget()
            return Player(json.loads(payload), streams, terminal, self.pid)
        for fd in set(streams):
            os.close(fd)
        if pid < 0:
            os.close(session)  # the server reads an end of file: the app did not start
            return None
        child = Child(pid, session)
        self.children[pid] = self.by_session[session] = child
        self.poll.register(session, select.POLLIN)
        self._tell(child, pid)
        return None

    def _forget(self) -> None:
        """In a child: nothing of the fork server's stays (its descriptors are closed later)."""
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        self.control.detach()
        if self.door is not None:
            self.door.detach()

    def _tell(self, child: Child, number: int) -> None:
        with contextlib.suppress(OSError):  # the server's side is closed: nobody to tell
            os.write(child.session, NUMBER.pack(number))

    def _hang_up(self, child: Child) -> None:
        if not child.hung_up:
            child.hung_up = True
            child.kill_at = time.monotonic() + HANGUP_GRACE
            self.poll.unregister(child.session)
            self._signal(child, signal.SIGHUP)

    def _signal(self, child: Child, number: int) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(child.pid, number)

    def _timeout(self) -> int | None:
        deadlines = [child.kill_at for child in self.children.values() if child.kill_at is not None]
        return max(0, int((min(deadlines) - time.monotonic()) * 1000) + 1) if deadlines else None

    def _kill_overdue(self) -> None:
        now = time.monotonic()
        for child in self.children.values():
            if child.kill_at is not None and child.kill_at <= now:
                child.kill_at = None
                self._signal(child, signal.SIGKILL)

    def _reap(self) -> None:
        with contextlib.suppress(BlockingIOError):
            while os.read(self.wakeup, 512):
                pass
        while self.children:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            child = self.children.pop(pid, None)
            if child is not None:
                self._tell(child, os.waitstatus_to_exitcode(status))
                if not child.hung_up:
                    self.poll.unregister(child.session)
                del self.by_session[child.session]
                os.close(child.session)


# -- a player's child ------------------------------------------------------------------------------


def run_player(player: Player) -> None:
    """Become the player's app: its own session on its pty, nothing else open, its limits and
    environment; then run it as Python would (``python ARGV...``)."""
    os.setsid()
    if player.terminal:
        fcntl.ioctl(player.streams[0], termios.TIOCSCTTY, 0)
    for fd, stream in enumerate(player.streams):
        os.dup2(stream, fd)
    os.closerange(3, resource.getrlimit(resource.RLIMIT_NOFILE)[0])
    die_with(player.fork_server)
    request = player.request
    if request["memory_limit"]:
        resource.setrlimit(resource.RLIMIT_AS, (request["memory_limit"], request["memory_limit"]))
    os.environ.clear()
    os.environ.update(request["env"])
    reload_module("textual.constants")  # Textual's settings, read from the environment when preloaded: the
    # player's now (a browser visit's driver, colours and frame rate)
    reopen_standard_streams()
    argv = request["argv"]
    if argv[0] == "-m":
        sys.argv = argv[1:]
        runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
    else:
        sys.argv = list(argv)
        runpy.run_path(argv[0], run_name="__main__")


def reload_module(name: str) -> None:
    if name in sys.modules:
        reload(sys.modules[name])


def die_with(parent: int) -> None:
    """Be killed when the process ``parent`` ends (Linux); end now if it already has."""
    libc = ctypes.CDLL(None, use_errno=True)
    if hasattr(libc, "prctl"):
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:
        os._exit(1)


def reopen_standard_streams() -> None:
    """Standard streams on the pty, as Python makes them for a terminal (line-buffered)."""
    for name, fd, mode in (("stdin", 0, "r"), ("stdout", 1, "w"), ("stderr", 2, "w")):
        old = getattr(sys, name)
        stream = open(fd, mode, buffering=1 if mode == "w" else -1, encoding=old.encoding, errors=old.errors,
                      closefd=False)
        setattr(sys, name, stream)
        setattr(sys, f"__{name}__", stream)


def main(argv: list[str]) -> None:
    preload()
    sys.stdout.flush()
    player = ForkServer(int(argv[1]), int(argv[2]) if len(argv) > 2 else None).serve()
    if player is not None:
        run_player(player)


# -- the servers' side ------------------------------------------------------------------------------


def command(control_fd: int, door_fd: int | None = None) -> list[str]:
    """The fork server's command line, given its end of the control socket (and a door)."""
    door = [str(door_fd)] if door_fd is not None else []
    return [sys.executable, "-m", "tui.serve.forkserver", str(control_fd), *door]


def environment() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join(path for path in sys.path if path),
            "MALLOC_ARENA_MAX": "2"}  # read once, at start: threads' arenas would eat the apps' address space


@contextlib.contextmanager
def door_open() -> Iterator[str]:
    """A fork server for browser visits (tui/serve/visit.py) while the block runs: the path of its
    door, in a folder of its own only this user may enter. A fork server that ends is started
    again on the same door (a visit knocking meanwhile waits in its backlog). It ends with the
    block, hanging up every app still running."""
    import shutil
    import tempfile

    folder = tempfile.mkdtemp(prefix="tabula-web-")
    keeper = None
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET) as door:
            path = os.path.join(folder, "door")
            door.bind(path)
            door.listen(64)
            keeper = DoorKeeper(door)
            keeper.start()
            yield path
    finally:
        if keeper is not None:
            keeper.stop()
        shutil.rmtree(folder, ignore_errors=True)


class DoorKeeper:
    """The web server's fork server at its door, kept running by a thread of the web server."""

    RETRY = 1.0
    """Seconds between attempts to start a fork server again that could not load the app."""

    def __init__(self, door: socket.socket) -> None:
        import subprocess
        import threading

        self.door = door
        self.control: socket.socket | None = None
        self.process: subprocess.Popen[bytes] | None = None
        self.lock = threading.Lock()
        self.closing = threading.Event()
        self.thread = threading.Thread(target=self._keep, name="fork server keeper", daemon=True)

    def start(self) -> None:
        """Start the fork server and wait until it has preloaded the app (ForkServerGone if it could not)."""
        self._spawn()
        self.thread.start()

    def stop(self) -> None:
        """End the fork server (it hangs up any app still running) and wait for it."""
        with self.lock:
            self.closing.set()
            if self.control is not None:
                self.control.close()
            process = self.process
        if process is not None:
            process.wait()
        if self.thread.is_alive():
            self.thread.join()

    def _spawn(self) -> None:
        import subprocess

        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        with self.lock:
            if self.closing.is_set():
                ours.close()
                theirs.close()
                return
            fds = [theirs.fileno(), self.door.fileno()]
            try:
                process = subprocess.Popen(command(*fds), pass_fds=fds, stdin=subprocess.DEVNULL,
                                           stdout=subprocess.DEVNULL, env=environment(), start_new_session=True)
            finally:
                theirs.close()
            self.control, self.process = ours, process
        if ours.recv(len(READY)) != READY:
            raise ForkServerGone("the players' app could not be loaded (its error is above)")

    def _keep(self) -> None:
        while True:
            process = self.process
            assert process is not None
            status = process.wait()
            if self.closing.is_set():
                return
            print(f"tabula: the web server's fork server ended (status {status}); starting another",
                  file=sys.stderr, flush=True)
            with self.lock:
                if self.control is not None:
                    self.control.close()
            try:
                self._spawn()
            except (ForkServerGone, OSError):
                self.closing.wait(self.RETRY)


# -- the asyncio server's side ---------------------------------------------------------------------


class ForkServerGone(RuntimeError):
    """The fork server could not start, or ended."""


class App:
    """A player's app forked by the fork server: its pid, its exit status once it has ended."""

    def __init__(self, pid: int, session: socket.socket):
        self.pid = pid
        self.session = session
        self.returncode: int | None = None
        self._hung_up = False
        self._exit: asyncio.Future[int] | None = None

    async def wait(self) -> int:
        """The exit status (-1 if the fork server ended before the app)."""
        if self._exit is None:
            self._exit = asyncio.ensure_future(self._read_exit())
        return await asyncio.shield(self._exit)

    async def _read_exit(self) -> int:
        code = await read_number(self.session)
        self.returncode = -1 if code is None else code
        self.session.close()
        return self.returncode

    def hang_up(self) -> None:
        """SIGHUP now, SIGKILL if it lingers (sent by the fork server, whose child it is)."""
        if not self._hung_up and self.returncode is None:
            self._hung_up = True
            with contextlib.suppress(OSError):
                self.session.shutdown(socket.SHUT_WR)


async def read_number(sock: socket.socket) -> int | None:
    data = b""
    loop = asyncio.get_running_loop()
    while len(data) < NUMBER.size:
        chunk = await loop.sock_recv(sock, NUMBER.size - len(data))
        if not chunk:
            return None
        data += chunk
    return int(NUMBER.unpack(data)[0])


class Forks:
    """The asyncio server's handle on its fork server, started again if it has ended."""

    def __init__(self) -> None:
        self.process: asyncio.subprocess.Process | None = None
        self.control: socket.socket | None = None

    async def start(self) -> None:
        """Start the fork server and wait until it has preloaded the app."""
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.process = await asyncio.create_subprocess_exec(
                *command(theirs.fileno()), pass_fds=[theirs.fileno()], stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.DEVNULL, env=environment(), start_new_session=True)
        finally:
            theirs.close()
        ours.setblocking(False)
        self.control = ours
        if await asyncio.get_running_loop().sock_recv(ours, len(READY)) != READY:
            await self.close()
            raise ForkServerGone("the players' app could not be loaded (its error is above)")

    async def fork(self, argv: list[str], env: dict[str, str], terminal: int, memory_limit: int) -> App:
        """A new app for a player on the pty whose terminal end is ``terminal`` (not closed here)."""
        request = json.dumps({"argv": argv, "env": env, "memory_limit": memory_limit}).encode()
        ours, theirs = socket.socketpair()
        try:
            try:
                await self._send(request, [terminal, theirs.fileno()])
            except ConnectionError:  # it has ended since: once more, to a new one
                await self.close()
                await self._send(request, [terminal, theirs.fileno()])
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        ours.setblocking(False)
        pid = await read_number(ours)
        if pid is None:
            ours.close()
            raise ForkServerGone("the fork server did not start the app")
        return App(pid, ours)

    async def _send(self, request: bytes, fds: list[int]) -> None:
        if self.control is None or self.process is None or self.process.returncode is not None:
            await self.close()
            await self.start()
        assert self.control is not None
        socket.send_fds(self.control, [request], fds)

    async def close(self) -> None:
        """End the fork server (it hangs up any app still running first) and wait for it."""
        if self.control is not None:
            self.control.close()
            self.control = None
        if self.process is not None:
            await self.process.wait()
            self.process = None


if __name__ == "__main__":
    main(sys.argv)

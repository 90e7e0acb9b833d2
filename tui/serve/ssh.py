"""`tabula serve ssh`: Tabula for SSH clients, and nothing else.

Each connection gets its own Tabula process (``python -m tui.cli --data-dir ...``) on its
own pseudo-terminal, sized from the client and resized with it: a window-size change from
the client becomes a TIOCSWINSZ on the pty, so the kernel sends the app SIGWINCH exactly as
in a local terminal (no TerminalSizeChanged exception can reach a reader and drop the
connection, because there is no stream reader: the session is a plain SSHServerSession).

Only Tabula runs: shell requests start the app, exec and subsystem (SFTP) requests are
refused, and port, agent and X11 forwarding are off. Clients log in with a public key listed
in an authorized-keys file; without one the server will not start unless ``allow_anyone``.
The host key is created on first start in ``<data_dir>/ssh/`` with owner-only permissions.

A client that vanishes only costs its own process: output to a slow client pauses that
app (flow control), keepalives notice a dead link, and a lost connection hangs up the app,
whose seat lease then dies with its process.
"""

from __future__ import annotations

import asyncio
import errno
import fcntl
import os
import pty
import signal
import stat
import struct
import sys
import termios
import time
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from tui.serve import PLAYER_NAME, SEAT_PER_TERMINAL

DEFAULT_PORT = 2222
HOST_KEY_NAME = "host_ed25519"
MAX_PENDING_INPUT = 64 * 1024
HANGUP_GRACE = 3.0


@dataclass(frozen=True)
class SSHOptions:
    data_dir: Path
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    authorized_keys: Path | None = None
    allow_anyone: bool = False
    max_connections: int = 16
    idle_timeout: float = 30 * 60.0
    login_timeout: float = 30.0
    keepalive: float = 30.0
    command: tuple[str, ...] = ()
    """The program each connection runs; empty means Tabula on ``data_dir``."""

    def app_command(self) -> list[str]:
        return list(self.command) or [sys.executable, "-m", "tui.cli", "--data-dir", str(self.data_dir)]


class ServeError(Exception):
    """A reason the server cannot start, worded for the person starting it."""


# -- the host key ---------------------------------------------------------------------------


def host_key(data_dir: Path) -> asyncssh.SSHKey:
    """The server's key, created on first start; readable by its owner only."""
    folder = Path(data_dir) / "ssh"
    folder.mkdir(parents=True, exist_ok=True)
    os.chmod(folder, 0o700)
    path = folder / HOST_KEY_NAME
    if not path.exists():
        key = asyncssh.generate_private_key("ssh-ed25519")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as handle:
            handle.write(key.export_private_key())
        return key
    if stat.S_IMODE(path.stat().st_mode) & 0o077:
        os.chmod(path, 0o600)
    return asyncssh.read_private_key(path)


# -- the app on a pseudo-terminal -------------------------------------------------------------


def set_winsize(fd: int, columns: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", max(rows, 1), max(columns, 1), 0, 0))


def take_controlling_terminal() -> None:
    """Runs in the child after setsid(): make the pty on stdin its controlling terminal,
    so window-size changes reach it as SIGWINCH and a hangup as SIGHUP."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def app_environment(term: str, client_env: dict[str, str], username: str = "") -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "SSH_AUTH_SOCK", PLAYER_NAME)}
    env["TERM"] = term or "xterm-256color"
    env[SEAT_PER_TERMINAL] = "1"
    if username:
        env[PLAYER_NAME] = username
    if "NO_COLOR" in client_env:
        env["NO_COLOR"] = client_env["NO_COLOR"]
    return env


class AppOnPty:
    """One app process on one pseudo-terminal; bytes in and out, resize, hangup."""

    def __init__(self, on_output, on_exit):
        self.on_output = on_output
        self.on_exit = on_exit
        self.master = -1
        self.process: asyncio.subprocess.Process | None = None
        self.pending = bytearray()
        self.reading = False
        self.waiter: asyncio.Future | None = None

    async def start(self, command: list[str], env: dict[str, str], columns: int, rows: int) -> None:
        self.master, slave = pty.openpty()
        set_winsize(self.master, columns, rows)
        os.set_blocking(self.master, False)
        try:
            self.process = await asyncio.create_subprocess_exec(
                *command, stdin=slave, stdout=slave, stderr=slave, env=env,
                start_new_session=True, preexec_fn=take_controlling_terminal,
            )
        finally:
            os.close(slave)
        self.resume()

    def resume(self) -> None:
        if self.master >= 0 and not self.reading:
            asyncio.get_running_loop().add_reader(self.master, self._readable)
            self.reading = True

    def pause(self) -> None:
        if self.reading:
            asyncio.get_running_loop().remove_reader(self.master)
            self.reading = False

    def _readable(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError as error:  # EIO: every holder of the pty's other end has gone
            if error.errno != errno.EIO:
                raise
            data = b""
        if data:
            self.on_output(data)
        else:
            self.pause()
            self.waiter = asyncio.ensure_future(self._finished())

    async def _finished(self) -> None:
        code = await self.process.wait()
        self._close_master()
        self.on_exit(code)

    def write(self, data: bytes) -> None:
        if self.master < 0 or len(self.pending) + len(data) > MAX_PENDING_INPUT:
            return  # keystrokes to an app that stopped reading are dropped, not hoarded
        if not self.pending:
            asyncio.get_running_loop().add_writer(self.master, self._writable)
        self.pending += data

    def _writable(self) -> None:
        try:
            written = os.write(self.master, self.pending)
        except BlockingIOError:
            return
        except OSError:
            written = len(self.pending)
        del self.pending[:written]
        if not self.pending:
            asyncio.get_running_loop().remove_writer(self.master)

    def resize(self, columns: int, rows: int) -> None:
        if self.master >= 0:
            set_winsize(self.master, columns, rows)

    def hangup(self) -> None:
        """The terminal went away: SIGHUP to the app's process group, SIGKILL if it lingers."""
        if self.process is None or self.process.returncode is not None:
            self._close_master()
            return
        self.resume()  # even if the client had paused us: the end-of-file tells us the app is gone
        self._signal(signal.SIGHUP)
        asyncio.get_running_loop().call_later(HANGUP_GRACE, self._signal, signal.SIGKILL)

    def _signal(self, number: int) -> None:
        if self.process and self.process.returncode is None:
            try:
                os.killpg(self.process.pid, number)
            except ProcessLookupError:
                pass

    def _close_master(self) -> None:
        if self.master >= 0:
            self.pause()
            if self.pending:
                asyncio.get_running_loop().remove_writer(self.master)
                self.pending.clear()
            os.close(self.master)
            self.master = -1


# -- the SSH side -----------------------------------------------------------------------------


class TabulaSession(asyncssh.SSHServerSession):
    """One SSH session channel: shell requests run Tabula; nothing else is allowed."""

    def __init__(self, server: "TabulaServer"):
        self.server = server
        self.chan: asyncssh.SSHServerChannel | None = None
        self.term = ""
        self.size = (80, 24)
        self.app = AppOnPty(self._output, self._exited)
        self.last_input = time.monotonic()
        self.idle_timer: asyncio.TimerHandle | None = None
        self.starter: asyncio.Future | None = None
        """Keeps the task that starts the app referenced while it runs."""
        self.closed = False

    def connection_made(self, chan) -> None:
        self.chan = chan

    def pty_requested(self, term_type, term_size, term_modes) -> bool:
        self.term = term_type
        self.size = (term_size[0] or 80, term_size[1] or 24)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        self.starter = asyncio.ensure_future(self._start_app())

    async def _start_app(self) -> None:
        options = self.server.options
        env = app_environment(self.term, dict(self.chan.get_environment()), self.chan.get_extra_info("username", ""))
        try:
            await self.app.start(options.app_command(), env, *self.size)
        except OSError as error:
            self.chan.write_stderr(f"Tabula could not start: {error}\r\n".encode())
            self.chan.exit(1)
            return
        self.server.connections.apps.add(self.app)
        if self.closed:  # the client left while the app was starting
            self.app.hangup()
            return
        self._arm_idle_timer(options.idle_timeout)

    def data_received(self, data: bytes, datatype) -> None:
        self.last_input = time.monotonic()
        self.app.write(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = (width or 80, height or 24)
        self.app.resize(*self.size)

    def pause_writing(self) -> None:
        self.app.pause()

    def resume_writing(self) -> None:
        self.app.resume()

    def eof_received(self) -> bool:
        return True  # keep the channel half-open; the app decides when the session ends

    def connection_lost(self, exc) -> None:
        self.closed = True
        if self.idle_timer:
            self.idle_timer.cancel()
        self.app.hangup()

    def _output(self, data: bytes) -> None:
        if not self.closed:
            self.chan.write(data)

    def _exited(self, code: int) -> None:
        self.server.connections.apps.discard(self.app)
        if self.idle_timer:
            self.idle_timer.cancel()
        if not self.closed:
            self.chan.exit(max(code, 0))

    def _arm_idle_timer(self, delay: float) -> None:
        self.idle_timer = asyncio.get_running_loop().call_later(delay, self._idle_check)

    def _idle_check(self) -> None:
        limit = self.server.options.idle_timeout
        quiet = time.monotonic() - self.last_input
        if quiet < limit:
            self._arm_idle_timer(limit - quiet)
            return
        self.chan.write_stderr(b"\r\nTabula: no input for too long; disconnecting.\r\n")
        self.app.hangup()
        self.chan.close()


class Connections:
    """What one server has open: connections (counted against the limit) and app processes."""

    def __init__(self, limit: int):
        self.limit = limit
        self.open: set[asyncssh.SSHServerConnection] = set()
        self.apps: set[AppOnPty] = set()


class TabulaServer(asyncssh.SSHServer):
    def __init__(self, options: SSHOptions, connections: Connections):
        self.options = options
        self.connections = connections
        self.conn: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        if len(self.connections.open) >= self.connections.limit:
            conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, "Tabula: too many players connected; try again later")
            return
        self.conn = conn
        self.connections.open.add(conn)

    def connection_lost(self, exc) -> None:
        self.connections.open.discard(self.conn)

    def begin_auth(self, username: str) -> bool:
        return not self.options.allow_anyone

    def session_requested(self):
        return TabulaSession(self)


def check_options(options: SSHOptions) -> None:
    if options.authorized_keys is None and not options.allow_anyone:
        raise ServeError(
            "No authorized keys: give --authorized-keys FILE (lines like ~/.ssh/id_ed25519.pub), "
            "or --allow-anyone to let anyone who can connect play without logging in."
        )
    if options.authorized_keys is not None and not Path(options.authorized_keys).is_file():
        raise ServeError(f"No authorized-keys file at {options.authorized_keys}")


class RunningServer:
    """A started server: its port, and a stop that also ends every connection and app."""

    def __init__(self, acceptor: asyncssh.SSHAcceptor, connections: Connections):
        self.acceptor = acceptor
        self.connections = connections

    @property
    def port(self) -> int:
        return self.acceptor.get_port()

    async def stop(self) -> None:
        self.acceptor.close()
        for conn in list(self.connections.open):
            conn.close()
        processes = [app.process for app in self.connections.apps if app.process]
        for app in list(self.connections.apps):
            app.hangup()
        if processes:
            await asyncio.wait([asyncio.ensure_future(p.wait()) for p in processes], timeout=HANGUP_GRACE + 2)


async def start_server(options: SSHOptions) -> RunningServer:
    check_options(options)
    connections = Connections(options.max_connections)
    acceptor = await asyncssh.create_server(
        lambda: TabulaServer(options, connections),
        options.host, options.port,
        server_host_keys=[host_key(options.data_dir)],
        authorized_client_keys=None if options.allow_anyone else str(options.authorized_keys),
        encoding=None,
        agent_forwarding=False, x11_forwarding=False, allow_scp=False,
        login_timeout=options.login_timeout,
        keepalive_interval=options.keepalive, keepalive_count_max=3,
    )
    return RunningServer(acceptor, connections)


def banner(options: SSHOptions, server: RunningServer) -> str:
    port = server.port
    key = host_key(options.data_dir)
    lines = [
        f"Tabula SSH server on {options.host} port {port} (data: {options.data_dir})",
        f"Host key fingerprint: {key.get_fingerprint()}",
        f"Players connect with:  ssh -p {port} {options.host}",
    ]
    if options.allow_anyone:
        lines.insert(0, "WARNING: --allow-anyone: NO AUTHENTICATION. Anyone who can reach this port can play.")
    if options.host not in ("127.0.0.1", "::1", "localhost"):
        lines.append(f"Listening beyond this machine ({options.host}): check your firewall.")
    return "\n".join(lines)


async def serve_forever(options: SSHOptions) -> None:
    """Serve until SIGINT or SIGTERM, then end every connection and app process."""
    server = await start_server(options)
    stopping = asyncio.Event()
    for number in (signal.SIGINT, signal.SIGTERM):
        asyncio.get_running_loop().add_signal_handler(number, stopping.set)
    print(banner(options, server), flush=True)
    await stopping.wait()
    await server.stop()
    print("Tabula SSH server stopped.", flush=True)


def run(options: SSHOptions) -> int:
    try:
        asyncio.run(serve_forever(options))
    except ServeError as error:
        print(f"tabula serve ssh: {error}", file=sys.stderr)
        return 2
    return 0

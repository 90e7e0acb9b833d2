"""`tabula serve ssh`: Tabula for SSH clients, and nothing else.

Each connection gets its own Tabula process (``tabula --data-dir ...``) on its own
pseudo-terminal, sized from the client and resized with it: a window-size change from
the client becomes a TIOCSWINSZ on the pty, so the kernel sends the app SIGWINCH exactly as
in a local terminal (no TerminalSizeChanged exception can reach a reader and drop the
connection, because there is no stream reader: the session is a plain SSHServerSession). The
processes are forks of one process that has loaded the app already (tui/serve/forkserver.py),
so the players share its code and data pages instead of each loading their own.

Only Tabula runs: shell requests start the app, exec and subsystem (SFTP) requests are
refused, and port, agent and X11 forwarding are off. Clients log in with a public key listed
in an authorized-keys file (read again when it changes); without one the server will not
start unless ``allow_anyone``. The key a player logged in with is their identity: the app
gets its fingerprint, and a seat taken under a key belongs to that key (saves/seats.py).
The host key is created on first start in ``<data_dir>/ssh/`` with owner-only permissions.

Strangers reach this server, so everything they send is checked and everything they can hold
is bounded, after OpenSSH's defaults:

* Only sessions with a running app count against ``max_players``; a player past it is told
  so in plain words. Connections without a running app (still logging in, or logged in
  without a game) are limited apart, like OpenSSH's ``MaxStartups start:rate:full``: past
  ``start`` of them a newcomer is refused at random with a rising chance, all past ``full``;
  but first, a connection that has not even said which SSH it speaks is closed to make room
  (the oldest first), so a flood of idle sockets, even from a player's own address, never
  keeps that player out. Refusals come after the server's version line, so an SSH client
  prints the reason instead of a garbled banner.
* A connection must log in within ``login_grace`` seconds (LoginGraceTime) and, once in,
  start a game within ``session_grace`` seconds; one session per connection (MaxSessions 1).
* Window sizes are clamped to ``max_size`` (0 means 80x24); TERM must look like a terminal
  name, the login name is cut to a printable player name, and of the client's environment
  only NO_COLOR and COLORTERM pass, normalised.
* Each app process may use ``memory_limit`` bytes of address space (RLIMIT_AS), so one
  player cannot take the host's memory; every task's failure is handled and frees its place.
* Bots cannot take the host's CPU: at most ``max_bot_workers`` searches run at once on the
  whole server, taken in turn (saves/thinker_slots.py), at most ``bot_games_per_key`` games of
  one key have their bots thinking or waiting in line at once, and games of bots only are
  run only where ``allow_bot_games`` (the apps read these from their environment).

A client that vanishes only costs its own process: output to a slow client pauses that
app (flow control), keepalives notice a dead link, and a lost connection hangs up the app,
whose seat lease then dies with its process.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import pty
import random
import re
import resource
import shlex
import shutil
import signal
import stat
import struct
import termios
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import asyncssh

from engine.core.files import UnreadableFile, read_regular_file
from tui.serve import (
    BOT_GAMES,
    BOT_GAMES_PER_KEY,
    BOT_GAMES_PER_KEY_DEFAULT,
    BOT_WORKERS,
    PLAYER_KEY,
    PLAYER_NAME,
    SEAT_PER_TERMINAL,
    SSH_PORT,
    BotLimits,
    default_bot_workers,
)
from tui.serve.forkserver import HANGUP_GRACE, App, Forks, ForkServerGone
from tui.text import player_name

if TYPE_CHECKING:
    from tui.serve.reminders import TurnReminders

DEFAULT_PORT = SSH_PORT
HOST_KEY_NAME = "host_ed25519"
MAX_PENDING_INPUT = 64 * 1024
DEFAULT_SIZE = (80, 24)
TERM_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")
DEFAULT_TERM = "xterm-256color"
COLORTERMS = ("truecolor", "24bit")
FULL_MESSAGE = "Tabula: the server is full ({players} playing); try again later.\r\n"
BUSY_MESSAGE = "Tabula: too many connections are logging in; try again in a moment"
REFUSAL_LINGER = 1.0
MAX_REFUSING = 64

log = logging.getLogger("tabula.serve.ssh")


@dataclass(frozen=True)
class SSHOptions:
    data_dir: Path
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    authorized_keys: Path | None = None
    allow_anyone: bool = False
    max_players: int = 16
    """Sessions with a running app; connections still logging in do not count."""
    max_startups: tuple[int, int, int] = (10, 30, 100)
    """OpenSSH's MaxStartups start:rate:full, for connections without a running app."""
    login_grace: float = 15.0
    """Seconds to log in (OpenSSH's LoginGraceTime)."""
    session_grace: float = 5.0
    """Seconds a logged-in connection may stay without a running app."""
    idle_timeout: float = 30 * 60.0
    keepalive: float = 30.0
    max_size: tuple[int, int] = (500, 200)
    """The largest window (columns, rows) an app is given."""
    memory_limit: int = 1 << 30
    """Bytes of address space per app process (RLIMIT_AS); 0: no limit."""
    max_bot_workers: int = field(default_factory=default_bot_workers)
    """Bot searches (moves and hints) running at once on the whole server."""
    bot_games_per_key: int = BOT_GAMES_PER_KEY_DEFAULT
    """Games of one player key whose bots think or wait in line for a thinker at once."""
    allow_bot_games: bool = False
    """Players may start (and run the bots of) games without a human seat."""
    notify_command: tuple[str, ...] = ()
    """Turn reminders: the host's command (program and arguments, split once), run when a game
    comes to the move of a player with no terminal at it (tui/serve/reminders.py); empty: none."""
    command: tuple[str, ...] = ()
    """What each connection runs, as arguments to Python (a script and its arguments, or ``-m``
    and a module), in a fork of the preloaded app; empty means Tabula on ``data_dir``."""

    def app_command(self) -> list[str]:
        return list(self.command) or ["-m", "tui.cli", "--data-dir", str(self.data_dir)]

    def bot_limits(self) -> BotLimits:
        return BotLimits(self.max_bot_workers, self.bot_games_per_key, self.allow_bot_games)


class ServeError(Exception):
    """A reason the server cannot start, worded for the person starting it."""


# -- the host key ---------------------------------------------------------------------------


MAX_KEY_FILE = 4 << 20
"""Bytes the host key or the authorized-keys file may have (a key line takes under a kilobyte):
both are read only if they are regular files, so a FIFO or /dev/zero cannot stall the server."""


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
    try:
        raw = read_regular_file(path, MAX_KEY_FILE)
        if raw is None:
            raise UnreadableFile("it is gone")
        if stat.S_IMODE(path.stat().st_mode) & 0o077:
            os.chmod(path, 0o600)
        return asyncssh.import_private_key(raw)
    except (UnreadableFile, asyncssh.KeyImportError) as error:
        raise ServeError(f"The host key {path} cannot be used: {error} (move it away and a new one is made)") from None


# -- what a client asks for, made safe -----------------------------------------------------------


def clamp_size(columns: int, rows: int, largest: tuple[int, int]) -> tuple[int, int]:
    """A window size fit for an app: 0 (unknown) is 80x24, nothing larger than ``largest``."""
    columns = min(columns or DEFAULT_SIZE[0], largest[0])
    rows = min(rows or DEFAULT_SIZE[1], largest[1])
    return max(columns, 1), max(rows, 1)


def safe_term(term: str) -> str:
    return term if TERM_NAME.fullmatch(term or "") else DEFAULT_TERM


def app_environment(term: str, client_env: Mapping[str, str], username: str = "", key: str = "",
                    bots: BotLimits | None = None) -> dict[str, str]:
    """The app's environment: the server's own, the player's name and key, the limits on its
    bots (``bots``; else the served defaults), a checked TERM, and of what the client sent only
    NO_COLOR and COLORTERM (normalised)."""
    drop = ("COLUMNS", "LINES", "SSH_AUTH_SOCK", PLAYER_NAME, PLAYER_KEY, BOT_WORKERS, BOT_GAMES_PER_KEY, BOT_GAMES)
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env["TERM"] = safe_term(term)
    env[SEAT_PER_TERMINAL] = "1"
    if bots is not None:
        env.update(bots.environment())
    env["MALLOC_ARENA_MAX"] = "2"  # threads' malloc arenas would eat the address space limit
    if name := player_name(username):
        env[PLAYER_NAME] = name
    if key:
        env[PLAYER_KEY] = key
    if "NO_COLOR" in client_env:
        env["NO_COLOR"] = "1"
    if client_env.get("COLORTERM") in COLORTERMS:
        env["COLORTERM"] = client_env["COLORTERM"]
    return env


# -- the app on a pseudo-terminal -------------------------------------------------------------


def set_winsize(fd: int, columns: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def keep_failures_quiet(task: asyncio.Future[None]) -> None:
    """A done-callback: a task's failure is logged here, never left to asyncio."""
    if not task.cancelled() and task.exception() is not None:
        log.error("Tabula SSH task failed", exc_info=task.exception())


class AppOnPty:
    """One app process on one pseudo-terminal; bytes in and out, resize, hangup. The pty is its
    controlling terminal: window-size changes reach it as SIGWINCH, a hangup as SIGHUP."""

    def __init__(self, on_output: Callable[[bytes], None], on_exit: Callable[[int], None]):
        self.on_output = on_output
        self.on_exit = on_exit
        self.master = -1
        self.process: App | None = None
        self.pending = bytearray()
        self.reading = False
        self.waiter: asyncio.Future[None] | None = None

    async def start(self, forks: Forks, command: list[str], env: dict[str, str], columns: int, rows: int,
                    memory_limit: int = 0) -> None:
        """Fork the app (``command``: arguments to Python) with at most ``memory_limit`` bytes of
        address space (RLIMIT_AS; 0: no limit)."""
        self.master, slave = pty.openpty()
        try:
            set_winsize(self.master, columns, rows)
            os.set_blocking(self.master, False)
            self.process = await forks.fork(command, env, slave, memory_limit)
        except BaseException:
            self._close_master()
            raise
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
        except OSError:  # EIO: every holder of the pty's other end has gone
            data = b""
        if data:
            self.on_output(data)
        elif self.waiter is None:
            self.pause()
            self.waiter = asyncio.ensure_future(self._finished())
            self.waiter.add_done_callback(keep_failures_quiet)

    async def _finished(self) -> None:
        assert self.process is not None  # the pty is read only once the app started
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
            try:
                set_winsize(self.master, columns, rows)
            except OSError:
                pass  # the app is going away

    def hangup(self) -> None:
        """The terminal went away: SIGHUP to the app's process group, SIGKILL if it lingers."""
        if self.process is None or self.process.returncode is not None:
            self._close_master()
            return
        self.resume()  # even if the client had paused us: the end-of-file tells us the app is gone
        self.process.hang_up()

    def _close_master(self) -> None:
        if self.master >= 0:
            self.pause()
            if self.pending:
                asyncio.get_running_loop().remove_writer(self.master)
                self.pending.clear()
            os.close(self.master)
            self.master = -1


# -- the SSH side -----------------------------------------------------------------------------


class TabulaSession(asyncssh.SSHServerSession[bytes]):
    """One SSH session channel: shell requests run Tabula; nothing else is allowed."""

    def __init__(self, server: TabulaServer):
        self.server = server
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term = ""
        self.size = DEFAULT_SIZE
        self.app = AppOnPty(self._output, self._exited)
        self.last_input = time.monotonic()
        self.idle_timer: asyncio.TimerHandle | None = None
        self.starter: asyncio.Future[None] | None = None
        """Keeps the task that starts the app referenced while it runs."""
        self.playing = False
        """This session holds one of the server's player places (from start to exit)."""
        self.closed = False

    @property
    def channel(self) -> asyncssh.SSHServerChannel[bytes]:
        """The session's channel (asyncssh gives it, ``connection_made``, before anything else)."""
        assert self.chan is not None
        return self.chan

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: Mapping[int, int]) -> bool:
        self.term = term_type
        self.size = clamp_size(term_size[0], term_size[1], self.server.options.max_size)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        self.starter = asyncio.ensure_future(self._start_app())
        self.starter.add_done_callback(self._start_done)

    async def _start_app(self) -> None:
        door = self.server.door
        if not door.take_place(self.server.connection):
            self.channel.write(FULL_MESSAGE.format(players=door.max_players).encode())
            self.channel.exit(1)
            return
        self.playing = True
        options = self.server.options
        env = app_environment(self.term, dict(self.channel.get_environment()), self.server.username, self.server.key,
                              options.bot_limits())
        await self.app.start(self.server.forks, options.app_command(), env, *self.size,
                             memory_limit=options.memory_limit)
        self.server.door.apps.add(self.app)
        if self.closed:  # the client left while the app was starting
            self.app.hangup()
            return
        self._arm_idle_timer(options.idle_timeout)

    def _start_done(self, task: asyncio.Future[None]) -> None:
        """Whatever made the start fail, the player is told, and the place is freed."""
        if task.cancelled() or task.exception() is None:
            return
        log.error("Tabula could not start for a connection", exc_info=task.exception())
        self._free_place()
        if not self.closed:
            with contextlib.suppress(BrokenPipeError):  # the client has closed the channel already
                self.channel.write_stderr(b"Tabula could not start; sorry.\r\n")
                self.channel.exit(1)

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.last_input = time.monotonic()
        self.app.write(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = clamp_size(width, height, self.server.options.max_size)
        self.app.resize(*self.size)

    def pause_writing(self) -> None:
        self.app.pause()

    def resume_writing(self) -> None:
        self.app.resume()

    def eof_received(self) -> bool:
        return True  # keep the channel half-open; the app decides when the session ends

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        if self.idle_timer:
            self.idle_timer.cancel()
        self.app.hangup()
        if self.app.process is None:  # never started: nothing will report an exit
            self._free_place()

    def _output(self, data: bytes) -> None:
        if not self.closed:
            with contextlib.suppress(BrokenPipeError):  # closed by the client: connection_lost follows
                self.channel.write(data)

    def _exited(self, code: int) -> None:
        self.server.door.apps.discard(self.app)
        self._free_place()
        if self.idle_timer:
            self.idle_timer.cancel()
        if not self.closed:
            self.channel.exit(max(code, 0))

    def _free_place(self) -> None:
        if self.playing:
            self.playing = False
            self.server.door.leave_place(self.server.connection)

    def _arm_idle_timer(self, delay: float) -> None:
        self.idle_timer = asyncio.get_running_loop().call_later(delay, self._idle_check)

    def _idle_check(self) -> None:
        limit = self.server.options.idle_timeout
        quiet = time.monotonic() - self.last_input
        if quiet < limit:
            self._arm_idle_timer(limit - quiet)
            return
        self.channel.write_stderr(b"\r\nTabula: no input for too long; disconnecting.\r\n")
        self.app.hangup()
        self.channel.close()


class Door:
    """Who is in. Connections without a running app are ``waiting`` (limited like OpenSSH's
    MaxStartups, each with a deadline); ``players`` counts places taken by running apps."""

    def __init__(self, options: SSHOptions):
        self.options = options
        self.max_players = options.max_players
        self.open: set[asyncssh.SSHServerConnection] = set()
        self.waiting: dict[asyncssh.SSHServerConnection, float] = {}
        """Connection -> when it started waiting (oldest first: dicts keep their order)."""
        self.players = 0
        self.apps: set[AppOnPty] = set()
        self.timers: dict[asyncssh.SSHServerConnection, asyncio.TimerHandle] = {}

    def admits_one_more(self) -> bool:
        """A new connection: make room by closing a silent one, or refuse it at random past
        ``start`` (OpenSSH's early drop). True if it may go on."""
        start, rate, full = self.options.max_startups
        if len(self.waiting) < start:
            return True
        silent = next((old for old in self.waiting if old.get_extra_info("client_version") is None), None)
        if silent is not None:
            self.forget(silent)
            silent.abort()
            return True
        return len(self.waiting) < full and random.random() * 100 >= drop_chance(len(self.waiting), start, rate, full)

    def arrived(self, conn: asyncssh.SSHServerConnection) -> None:
        self.open.add(conn)
        self.wait(conn)

    def wait(self, conn: asyncssh.SSHServerConnection, grace: float | None = None) -> None:
        """``conn`` has no running app: it is waiting; with ``grace``, closed once that is over."""
        self.waiting[conn] = time.monotonic()
        if grace is not None:
            self._cancel_timer(conn)
            self.timers[conn] = asyncio.get_running_loop().call_later(grace, self._no_game, conn)

    def _no_game(self, conn: asyncssh.SSHServerConnection) -> None:
        self.timers.pop(conn, None)
        if conn in self.waiting:
            conn.disconnect(asyncssh.DISC_BY_APPLICATION, "Tabula: no game was started on this connection")

    def take_place(self, conn: asyncssh.SSHServerConnection) -> bool:
        if self.players >= self.max_players:
            return False
        self.players += 1
        self.waiting.pop(conn, None)
        self._cancel_timer(conn)
        return True

    def leave_place(self, conn: asyncssh.SSHServerConnection) -> None:
        self.players -= 1
        if conn in self.open:
            self.wait(conn, self.options.session_grace)

    def forget(self, conn: asyncssh.SSHServerConnection) -> None:
        self.open.discard(conn)
        self.waiting.pop(conn, None)
        self._cancel_timer(conn)

    def _cancel_timer(self, conn: asyncssh.SSHServerConnection) -> None:
        timer = self.timers.pop(conn, None)
        if timer is not None:
            timer.cancel()


def drop_chance(waiting: int, start: int, rate: int, full: int) -> float:
    """OpenSSH's MaxStartups: the percent chance to refuse a newcomer with ``waiting`` others."""
    if waiting < start:
        return 0.0
    if waiting >= full:
        return 100.0
    return rate + (100 - rate) * (waiting - start) / max(full - start, 1)


ConnectionFactory = Callable[[str, int], asyncssh.SSHServerConnection]
"""What asyncssh gives a tunnel to listen on: a new SSH connection (its protocol) for each
connection accepted (asyncssh declares a TCP session factory, and casts)."""


class Gate:
    """The listening socket, in front of asyncssh (which takes it as a "tunnel" to listen on):
    each new connection is admitted by the Door, or answered with a refusal and closed, before
    any SSH work is done for it."""

    def __init__(self, door: Door):
        self.door = door
        self.refusing: set[Refusal] = set()

    async def create_server(self, session_factory: ConnectionFactory, host: str, port: int) -> asyncio.AbstractServer:
        return await asyncio.get_running_loop().create_server(lambda: self.protocol(session_factory), host, port)

    def protocol(self, session_factory: ConnectionFactory) -> asyncio.Protocol:
        if self.door.admits_one_more():
            conn = session_factory("", 0)
            self.door.arrived(conn)
            return conn
        return Refusal(BUSY_MESSAGE, self.refusing)


class Refusal(asyncio.Protocol):
    """A connection refused before any SSH work: the server's version line and an SSH
    disconnect message with the reason (which SSH clients print), then the line is closed once
    the client has read it, or after REFUSAL_LINGER seconds. Past MAX_REFUSING such lines at
    once, a newcomer is closed without a word."""

    def __init__(self, reason: str, refusing: set[Refusal]):
        self.reason = reason
        self.refusing = refusing
        self.timer: asyncio.TimerHandle | None = None

    # asyncio gives a listening socket's protocols a Transport (typeshed declares a BaseTransport)
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        if len(self.refusing) >= MAX_REFUSING:
            transport.abort()
            return
        self.refusing.add(self)
        transport.write(b"SSH-2.0-Tabula\r\n" + disconnect_packet(asyncssh.DISC_TOO_MANY_CONNECTIONS, self.reason))
        transport.write_eof()
        self.timer = asyncio.get_running_loop().call_later(REFUSAL_LINGER, transport.abort)

    def data_received(self, data: bytes) -> None:
        pass  # the client's version line and key exchange: not wanted

    def eof_received(self) -> bool:
        return False  # the client has gone: close

    def connection_lost(self, exc: Exception | None) -> None:
        self.refusing.discard(self)
        if self.timer is not None:
            self.timer.cancel()


def disconnect_packet(code: int, reason: str) -> bytes:
    """SSH_MSG_DISCONNECT as the first, unencrypted, binary packet (RFC 4253, 6 and 11.1)."""
    def string(data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + data

    payload = bytes([1]) + struct.pack(">I", code) + string(reason.encode()) + string(b"en")
    padding = 8 - (5 + len(payload)) % 8
    padding += 8 if padding < 4 else 0
    return struct.pack(">IB", 1 + len(payload) + padding, padding) + payload + bytes(padding)


class AuthorizedKeys:
    """The authorized-keys file, read again whenever it changes (players can be added live)."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.signature: tuple[int, int] | None = None
        self.keys: asyncssh.SSHAuthorizedKeys | None = None

    def allows(self, key: asyncssh.SSHKey, host: str, address: str) -> bool:
        try:
            info = self.path.stat()
            if (info.st_mtime_ns, info.st_size) != self.signature:
                raw = read_regular_file(self.path, MAX_KEY_FILE, follow=True)
                self.keys = asyncssh.import_authorized_keys(raw.decode("utf-8") if raw is not None else "")
                self.signature = (info.st_mtime_ns, info.st_size)
        except (OSError, ValueError) as error:  # UnreadableFile, a bad key line or not UTF-8 among them
            log.error("Cannot read the authorized keys %s: %s", self.path, error)
        return self.keys is not None and self.keys.validate(key, host, address) is not None


class TabulaServer(asyncssh.SSHServer):
    def __init__(self, options: SSHOptions, door: Door, forks: Forks, authorized: AuthorizedKeys | None):
        self.options = options
        self.door = door
        self.forks = forks
        self.authorized = authorized
        self.conn: asyncssh.SSHServerConnection | None = None
        self.username = ""
        self.key = ""
        """The fingerprint of the key the player logged in with ('' with --allow-anyone)."""
        self._offered = ""
        self.sessions = 0

    @property
    def connection(self) -> asyncssh.SSHServerConnection:
        """The connection (asyncssh gives it, ``connection_made``, before anything else)."""
        assert self.conn is not None
        return self.conn

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn

    def connection_lost(self, exc: Exception | None) -> None:
        self.door.forget(self.connection)

    def begin_auth(self, username: str) -> bool:
        self.username = username
        return not self.options.allow_anyone

    def public_key_auth_supported(self) -> bool:
        return self.authorized is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        peer = self.connection.get_extra_info("peername") or ("", 0)
        allowed = self.authorized is not None and self.authorized.allows(key, peer[0], peer[0])
        if allowed:  # the last key checked is the one whose signature completes the login
            self._offered = key.get_fingerprint()
        return allowed

    def auth_completed(self) -> None:
        self.key = self._offered
        self.door.wait(self.connection, self.options.session_grace)

    def session_requested(self) -> TabulaSession | bool:
        if self.sessions:
            return False  # one session per connection
        self.sessions += 1
        return TabulaSession(self)


def check_options(options: SSHOptions) -> None:
    if options.authorized_keys is None and not options.allow_anyone:
        raise ServeError(
            "No authorized keys: give --authorized-keys FILE (lines like ~/.ssh/id_ed25519.pub), "
            "or --allow-anyone to let anyone who can connect play without logging in."
        )
    if options.authorized_keys is not None and not Path(options.authorized_keys).is_file():
        raise ServeError(f"No authorized-keys file at {options.authorized_keys}")
    if options.max_bot_workers < 1 or options.bot_games_per_key < 1:
        raise ServeError("--max-bot-workers and --max-bot-games-per-key must be at least 1")
    if options.notify_command and options.allow_anyone:
        raise ServeError("--notify-command reminds players by the key they log in with: with --allow-anyone there "
                         "are no keys, so nobody would be reminded")
    if options.notify_command and shutil.which(options.notify_command[0]) is None:
        raise ServeError(f"--notify-command: no program {options.notify_command[0]!r} (give its path, or one on PATH)")


class RunningServer:
    """A started server: its port, and a stop that also ends every connection and app."""

    def __init__(self, acceptor: asyncssh.SSHAcceptor, door: Door, forks: Forks, reminders: TurnReminders | None):
        self.acceptor = acceptor
        self.door = door
        self.forks = forks
        self.reminders = reminders

    @property
    def port(self) -> int:
        return self.acceptor.get_port()

    async def stop(self) -> None:
        self.acceptor.close()
        for conn in list(self.door.open):
            conn.close()
        processes = [app.process for app in self.door.apps if app.process]
        for app in list(self.door.apps):
            app.hangup()
        if processes:
            await asyncio.wait([asyncio.ensure_future(p.wait()) for p in processes], timeout=HANGUP_GRACE + 2)
        await self.forks.close()
        if self.reminders is not None:
            await self.reminders.stop()


async def start_server(options: SSHOptions) -> RunningServer:
    check_options(options)
    door = Door(options)
    keys = options.authorized_keys
    authorized = None if options.allow_anyone or keys is None else AuthorizedKeys(keys)
    forks = Forks()
    try:
        await forks.start()
    except ForkServerGone as error:
        raise ServeError(f"Tabula cannot serve: {error}") from None
    reminders = None
    try:
        if options.notify_command:
            from tui.serve.reminders import TurnReminders  # the rules engine, loaded only for reminders

            reminders = TurnReminders(options.data_dir, list(options.notify_command))
            await reminders.start()
        acceptor = await asyncssh.create_server(
            lambda: TabulaServer(options, door, forks, authorized),
            options.host, options.port, tunnel=Gate(door),
            server_host_keys=[host_key(options.data_dir)],
            encoding=None,
            agent_forwarding=False, x11_forwarding=False, allow_scp=False,
            login_timeout=options.login_grace,
            keepalive_interval=options.keepalive, keepalive_count_max=3,
        )
    except BaseException:
        await forks.close()
        if reminders is not None:
            await reminders.stop()
        raise
    return RunningServer(acceptor, door, forks, reminders)


def banner(options: SSHOptions, server: RunningServer) -> str:
    port = server.port
    key = host_key(options.data_dir)
    lines = [
        f"Tabula SSH server on {options.host} port {port} (data: {options.data_dir})",
        f"Host key fingerprint: {key.get_fingerprint()}",
        f"Players connect with:  ssh -p {port} {options.host}",
        f"Bots: at most {options.max_bot_workers} searching at once, {options.bot_games_per_key} games per player "
        f"key; games of bots only {'allowed' if options.allow_bot_games else 'not allowed (--allow-bot-games)'}",
    ]
    if options.notify_command:
        lines.append(f"Turn reminders: {shlex.join(options.notify_command)} (once per game and player an hour at most)")
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
    if options.notify_command:  # what the reminder commands say, and their failures, go to the server's stderr
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
        reminders_log = logging.getLogger("tabula.serve.reminders")
        reminders_log.addHandler(handler)
        reminders_log.setLevel(logging.INFO)
    await stopping.wait()
    await server.stop()
    print("Tabula SSH server stopped.", flush=True)


def run(options: SSHOptions) -> int:
    """Serve until stopped; ServeError if the server cannot start (its reason for the host)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:  # every player holds a socket and a pty: use all the file descriptors allowed
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    asyncio.run(serve_forever(options))  # a ServeError is the command line's to say
    return 0

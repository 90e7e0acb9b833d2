"""Benchmark rows for multi-terminal play, shown by `make bench` (tests/bench.py).

* Move to display: the real app in two real terminals (tmux panes at 80x24), each joined to
  one seat of a toy game; the time from a key press in one terminal to the move showing in
  the other (its status line counts the game's actions).
* Memory per SSH player: `tabula serve ssh` as its own process with 5 players connected at once
  over loopback (asyncssh), at Home and then each in a game against a Normal bot: per player, the
  growth of the server's whole process tree (PSS: shared pages split between their users, so the
  sum is the memory taken), and the RSS, PSS and USS of an app (``ssh_memory_rows``; ``python -m
  tests.bench_serve memory [--against DIR]`` runs only these rows).
* Bots of one key against another player: `tabula serve ssh --allow-bot-games` as its own
  process; one key starts 12 games of two Hard bots from New game, one connection each, as a
  player would; another player logs in with OpenSSH on a real pty (login to Home, then Down/Up
  on Home to repaint), visit after visit, alternately while those games run and while their
  processes are stopped ("no bots") (``bot_flood_rows``; ``python -m tests.bench --only serve``
  runs this section, ``python -m tests.bench_serve bots [--max-bot-workers N]`` only these rows).

Run from the repository root (the toy game lives in tests/). ``TmuxTerminal`` is also used by
the tests of real terminals (tests/multiterminal/test_app_terminals.py).
"""

from __future__ import annotations

import asyncio
import os
import re
import shlex
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from tui.serve import default_bot_workers  # first: it keeps asyncssh's import quiet

ROOT = Path(__file__).resolve().parents[1]
TOY_APP = [sys.executable, "-m", "tests.multiterminal.toy_app"]
ACTIONS = re.compile(r"· (\d+) actions ·")
Row = tuple[str, float, str, str, bool]
MemoryRow = tuple[str, float, str, str, bool, float | None]
"""A row with the same measure of the --against code."""


class TmuxTerminal:
    """A command in a terminal of its own (a private tmux server), read as its user sees it."""

    def __init__(self, command: list[str], columns: int = 80, rows: int = 24, cwd: Path = ROOT):
        self.socket = f"tabula-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        shown = f"{shlex.join(command)}; echo '[exited with status' $?']'; sleep 60"
        self._tmux("new-session", "-d", "-s", "main", "-x", str(columns), "-y", str(rows), shown, cwd=cwd)
        self.socket_path = Path(self._tmux("display-message", "-p", "#{socket_path}").strip())

    def _tmux(self, *args: str, cwd: Path | None = None) -> str:
        done = subprocess.run(["tmux", "-L", self.socket, "-f", "/dev/null", *args],
                              cwd=cwd, capture_output=True, text=True, check=True)
        return done.stdout

    def screen(self) -> str:
        return self._tmux("capture-pane", "-p", "-t", "main")

    def keys(self, *keys: str) -> float:
        """Send tmux key names; returns the time just before sending them."""
        started = time.perf_counter()
        self._tmux("send-keys", "-t", "main", *keys)
        return started

    def wait_for(self, found, timeout: float = 20.0, every: float = 0.005) -> str:
        """The screen once ``found`` (a regex or a predicate on the screen text) holds in it."""
        check = found if callable(found) else lambda text: re.search(found, text)
        deadline = time.perf_counter() + timeout
        while True:
            text = self.screen()
            if check(text):
                return text
            if time.perf_counter() > deadline:
                raise TimeoutError(f"not on screen: {found!r}; screen:\n{text}")
            time.sleep(every)

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)
        self.socket_path.unlink(missing_ok=True)


def actions_shown(screen: str) -> int | None:
    found = ACTIONS.search(screen)
    return int(found.group(1)) if found else None


def toy_game(data_dir: Path, names=("Ann", "Bruno"), seed: int = 5) -> str:
    """A new save of the toy game (which the caller has registered as "toy")."""
    from saves.session import GameSession
    from saves.store import SaveStore, Seat

    seats = [Seat(name, "human") for name in names]
    return GameSession.new(SaveStore(data_dir), "toy", "Bench", seats, seed=seed).record.id


def join_command(data_dir: Path, save_id: str, seat: str) -> list[str]:
    who = ["--watch"] if seat == "watch" else ["--seat", seat]
    return [*TOY_APP, "--data-dir", str(data_dir), "join", save_id, *who]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


# -- move in one terminal to display in another -------------------------------------------------


def no_turn_end_confirm(data_dir: Path, names=("Ann", "Bruno")) -> None:
    """The players end their turns without confirming them: a key press is one move to measure."""
    from saves.settings import Settings
    from saves.store import SaveStore

    SaveStore(data_dir).put_settings(Settings(bell=False, no_confirm=tuple(names)))


def play_one_game(data_dir: Path, seed: int, wanted: int) -> list[float]:
    """Seconds from each key press to the other terminal showing the move, until the game ends."""
    save_id = toy_game(data_dir, seed=seed)
    no_turn_end_confirm(data_dir)
    terminals = [TmuxTerminal(join_command(data_dir, save_id, letter)) for letter in "AB"]
    mine = [re.compile(r"▶ ●A Ann:"), re.compile(r"▶ ▲B Bruno:")]
    latencies: list[float] = []
    try:
        for terminal in terminals:
            terminal.wait_for(ACTIONS)
        while len(latencies) < wanted:
            try:
                mover = next_mover(terminals, mine)
            except TimeoutError:
                break  # nobody has a choice: the game is over
            other = terminals[1 - mover]
            before = actions_shown(other.screen()) or 0
            started = terminals[mover].keys("1")
            other.wait_for(lambda text, before=before: "Game over" in text or (actions_shown(text) or 0) > before,
                           timeout=5, every=0.002)
            latencies.append(time.perf_counter() - started)
            time.sleep(0.2)  # let both terminals settle before the next move
    finally:
        for terminal in terminals:
            terminal.close()
    return latencies


def next_mover(terminals: list[TmuxTerminal], mine: list[re.Pattern]) -> int:
    deadline = time.perf_counter() + 3
    while time.perf_counter() < deadline:
        for index, terminal in enumerate(terminals):
            if mine[index].search(terminal.screen()):
                return index
        time.sleep(0.02)
    raise TimeoutError("no terminal has a choice")


def move_to_display_ms(moves: int = 20) -> list[float]:
    from tests.multiterminal.toy_app import add_toy_game

    add_toy_game()
    latencies: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(5, 15):
            latencies += play_one_game(Path(folder), seed, moves - len(latencies))
            if len(latencies) >= moves:
                break
    return [seconds * 1000 for seconds in latencies]


# -- memory per SSH player ------------------------------------------------------------------------


@dataclass
class Memory:
    """A process's memory in kB: resident (RSS, as ps shows it: every page it maps, shared or
    not), proportional (PSS: each shared page split between the processes that map it; the PSS
    of all processes adds up to the memory they take) and unique (USS: its private pages only)."""

    rss: int = 0
    pss: int = 0
    uss: int = 0

    @classmethod
    def of(cls, pid: int) -> Memory:
        fields = {}
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
                name, value, *_ = line.split()
                fields[name] = int(value)
        except OSError:
            return cls()
        return cls(fields["Rss:"], fields["Pss:"], fields["Private_Clean:"] + fields["Private_Dirty:"])


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(child) for child in (task / "children").read_text().split()]
    return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def connect_players(port: int, players: int) -> list[Drained]:
    """``players`` SSH sessions (asyncssh, 80x24), each once its app shows Home."""
    import asyncssh

    sessions = []
    for _ in range(players):
        conn = await asyncssh.connect("127.0.0.1", port, username="bench", known_hosts=None, agent_path=None,
                                      client_keys=None)
        process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
        sessions.append(Drained(conn, process))
        await sessions[-1].wait_for(re.compile(rb"New game"))
    return sessions


def has_terminal(pid: int) -> bool:
    """The process has a controlling terminal: a player's app (the server's fork server and the
    apps' thinkers run in sessions without one)."""
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[4]) != 0
    except (OSError, IndexError, ValueError):
        return False


def thinker(pid: int) -> bool:
    try:
        return b"engine.search.worker" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


@dataclass
class Served:
    """The memory of a served tree at one moment, in kB: all its processes but the apps'
    thinkers (PSS), the apps, and the thinkers (PSS)."""

    tree_pss: int
    apps: list[Memory]
    thinkers_pss: int

    @classmethod
    def of(cls, server: int) -> Served:
        everyone = [server, *descendants(server)]
        thinkers = [pid for pid in everyone if thinker(pid)]
        rest = [pid for pid in everyone if pid not in thinkers]
        return cls(sum(Memory.of(pid).pss for pid in rest), [Memory.of(pid) for pid in rest if has_terminal(pid)],
                   sum(Memory.of(pid).pss for pid in thinkers))


@dataclass
class PlayerMemory:
    """Per player, in MB, with ``players`` connected at once: the growth of the server's process
    tree (PSS: what each extra player costs the machine) and the mean app's RSS, PSS and USS,
    at Home and once each has started a game against a Normal bot (the bots' thinker
    processes apart: ``thinker_mb``)."""

    players: int
    idle_mb: float
    """The server (and its fork server, if any) with nobody connected: PSS."""
    home: tuple[float, Memory]
    game: tuple[float, Memory]
    """The tree's growth per player (MB), and the mean app (kB)."""
    thinker_mb: float


def ssh_memory_per_player(code: Path = ROOT, players: int = 5) -> PlayerMemory:
    """``tabula serve ssh`` of the checkout ``code`` as its own process, ``players`` asyncssh
    clients logged in at once."""
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = subprocess.Popen([sys.executable, "-m", "tui.cli", "serve", "ssh", "--data-dir", folder,
                                   "--port", str(port), "--allow-anyone"],
                                  cwd=code, env={**os.environ, "PYTHONPATH": str(code)},
                                  stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  text=True, start_new_session=True)  # no terminal: only the apps have one
        try:
            while "Host key fingerprint" not in server.stdout.readline():
                pass
            time.sleep(1.0)
            idle = Served.of(server.pid)

            def per_player(now: Served) -> tuple[float, Memory]:
                apps = now.apps
                mean = Memory(*(sum(getattr(app, name) for app in apps) // max(len(apps), 1)
                                for name in ("rss", "pss", "uss")))
                return (now.tree_pss - idle.tree_pss) / players / 1024, mean

            async def measure() -> PlayerMemory:
                sessions = await connect_players(port, players)
                await asyncio.sleep(1.0)
                home = Served.of(server.pid)
                for session in sessions:
                    await session.key(b"n", lambda session=session: "Seat" in session.shown(), "New game")
                    await session.key(CTRL_S)
                    await session.wait_for(re.compile(rb"you play"))
                await asyncio.sleep(2.0)
                game = Served.of(server.pid)
                for session in sessions:
                    session.conn.close()
                return PlayerMemory(players, idle.tree_pss / 1024, per_player(home), per_player(game),
                                    game.thinkers_pss / players / 1024)

            return asyncio.run(measure())
        finally:
            server.terminate()
            server.wait(15)


def ssh_memory_rows(against: Path | None = None, players: int = 5) -> list[MemoryRow]:
    """The rows of ``ssh_memory_per_player``, with the same measures of the ``against`` code."""
    ours = ssh_memory_per_player(ROOT, players)
    theirs = ssh_memory_per_player(against, players) if against else None
    rows: list[MemoryRow] = []

    def add(name: str, value, unit: str = "MB", target: str = "report", ok: bool = True) -> None:
        rows.append((name, value(ours), unit, target, ok, value(theirs) if theirs else None))

    where = f"{players} players at once (asyncssh, 80x24)"
    add(f"SSH: memory per extra player at Home, {where}: growth of the server's process tree (PSS)",
        lambda m: m.home[0], target="<= 30 MB", ok=ours.home[0] <= 30)
    for moment, pick in (("at Home", lambda m: m.home[1]), ("in a game vs a Normal bot", lambda m: m.game[1])):
        add(f"SSH: a player's app {moment}: RSS (counts the pages it shares with the others)",
            lambda m, pick=pick: pick(m).rss / 1024)
        add(f"SSH: a player's app {moment}: PSS (shared pages split)", lambda m, pick=pick: pick(m).pss / 1024)
        add(f"SSH: a player's app {moment}: USS (its own pages only)", lambda m, pick=pick: pick(m).uss / 1024)
    add(f"SSH: memory per extra player in a game vs a Normal bot, {where}: growth of the tree but the thinkers (PSS)",
        lambda m: m.game[0], target="<= 30 MB", ok=ours.game[0] <= 30)
    add("SSH: besides, the bot's thinker process per player (PSS; a process of its own, not a fork)",
        lambda m: m.thinker_mb)
    add("SSH: the server with nobody connected (PSS, with its fork server if any)", lambda m: m.idle_mb)
    return rows


# -- one key's bots against another player ---------------------------------------------------------

PLAYING = re.compile(rb"is thinking|waits for|is choosing")
ANSI_BYTES = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78]|\x1b\][^\x07]*\x07")
TAB, ENTER, DOWN, CTRL_S = b"\t", b"\r", b"\x1b[B", b"\x13"


class Drained:
    """An SSH session whose output is read all along (as a player's terminal reads it) and
    shown on an 80x24 screen (pyte), so that each key can wait for what the one before did."""

    def __init__(self, conn, process):
        import pyte

        self.conn, self.process = conn, process
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.seen = b""
        self.task = asyncio.ensure_future(self._drain())

    async def _drain(self) -> None:
        while chunk := await self.process.stdout.read(65536):
            if self.stream is not None:
                self.seen = (self.seen + chunk)[-200_000:]
                self.stream.feed(chunk)

    def shown(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_for(self, pattern: re.Pattern, timeout: float = 60) -> None:
        """Until ``pattern`` was written (anything the app drew, escapes left out)."""
        await self.until(lambda: pattern.search(ANSI_BYTES.sub(b"", self.seen)), pattern.pattern, timeout)

    async def until(self, condition, what, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline or self.task.done():
                raise TimeoutError(f"not shown: {what!r}; screen:\n{self.shown()}")
            await asyncio.sleep(0.05)

    def row(self, text: str) -> str:
        return next((line for line in self.screen.display if text in line), "")

    async def key(self, key: bytes, then=None, what: str = "", timeout: float = 60) -> None:
        self.process.stdin.write(key)
        if then is not None:
            await self.until(then, what, timeout)


async def choose_kind(session: Drained, seat: str, kind: str) -> None:
    """On the focused seat kind of New game: open its list, type the kind (the list jumps to
    it), take it; each step once the screen shows the one before."""
    await session.key(ENTER, lambda: "Random bot" in session.shown(), "the list of kinds")
    session.process.stdin.write(kind.encode())
    await asyncio.sleep(0.2)
    await session.key(ENTER, lambda: kind in session.row(f"Seat {seat}") and "Random bot" not in session.shown(),
                      f"seat {seat}: {kind}")


async def start_hard_bot_games(port: int, key, games: int) -> list[Drained]:
    """``games`` connections under ``key``, each starting a game of two Hard bots from New game,
    each key sent once the app has shown what the one before did (under load they lag)."""
    import asyncssh

    logging_in = asyncio.Semaphore(4)  # within the server's --max-startups, as a patient player would

    async def one() -> Drained:
        async with logging_in:
            conn = await asyncssh.connect("127.0.0.1", port, username="flood", client_keys=[key], known_hosts=None,
                                          agent_path=None)
            process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
            session = Drained(conn, process)
            await session.wait_for(re.compile(rb"New game"))
        await session.key(b"n", lambda: "Seat ▲B" in session.shown(), "the New game form")
        for _ in range(3):  # the game, the players, seat A's name: to seat A's kind
            await session.key(TAB)
            await asyncio.sleep(0.1)
        await choose_kind(session, "●A", "Hard bot")
        for _ in range(2):  # seat B's name, its kind
            await session.key(TAB)
            await asyncio.sleep(0.1)
        await choose_kind(session, "▲B", "Hard bot")
        await session.key(CTRL_S)
        await session.wait_for(PLAYING)
        return session

    return list(await asyncio.gather(*(one() for _ in range(games))))


def player_visit(port: int, key_file: str, presses: int) -> tuple[float, list[float]]:
    """Another player logs in (OpenSSH on a real 80x24 pty): seconds until Home is on screen,
    then seconds from each Down/Up on Home to the first bytes of its repaint."""
    from tests.pty_terminal import Terminal

    terminal = Terminal(None, argv=openssh_command(port, key_file))
    try:
        login = terminal.wait_for("New game", timeout=60)
        terminal.settle(0.3)
        repaints = [terminal.key_to_repaint(b"\x1b[B" if i % 2 == 0 else b"\x1b[A") for i in range(presses)]
        return login, repaints
    finally:
        terminal.close()


def openssh_command(port: int, key_file: str) -> list[str]:
    return [shutil.which("ssh"), "-F", "/dev/null", "-p", str(port), "-i", key_file, "-o", "IdentitiesOnly=yes",
            "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "LogLevel=ERROR", "ann@127.0.0.1"]


@dataclass
class FloodFigures:
    logins: list[float]
    """Seconds from starting ssh to Home, per visit."""
    repaints: list[float]
    """Seconds from a key on Home to its repaint."""
    running: int = 0
    """The most searches seen running at once (thinker slots held)."""
    waiting: int = 0
    """The most searches seen waiting (in line or behind their key's others)."""
    moves: int = 0
    """Actions the flooding games made during the other player's visits while they ran."""
    games: int = 0
    """Games the flooding key started."""


def bot_flood(games: int = 12, visits: int = 8, presses: int = 30, workers: int | None = None,
              per_key: int | None = None) -> tuple[FloodFigures, FloodFigures]:
    """The other player's figures with no bots and while one key runs ``games`` Hard-bot games.
    The games are started, and their sessions read, by a process of their own (``flood``), so
    that nothing in this one delays the timing of the visits. The two cases alternate, visit by
    visit, so that both see the same machine (other work on it comes and goes): for "no bots",
    the flooding key's app processes and their thinkers are stopped (SIGSTOP: they use no CPU;
    their sessions stay), then continued for the next visit."""
    import asyncssh

    from saves.store import SaveStore

    workers = workers or default_bot_workers()
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        flood_key, player_key = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
        (folder / "keys").write_bytes(flood_key.export_public_key() + player_key.export_public_key())
        key_files = []
        for name, key in (("flood", flood_key), ("player", player_key)):
            key_files.append(folder / f"{name}_ed25519")
            key_files[-1].write_bytes(key.export_private_key("openssh"))
            key_files[-1].chmod(0o600)
        data = folder / "data"
        port = free_port()
        command = [sys.executable, "-m", "tui.cli", "serve", "ssh", "--data-dir", str(data), "--port", str(port),
                   "--authorized-keys", str(folder / "keys"), "--allow-bot-games", "--max-bot-workers", str(workers)]
        if per_key:
            command += ["--max-bot-games-per-key", str(per_key)]
        server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        idle = FloodFigures([], [])
        loaded = FloodFigures([], [])
        store = SaveStore(data)

        def visit(figures: FloodFigures) -> None:
            login, repaints = player_visit(port, str(key_files[1]), presses)
            figures.logins.append(login)
            figures.repaints += repaints

        def actions() -> int:
            return sum(summary.moves for summary in store.summaries())

        try:
            while "Host key fingerprint" not in server.stdout.readline():
                pass
            threading.Thread(target=server.stdout.read, daemon=True).start()  # whatever it logs, read
            flood = subprocess.Popen([sys.executable, "-m", "tests.bench_serve", "flood", str(port), str(key_files[0]),
                                      str(games), str(data), str(workers)],
                                     cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            flooding: list[int] = []
            try:
                if flood.stdout.readline().strip() != "playing":
                    raise RuntimeError("the games of bots did not start")
                # the flooding key's apps and their thinkers, under the fork server (which goes on
                # forking the other player's apps)
                flooding = [pid for forks in children(server.pid) for pid in descendants(forks)]
                time.sleep(3.0)  # the games under way
                for _ in range(visits):
                    signal_all(flooding, signal.SIGSTOP)
                    time.sleep(0.5)
                    visit(idle)
                    signal_all(flooding, signal.SIGCONT)
                    time.sleep(1.0)
                    before = actions()
                    visit(loaded)
                    loaded.moves += actions() - before
                loaded.games = len(store.summaries())
                flood.stdin.close()
                seen = flood.stdout.readline().split()
                loaded.running, loaded.waiting = int(seen[0]), int(seen[1])
            finally:
                signal_all(flooding, signal.SIGCONT)
                if flood.poll() is None:
                    if not flood.stdin.closed:
                        flood.stdin.close()
                    try:
                        flood.wait(15)
                    except subprocess.TimeoutExpired:
                        flood.kill()
        finally:
            server.terminate()
            server.wait(15)
    return idle, loaded


def descendants(pid: int) -> list[int]:
    found = []
    for child in children(pid):
        found += [child, *descendants(child)]
    return found


def signal_all(pids: list[int], number: int) -> None:
    for pid in pids:
        try:
            os.kill(pid, number)
        except ProcessLookupError:
            pass


def flood(port: int, key_file: str, games: int, data: str, workers: int) -> None:
    """The flooding key's side (its own process): start the games, say "playing", then read
    their sessions and count the thinkers taken until standard input closes; then print the most
    searches seen running and waiting at once, and leave."""
    import asyncssh

    from saves.thinker_slots import ThinkerSlots

    async def run() -> None:
        sessions = await start_hard_bot_games(port, asyncssh.read_private_key(key_file), games)
        for session in sessions:
            session.stream = None  # no more screens to read: the bytes are read and dropped
        print("playing", flush=True)
        slots = ThinkerSlots(Path(data), workers, 1, "bench")
        ended = asyncio.ensure_future(asyncio.to_thread(sys.stdin.read))
        running = waiting = 0
        while not ended.done():
            status = slots.status()
            running = max(running, status["running"])
            waiting = max(waiting, status["line"] + status["held back"])
            await asyncio.sleep(0.25)
        print(running, waiting, flush=True)
        for session in sessions:
            session.conn.close()

    asyncio.run(run())


def bot_flood_rows(games: int = 12, workers: int | None = None, per_key: int | None = None) -> list[Row]:

    if shutil.which("ssh") is None:
        return [("SSH: another player while one key runs Hard-bot games (needs the OpenSSH client)", float("nan"),
                 "ms", "<= 1.5 x no bots", False)]
    workers = workers or default_bot_workers()
    idle, loaded = bot_flood(games, workers=workers, per_key=per_key)
    rows: list[Row] = []
    setting = f"{games} Hard-bot games of one key, --max-bot-workers {workers}" + (
        f", --max-bot-games-per-key {per_key}" if per_key else "")
    login_idle, login_loaded = (statistics.median(f.logins) * 1000 for f in (idle, loaded))
    rows.append((f"SSH: another player's login to Home, no bots, median of {len(idle.logins)} (OpenSSH, 80x24; "
                 "alternating with the visits below)",
                 login_idle, "ms", "report", True))
    rows.append((f"SSH: the same while {setting}, median of {len(loaded.logins)} "
                 f"(slowest {max(loaded.logins) * 1000:.0f} ms; {login_loaded / login_idle:.2f} x no bots)",
                 login_loaded, "ms", "<= 1.5 x no bots", login_loaded <= 1.5 * login_idle))
    key_idle, key_loaded = (percentile(f.repaints, 0.95) * 1000 for f in (idle, loaded))
    rows.append((f"SSH: another player's key to repaint on Home, no bots, p95 of {len(idle.repaints)}", key_idle,
                 "ms", "report", True))
    rows.append((f"SSH: the same while {setting}, p95 of {len(loaded.repaints)} "
                 f"({key_loaded / key_idle:.2f} x no bots)", key_loaded, "ms", "<= 1.5 x no bots",
                 key_loaded <= 1.5 * key_idle))
    rows.append((f"SSH: meanwhile, searches running at once, most seen (waiting: up to {loaded.waiting}; "
                 f"{loaded.moves} actions meanwhile in the {loaded.games} games started)",
                 loaded.running, "", f"<= {workers}", loaded.running <= workers))
    return rows


def serve_rows() -> Iterator[Row]:
    """The rows, each as it is measured."""
    if shutil.which("tmux"):
        latencies = move_to_display_ms()
        p95 = percentile(latencies, 0.95) if latencies else float("nan")
        yield (f"move in one terminal shown in another, p95 ({len(latencies)} moves, real app, tmux)",
               p95, "ms", "< 1000 ms", p95 < 1000)
    else:
        yield ("move in one terminal shown in another (needs tmux)", float("nan"), "ms", "< 1000 ms", False)
    yield from bot_flood_rows()


def main(argv: list[str] | None = None) -> None:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m tests.bench_serve",
                                     description="the multi-terminal and SSH rows of `make bench`")
    parser.add_argument("only", nargs="?", choices=("bots", "memory", "flood"),
                        help="bots: only the rows of one key's bots against a player (flood: its flooding side); "
                             "memory: only the rows of memory per SSH player")
    parser.add_argument("--against", type=Path, metavar="DIR", help="memory: also measure the code checked out in DIR")
    parser.add_argument("--players", type=int, default=5, help="memory: players connected at once (default 5)")
    parser.add_argument("flood", nargs="*", help=argparse.SUPPRESS)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--max-bot-workers", type=int, default=None)
    parser.add_argument("--max-bot-games-per-key", type=int, default=None)
    args = parser.parse_args(argv)
    if args.only == "flood":
        port, key_file, games, data, workers = args.flood
        flood(int(port), key_file, int(games), data, int(workers))
        return
    if args.only == "memory":
        print(f"load average {os.getloadavg()[0]:.1f} at the start")
        for name, value, unit, target, ok, against in ssh_memory_rows(args.against, args.players):
            theirs = f"; against: {against:.1f} {unit}" if against is not None else ""
            print(f"{name}: {value:.1f} {unit}{theirs} (target {target}: {'yes' if ok else 'NO'})")
        print(f"load average {os.getloadavg()[0]:.1f} at the end")
        return
    rows = bot_flood_rows(args.games, args.max_bot_workers, args.max_bot_games_per_key) if args.only else serve_rows()
    for name, value, unit, target, ok in rows:
        print(f"{name}: {value:.1f} {unit} (target {target}: {'yes' if ok else 'NO'})")


if __name__ == "__main__":
    main()

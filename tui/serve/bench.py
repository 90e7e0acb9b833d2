"""Benchmark rows for multi-terminal play, shown by `make bench` (tests/bench.py).

* Move to display: the real app in two real terminals (tmux panes at 80x24), each joined to
  one seat of a toy game; the time from a key press in one terminal to the move showing in
  the other (its status line counts the game's actions).
* Memory per SSH player: `tabula serve ssh` as its own process with players connected over
  loopback; per player, the app process's proportional set size (PSS, shared pages split)
  plus the server's own growth.

Run from the repository root (the toy game lives in tests/). ``TmuxTerminal`` is also used by
the tests of real terminals (tests/multiterminal/test_app_terminals.py).
"""

from __future__ import annotations

import asyncio
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOY_APP = [sys.executable, "-m", "tests.multiterminal.toy_app"]
ACTIONS = re.compile(r"· (\d+) actions ·")
Row = tuple[str, float, str, str, bool]


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
            other.wait_for(lambda text: "Game over" in text or (actions_shown(text) or 0) > before, timeout=5, every=0.002)
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


def memory_kb(pid: int, field: str = "Pss:") -> int:
    """A memory figure of a process in kB: its proportional set size (shared pages split
    between their users; falls back to the RSS), or ``field="VmRSS:"`` for the resident size."""
    sources = [("smaps_rollup", "Pss:")] if field == "Pss:" else []
    for name, key in (*sources, ("status", "VmRSS:")):
        try:
            for line in Path(f"/proc/{pid}/{name}").read_text().splitlines():
                if line.startswith(key):
                    return int(line.split()[1])
        except OSError:
            continue
    return 0


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(child) for child in (task / "children").read_text().split()]
    return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def connect_players(port: int, players: int) -> list:
    import asyncssh

    connections = []
    for _ in range(players):
        conn = await asyncssh.connect("127.0.0.1", port, username="bench", known_hosts=None, agent_path=None,
                                      client_keys=None)
        process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
        seen = b""
        while b"New game" not in seen:
            seen += await asyncio.wait_for(process.stdout.read(65536), 30)
        connections.append(conn)
    return connections


def ssh_memory_per_player_mb(players: int = 4) -> tuple[float, float]:
    """(app process PSS, server growth) per connected player, in MB."""
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = subprocess.Popen([sys.executable, "-m", "tui.cli", "serve", "ssh", "--data-dir", folder,
                                   "--port", str(port), "--allow-anyone"],
                                  cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            while "Host key fingerprint" not in server.stdout.readline():
                pass
            idle = memory_kb(server.pid, "VmRSS:")

            async def measure() -> tuple[float, float]:
                connections = await connect_players(port, players)
                await asyncio.sleep(1.0)
                apps = children(server.pid)
                app_kb = sum(memory_kb(pid) for pid in apps) / max(len(apps), 1)
                growth_kb = (memory_kb(server.pid, "VmRSS:") - idle) / players
                for conn in connections:
                    conn.close()
                return app_kb / 1024, growth_kb / 1024

            return asyncio.run(measure())
        finally:
            server.terminate()
            server.wait(15)


def serve_rows() -> list[Row]:
    rows: list[Row] = []
    if shutil.which("tmux"):
        latencies = move_to_display_ms()
        p95 = percentile(latencies, 0.95) if latencies else float("nan")
        rows.append((f"move in one terminal shown in another, p95 ({len(latencies)} moves, real app, tmux)",
                     p95, "ms", "< 1000 ms", p95 < 1000))
    else:
        rows.append(("move in one terminal shown in another (needs tmux)", float("nan"), "ms", "< 1000 ms", False))
    app_mb, server_mb = ssh_memory_per_player_mb()
    rows.append(("SSH: memory per connected player (app PSS + server share)", app_mb + server_mb, "MB",
                 "report", True))
    rows.append(("SSH: of which the server's own growth per player", server_mb, "MB", "report", True))
    return rows


if __name__ == "__main__":
    for row in serve_rows():
        print(row)

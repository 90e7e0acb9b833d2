"""`make bench`: speed and memory figures against their targets, each printed as it is
measured, then all of them as one table.

Not part of the test suite: timings depend on the machine. Targets are those of the issues,
for the 2-core development machine. Other processes cannot fool it: rows are CPU time where
that is what matters (a child's own CPU from wait4, this process's from process_time), or a
ratio of two things measured alternately in the same run; a row that can only be wall time
says "unreliable: load N" instead of a verdict when the load average as it was measured says
the machine was busy. Each timing row names its sample count. With ``--against
DIR`` (a checkout of other code, e.g. a worktree of main before a change), the rows measured
in child processes run that code too, interleaved with this one, in an "against" column.
Child processes run Tabula as its installed command does: through the console script's entry
point, with the project's bytecode compiled first (``compile_bytecode``: pip compiles it at
install, while this machine's PYTHONDONTWRITEBYTECODE=1 would make a checkout compile it at
every start).
"""

from __future__ import annotations

import argparse
import functools
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table
from textual import events

from engine.core.bots import RandomBot, play_out
from engine.core.match import Match
from engine.core.playout import Playout, random_policy
from engine.core.state import copy_state
from engine.registry import GAMES, rules_for
from saves.mine import waiting_for
from saves.seats import SeatLeases
from saves.session import GameSession
from saves.store import SaveStore, Seat
from tests.pty_terminal import ANSI, Terminal, cpu_resolution

ROOT = Path(__file__).resolve().parent.parent
NAMES4 = ["Ann", "Bruno", "Chloe", "Dara"]


AGAINST: Path | None = None
"""The other checkout of --against, if any."""
TABULA = [sys.executable, "-c", "import sys; from tui.cli import main; sys.exit(main())"]
"""Tabula started as its installed ``tabula`` command starts it (the console script's own two
lines), in the checkout that is the child's working folder."""
HELLO = """from textual.app import App
from textual.widgets import Static


class Hello(App):
    def compose(self):
        yield Static("hello")


Hello().run()
"""
"""The bare Textual app the first frame is compared with."""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def first_frame_seconds(argv: list[str], text: str, code: Path = ROOT) -> float:
    """Process start to ``text`` on a real pseudo-terminal at 80x24."""
    terminal = Terminal(None, argv=argv, cwd=code)
    try:
        return terminal.wait_for(text)
    finally:
        terminal.close()


def first_frame_ratios(runs: int, code: Path = ROOT) -> list[float]:
    """Tabula's first frame over a bare Textual app's, each pair started one after the other."""
    ratios = []
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(runs):
            hello = first_frame_seconds([sys.executable, "-c", HELLO], "hello")
            tabula = first_frame_seconds([*TABULA, "--data-dir", folder], "New game", code)
            ratios.append(tabula / hello)
    return ratios


def mid_game_session(store: SaveStore, game: str, moves: int) -> GameSession:
    """Four human seats (or the game's most), ``moves`` decisions into the game (made by a random bot for them)."""
    names = NAMES4[:len(seats_for(game))]
    session = GameSession.new(store, game, "bench", [Seat(name, "human") for name in names], seed=5)
    bot = RandomBot(5)
    for _ in range(moves):
        seat = session.match.awaiting()[0]
        session.act(seat, bot.choose(session.match, seat).id)
    return session


@contextmanager
def resumed_table(game: str, moves: int, screen: bool = False, code: Path = ROOT) -> Iterator[tuple[Terminal, str]]:
    """Tabula (the code in ``code``) on a real 80x24 pseudo-terminal, on the table of a game
    ``moves`` decisions in (see ``mid_game_session``) opened from Resume: the terminal (keeping
    what it shows, with ``screen``), and what the opening drew."""
    with tempfile.TemporaryDirectory() as folder:
        mid_game_session(SaveStore(Path(folder)), game, moves)
        terminal = Terminal(None, argv=[*TABULA, "--data-dir", folder], cwd=code, screen=screen)
        try:
            terminal.wait_for("New game")
            terminal.settle()
            for key in (b"r", b"\r"):  # Resume, the game
                os.write(terminal.fd, key)
                drawn = terminal.settle(0.5)
            yield terminal, drawn
        finally:
            terminal.close()


def keypress_latencies(game: str, moves: int, presses: int = 60) -> list[float]:
    """Arrow key in the choice list to repaint, on a mid-game 4-player table at 80x24."""
    with resumed_table(game, moves) as (terminal, drawn):
        if "Pass to" in drawn:  # the hotseat curtain before a private hand
            os.write(terminal.fd, b"\r")
            terminal.settle(0.5)
        return [terminal.key_to_repaint(b"\x1b[B" if i % 2 == 0 else b"\x1b[A") for i in range(presses)]


THINKING = re.compile(r"\S+ \S+ is thinking… \d+%|[▰▱]+ m: move now|\s")
"""What a progress repaint of the thinking line shows (ANSI stripped): not a key's answer."""
PAGE_DOWN, PAGE_UP = b"\x1b[6~", b"\x1b[5~"


def key_to_own_repaint(terminal: Terminal, key: bytes) -> float:
    """Seconds from writing a key to the first repaint that is not only the thinking line's
    progress (which repaints by itself a few times a second)."""
    start = time.perf_counter()
    os.write(terminal.fd, key)
    while time.perf_counter() - start < 2:
        before = len(terminal.seen)
        if not terminal.read(2):
            break
        if THINKING.sub("", ANSI.sub("", terminal.seen[before:])):
            elapsed = time.perf_counter() - start
            terminal.settle(0.05)
            return elapsed
    return float("nan")


def keypress_latencies_while_thinking(game: str, bot: str = "hard", turns: int = 5) -> list[float]:
    """PgDn/PgUp (the boards scroll) to repaint at 80x24 while a search bot thinks, over
    ``turns`` of its turns in a 2-player game against one person who plays choice 1. A press
    during which the bot moved is left out: it measures drawing the new position, which the
    mid-game rows cover."""
    with tempfile.TemporaryDirectory() as folder:
        store = SaveStore(Path(folder))
        save_id = GameSession.new(store, game, "bench", [Seat("Ann", "human"), Seat("Bruno", bot)], seed=5).record.id

        def moves() -> int:
            return len(store.load(save_id).actions)

        terminal = Terminal(Path(folder))
        latencies: list[float] = []
        try:
            terminal.wait_for("New game")
            terminal.settle()
            for key in (b"r", b"\r"):  # Resume, the game
                os.write(terminal.fd, key)
                terminal.settle(0.5)
            for _ in range(turns):
                for _ in range(20):  # Ann plays the first choice (Enter) until Bruno thinks
                    if not math.isnan(terminal.wait_for("is thinking", timeout=3)):
                        break
                    os.write(terminal.fd, b"\r")
                terminal.settle(0.05)
                before, press = moves(), 0
                while True:
                    latency = key_to_own_repaint(terminal, PAGE_DOWN if press % 2 == 0 else PAGE_UP)
                    if moves() != before:  # Bruno moved meanwhile: that press waited on the new table's drawing
                        break
                    latencies.append(latency)
                    press += 1
                    time.sleep(0.05)
            return latencies
        finally:
            terminal.close()


def move_latencies(game: str, moves: int, samples: int = 40,
                   code: Path = ROOT) -> tuple[list[float], list[float], list[float]]:
    """A real move (Enter on the first choice, highlighted after every move) on a mid-game table
    of human seats at 80x24, from the key until the last repaint the user sees (the last change
    of any cell on the terminal, as an emulator shows it: the app's repaints of unchanged cells are left out),
    and until the last byte it wrote; hot-seat curtains are lifted untimed. The wall times,
    and the app's CPU times for the move, from the key until 0.15 s without output after its
    last byte (which other processes do not lengthen), in seconds. The app paints on a 60 Hz
    clock, so a wall time is in steps of 1/60 s."""
    shown: list[float] = []
    written: list[float] = []
    cpu: list[float] = []
    with resumed_table(game, moves, screen=True, code=code) as (terminal, drawn):
        for _ in range(samples * 3):
            if len(shown) == samples or "Game over" in drawn:
                break
            if "Pass to" in drawn:  # the hotseat curtain before a private hand
                _, _, drawn = terminal.key_to_shown(b"\r", 0.3)
                continue
            used = terminal.cpu_seconds()
            to_change, to_byte, drawn = terminal.key_to_shown(b"\r")
            shown.append(to_change)
            written.append(to_byte)
            cpu.append(terminal.cpu_seconds() - used)
    return shown, written, cpu


def autosave_ms(other_saves: int, moves: int = 40) -> float:
    """Median time of one autosave (an atomic append of an action) with N other saves present."""
    with tempfile.TemporaryDirectory() as folder:
        store = SaveStore(Path(folder))
        session = GameSession.new(store, "almadi", "bench", [Seat(name, "random") for name in NAMES4], seed=9)
        template = store.path_of(session.record.id)
        for index in range(other_saves):
            shutil.copy(template, template.with_name(f"bench{index:05d}.json"))
        times = []
        for _ in range(moves):
            seat = session.match.awaiting()[0]
            choice = session.bot_choice(seat)
            session.match.choose(seat, choice)
            start_index = len(session.match.actions) - 1
            session.match.draw_all()
            start = time.perf_counter()
            session._save_from(start_index)
            times.append(time.perf_counter() - start)
        return statistics.median(times) * 1000


def resume_ms(game: str, runs: int = 5) -> tuple[float, int]:
    """CPU ms to load and replay a finished game of the most players (median), and its length."""
    with tempfile.TemporaryDirectory() as folder:
        store = SaveStore(Path(folder))
        names = NAMES4[:len(seats_for(game))]
        session = GameSession.new(store, game, "bench", [Seat(name, "random") for name in names], seed=3)
        session.play_bots()
        assert session.match.finished
        times = []
        for _ in range(runs):
            start = time.process_time()
            GameSession.resume(store, session.record.id)
            times.append(time.process_time() - start)
        return statistics.median(times) * 1000, len(session.match.actions)


def long_save(store: SaveStore, game: str, seed: int = 3) -> int:
    """A save of human seats (four, or the game's most) played by a random bot for them up to
    three turns before its end: the longest game a player resumes. It stops where a seat's turn
    begins, so that Esc leaves its table (mid-turn it would take a step back). Returns its length."""
    rules = rules_for(game)
    names = NAMES4[:len(seats_for(game))]
    match, bot = Match(rules, names, {}, seed), RandomBot(seed)
    while True:
        match.draw_all()
        if match.decision is None:
            break
        seat = match.decision.actors[0]
        match.choose(seat, bot.choose(match, seat).id)
    actions = match.actions
    cut = [index for index, action in enumerate(actions)
           if action.actor >= 0 and actions[index - 1].actor != action.actor][-3]
    played = Match.replay(rules, names, match.options, seed, match.actions[:cut])
    store.create(game, "bench", [Seat(name, "human") for name in names], played.options, seed, str(rules.version),
                 rules.data_version(), actions=[action.to_json() for action in played.actions],
                 progress=played.progress())
    return cut


def resume_to_table_ms(game: str, runs: int = 7) -> tuple[list[float], list[float], list[float], int]:
    """Enter on the longest saved game in Resume until the table (or the hot-seat curtain
    before it) is drawn, on a real 80x24 pseudo-terminal: until the last change of what the
    terminal shows, and until the app's last byte; Esc goes home between runs. Those wall
    times and the app's CPU times meanwhile (ms), and the game's length."""
    with tempfile.TemporaryDirectory() as folder:
        actions = long_save(SaveStore(Path(folder)), game)
        terminal = Terminal(Path(folder), screen=True)
        shown: list[float] = []
        written: list[float] = []
        cpu: list[float] = []
        try:
            terminal.wait_for("New game")
            terminal.settle()
            for _ in range(runs):
                os.write(terminal.fd, b"r")
                terminal.expect("bench")  # the save's row
                terminal.settle(0.5)
                used = terminal.cpu_seconds()
                # the curtain, or the table's status line
                to_change, to_byte, _ = terminal.key_to_shown(b"\r", expect=("Pass to", "view of"))
                shown.append(to_change * 1000)
                written.append(to_byte * 1000)
                cpu.append((terminal.cpu_seconds() - used) * 1000)
                terminal.settle()
                os.write(terminal.fd, b"\x1b")
                terminal.expect("New game")
                terminal.settle()
            return shown, written, cpu, actions
        finally:
            terminal.close()


def saved_sheets_list_ms(sheets: int = 1000, runs: int = 3) -> tuple[float, float]:
    """Table assistant home with N saved sheets (headless app, 80x24): median ms from the screen
    on show ('Loading saved sheets…') to the list filled, and from the key press to the list filled."""
    import asyncio

    from engine.assistant.sheets import new_checklist, new_form
    from tests.tui.helpers import make_app
    from tui.screens.assistant import AssistantHomeScreen
    from tui.screens.assistant_store import progress_of

    async def measure(folder: Path) -> tuple[float, float]:
        app = make_app(folder)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            pressed = time.perf_counter()
            await pilot.press("t")
            table = app.screen.query_one("#sheets")
            while table.row_count < sheets:
                await pilot.pause(0.001)
            filled = time.perf_counter()
            return filled - shown[-1], filled - pressed

    shown: list[float] = []
    mount = AssistantHomeScreen.on_mount

    def timed_mount(screen) -> None:  # the screen is up, saying 'Loading saved sheets…'
        shown.append(time.perf_counter())
        mount(screen)

    with tempfile.TemporaryDirectory() as folder:
        store = SaveStore(Path(folder))
        for index in range(sheets):
            game = ("thebai", "almadi", "polis", "pantheon")[index % 4]
            sheet = new_form(game, "final" if game != "pantheon" else "running", 2) if index % 3 else \
                new_checklist(game, 2, index)
            store.put_sheet(f"bench{index:04d}", sheet, progress_of(sheet))
        AssistantHomeScreen.on_mount = timed_mount
        try:
            asyncio.run(measure(Path(folder)))  # once to import and compile what the screens need
            times = [asyncio.run(measure(Path(folder))) for _ in range(runs)]
        finally:
            AssistantHomeScreen.on_mount = mount
    return (statistics.median(t[0] for t in times) * 1000, statistics.median(t[1] for t in times) * 1000)


def saved_folder(folder: Path, saves: int) -> Path:
    """``saves`` finished 4-player Pantheon games (about 900 actions each) in ``folder``."""
    store = SaveStore(folder)
    session = GameSession.new(store, "pantheon", "bench", [Seat(name, "random") for name in NAMES4], seed=3)
    session.play_bots()
    template = store.path_of(session.record.id)
    for index in range(saves - 1):
        shutil.copy(template, template.with_name(f"bench{index:05d}.json"))
    return folder


MEASURED = """import os, sys
pid = os.posix_spawn(sys.argv[1], sys.argv[1:], os.environ, file_actions=[(os.POSIX_SPAWN_OPEN, 1, os.devnull,
                                                                          os.O_WRONLY, 0)])
_, status, usage = os.wait4(pid, 0)
print(os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime, usage.ru_maxrss)
"""
"""Runs a command and says its exit status, CPU seconds and peak memory (kB). The command is
started from this small process, not from the bench's: a child's peak memory counts the pages
of the process it was forked from, until its exec."""


def child_cost(*args: str, code: Path = ROOT) -> tuple[float, float]:
    """CPU seconds and peak memory (MB) of ``tabula ARGS`` as a child process running the code in
    ``code``."""
    said = subprocess.run([sys.executable, "-c", MEASURED, *TABULA, *args], cwd=code, capture_output=True, text=True,
                          check=True).stdout.split()
    status, cpu, peak = int(said[0]), float(said[1]), int(said[2])
    assert status == 0, f"tabula {' '.join(args)} failed"
    return cpu, peak / 1024


def games_per_second(game: str, seconds: float = 5.0) -> float:
    """Whole random games per CPU second through Match (the action log, labels and log text)."""
    rules, games, start = rules_for(game), 0, time.process_time()
    while time.process_time() - start < seconds:
        names = NAMES4[:len(seats_for(game))]
        match = Match(rules, names, {}, games)
        play_out(match, {seat: RandomBot(games * 10 + seat) for seat in range(len(names))})
        games += 1
    return games / (time.process_time() - start)


def seats_for(game: str) -> list[str]:
    """Four players where the game allows it, else its largest table."""
    rules = rules_for(game)
    return [f"P{n}" for n in range(min(4, rules.max_players))]


def mid_game_state(game: str) -> dict:
    rules = rules_for(game)
    playout = Playout(rules, rules.setup(seats_for(game), rules.default_options(), 11))
    total = Playout(rules, copy_state(playout.state, log=False)).run(random_policy(11))
    playout.run(random_policy(11), max_decisions=total // 2)
    return playout.state


def clone_microseconds(game: str, copies: int = 3000) -> float:
    """Copying a mid-game state for look-ahead (no log), CPU µs."""
    state = mid_game_state(game)
    start = time.process_time()
    for _ in range(copies):
        copy_state(state, log=False)
    return (time.process_time() - start) / copies * 1e6


def playouts_per_second(game: str, seconds: float = 3.0) -> float:
    """Whole random games per CPU second on the rules-only path (no action log, no log text, no labels)."""
    rules, games, start = rules_for(game), 0, time.process_time()
    while time.process_time() - start < seconds:
        state = rules.setup(seats_for(game), rules.default_options(), games)
        state["log"] = None
        Playout(rules, state).run(random_policy(games))
        games += 1
    return games / (time.process_time() - start)


@dataclass
class Row:
    name: str
    value: float
    unit: str
    target: str
    ok: bool
    wall: bool = False
    """Measured as wall time: at the mercy of other processes, so no verdict on a busy machine."""
    against: float | None = None
    """The same measure of the --against code."""
    load: float = 0.0
    """The load average as it was measured."""

    @property
    def verdict(self) -> str:
        if self.wall and self.load > 0.75 * (os.cpu_count() or 1):
            return f"unreliable: load {self.load:.1f}"
        return "yes" if self.ok else "NO"


def reference_ms() -> float:
    """This machine's speed now: CPU ms of a fixed pure-Python loop, the best of five. A virtual
    machine's speed can change by a third from one minute to the next without any load to show
    it; rows measured with a slower reference were slower for that reason alone."""
    times = []
    for _ in range(5):
        start = time.process_time()
        for _ in range(100):
            sum(i * i for i in range(10_000))
        times.append(time.process_time() - start)
    return min(times) * 1000


def shown(value: float | None, unit: str) -> str:
    if value is None:
        return "-"
    return f"{value:.{2 if unit in ('s', 'x') else 1}f} {unit}" if value == value else "n/a"


def main(argv: list[str] | None = None) -> None:
    global AGAINST
    parser = argparse.ArgumentParser(prog="python -m tests.bench", description=__doc__)
    parser.add_argument("--only", choices=SECTIONS, action="append", metavar="SECTION",
                        help="run only this section (may be repeated): " + "; ".join(
                            f"{name}: {about}" for name, about in SECTION_ABOUT.items())
                        + f". Default: every section but {', '.join(NAMED_ONLY)}")
    parser.add_argument("--games", type=int, default=20,
                        help="games per arena row of the search section (default 20; the polis section plays at "
                             "least 40)")
    parser.add_argument("--jobs", type=int, default=None,
                        help="games played at once in the search and polis sections (default: one per core)")
    parser.add_argument("--against", type=Path, metavar="DIR",
                        help="also run the child-process rows on the code checked out in DIR")
    args = parser.parse_args(argv)
    AGAINST = args.against.resolve() if args.against else None
    rows: list[Row] = []
    for code in (ROOT, *([AGAINST] if AGAINST else [])):
        compile_bytecode(code)
    load_at_start, reference_at_start = os.getloadavg()[0], reference_ms()

    def row(name: str, value: float, unit: str, target: str, ok: bool, *, wall: bool = False,
            against: float | None = None) -> None:
        rows.append(Row(name, value, unit, target, ok, wall, against, os.getloadavg()[0]))
        print_row(rows[-1])

    for section in SECTIONS:
        if section in args.only if args.only else section not in NAMED_ONLY:
            started = time.monotonic()
            print(f"{section}:", flush=True)
            if section == "search":
                from tests.bench_search import search_rows

                search_rows(row, args.games, args.jobs)
            elif section == "review":
                from tests.bench_review import review_rows

                review_rows(row)
            elif section == "polis":
                from tests.bench_polis import polis_rows

                polis_rows(row, args.games, args.jobs)
            else:
                SECTION_ROWS[section](row)
            print(f"{section}: {time.monotonic() - started:.0f} s (load average {os.getloadavg()[0]:.1f}, "
                  f"reference loop {reference_ms():.0f} ms)", flush=True)

    table = Table(title=f"Tabula benchmark ({os.cpu_count()} cores, Python {sys.version.split()[0]} at "
                        f"{os.path.realpath(sys.executable)})",
                  caption=f"load average {load_at_start:.1f} at the start, {os.getloadavg()[0]:.1f} at the end; "
                          f"reference loop (this machine's speed, lower is faster) {reference_at_start:.0f} ms at "
                          f"the start, {reference_ms():.0f} ms at the end"
                          + (f"; against {AGAINST}" if AGAINST else ""))
    for column in ("measure", "value", *(["against"] if AGAINST else []), "target", "ok"):
        table.add_column(column)
    for r in rows:
        table.add_row(r.name, shown(r.value, r.unit), *([shown(r.against, r.unit)] if AGAINST else []), r.target,
                      r.verdict)
    Console(width=None if sys.stdout.isatty() else 160).print(table)


def print_row(row: Row) -> None:
    """A row as soon as it is measured (the table comes at the end)."""
    against = f", against {shown(row.against, row.unit)}" if AGAINST else ""
    print(f"  {row.name}: {shown(row.value, row.unit)}{against} (target {row.target}: {row.verdict})", flush=True)


def compile_bytecode(code: Path) -> None:
    """Compile the project's modules in ``code`` as installing it does (pip compiles a package's
    bytecode at install). This machine sets PYTHONDONTWRITEBYTECODE=1, so without it every child
    process would compile the project's source anew at start-up, which an installed command never
    does. Into the checkout's own __pycache__ folders (ignored by git), only where stale."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", "engine", "tui", "saves"], cwd=code, check=True,
                   stdout=subprocess.DEVNULL)


def child_rows_of(measure, runs: int) -> tuple[list, list]:
    """``measure(code)`` ``runs`` times on this code and, interleaved, on the --against code."""
    ours, theirs = [], []
    for _ in range(runs):
        ours.append(measure(ROOT))
        if AGAINST:
            theirs.append(measure(AGAINST))
    return ours, theirs


def median_or_none(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


def start_rows(row) -> None:
    runs = 7
    ours, theirs = child_rows_of(lambda code: statistics.median(first_frame_ratios(1, code)), runs)
    value = statistics.median(ours)
    row(f"start to first frame / a bare Textual app's, same run (80x24 pty, median of {runs} pairs)", value, "x",
        "<= 1.5 x", value <= 1.5, against=median_or_none(theirs))
    ours, theirs = child_rows_of(lambda code: child_cost("--help", code=code)[0] * 1000, 5)
    value = statistics.median(ours)
    row("`tabula --help`: CPU (median of 5)", value, "ms", "report", True, against=median_or_none(theirs))
    serve = serve_modules_loaded(ROOT)
    row(f"`tabula --help`: server modules imported ({', '.join(serve) or 'none'})", len(serve), "", "0",
        not serve, against=len(serve_modules_loaded(AGAINST)) if AGAINST else None)


def serve_modules_loaded(code: Path) -> list[str]:
    """asyncssh or textual-serve, if `tabula --help` imports them."""
    found = subprocess.run([TABULA[0], "-X", "importtime", *TABULA[1:], "--help"], cwd=code,
                           capture_output=True, text=True).stderr
    return [name for name in ("asyncssh", "textual_serve") if re.search(rf"\| +{name}$", found, re.M)]


def run_percentile_ms(ours, theirs, pick, q: float = 0.95) -> tuple[float, float | None]:
    """The ``q`` percentile of ``pick(run)`` in ms, for this code's run and the --against code's (or None)."""
    return (percentile([t * 1000 for t in pick(ours)], q),
            percentile([t * 1000 for t in pick(theirs)], q) if theirs else None)


def move_rows(row) -> None:
    """A real move per game, on this code and (interleaved, in the against column) the --against code."""
    for game, moves in (("almadi", 100), ("pantheon", 60), ("thebai", 120), ("polis", 20)):
        if game not in GAMES:
            continue
        (ours,), theirs = child_rows_of(
            lambda code, game=game, moves=moves: move_latencies(game, moves, code=code), 1)
        shown, written, cpu = ours
        players = len(seats_for(game))
        percentile_ms = functools.partial(run_percentile_ms, ours, theirs[0] if theirs else None)
        used, used_before = percentile_ms(lambda run: run[2])
        row(f"{game}: a move, the app's CPU from the key to 0.15 s after its last byte, p95 ({len(cpu)} moves, "
            f"{cpu_resolution()})", used,
            "ms", "< 100 ms", used < 100, against=used_before)
        p50, p50_before = percentile_ms(lambda run: run[0], 0.5)
        row(f"{game}: a move (Enter on the first choice) until the screen's last change, p50 ({len(shown)} moves, "
            f"{players}p, 80x24)", p50, "ms", "-", True, wall=True, against=p50_before)
        p95, p95_before = percentile_ms(lambda run: run[0])
        row(f"{game}: a move (Enter on the first choice) until the screen's last change, p95 ({len(shown)} moves, "
            f"{players}p, 80x24)", p95, "ms", "< 100 ms", p95 < 100, wall=True, against=p95_before)
        last_byte, last_byte_before = percentile_ms(lambda run: run[1])
        row(f"{game}: the same until the app's last byte (repaints of unchanged cells too), p95", last_byte, "ms",
            "report", True, wall=True, against=last_byte_before)


def saves_rows(row) -> None:
    for saves in (10, 1000, 10000):
        with tempfile.TemporaryDirectory() as folder:
            saved_folder(Path(folder), saves)
            saves_list_rows(row, Path(folder), saves)
            drawn, cpu = resume_list_ms(Path(folder), saves)
            row(f"Resume with {saves:,} saves: key to list drawn (median of 3)", drawn, "ms", "< 300 ms", drawn < 300,
                wall=True)
            row(f"Resume with {saves:,} saves: CPU meanwhile (median of 3)", cpu, "ms", "< 300 ms", cpu < 300)
            if saves == 10000:
                home_rows(row, Path(folder), saves)
    mine_rows(row)


def mine_rows(row, saves: int = 10000, mine: int = 50) -> None:
    """Resume's Mine view on a served app whose key owns a seat in ``mine`` of ``saves`` games,
    and Home's count of those waiting for its move."""
    from tui.screens.home import your_move

    with tempfile.TemporaryDirectory() as folder:
        saved_folder(Path(folder), saves - mine)
        store = SaveStore(folder)
        for index in range(mine):
            save_id = GameSession.new(store, "almadi", "mine", [Seat("Ann", "human"), Seat("Bob", "human")],
                                      seed=index).record.id
            SeatLeases(Path(folder), save_id).acquire(0, "bench", identity=BENCH_KEY)
        waiting = len(waiting_for(store.summaries(), Path(folder), BENCH_KEY))  # the index built, as a server has it
        drawn = served_app_ms(Path(folder), mine_view_shown(mine), keys="rm")
        counted = served_app_ms(Path(folder), home_count_shown(your_move(waiting)))
    row(f"Resume's Mine view, {saves:,} games of which {mine} are this key's: key to list drawn (median of 3)",
        drawn, "ms", "< 300 ms", drawn < 300, wall=True)
    row(f"Home's count of the {waiting} games waiting for this key, same folder: first frame to the count shown "
        "(headless, median of 3)",
        counted, "ms", "< 100 ms", counted < 100, wall=True)


BENCH_KEY = "SHA256:bench-player"


def mine_view_shown(mine: int):
    def shown(app) -> bool:
        return bool(app.screen.id != "_default" and app.screen.query("#saves") and app.screen.mine
                    and app.screen.query_one("#saves").row_count == mine)
    return shown


def home_count_shown(said: str):
    def shown(app) -> bool:
        line = app.screen.query("#your-move")
        return bool(line) and line.first().display and str(line.first().render()) == said
    return shown


def served_app_ms(folder: Path, shown, keys: str = "", runs: int = 3) -> float:
    """A served headless app (80x24) whose key is BENCH_KEY, from its first frame (then each of
    ``keys`` pressed) until ``shown(app)``: median wall ms."""
    import asyncio

    from tests.tui.helpers import make_app
    from tui.serve import PLAYER_KEY, SEAT_PER_TERMINAL

    async def measure() -> float:
        app = make_app(folder)
        async with app.run_test(size=(80, 24)) as pilot:
            if keys:
                await app.workers.wait_for_complete()
                await pilot.pause()
            wall = time.perf_counter()
            for key in keys:
                app.post_message(events.Key(key, key))
            while not shown(app):
                await asyncio.sleep(0.001)
            return (time.perf_counter() - wall) * 1000

    served = {SEAT_PER_TERMINAL: "1", PLAYER_KEY: BENCH_KEY}
    saved = {name: os.environ.get(name) for name in served}
    os.environ.update(served)
    try:
        asyncio.run(measure())  # once to import and compile what the screens need
        times = [asyncio.run(measure()) for _ in range(runs)]
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    return statistics.median(times)


def saves_list_rows(row, folder: Path, saves: int, runs: int = 3) -> None:
    """`tabula saves list` on a folder of ``saves`` long games: CPU with no index yet (each save
    summed up from its file) and with the index built, and peak memory."""

    def listing(code: Path, index: bool) -> tuple[float, float]:
        (folder / "index.json").unlink(missing_ok=True)
        if index:  # built by the same code (the --against code's may keep another format)
            child_cost("saves", "list", "--data-dir", str(folder), code=code)
        return child_cost("saves", "list", "--data-dir", str(folder), code=code)

    for index, target in ((False, 3000), (True, 500 if saves >= 10000 else 1000)):
        ours, theirs = child_rows_of(lambda code, index=index: listing(code, index), runs)
        cpu = statistics.median(c for c, _ in ours) * 1000
        before = statistics.median(c for c, _ in theirs) * 1000 if theirs else None
        row(f"`tabula saves list`, {saves:,} long saves, {'the index built' if index else 'no index yet'}: CPU "
            f"(median of {runs})", cpu, "ms", f"< {target:,} ms", cpu < target, against=before)
    mb = max(m for _, m in ours)
    row(f"`tabula saves list`, {saves:,} saves: peak memory", mb, "MB", "< 150 MB", mb < 150,
        against=max(m for _, m in theirs) if theirs else None)


def home_rows(row, folder: Path, saves: int) -> None:
    scanning, after = home_key_latencies(folder)
    p95 = percentile([t * 1000 for t in scanning], 0.95)
    row(f"Home with {saves:,} saves and no index: Down/Up to repaint p95 while its worker builds every "
        f"summary ({len(scanning)} presses, 80x24 pty)", p95, "ms", "< 50 ms", p95 < 50, wall=True)
    p95 = percentile([t * 1000 for t in after], 0.95)
    row(f"Home: the same once that scan is over ({len(after)} presses)", p95, "ms", "report", True, wall=True)


def home_key_latencies(folder: Path, after: int = 40) -> tuple[list[float], list[float]]:
    """Down/Up on Home's menu to repaint, on a real 80x24 pseudo-terminal, from Home's first
    frame on a folder of saves with no index, so that Home's worker reads and sums up every save
    (its longest scan): seconds per press while the scan runs (until it writes the index), and
    for ``after`` presses once it is over."""
    index = folder / "index.json"
    index.unlink(missing_ok=True)
    terminal = Terminal(None, argv=[*TABULA, "--data-dir", str(folder)], cwd=ROOT)
    keys = (b"\x1b[B", b"\x1b[A")
    try:
        terminal.wait_for("New game")
        scanning, deadline = [], time.perf_counter() + 120
        while not index.exists() and time.perf_counter() < deadline:
            scanning.append(terminal.key_to_repaint(keys[len(scanning) % 2]))
        return scanning, [terminal.key_to_repaint(keys[i % 2]) for i in range(after)]
    finally:
        terminal.close()


def resume_list_ms(folder: Path, saves: int, runs: int = 3) -> tuple[float, float]:
    """Resume on the home screen (headless app, 80x24) until its list shows its first rows:
    median wall ms and median CPU ms of this process (the app, its worker) over that time."""
    import asyncio

    from tests.tui.helpers import make_app

    async def measure() -> tuple[float, float]:
        app = make_app(folder)
        async with app.run_test(size=(80, 24)) as pilot:
            await app.workers.wait_for_complete()
            await pilot.pause()
            wall, cpu = time.perf_counter(), time.process_time()
            app.post_message(events.Key("r", "r"))
            while not (app.screen.id != "_default" and app.screen.query("#saves")
                       and app.screen.query_one("#saves").row_count >= min(saves, 100)):
                await asyncio.sleep(0.001)
            return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000

    asyncio.run(measure())  # once to import and compile what the screens need
    times = [asyncio.run(measure()) for _ in range(runs)]
    return statistics.median(t[0] for t in times), statistics.median(t[1] for t in times)


def simulate_rows(row) -> None:
    games = 200  # as the goal is set: `tabula simulate --players 4 --games 200 --seed 7`
    for game, target in (("pantheon", 50), ("almadi", 100)):
        ours, theirs = child_rows_of(
            lambda code, game=game: games / child_cost("simulate", game, "--players", "4", "--games", str(games),
                                                       "--seed", "7", code=code)[0],
            3)
        value = statistics.median(ours)
        row(f"`tabula simulate {game} --players 4 --games {games} --seed 7` with its replay check: games per CPU "
            f"second, start-up included (median of 3 runs)", value, "games/s", f">= {target}", value >= target,
            against=median_or_none(theirs))
        value = games_per_second(game)
        row(f"{game}: random 4p games per CPU second, engine only (no replay check)", value, "games/s", "report",
            True)


def core_rows(row) -> None:
    for game, moves in (("almadi", 100), ("pantheon", 60), ("thebai", 120), ("polis", 20)):
        if game not in GAMES:
            continue
        latencies = [t * 1000 for t in keypress_latencies(game, moves)]
        p50, p95 = percentile(latencies, 0.5), percentile(latencies, 0.95)
        players = len(seats_for(game))
        if game == "almadi":
            row(f"{game}: key press to repaint p50 ({len(latencies)} keys, mid-game, 4p, 80x24)", p50, "ms", "-",
                True, wall=True)
        row(f"{game}: key press to repaint p95 ({len(latencies)} keys, mid-game, {players}p, 80x24)", p95, "ms",
            "< 50 ms", p95 < 50, wall=True)
    if "almadi" in GAMES:  # its boards scroll with PgDn/PgUp at 80x24
        latencies = [t * 1000 for t in keypress_latencies_while_thinking("almadi")]
        answered = all(t == t for t in latencies)  # a press never answered is NaN: the row fails
        p95 = percentile(latencies, 0.95) if answered and latencies else float("nan")
        row(f"almadi: key press to repaint p95 while a Hard bot thinks ({len(latencies)} presses, 2p, 80x24)",
            p95, "ms", "< 50 ms", p95 < 50, wall=True)
    move_rows(row)
    small, large = autosave_ms(10), autosave_ms(1000)
    row("autosave with 10 saved games (median of 40)", small, "ms", "< 10 ms", small < 10, wall=True)
    row("autosave with 1,000 saved games (median of 40)", large, "ms", "< 10 ms, flat",
        large < 10 and large < small * 2 + 1, wall=True)
    loading, opening = saved_sheets_list_ms()
    row("assistant: 1,000 saved sheets, list shown to filled (median of 3)", loading, "ms", "< 300 ms", loading < 300,
        wall=True)
    row("assistant: 1,000 saved sheets, key press to list filled (median of 3)", opening, "ms", "-", True, wall=True)
    for game in sorted(GAMES):
        times, written, cpu, actions = resume_to_table_ms(game)
        p50 = statistics.median(times)
        row(f"{game}: Enter on the longest save in Resume ({actions} actions, {len(seats_for(game))}p) until the "
            f"table is drawn (the screen's last change), median of {len(times)} (80x24 pty)", p50, "ms", "< 200 ms",
            p50 < 200, wall=True)
        row(f"{game}: the same, slowest of {len(times)}", max(times), "ms", "-", True, wall=True)
        row(f"{game}: the same until the app's last byte, median of {len(written)}", statistics.median(written), "ms",
            "report", True, wall=True)
        row(f"{game}: the same, the app's CPU meanwhile, median of {len(cpu)} ({cpu_resolution()})",
            statistics.median(cpu), "ms", "< 200 ms", statistics.median(cpu) < 200)
    for game in sorted(GAMES):
        value, actions = resume_ms(game)
        row(f"resume a finished {len(seats_for(game))}p {game} game ({actions} actions): load and replay, "
            "CPU (median of 5; the table's drawing not included)", value, "ms", "< 200 ms", value < 200)
    for game in sorted(GAMES):
        value = clone_microseconds(game)
        row(f"{game}: clone a mid-game state", value, "µs", "report", True)
        value = playouts_per_second(game)
        row(f"{game}: rules-only random play-outs ({len(seats_for(game))}p)", value, "games/s", "report", True)


def serve_section_rows(row) -> None:
    """Play across terminals and over SSH (tests/bench_serve.py): a move shown in another terminal,
    memory per SSH player, and another player's login and keys while one key runs Hard-bot games."""
    try:
        from tests.bench_serve import serve_rows, ssh_memory_rows
    except ImportError:
        serve_rows = None
    if serve_rows is not None:
        for name, value, unit, target, ok in serve_rows():
            row(name, value, unit, target, ok, wall=unit == "ms")
        for name, value, unit, target, ok, against in ssh_memory_rows(AGAINST):
            row(name, value, unit, target, ok, against=against)


def screen_section_rows(row) -> None:
    """What a player sees on a real terminal, until the screen settles (tests/bench_screen.py)."""
    from tests.bench_screen import screen_rows

    screen_rows(row, AGAINST)


SECTION_ROWS = {"start": start_rows, "saves": saves_rows, "simulate": simulate_rows, "core": core_rows,
                "serve": serve_section_rows, "screen": screen_section_rows}
SECTIONS = (*SECTION_ROWS, "search", "polis", "review")
NAMED_ONLY = ("search", "polis", "review")
"""The search bot's matches and reviews (minutes to tens of minutes, targets of their own): run
only when named."""
SECTION_ABOUT = {
    "start": "start-up to the first frame, --help",
    "saves": "saves list, Resume and Home with 10 to 10,000 saves",
    "simulate": "games per CPU second of `tabula simulate`",
    "core": "keys, moves, autosave, opening games, clones, play-outs",
    "serve": "play across terminals and over SSH",
    "screen": "Resume, opening a game, keys and moves as a player sees them on a pty",
    "search": "the search bot's strength and think times",
    "polis": "how many Polis games between bots end early",
    "review": "the post-game review's time (Thebai 2p, Almadi 4p) and its estimates' spread",
}


if __name__ == "__main__":
    main()

"""`make bench`: speed and memory figures against their targets, printed as one table.

Not part of the test suite: timings depend on the machine. Targets are those of the issues,
for the 2-core development machine.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from engine.core.bots import RandomBot, play_out
from engine.core.match import Match
from engine.core.playout import Playout, random_policy
from engine.core.state import copy_state
from engine.registry import GAMES, rules_for
from saves.session import GameSession
from saves.store import SaveStore, Seat
from tests.pty_terminal import ANSI, Terminal

ROOT = Path(__file__).resolve().parent.parent
NAMES4 = ["Ann", "Bruno", "Chloe", "Dara"]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def first_frame_seconds(runs: int = 3) -> float:
    """Process start to the home screen's text on a real pseudo-terminal at 80x24."""
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            terminal = Terminal(Path(folder))
            times.append(terminal.wait_for("New game"))
            terminal.close()
    return statistics.median(times)


def mid_game_session(store: SaveStore, game: str, moves: int) -> GameSession:
    """Four human seats (or the game's most), ``moves`` decisions into the game (made by a random bot for them)."""
    names = NAMES4[:len(seats_for(game))]
    session = GameSession.new(store, game, "bench", [Seat(name, "human") for name in names], seed=5)
    bot = RandomBot(5)
    for _ in range(moves):
        seat = session.match.awaiting()[0]
        session.act(seat, bot.choose(session.match, seat).id)
    return session


def keypress_latencies(game: str, moves: int, presses: int = 60) -> list[float]:
    """Arrow key in the choice list to repaint, on a mid-game 4-player table at 80x24."""
    with tempfile.TemporaryDirectory() as folder:
        mid_game_session(SaveStore(Path(folder)), game, moves)
        terminal = Terminal(Path(folder))
        try:
            terminal.wait_for("New game")
            terminal.settle()
            for key in (b"r", b"\r"):  # Resume, the game
                os.write(terminal.fd, key)
                drawn = terminal.settle(0.5)
            if "Pass to" in drawn:  # the hotseat curtain before a private hand
                os.write(terminal.fd, b"\r")
                terminal.settle(0.5)
            return [terminal.key_to_repaint(b"\x1b[B" if i % 2 == 0 else b"\x1b[A") for i in range(presses)]
        finally:
            terminal.close()


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
                for _ in range(20):  # Ann plays choice 1 until Bruno thinks
                    if not math.isnan(terminal.wait_for("is thinking", timeout=3)):
                        break
                    os.write(terminal.fd, b"1")
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


def resume_ms(game: str, runs: int = 5) -> float:
    with tempfile.TemporaryDirectory() as folder:
        store = SaveStore(Path(folder))
        session = GameSession.new(store, game, "bench", [Seat(name, "random") for name in NAMES4], seed=3)
        session.play_bots()
        assert session.match.finished
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            GameSession.resume(store, session.record.id)
            times.append(time.perf_counter() - start)
        return statistics.median(times) * 1000


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


def child_cost(*args: str) -> tuple[float, float]:
    """CPU seconds and peak memory (MB) of ``python -m tui.cli ARGS`` as a child process."""
    process = subprocess.Popen([sys.executable, "-m", "tui.cli", *args], cwd=ROOT, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    assert process.returncode == 0, f"tabula {' '.join(args)} failed"
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def saves_list_cost(saves: int, runs: int = 5) -> dict[str, float]:
    """`tabula saves list` over ``saves`` saved games: the first listing (which builds the index
    from every file), then the median CPU time and the largest peak memory of ``runs`` more."""
    with tempfile.TemporaryDirectory() as folder:
        saved_folder(Path(folder), saves)
        first_cpu, first_mb = child_cost("saves", "list", "--data-dir", folder)
        costs = [child_cost("saves", "list", "--data-dir", folder) for _ in range(runs)]
    return {"first cpu": first_cpu, "first mb": first_mb, "cpu": statistics.median(c for c, _ in costs),
            "mb": max(m for _, m in costs), "runs": runs}


def saves_rows(row) -> None:
    for saves in (10, 1000, 10000):
        cost = saves_list_cost(saves)
        row(f"`tabula saves list`, {saves:,} saves: CPU, median of {cost['runs']}", cost["cpu"] * 1000, "ms",
            "< 1000 ms", cost["cpu"] < 1)
        row(f"`tabula saves list`, {saves:,} saves: peak memory", cost["mb"], "MB", "< 150 MB", cost["mb"] < 150)
        row(f"`tabula saves list`, {saves:,} saves: first listing (reads every file) CPU", cost["first cpu"] * 1000,
            "ms", "report", True)


def games_per_second(game: str, seconds: float = 5.0) -> float:
    rules, games, start = rules_for(game), 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        names = NAMES4[:len(seats_for(game))]
        match = Match(rules, names, {}, games)
        play_out(match, {seat: RandomBot(games * 10 + seat) for seat in range(len(names))})
        games += 1
    return games / (time.perf_counter() - start)


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
    """Copying a mid-game state for look-ahead (no log)."""
    state = mid_game_state(game)
    start = time.perf_counter()
    for _ in range(copies):
        copy_state(state, log=False)
    return (time.perf_counter() - start) / copies * 1e6


def playouts_per_second(game: str, seconds: float = 3.0) -> float:
    """Whole random games on the rules-only path (no action log, no log text, no labels)."""
    rules, games, start = rules_for(game), 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = rules.setup(seats_for(game), rules.default_options(), games)
        state["log"] = None
        Playout(rules, state).run(random_policy(games))
        games += 1
    return games / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.bench", description=__doc__)
    parser.add_argument("--only", choices=SECTIONS, help="run one section (default: all)")
    parser.add_argument("--games", type=int, default=20,
                        help="games per arena row of the search section (default 20)")
    args = parser.parse_args(argv)
    rows: list[tuple[str, str, str, bool]] = []

    def row(name: str, value: float, unit: str, target: str, ok: bool) -> None:
        rows.append((name, f"{value:.{2 if unit == 's' else 1}f} {unit}" if value == value else "n/a", target, ok))

    if args.only in (None, "core"):
        core_rows(row)
    if args.only in (None, "saves"):
        saves_rows(row)
    if args.only in (None, "search"):
        from tests.bench_search import search_rows

        search_rows(row, args.games)

    table = Table(title=f"Tabula benchmark ({os.cpu_count()} cores, Python {sys.version.split()[0]})")
    for column in ("measure", "value", "target", "ok"):
        table.add_column(column)
    for name, value, target, ok in rows:
        table.add_row(name, value, target, "yes" if ok else "NO")
    Console().print(table)


SECTIONS = ("core", "saves", "search")


def core_rows(row) -> None:
    value = first_frame_seconds() * 1000
    row("start to first frame (80x24, pty)", value, "ms", "< 1000 ms", value < 1000)
    for game, moves in (("almadi", 100), ("pantheon", 60), ("thebai", 120), ("polis", 20)):
        if game not in GAMES:
            continue
        latencies = [t * 1000 for t in keypress_latencies(game, moves)]
        p50, p95 = percentile(latencies, 0.5), percentile(latencies, 0.95)
        if game == "almadi":
            row(f"{game}: key press to repaint p50 (mid-game, 4p, 80x24)", p50, "ms", "-", True)
        players = len(seats_for(game))
        row(f"{game}: key press to repaint p95 (mid-game, {players}p, 80x24)", p95, "ms", "< 50 ms", p95 < 50)
    if "almadi" in GAMES:  # its boards scroll with PgDn/PgUp at 80x24
        latencies = [t * 1000 for t in keypress_latencies_while_thinking("almadi")]
        answered = all(t == t for t in latencies)  # a press never answered is NaN: the row fails
        p95 = percentile(latencies, 0.95) if answered and latencies else float("nan")
        row(f"almadi: key press to repaint p95 while a Hard bot thinks ({len(latencies)} presses, 2p, 80x24)",
            p95, "ms", "< 50 ms", p95 < 50)
    small, large = autosave_ms(10), autosave_ms(1000)
    row("autosave with 10 saved games", small, "ms", "< 10 ms", small < 10)
    row("autosave with 1,000 saved games", large, "ms", "< 10 ms, flat", large < 10 and large < small * 2 + 1)
    loading, opening = saved_sheets_list_ms()
    row("assistant: 1,000 saved sheets, list shown to filled", loading, "ms", "< 300 ms", loading < 300)
    row("assistant: 1,000 saved sheets, key press to list filled", opening, "ms", "-", True)
    value = resume_ms("almadi")
    row("resume a finished 4p Almadi game", value, "ms", "< 200 ms", value < 200)
    for game, target in (("almadi", 100), ("pantheon", 50), ("thebai", 50), ("polis", 50)):
        if game in GAMES:
            value = games_per_second(game)
            players = len(seats_for(game))
            row(f"random {players}p {game} games per second", value, "games/s", f">= {target}", value >= target)
    for game in sorted(GAMES):
        value = clone_microseconds(game)
        row(f"{game}: clone a mid-game state", value, "µs", "report", True)
        value = playouts_per_second(game)
        row(f"{game}: rules-only random play-outs ({len(seats_for(game))}p)", value, "games/s", "report", True)
    try:
        from tui.serve.bench import serve_rows
    except ImportError:
        serve_rows = None
    if serve_rows is not None:
        for name, value, unit, target, ok in serve_rows():
            row(name, value, unit, target, ok)


if __name__ == "__main__":
    main()

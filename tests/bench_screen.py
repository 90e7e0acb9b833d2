"""The screen section of `make bench` (`python -m tests.bench --only screen`): what a player
sees on a real 80x24 terminal, timed until the screen has settled.

Tabula runs as its installed command on a pseudo-terminal (tests/pty_terminal.py); a terminal
emulator (pyte) takes what it writes, and each row is timed from the key to the first and to
the last change of what the terminal shows (a repaint of the same cells changes nothing a
player sees; the quiet interval after the last byte, which says the app is done, is not
counted). With ``--against DIR`` each row is measured on that code too, interleaved, in the
"against" column. Rows: Resume with 10,000 saves (its first screenful of rows, and a key while
the rest is added), opening the longest finished game (4p Pantheon) on its end screen, arrow
keys in the choice list mid-game, and moves.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from saves.store import SaveStore
from tests.bench import ROOT, TABULA, child_cost, move_latencies, percentile, resumed_table, saved_folder, seats_for
from tests.pty_terminal import Terminal, cpu_resolution

Row = Callable[..., None]
Frames = list[tuple[float, list[str]]]
DOWN, UP = b"\x1b[B", b"\x1b[A"
SAVES = 10_000
TITLE = "bench"
"""The title of every save the rows make."""


def first_at(shows: list[bool], frames: Frames) -> float:
    """Seconds to the first of ``frames`` that ``shows`` says holds (NaN: none)."""
    return next((at for (at, _), holds in zip(frames, shows) if holds), float("nan"))


def rows_shown(lines: list[str]) -> int:
    return sum(TITLE in line for line in lines)


def detail_line(lines: list[str]) -> str:
    """The line under Resume's list that names the highlighted game (its id)."""
    return next((line for line in lines if " id " in line), "")


def started(folder: Path, code: Path) -> Terminal:
    terminal = Terminal(None, argv=[*TABULA, "--data-dir", str(folder)], cwd=code, screen=True)
    terminal.wait_for("New game")
    terminal.settle()
    return terminal


def resume_runs(folder: Path, code: Path, runs: int) -> dict[str, list[float]]:
    """``r`` on Home until Resume shows its first screenful of rows (as many as it shows once
    settled) and until the screen's last change, the app's CPU meanwhile; then, from the first
    row on screen, Down until the highlight moved (while the list may still be filling). Seconds."""
    found: dict[str, list[float]] = {"screenful": [], "settled": [], "cpu": [], "down": []}
    terminal = started(folder, code)
    try:
        for _ in range(runs):
            used = terminal.cpu_seconds()
            _, last, frames = terminal.key_to_frames(b"r", quiet=0.3, expect=(TITLE,))
            found["cpu"].append(terminal.cpu_seconds() - used)
            full = rows_shown(frames[-1][1])
            found["screenful"].append(first_at([rows_shown(lines) >= full for _, lines in frames], frames))
            found["settled"].append(last)
            terminal.key_to_frames(b"\x1b", quiet=0.3, expect=("New game",))
            os.write(terminal.fd, b"r")
            while not detail_line(terminal.shown()):  # the first rows, and the highlighted one's line
                terminal.read(0.01)
            before = detail_line(terminal.shown())
            _, _, frames = terminal.key_to_frames(DOWN, quiet=1.0)  # the fill may hold the app longer than 0.3 s
            found["down"].append(first_at([detail_line(lines) not in ("", before) for _, lines in frames], frames))
            terminal.key_to_frames(b"\x1b", quiet=0.3, expect=("New game",))
    finally:
        terminal.close()
    return found


def open_finished_runs(folder: Path, code: Path, runs: int) -> dict[str, list[float]]:
    """Enter on the one (finished) game in Resume until its end screen has settled: first and
    last change, and the app's CPU meanwhile; Esc goes home between runs. Seconds."""
    found: dict[str, list[float]] = {"first": [], "settled": [], "cpu": []}
    terminal = started(folder, code)
    try:
        for _ in range(runs):
            terminal.key_to_frames(b"r", quiet=0.3, expect=(TITLE,))
            used = terminal.cpu_seconds()
            first, last, _ = terminal.key_to_frames(b"\r", quiet=0.3, expect=("Game over",))
            found["cpu"].append(terminal.cpu_seconds() - used)
            found["first"].append(first)
            found["settled"].append(last)
            terminal.key_to_frames(b"\x1b", quiet=0.3, expect=("New game",))
    finally:
        terminal.close()
    return found


def arrow_runs(game: str, moves: int, code: Path, presses: int = 40) -> dict[str, list[float]]:
    """Down/Up in the choice list of a mid-game table (``moves`` decisions in, human seats):
    first and last change of the screen, and the app's CPU, per press. Seconds."""
    found: dict[str, list[float]] = {"first": [], "settled": [], "cpu": []}
    with resumed_table(game, moves, screen=True, code=code) as (terminal, _):
        while not any(text in "".join(terminal.shown()) for text in ("Pass to", "Choices")):  # a busy machine
            terminal.read(0.05)
        if "Pass to" in "".join(terminal.shown()):  # the hot-seat curtain before a private hand
            terminal.key_to_frames(b"\r", quiet=0.3, expect=("Choices",))
        for press in range(presses):
            used = terminal.cpu_seconds()
            first, last, _ = terminal.key_to_frames(DOWN if press % 2 == 0 else UP, quiet=0.15)
            found["cpu"].append(terminal.cpu_seconds() - used)
            found["first"].append(first)
            found["settled"].append(last)
    return found


def interleaved(measure: Callable[[Path], dict[str, list[float]]], against: Path | None,
                rounds: int) -> tuple[dict[str, list[float]], dict[str, list[float]] | None]:
    """``measure(code)`` ``rounds`` times on this code and, in turn, on the --against code; the
    samples of each put together."""
    ours: dict[str, list[float]] = {}
    theirs: dict[str, list[float]] | None = {} if against else None
    for _ in range(rounds):
        for code, into in ((ROOT, ours), (against, theirs)):
            if code is not None and into is not None:
                for key, values in measure(code).items():
                    into.setdefault(key, []).extend(values)
    return ours, theirs


def ms(samples: dict[str, list[float]] | None, key: str, q: float) -> float | None:
    if samples is None:
        return None
    values = [value * 1000 for value in samples[key] if value == value]
    if len(values) < len(samples[key]):
        return float("nan")  # a screen that never showed what was waited for: the row fails
    return percentile(values, q)


def resume_rows(row: Row, against: Path | None) -> None:
    with tempfile.TemporaryDirectory() as folder:
        saved_folder(Path(folder), SAVES)
        child_cost("saves", "list", "--data-dir", folder)  # the index: this section times the screen
        ours, theirs = interleaved(lambda code: resume_runs(Path(folder), code, 3), against, 2)
    runs = len(ours["settled"])
    for key, name, q, target in (
            ("screenful", f"Resume with {SAVES:,} saves: `r` until its first screenful of rows is on screen, median",
             0.5, 300),
            ("settled", "the same until the screen's last change (every row added), median", 0.5, None),
            ("cpu", f"the same, the app's CPU meanwhile, median ({cpu_resolution()})", 0.5, None),
            ("down", "Resume while it fills: Down (from the first row on screen) until the highlight moved, "
                     "slowest", 1.0, 50)):
        value = ms(ours, key, q)
        row(f"{name} ({runs} runs, 80x24 pty)", value, "ms", "report" if target is None else f"< {target} ms",
            target is None or value < target, wall=key != "cpu", against=ms(theirs, key, q))


def open_rows(row: Row, against: Path | None) -> None:
    with tempfile.TemporaryDirectory() as folder:
        saved_folder(Path(folder), 1)
        store = SaveStore(Path(folder))
        actions = len(store.load(store.saved_ids()[0]).actions)
        ours, theirs = interleaved(lambda code: open_finished_runs(Path(folder), code, 4), against, 2)
    runs = len(ours["settled"])
    name = f"open the longest finished game (4p pantheon, {actions} actions) from Resume"
    for key, what, q, target in (("first", "until the screen's first change, median", 0.5, None),
                                 ("settled", "until its end screen settled (the last change), median", 0.5, 200),
                                 ("settled", "the same, slowest", 1.0, None),
                                 ("cpu", f"the same, the app's CPU meanwhile, median ({cpu_resolution()})", 0.5, None)):
        value = ms(ours, key, q)
        row(f"{name}: {what} ({runs} runs, 80x24 pty)", value, "ms", "report" if target is None else f"< {target} ms",
            target is None or value < target, wall=key != "cpu", against=ms(theirs, key, q))


def arrow_rows(row: Row, against: Path | None) -> None:
    for game, moves in (("almadi", 100), ("pantheon", 60)):
        ours, theirs = interleaved(lambda code, game=game, moves=moves: arrow_runs(game, moves, code), against, 1)
        presses, players = len(ours["settled"]), len(seats_for(game))
        name = f"{game}: an arrow key in the choice list, mid-game ({presses} presses, {players}p, 80x24 pty)"
        for key, what, q, target in (("first", "until the screen's first change, p95", 0.95, None),
                                     ("settled", "until the screen settled (the last change), p50", 0.5, None),
                                     ("settled", "until the screen settled (the last change), p95", 0.95, 50),
                                     ("cpu", f"the app's CPU, p95 ({cpu_resolution()})", 0.95, None)):
            value = ms(ours, key, q)
            row(f"{name}: {what}", value, "ms", "report" if target is None else f"< {target} ms",
                target is None or value < target, wall=key != "cpu", against=ms(theirs, key, q))


def move_screen_rows(row: Row, against: Path | None) -> None:
    for game, moves in (("almadi", 100), ("pantheon", 60)):
        ours, theirs = interleaved(lambda code, game=game, moves=moves: dict(
            zip(("settled", "byte", "cpu"), move_latencies(game, moves, samples=36, code=code))), against, 1)
        players = len(seats_for(game))
        name = f"{game}: a move (Enter), mid-game ({len(ours['settled'])} moves, {players}p, 80x24 pty)"
        for key, what, target in (("settled", "until the screen settled (the last change), p95", 100),
                                  ("cpu", f"the app's CPU from the key to 0.15 s after its last byte, p95 "
                                          f"({cpu_resolution()})", 50)):
            value = ms(ours, key, 0.95)
            row(f"{name}: {what}", value, "ms", f"< {target} ms", value < target, wall=key != "cpu",
                against=ms(theirs, key, 0.95))
        # the typical move beside its p95, which two slow moves of 36 decide on a machine whose speed varies
        row(f"{name}: the same CPU, median", ms(ours, "cpu", 0.5), "ms", "report", True,
            against=ms(theirs, "cpu", 0.5))


def screen_rows(row: Row, against: Path | None) -> None:
    resume_rows(row, against)
    open_rows(row, against)
    arrow_rows(row, against)
    move_screen_rows(row, against)

"""What becomes of each kind of junk: a clear message, the file set aside (never deleted) or,
if it cannot be moved, reported and skipped; stale temp files removed; bad actions, save
formats and component files refused with the reason; `tabula` exits non-zero after a crash."""

from __future__ import annotations

import ctypes
import json
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

import engine
import tui
from engine.core.components import ComponentDataError, set_override_dir
from engine.core.match import Action, Match, ReplayMismatch
from engine.core.text import Words
from saves.index import ROW
from saves.seats import SeatLeases, held_seats
from saves.store import SaveStore
from tests.hostile.junk import GOOD_SHEET_TITLE, GOOD_TITLE, JUNK, good_data, plant
from tests.hostile.test_junk_files import cli_run, within_deadline
from tests.toygame import ToyRules
from tui.compat import notifications

CODE = str(Path(tui.__file__).parents[1])

SET_ASIDE = {
    "nested-brackets": "nested too deeply",
    "nested-objects": "nested too deeply",
    "not-json": "not valid JSON",
    "empty-file": "not valid JSON",
    "binary": "not UTF-8",
    "not-utf8": "not UTF-8",
    "huge-file": "too large",
    "json-list": "no JSON object",
    "foreign-tinydb": "not a Tabula file",
    "markup-file-name": "its name is not one Tabula gives",
    "fifo": "not a regular file",
    "fifo-odd-name": "its name is not one Tabula gives",
    "symlink-to-dev-zero": "symbolic link",
    "symlink-to-nowhere": "symbolic link",
    "folder-named-json": "not a regular file",
    "format-0": "unknown save format 0",
    "format-negative": "unknown save format -7",
    "format-text": "unknown save format '1'",
    "seat-kind-alien": "unknown kind 'alien'",
    "no-seats": "0 seats",
    "seat-name-number": "bad seat",
    "hundred-seats": "100 seats",
    "seed-huge": "seed 1000000000000000000000000000000 is out of range",
    "seed-bool": "'seed' is missing or not a int",
    "options-list": "'options' is missing or not a dict",
    "status-markup": "unknown status '[/]'",
    "title-megabyte": "'title' is too long",
    "actions-not-list": "'actions' is missing or not a list",
    "action-player-99": "by player 99, and the game has 2 seats",
    "action-player-minus-5": "by player -5",
    "action-player-10-30": "by player 1000000000000000000000000000000",
    "action-player-bool": "is not an action",
    "action-choice-number": "is not an action",
}
"""Junk in games/ that `saves list` sets aside, and what it says about it."""


@pytest.mark.parametrize("junk", sorted(SET_ASIDE))
def test_a_junk_save_is_set_aside_with_the_reason(junk, data_dir, toy, capsys):
    good = plant(junk, data_dir)
    status, said = cli_run(capsys, "saves", "list")
    assert status == 0 and GOOD_TITLE in said
    assert SET_ASIDE[junk] in said, said
    assert sorted(path.name for path in (data_dir / "games").iterdir()) == [f"{good['id']}.json"]
    assert list((data_dir / "set-aside").iterdir()), "set aside, never deleted"


def test_a_save_from_a_newer_tabula_is_left_in_place(data_dir, toy, capsys):
    plant("format-newer", data_dir)
    status, said = cli_run(capsys, "saves", "list")
    assert status == 0 and "newer Tabula" in said and (data_dir / "games" / "junk0001.json").exists()


def test_a_stale_temp_file_is_removed_and_a_live_one_kept(data_dir, toy, capsys):
    from filelock import FileLock

    good = plant("stale-temp-file", data_dir)
    stale = data_dir / "games" / f".{good['id']}.json.tmp"
    live = data_dir / "games" / ".busy0001.json.tmp"
    live.write_text("being written")
    with FileLock(data_dir / "locks" / "game-busy0001.lock"):  # a writer is at work on it
        status, said = cli_run(capsys, "saves", "list")
    assert status == 0 and not stale.exists() and live.exists()
    seats_temp = data_dir / "seats" / f".{good['id']}.json.999999.tmp"  # of a process that is gone
    seats_temp.parent.mkdir(exist_ok=True)
    seats_temp.write_text("{")
    cli_run(capsys, "saves", "list")
    assert not seats_temp.exists()


@pytest.mark.parametrize("junk", sorted(name for name in JUNK if name.startswith("sheet-")))
def test_a_junk_sheet_is_set_aside_with_the_reason_and_the_good_one_listed(junk, data_dir, toy):
    from engine.assistant.sheets import check_sheet

    plant(junk, data_dir)
    store = SaveStore(data_dir)
    listed = within_deadline(lambda: store.sheets(check=check_sheet))
    assert [sheet["title"] for sheet in listed] == [GOOD_SHEET_TITLE]
    problems = [Words([])(problem) for problem in store.problems]
    assert any("pantheon-junk.json could not be used" in problem for problem in problems), problems
    assert not (data_dir / "sheets" / "pantheon-junk.json").exists()


@pytest.mark.parametrize("junk", sorted(name for name in JUNK if name.startswith("lease-")))
def test_a_junk_seats_file_means_nobody_holds_anything(junk, data_dir, toy):
    good = plant(junk, data_dir)
    leases = SeatLeases(data_dir, good["id"])
    assert within_deadline(leases.live) == {} and within_deadline(lambda: held_seats(data_dir)) == {}
    if junk != "lease-fifo":
        leases.acquire(0, "ann")  # and the file is whole again
        assert set(leases.live()) == {"0"}


@pytest.mark.parametrize("actor", [99, 2, -5, 10**30])
def test_replay_refuses_an_action_by_a_seat_that_does_not_exist(actor):
    with pytest.raises(ReplayMismatch, match=f"no seat number {actor}"):
        Match.replay(ToyRules(), ["Ann", "Bo"], {}, 1, [Action(actor, "x")])


def test_verify_checks_every_save_after_one_that_does_not_replay(data_dir, toy, capsys):
    from tests.hostile.corpus import real_save

    for number in range(3):
        real_save(data_dir, title=f"bad {number}", actions=[{"a": 0, "c": "teleport"}])
    plant("action-player-99", data_dir)
    status, said = cli_run(capsys, "saves", "verify")
    assert status == 1 and "1 of 4 saved games replay; 3 do not; 1 files could not be used" in said
    assert all(f"bad {number}" in said for number in range(3))


# -- the user's component files --------------------------------------------------------------------


def bad_landscapes(folder: Path, kind: str) -> None:
    target = folder / "almadi" / "landscapes.json"
    target.parent.mkdir(parents=True)
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "dev-zero":
        os.symlink("/dev/zero", target)
    elif kind == "not-json":
        target.write_text("{nope")
    elif kind == "nested":
        target.write_text("[" * 100_000)
    elif kind == "huge":
        target.write_bytes(b" " * (5 << 20))
    elif kind == "records-without-fields":
        target.write_text(json.dumps({"records": [{"id": "x", "provenance": "public"}]}))


COMPONENT_JUNK = ["fifo", "dev-zero", "not-json", "nested", "huge", "records-without-fields"]


@pytest.mark.parametrize("kind", COMPONENT_JUNK)
def test_a_bad_component_file_is_refused_with_a_message(kind, data_dir, capsys, tmp_path):
    from saves.session import GameSession
    from saves.store import Seat

    seats = [Seat("Ann", "human"), Seat("Bo", "greedy")]
    GameSession.new(SaveStore(data_dir), "almadi", "An Almadi game", seats, seed=2)
    bad_landscapes(tmp_path / "components", kind)
    set_override_dir(tmp_path / "components")
    try:
        status, said = cli_run(capsys, "saves", "verify")
        assert status == 1 and "landscapes.json" in said and "component data cannot be used" in said
        status, said = cli_run(capsys, "simulate", "almadi", "--games", "1")
        assert status == 1 and "Error:" in said and "landscapes.json" in said

        def new_game() -> str:
            try:
                GameSession.new(SaveStore(data_dir), "almadi", "", [Seat("A", "human"), Seat("B", "human")])
            except ComponentDataError as error:
                return str(error)
            return "started"

        assert "landscapes.json" in within_deadline(new_game)
    finally:
        set_override_dir(None)


@pytest.mark.parametrize("game, name", [("thebai", "commanders"), ("polis", "poleis"), ("pantheon", "gods")])
@pytest.mark.parametrize("text", ["\x1b]0;pwned\x07\x1b[2J", "Evil\u202egnp.exe", "two\nlines"],
                         ids=["escape", "bidi", "newline"])
def test_a_component_name_that_would_steer_the_terminal_is_refused(game, name, text, tmp_path):
    """In a process of its own: the games keep what they loaded for the life of a process."""
    built_in = json.loads((Path(engine.__file__).parent / game / "data" / f"{name}.json").read_text())
    built_in["records"][1]["name"] = text
    (tmp_path / "components" / game).mkdir(parents=True)
    (tmp_path / "components" / game / f"{name}.json").write_text(json.dumps(built_in))
    env = {**os.environ, "PYTHONPATH": CODE, "TABULA_COMPONENTS": str(tmp_path / "components")}
    done = subprocess.run([sys.executable, "-m", "tui.cli", "simulate", game, "--games", "1"], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert f"{name}.json: record 1" in done.stderr and "control character" in done.stderr


# -- a data folder Tabula may not write to ---------------------------------------------------------


def without_file_permission_override() -> None:
    """In the child: as root, drop the capabilities that ignore file permissions (so a read-only
    folder is read-only to it too); as anyone else, nothing to do."""
    if os.geteuid() == 0:
        libc = ctypes.CDLL(None, use_errno=True)
        for capability in (1, 2):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
            if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
                raise OSError(ctypes.get_errno(), "cannot drop a capability")


def tabula(*argv: str, data_dir: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": CODE, "TABULA_DATA_DIR": str(data_dir)}
    return subprocess.run([sys.executable, "-m", "tui.cli", *argv], env=env, capture_output=True, text=True,
                          timeout=120, preexec_fn=without_file_permission_override)


def read_only(*folders: Path) -> None:
    for folder in folders:
        folder.chmod(0o555)


@pytest.fixture
def restore_permissions(tmp_path):
    yield
    for path in tmp_path.rglob("*"):
        if path.is_dir() and not path.is_symlink():
            path.chmod(0o755)


def test_a_read_only_data_folder_is_listed_verified_and_its_junk_reported(data_dir, toy, restore_permissions):
    from tests.hostile.corpus import real_save

    real_save(data_dir, title=GOOD_TITLE)
    (data_dir / "games" / "junk0001.json").write_text("not json")
    read_only(data_dir, *(folder for folder in data_dir.iterdir() if folder.is_dir()))
    listed = tabula("saves", "list", data_dir=data_dir)
    assert listed.returncode == 0 and "Traceback" not in listed.stderr, listed.stderr
    assert GOOD_TITLE in listed.stdout and "could not be moved aside" in listed.stdout
    assert (data_dir / "games" / "junk0001.json").exists()
    verified = tabula("saves", "verify", data_dir=data_dir)
    assert "Traceback" not in verified.stderr and "saved games replay" in verified.stdout, verified.stderr


def test_a_read_only_locks_folder_is_reported(data_dir, toy, restore_permissions):
    (data_dir / "games").mkdir(parents=True)
    (data_dir / "games" / "junk0001.json").write_text("not json")
    SaveStore(data_dir)
    read_only(data_dir / "locks")
    listed = tabula("saves", "list", data_dir=data_dir)
    assert listed.returncode == 0 and "Traceback" not in listed.stderr, listed.stderr
    assert "could not be moved aside" in listed.stdout and "cannot be locked" in listed.stdout


def test_a_data_folder_that_cannot_be_made_is_an_error_message(tmp_path, restore_permissions):
    parent = tmp_path / "locked"
    parent.mkdir()
    read_only(parent)
    result = tabula("saves", "list", data_dir=parent / "data")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "cannot be used" in result.stderr, result.stderr


# -- the app in a real terminal ----------------------------------------------------------------------


class Terminal:
    """`tabula` on a pseudo-terminal (80x24), with its screen text and exit status."""

    def __init__(self, argv: list[str], env: dict[str, str]):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            import fcntl
            import struct
            import termios

            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
            os.execve(sys.executable, [sys.executable, *argv], env)
        self.seen = b""

    def wait_for(self, text: bytes, timeout: float = 60) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if text in self.seen:
                return True
            ready, _, _ = select.select([self.fd], [], [], 0.2)
            if ready:
                try:
                    self.seen += os.read(self.fd, 65536)
                except OSError:
                    return text in self.seen
        return False

    def send(self, keys: bytes) -> None:
        os.write(self.fd, keys)

    def exit_status(self, timeout: float = 30) -> int | None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.wait_for(b"\x00never", 0.2)
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                os.close(self.fd)
                self.fd = None
                return os.waitstatus_to_exitcode(status)
        self.close()
        return None

    def close(self) -> None:
        """End the app if it still runs: a failed test must not leave it running behind the suite."""
        if self.fd is not None:
            os.kill(self.pid, 9)
            os.waitpid(self.pid, 0)
            os.close(self.fd)
            self.fd = None


@pytest.fixture
def terminal():
    """Opens `tabula` on a pseudo-terminal; ended with the test, even when the test fails."""
    opened: list[Terminal] = []

    def open_terminal(argv: list[str], env: dict[str, str]) -> Terminal:
        opened.append(Terminal(argv, env))
        return opened[-1]

    yield open_terminal
    for each in opened:
        each.close()


def app_env(data_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    return env | {"TERM": "xterm-256color", "PYTHONPATH": CODE, "TABULA_DATA_DIR": str(data_dir)}


def test_a_fifo_among_the_saves_neither_hangs_resume_nor_outlives_quit(data_dir, toy, terminal):
    from tests.hostile.corpus import real_save

    real_save(data_dir, title=GOOD_TITLE)
    os.mkfifo(data_dir / "games" / "fifo0001.json")
    app = terminal(["-m", "tui.cli"], app_env(data_dir))
    assert app.wait_for(b"Resume"), app.seen[-2000:]
    app.send(b"r")
    assert app.wait_for(b"could not be used"), app.seen[-2000:]  # the FIFO, reported
    app.send(b"\x11")  # Ctrl+Q
    assert app.exit_status() == 0


def test_tabula_exits_non_zero_when_the_app_crashed(tmp_path, terminal):
    script = tmp_path / "crash.py"
    script.write_text("import sys\nfrom tui import cli\nfrom tui.screens.home import HomeScreen\n"
                      "def boom(self):\n    raise RuntimeError('the app crashed')\n"
                      "HomeScreen.on_mount = boom\nsys.exit(cli.main([]))\n")
    app = terminal([str(script)], app_env(tmp_path / "data"))
    status = app.exit_status(60)
    assert status == 1, app.seen[-2000:]
    assert b"the app crashed" in app.seen


def test_a_read_only_data_folder_in_the_app(data_dir, restore_permissions):
    """Resume lists the games and reports the junk it cannot move; opening a game says why no
    seat can be taken; quitting works."""
    from tests.hostile.corpus import real_save

    real_save(data_dir, of="almadi", title=GOOD_TITLE)
    (data_dir / "games" / "junk0001.json").write_text("not json")
    read_only(data_dir, *(folder for folder in data_dir.iterdir() if folder.is_dir()))
    pid, fd = pty.fork()
    if pid == 0:
        without_file_permission_override()
        import fcntl
        import struct
        import termios

        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        os.execve(sys.executable, [sys.executable, "-m", "tui.cli"], app_env(data_dir))
    app = Terminal.__new__(Terminal)
    app.pid, app.fd, app.seen = pid, fd, b""
    assert app.wait_for(b"could not be moved aside"), app.seen[-2000:]  # the home screen's notice
    app.send(b"r")
    assert app.wait_for(GOOD_TITLE.encode()), app.seen[-2000:]
    time.sleep(0.5)
    app.send(b"\r")
    assert app.wait_for(b"cannot be written"), app.seen[-3000:]
    app.send(b"\x11")
    assert app.exit_status() == 0
    assert b"Traceback" not in app.seen


@pytest.mark.parametrize("kind", ["fifo", "not-json"])
def test_a_bad_component_file_in_the_app(kind, data_dir, tmp_path):
    import asyncio

    from saves.session import GameSession
    from saves.store import Seat
    from tests.tui.helpers import make_app, settle, until

    GameSession.new(SaveStore(data_dir), "almadi", GOOD_TITLE, [Seat("Ann", "human"), Seat("Bo", "greedy")], seed=2)
    bad_landscapes(tmp_path / "components", kind)
    set_override_dir(tmp_path / "components")

    async def scenario() -> str:
        app = make_app(data_dir)
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await pilot.press("r")
            await settle(pilot)
            await pilot.press("enter")
            await until(pilot, lambda: notifications(app))
            return "\n".join(f"{n.title}: {n.message}" for n in notifications(app))

    try:
        told = within_deadline(lambda: asyncio.run(scenario()))
    finally:
        set_override_dir(None)
    assert "Cannot resume" in told and "landscapes.json" in told


# -- records to import ------------------------------------------------------------------------------


RECORDS_JUNK = {
    "nested": b"[" * 200_000,
    "short-row": b'"record","date"\n"r1"\n',
    "fewer-cells": ",".join(["record", "date", "game", "players", "variant", "source", "link", "seat", "player",
                             "score", "winner", "breakdown"]).encode() + b"\nr1,2025-01-01,pantheon\n",
    "bad-csv-quoting": b'record,date\n"r1\n',
    "not-utf8": b"\xff\xfe",
    "binary": bytes(range(256)),
}


@pytest.mark.parametrize("junk", sorted(RECORDS_JUNK) + ["fifo", "huge"])
def test_a_junk_records_file_to_import_is_refused_with_a_message(junk, data_dir, capsys, tmp_path):
    path = tmp_path / "records.csv"
    if junk == "fifo":
        os.mkfifo(path)
    elif junk == "huge":
        path.write_bytes(b" " * (65 << 20))
    else:
        path.write_bytes(RECORDS_JUNK[junk])
    status, said = cli_run(capsys, "records", "import", str(path))
    assert status in (1, 2) and "Error:" in said and "Traceback" not in said


def test_records_with_every_character_survive_a_csv_round_trip(data_dir, capsys, tmp_path):
    from saves.records import PlayerResult, PlayRecord

    names = ["cr\rlf\nx", "tab\tq\"uote", "=1+1", "'=x", "a,b"]
    SaveStore(data_dir).records.put(PlayRecord("r1", "2025-01-02T20:00:00+00:00", "almadi",  # 5 players
                                               [PlayerResult(name, 9, {}, False) for name in names], source="sheet"))
    target = tmp_path / "out.csv"
    assert cli_run(capsys, "records", "export", "--csv", "-o", str(target))[0] == 0
    status, said = cli_run(capsys, "--data-dir", str(tmp_path / "other"), "records", "import", str(target))
    assert status == 0, said
    assert [p.name for p in SaveStore(tmp_path / "other").records.all()[0].players] == names


# -- the index of saves (a cache: junk in it costs a re-read, never a crash, a hang or a lie) ---------


def junk_index(index: Path, kind: str) -> None:
    index.unlink(missing_ok=True)
    if kind == "fifo":
        os.mkfifo(index)
    elif kind == "dev-zero":
        os.symlink("/dev/zero", index)
    elif kind == "nested":
        index.write_bytes(b"[" * 200_000)
    elif kind == "huge":
        index.write_bytes(b" " * (80 << 20))
    elif kind == "not-utf8":
        index.write_bytes(b"\xff\xfe{}")


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "nested", "huge", "not-utf8"])
def test_a_junk_index_is_rebuilt(kind, data_dir, toy, capsys):
    good_data(data_dir)
    SaveStore(data_dir).summaries()
    junk_index(data_dir / "index.json", kind)
    status, said = cli_run(capsys, "saves", "list")
    assert status == 0 and GOOD_TITLE in said
    junk_index(data_dir / "index.json", kind)
    assert within_deadline(lambda: [s.title for s in SaveStore(data_dir).summaries()]) == [GOOD_TITLE]


@pytest.mark.parametrize("field", ["progress_said", "options", "seats", "to_move"])
def test_an_index_entry_nested_deeply_is_not_believed(field, data_dir, toy):
    """The index is read without walking all its depth (thousands of entries): an entry nesting
    deeper than a save may (its sentence's arguments, a seat's name...) is refused by its own
    checks, however deep, and only its file is read again."""
    good_data(data_dir)
    SaveStore(data_dir).summaries()
    index = data_dir / "index.json"
    data = json.loads(index.read_text())
    title = 3 + ROW.index("title")
    [(save_id, entry)] = [(k, v) for k, v in data["games"].items() if v[title] == GOOD_TITLE]
    at = 3 + ROW.index(field)
    if field == "seats":
        entry[at][0] = "DEEP"  # the first seat's name
    else:
        entry[at] = {"progress_said": {"say": "{x}", "args": {"x": "DEEP"}}, "options": {"x": "DEEP"},
                     "to_move": ["DEEP"]}[field]
    depth = 500  # JSON reads it (its parser's stack holds 1,000 levels), a check walking it runs out
    index.write_text(json.dumps(data).replace('"DEEP"', "[" * depth + "]" * depth))
    [summary] = [s for s in SaveStore(data_dir).summaries() if s.id == save_id]
    assert summary.title == GOOD_TITLE and all(type(seat.name) is str for seat in summary.seats)


@pytest.mark.parametrize("change", [
    {"seats": ["Ann", "alien", "Bo", "human"]},
    {"title": "x" * (1 << 20)},
    {"status": "[/]"},
    {"seed": True},
    {"moves": -5},
    {"game": 7},
], ids=["seat-kind", "title-megabyte", "status", "seed-bool", "moves", "game-number"])
def test_an_index_entry_that_is_not_a_save_summary_is_not_believed(change, data_dir, toy):
    """Even with its file's signature, a hand-made entry is checked like the save it stands for."""
    good_data(data_dir)
    SaveStore(data_dir).summaries()
    index = data_dir / "index.json"
    data = json.loads(index.read_text())
    title = 3 + ROW.index("title")  # an entry: the file's signature (three numbers), then the ROW
    [(save_id, entry)] = [(k, v) for k, v in data["games"].items() if v[title] == GOOD_TITLE]
    for name, value in change.items():
        entry[3 + ROW.index(name)] = value
    index.write_text(json.dumps(data))
    [summary] = [s for s in SaveStore(data_dir).summaries() if s.id == save_id]
    assert summary.title == GOOD_TITLE and {seat.kind for seat in summary.seats} <= {"human", "random", "greedy"}
    assert summary.status in ("active", "finished") and type(summary.seed) is int and summary.moves >= 0

"""The junk-file corpus (tests/hostile/junk.py) through every way Tabula reads its data folder:
`saves list`, `saves verify`, `saves import`, `records list`, Resume, the table assistant and the
play records screen. No case may crash
(a traceback, an exception out of the app) or hang (each runs against a deadline), and the good
save and sheet beside the junk are always still listed, verified and opened. The number of cases,
crashes and hangs is pytest's count of these tests and of their failures (CRASH or HANG)."""

from __future__ import annotations

import asyncio
import threading
import traceback
from pathlib import Path

import pytest

from tests.hostile.corpus import screen_text
from tests.hostile.junk import GOOD_PLAYER, GOOD_SHEET_TITLE, GOOD_TITLE, JUNK, plant
from tests.tui.helpers import make_app, settle, until
from tui import cli
from tui.screens.table import TableScreen

DEADLINE = 90.0
"""Seconds a case may take before it counts as a hang (generous: the machine may be busy)."""


def within_deadline(run, seconds: float = DEADLINE):
    """Run ``run()`` in a thread; its result, or AssertionError for a hang (the thread, stuck in
    a blocking call, is left behind as a daemon) or for the crash it raised."""
    outcome: dict = {}

    def target() -> None:
        try:
            outcome["result"] = run()
        except BaseException as error:  # reported below, with its traceback
            outcome["error"] = error
            outcome["traceback"] = traceback.format_exc()

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        raise AssertionError(f"HANG: still running after {seconds:.0f}s")
    if "error" in outcome:
        raise AssertionError(f"CRASH: {outcome['error']!r}\n{outcome['traceback']}")
    return outcome["result"]


def cli_run(capsys, *argv: str) -> tuple[int, str]:
    status = within_deadline(lambda: cli.main(list(argv)))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err, out + err
    return status, out + err


JUNK_NAMES = sorted(JUNK)


@pytest.mark.parametrize("junk", JUNK_NAMES)
def test_saves_list(junk, data_dir, toy, capsys):
    plant(junk, data_dir)
    status, said = cli_run(capsys, "saves", "list")
    assert status == 0 and GOOD_TITLE in said


@pytest.mark.parametrize("junk", JUNK_NAMES)
def test_saves_verify(junk, data_dir, toy, capsys):
    plant(junk, data_dir)
    status, said = cli_run(capsys, "saves", "verify")
    assert status in (0, 1) and "saved games replay" in said
    assert "0 of" not in said.split("saved games replay")[0].splitlines()[-1]  # the good save replays


@pytest.mark.parametrize("junk", JUNK_NAMES)
def test_records_list(junk, data_dir, toy, capsys):
    plant(junk, data_dir)
    status, said = cli_run(capsys, "records", "list")
    assert status == 0 and GOOD_PLAYER in said


@pytest.mark.parametrize("junk", JUNK_NAMES)
def test_saves_import(junk, data_dir, toy, capsys, tmp_path):
    plant(junk, data_dir)
    planted = sorted(path for folder in ("games", "sheets", "seats") for path in (data_dir / folder).glob("*junk*"))
    for path in planted or [data_dir / "seats"]:
        status, said = cli_run(capsys, "saves", "import", str(path), "--data-dir", str(tmp_path / "elsewhere"))
        assert status in (0, 1, 2) and ("Imported" in said or "Error" in said), said


async def resume_and_assistant(data_dir: Path) -> None:
    """Resume lists the good game and opens it; the table assistant lists the good sheet and
    opens it; the records screen shows the good record: one app, as a player goes from one to
    the next."""
    from tui.screens.assistant import AssistantHomeScreen

    app = make_app(data_dir)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await until(pilot, lambda: GOOD_TITLE in titles(app.screen.query_one("#saves")), timeout=30)
        saves = app.screen.query_one("#saves")
        saves.move_cursor(row=titles(saves).index(GOOD_TITLE))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.state is not None, timeout=30)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, AssistantHomeScreen), timeout=30)
        sheets = app.screen.query_one("#sheets")
        sheet_titles = lambda: [str(row[0]) for row in sheets.rows]  # noqa: E731
        await until(pilot, lambda: GOOD_SHEET_TITLE in sheet_titles(), timeout=30)
        sheets.focus()
        sheets.move_to(sheet_titles().index(GOOD_SHEET_TITLE))
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, AssistantHomeScreen), timeout=30)
        await pilot.press("escape", "escape")
        await settle(pilot)
        await pilot.press("s")  # the play records and stats
        await until(pilot, lambda: type(app.screen).__name__ == "StatsScreen", timeout=30)
        await until(pilot, lambda: GOOD_PLAYER in screen_text(app), timeout=30)
        await pilot.press("escape")
        await settle(pilot)


def titles(table) -> list[str]:
    """The first column of a DataTable."""
    return [str(table.get_row_at(row)[0]) for row in range(table.row_count)]


@pytest.mark.parametrize("junk", JUNK_NAMES)
def test_resume_and_the_assistant(junk, toy, tmp_path):
    plant(junk, tmp_path)
    within_deadline(lambda: asyncio.run(resume_and_assistant(tmp_path)))

"""The list of saved sheets: it says it is loading, keeps the cursor when it fills."""

from __future__ import annotations

import threading
from contextlib import asynccontextmanager

from engine.assistant.forms import sheet_words
from engine.assistant.sheets import new_checklist, new_form
from engine.core.text import Say, said_from_json
from saves.store import SaveStore
from tests.assistant.test_screens import rendered
from tests.tui.helpers import make_app, pilot_test, settle, text_of, until
from tui.screens.assistant import AssistantHomeScreen, saved_time
from tui.screens.assistant_store import progress_of
from tui.screens.assistant_widgets import CURSOR

SIZE = (80, 24)


def saved_sheets(folder, count: int) -> list[str]:
    store = SaveStore(folder)
    ids = []
    for index in range(count):
        sheet = new_form("polis", "final", 2) if index % 2 else new_checklist("thebai", 3, index)
        sheet["title"] = f"Sheet {index:03d}"
        store.put_sheet(f"s{index:03d}", sheet, progress_of(sheet))
        ids.append(f"s{index:03d}")
    return ids


@asynccontextmanager
async def listed_sheets(folder, count: int):
    """The app on the assistant's list of ``count`` saved sheets, once every one is shown."""
    saved_sheets(folder, count)
    app = make_app(folder)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await until(pilot, lambda: app.screen.query_one("#sheets").row_count == count)
        yield app, pilot


@pilot_test
async def test_the_list_says_it_is_loading_until_the_sheets_are_read(tmp_path, monkeypatch):
    saved_sheets(tmp_path, 3)
    release = threading.Event()
    original = SaveStore.sheets

    def slow_sheets(self, *args, **kwargs):
        release.wait(5)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(SaveStore, "sheets", slow_sheets)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, AssistantHomeScreen)
        assert text_of(screen.query_one("#no-sheets")) == "Loading saved sheets…"
        assert "No saved sheets" not in text_of(screen.query_one("#no-sheets"))
        release.set()
        await until(pilot, lambda: screen.query_one("#sheets").row_count == 3)
        assert not screen.query_one("#no-sheets").display


@pilot_test
async def test_at_80_columns_every_saved_sheet_shows_its_whole_progress_and_date(tmp_path):
    async with listed_sheets(tmp_path, 2) as (app, pilot):
        shown = rendered(app.screen.query_one("#sheets"))
        for sheet in SaveStore(tmp_path).sheets():
            progress = sheet_words()(said_from_json(sheet["progress"]))
            assert progress in shown and saved_time(sheet["updated"]) in shown, shown


@pilot_test
async def test_an_empty_list_says_so_once_read(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await settle(pilot)
        assert text_of(app.screen.query_one("#no-sheets")) == "No saved sheets yet."


@pilot_test
async def test_the_cursor_stays_on_its_sheet_when_the_list_fills_again(tmp_path):
    async with listed_sheets(tmp_path, 12) as (app, pilot):
        screen = app.screen
        table = screen.query_one("#sheets")
        await pilot.press("tab", "down", "down", "down")
        chosen = table.cursor_key
        # another sheet is saved meanwhile (it sorts first) and the list is read again
        SaveStore(tmp_path).put_sheet("newest", new_checklist("almadi", 2, 1))
        screen.reload()
        await settle(pilot)
        assert table.row_count == 13
        assert table.cursor_key == chosen
        line = next(line for line in rendered(table).splitlines() if line.startswith(CURSOR))
        assert screen.saved[chosen]["title"] in line


def test_a_saved_sheet_keeps_its_progress_beside_it(tmp_path):
    saved_sheets(tmp_path, 2)
    listed = {sheet["id"]: sheet for sheet in SaveStore(tmp_path).sheets()}
    assert listed["s000"]["progress"] == Say("{done}/{total} steps", done=0, total=31).to_json()
    assert listed["s001"]["progress"] == Say("{leaders} {best}", leaders="Athens/Sparta", best=0).to_json()

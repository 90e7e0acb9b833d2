"""Saving assistant sheets from a screen: writes run in a worker thread, the latest data wins."""

from __future__ import annotations

import copy
import secrets
import threading
from datetime import UTC, datetime
from functools import partial
from typing import TYPE_CHECKING, Any

from engine.core.text import Say, said_from_json
from tui.i18n import _, current, spoken
from tui.screens.base import TabulaScreen

if TYPE_CHECKING:
    from tui.app import TabulaApp

_write_lock = threading.Lock()


def progress_of(sheet: dict[str, Any]) -> Say | None:
    """The progress the list of saved sheets shows, worked out once when the sheet is saved."""
    from engine.assistant.sheets import progress_said

    try:
        return progress_said(sheet)
    except (KeyError, TypeError, ValueError):
        return None


def progress_words(sheet: dict[str, Any]) -> str:
    """A listed sheet's progress in the reader's language: as kept beside it when it was saved, or
    worked out now (a sheet saved before Tabula kept it as a sentence kept English words)."""
    from engine.assistant.forms import sheet_words
    from engine.assistant.sheets import progress_said

    words = sheet_words(current())
    if "progress" in sheet:
        try:
            return words(said_from_json(sheet["progress"]))
        except (LookupError, TypeError, ValueError, AttributeError):  # a sentence this Tabula does not say so
            pass
    return words(progress_said(sheet))


def new_sheet_id(game: str) -> str:
    return f"{game}-{datetime.now(UTC).strftime('%Y%m%d%H%M%S')}-{secrets.token_hex(3)}"


class SheetScreen(TabulaScreen[None]):
    """A screen showing one sheet (``sheet_id``, ``sheet``): ``save()`` after each change."""

    sheet_id: str
    sheet: dict[str, Any]

    def save(self) -> None:
        self._newest = copy.deepcopy(self.sheet)  # taken here, on the UI thread that changes the sheet
        # an app worker, so leaving the screen right after a change cannot cancel the write; the app is
        # handed over because a worker thread finds it through the screen, which is gone once left
        app = self.app
        app.run_worker(partial(self._write, app), thread=True, group="sheet-save")

    def _write(self, app: TabulaApp) -> None:
        with _write_lock:  # each write takes the newest data, so the last write holds the last change
            data = self._newest
            try:
                app.store.put_sheet(self.sheet_id, data, progress_of(data))
                if data.get("kind") == "form":
                    from saves.records import record_sheet

                    record_sheet(app.store, self.sheet_id, data)
            except Exception as error:  # report, never lose the sheet on screen
                app.call_from_thread(app.notify, spoken(error), title=_("Sheet not saved"), severity="error")

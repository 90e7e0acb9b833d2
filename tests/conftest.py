"""What every test shares: Pilot waits for the app to be done, not for the CPU to look idle.

Textual's Pilot (``press``, ``pause``) waits with ``textual._wait.wait_for_idle``, which takes
the process for idle once its CPU time stops advancing for a moment. On a machine busy with
other work that happens while messages are still queued (the process is simply not given the
CPU), so a test read the screen before the app had handled a key or a resize, and failed now
and then under load. Here the wait lasts until every message queue of the app and of its
widgets is drained and nothing is being handled: the same moment on an idle or a busy machine.
Thread workers are not waited for (``tests/tui/helpers.settle`` does that where a test needs it).
"""

from __future__ import annotations

import asyncio
import os
import time

import pytest

from tui.compat import app_quiet, count_handling, replace_idle_wait, restore_handling, running_app

QUIET_LIMIT = 60.0
"""Seconds after which a wait gives up: an app that is never quiet (a running animation) must
not hang the suite; the test's own assertions then say what is wrong."""


HANDLING = [0]
"""Messages (and after-refresh callbacks) being handled right now, across the app's widgets."""


async def wait_until_quiet(min_sleep: float = 0.0, max_sleep: float = QUIET_LIMIT) -> None:
    """Drop-in for Textual's wait_for_idle (same arguments)."""
    app = running_app()
    await asyncio.sleep(min_sleep)
    if app is None:
        return
    deadline = time.monotonic() + max(max_sleep, QUIET_LIMIT)
    calm = 0
    while calm < 2 and time.monotonic() < deadline:  # quiet twice in a row: no hand-over in between
        await asyncio.sleep(0.001)
        calm = calm + 1 if app_quiet(app, HANDLING[0]) else 0


@pytest.fixture(autouse=True, scope="session")
def servers_do_not_rehearse():
    """The fork servers the tests start skip their rehearsal (tui/serve/rehearsal.py), except
    where a test turns it on."""
    from tui.serve import REHEARSAL

    saved = os.environ.get(REHEARSAL)
    os.environ[REHEARSAL] = "0"
    yield
    if saved is None:
        del os.environ[REHEARSAL]
    else:
        os.environ[REHEARSAL] = saved


@pytest.fixture(autouse=True, scope="session")
def pilot_waits_for_quiet():
    restore_wait = replace_idle_wait(wait_until_quiet)
    saved = count_handling(HANDLING)
    yield
    restore_handling(saved)
    restore_wait()


@pytest.fixture(autouse=True)
def english_unless_asked(monkeypatch):
    """Every test reads English unless it asks for another language: the locale of the machine
    running the tests (a LANG=ja_JP.UTF-8) does not change what the app says."""
    from tui import i18n

    for variable in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    i18n.use("en")
    yield
    i18n.use("en")

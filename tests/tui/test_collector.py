"""The cyclic collector's full passes come ten times less often in the app than Python's default
(tui.app.FULL_PASS_AFTER): each walks a table's widgets, lines and game, 8-18 ms in a move."""

from __future__ import annotations

import gc

from tests.tui.helpers import make_app, pilot_test
from tui.app import FULL_PASS_AFTER


@pilot_test
async def test_an_app_forked_from_a_server_that_froze_its_start_up_has_rarer_full_passes_too(tmp_path):
    gc.freeze()  # what the fork server did before it forked this player's app
    before = gc.get_threshold()
    gc.set_threshold(before[0], before[1], 10)
    try:
        async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert gc.get_threshold() == (before[0], before[1], FULL_PASS_AFTER)
    finally:
        gc.set_threshold(*before)

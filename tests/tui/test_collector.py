"""The cyclic collector's full pass runs while the player waits, not in a move, and Python's own
comes every hundred middle passes instead of ten while a game is played (tui/collector.py)."""

from __future__ import annotations

import gc

from tests.tui.helpers import TWO_HUMANS, make_app, new_save, open_table, pilot_test, settle, until
from tui import collector


async def quiet_pass(pilot) -> None:
    """A middle pass, as a move makes, and the app's full pass once it is quiet (not before)."""
    app = pilot.app
    await pilot.pause(0.6)  # what came before has been answered
    passes = app.collector.passes
    gc.collect(1)
    await pilot.pause(0.05)
    assert app.collector.passes == passes
    await until(pilot, lambda: app.collector.passes == passes + 1, timeout=3, settled=False)


@pilot_test
async def test_a_full_pass_runs_once_the_app_is_quiet_and_pythons_own_are_rarer_at_a_table(toy, tmp_path, monkeypatch):
    monkeypatch.setattr(collector, "QUIET", 0.2)
    full_passes: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "stop" and info["generation"] == 2:
            full_passes.append(2)

    new_save(tmp_path, "toy", TWO_HUMANS)
    gc.freeze()  # as the serve fork server does before it forks a player's app (the app freezes no more)
    before = gc.get_threshold()
    gc.set_threshold(before[0], before[1], 10)
    gc.callbacks.append(seen)
    try:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await quiet_pass(pilot)
            assert full_passes and gc.get_threshold()[2] == 10  # Home: Python's default
            await open_table(pilot)
            await quiet_pass(pilot)
            assert gc.get_threshold()[2] == collector.FULL_PASS_AFTER
        assert gc.get_threshold()[2] == 10
        assert not any(getattr(callback, "__self__", None) is app.collector for callback in gc.callbacks)
    finally:
        gc.callbacks.remove(seen)
        gc.set_threshold(*before)


@pilot_test
async def test_a_full_pass_runs_as_a_screen_closes_but_not_as_the_app_ends(toy, tmp_path, monkeypatch):
    monkeypatch.setattr(collector, "QUIET", 60)  # no pass for quiet in this test
    new_save(tmp_path, "toy", TWO_HUMANS)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        passes = app.collector.passes
        await pilot.press("escape")
        await settle(pilot)
        assert app.collector.passes > passes
        passes = app.collector.passes
    assert app.collector.passes == passes

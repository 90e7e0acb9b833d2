"""The real app in real terminals: `tabula join` in three tmux panes at 80x24, one game.

Each pane is its own process with its own terminal; nothing is shared but the data folder.
A key typed in one terminal shows in the others (how fast is `make bench`'s figure, not a test's),
and no terminal shows a hand it does not hold.
"""

from __future__ import annotations

import re
import shutil
import time

import pytest

from saves.seats import SeatLeases
from tests import toygame
from tests.bench_serve import TmuxTerminal, join_command, toy_game

pytestmark = [pytest.mark.slow, pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")]


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    toygame.register(monkeypatch)


@pytest.fixture
def terminals():
    opened: list[TmuxTerminal] = []

    def open_terminal(command: list[str]) -> TmuxTerminal:
        opened.append(TmuxTerminal(command))
        return opened[-1]

    yield open_terminal
    for terminal in opened:
        terminal.close()


def test_moves_typed_in_one_terminal_show_in_the_others_and_hands_stay_private(tmp_path, terminals):
    from saves.session import GameSession
    from saves.store import SaveStore

    save_id = toy_game(tmp_path, seed=5)
    hands = GameSession.resume(SaveStore(tmp_path), save_id).match.state["hands"]
    ann = terminals(join_command(tmp_path, save_id, "A"))
    bruno = terminals(join_command(tmp_path, save_id, "B"))
    spectator = terminals(join_command(tmp_path, save_id, "watch"))
    ann.wait_for(r"you play ●A Ann")
    bruno.wait_for(r"you play ▲B Bruno")
    spectator.wait_for(r"spectator view")
    assert sorted(SeatLeases(tmp_path, save_id).live()) == ["0", "1", "bots"]

    ann.keys("1")  # Ann pledges high (how fast it shows elsewhere is measured by `make bench`)
    assert bruno.wait_for(r"Ann pledges high") and spectator.wait_for(r"Ann pledges high")
    assert ann.wait_for(r"Waiting for ▲B Bruno: Pledge")
    bruno.keys("2")  # Bruno pledges low: now it is Ann's turn
    assert ann.wait_for(r"Your turn") and ann.wait_for(r"▶ ●A Ann: play or draw")
    # in the notice, if it covers the log
    assert ann.wait_for(r"Bruno pledges low") and spectator.wait_for(r"Bruno pledges low")
    assert bruno.wait_for(r"Waiting for ●A Ann: play or draw")

    for player in (ann, bruno, spectator):  # at 80x24 one panel shows at a time: `v` brings the hand
        player.keys("v")
    assert ann.wait_for(r"Hand: ") and bruno.wait_for(r"Hand: ")
    screens = {"ann": ann.screen(), "bruno": bruno.screen(), "spectator": spectator.screen()}
    assert f"Hand: {' '.join(map(str, hands[0]))}" in screens["ann"]
    assert f"Hand: {' '.join(map(str, hands[1]))}" in screens["bruno"]
    assert "Hand:" not in screens["spectator"] and "Private" not in screens["spectator"]
    assert re.search(r"Ann gets a \d", screens["ann"]) and not re.search(r"Bruno gets a \d", screens["ann"])
    assert re.search(r"Bruno gets a \d", screens["bruno"]) and not re.search(r"Ann gets a \d", screens["bruno"])
    assert not re.search(r"gets a \d", screens["spectator"]) and "Ann gets a card" in screens["spectator"]

    bruno.keys("1")  # not Bruno's turn: nothing happens anywhere
    ann.keys("Escape")  # Ann leaves: her seat is free again at once
    deadline = time.monotonic() + 60  # a bound for a hung app, not a speed: a busy machine may take seconds
    while "0" in SeatLeases(tmp_path, save_id).live() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert "0" not in SeatLeases(tmp_path, save_id).live()
    record = SaveStore(tmp_path).load(save_id)
    assert [(a["a"], a["c"]) for a in record.actions[-2:]] == [(0, "pledge:high"), (1, "pledge:low")]

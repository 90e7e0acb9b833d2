"""Several real processes at one saved game: alternating, racing, dying, spectating, bots."""

from __future__ import annotations

import json
import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from saves.seats import BOTS, SeatLeases
from saves.session import GameSession
from saves.store import SaveStore, Seat
from tests import toygame

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    toygame.register(monkeypatch)


@pytest.fixture(autouse=True)
def players_ended():
    """A player process a test left running ends with it, a stopped one (SIGSTOP) included."""
    yield
    for player in Player.started:
        if player.process.poll() is None:
            player.process.kill()
            player.process.wait()
    Player.started.clear()


@pytest.fixture
def data_dir(tmp_path):
    return tmp_path / "data"


def new_game(data_dir: Path, kinds=("human", "human"), seed=5) -> str:
    names = ["Ann", "Bruno", "Cleo"][: len(kinds)]
    seats = [Seat(n, k) for n, k in zip(names, kinds)]
    session = GameSession.new(SaveStore(data_dir), "toy", "shared", seats, seed=seed)
    return session.record.id


class Player:
    """A player process and the JSON events it reports."""

    MODULE = "tests.multiterminal.player"
    started: list[Player] = []
    """Every process started, so that each ends with its test (``players_ended``)."""

    def __init__(self, data_dir: Path, save_id: str, seat, *extra: str):
        self.process = subprocess.Popen(
            [sys.executable, "-m", self.MODULE, str(data_dir), save_id, str(seat), *extra],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        self.events: list[dict] = []
        self._pending = b""
        Player.started.append(self)

    def wait_for(self, name: str, timeout: float = 60.0) -> dict:
        """The next event called ``name``. Reads the pipe itself: a line buffered by a
        readline() would sit unseen while select() waits for more (the process may be
        sleeping after writing it), which made this wait time out under load."""
        deadline = time.monotonic() + timeout
        fd = self.process.stdout.fileno()
        while True:
            while b"\n" in self._pending:
                line, self._pending = self._pending.split(b"\n", 1)
                if line.strip():
                    self.events.append(json.loads(line))
                    if self.events[-1]["event"] == name:
                        return self.events[-1]
            ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
            chunk = os.read(fd, 65536) if ready else b""
            if not chunk:
                raise AssertionError(f"no {name!r} event; got {self.events[-5:]}; stderr: {self.stderr()}")
            self._pending += chunk

    def finish(self, timeout: float = 60.0) -> list[dict]:
        out, err = self.process.communicate(timeout=timeout)
        rest = self._pending.decode() + out
        self._pending = b""
        self.events += [json.loads(line) for line in rest.splitlines() if line.strip()]
        assert self.process.returncode in (0, 3), err
        return self.events

    def stderr(self) -> str:
        if self.process.poll() is None:
            return "(running)"
        return self.process.stderr.read()

    def send(self, line: str = "go") -> None:
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def of(self, name: str) -> list[dict]:
        return [event for event in self.events if event["event"] == name]


def load(data_dir: Path, save_id: str) -> GameSession:
    return GameSession.resume(SaveStore(data_dir), save_id)  # replays: a forked log would fail here


def acted_in_log(session: GameSession, seat: int) -> list[str]:
    return [a.choice for a in session.match.actions if a.actor == seat]


def test_two_players_alternate_to_the_end_each_sees_the_others_moves_and_no_secrets_leak(data_dir):
    save_id = new_game(data_dir)
    ann, bruno, spectator = (Player(data_dir, save_id, seat) for seat in (0, 1, "watch"))
    for player in (ann, bruno, spectator):
        player.finish()

    final = load(data_dir, save_id)
    assert final.match.finished
    for seat, player in ((0, ann), (1, bruno)):
        assert [e["choice"] for e in player.of("acted")] == acted_in_log(final, seat)
    written_at = [e["n"] for e in ann.of("acted") + bruno.of("acted")]
    assert len(written_at) == len(set(written_at))  # no move written twice
    assert any(e["turn_arrived"] for e in ann.of("seen")) and any(e["turn_arrived"] for e in bruno.of("seen"))

    secret = re.compile(r"gets a \d")
    for view in spectator.of("view"):
        assert view["hand"] is None and view["viewer"] is None
        assert not any(secret.search(line) for line in view["log"]), view["log"]
    for player, me, other in ((ann, "Ann", "Bruno"), (bruno, "Bruno", "Ann")):
        views = player.of("view")
        assert views and all(isinstance(v["hand"], list) for v in views)
        assert not any(re.search(f"{other} gets a \\d", line) for v in views for line in v["log"])
        assert any(re.search(f"{me} gets a \\d", line) for v in views for line in v["log"])


def test_two_terminals_acting_on_the_same_position_one_is_applied_the_other_refused_then_retried(data_dir):
    """Both terminals have read the game before either acts (not a race on the clock, which a
    busy machine loses: a terminal still starting up would read the other's move first)."""
    save_id = new_game(data_dir)
    before = len(load(data_dir, save_id).match.actions)
    assert load(data_dir, save_id).match.awaiting() == (0, 1)  # both pledge at once
    ann, bruno = (Player(data_dir, save_id, seat, "--race") for seat in (0, 1))
    assert ann.wait_for("joined")["n"] == bruno.wait_for("joined")["n"] == before
    ann.send(), bruno.send()
    ann.finish(), bruno.finish()

    refused = ann.of("refused") + bruno.of("refused")
    assert len(refused) == 1 and "changed elsewhere" in refused[0]["message"]
    assert len(ann.of("acted")) == len(bruno.of("acted")) == 1
    final = load(data_dir, save_id)
    pledges = [(a.actor, a.choice) for a in final.match.actions[before:]]
    assert sorted(pledges) == [(0, "pledge:high"), (1, "pledge:high")]
    assert final.match.awaiting() == (0,)


def test_a_player_killed_in_the_middle_of_writing_its_move_costs_nothing_and_its_seat_is_retaken(data_dir):
    save_id = new_game(data_dir)
    before = len(load(data_dir, save_id).match.actions)
    doomed = Player(data_dir, save_id, 0, "--die-in-write")
    doomed.wait_for("writing")
    doomed.process.send_signal(signal.SIGKILL)
    doomed.process.wait(10)

    assert len(load(data_dir, save_id).match.actions) == before  # the half-written move is not there
    assert SeatLeases(data_dir, save_id).holder_of(0) is None  # freed at once: its process is gone
    ann, bruno = Player(data_dir, save_id, 0), Player(data_dir, save_id, 1)
    ann.finish(), bruno.finish()
    assert ann.of("joined") and load(data_dir, save_id).match.finished
    assert not any((data_dir / "set-aside").iterdir())


def stop_outside_the_seats_lock(process: subprocess.Popen, data_dir: Path, save_id: str) -> None:
    """SIGSTOP a player while it does not hold the seats' file lock. Stopped inside it (renewing
    its lease, which takes longer on a busy machine) it would keep every other terminal out for
    as long as it stays stopped, which is not the stall this test is about."""
    with SeatLeases(data_dir, save_id).lock:
        process.send_signal(signal.SIGSTOP)
        while Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "T":
            time.sleep(0.01)


def test_a_held_seat_cannot_be_taken_and_is_freed_when_its_holder_stalls_or_dies(data_dir):
    save_id = new_game(data_dir)
    ttl = ("--ttl", "1.5")
    holder = Player(data_dir, save_id, 0, "--hold", *ttl)
    holder.wait_for("joined")
    intruder = Player(data_dir, save_id, 0, "--hold", *ttl)
    assert "held by another terminal" in intruder.wait_for("taken")["message"]
    intruder.finish()

    stop_outside_the_seats_lock(holder.process, data_dir, save_id)  # alive but silent: no heartbeat
    time.sleep(2.0)
    successor = Player(data_dir, save_id, 0, "--hold", *ttl)
    successor.wait_for("joined")
    holder.process.send_signal(signal.SIGCONT)
    holder.send()
    assert "taken over" in holder.wait_for("not-allowed")["message"]
    successor.send()
    assert successor.wait_for("acted")["seat"] == 0

    successor.process.send_signal(signal.SIGKILL)
    successor.process.wait(10)
    third = Player(data_dir, save_id, 0, "--hold", *ttl)
    third.wait_for("joined")
    for player in (holder, third):
        player.finish()  # closes its stdin: the player leaves
    assert acted_in_log(load(data_dir, save_id), 0) == ["pledge:high"]


def test_bots_of_a_shared_game_are_run_by_exactly_one_process(data_dir):
    save_id = new_game(data_dir, kinds=("human", "human", "random"), seed=11)
    players = [Player(data_dir, save_id, seat) for seat in (0, 1)]
    for player in players:
        player.finish()
    runners = [p for p in players if any(e.get("bot") for e in p.of("acted"))]
    assert len(runners) == 1
    final = load(data_dir, save_id)
    assert final.match.finished
    assert [e["choice"] for e in runners[0].of("acted") if e.get("bot")] == acted_in_log(final, 2)
    assert SeatLeases(data_dir, save_id).holder_of(BOTS) is None  # released on leaving


def test_spectator_and_other_seat_cannot_act_for_a_seat(data_dir):
    from engine.core.contract import IllegalChoice
    from saves.shared import SharedSession

    save_id = new_game(data_dir)
    watcher = SharedSession(load(data_dir, save_id), [], lambda: None)
    bruno = SharedSession(load(data_dir, save_id), [1], lambda: None)
    watcher.start(), bruno.start()
    try:
        with pytest.raises(IllegalChoice, match="only watches"):
            watcher.act(0, "pledge:high")
        with pytest.raises(IllegalChoice, match="cannot act for Seat ●A"):
            bruno.act(0, "pledge:high")
        assert len(load(data_dir, save_id).match.actions) == len(bruno.match.actions)
    finally:
        watcher.stop(), bruno.stop()
    assert os.listdir(data_dir / "watch" / save_id) == []


def test_taking_several_seats_is_all_or_nothing_and_only_human_seats_can_be_taken(data_dir):
    from engine.core.contract import IllegalChoice
    from saves.seats import SeatTaken
    from saves.shared import SharedSession

    save_id = new_game(data_dir, kinds=("human", "human", "random"))
    bruno = SharedSession(load(data_dir, save_id), [1], lambda: None)
    bruno.start()
    try:
        with pytest.raises(SeatTaken):
            SharedSession(load(data_dir, save_id), [0, 1], lambda: None).start()
        assert SeatLeases(data_dir, save_id).holder_of(0) is None
        with pytest.raises(IllegalChoice, match="Seat ■C is not a human seat"):
            SharedSession(load(data_dir, save_id), [2], lambda: None).start()
    finally:
        bruno.stop()



class TablePlayer(Player):
    """A table process (tests/multiterminal/table.py): what its screen would show, as events."""

    MODULE = "tests.multiterminal.table"

    def told_so_far(self) -> str:
        """Its events so far but the progress reports (only the last), and what it wrote to
        stderr, without waiting: for a failure's message."""
        self._pending += available(self.process.stdout)
        complete, _, self._pending = self._pending.rpartition(b"\n")
        self.events += [json.loads(line) for line in complete.split(b"\n") if line.strip()]
        reports = [event for event in self.events if event["event"] == "thinking"]
        told = [event for event in self.events if event["event"] != "thinking"] + reports[-1:]
        return f"{told}; stderr: {available(self.process.stderr).decode(errors='replace')[-2000:]!r}"


def available(stream) -> bytes:
    """What a child's pipe holds now (nothing more is waited for)."""
    data, fd = b"", stream.fileno()
    while select.select([fd], [], [], 0)[0] and (chunk := os.read(fd, 65536)):
        data += chunk
    return data


def test_a_bot_thinking_in_one_process_shows_its_progress_in_the_others_and_a_player_there_can_make_it_move(data_dir):
    """Three table processes: the first (a spectator) runs the bots, so its endless Normal bot
    thinks there; Ann's and a second spectator's show the thinking line; only Ann may hurry it."""
    save_id = new_game(data_dir, kinds=("human", "normal"))
    position = len(load(data_dir, save_id).match.actions)
    tables: list[TablePlayer] = []
    try:
        tables.append(runner := TablePlayer(data_dir, save_id, "watch", "--endless"))
        assert runner.wait_for("state")["runs_bots"]
        tables.append(ann := TablePlayer(data_dir, save_id, 0))
        tables.append(spectator := TablePlayer(data_dir, save_id, "watch"))
        reports = [ann.wait_for("thinking") for _ in range(4)]
        first, later = reports[0], reports[-1]
        assert (first["seat"], first["position"], first["hurry"]) == (1, position, True)
        assert 0 <= first["fraction"] < later["fraction"] <= 1  # the progress goes on
        assert later["t"] - first["t"] >= 1.0  # shared twice a second at most (three intervals)
        watched = spectator.wait_for("thinking")
        assert watched["seat"] == 1 and not watched["hurry"]  # a spectator sees it, without the key
        spectator.send("m")
        spectator.wait_for("pressed")
        time.sleep(1.0)
        assert all(action["a"] != 1 for action in SaveStore(data_dir).load(save_id).actions[position:])

        ann.send("m")  # Ann's m: the search in the runner's process ends with its best so far
        pressed = len(ann.events)
        ann.wait_for("pressed")
        moved = ann.wait_for("state", timeout=30)
        while 1 in moved["awaiting"]:
            moved = ann.wait_for("state", timeout=30)
        assert [action["a"] for action in SaveStore(data_dir).load(save_id).actions[position:]] == [1]
        if all(event["event"] != "thinking-ended" for event in ann.events[pressed:]):
            ann.wait_for("thinking-ended", timeout=30)  # the line goes (before or after the new state)
        for table in tables:
            table.send("q")
            table.finish()
    except AssertionError as error:  # what the other terminals said, the runner's first
        said = "\n".join(f"{name}: {table.told_so_far()}"
                         for name, table in zip(("runner", "Ann", "spectator"), tables))
        raise AssertionError(f"{error}\n{said}") from None

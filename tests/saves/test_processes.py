"""Real processes: kill -9 at random moments, and two writers racing for the same index."""

import json
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from saves.session import GameSession
from saves.store import SaveStore, Seat

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def child(*args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "tests.saves.appender", *map(str, args)], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def saved_actions(data_dir: Path) -> int:
    return sum(record.moves for record in SaveStore(data_dir).summaries())


def wait_for_more_than(data_dir: Path, count: int, process: subprocess.Popen) -> int:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert process.poll() is None, process.stderr.read()
        now = saved_actions(data_dir)
        if now > count:
            return now
        time.sleep(0.01)
    raise AssertionError("the child process saved nothing")


def test_kill_9_at_any_moment_leaves_every_save_readable_and_replaying(tmp_path, toy_game):
    data_dir, chance = tmp_path / "data", random.Random(20261129)
    seen = 0
    for _ in range(6):
        process = child("play", data_dir)
        seen = wait_for_more_than(data_dir, seen, process)
        time.sleep(chance.uniform(0.0, 0.2))
        process.kill()
        process.wait()

        store = SaveStore(data_dir)
        records = list(store.saved_games())
        assert store.problems == [] and not any((data_dir / "set-aside").iterdir())
        assert sum(len(r.actions) for r in records) >= seen  # at most the action in flight is lost
        seen = sum(len(r.actions) for r in records)
        for record in records:
            GameSession.resume(store, record.id)  # replays the whole log, drawn outcomes included
    session = GameSession.resume(SaveStore(data_dir), records[0].id)
    session.play_bots(limit=3)  # a temp file a kill left behind does not get in the way
    assert len(SaveStore(data_dir).load(session.record.id).actions) > len(records[0].actions)


def test_two_processes_racing_with_at_never_lose_or_duplicate_an_action(tmp_path):
    data_dir, target = tmp_path / "data", 300
    seats = [Seat("A", "human"), Seat("B", "human")]
    save_id = SaveStore(data_dir).create("toy", "contested", seats, {}, 1, "1", "").id
    racers = {name: child("race", data_dir, save_id, name, target) for name in ("left", "right")}
    for process in racers.values():
        assert process.stdout.readline() == "ready\n"
    for process in racers.values():
        process.stdin.write("go\n")
        process.stdin.flush()
    won, conflicts = {}, 0
    for name, process in racers.items():
        out, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
        won[name] = set(json.loads(out)["won"])
        conflicts += json.loads(out)["conflicts"]

    actions = SaveStore(data_dir).load(save_id).actions
    assert len(actions) == target
    assert conflicts > 0  # they really raced
    assert won["left"].isdisjoint(won["right"]) and won["left"] | won["right"] == set(range(target))
    for index, action in enumerate(actions):
        name, _, at = action["c"].partition("@")
        assert int(at) == index and index in won[name]

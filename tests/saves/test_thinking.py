"""The files through which a game's terminals share a bot's thinking and ask it to move now:
what one terminal writes the other reads, once; anything else found there is ignored."""

from __future__ import annotations

import json
import os
import time

from saves.thinking import REQUEST, STATUS, MoveNowRequest, ThinkingBoard, ThinkingStatus
from saves.watch import Watcher


def boards(tmp_path, seats: int = 2) -> tuple[ThinkingBoard, ThinkingBoard]:
    (tmp_path / "watch" / "g1").mkdir(parents=True)
    return ThinkingBoard(tmp_path, "g1", seats), ThinkingBoard(tmp_path, "g1", seats)


def test_a_status_is_read_once_per_change_and_its_end_is_seen(tmp_path):
    runner, other = boards(tmp_path)
    assert other.status() is False  # nothing there, nothing changed
    runner.publish(ThinkingStatus(1, 7, 0.25))
    assert other.status() == ThinkingStatus(1, 7, 0.25)
    assert other.status() is False
    runner.publish(ThinkingStatus(1, 7, 0.5))
    assert other.status() == ThinkingStatus(1, 7, 0.5)
    runner.clear()
    assert other.status() is None and other.status() is False


def test_writing_rings_the_other_doorbells(tmp_path):
    save = tmp_path / "games" / "g1.json"
    save.parent.mkdir()
    save.write_text("{}")
    watcher = Watcher(save, tmp_path, "g1", fallback=3600.0)  # only a ring can end a wait in time
    try:
        started = time.monotonic()
        ThinkingBoard(tmp_path, "g1", 2).publish(ThinkingStatus(1, 0, 0.1))
        assert watcher.wait(timeout=10) is False  # rung (the save itself did not change)
        assert time.monotonic() - started < 5
    finally:
        watcher.close()


def test_a_request_made_before_the_runner_came_is_not_for_it(tmp_path):
    asker, _ = boards(tmp_path)
    asker.ask_move_now(MoveNowRequest(1, 3, "h1"))
    runner = ThinkingBoard(tmp_path, "g1", 2)
    assert runner.request() is False
    asker.ask_move_now(MoveNowRequest(1, 3, "h1"))
    assert runner.request() == MoveNowRequest(1, 3, "h1")


def test_anything_else_in_the_files_counts_as_nothing(tmp_path):
    runner, other = boards(tmp_path, seats=2)
    folder = tmp_path / "watch" / "g1"
    bad = [b"not json", b"\xff\xfe", json.dumps({"seat": 2, "position": 0, "fraction": 0.5}).encode(),  # no seat 2
           json.dumps({"seat": 1, "position": -1, "fraction": 0.5}).encode(),
           json.dumps({"seat": 1, "position": 0, "fraction": 1.5}).encode(),
           json.dumps({"seat": 1, "position": 0, "fraction": "NaN"}).encode(),
           b'{"seat": 1, "position": 0, "fraction": NaN}',
           json.dumps({"seat": True, "position": 0, "fraction": 0.5}).encode(),
           json.dumps({"seat": 1, "position": 0, "fraction": 0.5, "hand": [3, 1]}).encode(),  # nothing else
           json.dumps([1, 0, 0.5]).encode(), b"[" * 10000, b" " * 4096]
    for content in bad:
        (folder / STATUS).write_bytes(content)
        assert other.status() is None, content
    (folder / STATUS).unlink()
    os.mkfifo(folder / STATUS)  # never opened in a way that blocks
    assert other.status() is None
    (folder / STATUS).unlink()
    (tmp_path / "elsewhere.json").write_text(json.dumps({"seat": 1, "position": 0, "fraction": 0.5}))
    (folder / STATUS).symlink_to(tmp_path / "elsewhere.json")
    assert other.status() is None
    (folder / STATUS).unlink()
    runner.publish(ThinkingStatus(1, 0, 0.5))
    old = time.time() - 60
    os.utime(folder / STATUS, (old, old))  # its writer died a minute ago
    assert other.status() is None
    for request in ({"seat": 1, "position": 0, "holder": ""}, {"seat": 1, "position": 0, "holder": "x" * 65},
                    {"seat": 1, "position": 0, "holder": "a\x1b[2J"}, {"seat": 1, "position": 0}):
        (folder / REQUEST).write_text(json.dumps(request))
        assert runner.request() is None, request

"""Seat leases and change watching, piece by piece (the process-level tests are in test_shared_play)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time

import pytest

from saves.seats import BOTS, LeaseLost, SeatLeases, SeatTaken
from saves.storage import signature
from saves.watch import Watcher, doorbell_folder, ring


def test_a_seat_has_one_holder_until_released(tmp_path):
    leases = SeatLeases(tmp_path, "g1")
    leases.acquire(0, "ann")
    leases.acquire(0, "ann")  # taking it again is a renewal
    with pytest.raises(SeatTaken, match="Seat ●A is held"):
        leases.acquire(0, "bruno")
    assert leases.free([0, 1]) == [1]
    leases.release(0, "bruno")  # not the holder: nothing happens
    assert leases.holder_of(0).holder == "ann"
    leases.release(0, "ann")
    leases.acquire(0, "bruno")
    assert leases.try_acquire(BOTS, "ann") and not leases.try_acquire(BOTS, "bruno")


def test_a_lease_without_heartbeat_expires_and_the_old_holder_learns_it_lost(tmp_path):
    leases = SeatLeases(tmp_path, "g1", ttl=0.3)
    leases.acquire(1, "ann")
    time.sleep(0.4)
    leases.acquire(1, "bruno")
    with pytest.raises(LeaseLost):
        leases.renew(1, "ann")
    leases.renew(1, "bruno")
    time.sleep(0.4)  # bruno's terminal has gone silent too: the seat is free ...
    assert leases.holder_of(1) is None
    with pytest.raises(LeaseLost):  # ... but never taken back by ann's late heartbeat
        leases.renew(1, "ann")
    leases.acquire(1, "ann")  # only by joining again


def test_a_lease_renewed_lately_is_checked_without_writing_the_file(tmp_path):
    leases = SeatLeases(tmp_path, "g1", ttl=0.8)
    leases.acquire(1, "ann")
    written = signature(leases.path)
    leases.renew(1, "ann", unless_beaten_within=0.2)  # a move's check, just after a heartbeat
    assert signature(leases.path) == written
    time.sleep(0.25)
    leases.renew(1, "ann", unless_beaten_within=0.2)  # no longer recent: written
    assert signature(leases.path) != written and leases.holder_of(1).holder == "ann"
    time.sleep(0.9)
    leases.acquire(1, "bruno")  # ann's terminal went silent; bruno took the seat
    written = signature(leases.path)
    with pytest.raises(LeaseLost):
        leases.renew(1, "ann", unless_beaten_within=10)
    assert signature(leases.path) == written and leases.holder_of(1).holder == "bruno"


def test_a_lease_of_a_dead_process_is_free_at_once(tmp_path):
    child = subprocess.run(
        [sys.executable, "-c",
         "import sys; from saves.seats import SeatLeases; SeatLeases(sys.argv[1], 'g1').acquire(0, 'gone')",
         str(tmp_path)], cwd=os.getcwd(), check=True)
    assert child.returncode == 0
    leases = SeatLeases(tmp_path, "g1")
    assert leases.holder_of(0) is None
    leases.acquire(0, "ann")


def test_a_damaged_lease_file_means_nobody_holds_anything(tmp_path):
    leases = SeatLeases(tmp_path, "g1")
    leases.path.write_text("{not json")
    assert leases.live() == {}
    leases.acquire(0, "ann")
    assert leases.holder_of(0).holder == "ann"


def test_a_ring_wakes_a_watcher_at_once_and_an_unchanged_file_is_no_change(tmp_path):
    save = tmp_path / "save.json"
    save.write_text("1")
    watcher = Watcher(save, tmp_path, "g1", fallback=3600.0)  # only a ring can end a wait in time
    try:
        assert watcher.wait(0.05) is False
        threading.Timer(0.1, lambda: (save.write_text("22"), ring(tmp_path, "g1"))).start()
        finished = threading.Event()
        waiter = threading.Thread(target=lambda: watcher.wait() and finished.set(), daemon=True)
        waiter.start()
        waiter.join(600)  # however slow the machine: the doorbell ends it, the hour-long fallback never does
        assert finished.is_set()
        assert ring(tmp_path, "g1") == 1
        assert watcher.wait() is False  # rung, but the file did not change: no repaint
    finally:
        watcher.close()


def test_a_silent_writer_is_noticed_within_the_fallback_and_idle_costs_almost_no_cpu(tmp_path):
    save = tmp_path / "save.json"
    save.write_text("1")
    watcher = Watcher(save, tmp_path, "g1", fallback=0.2)
    try:
        cpu, wall = time.thread_time(), time.monotonic()  # this thread only: load elsewhere does not count
        changes = sum(watcher.wait() for _ in range(10))  # two seconds of an idle game
        idle_cpu = time.thread_time() - cpu
        assert changes == 0 and time.monotonic() - wall >= 1.9
        assert idle_cpu < 0.05, f"idle watching used {idle_cpu:.3f}s CPU in 2s"
        temporary = tmp_path / "new.json"
        temporary.write_text("2")
        os.replace(temporary, save)  # an atomic replace, as the store writes, without a ring
        assert watcher.wait() is True  # nobody rang: the fallback's look at the file finds it
    finally:
        watcher.close()


def test_ringing_removes_doorbells_of_watchers_that_are_gone(tmp_path):
    folder = doorbell_folder(tmp_path, "g1")
    folder.mkdir(parents=True)
    os.mkfifo(folder / "12345-dead.fifo")
    assert ring(tmp_path, "g1") == 0
    assert list(folder.iterdir()) == []


def test_a_write_of_our_own_is_no_change_but_anothers_write_before_it_still_is(tmp_path):
    from saves.store import SaveStore, Seat

    store = SaveStore(tmp_path)
    save_id = store.create("toy", "T", [Seat("Ann", "human")], {}, 1, "1", "").id
    watcher = Watcher(store.path_of(save_id), tmp_path, save_id, fallback=5.0)
    try:
        with watcher.writing() as wrote:
            wrote(store.append(save_id, [{"a": 0, "c": "x"}], at=0, progress="", status="active"))
        assert ring(tmp_path, save_id, skip=watcher.fifo) == 0  # the writer does not ring itself
        assert watcher.wait(0.05) is False
        store.append(save_id, [{"a": 0, "c": "y"}], at=1, progress="", status="active")  # another process
        with watcher.writing() as wrote:
            wrote(store.append(save_id, [{"a": 0, "c": "z"}], at=2, progress="", status="active"))
        assert watcher.wait(0.05) is True  # the other write is still news, though ours came after it
        assert watcher.wait(0.05) is False
    finally:
        watcher.close()

"""Thinking in a process of its own: the same answer as in this process, progress while it
thinks, "move now", errors reported, and nothing sent that the seat may not know."""

from __future__ import annotations

import subprocess
import sys
import threading

import pytest

from engine.core.match import Match
from engine.search import LEVELS, Level, Limits, profile_for, search
from engine.search.worker import MOVE_NOW, Thinker, ThinkerError

from .positions import one_card_from_the_goal, pledging

ENDLESS_THOUGHT = Level("hard", "Hard (endless)", iterations=10**8, cpu_cap=60.0, wall_cap=60.0)


@pytest.fixture
def thinker():
    thinker = Thinker()
    yield thinker
    thinker.close()


def test_the_worker_finds_what_this_process_finds(toy_game, thinker):
    match = one_card_from_the_goal()
    here = search(match.rules, match.state, 0, 2, Limits(LEVELS["normal"].iterations), "s", profile_for(toy_game))
    there = thinker.think(match, 0, "normal", "s", capped=False)
    assert there.candidates == here.candidates and there.choice == "play:2"


def test_it_reports_progress_and_moves_now_when_asked(toy_game, thinker):
    reports = []

    def progress(result):
        reports.append(result)
        if len(reports) == 2:
            thinker.move_now()

    match = Match(one_card_from_the_goal().rules, ["Ann", "Bea"], {"goal": 0}, 4)
    match.draw_all()
    result = thinker.think(match, 0, ENDLESS_THOUGHT, "s", progress=progress)
    assert result.stopped == "asked" and len(reports) == 2
    assert result.iterations >= reports[-1].iterations > reports[0].iterations > 0
    assert result.choice in {c.id for c in match.legal(0)}


def think_while_pressing_m(thinker, every: float):
    """An endless search, with move now asked from another thread every ``every`` seconds until it answers."""
    answered = threading.Event()

    def press_until_answered():
        while not answered.wait(every):
            thinker.move_now()

    presser = threading.Thread(target=press_until_answered)
    presser.start()
    try:
        return thinker.think(pledging(), 1, ENDLESS_THOUGHT, "s")
    finally:
        answered.set()
        presser.join()


def test_move_now_from_another_thread(toy_game, thinker):
    result = think_while_pressing_m(thinker, 0.3)
    assert result.stopped == "asked" and result.choice in ("pledge:high", "pledge:low")


def test_a_failed_search_is_reported_and_the_worker_goes_on(toy_game, thinker):
    match = one_card_from_the_goal()
    with pytest.raises(ThinkerError, match="no decision to search"):
        thinker.think(match, 1, "normal", "s")
    assert thinker.think(match, 0, "normal", "s").choice == "play:2"


def test_the_worker_is_sent_only_what_the_seat_may_know(toy_game):
    """Two games that differ only in Bea's hand and the deck order send the same request for Ann."""
    match = one_card_from_the_goal()
    twin = one_card_from_the_goal()
    twin.state["hands"][1] = [3]
    twin.state["deck"] = {"1": 3, "2": 3, "3": 3}
    twin.state["rng"] += 12345
    twin.state_edited()
    assert Thinker.request(match, 0, LEVELS["normal"], "s") == Thinker.request(twin, 0, LEVELS["normal"], "s")
    assert Thinker.request(match, 1, LEVELS["normal"], "s") != Thinker.request(twin, 1, LEVELS["normal"], "s")


def test_a_quick_bot_chooses_here_and_a_search_level_in_the_worker(toy_game, thinker):
    from engine.bots import make_bot
    from engine.search.bot import SearchBot

    match = one_card_from_the_goal()
    assert thinker.choose(match, 0, "greedy", 5) == make_bot("greedy", 5).choose(match, 0).id
    assert not thinker.running
    assert thinker.choose(match, 0, "normal", 5) == SearchBot("normal", 5).choose(match, 0).id == "play:2"
    assert thinker.running
    thinker.close()
    assert not thinker.running


def test_an_error_of_the_progress_callback_is_the_callers_and_the_worker_goes_on(toy_game, thinker):
    """The callback's own OSError (say, a disk full while it shares the progress) comes up as
    itself, not as a failed worker; the abandoned search's answer is not taken for the next one's."""
    def progress(result):
        raise OSError(28, "No space left on device")

    with pytest.raises(OSError, match="No space left") as raised:
        thinker.think(pledging(), 1, ENDLESS_THOUGHT, "s", progress=progress)
    assert not isinstance(raised.value, ThinkerError) and thinker.running
    match = one_card_from_the_goal()
    here = search(match.rules, match.state, 0, 2, Limits(LEVELS["normal"].iterations), "s", profile_for(toy_game))
    there = thinker.think(match, 0, "normal", "s", capped=False)
    assert there.candidates == here.candidates and there.choice == "play:2"


def test_move_now_while_a_new_worker_is_still_starting_does_not_kill_it(toy_game):
    """m pressed at once, while the worker process is still importing the games (before it
    listens for the signal), must not end it: the search ends with its best so far."""
    thinker = Thinker()  # not started: the search below starts its process
    try:
        result = think_while_pressing_m(thinker, 0.001)
    finally:
        thinker.close()
    assert result.stopped == "asked" and result.choice in ("pledge:high", "pledge:low")





def test_a_stream_of_move_now_signals_does_not_end_the_worker(toy_game, thinker):
    """Signals that come faster than the worker handles them (m held down, several terminals
    asking at once) run its handler inside itself: it must take no lock, or it waits on its own.
    The stream goes on until the last search has answered, so a worker stuck that way fails the
    test (its handlers nest until Python's recursion limit ends it) rather than hanging it."""
    senders = []

    def progress(result):  # the worker has answered, so its handler is in place
        if not senders:
            senders.append(subprocess.Popen([sys.executable, "-c", SIGNAL_FOREVER, str(thinker._process.pid)]))

    try:
        results = [thinker.think(pledging(), 1, ENDLESS_THOUGHT, "s", progress=progress) for _ in range(SEARCHES)]
    finally:
        for sender in senders:
            sender.kill()
            sender.wait()
    assert all(r.stopped == "asked" and r.choice in ("pledge:high", "pledge:low") for r in results)
    assert thinker.think(one_card_from_the_goal(), 0, "normal", "s").choice == "play:2"


SEARCHES = 200
SIGNAL_FOREVER = f"""
import os, sys
while True:
    os.kill(int(sys.argv[1]), {int(MOVE_NOW)})
"""

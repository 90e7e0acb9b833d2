"""One player cannot starve the others of CPU with bots: a served app's searches (bots' moves,
hints) wait in turn for one of the server's few thinkers (saves/thinker_slots.py), one key's
games hold at most a few places at once, and games of bots only run where the host allows them.

Every test is bounded in time (seconds); the processes they start are killed at the end."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from saves.store import SaveStore
from saves.thinker_slots import Place, ThinkerSlots
from tests.tui.helpers import make_app, new_save, pilot_test, settle, text_of, until
from tests.tui.test_table_controller import Terminal
from tui.compat import notifications
from tui.screens.new_game import NewGameScreen
from tui.screens.table import TableScreen
from tui.table.controller import Thinking
from tui.table.lines import thinking_line

ROOT = Path(__file__).resolve().parents[2]
ENDLESS = {"goal": 0}
"""The toy game's endless mode: its bots never run out of moves to search."""


class CountingThinker:
    """Stands for an app's thinker process: a 'search' takes ``seconds`` and picks the first
    legal choice; every one is counted, server-wide (the counter is shared by all the apps)."""

    def __init__(self, counter: Searches, game: int, seconds: float = 0.04):
        self.counter, self.game, self.seconds = counter, game, seconds
        self.closed = False

    def start(self) -> None:
        pass

    def move_now(self) -> None:
        pass

    def choose(self, match, seat, kind, seed, progress=None) -> str:
        with self.counter.searching(self.game):
            time.sleep(self.seconds)
        return match.legal(seat)[0].id


class Searches:
    """Searches running at once (the most ever seen) and the order they started in."""

    def __init__(self):
        self.lock = threading.Lock()
        self.running = 0
        self.most = 0
        self.started: list[int] = []

    def searching(self, game: int):
        counter = self

        class Running:
            def __enter__(self):
                with counter.lock:
                    counter.running += 1
                    counter.most = max(counter.most, counter.running)
                    counter.started.append(game)

            def __exit__(self, *_):
                with counter.lock:
                    counter.running -= 1

        return Running()


def bots_only(data_dir, seed: int) -> str:
    return new_save(data_dir, "toy", [("Nora", "normal"), ("Hank", "hard")], seed=seed, options=ENDLESS).record.id


def test_more_games_than_thinkers_all_move_within_the_cap_each_in_turn(toy, tmp_path):
    workers, games, rounds = 2, 5, 4
    counter = Searches()
    slots = [ThinkerSlots(tmp_path, workers, 5, f"SHA256:player-{game}", poll=0.01) for game in range(games)]
    held_most = [0]
    sampling = threading.Event()

    def sample() -> None:  # the thinkers taken, looked at from outside any app
        while not sampling.wait(0.005):
            held_most[0] = max(held_most[0], slots[0].held())

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    tables = []
    try:
        for game in range(games):
            save_id = bots_only(tmp_path, seed=game)
            table = Terminal(tmp_path, save_id, [], thinker=CountingThinker(counter, game), slots=slots[game],
                             identity=f"SHA256:player-{game}")
            tables.append((save_id, table))
            table.controller.start()
        deadline = time.monotonic() + 20
        while min(counter.started.count(game) for game in range(games)) < rounds:
            assert time.monotonic() < deadline, f"some game's bots did not move: {counter.started}"
            time.sleep(0.02)
    finally:
        for _, table in tables:
            table.controller.stop()
        sampling.set()
        sampler.join()
    assert counter.most <= workers and held_most[0] <= workers, "never more searches at once than thinkers"
    assert counter.most == workers, "every thinker is used when more games ask"
    for save_id, _ in tables:  # each game's bots made moves, saved
        assert len(SaveStore(tmp_path).load(save_id).actions) >= rounds
    # In turn: a game that has just searched asks behind every game already waiting, so between
    # two of its searches each other game searches about once, never many times.
    order = counter.started
    for game in range(games):
        starts = [index for index, started in enumerate(order) if started == game]
        for before, after in zip(starts, starts[1:]):
            between = order[before + 1:after]
            assert all(between.count(other) <= 2 for other in range(games)), f"game {game} was passed over: {order}"
    waited = [event for _, table in tables for event in list(table.events.queue) + table.seen
              if isinstance(event, Thinking) and event.waiting > 0]
    assert waited, "the bots said they waited in line"


def test_a_keys_games_hold_at_most_its_places_and_others_go_ahead(tmp_path):
    ann = ThinkerSlots(tmp_path, workers=2, per_key=1, identity="SHA256:ann", poll=0.01)
    bob = ThinkerSlots(tmp_path, workers=2, per_key=1, identity="SHA256:bob", poll=0.01)
    first = ann.take("ann-1")
    places: list[Place] = []
    got: list = []
    second = threading.Thread(target=lambda: got.append(ann.take("ann-2", waiting=places.append, timeout=10)))
    second.start()
    deadline = time.monotonic() + 5
    while not places:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    assert places[0] == Place(0, 1), "Ann's second game waits behind her first, though a thinker is free"
    assert ann.held() == 1 and ann.status() == {"running": 1, "line": 0, "held back": 1}
    bobs = bob.take("bob-1", timeout=1)  # Bob asked after Ann's second game: he goes first
    assert bobs is not None and ann.held() == 2
    first.release()
    second.join(timeout=5)
    assert got and got[0] is not None, "Ann's second game gets her place once her first is done"
    got[0].release()
    bobs.release()
    assert ann.held() == 0


def test_a_game_that_just_searched_asks_behind_those_waiting(tmp_path):
    slots = [ThinkerSlots(tmp_path, workers=1, per_key=3, identity=f"SHA256:k{n}", poll=0.01) for n in range(3)]
    running = slots[0].take("a")
    order: list[str] = []
    places: dict[str, list[Place]] = {"b": [], "c": []}

    def wait_then_search(n: int, name: str) -> None:
        slot = slots[n].take(name, waiting=places[name].append, timeout=10)
        order.append(name)
        time.sleep(0.05)
        slot.release()

    waiters = []
    for n, name in ((1, "b"), (2, "c")):
        waiters.append(threading.Thread(target=wait_then_search, args=(n, name)))
        waiters[-1].start()
        deadline = time.monotonic() + 5
        while not places[name]:
            assert time.monotonic() < deadline
            time.sleep(0.01)
    assert places["b"][-1] == Place(1) and places["c"][-1] == Place(2)  # "1st in line", "2nd in line"
    running.release()
    again = slots[0].take("a", timeout=10)  # game a asks again at once: behind b and c
    order.append("a")
    again.release()
    for waiter in waiters:
        waiter.join(timeout=5)
    assert order == ["b", "c", "a"]


HOLDER = """
import sys, time
from saves.thinker_slots import ThinkerSlots
slots = ThinkerSlots(sys.argv[1], 1, 2, sys.argv[2], poll=0.01)
slot = slots.take("theirs", waiting=lambda place: print("waiting", flush=True))
print("holding", flush=True)
time.sleep(60)
"""


def app_like(data_dir, key: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", HOLDER, str(data_dir), key], cwd=ROOT, stdout=subprocess.PIPE,
                            text=True)


def test_a_killed_holder_frees_its_thinker_and_a_killed_waiter_leaves_the_line(tmp_path):
    mine = ThinkerSlots(tmp_path, 1, 2, "SHA256:mine", poll=0.01)
    holder = app_like(tmp_path, "SHA256:holder")
    waiter = None
    try:
        assert holder.stdout.readline().strip() == "holding"
        assert mine.held() == 1
        waiter = app_like(tmp_path, "SHA256:waiter")  # in line before me
        assert waiter.stdout.readline().strip() == "waiting"
        places: list[Place] = []
        got: list = []
        thread = threading.Thread(target=lambda: got.append(mine.take("mine", waiting=places.append, timeout=10)))
        thread.start()
        deadline = time.monotonic() + 5
        while not places:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert places[-1] == Place(2)
        waiter.kill()
        waiter.wait()
        while places[-1] != Place(1):  # its ticket is found dead and removed
            assert time.monotonic() < deadline, places
            time.sleep(0.01)
        holder.kill()  # never releases: the kernel drops its lock
        holder.wait()
        thread.join(timeout=5)
        assert got and got[0] is not None, "the killed app's thinker is free for the next in line"
        assert mine.held() == 1
        got[0].release()
        assert mine.held() == 0 and mine.status() == {"running": 0, "line": 0, "held back": 0}
    finally:
        for process in (holder, waiter):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait()


# -- the table: the waiting line, m, hints, games of bots only ------------------------------------


@pytest.fixture
def served(monkeypatch):
    """This process is an app `tabula serve ssh` started for Ann's key, with one thinker."""
    from tui.serve import BOT_GAMES, BOT_WORKERS, PLAYER_KEY, SEAT_PER_TERMINAL

    monkeypatch.setenv(SEAT_PER_TERMINAL, "1")
    monkeypatch.setenv(PLAYER_KEY, "SHA256:ann-key")
    monkeypatch.setenv(BOT_WORKERS, "1")
    monkeypatch.delenv(BOT_GAMES, raising=False)
    return monkeypatch


async def open_as_seat_a(pilot) -> TableScreen:
    from tui.screens.resume import SeatPicker

    await pilot.press("r")
    await settle(pilot)
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(pilot.app.screen, SeatPicker))
    await pilot.press("enter")  # take seat A
    await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen) and pilot.app.screen.state, settled=False)
    return pilot.app.screen


@pilot_test
async def test_a_bot_waiting_for_a_thinker_says_so_and_m_moves_it_at_once(toy, tmp_path, served):
    session = new_save(tmp_path, "toy", [("Alice", "human"), ("Bruno", "normal")], options=ENDLESS)
    actions = len(session.match.actions)
    elsewhere = ThinkerSlots(tmp_path, 1, 2, "SHA256:someone-else").take("theirs")  # the only thinker is busy
    try:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            table = await open_as_seat_a(pilot)
            await until(pilot, lambda: table.thinking is not None and table.thinking.waiting, settled=False)
            line = text_of(table.query_one("#thinking"))
            assert "▲B Bruno waits for a free thinker (1st in line)…" in line
            assert "m: move now, as the Easy bot would" in line
            assert len(table.session.match.actions) == actions
            await pilot.press("m")
            await until(pilot, lambda: len(table.session.match.actions) > actions, timeout=10)
            assert table.session.match.actions[actions].actor == 1 and table.thinking is None
            assert any("moved as the Easy bot would" in n.message for n in notifications(app))
    finally:
        elsewhere.release()


@pilot_test
async def test_a_hint_waits_for_a_thinker_too(toy, tmp_path, served):
    from engine.core.contract import HINTS

    new_save(tmp_path, "toy", [("Alice", "human"), ("Bruno", "greedy")], options={**ENDLESS, HINTS: True})
    elsewhere = ThinkerSlots(tmp_path, 1, 2, "SHA256:someone-else").take("theirs")
    try:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            table = await open_as_seat_a(pilot)
            await until(pilot, lambda: table.state.choices and not table.busy, timeout=10)
            await pilot.press("h")
            await until(pilot, lambda: table.thinking is not None and table.thinking.waiting, settled=False)
            assert "Hint waits for a free thinker (1st in line)…" in text_of(table.query_one("#thinking"))
            hint = table.query_one("#hint")
            assert not hint.display
            elsewhere.release()
            await until(pilot, lambda: hint.display and str(hint.border_title).startswith("Hint for"), timeout=30,
                        settled=False)
    finally:
        elsewhere.release()


def test_the_thinking_line_of_a_search_held_back_behind_the_players_other_games(toy, tmp_path):
    save_id = new_save(tmp_path, "toy", [("Alice", "human"), ("Bruno", "greedy")]).record.id
    table = Terminal(tmp_path, save_id, [0])
    table.controller.start()
    try:
        state = table.state()
    finally:
        table.controller.stop()
    assert thinking_line(state, Thinking(1, 0.0, waiting=-1, behind=2)) == \
        "▲B Bruno waits for your other games' bots (2 at a time)…\nm: move now, as the Easy bot would"
    assert thinking_line(state, Thinking(1, 0.0, waiting=3, position=5, hurry=False)) == \
        "▲B Bruno waits for a free thinker (3rd in line)…\n"
    assert thinking_line(state, Thinking(0, 0.0, hint=True, waiting=12)) == \
        "Hint waits for a free thinker (12th in line)…\nm: cancel"


def set_kind(app, seat: int, kind: str) -> None:
    from textual.widgets import Select

    app.screen.query_one(f"#kind-{seat}", Select).value = kind


async def start_bots_only(pilot) -> None:
    await pilot.press("n")
    await settle(pilot)
    set_kind(pilot.app, 0, "greedy")
    set_kind(pilot.app, 1, "random")
    await settle(pilot)
    await pilot.press("ctrl+s")
    await settle(pilot)


@pilot_test
async def test_games_of_bots_only_are_refused_over_ssh_unless_the_host_allows_them(toy, tmp_path, served):
    from tui.serve import BOT_GAMES

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await start_bots_only(pilot)
        assert isinstance(app.screen, NewGameScreen), "no game of bots only was started"
        said = "\n".join(f"{n.title}: {n.message}" for n in notifications(app))
        assert "does not start games of bots only" in said and "--allow-bot-games" in said
    assert SaveStore(tmp_path).summaries() == []
    served.setenv(BOT_GAMES, "1")  # the host runs `tabula serve ssh --allow-bot-games`
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await start_bots_only(pilot)
        await until(pilot, lambda: not isinstance(app.screen, NewGameScreen))  # the table (or, quick bots, the end)
    assert len(SaveStore(tmp_path).summaries()) == 1


@pilot_test
async def test_a_local_app_starts_games_of_bots_only_as_before(toy, tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_bots_only(pilot)
        await until(pilot, lambda: not isinstance(app.screen, NewGameScreen))
    assert len(SaveStore(tmp_path).summaries()) == 1 and app.thinker_slots is None


def test_a_served_app_only_watches_a_saved_game_of_bots_only_unless_allowed(toy, tmp_path):
    save_id = new_save(tmp_path, "toy", [("Rob", "random"), ("Greta", "random")], options=ENDLESS).record.id
    before = len(SaveStore(tmp_path).load(save_id).actions)
    table = Terminal(tmp_path, save_id, [], identity="SHA256:ann-key", bot_games=False)
    table.controller.start()
    try:
        notice = table.notice()
        assert notice.title == "Bots do not play here" and "not allowed" in notice.message
        assert not table.controller.session.runs_bots
        time.sleep(0.3)
        assert len(SaveStore(tmp_path).load(save_id).actions) == before
    finally:
        table.controller.stop()


def test_the_server_hands_its_bot_limits_to_every_app(monkeypatch):
    from tui.serve import (
        BOT_GAMES,
        BOT_GAMES_PER_KEY,
        BOT_WORKERS,
        BotLimits,
        bot_limits,
        default_bot_workers,
    )
    from tui.serve.ssh import SSHOptions, app_environment

    monkeypatch.setenv(BOT_GAMES, "1")  # inherited by the server: never passed on as it is
    env = app_environment("xterm", {"TABULA_BOT_GAMES": "1"}, "ann", "SHA256:abc")
    assert BOT_GAMES not in env and BOT_WORKERS not in env
    options = SSHOptions(data_dir=Path("/nonexistent"), max_bot_workers=3, bot_games_per_key=1)
    assert options.bot_limits() == BotLimits(3, 1, False)
    env = app_environment("xterm", {}, "ann", "SHA256:abc", options.bot_limits())
    assert (env[BOT_WORKERS], env[BOT_GAMES_PER_KEY], env[BOT_GAMES]) == ("3", "1", "0")
    assert SSHOptions(data_dir=Path("/nonexistent")).max_bot_workers == default_bot_workers() >= 1
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert bot_limits() == BotLimits(3, 1, False)
    monkeypatch.delenv("TABULA_SEAT_PER_TERMINAL")
    assert bot_limits() is None  # a local app: no cap

"""The table controller without a screen: plain pytest, the toy game and real saves.

A terminal here is a ``TableController`` whose emitted states and notices are gathered in
order. Most tests run its worker in a plain thread, as the screen runs it in a Textual one;
the tests of step order run the worker by hand, so nothing in them depends on timing.
"""

from __future__ import annotations

import queue
import threading
import time

import pytest

from saves.seats import SeatLeases
from saves.session import GameSession
from saves.shared import SharedSession
from saves.store import SaveStore
from tests.tui.helpers import new_save
from tui.table.controller import Notice, TableController, Thinking, ThinkingEnded
from tui.table.lines import prompt_line
from tui.table.state import TableState

TWO_HUMANS = [("Ann", "human"), ("Bruno", "human")]


def in_a_thread(work) -> None:
    threading.Thread(target=work, daemon=True).start()


class Terminal:
    """One terminal's table, headless: every event it emits, in order."""

    def __init__(self, data_dir, save_id: str, seats, spawn=in_a_thread, **options):
        self.events: queue.Queue = queue.Queue()
        self.seen: list = []
        session = GameSession.resume(SaveStore(data_dir), save_id)
        self.controller = TableController(session, seats, self.events.put, spawn, **{"bot_pause": 0, **options})

    def until(self, wanted, timeout: float = 5.0):
        """The first event from now on for which ``wanted(event)`` holds."""
        deadline = time.monotonic() + timeout
        while True:
            event = self.events.get(timeout=max(0.01, deadline - time.monotonic()))
            self.seen.append(event)
            if wanted(event):
                return event

    def state(self, wanted=lambda state: True, timeout: float = 5.0) -> TableState:
        return self.until(lambda event: isinstance(event, TableState) and wanted(event), timeout)

    def notice(self, timeout: float = 5.0, skip: tuple[str, ...] = ("came to the table.",)) -> Notice:
        """The next notice but those ending with ``skip`` (by default: another player sat down)."""
        return self.until(lambda event: isinstance(event, Notice) and not event.message.endswith(skip), timeout)

    def quiet_for(self, seconds: float) -> list:
        """Everything emitted within ``seconds`` (expected: nothing)."""
        time.sleep(seconds)
        late = []
        while not self.events.empty():
            late.append(self.events.get())
        return late


@pytest.fixture
def terminals():
    opened: list[Terminal] = []

    def open_terminal(*args, **kwargs) -> Terminal:
        terminal = Terminal(*args, **kwargs)
        opened.append(terminal)
        terminal.controller.start()
        return terminal

    yield open_terminal
    for terminal in opened:
        terminal.controller.stop()


def saved(data_dir, save_id: str) -> list[tuple[int, str]]:
    return [(action["a"], action["c"]) for action in SaveStore(data_dir).load(save_id).actions]


def test_a_hot_seat_table_shows_whoever_must_act_and_saves_each_move(toy, tmp_path, terminals):
    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    table = terminals(tmp_path, save_id, None)
    first = table.state()
    assert first.humans == [0, 1] and first.awaiting == [0, 1] and first.viewer == 0
    assert [choice.id for choice in first.choices] == ["pledge:high", "pledge:low"]
    assert first.has_private and first.progress == "4 actions" and first.runs_bots
    table.controller.act(0, "pledge:high", first.revision)
    second = table.state()
    assert second.position == first.position + 1 and second.viewer == 1 and second.awaiting == [1]
    assert saved(tmp_path, save_id)[-1] == (0, "pledge:high")
    table.controller.act(1, "pledge:low", second.revision)
    third = table.state()
    assert third.viewer == 0 and third.view["prompt"] == "Ann: play or draw" and third.can_undo is False
    assert table.quiet_for(0.3) == []


def test_bots_play_until_a_human_must_act_and_every_state_between_is_shown(toy, tmp_path, terminals):
    save_id = new_save(tmp_path, "toy", [("Ann", "human"), ("Rob", "random"), ("Greta", "greedy")]).record.id
    table = terminals(tmp_path, save_id, None)
    shown = [table.state()]
    while shown[-1].next_bot is not None or 0 not in shown[-1].awaiting:
        shown.append(table.state())
    assert shown[0].awaiting == [0, 1, 2] and shown[0].next_bot == 1  # bots pledge first at a simultaneous step
    assert [state.position for state in shown] == list(range(shown[0].position, shown[-1].position + 1))
    assert all(state.viewer == 0 for state in shown)
    assert {actor for actor, _ in saved(tmp_path, save_id)[6:]} == {1, 2}  # after the six cards dealt


def test_the_bots_wait_their_pause_and_leaving_stops_them_at_once(toy, tmp_path, terminals):
    save_id = new_save(tmp_path, "toy", [("Rob", "random"), ("Greta", "random")]).record.id
    table = terminals(tmp_path, save_id, None, bot_pause=0.2)
    first = table.state()
    started = time.monotonic()
    second = table.state()
    assert second.position == first.position + 1 and time.monotonic() - started >= 0.15
    table.controller.stop()
    time.sleep(0.05)  # a write already under way when it stopped
    moves = len(saved(tmp_path, save_id))
    assert table.quiet_for(0.5) == [] and len(saved(tmp_path, save_id)) == moves
    assert SeatLeases(tmp_path, save_id).live() == {}  # the bots lease is free at once


def test_undo_takes_back_a_move_and_is_saved(toy, tmp_path, terminals):
    session = new_save(tmp_path, "toy", TWO_HUMANS)
    session.act(0, "pledge:low")
    session.act(1, "pledge:low")
    table = terminals(tmp_path, session.record.id, None)
    before = table.state()
    play = next(choice.id for choice in before.choices if choice.id.startswith("play:"))
    table.controller.act(0, play, before.revision)
    played = table.state()
    assert played.can_undo and played.view["hand"] != before.view["hand"]
    table.controller.undo(0, played.revision)
    undone = table.state()
    assert undone.position == before.position and undone.view["hand"] == before.view["hand"]
    assert len(saved(tmp_path, session.record.id)) == before.position


def test_a_move_on_a_position_the_game_has_left_is_refused_and_the_real_game_shown(toy, tmp_path, terminals):
    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    ann = terminals(tmp_path, save_id, [0])
    shown = ann.state()
    bruno = SharedSession(GameSession.resume(SaveStore(tmp_path), save_id), [1], lambda: None)
    bruno.start()
    try:
        ann.controller.session.refresh = lambda: False  # Bruno's move lands before Ann's terminal sees it
        bruno.act(1, "pledge:low")
        ann.controller.act(0, "pledge:high", shown.revision - 1)  # a stale position: refused by the controller
        assert ann.notice() == Notice("Move not made", "Another terminal moved first; showing the new state.",
                                      "warning")
        ann.controller.act(0, "pledge:high", shown.revision)  # the position Ann saw, but the save moved on
        assert ann.notice().title == "Move not made"
        now = ann.state()
        assert now.position == shown.position + 1 and now.awaiting == [0] and "Bruno pledges low" in now.view["log"]
        assert saved(tmp_path, save_id)[-1] == (1, "pledge:low")
    finally:
        bruno.stop()


def test_another_terminals_move_is_caught_up_with_and_says_whose_turn_it_is(toy, tmp_path, terminals):
    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    ann = terminals(tmp_path, save_id, [0], ttl=1.0)
    shown = ann.state()
    ann.controller.act(0, "pledge:high", shown.revision)
    waiting = ann.state()
    assert not waiting.choices and waiting.others_awaited == [1]
    assert "(▲B Bruno is not at the table)" in prompt_line(waiting)
    bruno = SharedSession(GameSession.resume(SaveStore(tmp_path), save_id), [1], lambda: None, ttl=1.0)
    bruno.start()
    try:
        assert ann.notice(timeout=2, skip=()).message == "▲B Bruno came to the table."
        assert "not at the table" not in prompt_line(ann.state(lambda state: state.present == {0, 1}))
        bruno.act(1, "pledge:low")
        turn = ann.notice(timeout=2)
        assert turn.bell and turn.message == "Your turn\nBruno pledges low" and turn.title == "Toy"
        assert ann.state().choices
    finally:
        bruno.stop()
    left = ann.notice()
    assert left.message.startswith("▲B Bruno left the table") and not left.bell


def test_a_confirmed_turn_end_reaches_the_other_terminal_though_it_adds_no_action(toy, tmp_path, terminals):
    session = new_save(tmp_path, "toy", TWO_HUMANS)
    session.act(0, "pledge:low")
    session.act(1, "pledge:low")
    ann, bruno = terminals(tmp_path, session.record.id, [0]), terminals(tmp_path, session.record.id, [1])
    shown = ann.state(lambda state: state.present == {0, 1})  # once Bruno sat down (a state of its own)
    ann.controller.act(0, next(c.id for c in shown.choices if c.id.startswith("play:")), shown.revision)
    played = ann.state(lambda state: state.position == shown.position + 1)
    ann.controller.act(0, "end", played.revision)
    held = ann.state(lambda state: state.position == played.position + 1)
    assert held.confirming and held.position == played.position + 1
    assert bruno.state(lambda state: state.held == 0).awaiting == [0]
    ann.controller.confirm(0, held.revision)  # the next turn starts without a draw: no new action
    turn = bruno.state(lambda state: state.held is None, timeout=5)
    assert turn.position == held.position and turn.awaiting == [1] and turn.choices


def test_an_undo_and_another_move_of_the_same_length_reach_the_other_terminal(toy, tmp_path, terminals):
    session = new_save(tmp_path, "toy", TWO_HUMANS)
    session.act(0, "pledge:low")
    session.act(1, "pledge:low")
    ann = terminals(tmp_path, session.record.id, [0])
    workers = []
    bruno = Terminal(tmp_path, session.record.id, [1], spawn=workers.append)  # its worker runs when told

    def bruno_catches_up(shows) -> TableState:
        """Bruno's table once it shows what ``shows`` wants: each change his watch thread saw is
        read in turn (on a busy machine one seen before the move may come first)."""
        deadline = time.monotonic() + 5
        while True:
            while not workers:  # its watch thread has seen a change
                assert time.monotonic() < deadline
                time.sleep(0.01)
            workers.pop(0)()
            states = [event for event in drain(bruno) if isinstance(event, TableState)]
            if states and shows(states[-1]):
                return states[-1]

    bruno.controller.start()
    try:
        workers.pop()()
        shown = ann.state()
        first, second = [c.id for c in shown.choices if c.id.startswith("play:")][:2]
        ann.controller.act(0, first, shown.revision)
        played = ann.state(lambda state: state.position == shown.position + 1)
        assert bruno_catches_up(lambda state: state.position == played.position)
        ann.controller.undo(0, played.revision)
        undone = ann.state(lambda state: state.position == shown.position)
        ann.controller.act(0, second, undone.revision)  # as many moves as Bruno saw: another one
        again = ann.state(lambda state: state.position == played.position)
        assert saved(tmp_path, session.record.id)[-1] == (0, second)
        now = bruno_catches_up(lambda state: state.view["played"] == again.view["played"])
        assert now.position == again.position  # the move of the same length read, not taken for the one undone
    finally:
        bruno.controller.stop()


def test_a_terminals_own_write_never_comes_back_to_it_as_a_change(toy, tmp_path, terminals):
    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    ann = terminals(tmp_path, save_id, [0], fallback=0.05)
    shown = ann.state()
    reads = []
    refresh = ann.controller.session.refresh
    ann.controller.session.refresh = lambda: reads.append(True) or refresh()
    bruno_changes = threading.Event()
    bruno = SharedSession(GameSession.resume(SaveStore(tmp_path), save_id), [1], bruno_changes.set, fallback=5.0,
                          on_seats=lambda: None)
    bruno.start()
    try:
        assert ann.state(lambda state: state.present == {0, 1})  # Bruno sat down: nothing else will come
        ann.controller.act(0, "pledge:high", shown.revision)
        assert ann.state(lambda state: state.position == shown.position + 1)
        assert bruno_changes.wait(2.0), "the other terminal's doorbell must ring (its fallback is 5 s)"
        assert ann.quiet_for(0.5) == [] and reads == [], "ten fallback checks later, no re-read of its own write"
        bruno.refresh()
        bruno.act(1, "pledge:low")
        assert ann.state().position == shown.position + 2 and reads == [True]  # a real change is read once
    finally:
        bruno.stop()


def test_a_seat_held_elsewhere_is_refused_and_the_table_asked_to_close(toy, tmp_path, terminals):
    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    bruno = SharedSession(GameSession.resume(SaveStore(tmp_path), save_id), [1], lambda: None)
    bruno.start()
    try:
        late = terminals(tmp_path, save_id, [1])
        refused = late.notice()
        assert refused.leave and refused.title == "Cannot take the seat" and "Seat ▲B is held" in refused.message
        assert late.quiet_for(0.2) == []
    finally:
        bruno.stop()


def test_a_spectator_sees_no_secret_and_cannot_act(toy, tmp_path, terminals):
    session = new_save(tmp_path, "toy", TWO_HUMANS)
    watcher = terminals(tmp_path, session.record.id, [])
    shown = watcher.state()
    assert shown.viewer is None and shown.view["hand"] is None and not shown.has_private and not shown.choices
    watcher.controller.act(0, "pledge:high", shown.revision)
    assert watcher.notice().message.startswith("This terminal only watches")
    assert len(saved(tmp_path, session.record.id)) == shown.position


def test_a_seat_taken_over_is_told_once_and_the_table_only_watches(toy, tmp_path, terminals):
    from saves.seats import HOST, Lease

    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    ann = terminals(tmp_path, save_id, [0])
    shown = ann.state()
    leases = SeatLeases(tmp_path, save_id)
    with leases.lock:
        taken = leases._read()
        taken.leases["0"] = Lease("another terminal", HOST, taken.leases["0"].pid, time.time())
        leases._write(taken)
    ann.controller.act(0, "pledge:high", shown.revision)
    refused = ann.notice()
    assert refused.title == "Not allowed" and "Seat ●A was taken over by another terminal" in refused.message
    told = ann.notice()
    assert told.title == "Seat lost" and told.severity == "error" and told.timeout == 30
    lost = ann.state()
    assert lost.lost and not lost.choices and not lost.can_undo
    ann.controller.act(0, "pledge:high", lost.revision)
    assert ann.notice().title == "Not allowed" and ann.state().lost == lost.lost  # "Seat lost" is not told again
    assert saved(tmp_path, save_id)[-1][0] == -1


# -- the order of steps: the worker run by hand -----------------------------------------------


def test_steps_wait_their_turn_in_order_and_changes_meanwhile_are_caught_up_with_once(toy, tmp_path):
    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    workers = []
    table = Terminal(tmp_path, save_id, None, spawn=workers.append)
    controller = table.controller
    controller.start()
    assert len(workers) == 1
    workers.pop()()  # sits down and shows the table
    first = table.state(timeout=0)
    reads = []
    refresh = controller.session.refresh
    controller.session.refresh = lambda: reads.append(True) or refresh()
    controller.act(0, "pledge:high", first.revision)
    controller.game_changed()
    controller.act(1, "pledge:low", first.revision + 1)
    controller.game_changed()
    assert len(workers) == 1, "one worker at a time"
    workers.pop()()
    states = drain(table)
    assert [state.position for state in states] == [first.position + 1, first.position + 2]
    assert reads == [True], "two changes announced while busy: one catch-up, after the moves"
    assert workers == []
    controller.game_changed()
    assert len(workers) == 1  # idle again: a new change starts a worker
    controller.stop()
    workers.pop()()
    assert drain(table) == [] and reads == [True]  # stopped: the worker ends without a step


def drain(terminal: Terminal) -> list:
    found = []
    while not terminal.events.empty():
        found.append(terminal.events.get())
    return found


# -- a bot's thinking, shared with the game's other terminals ---------------------------------------


@pytest.fixture
def endless_normal(monkeypatch):
    """A Normal bot that thinks until told to move (the level travels with each request)."""
    from engine.search import LEVELS, Level

    monkeypatch.setitem(LEVELS, "normal", Level("normal", "Normal (endless)", iterations=10**8, cpu_cap=60.0,
                                                 wall_cap=120.0))


@pytest.fixture
def thinker():
    from engine.search.worker import Thinker

    thinker = Thinker()
    yield thinker
    thinker.close()


def others_thinking(terminal: Terminal, timeout: float = 30.0):
    return terminal.until(lambda event: isinstance(event, Thinking) and event.position is not None, timeout)


def test_a_bot_thinking_at_the_terminal_running_the_bots_shows_at_the_others_and_a_player_there_may_hurry_it(
        toy, tmp_path, terminals, endless_normal, thinker):
    session = new_save(tmp_path, "toy", [("Ann", "human"), ("Bruno", "normal"), ("Cleo", "human")])
    save_id, position = session.record.id, len(session.match.actions)  # all three pledge at once
    runner = terminals(tmp_path, save_id, [], thinker=thinker)  # first at the table: it runs the bots
    runner.state()
    ann, spectator = terminals(tmp_path, save_id, [0]), terminals(tmp_path, save_id, [])
    assert runner.controller.session.runs_bots and not ann.controller.session.runs_bots

    seen = others_thinking(ann)
    assert (seen.seat, seen.position, seen.hint, seen.hurry) == (1, position, False, True)
    assert 0 <= seen.fraction <= 1
    later = others_thinking(ann)
    assert later.fraction >= seen.fraction  # it goes on reporting, at most a few times a second
    watched = others_thinking(spectator)
    assert watched.seat == 1 and not watched.hurry  # a spectator may watch it, not hurry it

    spectator.controller.move_now(watched)  # nothing to ask: it would be refused anyway
    assert not spectator.controller.session.ask_move_now(1, position)
    assert all(actor != 1 for actor, _ in saved(tmp_path, save_id)[position:])

    ann.controller.move_now(later)  # Ann's m: the runner's search ends with its best so far
    asked = len(ann.seen)
    ann.state(lambda state: 1 not in state.awaiting, timeout=15)
    if not any(isinstance(event, ThinkingEnded) for event in ann.seen[asked:]):
        ann.until(lambda event: isinstance(event, ThinkingEnded), timeout=15)  # before or after the move
    assert [actor for actor, _ in saved(tmp_path, save_id)[position:]] == [1]
    assert not (tmp_path / "watch" / save_id / "thinking.json").exists()


def test_a_move_now_request_is_taken_only_from_a_live_seat_holder_of_the_game_and_for_the_search_under_way(
        toy, tmp_path, terminals, endless_normal, thinker):
    from saves.thinking import REQUEST

    session = new_save(tmp_path, "toy", [("Ann", "human"), ("Bruno", "normal")])
    save_id, position = session.record.id, len(session.match.actions)
    runner = terminals(tmp_path, save_id, [], thinker=thinker)
    runner.state()  # seated: a terminal takes its seats and the bots in its worker, so Ann's could come first
    assert runner.controller.session.runs_bots
    ann = terminals(tmp_path, save_id, [0])
    others_thinking(ann)
    board = ann.controller.session._board
    forged = [{"seat": 1, "position": position, "holder": "not-a-holder"},
              {"seat": 1, "position": position + 1, "holder": ann.controller.session.holder},
              {"seat": 0, "position": position, "holder": ann.controller.session.holder},
              {"seat": 1, "position": position, "holder": ann.controller.session.holder, "more": "x"},
              "not an object", {"seat": True, "position": position, "holder": ann.controller.session.holder}]
    for data in forged:
        board._write(REQUEST, data)
        time.sleep(0.3)
    (tmp_path / "watch" / save_id / REQUEST).write_bytes(b"\xff" * 4096)  # too large, not JSON
    board._ring()
    time.sleep(0.5)
    assert runner.controller._searching == (1, position)  # still thinking
    assert all(actor != 1 for actor, _ in saved(tmp_path, save_id)[position:])
    ann.controller.session.ask_move_now(1, position)
    ann.state(lambda state: 1 not in state.awaiting, timeout=15)


def a_forced_move_after_another_seat(tmp_path) -> tuple[str, int, int]:
    """A Thebai save of three humans where a seat with secrets has a single choice, right after
    another seat's move: (save id, that seat, the actions so far)."""
    from engine.core.bots import RandomBot
    from engine.core.contract import CHANCE

    session = new_save(tmp_path, "thebai", [("Ann", "human"), ("Bruno", "human"), ("Cleo", "human")], seed=2)
    match, bot = session.match, RandomBot(2)
    while True:
        seat = match.awaiting()[0]
        last = next((action.actor for action in reversed(match.actions) if action.actor != CHANCE), None)
        if len(match.legal(seat)) == 1 and last != seat and match.has_private(seat):
            return session.record.id, seat, len(match.actions)
        session.act(seat, bot.choose(match, seat).id)


def test_a_forced_move_is_made_by_its_seats_terminal_but_never_in_place_of_a_hot_seat_curtain(tmp_path, terminals):
    from saves.settings import Settings

    save_id, seat, before = a_forced_move_after_another_seat(tmp_path)
    settings = Settings()
    for name in ("Ann", "Bruno", "Cleo"):
        settings = settings.with_forced(name, True)
    SaveStore(tmp_path).put_settings(settings)
    hot_seat = terminals(tmp_path, save_id, None)
    shown = hot_seat.state()
    assert shown.awaiting == [seat] and len(shown.choices) == 1 and shown.has_private
    assert hot_seat.quiet_for(0.3) == [] and len(saved(tmp_path, save_id)) == before  # the curtain, then Enter
    hot_seat.controller.stop()

    own = terminals(tmp_path, save_id, [seat])  # a shared table: the seat's own terminal
    own.state(lambda state: state.position > before)
    forced = SaveStore(tmp_path).load(save_id).actions[before]
    assert forced == {"a": seat, "c": shown.choices[0].id, "f": True}
    assert GameSession.resume(SaveStore(tmp_path), save_id).match.actions[before].forced

"""Table talk kept beside the save (saves/talk.py): plain text, its limits, the file's safety."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from engine.core.text import Words
from saves.session import GameSession
from saves.shared import SharedSession
from saves.store import SaveStore, Seat
from saves.talk import BURST, KEPT, LONGEST, GameTalk, TalkRefused

SEATS = [Seat("Ann", "human"), Seat("Bruno", "human")]


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, 12, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def tick(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def game(toy_game, tmp_path):
    store = SaveStore(tmp_path)
    return store, GameSession.new(store, toy_game, "Talky", SEATS, seed=1).record.id


def test_a_message_is_kept_as_one_line_of_plain_text_with_its_sender_and_time(game, tmp_path):
    store, save_id = game
    clock = Clock()
    talk = GameTalk(tmp_path, save_id, clock)
    sent = talk.say("Ann", "local:Ann", "  [red]hi[/]\x1b[2J\x07 there\nnext\u202eline\t ")
    assert (sent.number, sent.at, sent.name, sent.text) == (1, "2026-01-01T12:00:00.000+00:00", "Ann",
                                                              "[red]hi[/][2J there nextline")
    assert store.talk(save_id).messages() == [sent]


def test_empty_and_too_long_messages_are_refused_and_nothing_is_written(game, tmp_path):
    _, save_id = game
    talk = GameTalk(tmp_path, save_id)
    for text in ("", " \x1b\x00 \n", "x" * (LONGEST + 1)):
        with pytest.raises(TalkRefused):
            talk.say("Ann", "local:Ann", text)
    assert not talk.path.exists()
    assert talk.say("Ann", "local:Ann", "x" * LONGEST).text == "x" * LONGEST


def test_a_player_may_send_a_burst_of_messages_then_waits_while_others_still_talk(game, tmp_path):
    _, save_id = game
    clock = Clock()
    talk = GameTalk(tmp_path, save_id, clock)
    for n in range(BURST):
        talk.say("Ann", "local:Ann", f"message {n}")
        clock.tick(1)
    with pytest.raises(TalkRefused, match="wait a little"):
        talk.say("Ann", "local:Ann", "one too many")
    talk.say("Bruno", "local:Bruno", "my turn to talk")
    clock.tick(6)  # the first message is now more than 10 s old
    talk.say("Ann", "local:Ann", "again")
    assert [m.text for m in talk.messages()][-3:] == ["message 4", "my turn to talk", "again"]


def test_the_file_keeps_the_last_messages_numbered_for_good_and_the_host_deletes_one(game, tmp_path):
    _, save_id = game
    clock = Clock()
    talk = GameTalk(tmp_path, save_id, clock)
    for n in range(KEPT + 3):
        talk.say("Ann", "local:Ann", f"m{n + 1}")
        clock.tick(3)
    messages = talk.messages()
    assert len(messages) == KEPT and messages[0].number == 4 and messages[-1].number == KEPT + 3
    assert talk.delete(10).text == "m10"
    assert [m.number for m in talk.messages()][5:8] == [9, 11, 12]
    with pytest.raises(LookupError):
        talk.delete(10)
    assert talk.say("Ann", "local:Ann", "after").number == KEPT + 4  # numbers are never given twice


def test_a_corrupt_talk_file_is_set_aside_never_deleted_and_the_talk_starts_afresh(game, tmp_path):
    store, save_id = game
    talk = store.talk(save_id)
    talk.path.write_text('{"talk": {"1": {"kind": "tabula-talk", "next": 1, "messages": [{"number": "x"}]}}}')
    assert talk.messages() == []
    assert "moved to" in Words([])(talk.problem) and "not a message" in Words([])(talk.problem)
    assert len(list(store.layout.set_aside.glob(f"{save_id}.talk.*"))) == 1
    talk.path.write_text("not json at all")
    assert talk.say("Ann", "local:Ann", "hello").number == 1
    assert len(list(store.layout.set_aside.glob(f"{save_id}.talk.*"))) == 2


def test_the_talk_leaves_the_save_as_it_was_goes_with_its_export_and_to_the_trash_with_it(game, tmp_path):
    store, save_id = game
    save = store.path_of(save_id).read_bytes()
    store.talk(save_id).say("Ann", "local:Ann", "gg")
    assert store.path_of(save_id).read_bytes() == save  # replays and `saves verify` read the save alone
    assert [s.id for s in store.summaries()] == [save_id] and not store.problems
    exported = store.export(save_id)
    assert [(m["number"], m["name"], m["text"]) for m in exported["talk"]] == [(1, "Ann", "gg")]
    assert json.loads(json.dumps(exported))["actions"] == store.load(save_id).actions
    store.delete(save_id)
    assert not store.talk(save_id).path.exists()
    assert len(list(store.layout.trash.glob(f"{save_id}.talk.*"))) == 1


def test_an_imported_game_brings_its_talk_and_a_talk_that_is_not_one_is_left_out_and_said(game, tmp_path):
    store, save_id = game
    talk = store.talk(save_id)
    for text in ("one", "two", "three"):
        talk.say("Ann", "local:Ann", text)
    talk.delete(1)
    exported = store.export(save_id)
    copy = store.import_(exported, as_copy=True)
    restored = store.talk(copy.id)
    assert [(m.number, m.text) for m in restored.messages()] == [(2, "two"), (3, "three")]
    assert restored.say("Bruno", "local:Bruno", "four").number == 4
    exported["talk"] = [{"number": 1, "text": "\x1b[2J"}]
    other = store.import_(exported, as_copy=True)
    assert store.talk(other.id).messages() == [] and not store.talk(other.id).path.exists()
    assert any("talk" in Words([])(problem) and "not imported" in Words([])(problem) for problem in store.problems)


TALKER = """
import sys
from pathlib import Path
from saves.talk import GameTalk, TalkRefused
data_dir, save_id, player, count = Path(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
talk, refused = GameTalk(data_dir, save_id), 0
for n in range(count):
    try:
        talk.say(player, player, f"{player} {n}")
    except TalkRefused:
        refused += 1
print(refused)
"""


def test_processes_talking_at_once_lose_no_message_and_cannot_pass_a_players_limit_together(game, tmp_path):
    _, save_id = game
    root = Path(__file__).resolve().parents[2]
    talkers = [("Ann", BURST), ("Bruno", BURST), ("Cleo", BURST), ("Cleo", BURST), ("Cleo", BURST)]
    processes = [subprocess.Popen([sys.executable, "-c", TALKER, str(tmp_path), save_id, player, str(count)],
                                  cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                 for player, count in talkers]
    refused = []
    for process in processes:
        out, err = process.communicate(timeout=60)
        assert process.returncode == 0, err
        refused.append(int(out))
    messages = GameTalk(tmp_path, save_id).messages()
    assert [m.number for m in messages] == list(range(1, 3 * BURST + 1))  # each number given once
    assert sorted({m.player for m in messages}) == ["Ann", "Bruno", "Cleo"]
    assert sum(m.player == "Cleo" for m in messages) == BURST and sum(refused) == 2 * BURST


def test_a_message_wakes_the_other_terminals_by_their_doorbells_not_by_a_poll(game, tmp_path):
    store, save_id = game
    told: list[list[str]] = []
    heard = threading.Event()

    def hear(messages) -> None:
        told.append([m.text for m in messages])
        if messages:
            heard.set()

    never = 3600.0  # no fallback look in this test's lifetime: only a ring wakes the watcher
    listener = SharedSession(GameSession.resume(store, save_id), [1], lambda: None, fallback=never, on_talk=hear)
    speaker = SharedSession(GameSession.resume(store, save_id), [0], lambda: None, fallback=never)
    listener.start()
    speaker.start()
    try:
        listener.follow_talk()  # the table's first look: nothing said yet
        assert speaker.say("Ann", "local:Ann", "hello")[-1].text == "hello"
        assert heard.wait(10)
        assert told == [[], ["hello"]]
    finally:
        speaker.stop()
        listener.stop()


def test_the_temp_file_of_a_talk_write_a_kill_cut_short_is_removed_by_the_next_listing(game, tmp_path):
    store, save_id = game
    talk = store.talk(save_id)
    talk.say("Ann", "local:Ann", "kept")
    temp = talk.path.with_name(f".{talk.path.name}.tmp")
    temp.write_text('{"talk": {"1": {"kind": "tabula-ta')  # a write killed half-way
    with talk.file.holding_lock():  # a writer at work: its temp is left alone
        store.summaries()
        assert temp.exists()
    store.summaries()
    assert not temp.exists() and [m.text for m in talk.messages()] == ["kept"]

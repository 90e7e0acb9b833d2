"""Turn reminders of `tabula serve ssh --notify-command`: who is reminded, how the command runs."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shlex
import sys
from pathlib import Path

import pytest

from saves.seats import SeatLeases
from saves.session import GameSession
from saves.store import SaveStore, Seat
from saves.watch import ring
from tests import toygame
from tui.cli import serve
from tui.serve import REHEARSAL
from tui.serve.reminders import Reminder, TurnReminders
from tui.serve.ssh import ServeError, SSHOptions, check_options

ANN, BRUNO, CLEO = "SHA256:ann-key", "SHA256:bruno-key", "SHA256:cleo-key"
HOSTILE = "$(touch pwned)`touch pwned2`;touch pwned3"
DUMP_ENV = ("import json, os, sys; print('hello from the command'); "
            "open(sys.argv[1], 'a').write(json.dumps({k: v for k, v in os.environ.items() "
            f"if k.startswith('TABULA_') and k != '{REHEARSAL}'}}) + '\\n')")  # the tests' own setting


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def table(tmp_path, monkeypatch):
    """A toy game of Ann, a player named to inject a command, and an unowned human seat, each
    seat owned by the key that took it; nobody is at the table yet."""
    monkeypatch.chdir(tmp_path)
    data = tmp_path / "data"
    seats = [Seat("Ann", "human"), Seat(HOSTILE, "human"), Seat("Nobody", "human")]
    session = GameSession.new(SaveStore(data), toygame.register(monkeypatch), "Friday\nBcc: all@example.org",
                              seats, options={"goal": toygame.ENDLESS}, seed=1)
    leases = SeatLeases(data, session.record.id)
    for seat, key in ((0, ANN), (1, BRUNO)):
        leases.acquire(seat, "a terminal that left", key)
        leases.release(seat, "a terminal that left")
    return session


def move(session: GameSession, *, until: int) -> None:
    """Play first choices until it is seat ``until``'s move alone, ringing the game's doorbells after each
    write as every table does."""
    while True:
        waiting = session.match.awaiting()
        if waiting == (until,):
            return
        session.act(waiting[0], session.match.legal(waiting[0])[0].id)
        ring(session.store.data_dir, session.record.id)


async def settled(reminders: TurnReminders) -> None:
    """Until every ring so far is dealt with and every command it started has ended."""
    for _ in range(1000):
        await asyncio.sleep(0.01)
        if not reminders.pending and (reminders.worker is None or reminders.worker.done()) and not reminders.runs:
            return
    raise AssertionError("the reminders did not settle")


def runs_seen(path: Path) -> list[dict[str, str]]:
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def test_a_player_is_reminded_once_an_hour_only_without_a_terminal_at_the_game_never_through_a_shell(
        table, tmp_path, caplog):
    seen = tmp_path / "runs.jsonl"
    readme_example = tmp_path / "reminders.txt"
    clock = Clock()
    data = table.store.data_dir
    commands = {
        "dump": TurnReminders(data, [sys.executable, "-c", DUMP_ENV, str(seen)], clock=clock),
        "readme": TurnReminders(data, shlex.split(
            f"""sh -c 'echo "$TABULA_TITLE: your move as $TABULA_PLAYER ($TABULA_SEAT)" >> {readme_example}'"""),
            clock=clock),
    }
    ann_at_the_table = SeatLeases(data, table.record.id)

    async def play() -> None:
        for reminders in commands.values():
            await reminders.start()
        try:
            move(table, until=1)  # Ann pledged: Bruno's move, and Bruno has no terminal at the game
            await settled(commands["dump"])
            await settled(commands["readme"])
            assert len(runs_seen(seen)) == 1

            ann_at_the_table.acquire(0, "Ann's terminal", ANN)
            move(table, until=0)  # Ann's move, but Ann has a terminal at the game
            await settled(commands["dump"])
            move(table, until=1)  # Bruno's move again within the hour
            await settled(commands["dump"])
            assert len(runs_seen(seen)) == 1

            clock.now += 3600
            move(table, until=0)
            move(table, until=1)  # an hour later
            await settled(commands["dump"])
            assert len(runs_seen(seen)) == 2
        finally:
            for reminders in commands.values():
                await reminders.stop()

    with caplog.at_level("INFO", logger="tabula.serve.reminders"):
        asyncio.run(asyncio.wait_for(play(), 60))
    first = runs_seen(seen)[0]
    assert first == {"TABULA_GAME": table.record.id, "TABULA_TITLE": "FridayBcc: all@example.org", "TABULA_SEAT": "B",
                     "TABULA_PLAYER": HOSTILE, "TABULA_KEY": BRUNO}
    assert readme_example.read_text().splitlines() == [f"FridayBcc: all@example.org: your move as {HOSTILE} (B)"] * 2
    assert not any(name.startswith("pwned") for name in os.listdir(tmp_path))
    assert f"Turn reminder for game {table.record.id} seat B: hello from the command" in caplog.messages


def test_seats_without_an_owning_key_and_bots_are_never_reminded(tmp_path, monkeypatch):
    data = tmp_path / "data"
    seats = [Seat("Ann", "human"), Seat("Nobody", "human"), Seat("Bot", "random")]
    session = GameSession.new(SaveStore(data), toygame.register(monkeypatch), "Friday", seats,
                              options={"goal": toygame.ENDLESS}, seed=1)
    leases = SeatLeases(data, session.record.id)
    leases.acquire(0, "Ann's terminal", ANN)
    leases.release(0, "Ann's terminal")
    reminders = TurnReminders(data, ["true"])
    for seat in (1, 2):
        move(session, until=seat)
        assert reminders.due(session.record.id) == []
    move(session, until=0)
    assert reminders.due(session.record.id) == [Reminder(session.record.id, "Friday", 0, "Ann", ANN)]

    reminders.sent.clear()
    session.act(0, "peek")
    ring(data, session.record.id)
    assert session.match.awaiting() == (0,)
    assert reminders.due(session.record.id) == [], "Ann is on her turn still: the move did not come to her"


def test_whose_move_it_is_comes_from_the_saves_header_and_only_an_old_save_is_replayed(table, monkeypatch):
    import tui.serve.reminders

    replayed: list[str] = []
    replay = tui.serve.reminders.replay_record
    monkeypatch.setattr(tui.serve.reminders, "replay_record",
                        lambda record: replayed.append(record.id) or replay(record))
    data, save_id = table.store.data_dir, table.record.id
    reminders = TurnReminders(data, ["true"])
    move(table, until=1)
    assert reminders.due(save_id) == [Reminder(save_id, table.record.title, 1, HOSTILE, BRUNO)] and replayed == []

    path = table.store.path_of(save_id)  # a save from before Tabula noted whose move it is
    document = json.loads(path.read_text())
    for game in document["save"].values():
        game.pop("to_move", None)
        game["updated"] = "2099-01-01T00:00:00.000+00:00"
    path.write_text(json.dumps(document))
    reminders.sent.clear()
    assert reminders.due(save_id) == [Reminder(save_id, table.record.title, 1, HOSTILE, BRUNO)]
    assert replayed == [save_id]


def test_a_command_past_its_time_is_killed_and_the_server_goes_on(tmp_path, caplog):
    reminders = TurnReminders(tmp_path, ["sh", "-c", "sleep 30 & sleep 30"], timeout=0.2)
    with caplog.at_level("INFO", logger="tabula.serve.reminders"):
        asyncio.run(asyncio.wait_for(reminders.run(Reminder("g1", "Friday", 1, "Bruno", BRUNO)), 10))
    assert any("did not end within 0.2 s and was stopped" in message for message in caplog.messages)


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    serve.add(parser.add_subparsers())
    return parser.parse_args(["serve", "ssh", *argv])


def test_the_command_is_split_once_at_start_and_checked(tmp_path, capsys):
    assert parse("--notify-command", "sh -c 'echo \"$TABULA_PLAYER\"'").notify_command == (
        "sh", "-c", 'echo "$TABULA_PLAYER"')
    with pytest.raises(SystemExit):
        parse("--notify-command", "sh -c 'unclosed")
    assert "cannot be split into a command" in capsys.readouterr().err
    keys = tmp_path / "keys"
    keys.write_text("")
    with pytest.raises(ServeError, match="no program 'no-such-notifier'"):
        check_options(SSHOptions(tmp_path, authorized_keys=keys, notify_command=("no-such-notifier",)))
    with pytest.raises(ServeError, match="no keys"):
        check_options(SSHOptions(tmp_path, allow_anyone=True, notify_command=("true",)))

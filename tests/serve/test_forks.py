"""Players' apps are forks of one preloaded process (tui/serve/forkserver.py), each on its own:
its own session, limit, random numbers and file descriptors; it ends with its connection, and
neither its crash nor the fork server's end takes anyone else with it."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys

from tests.serve.test_ssh import connect, gone, options, read_until, run
from tui.serve import REHEARSAL
from tui.serve.ssh import start_server

PROC = re.compile(rb"PROC pid=(\d+) ppid=(\d+) sid=(\d+) as=(-?\d+) fds=([\d,]+) random=(\d+) preloaded=(\w+)")
MEMORY_LIMIT = 768 << 20


async def process_of(conn) -> tuple[object, dict[str, bytes]]:
    """A new session on ``conn`` and what its app says of its process (fake_app's Ctrl+P)."""
    session = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
    await read_until(session, rb"SIZE 80x24")
    session.stdin.write(b"\x10")
    seen = await read_until(session, PROC.pattern)
    names = ("pid", "ppid", "sid", "as", "fds", "random", "preloaded")
    return session, dict(zip(names, PROC.findall(seen)[-1], strict=True))


def test_each_app_is_a_fork_of_the_preloaded_server_with_its_own_session_limit_seed_and_descriptors(
        tmp_path, keys, monkeypatch, capfd):
    monkeypatch.setenv(REHEARSAL, "1")  # as a real server does: the rehearsal leaves no thread
    player, _, authorized = keys

    async def scenario():
        server = await start_server(options(tmp_path, authorized, memory_limit=MEMORY_LIMIT))
        fork_server = server.forks.process.pid
        assert os.listdir(f"/proc/{fork_server}/task") == [str(fork_server)]  # it forks with no other thread
        async with await connect(server, player) as first, await connect(server, player) as second:
            _, one = await process_of(first)
            _, two = await process_of(second)
        for app in (one, two):
            assert int(app["ppid"]) == fork_server != os.getpid()
            assert app["preloaded"] == b"True"  # Textual was there before the app started
            assert app["sid"] == app["pid"]  # a session of its own, on its own pty
            assert int(app["as"]) == MEMORY_LIMIT
            assert app["fds"] == b"0,1,2"  # nothing of the fork server's or another player's
        assert one["pid"] != two["pid"]
        assert one["random"] != two["random"]  # no random state shared between the forks
        await server.stop()
        assert await gone(fork_server), "the fork server ends with the server"

    run(scenario())
    assert "rehearsal" not in capfd.readouterr().err


def test_a_killed_connection_ends_its_app_only(tmp_path, keys):
    player, _, authorized = keys

    async def scenario():
        server = await start_server(options(tmp_path, authorized))
        fork_server = server.forks.process.pid
        vanishing = await connect(server, player)
        _, lost = await process_of(vanishing)
        async with await connect(server, player) as conn:
            staying, _ = await process_of(conn)
            vanishing.abort()  # the TCP link drops: no SSH goodbye
            assert await gone(int(lost["pid"])), "the app of a killed connection must end"
            staying.stdin.write(b"still here\r")
            await read_until(staying, rb"GOT still here")
            assert not await gone(fork_server, 0.2)
        await server.stop()

    run(scenario())


def test_an_app_that_crashes_takes_neither_the_fork_server_nor_another_player(tmp_path, keys):
    player, _, authorized = keys

    async def scenario():
        server = await start_server(options(tmp_path, authorized))
        fork_server = server.forks.process.pid
        async with await connect(server, player) as conn, await connect(server, player) as other:
            crashing, _ = await process_of(conn)
            staying, _ = await process_of(other)
            crashing.stdin.write(b"\x0b")
            await asyncio.wait_for(crashing.wait(), 10)  # its session ends
            staying.stdin.write(b"still here\r")
            await read_until(staying, rb"GOT still here")
        async with await connect(server, player) as conn:
            _, after = await process_of(conn)
            assert int(after["ppid"]) == fork_server
        await server.stop()

    run(scenario())


def test_when_the_fork_server_dies_its_apps_die_and_the_next_player_gets_a_new_one(tmp_path, keys):
    player, _, authorized = keys

    async def scenario():
        server = await start_server(options(tmp_path, authorized))
        fork_server = server.forks.process.pid
        async with await connect(server, player) as conn:
            session, app = await process_of(conn)
            os.kill(fork_server, signal.SIGKILL)
            assert await gone(int(app["pid"])), "an app must not outlive its fork server"
            await asyncio.wait_for(session.wait(), 10)  # its session ends
        async with await connect(server, player) as conn:
            _, after = await process_of(conn)
            assert int(after["ppid"]) == server.forks.process.pid != fork_server
        await server.stop()

    run(scenario())


PLAYED_AFTER_PRELOAD = """
import asyncio, os, sys
from pathlib import Path
from tui.serve.forkserver import preload
preload()
preloaded = set(sys.modules)
from saves.session import GameSession
from saves.store import SaveStore, Seat
from tui.app import TabulaApp

GameSession.new(SaveStore(Path(os.environ["TABULA_DATA_DIR"])), "almadi", "Ann v 表", [Seat("Ann", "human"),
                Seat("Rex", "random")], seed=3)

async def play():
    async with TabulaApp().run_test(size=(80, 24)) as pilot:
        for key in ("r", "enter", "1", "1", "1"):
            await pilot.press(key)
            await pilot.pause(0.3)
        print(type(pilot.app.screen).__name__)

asyncio.run(play())
print(" ".join(sorted(set(sys.modules) - preloaded - {"textual.drivers.headless_driver", "textual.pilot"})))
"""


def test_a_game_played_in_a_forked_app_imports_nothing_the_fork_server_did_not(tmp_path):
    played = subprocess.run([sys.executable, "-c", PLAYED_AFTER_PRELOAD], capture_output=True, text=True,
                            env={**os.environ, "TABULA_DATA_DIR": str(tmp_path)}, timeout=120)
    screen, imported = played.stdout.splitlines()
    assert screen == "TableScreen" and imported == "", played.stderr  # each would be loaded by every player


REHEARSED = """
import os, tempfile, threading
from tui.serve.rehearsal import rehearse
rehearse()
try:
    os.waitpid(-1, os.WNOHANG)
    children = "some"
except ChildProcessError:
    children = "none"
print(threading.active_count(), children, os.listdir(tempfile.gettempdir()))
"""


def test_the_fork_servers_rehearsal_opens_every_games_table_and_leaves_no_thread_process_or_file(tmp_path):
    rehearsed = subprocess.run([sys.executable, "-c", REHEARSED], capture_output=True, text=True, timeout=120,
                               env={**os.environ, "TMPDIR": str(tmp_path), "HOME": str(tmp_path)})
    assert rehearsed.stdout.split() == ["1", "none", "[]"], rehearsed.stderr
    assert "rehearsal" not in rehearsed.stderr  # no part failed

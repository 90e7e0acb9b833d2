"""`tabula serve ssh` on loopback with a real SSH client (asyncssh), bounded in time."""

from __future__ import annotations

import asyncio
import os
import re
import stat
from pathlib import Path

import asyncssh
import pytest

from engine.core.match import Match
from engine.registry import rules_for
from saves.session import GameSession
from saves.store import SaveStore, Seat
from tui.serve.ssh import ServeError, SSHOptions, start_server

FAKE_APP = (str(Path(__file__).with_name("fake_app.py")),)
ANSI = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78]|\x1b\][^\x07]*\x07")


def options(tmp_path, authorized, **changes) -> SSHOptions:
    settings = dict(data_dir=tmp_path / "data", port=0, authorized_keys=authorized, command=FAKE_APP)
    settings.update(changes)
    return SSHOptions(**settings)


def run(coroutine, timeout=30):
    return asyncio.run(asyncio.wait_for(coroutine, timeout))


async def connect(server, key, **kwargs):
    port = server.port
    return await asyncssh.connect("127.0.0.1", port, username="ann", client_keys=[key] if key else None,
                                  known_hosts=None, agent_path=None, **kwargs)


async def read_until(process, pattern: bytes, timeout=15.0) -> bytes:
    """Everything read until ``pattern`` (a regex) shows up in the text with escapes stripped."""
    seen = b""
    async def reader():
        nonlocal seen
        while not re.search(pattern, ANSI.sub(b"", seen)):
            chunk = await process.stdout.read(65536)
            if not chunk:
                raise EOFError(f"session ended before {pattern!r}; got {ANSI.sub(b'', seen)[-500:]!r}")
            seen += chunk
    try:
        await asyncio.wait_for(reader(), timeout)
    except TimeoutError:
        raise AssertionError(f"no {pattern!r} within {timeout}s; last output: {seen[-3000:]!r}") from None
    return ANSI.sub(b"", seen)


async def gone(pid: int, timeout=10.0) -> bool:
    for _ in range(int(timeout / 0.1)):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        await asyncio.sleep(0.1)
    return False


def test_pty_sized_from_client_input_reaches_app_resize_forwarded_and_hangup_ends_app(tmp_path, keys):
    player, _, authorized = keys

    async def scenario():
        server = await start_server(options(tmp_path, authorized))
        async with await connect(server, player) as conn:
            process = await conn.create_process(term_type="xterm-256color", term_size=(100, 30), encoding=None)
            first = await read_until(process, rb"SIZE 100x30 TTY True PID \d+")
            pid = int(re.search(rb"PID (\d+)", first).group(1))
            process.stdin.write(b"hello\r")
            await read_until(process, rb"GOT hello")
            process.change_terminal_size(132, 43)
            await read_until(process, rb"SIZE 132x43")
            assert await gone(pid, 0.3) is False
        assert await gone(pid), "the app must end when its connection closes"
        await server.stop()

    run(scenario())


def test_app_exit_ends_the_session_with_its_status(tmp_path, keys):
    player, _, authorized = keys

    async def scenario():
        server = await start_server(options(tmp_path, authorized))
        async with await connect(server, player) as conn:
            process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
            await read_until(process, rb"SIZE 80x24")
            process.stdin.write(b"q")
            await read_until(process, rb"BYE")
            completed = await asyncio.wait_for(process.wait(), 10)
            assert completed.exit_status == 0
        await server.stop()

    run(scenario())


def test_real_tabula_home_screen_keys_resize_and_login_name_over_ssh(tmp_path, keys):
    player, _, authorized = keys

    async def scenario():
        server = await start_server(options(tmp_path, authorized, command=()))
        async with await connect(server, player) as conn:
            process = await conn.create_process(term_type="xterm-256color", term_size=(100, 30), encoding=None)
            await read_until(process, rb"T A B U L A", timeout=25)
            process.change_terminal_size(60, 20)  # below the 80x24 minimum: the app says so
            await read_until(process, rb"(?i)too small|80.{0,3}24", timeout=15)
            process.change_terminal_size(100, 30)
            await read_until(process, rb"New game", timeout=15)  # the home screen is back
            process.stdin.write(b"n")  # the new game form offers seat A to the login name
            await read_until(process, rb"Seat .{1,3}A\s+ann\b", timeout=15)
            process.stdin.write(b"\x1b")
            await read_until(process, rb"Resume a game", timeout=15)  # home again (the form's title is "New game" too)
            process.stdin.write(b"q")  # home screen: q quits
            completed = await asyncio.wait_for(process.wait(), 15)
            assert completed.exit_status == 0
        await server.stop()

    run(scenario(), timeout=60)


def first_to_act(game: str, seed: int) -> int:
    match = Match(rules_for(game), ["ann", "Rob"], {}, seed)
    match.draw_all()
    return match.awaiting()[0]


def test_a_real_game_move_made_by_keys_over_ssh_lands_in_the_save(tmp_path, keys):
    """The real Tabula over a real SSH session: Resume, take the seat, play the first choice by
    its key; the save on the server holds the move, made by that seat."""
    player, _, authorized = keys
    store = SaveStore(tmp_path / "data")
    seed = next(seed for seed in range(50) if first_to_act("almadi", seed) == 0)
    session = GameSession.new(store, "almadi", "Over the wire", [Seat("ann", "human"), Seat("Rob", "random")],
                              seed=seed)
    before = len(session.record.actions)
    expected = session.match.legal(0)[0].id

    async def scenario():
        server = await start_server(options(tmp_path, authorized, command=()))
        async with await connect(server, player) as conn:
            process = await conn.create_process(term_type="xterm-256color", term_size=(100, 30), encoding=None)
            await read_until(process, rb"New game", timeout=25)
            process.stdin.write(b"r")
            await read_until(process, rb"Over the wire", timeout=15)
            process.stdin.write(b"\r")
            await read_until(process, rb"Where do you sit", timeout=15)
            process.stdin.write(b"\r")  # its first answer: take seat A (ann)
            await read_until(process, rb"Choices", timeout=15)
            process.stdin.write(b"1")
            for _ in range(150):
                if len(store.load(session.record.id).actions) > before:
                    break
                await asyncio.sleep(0.1)
            process.stdin.write(b"\x1b")
            await server.stop()

    run(scenario(), timeout=90)
    made = store.load(session.record.id).actions[before]
    assert (made["a"], made["c"]) == (0, expected)


def test_a_key_that_is_not_authorized_is_refused(tmp_path, keys):
    _, stranger, authorized = keys

    async def scenario():
        server = await start_server(options(tmp_path, authorized))
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server, stranger)
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server, None, password="guess")
        await server.stop()

    run(scenario())


def test_exec_sftp_and_port_forwarding_are_refused(tmp_path, keys):
    player, _, authorized = keys

    async def scenario():
        server = await start_server(options(tmp_path, authorized))
        marker = tmp_path / "exec-ran"
        async with await connect(server, player) as conn:
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.run(f"touch {marker}", check=True)
            with pytest.raises((asyncssh.SFTPError, asyncssh.ChannelOpenError)):
                await conn.start_sftp_client()
            port = server.port
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.open_connection("127.0.0.1", port)
            with pytest.raises(asyncssh.ChannelListenError):
                await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", port)
        assert not marker.exists()
        await server.stop()

    run(scenario())


def test_refuses_to_start_without_authorized_keys_unless_anyone_is_allowed(tmp_path, keys):
    with pytest.raises(ServeError, match="--allow-anyone"):
        run(start_server(options(tmp_path, None)))

    async def scenario():
        server = await start_server(options(tmp_path, None, allow_anyone=True))
        async with await connect(server, None) as conn:
            process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
            await read_until(process, rb"SIZE 80x24")
        await server.stop()

    run(scenario())


def test_host_key_is_created_once_owner_only_and_kept(tmp_path, keys):
    player, _, authorized = keys
    fingerprints = []

    async def scenario():
        server = await start_server(options(tmp_path, authorized))
        async with await connect(server, player) as conn:
            fingerprints.append(conn.get_server_host_key().get_fingerprint())
        await server.stop()

    run(scenario())
    run(scenario())
    key_file = tmp_path / "data" / "ssh" / "host_ed25519"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert stat.S_IMODE(key_file.parent.stat().st_mode) == 0o700
    assert fingerprints[0] == fingerprints[1]


def test_player_limit_turns_away_the_extra_player_with_a_message(tmp_path, keys):
    player, _, authorized = keys

    async def scenario():
        server = await start_server(options(tmp_path, authorized, max_players=1))
        async with await connect(server, player) as first:
            playing = await first.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
            await read_until(playing, rb"SIZE 80x24")
            async with await connect(server, player) as second:  # logging in is not playing: let in
                refused = await second.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
                await read_until(refused, rb"Tabula: the server is full \(1 playing\)")
                assert (await asyncio.wait_for(refused.wait(), 10)).exit_status == 1
        for _ in range(50):  # the place is free again once the first app has ended
            async with await connect(server, player) as conn:
                process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
                if b"SIZE 80x24" in await read_until(process, rb"SIZE 80x24|server is full"):
                    break
            await asyncio.sleep(0.2)
        else:
            raise AssertionError("the place was never freed")
        await server.stop()

    run(scenario())


def test_idle_connection_is_closed_and_its_app_ended(tmp_path, keys):
    player, _, authorized = keys

    async def scenario():
        server = await start_server(options(tmp_path, authorized, idle_timeout=1.0))
        async with await connect(server, player) as conn:
            process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
            first = await read_until(process, rb"SIZE 80x24 TTY True PID \d+")
            pid = int(re.search(rb"PID (\d+)", first).group(1))
            await asyncio.wait_for(process.wait_closed(), 10)
            assert await gone(pid)
        await server.stop()

    run(scenario())


def test_a_client_that_vanishes_costs_the_other_players_nothing(tmp_path, keys):
    player, _, authorized = keys

    async def scenario():
        server = await start_server(options(tmp_path, authorized))
        vanishing = await connect(server, player)
        lost = await vanishing.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        pid = int(re.search(rb"PID (\d+)", await read_until(lost, rb"PID \d+")).group(1))
        async with await connect(server, player) as conn:
            staying = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
            await read_until(staying, rb"SIZE 80x24")
            lost.stdin.write(b"half a line without its end")
            vanishing.abort()  # the TCP link drops: no SSH goodbye
            assert await gone(pid), "the vanished client's app must end"
            staying.stdin.write(b"still here\r")
            await read_until(staying, rb"GOT still here")
        await server.stop()

    run(scenario())

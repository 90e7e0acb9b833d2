"""The SSH server under hostile clients, on 127.0.0.1 with real asyncssh and OpenSSH clients,
every scenario bounded in time: floods cannot lock players out, hostile pty requests start a
sane app, a refused player reads why, an app's memory is bounded."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import asyncssh
import pytest

import tui
from tests.serve.test_ssh import options, read_until, run

OPENSSH = shutil.which("ssh")
needs_openssh = pytest.mark.skipif(OPENSSH is None, reason="no OpenSSH client")
SIZE = re.compile(rb"SIZE (\d+)x(\d+)")
CODE = str(Path(tui.__file__).parents[1])
"""The checkout under test, for the app processes the server starts."""


class Flood:
    """``count`` bare TCP connections (no banner, no key) held open to the server and opened
    again as soon as the server closes one, as a hostile client on the same address would."""

    def __init__(self, port: int, count: int):
        self.port, self.count = port, count
        self.tasks: list[asyncio.Task] = []
        self.opened = 0

    async def __aenter__(self) -> Flood:
        self.tasks = [asyncio.ensure_future(self._hold()) for _ in range(self.count)]
        while self.opened < self.count:
            await asyncio.sleep(0.05)
        return self

    async def __aexit__(self, *_) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    async def _hold(self) -> None:
        while True:
            writer = None
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
                self.opened += 1
                await reader.read()  # until the server closes it
            except OSError:
                await asyncio.sleep(0.05)
            finally:
                if writer is not None:
                    writer.close()


async def play_session(server, key, within: float, **connect_options) -> float:
    """Seconds until a player, trying again whenever refused, has a running app."""
    started = time.monotonic()
    refusals = []
    while time.monotonic() - started < within:
        try:
            async with await connect(server, key, **connect_options) as conn:
                process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
                await read_until(process, rb"SIZE 80x24", timeout=within)
                return time.monotonic() - started
        except (asyncssh.Error, OSError, EOFError) as error:
            refusals.append(repr(error))
            await asyncio.sleep(0.2)
    raise AssertionError(f"no session within {within}s; refused {len(refusals)} times: {refusals[-3:]}")


def unretrieved_task_errors() -> list[dict]:
    """Install a loop exception handler that keeps what asyncio would report."""
    seen: list[dict] = []
    asyncio.get_running_loop().set_exception_handler(lambda loop, context: seen.append(context))
    return seen


def test_a_flood_of_bare_connections_keeps_a_player_out_for_seconds_at_most(tmp_path, keys):
    player, _, authorized = keys

    async def scenario():
        server = await start(tmp_path, authorized)
        async with Flood(server.port, 40) as flood:
            waited = await play_session(server, player, within=20)
            assert flood.opened >= 40
            waited_again = await play_session(server, player, within=20)
        await server.stop()
        return waited, waited_again

    run(scenario(), timeout=90)


def test_sessionless_connections_do_not_count_and_are_closed_within_seconds(tmp_path, keys):
    player, _, authorized = keys

    async def scenario():
        server = await start(tmp_path, authorized)
        idle = []
        for _ in range(16):  # like `ssh -N`: authenticated, no session (the server may refuse some at once)
            try:
                idle.append(await connect(server, player))
            except asyncssh.DisconnectError:
                pass
        assert len(idle) >= 10
        await play_session(server, player, within=20)
        for conn in idle:
            await asyncio.wait_for(conn.wait_closed(), 30)  # the server hangs up on them
        await server.stop()

    run(scenario(), timeout=90)


@needs_openssh
def test_openssh_dash_n_connections_are_closed_by_the_server(tmp_path, keys):
    player, _, authorized = keys
    key_file = openssh_key(tmp_path, player)

    async def scenario():
        server = await start(tmp_path, authorized)
        idle = [subprocess.Popen(openssh(server.port, key_file, "-N"), stdin=subprocess.DEVNULL,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(3)]
        try:
            deadline = time.monotonic() + 40
            while any(p.poll() is None for p in idle) and time.monotonic() < deadline:
                await asyncio.sleep(0.2)
            assert all(p.poll() is not None for p in idle), "`ssh -N` connections are still open"
        finally:
            for process in idle:
                if process.poll() is None:
                    process.kill()
                process.communicate()
        await server.stop()

    run(scenario(), timeout=90)


def test_a_huge_pty_request_starts_the_app_at_a_sane_size_and_frees_its_slot(tmp_path, keys):
    player, _, authorized = keys

    async def scenario():
        errors = unretrieved_task_errors()
        server = await start(tmp_path, authorized)
        async with await connect(server, player) as conn:
            process = await conn.create_process(term_type="xterm", term_size=(70000, 70000), encoding=None)
            seen = await read_until(process, rb"SIZE \d+x\d+", timeout=15)
            columns, rows = map(int, SIZE.search(seen).groups())
            assert 80 <= columns <= 1000 and 24 <= rows <= 1000
        await play_session(server, player, within=15)
        await server.stop()
        assert not errors, errors

    run(scenario(), timeout=60)


def test_a_huge_window_change_is_clamped(tmp_path, keys):
    player, _, authorized = keys

    async def scenario():
        errors = unretrieved_task_errors()
        server = await start(tmp_path, authorized)
        async with await connect(server, player) as conn:
            process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
            await read_until(process, rb"SIZE 80x24")
            process.change_terminal_size(65535, 65535)
            seen = await read_until(process, rb"SIZE (?!80x24)\d+x\d+", timeout=15)
            columns, rows = map(int, SIZE.findall(seen)[-1])
            assert columns <= 1000 and rows <= 1000
            process.change_terminal_size(0, 0)  # nonsense: the usual 80x24
            await read_until(process, rb"SIZE 80x24(?![\s\S]*SIZE (?!80x24))", timeout=15)
        await server.stop()
        assert not errors, errors

    run(scenario(), timeout=60)


@pytest.mark.parametrize("term", ["xterm\x00evil", "\x1b]0;pwned\x07", "x" * 5000], ids=["nul", "escape", "long"])
def test_a_hostile_term_starts_the_app_with_a_safe_one(tmp_path, keys, term):
    player, _, authorized = keys

    async def scenario():
        errors = unretrieved_task_errors()
        server = await start(tmp_path, authorized)
        async with await connect(server, player) as conn:
            process = await conn.create_process(term_type=term, term_size=(80, 24), encoding=None,
                                                env={"NO_COLOR": "\x00\x1b[2J", "LD_PRELOAD": "/tmp/evil.so"})
            await read_until(process, rb"SIZE 80x24")
            process.stdin.write(b"\x05")
            seen = await read_until(process, rb"ENV [^\r\n]*\r\n")
            env = seen.split(b"ENV ", 1)[1].split(b"\r\n", 1)[0]
            assert b"TERM='xterm-256color'" in env and b"pwned" not in env and b"\\x00" not in env
        await play_session(server, player, within=15)
        await server.stop()
        assert not errors, errors

    run(scenario(), timeout=60)


def test_an_app_that_asks_for_too_much_memory_gets_a_memory_error(tmp_path, keys):
    player, _, authorized = keys

    async def scenario():
        server = await start(tmp_path, authorized)
        async with await connect(server, player) as conn:
            process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
            await read_until(process, rb"SIZE 80x24")
            process.stdin.write(b"\x0e")
            seen = await read_until(process, rb"MEMORY ERROR|TOOK \d+ MiB", timeout=30)
            assert b"MEMORY ERROR" in seen
        await server.stop()

    run(scenario(), timeout=60)


@needs_openssh
def test_a_player_refused_for_a_full_server_reads_why(tmp_path, keys):
    player, _, authorized = keys
    key_file = openssh_key(tmp_path, player)

    async def scenario():
        server = await start(tmp_path, authorized)
        players = []
        for _ in range(16):  # the default limit
            conn = await connect(server, player)
            process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
            await read_until(process, rb"SIZE 80x24")
            players.append(conn)
        refused = await asyncio.create_subprocess_exec(*openssh(server.port, key_file, "-tt"),
                                                       stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                                                       stderr=asyncio.subprocess.PIPE)
        out, err = await asyncio.wait_for(refused.communicate(), 30)
        said = (out + err).decode("utf-8", "replace")
        assert refused.returncode != 0
        assert "banner line" not in said and re.search(r"(?i)tabula.*(full|too many)", said), said
        for conn in players:
            conn.close()
        await server.stop()

    run(scenario(), timeout=90)


def test_a_real_login_name_that_is_markup_plays(tmp_path, keys, monkeypatch):
    player, _, authorized = keys
    monkeypatch.setenv("PYTHONPATH", CODE)

    async def scenario():
        server = await start(tmp_path, authorized, command=())
        async with await connect(server, player, username="[/]x") as conn:
            process = await conn.create_process(term_type="xterm-256color", term_size=(100, 30), encoding=None)
            await read_until(process, rb"T A B U L A", timeout=30)
            process.stdin.write(b"n")
            await read_until(process, rb"Seat .{1,3}A\s+\[/\]x", timeout=20)
            process.stdin.write(b"\x13")  # Ctrl+S: start the game
            seen = await read_until(process, rb"you play .{1,3}A \[/\]x|Traceback|Error", timeout=30)
            assert b"Traceback" not in seen and b"MarkupError" not in seen
            process.stdin.write(b"\x1b")  # home (the game is saved)
            await read_until(process, rb"Resume a game", timeout=20)
            process.stdin.write(b"q")
            completed = await asyncio.wait_for(process.wait(), 20)
            assert completed.exit_status == 0
        await server.stop()

    run(scenario(), timeout=120)


# -- helpers --------------------------------------------------------------------------------------


async def connect(server, key, username: str = "ann", **kwargs):
    return await asyncssh.connect("127.0.0.1", server.port, username=username, client_keys=[key] if key else None,
                                  known_hosts=None, agent_path=None, **kwargs)


async def start(tmp_path, authorized, **changes):
    from tui.serve.ssh import start_server

    return await start_server(options(tmp_path, authorized, **changes))


def openssh_key(tmp_path, key) -> str:
    path = tmp_path / "id_ed25519"
    path.write_bytes(key.export_private_key("openssh"))
    os.chmod(path, 0o600)
    return str(path)


def openssh(port: int, key_file: str, *extra: str) -> list[str]:
    return [OPENSSH, "-F", "/dev/null", "-p", str(port), "-i", key_file, "-o", "IdentitiesOnly=yes",
            "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "LogLevel=ERROR", *extra, "ann@127.0.0.1"]


@needs_openssh
def test_a_connection_refused_while_logging_in_reads_why(tmp_path, keys):
    player, _, authorized = keys
    key_file = openssh_key(tmp_path, player)

    async def scenario():
        server = await start(tmp_path, authorized, max_startups=(0, 100, 1))  # every newcomer is refused
        refused = await asyncio.create_subprocess_exec(*openssh(server.port, key_file, "-tt"),
                                                       stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                                                       stderr=asyncio.subprocess.PIPE)
        out, err = await asyncio.wait_for(refused.communicate(), 30)
        await server.stop()
        return refused.returncode, (out + err).decode("utf-8", "replace")

    status, said = run(scenario(), timeout=60)
    assert status != 0 and "banner line" not in said
    assert "Tabula: too many connections are logging in" in said, said


def test_an_app_that_fails_to_start_is_reported_and_frees_its_place(tmp_path, keys, monkeypatch):
    from tui.serve import ssh

    player, _, authorized = keys
    real_start = ssh.AppOnPty.start
    failures = iter([RuntimeError("boom")])

    async def start_once_failing(self, *args, **kwargs):
        failure = next(failures, None)
        if failure is not None:
            raise failure
        await real_start(self, *args, **kwargs)

    monkeypatch.setattr(ssh.AppOnPty, "start", start_once_failing)

    async def scenario():
        errors = unretrieved_task_errors()
        server = await start(tmp_path, authorized, max_players=1)
        async with await connect(server, player) as conn:
            process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
            completed = await asyncio.wait_for(process.wait(), 15)
            assert completed.exit_status == 1 and b"could not start" in completed.stderr
        await play_session(server, player, within=15)  # the only place was freed
        await server.stop()
        assert not errors, errors

    run(scenario(), timeout=60)


# -- what a client asks for, checked ---------------------------------------------------------------


def test_window_sizes_are_clamped():
    from tui.serve.ssh import clamp_size

    assert clamp_size(0, 0, (500, 200)) == (80, 24)
    assert clamp_size(70000, 65535, (500, 200)) == (500, 200)
    assert clamp_size(60, 20, (500, 200)) == (60, 20)  # small is allowed: the app says it is too small


def test_the_app_environment_keeps_only_what_is_safe(monkeypatch):
    from tui.serve import PLAYER_KEY, PLAYER_NAME
    from tui.serve.ssh import app_environment

    monkeypatch.setenv(PLAYER_KEY, "SHA256:inherited")
    env = app_environment("xterm\x00", {"NO_COLOR": "\x1b[2J", "COLORTERM": "evil", "LD_PRELOAD": "x.so",
                                        "TERM": "vt100"}, "ann\x00\x1b[31m" + "x" * 40, "SHA256:abc")
    assert env["TERM"] == "xterm-256color" and env["NO_COLOR"] == "1" and "COLORTERM" not in env
    assert env.get("LD_PRELOAD") == os.environ.get("LD_PRELOAD")  # the server's own, never the client's
    assert env[PLAYER_NAME] == "ann[31m" + "x" * 9 and env[PLAYER_KEY] == "SHA256:abc"
    assert all("\x00" not in value for value in env.values())
    assert app_environment("screen-256color", {"COLORTERM": "truecolor"})["COLORTERM"] == "truecolor"
    assert PLAYER_KEY not in app_environment("xterm", {})


def test_the_early_drop_chance_rises_like_openssh_maxstartups():
    from tui.serve.ssh import drop_chance

    assert drop_chance(9, 10, 30, 100) == 0
    assert drop_chance(10, 10, 30, 100) == 30
    assert drop_chance(55, 10, 30, 100) == 65
    assert drop_chance(100, 10, 30, 100) == 100


def test_max_startups_option():
    import argparse

    from tui.cli.serve import max_startups

    assert max_startups("10:30:100") == (10, 30, 100)
    assert max_startups("5") == (5, 100, 5)
    for bad in ("10:30", "a:b:c", "50:30:10", "1:101:5", "0:0:0"):
        with pytest.raises(argparse.ArgumentTypeError):
            max_startups(bad)


def test_the_refusal_is_a_well_formed_ssh_packet():
    from tui.serve.ssh import disconnect_packet

    for reason in ("", "x", "Tabula: too many connections are logging in; try again in a moment"):
        packet = disconnect_packet(12, reason)
        length, padding = int.from_bytes(packet[:4], "big"), packet[4]
        assert len(packet) == 4 + length and len(packet) % 8 == 0 and 4 <= padding < 16
        assert packet[5] == 1 and int.from_bytes(packet[6:10], "big") == 12
        assert packet[14:14 + len(reason)] == reason.encode()


def test_output_for_a_channel_the_client_already_closed_is_dropped_without_an_error():
    """The app may still write, or fail to start, after the client closed its channel and before
    asyncssh reports the connection lost; asyncssh then refuses to send ('Channel not open for
    sending'), which escaped from the pty reader."""
    from tui.serve.ssh import TabulaSession

    class ClosedChannel:
        def write(self, data: bytes) -> None:
            raise BrokenPipeError("Channel not open for sending")

        write_stderr = write

        def exit(self, status: int) -> None:
            raise BrokenPipeError("Channel not open for sending")

    class Server:
        door = None

    session = TabulaSession(Server())
    session.chan = ClosedChannel()
    session._output(b"a frame")
    failed = asyncio.new_event_loop().create_future()
    failed.set_exception(RuntimeError("the app did not start"))
    session._start_done(failed)

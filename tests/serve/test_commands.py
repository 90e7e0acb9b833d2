"""`tabula serve ssh|web` and `tabula join` from the command line, including the system ssh client."""

from __future__ import annotations

import argparse
import os
import select
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import asyncssh
import pytest

from saves.seats import SeatLeases
from saves.session import GameSession
from saves.store import SaveStore, Seat
from tests import toygame
from tests.serve.test_ssh import ANSI
from tui.cli import join, serve
from tui.cli.base import data_dir_option

ROOT = Path(__file__).resolve().parents[2]
TABULA = [sys.executable, "-m", "tui.cli"]


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(parents=[data_dir_option()])
    subcommands = parser.add_subparsers()
    serve.add(subcommands)
    join.add(subcommands)
    return parser.parse_args(list(argv))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_serve_ssh_will_not_start_without_authorized_keys(tmp_path, capsys):
    args = parse("serve", "ssh", "--data-dir", str(tmp_path), "--port", "0")
    assert args.run(args) == 2
    assert "--allow-anyone" in capsys.readouterr().err
    missing = parse("serve", "ssh", "--data-dir", str(tmp_path), "--authorized-keys", str(tmp_path / "nope"))
    assert missing.run(missing) == 2


@pytest.fixture
def toy_game(tmp_path, monkeypatch):
    seats = [Seat("Ann", "human"), Seat("Bruno", "human"), Seat("Cleo", "random")]
    return GameSession.new(SaveStore(tmp_path / "data"), toygame.register(monkeypatch), "Friday", seats, seed=1).record


def test_join_picks_the_first_free_human_seat_and_explains_taken_or_wrong_seats(tmp_path, toy_game):
    store, leases = SaveStore(tmp_path / "data"), SeatLeases(tmp_path / "data", toy_game.id)
    record = join.find_game(store, toy_game.id[:4])
    assert record.id == toy_game.id
    assert join.choose_seat(record, leases, None) == 0
    leases.acquire(0, "someone")
    assert join.choose_seat(record, leases, None) == 1
    assert join.choose_seat(record, leases, "b") == join.choose_seat(record, leases, "2") == 1
    with pytest.raises(join.JoinError, match="●A of 'Friday' is taken"):
        join.choose_seat(record, leases, "A")
    with pytest.raises(join.JoinError, match="not a human seat"):
        join.choose_seat(record, leases, "C")
    leases.acquire(1, "someone else")
    with pytest.raises(join.JoinError, match="(?s)No free seat.*--watch"):
        join.choose_seat(record, leases, None)
    with pytest.raises(join.JoinError, match="No saved game"):
        join.find_game(store, "zzzz")


def test_join_refuses_a_taken_seat_before_opening_the_app(tmp_path, toy_game, capsys):
    SeatLeases(tmp_path / "data", toy_game.id).acquire(0, "someone")
    args = parse("join", toy_game.id, "--seat", "A", "--data-dir", str(tmp_path / "data"))
    assert args.run(args) == 2
    assert "is taken" in capsys.readouterr().err


@pytest.mark.skipif(shutil.which("ssh") is None, reason="no system ssh client")
def test_system_ssh_client_reaches_tabula_through_the_cli_server_which_warns_when_open_to_anyone(tmp_path):
    key = asyncssh.generate_private_key("ssh-ed25519")
    identity = tmp_path / "id_ed25519"
    identity.write_bytes(key.export_private_key())
    identity.chmod(0o600)
    authorized = tmp_path / "authorized_keys"
    authorized.write_bytes(key.export_public_key())
    port = free_port()
    server = subprocess.Popen([*TABULA, "serve", "ssh", "--data-dir", str(tmp_path / "data"), "--port", str(port),
                               "--authorized-keys", str(authorized)],
                              cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        assert "Host key fingerprint" in wait_for_line(server.stdout, "fingerprint", 20)
        client = subprocess.Popen(
            ["ssh", "-tt", "-i", str(identity), "-p", str(port), "-o", "StrictHostKeyChecking=no",
             "-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes", "-o", "LogLevel=ERROR", "-F", "/dev/null",
             "player@127.0.0.1"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        seen = read_until(client.stdout, b"A B U L A", 30)
        assert b"A B U L A" in seen
        client.stdin.write(b"q")
        client.stdin.flush()
        assert client.wait(20) == 0
    finally:
        server.terminate()
        server.wait(10)

    anyone = subprocess.Popen([*TABULA, "serve", "ssh", "--data-dir", str(tmp_path / "data"),
                               "--port", str(free_port()), "--allow-anyone"],
                              cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        assert "NO AUTHENTICATION" in wait_for_line(anyone.stdout, "AUTHENTICATION", 20)
        anyone.terminate()
        assert anyone.wait(10) == 0 and b"stopped" in anyone.stdout.read()
    finally:
        anyone.kill()


def wait_for_line(stream, needle: str, timeout: float) -> str:
    text = read_until(stream, needle.encode(), timeout).decode(errors="replace")
    lines = [line for line in text.splitlines() if needle in line]
    assert lines, f"no line with {needle!r} in {text!r}"
    return lines[0]


def read_until(stream, needle: bytes, timeout: float) -> bytes:
    seen, deadline = b"", time.monotonic() + timeout
    while needle not in strip(seen) and time.monotonic() < deadline:
        ready, _, _ = select.select([stream], [], [], max(0.0, deadline - time.monotonic()))
        if ready:
            chunk = os.read(stream.fileno(), 65536)
            if not chunk:
                break
            seen += chunk
    return strip(seen)


def strip(data: bytes) -> bytes:
    return ANSI.sub(b"", data)


def test_serve_web_answers_a_browser_on_loopback(tmp_path):
    import urllib.request

    port = free_port()
    server = subprocess.Popen([*TABULA, "serve", "web", "--data-dir", str(tmp_path / "data"), "--port", str(port)],
                              cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline, page = time.monotonic() + 20, ""
        while not page and time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as response:
                    page = response.read().decode()
            except OSError:
                time.sleep(0.2)
        assert "<div>Tabula</div>" in page
        assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws"' in page
    finally:
        server.terminate()
        server.wait(10)


def test_the_ssh_server_starts_without_printing_its_libraries_notices():
    started = subprocess.run([sys.executable, "-c", "import tui.serve.ssh"], capture_output=True, text=True,
                             cwd=ROOT, timeout=60)
    assert started.returncode == 0 and started.stderr == ""

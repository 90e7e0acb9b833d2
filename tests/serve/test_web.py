"""`tabula serve web`: each browser visit's app is a fork of the preloaded fork server
(tui/serve/forkserver.py), reached through the visit's small process (tui/serve/visit.py) on the
pipes textual-serve gives it; the app ends with its visit."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.serve.test_commands import ROOT, TABULA, free_port
from tests.serve.test_ssh import gone
from tui.serve import visit
from tui.serve.forkserver import door_open

WEB_DRIVER = "textual.drivers.web_driver:WebDriver"
APP = """
import os, sys
preloaded = "textual.app" in sys.modules
import textual.constants
fds = [str(fd) for fd in range(64) if os.path.exists(f"/proc/self/fd/{fd}")]
print(f"APP pid={os.getpid()} ppid={os.getppid()} sid={os.getsid(0)} fds={','.join(fds)} "
      f"driver={textual.constants.DRIVER} preloaded={preloaded}", flush=True)
line = sys.stdin.readline()
print(f"GOT {line.strip()}", flush=True)
sys.exit(int(line))
"""
REPORT = re.compile(r"APP pid=(\d+) ppid=(\d+) sid=(\d+) fds=([\d,]+) driver=(\S+) preloaded=(\w+)")


def fake_app(folder: Path) -> Path:
    """A script that says what its process is and ends with the status it is sent."""
    app = folder / "app.py"
    app.write_text(APP)
    return app


def start_visit(door: str, app: Path) -> subprocess.Popen[str]:
    """A visit as textual-serve starts one: pipes for its streams, Textual's driver in its environment."""
    return subprocess.Popen([sys.executable, "-S", visit.__file__, door, str(app)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "TEXTUAL_DRIVER": WEB_DRIVER})


def command_line(pid: int) -> str:
    return Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " ")


def test_a_visit_is_a_fork_of_the_preloaded_server_on_the_visits_pipes_with_its_environment(tmp_path):
    app = fake_app(tmp_path)
    with door_open() as door:
        started = start_visit(door, app)
        pid, ppid, sid, fds, driver, preloaded = REPORT.findall(started.stdout.readline())[0]
        fork_server = int(ppid)
        assert "tui.serve.forkserver" in command_line(fork_server)
        assert fork_server != started.pid and preloaded == "True"  # Textual was there before the app started
        assert sid == pid  # a session of its own
        assert fds == "0,1,2"  # the visit's pipes, and nothing of the fork server's
        assert driver == WEB_DRIVER  # Textual's settings from the visit's environment, not the fork server's
        started.stdin.write("7\n")
        started.stdin.flush()
        assert started.stdout.readline() == "GOT 7\n"
        assert started.stdout.read() == ""  # the app's end is the end of the visit's output
        assert started.wait(10) == 7
    assert asyncio.run(gone(fork_server)), "the fork server ends with the web server"


def test_a_visit_killed_hangs_its_app_up(tmp_path):
    app = fake_app(tmp_path)
    with door_open() as door:
        started = start_visit(door, app)
        pid = int(REPORT.findall(started.stdout.readline())[0][0])
        started.send_signal(signal.SIGKILL)  # nothing of the visit's runs: the fork server sees its end
        started.wait(10)
        assert asyncio.run(gone(pid)), "the app ends with its visit (its input is still open: it was hung up)"


def test_a_fork_server_that_ends_is_started_again_on_the_same_door(tmp_path):
    app = fake_app(tmp_path)
    with door_open() as door:
        first = start_visit(door, app)
        ended = int(REPORT.findall(first.stdout.readline())[0][1])
        os.kill(ended, signal.SIGKILL)  # the fork server dies (its apps die with it)
        assert first.wait(10) != 0
        assert asyncio.run(gone(ended))
        second = start_visit(door, app)
        pid, ppid, _, _, _, preloaded = REPORT.findall(second.stdout.readline())[0]
        assert int(ppid) != ended and "tui.serve.forkserver" in command_line(int(ppid)) and preloaded == "True"
        second.stdin.write("3\n")
        second.stdin.flush()
        assert second.stdout.readline() == "GOT 3\n"
        assert second.wait(10) == 3
    assert asyncio.run(gone(int(ppid))), "the new fork server ends with the web server"


def test_serve_web_draws_the_app_in_a_browser_from_a_fork(tmp_path):
    import aiohttp

    port = free_port()
    server = subprocess.Popen([*TABULA, "serve", "web", "--data-dir", str(tmp_path / "data"), "--port", str(port)],
                              cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    async def browse() -> tuple[bytes, list[str]]:
        async with aiohttp.ClientSession() as session:
            deadline = time.monotonic() + 30
            while True:
                try:
                    async with session.get(f"http://127.0.0.1:{port}/") as response:
                        await response.text()
                    break
                except aiohttp.ClientError:
                    assert time.monotonic() < deadline, "the web server did not answer"
                    await asyncio.sleep(0.2)
            async with session.ws_connect(f"http://127.0.0.1:{port}/ws?width=80&height=24") as socket:
                await socket.send_json(["resize", {"width": 80, "height": 24}])
                seen = b""
                while b"T A B U L A" not in seen and time.monotonic() < deadline:
                    with_data = await asyncio.wait_for(socket.receive(), 30)
                    if with_data.type != aiohttp.WSMsgType.BINARY:
                        break
                    seen += with_data.data
                fork_servers = [pid for pid in children(server.pid) if "tui.serve.forkserver" in command_line(pid)]
                return seen, [app for fork_server in fork_servers for app in children(fork_server)]

    try:
        seen, apps = asyncio.run(browse())
    finally:
        server.terminate()
        server.wait(20)
    assert b"T A B U L A" in seen  # the title screen, drawn by the web driver for the browser
    assert len(apps) == 1  # the visit's app, forked by the web server's fork server


def children(parent: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        try:
            if entry.isdigit() and int(Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1]) == parent:
                found.append(int(entry))
        except OSError:
            pass
    return found

"""Your move, live, over real SSH: Ann and Bruno each own a seat of one game; Bruno waits at
Home while Ann plays her turn at her own terminal; Bruno's Home then says it is his move,
without Bruno pressing a key."""

from __future__ import annotations

import asyncio
import time

import asyncssh

from saves.seats import SeatLeases, new_holder_id
from saves.session import GameSession
from saves.store import SaveStore, Seat
from tests.multiterminal.ptys import Players, Seated
from tests.serve.test_ssh import connect, options, read_until, run
from tests.serve.test_ssh_table import follow, take_a_seat
from tui.serve.ssh import start_server


def own(data_dir, save_id: str, seat: int, key: asyncssh.SSHKey) -> None:
    """The seat belongs to ``key`` (as once taken over SSH, then left)."""
    leases, holder = SeatLeases(data_dir, save_id), new_holder_id()
    leases.acquire(seat, holder, key.get_fingerprint())
    leases.release(seat, holder)


def test_a_move_by_one_player_makes_your_move_appear_on_the_other_s_home(tmp_path):
    ann_key, bruno_key = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    authorized = tmp_path / "authorized_keys"
    authorized.write_bytes(ann_key.export_public_key() + bruno_key.export_public_key())
    data_dir = tmp_path / "data"
    seats = [Seat("Ann", "human"), Seat("Bruno", "human")]
    session = GameSession.new(SaveStore(data_dir), "pantheon", "Across days", seats, seed=45)
    assert session.match.awaiting() == (0,)  # Ann's move first
    own(data_dir, session.record.id, 0, ann_key)
    own(data_dir, session.record.id, 1, bruno_key)

    async def scenario():
        server = await start_server(options(tmp_path, authorized, command=()))
        try:
            async with await connect(server, bruno_key) as bruno:
                home = await bruno.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
                shown = await read_until(home, rb"New game", timeout=25)
                ann = await take_a_seat(server, ann_key, "Across days")
                seated = Seated.at(0, ann.stdin.write)
                reader = asyncio.create_task(follow(ann, seated))
                told = asyncio.create_task(read_until(home, rb"Your move in 1 game", timeout=60))
                table = Players(data_dir, session.record.id, [seated], seed=1, last=0.5)
                started = time.monotonic()
                try:
                    while not told.done():
                        table.check(started, bound=60, stall=20)
                        await asyncio.sleep(0.01)
                        if not table.look():
                            table.press_due()
                    shown += await told
                    waiting = table.session.match.awaiting()
                finally:
                    table.close()
                    reader.cancel()
                    ann.stdin.write(b"\x1b")
                    ann.close()
                home.stdin.write(b"q")
                return shown, waiting
        finally:
            await server.stop()

    shown, waiting = run(scenario(), timeout=120)
    assert 1 in waiting and b"Your move in 1 game" in shown

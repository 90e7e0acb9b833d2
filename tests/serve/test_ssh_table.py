"""Two players over real SSH sessions, each with their own key, each taking a seat of one game
from Resume in `tabula serve ssh` (the real app): one turn each, the turn ends confirmed (the
default). Each confirmation must reach the other player's screen, which then offers its turn."""

from __future__ import annotations

import asyncio
import time

import asyncssh

from saves.session import GameSession
from saves.store import SaveStore, Seat
from tests.multiterminal.ptys import Players, Seated
from tests.serve.test_ssh import connect, options, read_until, run
from tui.serve.ssh import start_server


async def take_a_seat(server, key, title: str) -> asyncssh.SSHClientProcess:
    """Log in, open the game from Resume and take the first seat offered."""
    conn = await connect(server, key)
    process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
    await read_until(process, rb"New game", timeout=25)
    process.stdin.write(b"r")
    await read_until(process, title.encode(), timeout=15)
    process.stdin.write(b"\r")
    await read_until(process, rb"Where do you sit", timeout=15)
    process.stdin.write(b"\r")
    return process


async def follow(process: asyncssh.SSHClientProcess, player: Seated) -> None:
    while chunk := await process.stdout.read(65536):
        player.shown(chunk)


def test_a_confirmed_turn_reaches_the_other_ssh_player_who_then_moves(tmp_path):
    ann_key, bob_key = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    authorized = tmp_path / "authorized_keys"
    authorized.write_bytes(ann_key.export_public_key() + bob_key.export_public_key())
    data_dir = tmp_path / "data"
    seats = [Seat("Ann", "human"), Seat("Bruno", "human")]
    save_id = GameSession.new(SaveStore(data_dir), "pantheon", "Over the wire", seats, seed=45).record.id

    async def scenario():
        server = await start_server(options(tmp_path, authorized, command=()))
        processes, readers = [], []
        players = [Seated.at(seat, lambda key: None) for seat in range(2)]
        try:
            for player, key in zip(players, (ann_key, bob_key)):
                process = await take_a_seat(server, key, "Over the wire")
                player.send = process.stdin.write
                processes.append(process)
                readers.append(asyncio.create_task(follow(process, player)))
            table = Players(data_dir, save_id, players, seed=1)
            started = time.monotonic()
            confirmed: list[int] = []
            try:
                while not (set(confirmed) == {0, 1} and any(p.prompted() for p in players
                                                             if p.seat in table.session.match.awaiting())):
                    table.check(started, bound=90, stall=20)
                    await asyncio.sleep(0.01)
                    if table.look():
                        continue
                    held = table.session.match.held
                    pressed = table.presses
                    table.press_due()
                    if table.presses > pressed and held is not None:
                        confirmed.append(held)
            finally:
                table.close()
            return confirmed, table.presses
        finally:
            for process in processes:
                process.stdin.write(b"\x1b")
                process.close()
            for reader in readers:
                reader.cancel()
            await server.stop()

    confirmed, presses = run(scenario(), timeout=150)
    print(confirmed, presses)
    assert set(confirmed) == {0, 1} and presses >= 3
    record = SaveStore(data_dir).load(save_id)
    assert {action["a"] for action in record.actions if action["a"] >= 0} == {0, 1}


def test_a_player_replaying_another_s_running_game_over_ssh_sees_only_the_spectator_view(tmp_path):
    from saves.seats import SeatLeases, new_holder_id

    ann_key, bob_key = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    authorized = tmp_path / "authorized_keys"
    authorized.write_bytes(ann_key.export_public_key() + bob_key.export_public_key())
    data_dir = tmp_path / "data"
    session = GameSession.new(SaveStore(data_dir), "pantheon", "Ann's game",
                              [Seat("Ann", "human"), Seat("Bot", "normal")])
    for _ in range(10):
        seat = session.match.awaiting()[0]
        session.act(seat, session.match.legal(seat)[0].id)
    SeatLeases(data_dir, session.record.id).acquire(0, new_holder_id(), ann_key.get_fingerprint())

    async def scenario():
        server = await start_server(options(tmp_path, authorized, command=()))
        try:
            async with await connect(server, bob_key) as conn:
                process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
                await read_until(process, rb"New game", timeout=25)
                process.stdin.write(b"r")
                await read_until(process, rb"Ann's game", timeout=15)
                process.stdin.write(b"p")
                await read_until(process, rb"spectator view", timeout=15)
                process.stdin.write(b"\x1b[F")  # End: the last move
                seen = await read_until(process, rb"move (\d+) of \1", timeout=15)
                for _ in range(3):  # w: whose view; each seat's would say "view of"
                    process.stdin.write(b"w")
                    seen += await read_until(process, rb"spectator view", timeout=15)
                process.stdin.write(b"\x1b\x1b")
                return seen
        finally:
            await server.stop()

    seen = run(scenario(), timeout=90)
    assert b"spectator view" in seen and b"view of" not in seen and b"Private" not in seen


def test_a_move_by_one_key_makes_your_move_appear_on_the_other_keys_home_over_ssh(tmp_path):
    from saves.seats import SeatLeases, new_holder_id

    ann_key, bob_key = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    authorized = tmp_path / "authorized_keys"
    authorized.write_bytes(ann_key.export_public_key() + bob_key.export_public_key())
    data_dir = tmp_path / "data"
    session = GameSession.new(SaveStore(data_dir), "pantheon", "Across days", [Seat("Ann", "human"),
                                                                               Seat("Bruno", "human")], seed=45)
    leases = SeatLeases(data_dir, session.record.id)
    for seat, key in enumerate((ann_key, bob_key)):  # each seat becomes its key's, then its player leaves
        holder = new_holder_id()
        leases.acquire(seat, holder, key.get_fingerprint())
        leases.release(seat, holder)
    assert tuple(session.match.awaiting()) == (0,)

    async def scenario():
        server = await start_server(options(tmp_path, authorized, command=()))
        try:
            async with await connect(server, bob_key) as conn:
                process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
                before = await read_until(process, rb"New game", timeout=25)
                while tuple(session.match.awaiting()) == (0,):  # Ann's turn, played at her own terminal
                    await asyncio.to_thread(session.act, 0, session.match.legal(0)[0].id)
                after = await read_until(process, rb"Your move in 1 game", timeout=15)
                process.stdin.write(b"\x1b")
                return before, after
        finally:
            await server.stop()

    before, after = run(scenario(), timeout=90)
    assert b"Your move" not in before and b"Your move in 1 game" in after

"""One terminal of a shared game, without the screen: a real separate process for the tests.

It does what the table screen does with a SharedSession: waits for ``on_change``, refreshes,
acts for its seat when awaited (first legal choice), plays the bots when it runs them, and
reports every step as a JSON line on stdout (time-stamped, for latency measurements).

    python -m tests.multiterminal.player DATA_DIR SAVE_ID (SEAT | watch) [--race] [--hold] [--ttl S] [--die-in-write]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
from pathlib import Path

from engine import registry
from tests import toygame

registry.GAMES.setdefault(toygame.GAME_ID, toygame.ENTRY)

from engine.core.contract import IllegalChoice  # noqa: E402
from saves.seats import SeatTaken  # noqa: E402
from saves.session import GameSession  # noqa: E402
from saves.shared import SharedSession  # noqa: E402
from saves.store import SaveConflict, SaveStore  # noqa: E402


def emit(event: str, **data) -> None:
    print(json.dumps({"event": event, "t": time.time(), **data}), flush=True)


def first_choice(shared: SharedSession, seat: int) -> str:
    return shared.match.legal(seat)[0].id


def act(shared: SharedSession, seat: int) -> bool:
    choice = first_choice(shared, seat)
    started = time.time()
    try:
        shared.act(seat, choice)
    except SaveConflict as error:
        emit("refused", seat=seat, choice=choice, message=str(error), n=len(shared.match.actions))
        return False
    emit("acted", seat=seat, choice=choice, n=len(shared.match.actions), started=started)
    return True


def show(shared: SharedSession) -> None:
    view = shared.match.view(shared.viewer)
    emit("view", n=len(shared.match.actions), viewer=shared.viewer, hand=view.get("hand"), log=view["log"])


def race(shared: SharedSession, seat: int) -> None:
    """Once told on stdin, act on the position read when joining, without looking at the disk
    again (another terminal may have acted on it since); retry once if refused."""
    sys.stdin.readline()
    if not act(shared, seat):
        shared.refresh()
        act(shared, seat)


def play(shared: SharedSession, changed: threading.Event) -> None:
    changed.set()  # look at the game once on arrival, as the table does when it opens
    while not shared.match.finished:
        changed.wait(timeout=5)
        changed.clear()
        if shared.refresh():
            emit("seen", n=len(shared.match.actions), turn_arrived=shared.turn_arrived)
        show(shared)
        for seat in sorted(shared.seats & set(shared.match.awaiting())):
            if not act(shared, seat):
                changed.set()
                break
        if shared.seats & set(shared.match.awaiting()):  # our move again (our own write rings nobody here)
            changed.set()
        try:
            while shared.runs_bots and any(s in shared.bot_seats() for s in shared.match.awaiting()):
                seat = next(s for s in shared.match.awaiting() if s in shared.bot_seats())
                choice = shared.bot_choice(seat)
                shared.act(seat, choice)
                emit("acted", seat=seat, choice=choice, n=len(shared.match.actions), bot=True)
        except (SaveConflict, IllegalChoice) as error:
            emit("refused", message=str(error))
            changed.set()
    show(shared)


def die_in_write() -> None:
    """Hang after writing a move's temporary file, before it replaces the save (to be killed)."""
    replace = os.replace

    def hanging(source, target, *args, **kwargs):
        if Path(target).parent.name == "games":
            emit("writing", temporary=str(source))
            time.sleep(60)
        return replace(source, target, *args, **kwargs)

    os.replace = hanging


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("data_dir")
    parser.add_argument("save_id")
    parser.add_argument("seat")
    parser.add_argument("--race", action="store_true", help="act once told on stdin, on the position read when joining")
    parser.add_argument("--hold", action="store_true", help="take the seat, then act only when told on stdin")
    parser.add_argument("--ttl", type=float, default=12.0)
    parser.add_argument("--die-in-write", action="store_true")
    args = parser.parse_args()
    if args.die_in_write:
        die_in_write()
    seats = [] if args.seat == "watch" else [int(args.seat)]
    changed = threading.Event()
    shared = SharedSession(GameSession.resume(SaveStore(args.data_dir), args.save_id), seats, changed.set, ttl=args.ttl)
    try:
        shared.start()
    except SeatTaken as error:
        emit("taken", message=str(error))
        return 3
    emit("joined", seats=seats, runs_bots=shared.runs_bots, n=len(shared.match.actions))
    try:
        if args.hold:
            for _ in sys.stdin:  # each line: refresh and act once for our seat
                shared.refresh()
                try:
                    act(shared, seats[0])
                except IllegalChoice as error:
                    emit("not-allowed", message=str(error))
        elif args.race:
            race(shared, seats[0])
        else:
            play(shared, changed)
    finally:
        shared.stop()
    emit("left", n=len(shared.match.actions))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""One terminal's table without the screen, in a process of its own, for the tests: a
``TableController`` (what the table screen drives) with its own thinking process, reporting
what it would show as JSON lines on stdout, and doing what its player types on stdin.

    python -m tests.multiterminal.table DATA_DIR SAVE_ID (SEAT | watch) [--endless]

Stdin: ``m`` presses the move-now key (on the thinking line last shown), ``q`` leaves.
``--endless``: its Normal bots think until told to move.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time

from engine import registry
from tests import toygame

registry.GAMES.setdefault(toygame.GAME_ID, toygame.ENTRY)

from engine.search import LEVELS, Level  # noqa: E402
from engine.search.worker import Thinker  # noqa: E402
from saves.session import GameSession  # noqa: E402
from saves.store import SaveStore  # noqa: E402
from tui.table.controller import Notice, TableController, Thinking, ThinkingEnded  # noqa: E402
from tui.table.state import TableState  # noqa: E402

EMITTING = threading.Lock()


def emit(event: str, **data) -> None:
    """One line per event, whole: the worker and watch threads both emit."""
    line = json.dumps({"event": event, "t": time.time(), **data})
    with EMITTING:
        print(line, flush=True)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("data_dir")
    parser.add_argument("save_id")
    parser.add_argument("seat")
    parser.add_argument("--endless", action="store_true")
    args = parser.parse_args()
    if args.endless:
        LEVELS["normal"] = Level("normal", "Normal (endless)", iterations=10**8, cpu_cap=120.0, wall_cap=240.0)
    shown: list[Thinking | None] = [None]

    def show(event) -> None:
        if isinstance(event, TableState):
            shown[0] = None
            emit("state", n=event.position, awaiting=list(event.awaiting), runs_bots=event.runs_bots)
        elif isinstance(event, Thinking):
            shown[0] = event
            emit("thinking", seat=event.seat, fraction=event.fraction, position=event.position, hurry=event.hurry)
        elif isinstance(event, ThinkingEnded):
            shown[0] = None
            emit("thinking-ended")
        elif isinstance(event, Notice):
            emit("notice", title=event.title, message=event.message)

    thinker = Thinker()
    session = GameSession.resume(SaveStore(args.data_dir), args.save_id)
    seats = [] if args.seat == "watch" else [int(args.seat)]
    controller = TableController(session, seats, show, lambda work: threading.Thread(target=work, daemon=True).start(),
                                 bot_pause=0, thinker=thinker)
    controller.start()
    try:
        for line in sys.stdin:
            if line.strip() == "m" and shown[0] is not None:
                controller.move_now(shown[0])
                emit("pressed", key="m", seat=shown[0].seat)
            elif line.strip() == "q":
                break
    finally:
        controller.stop()
        thinker.close()
    emit("left")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Child process for the real-process save tests (python -m tests.saves.appender ...).

play DATA_DIR               bots play an endless toy game, saving after every action
                            (resuming the save that is there)
race DATA_DIR ID NAME N     prints "ready", waits for a line on stdin, then appends one action
                            at a time with at=, until the save holds N; prints as JSON the
                            indices this process won and how many tries lost to a conflict
"""

import json
import sys

from engine import registry
from saves.session import GameSession
from saves.store import SaveConflict, SaveStore, Seat
from tests import toygame

BOTS = [Seat("Rex", "random"), Seat("Gus", "greedy")]


def play(store: SaveStore) -> None:
    registry.GAMES[toygame.GAME_ID] = toygame.ENTRY
    saved = store.summaries()
    if saved:
        session = GameSession.resume(store, saved[0].id)
    else:
        session = GameSession.new(store, toygame.GAME_ID, "", BOTS, {"goal": toygame.ENDLESS})
    session.play_bots()  # never returns: the game has no goal and only bots play it


def race_to(store: SaveStore, save_id: str, name: str, target: int) -> dict:
    won, conflicts = [], 0
    while (held := len(store.load(save_id).actions)) < target:
        try:
            store.append(save_id, [{"a": 0, "c": f"{name}@{held}"}], at=held, progress="", status="active")
            won.append(held)
        except SaveConflict:
            conflicts += 1
    return {"won": won, "conflicts": conflicts}


if __name__ == "__main__":
    mode, data_dir, *rest = sys.argv[1:]
    if mode == "play":
        play(SaveStore(data_dir))
    else:
        save_id, name, target = rest
        print("ready", flush=True)
        sys.stdin.readline()
        print(json.dumps(race_to(SaveStore(data_dir), save_id, name, int(target))))

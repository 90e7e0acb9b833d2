"""Pantheon's score sheet kept by a second pair of eyes, from what happens at the table.

Written from the rule text, without the engine's scoring code: it watches a match step by
step, as a player with a score pad would, and adds up

* Gods: each god a seat gains scores the number of the epoch it is gained in (the epoch is
  counted from the log's "Epoch N: ... rises" entries, one per epoch; the gains from its "X gains
  God" entries: Surparit and the god it brings both count). The entries are read as the data
  they are (engine/core/text.py): the sentence's template, and its arguments, the seat and the
  god tile, so that no player's name, however worded, is taken for part of a sentence;
* Epoch ends: 3 to the seat whose action takes the epoch's last loot tile or last god of the
  display (seen on the board: the step after which one of the two is empty);
* Demigods, Columns, Pietalte: at the end of epochs 3 and 6, the face values of the seat's
  demigods, its columns on the board by the rulebook's table, and each Pietalte it owns at
  the summed levels of its offering tiles.

It reads the god tiles from the data file, not through the engine's catalogue.
"""

from __future__ import annotations

import json
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "engine" / "pantheon" / "data"
GODS = {r["id"]: r for r in json.loads((DATA / "gods.json").read_text())["records"]}
PIETALTE = frozenset(tile for tile, r in GODS.items() if r["god"] == "pietalte")
LASTING = frozenset(r["name"] for r in GODS.values() if r["kind"] != "instant")
SCORING_EPOCHS = (3, 6)
EPOCH_END = 3
GAINS = "{seat:seat} gains {tile:god} and scores {points}."
RISES = "Epoch {epoch}: {nation:nation} rises."


def columns_worth(n: int) -> int:
    """The rulebook's table: 1-3 columns 1 each, 4-7 2 each, 8-11 3 each, 12 4 each."""
    each = 0 if n == 0 else 1 if n <= 3 else 2 if n <= 7 else 3 if n <= 11 else 4
    return each * n


class ScorePad:
    """Call ``watch`` before each step of the match and ``note`` after it; ``sheets`` is then
    each seat's points so far."""

    def __init__(self, names: list[str]):
        self.names = names
        self.sheets = [{"Gods": 0, "Epoch ends": 0, "Demigods": 0, "Columns": 0, "Pietalte": 0} for _ in names]
        self.gained: list[list[str]] = [[] for _ in names]
        """The names of the gods each seat gained, as the log announced them."""
        self.epoch = 0
        self.read = 0
        self.before: tuple | None = None
        self.ender: int | None = None
        """Who took the epoch's last loot tile or last god; scores when the epoch is over."""

    def watch(self, state: dict) -> None:
        """Call before each step, with the state it starts from."""
        self.before = (bool(state["loot"]), bool(state["god_display"]), state["temple"])

    def note(self, state: dict, actor: int | None) -> None:
        """Call after each step: ``actor`` made the choice (None: a chance step)."""
        for entry in state["log"][self.read:]:
            said = entry["text"]
            if not isinstance(said, dict):  # plain words: nothing to count
                continue
            if said["say"] == RISES:
                self.epoch += 1
            elif said["say"] == GAINS:
                seat = said["args"]["seat"]
                self.sheets[seat]["Gods"] += self.epoch
                self.gained[seat].append(GODS[said["args"]["tile"]]["name"])
        self.read = len(state["log"])
        had_loot, had_gods, temple_before = self.before
        in_play = had_loot and had_gods and temple_before is not None
        if in_play and (not state["loot"] or not state["god_display"] or state["temple"] is None):
            assert actor is not None, "a chance step took the epoch's last tile"
            self.ender = actor
        if temple_before is not None and state["temple"] is None:  # the epoch is over
            assert self.ender is not None, f"epoch {self.epoch} ended with loot and gods left"
            self.sheets[self.ender]["Epoch ends"] += EPOCH_END
            self.ender = None
            if self.epoch in SCORING_EPOCHS:
                self.score_epoch(state)

    def check_gods_held(self, state: dict) -> None:
        """The lasting gods in front of each seat are the ones the log says it gained."""
        for gained, player in zip(self.gained, state["players"]):
            assert sorted(g for g in gained if g in LASTING) == sorted(GODS[t]["name"] for t in player["gods"])

    def score_epoch(self, state: dict) -> None:
        for sheet, player in zip(self.sheets, state["players"]):
            sheet["Demigods"] += sum(player["demigods"])
            sheet["Columns"] += columns_worth(len(player["columns_on"]))
            pietalte = sum(1 for tile in player["gods"] if tile in PIETALTE)
            sheet["Pietalte"] += pietalte * sum(player["tiles"].values())

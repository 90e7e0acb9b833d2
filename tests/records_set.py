"""A fixed set of play records for the stats tests, the snapshots and the screenshots."""

from __future__ import annotations

from saves.records import PlayerResult, PlayRecord
from saves.store import SaveStore

PLAYS = [
    # (date, game, [(name, score)], variant)
    ("2026-09-04T20:10:00+00:00", "almadi", [("Ann", 61), ("Bruno", 58), ("Chloe", 49)], ""),
    ("2026-09-11T20:40:00+00:00", "almadi", [("Ann", 55), ("Bruno", 63)], "Characters: yes"),
    ("2026-09-18T21:05:00+00:00", "thebai", [("Ann", 104), ("Bruno", 96), ("Chloe", 111), ("Dara", 88)], ""),
    ("2026-09-25T19:55:00+00:00", "pantheon", [("Bruno", 83), ("Chloe", 83), ("Dara", 70)], ""),
    ("2026-10-02T20:20:00+00:00", "almadi", [("Ann", 70), ("Chloe", 52), ("Dara", 57)], ""),
    ("2026-10-09T20:00:00+00:00", "polis", [("Ann", 29), ("Bruno", 28)], ""),
    ("2026-10-16T20:30:00+00:00", "thebai", [("Ann", 118), ("Bruno", 121), ("Chloe", 99)], ""),
    ("2026-10-23T21:15:00+00:00", "almadi", [("Bruno", 66), ("Chloe", 64), ("Dara", 71)], ""),
]
BREAKDOWN = {"almadi": ("Oases", "Caravans", "Palaces", "Jars", "Mosaics", "Objectives", "Rubies"),
             "thebai": ("Score track", "Council", "Estate", "City dice", "Different suits", "Same suit"),
             "pantheon": ("Gods", "Epoch end", "Demigods", "Columns"),
             "polis": ("Population", "Prestige", "Projects")}


def breakdown(game: str, score: int) -> dict[str, int]:
    """A breakdown that adds up to the score: the categories share it, the first takes the rest."""
    categories = BREAKDOWN[game]
    share = score // (len(categories) + 1)
    parts = {category: share for category in categories}
    parts[categories[0]] += score - share * len(categories)
    return parts


def records() -> list[PlayRecord]:
    made = []
    for number, (date, game, scores, variant) in enumerate(PLAYS, start=1):
        best = max(score for _, score in scores)
        players = [PlayerResult(name, score, breakdown(game, score), score == best) for name, score in scores]
        made.append(PlayRecord(f"sheet-play{number}", date, game, players, variant, "sheet", f"play{number}"))
    return made


def fill(data_dir) -> None:
    store = SaveStore(data_dir)
    for record in records():
        store.records.put(record)

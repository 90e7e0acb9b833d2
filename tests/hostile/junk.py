"""Junk in the data folder, as fixtures: each ``plant`` puts one kind of junk where Tabula reads
(games/, sheets/, seats/, a component override folder) next to a good save and a good sheet,
which every operation must still list, verify or open."""

from __future__ import annotations

import json
import os
import socket
import time
from collections.abc import Callable
from pathlib import Path

from saves.session import GameSession
from saves.store import SaveStore, Seat, record_to_dict
from tests.hostile.corpus import raw_save

GOOD_TITLE = "The good game"
GOOD_SHEET_TITLE = "The good sheet"


GOOD_PLAYER = "Goodwin"


def good_data(data_dir: Path) -> dict:
    """A good save (toy game, replays), a good sheet and a good play record; returns the save's document."""
    from saves.records import PlayerResult, PlayRecord

    store = SaveStore(data_dir)
    session = GameSession.new(store, "toy", GOOD_TITLE, [Seat("Ann", "human"), Seat("Bruno", "human")], seed=7)
    store.put_sheet("pantheon-good", {"kind": "form", "game": "pantheon", "form": "running", "players": ["Ann", "Bo"],
                                      "shared": {}, "entries": [{}, {}], "title": GOOD_SHEET_TITLE, "finished": False})
    store.records.put(PlayRecord("good-record", "2025-01-01T20:00:00+00:00", "pantheon",
                                 [PlayerResult(GOOD_PLAYER, 30, {}, True), PlayerResult("Bo", 20)], source="sheet"))
    return record_to_dict(session.record)


def record_file(content: bytes) -> Callable[[Path, dict], None]:
    def plant(data_dir: Path, good: dict) -> None:
        (data_dir / "records" / "junk-record.json").write_bytes(content)
    return plant


def save_with(**fields) -> Callable[[Path, dict], None]:
    def plant(data_dir: Path, good: dict) -> None:
        raw_save(data_dir, "junk0001", {**good, "id": "junk0001", "title": "A junk save", **fields})
    return plant


def action(actor) -> Callable[[Path, dict], None]:
    def plant(data_dir: Path, good: dict) -> None:
        raw_save(data_dir, "junk0001", {**good, "id": "junk0001", "title": "A junk save",
                                        "actions": [*good["actions"], {"a": actor, "c": "x"}]})
    return plant


def game_file(name: str, content: bytes) -> Callable[[Path, dict], None]:
    def plant(data_dir: Path, good: dict) -> None:
        (data_dir / "games" / name).write_bytes(content)
    return plant


def fifo(folder: str, name: str) -> Callable[[Path, dict], None]:
    def plant(data_dir: Path, good: dict) -> None:
        (data_dir / folder).mkdir(parents=True, exist_ok=True)
        os.mkfifo(data_dir / folder / name)
    return plant


def symlink(name: str, target: str) -> Callable[[Path, dict], None]:
    def plant(data_dir: Path, good: dict) -> None:
        os.symlink(target, data_dir / "games" / name)
    return plant


def folder_named(name: str) -> Callable[[Path, dict], None]:
    def plant(data_dir: Path, good: dict) -> None:
        (data_dir / "games" / name).mkdir()
    return plant


def stale_temp(data_dir: Path, good: dict) -> None:
    temp = data_dir / "games" / f".{good['id']}.json.tmp"
    temp.write_text('{"save": {"1": {"half": "written', encoding="utf-8")
    old = time.time() - 3600
    os.utime(temp, (old, old))


def sheet(data: object) -> Callable[[Path, dict], None]:
    def plant(data_dir: Path, good: dict) -> None:
        (data_dir / "sheets" / "pantheon-junk.json").write_text(
            json.dumps({"sheet": {"1": {"format": 1, "id": "pantheon-junk", "updated": "2025-01-01T00:00:00+00:00",
                                        "data": data}}}), encoding="utf-8")
    return plant


def good_form(**changes) -> dict:
    return {"kind": "form", "game": "pantheon", "form": "running", "players": ["Ann", "Bo"], "shared": {},
            "entries": [{}, {}], "title": "junk sheet", "finished": False, **changes}


def good_checklist(**changes) -> dict:
    return {"kind": "checklist", "game": "almadi", "players": 3, "seed": 5, "ticked": [], "title": "junk list",
            **changes}


def lease_file(content: object) -> Callable[[Path, dict], None]:
    """A seats file holding ``content``: a str as it is, else JSON (leases made when planted)."""
    def plant(data_dir: Path, good: dict) -> None:
        folder = data_dir / "seats"
        folder.mkdir(exist_ok=True)
        made = json.loads(json.dumps(content, default=lambda make: make()))
        text = content if isinstance(content, str) else json.dumps(made)
        (folder / f"{good['id']}.json").write_text(text, encoding="utf-8")
    return plant


def play_record(**changes) -> dict:
    """A play record as Tabula writes it (a Pantheon score sheet's, two players), with ``changes``."""
    return {"format": 1, "kind": "tabula-record", "id": "junk-record", "date": "2025-01-01T00:00:00+00:00",
            "game": "pantheon", "players": [player("Junk", 5, winner=True), player("Bo", 4)], "variant": "",
            "source": "sheet", "link": "", **changes}


def player(name: str = "Junk", score: object = 5, **changes) -> dict:
    return {"name": name, "score": score, "breakdown": {}, "winner": False, **changes}


BAD_RECORDS: dict[str, dict] = {
    "score-10-4000": play_record(players=[player(score=10**4000, winner=True), player("Bo", 4)]),
    "score-negative-huge": play_record(players=[player(score=-10**30, winner=True), player("Bo", 4)]),
    "points-10-4000": play_record(players=[player(breakdown={"Gods": 10**4000}), player("Bo", 4)]),
    "game-markup": play_record(game="[/]"),
    "game-unknown": play_record(game="chess"),
    "game-5mb": play_record(game="x" * (5 << 20)),
    "name-5mb": play_record(players=[player("x" * (5 << 20)), player("Bo", 4)]),
    "players-5000": play_record(players=[player(f"P{n}", n) for n in range(5000)]),
    "players-1": play_record(players=[player()]),
    "format-minus-99": play_record(format=-99),
    "format-bool": play_record(format=True),
    "categories-10000": play_record(players=[player(breakdown={f"c{n}": 1 for n in range(10_000)}), player("Bo", 4)]),
    "variant-5mb": play_record(variant="v" * (5 << 20)),
    "link-markup": play_record(link="[/]\x1b[2J"),
}
"""Play records that parse as JSON but that no Tabula writes: values out of range, games this
Tabula does not know, texts and lists of any length. (A name with markup or control characters
is a good record: it is shown as plain text.)"""


def lease(**changes) -> Callable[[], dict]:
    """A live-looking lease of this host (so every field is looked at), with ``changes``."""
    return lambda: {"holder": "h", "host": socket.gethostname(), "pid": 1, "beat": time.time(), **changes}

JUNK: dict[str, Callable[[Path, dict], None]] = {
    # save files that are not JSON, or not ours
    "nested-brackets": game_file("junk0001.json", b"[" * 200_000),
    "nested-objects": game_file("junk0001.json", b'{"save": {"1": ' + b'{"a": ' * 100_000 + b"1" + b"}" * 100_002),
    "not-json": game_file("junk0001.json", b"this is not json"),
    "empty-file": game_file("junk0001.json", b""),
    "binary": game_file("junk0001.json", bytes(range(256)) * 4),
    "not-utf8": game_file("junk0001.json", b'{"save": "\xff\xfe"}'),
    "huge-file": game_file("junk0001.json", b" " * (40 << 20) + b"{}"),
    "json-list": game_file("junk0001.json", b"[1, 2, 3]"),
    "foreign-tinydb": game_file("junk0001.json", b'{"_default": {"1": {"x": 1}}}'),
    "markup-file-name": game_file("[_]x.json", b"{}"),
    "fifo": fifo("games", "junk0001.json"),
    "fifo-odd-name": fifo("games", "[pipe].json"),
    "symlink-to-dev-zero": symlink("junk0001.json", "/dev/zero"),
    "symlink-to-nowhere": symlink("junk0001.json", "/nonexistent/file"),
    "folder-named-json": folder_named("junk0001.json"),
    "stale-temp-file": stale_temp,
    # saves whose fields are wrong
    "format-0": save_with(format=0),
    "format-negative": save_with(format=-7),
    "format-text": save_with(format="1"),
    "format-newer": save_with(format=99),
    "seat-kind-alien": save_with(seats=[{"name": "Ann", "kind": "alien"}, {"name": "Bo", "kind": "human"}]),
    "no-seats": save_with(seats=[]),
    "seat-name-number": save_with(seats=[{"name": 5, "kind": "human"}, {"name": "Bo", "kind": "human"}]),
    "hundred-seats": save_with(seats=[{"name": f"P{n}", "kind": "human"} for n in range(100)]),
    "seed-huge": save_with(seed=10**30),
    "seed-bool": save_with(seed=True),
    "options-list": save_with(options=[1, 2]),
    "options-unknown": save_with(options={"bonus": "[/]", "goal": -1}),
    "unknown-game": save_with(game="chess"),
    "status-markup": save_with(status="[/]"),
    "title-megabyte": save_with(title="x" * (1 << 20)),
    "actions-not-list": save_with(actions={"a": 0}),
    "action-player-99": action(99),
    "action-player-minus-5": action(-5),
    "action-player-10-30": action(10**30),
    "action-player-bool": action(True),
    "action-choice-number": save_with(actions=[{"a": 0, "c": 5}]),
    "updated-far-future": save_with(updated="9999-12-31T23:59:59-23:59"),
    # sheets
    "sheet-entries-numbers": sheet(good_form(entries=[1, 2, 3])),
    "sheet-players-99": sheet(good_form(players=99, entries=[{}] * 99)),
    "sheet-players-minus-1": sheet(good_checklist(players=-1)),
    "sheet-players-text": sheet(good_checklist(players="three")),
    "sheet-kind-alien": sheet(good_form(kind="alien")),
    "sheet-game-chess": sheet(good_form(game="chess")),
    "sheet-form-unknown": sheet(good_form(form="nope")),
    "sheet-shared-list": sheet(good_form(shared=[1])),
    "sheet-ticked-number": sheet(good_checklist(ticked=7)),
    "sheet-seed-text": sheet(good_checklist(seed="x")),
    "sheet-title-number": sheet(good_form(title=12)),
    "sheet-data-list": sheet([1, 2]),
    "sheet-fifo": fifo("sheets", "pantheon-junk.json"),
    "sheet-nested": lambda data_dir, good: (data_dir / "sheets" / "pantheon-junk.json").write_bytes(b"[" * 200_000),
    # seat lease files
    "lease-pid-text": lease_file({"leases": {"0": lease(pid="x")}}),
    "lease-beat-text": lease_file({"leases": {"0": lease(beat="x")}}),
    "lease-unknown-key": lease_file({"leases": {"0": lease(extra=1)}}),
    "lease-pid-huge": lease_file({"leases": {"0": lease(pid=10**30)}}),
    "lease-seat-99": lease_file({"leases": {"99": lease(), "x": lease()}}),
    "lease-flat-pid-text": lease_file({"0": lease(pid="x")}),  # the file as Tabula wrote it before owners
    "lease-flat-beat-text": lease_file({"0": lease(beat="x")}),
    "lease-flat-junk": lease_file({"0": lease(pid="x"), "zz": 5}),
    "lease-nested": lease_file("[" * 200_000),
    "lease-fifo": lambda data_dir, good: fifo("seats", f"{good['id']}.json")(data_dir, good),
    # play records
    "record-fifo": fifo("records", "junk-record.json"),
    "record-nested": record_file(b"[" * 200_000),
    "record-not-ours": record_file(b'{"record": {"1": {"kind": "something else"}}}'),
    "record-bad-players": record_file(json.dumps({"record": {"1": {
        "format": 1, "kind": "tabula-record", "id": "junk-record", "date": "2025-01-01T00:00:00+00:00", "game": "[/]",
        "players": [{"name": "\x1b[2J", "score": "x", "breakdown": [], "winner": 1}], "variant": "", "source": "sheet",
        "link": ""}}}).encode()),
    **{f"record-{name}": record_file(json.dumps({"record": {"1": record}}).encode())
       for name, record in BAD_RECORDS.items()},
}
"""Name -> how to plant it (data folder, the good save's document)."""


def plant(name: str, data_dir: Path) -> dict:
    """A data folder with the good save and sheet, and the junk called ``name``."""
    good = good_data(data_dir)
    JUNK[name](data_dir, good)
    return good

"""The list of saves comes from saves/index.py: a summary per game, used only while its file is
unchanged, so listing reads no action log twice and never shows what the file no longer says."""

import json
import os

from engine.core.text import Words
from saves.index import ROW, row_entry, summary_row
from saves.store import SaveStore, SaveSummary, Seat, summary_from

SEATS = [Seat("Ann", "human"), Seat("Bot", "random")]


def make(store, title):
    return store.create("toy", title, SEATS, {"goal": 6}, 7, "1", "abc", progress="round 1")


def act(index):
    return {"a": index % 2, "c": f"move-{index}"}


def reads(store, monkeypatch) -> list[str]:
    """The ids of the game files this store reads from now on (their header, or in full)."""
    seen = []
    for method in ("_summary_signed", "_read_signed"):
        def counting(save_id, read=getattr(store, method)):
            seen.append(save_id)
            return read(save_id)

        monkeypatch.setattr(store, method, counting)
    return seen


def test_a_second_listing_reads_only_the_files_changed_behind_its_back(store, monkeypatch):
    ids = [make(store, f"game {n}").id for n in range(5)]
    assert len(store.summaries()) == 5
    listing = SaveStore(store.data_dir)  # another process, say
    seen = reads(listing, monkeypatch)
    assert [s.title for s in listing.summaries()] == [s.title for s in store.summaries()]
    assert seen == []
    store.append(ids[2], [act(0), act(1)], at=0, progress="round 2", status="active")
    store.path_of(ids[3]).write_text(store.path_of(ids[3]).read_text())  # a change no write of Tabula's noted
    [first, *_] = listing.summaries()
    assert seen == [ids[3]]
    assert (first.id, first.progress, first.moves) == (ids[2], "round 2", 2)


def test_a_summary_follows_every_change_of_its_file(store):
    save_id = make(store, "old title").id
    store.summaries()
    store.rename(save_id, "new title")
    store.truncate(save_id, 0, progress="undone")
    [summary] = store.summaries()
    assert (summary.title, summary.progress) == ("new title", "undone")
    path = store.path_of(save_id)  # edited by hand, in place: the signature changes all the same
    data = json.loads(path.read_text())
    data["save"]["1"]["title"] = "by hand"
    path.write_text(json.dumps(data))
    assert [s.title for s in store.summaries()] == ["by hand"]
    store.delete(save_id)
    assert store.summaries() == []


def test_a_file_that_goes_bad_is_set_aside_even_if_the_index_knew_it(store):
    keep, spoil = make(store, "keep").id, make(store, "spoil").id
    store.summaries()
    store.path_of(spoil).write_text('{"save": {"1": {"form')
    assert [s.id for s in store.summaries()] == [keep]
    assert "set-aside" in Words([])(store.problems[0])


def test_an_unusable_index_is_rebuilt_and_a_bad_entry_read_again(store):
    ids = {make(store, title).id: title for title in ("one", "two")}
    store.summaries()
    index = store.data_dir / "index.json"
    data = json.loads(index.read_text())
    first = next(iter(data["games"]))
    data["games"][first][3 + ROW.index("title")] = ["not", "text"]
    index.write_text(json.dumps(data))
    assert sorted(s.title for s in SaveStore(store.data_dir).summaries()) == ["one", "two"]
    for garbage in ("{not json", "[]", '{"kind": "something else"}'):
        index.write_text(garbage)
        fresh = SaveStore(store.data_dir)  # a process starting now
        assert {s.id: s.title for s in fresh.summaries()} == ids
        assert json.loads(index.read_text())["kind"] == "tabula-save-index" and fresh.problems == []


def test_listing_writes_the_index_only_when_something_changed(store):
    make(store, "one")
    store.summaries()
    index = store.data_dir / "index.json"
    stamp = os.stat(index).st_mtime_ns, os.stat(index).st_ino
    store.summaries()
    SaveStore(store.data_dir).summaries()
    assert (os.stat(index).st_mtime_ns, os.stat(index).st_ino) == stamp


def test_every_write_keeps_the_index_up_to_date_so_a_folder_is_read_once(store, monkeypatch):
    """A write notes its summary in the index's change log (a line: the index itself is only
    rewritten by a listing), so no listing, in any process, reads a game file again."""
    ids = [make(store, f"game {n}").id for n in range(3)]
    before = (store.data_dir / "index.json").read_bytes() if (store.data_dir / "index.json").exists() else None
    store.append(ids[0], [act(0)], at=0, progress="round 2", status="active")
    store.rename(ids[1], "renamed")
    store.truncate(ids[0], 0, progress="undone")
    index = store.data_dir / "index.json"
    assert (index.read_bytes() if index.exists() else None) == before
    listing = SaveStore(store.data_dir)  # another process
    seen = reads(listing, monkeypatch)
    summaries = {s.id: s for s in listing.summaries()}
    assert seen == []
    assert (summaries[ids[0]].progress, summaries[ids[0]].moves, summaries[ids[1]].title) == ("undone", 0, "renamed")
    assert not listing.index.changes.exists() and json.loads(index.read_text())["games"].keys() == set(ids)


def test_an_entry_reads_back_as_the_summary_it_was_written_from():
    """Each field of ROW is read from its place in an entry (every value here tells its field)."""
    summary = SaveSummary("id1", "toy", "title", "rules 1", "data 1", {"goal": 6}, 7,
                          [Seat("Ann", "human"), Seat("Bot", "random")], "active", "round 2", "2025-01-01",
                          "2025-01-02", seed_chosen=True, progress_said={"say": "round {n}", "args": {"n": 2}},
                          to_move=[1], moves=3)
    signed = (11, 12, 13)
    assert row_entry("id1", json.loads(json.dumps(summary_row(signed, summary))), summary_from) == (signed, summary)


def test_a_change_log_line_that_is_not_a_summary_is_not_believed(store, monkeypatch):
    save_id = make(store, "one").id
    log = store.index.changes
    lines = log.read_text().splitlines()
    row = json.loads(lines[0])
    row[1 + 3 + ROW.index("title")] = "\x1b[31m" * 1000  # over the length a title may have
    log.write_text("\n".join([json.dumps(row), "{not json", "[]", '"text"']) + "\n")
    listing = SaveStore(store.data_dir)
    seen = reads(listing, monkeypatch)
    assert [s.title for s in listing.summaries()] == ["one"] and seen == [save_id]

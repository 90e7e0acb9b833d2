import json
import os

import pytest
from tinydb import TinyDB

from saves import storage
from saves.storage import AtomicJSONStorage, DocumentFile, UnreadableFile, atomic_write_text


def test_atomic_write_goes_through_a_synced_temp_file_in_the_same_folder(tmp_path, monkeypatch):
    target = tmp_path / "game.json"
    target.write_text("old")
    replaced, synced_dirs = [], []
    real_replace = os.replace
    monkeypatch.setattr(storage.os, "replace", lambda src, dst: (replaced.append((src, dst)), real_replace(src, dst)))
    monkeypatch.setattr(storage, "fsync_dir", synced_dirs.append)

    atomic_write_text(target, "new")

    assert target.read_text() == "new"
    [(source, destination)] = replaced
    assert os.path.dirname(source) == str(tmp_path) and destination == target
    assert synced_dirs == [tmp_path]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_a_write_that_fails_midway_leaves_the_old_file_whole_and_no_temp(tmp_path, monkeypatch):
    target = tmp_path / "game.json"
    target.write_text('{"kept": true}')

    def crash(*_):
        raise OSError("disk unplugged")

    monkeypatch.setattr(storage.os, "fsync", crash)
    with pytest.raises(OSError):
        atomic_write_text(target, '{"kept": false}')
    assert json.loads(target.read_text()) == {"kept": True}
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_tinydb_works_on_the_atomic_storage_and_reads_another_writers_changes(tmp_path):
    path = tmp_path / "db.json"
    with TinyDB(path, storage=AtomicJSONStorage) as first, TinyDB(path, storage=AtomicJSONStorage) as second:
        first.insert({"move": 1})
        assert second.all() == [{"move": 1}]
        second.insert({"move": 2})
        assert [doc["move"] for doc in first.all()] == [1, 2]


def test_storage_reads_nothing_for_a_missing_file_and_refuses_garbage(tmp_path):
    assert AtomicJSONStorage(tmp_path / "missing.json").read() is None
    assert not (tmp_path / "missing.json").exists()  # reading never creates the file
    (tmp_path / "bad.json").write_text('{"save": {"1": ')
    with pytest.raises(UnreadableFile, match="not valid JSON"):
        AtomicJSONStorage(tmp_path / "bad.json").read()
    (tmp_path / "list.json").write_text("[1, 2]")
    with pytest.raises(UnreadableFile, match="not a Tabula file"):
        AtomicJSONStorage(tmp_path / "list.json").read()


def test_document_file_create_update_and_leftover_temps(tmp_path):
    file = DocumentFile(tmp_path / "x.json", tmp_path / "x.lock", "save")
    file.create({"n": 1})
    with pytest.raises(FileExistsError):
        file.create({"n": 2})
    leftover = tmp_path / ".x.json.tmp"  # as left by a writer killed before its rename
    leftover.write_text('{"save": {"1": {"n": 1000, "half-writ')

    written = file.update(lambda doc: doc.update(n=doc["n"] + 1))

    assert written == {"n": 2} and file.read() == {"n": 2}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.json", "x.lock"]


def test_document_file_update_reads_the_file_once_and_keeps_what_else_it_holds(tmp_path, monkeypatch):
    file = DocumentFile(tmp_path / "x.json", tmp_path / "x.lock", "save")
    file.create({"n": 1, "actions": [{"a": 0}]})
    with TinyDB(file.path, storage=AtomicJSONStorage) as db:
        db.table("notes").insert({"kept": True})
    parsed = []
    real_parse = storage.parse_json
    monkeypatch.setattr(storage, "parse_json", lambda raw: (parsed.append(raw), real_parse(raw))[1])

    file.update(lambda doc: doc["actions"].append({"a": 1}))

    assert len(parsed) == 1
    with TinyDB(file.path, storage=AtomicJSONStorage) as db:
        assert db.table("save").get(doc_id=1) == {"n": 1, "actions": [{"a": 0}, {"a": 1}]}
        assert db.table("notes").all() == [{"kept": True}]


def test_document_file_update_that_raises_writes_nothing(tmp_path):
    file = DocumentFile(tmp_path / "x.json", tmp_path / "x.lock", "save")
    file.create({"n": 1})
    before = file.path.read_bytes()

    def refuse(doc):
        doc["n"] = 99
        raise RuntimeError("no")

    with pytest.raises(RuntimeError):
        file.update(refuse)
    assert file.path.read_bytes() == before


def test_document_file_rejects_a_tinydb_file_of_another_program(tmp_path):
    path = tmp_path / "other.json"
    with TinyDB(path) as db:
        db.insert({"someone": "else"})
    with pytest.raises(UnreadableFile, match="no 'save' document"):
        DocumentFile(path, tmp_path / "other.lock", "save").read()

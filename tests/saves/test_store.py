import json
import os
import time

import pytest
from tinydb import TinyDB

from engine.core.text import Words
from saves import paths, storage
from saves import waiting as waiting_module
from saves.store import (
    SaveConflict,
    SaveExists,
    SaveFormatError,
    SaveNotFound,
    SaveStore,
    SaveUnreadable,
    Seat,
    record_to_dict,
)
from saves.waiting import WaitingFile, my_games_of

SEATS = [Seat("Ann", "human"), Seat("Bot", "random")]


def make(store, title="Friday game", actions=()):
    return store.create("toy", title, SEATS, {"goal": 6}, 7, "1", "abc", actions=list(actions), progress="round 1")


def act(index):
    return {"a": index % 2, "c": f"move-{index}"}


def test_create_and_load_keep_every_field(store):
    made = make(store)
    loaded = store.load(made.id)
    assert loaded == made
    assert (loaded.game, loaded.title, loaded.seed, loaded.options) == ("toy", "Friday game", 7, {"goal": 6})
    assert loaded.seats == SEATS and loaded.status == "active" and loaded.actions == []
    assert loaded.rules_version == "1" and loaded.data_version == "abc"
    assert loaded.created and loaded.updated >= loaded.created
    assert store.path_of(made.id) == store.data_dir / "games" / f"{made.id}.json"


def test_append_at_the_expected_index_and_conflict_otherwise(store):
    save_id = make(store).id
    store.append(save_id, [act(0), act(1)], at=0, progress="round 2", status="active")
    store.append(save_id, [act(2)], at=2, progress="round 3", status="finished")
    before = store.path_of(save_id).read_bytes()

    for stale in (0, 2, 4):
        with pytest.raises(SaveConflict, match="has 3 actions"):
            store.append(save_id, [act(9)], at=stale, progress="x", status="active")

    assert store.path_of(save_id).read_bytes() == before
    record = store.load(save_id)
    assert record.actions == [act(0), act(1), act(2)]
    assert (record.progress, record.status) == ("round 3", "finished")


def test_append_refuses_malformed_actions_and_statuses(store):
    save_id = make(store).id
    with pytest.raises(SaveFormatError):
        store.append(save_id, [{"a": "0", "c": "x"}], at=0, progress="", status="active")
    with pytest.raises(ValueError):
        store.append(save_id, [act(0)], at=0, progress="", status="paused")
    assert store.load(save_id).actions == []


def test_truncate_undoes_and_checks_the_length_it_expects(store):
    save_id = make(store, actions=[act(i) for i in range(5)]).id
    store.truncate(save_id, 4, progress="undone", at=5)
    assert store.load(save_id).actions == [act(i) for i in range(4)]
    with pytest.raises(SaveConflict):
        store.truncate(save_id, 3, progress="undone", at=5)
    with pytest.raises(SaveConflict):
        store.truncate(save_id, 9, progress="undone")
    assert len(store.load(save_id).actions) == 4


def test_missing_saves_are_reported_by_id(store):
    for call in (lambda: store.load("nope"), lambda: store.append("nope", [], at=0, progress="", status="active"),
                 lambda: store.load("../../etc/passwd"), lambda: store.delete("nope")):
        with pytest.raises(SaveNotFound):
            call()


def test_summaries_list_most_recently_played_first(store):
    first = make(store, "one")
    for title in ("two", "three"):
        time.sleep(0.002)  # times are kept to the millisecond: two saves in one are a tie
        make(store, title)
    time.sleep(0.002)
    store.append(first.id, [act(0)], at=0, progress="", status="active")
    assert [r.title for r in store.summaries()] == ["one", "three", "two"]


def test_rename_and_delete_move_nothing_out_of_reach(store):
    save_id = make(store).id
    store.rename(save_id, "Renamed")
    assert store.load(save_id).title == "Renamed"
    store.delete(save_id)
    assert store.summaries() == []
    [trashed] = (store.data_dir / "trash").iterdir()
    assert json.loads(trashed.read_text())["save"]["1"]["title"] == "Renamed"


@pytest.mark.parametrize("content, reason", [
    ('{"save": {"1": {"format": 1, "kind": "tabula-sa', "not valid JSON"),
    ('{"settings": {"theme": "dark"}}', "not a Tabula file"),
    ('{"save": {"1": {"format": 1, "kind": "tabula-save", "id": "x"}}}', "field 'game' is missing"),
    ("\udcff", "cannot read it"),
])
def test_unreadable_or_foreign_files_are_set_aside_with_a_message(store, content, reason):
    good = make(store, "still here")
    bad = store.data_dir / "games" / "broken.json"
    if content == "\udcff":
        bad.write_bytes(b"\xff\xfe\x00garbage")
        reason = "cannot read it|not valid JSON|not UTF-8"
    else:
        bad.write_text(content)
    original = bad.read_bytes()

    assert [r.title for r in store.summaries()] == ["still here"]

    message = Words([])(*store.problems)
    assert "broken.json" in message and "set-aside" in message
    assert any(part in message for part in reason.split("|"))
    [moved] = (store.data_dir / "set-aside").iterdir()
    assert moved.name.startswith("broken.json.") and moved.read_bytes() == original
    assert not bad.exists()
    assert store.load(good.id).title == "still here"


def test_a_listing_beside_one_setting_a_file_aside_reports_that_file(store, monkeypatch):
    """Home and Resume list the saves in two threads: the second must not come back empty-handed
    while the first has moved a broken file but not yet noted why."""
    import threading

    from saves import store as store_module

    (store.data_dir / "games" / "broken.json").write_text("{oops")
    moved, go = threading.Event(), threading.Event()
    move_into = store_module.move_into

    def slow_move_into(path, folder):
        target = move_into(path, folder)
        moved.set()
        go.wait(10)
        return target

    monkeypatch.setattr(store_module, "move_into", slow_move_into)
    first = threading.Thread(target=store.summaries)
    first.start()
    assert moved.wait(10)
    seen = []
    second = threading.Thread(target=lambda: seen.append((store.summaries(), list(store.problems))))
    second.start()
    second.join(2)  # without one listing at a time, the second is done here, and has seen no problem
    go.set()
    first.join(10)
    second.join(10)
    [(listed, problems)] = seen
    assert listed == [] and len(problems) == 1 and "broken.json could not be used" in Words([])(problems[0])


def test_loading_a_corrupt_save_explains_and_sets_it_aside(store):
    save_id = make(store).id
    store.path_of(save_id).write_text('{"save": {"1": {"form')
    with pytest.raises(SaveUnreadable, match="not valid JSON"):
        store.load(save_id)
    with pytest.raises(SaveNotFound):
        store.load(save_id)
    assert len(list((store.data_dir / "set-aside").iterdir())) == 1


def test_a_foreign_tinydb_file_is_never_modified_by_append(store):
    path = store.data_dir / "games" / "other.json"
    with TinyDB(path) as db:
        db.insert({"someone": "else"})
    original = path.read_bytes()
    with pytest.raises(SaveUnreadable):
        store.append("other", [act(0)], at=0, progress="", status="active")
    [moved] = (store.data_dir / "set-aside").iterdir()
    assert moved.read_bytes() == original


def test_a_save_from_a_newer_tabula_is_left_in_place(store):
    data = record_to_dict(make(store))
    data["format"] = 99
    path = store.data_dir / "games" / "future.json"
    path.write_text(json.dumps({"save": {"1": data}}))
    assert len(store.summaries()) == 1
    assert path.exists() and "newer Tabula" in Words([])(store.problems[0])
    store.summaries()
    assert len(store.problems) == 1


def test_append_touches_only_its_own_files_among_a_thousand_saves(store, monkeypatch):
    template = store.path_of(make(store).id).read_text()
    for index in range(1000):
        (store.data_dir / "games" / f"other{index}.json").write_text(template)
    save_id = make(store, "mine").id
    mine = store.path_of(save_id)
    monkeypatch.setattr(waiting_module, "MOST_GAMES", 2000)  # the local player has a file even with this many
    my_games_of(store, None)  # the local player's waiting file is made
    waiting = WaitingFile(store.data_dir, None)
    opened, read, written = [], [], []
    real_open, real_read, real_write = os.open, storage.AtomicJSONStorage.read_signed, storage.atomic_write_text
    monkeypatch.setattr(storage.os, "open",
                        lambda path, *a, **k: (opened.append(os.fspath(path)), real_open(path, *a, **k))[1])
    monkeypatch.setattr(storage.AtomicJSONStorage, "read_signed",
                        lambda self: (read.append(self.path), real_read(self))[1])
    monkeypatch.setattr(storage, "atomic_write_text",
                        lambda path, text: (written.append(path), real_write(path, text))[1])

    def no_listing(*_):
        raise AssertionError("append must not list a folder")

    monkeypatch.setattr(os, "scandir", no_listing)
    monkeypatch.setattr(os, "listdir", no_listing)

    store.append(save_id, [act(0)], at=0, progress="", status="active")

    assert read == [mine] and written == [mine]  # read once, written once
    assert waiting.read()[save_id][2].moves == 1
    allowed = {str(mine), str(mine.parent), str(store.data_dir / "locks" / f"game-{save_id}.lock"),
               str(store.index.changes),  # one line for the index, whatever the number of saves
               str(store.data_dir / "seats" / f"{save_id}.json"),  # who owns its seats: nobody
               str(waiting.path), str(waiting.path.parent), waiting.lock.lock_file}  # the game's players' games
    assert {p for p in opened if not os.path.basename(p).startswith(f".{mine.name}.")} <= allowed


def test_export_import_round_trip(store, tmp_path):
    original = make(store, actions=[act(0), act(1)])
    exported = store.export(original.id)
    json.dumps(exported)  # plain JSON

    other = SaveStore(tmp_path / "elsewhere")
    imported = other.import_(exported)
    assert imported == original and other.load(original.id) == original

    with pytest.raises(SaveExists, match=f"already saved here as {original.id}"):
        store.import_(exported)
    renamed = {**exported, "id": "someotherid", "title": "Renamed"}
    with pytest.raises(SaveExists, match=f"already saved here as {original.id}"):  # the same game by any name
        store.import_(renamed)
    again = store.import_(exported, as_copy=True)
    assert again.id != original.id
    assert (again.title, again.actions, again.seats) == (f"{original.title} (copy)", original.actions, original.seats)
    assert len(store.summaries()) == 2
    other_game = {**exported, "seed": exported["seed"] + 1}
    assert store.import_(other_game).title == original.title  # another game with that id: a new id, no copy


@pytest.mark.parametrize("bad", [
    {"hello": "world"},
    [1, 2, 3],
    "text",
    {"format": 1, "kind": "tabula-save"},
])
def test_import_refuses_data_that_is_not_a_save(store, bad):
    with pytest.raises(SaveFormatError):
        store.import_(bad)
    assert store.summaries() == []


def test_import_of_a_broken_action_log_is_refused(store):
    data = store.export(make(store).id)
    data["actions"] = [{"a": 0}]
    with pytest.raises(SaveFormatError, match="action 0"):
        store.import_(data)


def test_sheets_round_trip_and_list(store):
    store.put_sheet("score-pad", {"rows": [["Ann", 3]]})
    store.put_sheet("checklist", {"done": ["setup"]})
    store.put_sheet("score-pad", {"rows": [["Ann", 5]]})
    assert store.get_sheet("score-pad") == {"rows": [["Ann", 5]]}
    listed = store.sheets()
    assert [s["id"] for s in listed] == ["score-pad", "checklist"]
    assert listed[0]["rows"] == [["Ann", 5]] and "updated" in listed[0]
    with pytest.raises(SaveNotFound):
        store.get_sheet("nothing")
    with pytest.raises(ValueError):
        store.put_sheet("../escape", {})


def test_a_corrupt_sheet_is_set_aside_not_overwritten(store):
    store.put_sheet("good", {"n": 1})
    bad = store.data_dir / "sheets" / "pad.json"
    bad.write_text("{oops")
    assert [s["id"] for s in store.sheets()] == ["good"]
    assert "pad.json" in Words([])(store.problems[0])
    bad.write_text("{oops again")
    store.put_sheet("pad", {"n": 2})
    assert store.get_sheet("pad") == {"n": 2}
    assert sorted(p.read_text() for p in (store.data_dir / "set-aside").iterdir()) == ["{oops", "{oops again"]


def test_data_dir_comes_from_the_environment_or_the_user_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("TABULA_DATA_DIR", str(tmp_path / "env"))
    assert paths.default_data_dir() == tmp_path / "env"
    assert paths.resolve_data_dir(tmp_path / "flag") == tmp_path / "flag"
    monkeypatch.delenv("TABULA_DATA_DIR")
    assert paths.default_data_dir().name == "tabula"
    assert paths.resolve_data_dir(None) == paths.default_data_dir()


def test_a_lock_held_too_long_is_a_clear_save_error(store, monkeypatch):
    from filelock import FileLock

    from saves.store import LockTimeout, SaveError

    save_id = make(store).id
    monkeypatch.setattr(storage, "LOCK_TIMEOUT", 0.05)
    with FileLock(store.data_dir / "locks" / f"game-{save_id}.lock"):  # as another process would
        with pytest.raises(LockTimeout, match="locked by another Tabula process") as caught:
            store.append(save_id, [act(0)], at=0, progress="", status="active")
    assert isinstance(caught.value, SaveError)
    store.append(save_id, [act(0)], at=0, progress="", status="active")
    assert store.load(save_id).actions == [act(0)]

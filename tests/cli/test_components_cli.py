"""`tabula components list | export SET [-o FILE] | import FILE [--as ID] | check SET`: a set
travels as one file, a file that is not a set is refused with why and nothing written, and an
imported set is played with in another data folder."""

from __future__ import annotations

import copy
import json

import pytest

from engine.component_sets import find_set
from engine.core import components
from engine.registry import BUILT_IN_GAMES
from saves.session import GameSession
from saves.store import SaveStore, Seat
from tui import cli


@pytest.fixture(autouse=True)
def built_in_after():
    yield
    for game in BUILT_IN_GAMES:
        components.select(game, None)


def run(capsys, *argv):
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def landscape(**change) -> dict:
    record = copy.deepcopy(components.builtin_records("almadi", "landscapes")[0])
    return {**record, "provenance": "owner", **change}


def set_file(tmp_path, records: list, name: str = "My box", file: str = "set.json"):
    path = tmp_path / file
    path.write_text(json.dumps({"kind": "tabula-component-set", "format": 1, "name": name,
                                "games": {"almadi": {"landscapes": records}}}))
    return path


NEW_FACE = {"top": "ruby", "right": "moon", "bottom": "arrow", "left": "arrow"}


def test_import_list_check_export_and_play_in_another_data_folder(capsys, data_dir, tmp_path):
    status, out, _ = run(capsys, "components", "import", str(set_file(tmp_path, [landscape(sides=NEW_FACE)])))
    assert status == 0 and "Imported the component set 'My box' as my-box" in out
    assert "almadi: playable with 'My box'" in out
    status, out, _ = run(capsys, "components", "list")
    assert status == 0 and "my-box · My box: almadi (1 record, playable)" in out
    status, out, _ = run(capsys, "components", "check", "my-box")
    assert status == 0 and "almadi: playable" in out

    exported = tmp_path / "box.json"
    status, out, _ = run(capsys, "components", "export", "my-box", "-o", str(exported))
    assert status == 0 and json.loads(exported.read_text())["games"]["almadi"]["landscapes"][0]["sides"] == NEW_FACE
    other = tmp_path / "other"
    status, out, _ = run(capsys, "--data-dir", str(other), "components", "import", str(exported))
    assert status == 0
    session = GameSession.new(SaveStore(other), "almadi", "t", [Seat("Ann", "human"), Seat("Bob", "normal")],
                              seed=3, component_set=find_set(other, "my-box"))
    from engine.almadi.catalog import catalog

    assert catalog().faces["O01"] == ("O", ("ruby", "moon", "arrow", "arrow"))
    assert session.record.component_set.name == "My box"


def test_a_set_with_problems_is_kept_and_check_names_each_by_game_file_and_record(capsys, data_dir, tmp_path):
    bad = [landscape(id="O02", sides=dict.fromkeys(NEW_FACE, "ruby")), landscape(id="O23")]
    status, out, _ = run(capsys, "components", "import", str(set_file(tmp_path, bad, name="Club copy")))
    assert status == 1 and "Imported the component set 'Club copy' as club-copy" in out
    status, out, _ = run(capsys, "components", "check", "club-copy")
    assert status == 1
    assert "almadi/landscapes/O02: set 'Club copy': record 'O02': a tile needs at least one arrow" in out
    assert "almadi/landscapes/O23: set 'Club copy': expected 88 landscapes, found 89" in out
    status, out, _ = run(capsys, "components", "list")
    assert "club-copy · Club copy: almadi (2 records, 2 problems)" in out


def test_the_host_offers_a_playable_set_first_for_a_game(capsys, data_dir, tmp_path):
    from engine.component_sets import read_defaults

    run(capsys, "components", "import", str(set_file(tmp_path, [landscape(sides=NEW_FACE)])))
    run(capsys, "components", "import", "--as", "broken", str(set_file(tmp_path, [landscape(id="O23")], file="b.json")))
    status, out, _ = run(capsys, "components", "default", "almadi", "my-box")
    assert status == 0 and "New almadi games offer 'My box' first" in out
    assert read_defaults(data_dir) == {"almadi": "my-box"}
    status, out, _ = run(capsys, "components", "list")
    assert "my-box · My box: almadi (1 record, playable, offered first)" in out

    for argv, why in ((("thebai", "my-box"), "changes nothing of thebai"), (("almadi", "broken"), "cannot be played"),
                      (("go", "my-box"), "'go' is not a game with components"),
                      (("almadi", "nothing"), "there is no component set 'nothing'")):
        status, _, err = run(capsys, "components", "default", *argv)
        assert status != 0 and why in " ".join(err.split())
        assert read_defaults(data_dir) == {"almadi": "my-box"}
    status, out, _ = run(capsys, "components", "default", "almadi")
    assert status == 0 and read_defaults(data_dir) == {}

    (data_dir / "components" / "defaults.json").write_text('{"almadi": "../../etc"}')
    status, out, _ = run(capsys, "components", "list")
    assert status == 0 and "cannot be read" in out and "my-box · My box" in out


def test_an_existing_set_is_never_overwritten(capsys, data_dir, tmp_path):
    run(capsys, "components", "import", str(set_file(tmp_path, [landscape(sides=NEW_FACE)])))
    kept = (data_dir / "components" / "my-box" / "almadi" / "landscapes.json").read_bytes()
    status, _, err = run(capsys, "components", "import", str(set_file(tmp_path, [landscape()], file="b.json")))
    assert status == 1 and "a component set 'my-box' is kept already: nothing was imported" in " ".join(err.split())
    assert (data_dir / "components" / "my-box" / "almadi" / "landscapes.json").read_bytes() == kept
    status, out, _ = run(capsys, "components", "import", "--as", "second", str(tmp_path / "b.json"))
    assert status == 0 and "as second" in out


@pytest.mark.parametrize(("content", "why"), [
    (b"{" * 10, "not valid JSON"),
    (b"[" * 200 + b"]" * 200, "nested too deeply"),
    (json.dumps({"kind": "tabula-component-set", "format": 1, "name": "x\x07",
                 "games": {}}).encode(), "plain text"),
    (json.dumps({"kind": "tabula-component-set", "format": 1, "name": "x", "games": {"almadi": {
        "landscapes": [{"id": "O01", "provenance": "owner", "label": "\x1b]52;c;x\x07"}]}}}).encode(),
     "control character"),
    (json.dumps({"kind": "tabula-component-set", "format": 1, "name": "x",
                 "games": {"almadi": {"landscapes": [{"id": "O01", "provenance": "owner", "n": 1e300}]}}}).encode(),
     "is not a whole number"),
    (json.dumps({"kind": "tabula-component-set", "format": 1, "name": "x",
                 "games": {"go": {"stones": [{"id": "s", "provenance": "owner"}]}}}).encode(),
     "'go' is not a game with components"),
    (json.dumps({"kind": "tabula-component-set", "format": 1, "name": "x",
                 "games": {"almadi": {"camels": [{"id": "s", "provenance": "owner"}]}}}).encode(),
     "'camels' is not one of its data files"),
    (json.dumps({"kind": "tabula-component-set", "format": 1, "name": "x",
                 "games": {"almadi": {"landscapes": [{"id": "O01", "provenance": "owner"}] * 2}}}).encode(),
     "duplicate id 'O01'"),
    (json.dumps({"kind": "tabula-save", "format": 1}).encode(), "not a Tabula component set"),
])
def test_a_hostile_file_is_refused_with_why_and_nothing_written(capsys, data_dir, tmp_path, content, why):
    path = tmp_path / "hostile.json"
    path.write_bytes(content)
    status, _, err = run(capsys, "components", "import", str(path))
    said = " ".join(err.split())
    assert status == 1 and why in said and "Nothing was imported" in said
    assert not (data_dir / "components").exists() or not any((data_dir / "components").iterdir())


def test_a_file_too_large_is_refused_unread(capsys, data_dir, tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (components.MAX_USER_FILE + 1))
    status, _, err = run(capsys, "components", "import", str(path))
    assert status == 2 and "too large" in err
    assert not (data_dir / "components").exists()


def test_no_set_and_an_unknown_set_are_said(capsys, data_dir):
    status, out, _ = run(capsys, "components", "list")
    assert status == 0 and "No component sets" in out
    status, _, err = run(capsys, "components", "check", "nothing")
    assert status == 2 and "there is no component set 'nothing'" in err

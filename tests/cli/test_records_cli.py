"""`tabula records list|export [--csv|--json] [-o FILE]|import FILE`."""

from __future__ import annotations

import json

from tests import records_set
from tui import cli


def run(capsys, *argv):
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_list_shows_every_play(capsys, data_dir):
    records_set.fill(data_dir)
    status, out, _ = run(capsys, "records", "list")
    assert status == 0
    assert out.count("sheet play") == len(records_set.PLAYS)
    assert "Ann 61, Bruno 58, Chloe 49" in out and "Bruno and Chloe" in out  # the shared Pantheon win
    assert "Almadi (Characters: yes)" in out


def test_an_empty_list_says_so(capsys, data_dir):
    status, out, _ = run(capsys, "records", "list")
    assert status == 0 and "No play records" in out


def test_export_import_round_trip_json_and_csv(capsys, data_dir, tmp_path):
    records_set.fill(data_dir)
    status, out, _ = run(capsys, "records", "export")
    assert status == 0 and len(json.loads(out)["records"]) == len(records_set.PLAYS)
    for flag, name in (("--json", "r.json"), ("--csv", "r.csv")):
        target = tmp_path / name
        status, out, _ = run(capsys, "records", "export", flag, "-o", str(target))
        assert status == 0 and target.exists()
        other = tmp_path / f"other-{name}"
        status, out, _ = run(capsys, "--data-dir", str(other), "records", "import", str(target))
        assert status == 0 and f"Imported {len(records_set.PLAYS)} play records; 0 already recorded" in out
        status, out, _ = run(capsys, "--data-dir", str(other), "records", "import", str(target))
        assert f"Imported 0 play records; {len(records_set.PLAYS)} already recorded" in out
        status, again, _ = run(capsys, "--data-dir", str(other), "records", "export")
        status, mine, _ = run(capsys, "records", "export")
        assert json.loads(again) == json.loads(mine)


def test_a_bad_import_is_refused_with_the_reason(capsys, data_dir, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"kind": "tabula-records", "format": 1, "records": [{"kind": "tabula-record"}]}))
    status, _, err = run(capsys, "records", "import", str(bad))
    assert status == 1 and "records[0]:" in err and "Traceback" not in err
    junk = tmp_path / "junk.csv"
    junk.write_text("a,b\n1,2\n")
    status, _, err = run(capsys, "records", "import", str(junk))
    assert status == 1 and "expected a CSV export" in err
    status, _, err = run(capsys, "records", "import", str(tmp_path / "missing.json"))
    assert status == 2 and "cannot read" in err


def test_list_marks_a_bot(capsys, data_dir):
    from saves.records import PlayerResult, PlayRecord
    from saves.store import SaveStore

    players = [PlayerResult("Ann", 90, {}, True), PlayerResult("Bruno", 80, {}, False, "hard")]
    SaveStore(data_dir).records.put(PlayRecord("game-1", "2026-11-06T20:00:00+00:00", "thebai", players))
    status, out, _ = run(capsys, "records", "list")
    assert status == 0 and "Ann 90, Bruno (hard bot) 80" in out


def test_list_says_who_conceded_and_whose_seat_a_bot_took_over(capsys, data_dir):
    from saves.records import PlayerResult, PlayRecord
    from saves.store import SaveStore

    players = [PlayerResult("Ann", 90, {}, True), PlayerResult("Bruno", 80, {}, False, "", "conceded"),
               PlayerResult("Cleo", 85, {}, False, "", "abandoned")]
    SaveStore(data_dir).records.put(PlayRecord("game-1", "2026-11-06T20:00:00+00:00", "thebai", players))
    status, out, _ = run(capsys, "records", "list")
    text = " ".join(out.replace("│", " ").split())
    assert status == 0 and "Bruno 80 (conceded)" in text and "Cleo 85 (abandoned: a bot took over)" in text


def test_an_import_says_in_japanese_which_records_it_refused_and_why(capsys, data_dir, tmp_path):
    from tests.tui.test_catalogue_complete import english_in

    records_set.fill(data_dir)
    export = json.loads(run(capsys, "records", "export")[1])
    good = export["records"][0]
    export["records"] = [good, {**good, "id": "late", "date": "yesterday"}, {**good, "id": "few", "players": []},
                         {**good, "kind": "recipe"}]
    path = tmp_path / "mixed.json"
    path.write_text(json.dumps(export))
    other = str(tmp_path / "other")
    status, out, err = run(capsys, "--data-dir", other, "records", "import", str(path), "--lang", "ja")
    assert status == 1 and "'yesterday'" in out and "records[3]" in out, out
    said = (out + err).replace(str(path), "")
    assert not english_in(said), english_in(said)

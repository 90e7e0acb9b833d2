"""The CLI prints text from saves as plain text: no markup error, no live link, no terminal
control, whether its output is a pipe or a real terminal."""

from __future__ import annotations

import json
import os
import pty
import select
import sys
import time
from pathlib import Path

from saves.store import SaveStore
from tests.hostile.corpus import CONTROL, ESCAPE_OUTPUT, HOSTILE, MARKUP, bad_characters, real_save
from tui import cli

CODE = str(Path(cli.__file__).parents[2])
"""The checkout under test, for child processes (whatever the current folder)."""


def run(capsys, *argv):
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def hostile_saves(data_dir) -> list[dict]:
    return [real_save(data_dir, names=(text, "Bruno"), kinds=("human", "random"), title=text, progress=text,
                      updated=text) for text in HOSTILE]


def test_saves_list_shows_hostile_fields_literally(capsys, data_dir, toy):
    hostile_saves(data_dir)
    status, out, err = run(capsys, "saves", "list")
    assert status == 0, err
    assert not bad_characters(out), bad_characters(out)
    for text in MARKUP:
        assert text in out
    assert "\x1b]8;" not in out  # no hyperlink


def test_saves_verify_with_hostile_titles_checks_every_save(capsys, data_dir, toy):
    hostile_saves(data_dir)
    real_save(data_dir, title="[/x]", actions=[{"a": 0, "c": "[/]nonsense"}])
    status, out, err = run(capsys, "saves", "verify")
    assert status == 1, err
    assert not bad_characters(out + err)
    assert "Does not replay" in out and "[/x]" in out
    assert f"{len(HOSTILE)} of {len(HOSTILE) + 1} saved games replay" in out


def test_a_bad_status_is_set_aside_with_a_plain_message(capsys, data_dir, toy):
    real_save(data_dir, status="[/]")
    real_save(data_dir, status="\x1b[2J")
    status, out, err = run(capsys, "saves", "list")
    assert status == 0, err
    assert "could not be used" in out and "[/]" in out and not bad_characters(out)


def test_import_of_a_hostile_title_imports_once_and_says_so(capsys, data_dir, toy, tmp_path):
    for number, text in enumerate(HOSTILE):
        document = real_save(tmp_path / "elsewhere", title=text)
        exported = tmp_path / f"hostile-{number}.json"
        exported.write_text(json.dumps(document), encoding="utf-8")
        status, out, err = run(capsys, "saves", "import", str(exported))
        assert status == 0, err
        assert "Imported" in out and not bad_characters(out + err)
    assert sorted(record.title for record in SaveStore(data_dir).summaries()) == sorted(HOSTILE)


def test_export_to_a_terminal_writes_control_characters_as_json_escapes(capsys, data_dir, toy):
    documents = hostile_saves(data_dir)
    for document in documents:
        status, out, _ = run(capsys, "saves", "export", document["id"])
        assert status == 0 and not bad_characters(out.replace("\n", ""))
        assert json.loads(out)["title"] == document["title"]


def test_join_names_the_seats_plainly(capsys, data_dir, toy):
    real_save(data_dir, names=("\x1b]0;pwned\x07", "[/]"), title="\x1b[2J")
    record = SaveStore(data_dir).summaries()[0]
    status, out, err = run(capsys, "join", record.id, "--seat", "C")
    assert status == 2 and "not a human seat" in err
    assert not bad_characters(err)


def pty_output(argv: list[str], env: dict[str, str], timeout: float = 60.0) -> bytes:
    """What a real terminal receives from ``tabula ARGV``."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(sys.executable, [sys.executable, "-m", "tui.cli", *argv], env)
    seen, deadline = b"", time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                seen += chunk
    finally:
        os.close(fd)
        os.waitpid(pid, 0)
    return seen


def test_saves_list_on_a_real_terminal_lets_no_escape_sequence_through(data_dir, toy):
    """Rich styles its own output on a terminal; what came from the saves must stay inert.
    (The saves are listed without replaying them, so the child needs no toy game.)"""
    for text in CONTROL:
        real_save(data_dir, title=text)
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env |= {"TERM": "xterm-256color", "COLUMNS": "250", "TABULA_DATA_DIR": str(data_dir), "PYTHONPATH": CODE}
    out = pty_output(["saves", "list"], env)
    assert "␛]0;pwned␇".encode() in out  # listed, with its control characters made visible
    for sequence in ESCAPE_OUTPUT:
        assert sequence.encode("utf-8") not in out, sequence


def hostile_records(data_dir) -> None:
    from saves.records import PlayerResult, PlayRecord

    store = SaveStore(data_dir)
    for number, text in enumerate(CONTROL):
        store.records.put(PlayRecord(f"r{number}", "2025-01-02T20:00:00+00:00", "pantheon",
                                     [PlayerResult(text, 30, {text: 5}, True), PlayerResult("=cmd|x", 20)],
                                     variant=text, source="sheet"))


def test_records_export_to_standard_output_lets_no_control_character_through(capsys, data_dir):
    hostile_records(data_dir)
    status, out, _ = run(capsys, "records", "export")
    assert status == 0 and not bad_characters(out)
    assert {r["players"][0]["name"] for r in json.loads(out)["records"]} == set(CONTROL)  # the same JSON


def test_records_export_to_a_file_keeps_every_character(capsys, data_dir, tmp_path):
    hostile_records(data_dir)
    for flag in ("--json", "--csv"):
        target = tmp_path / f"out{flag}"
        status, _, _ = run(capsys, "records", "export", flag, "-o", str(target))
        assert status == 0
        status, out, _ = run(capsys, "--data-dir", str(tmp_path / flag), "records", "import", str(target))
        assert status == 0 and f"Imported {len(CONTROL)} play records" in out
        names = {r.players[0].name for r in SaveStore(tmp_path / flag).records.all()}
        assert names == set(CONTROL), flag



def test_records_export_as_csv_to_a_real_terminal_lets_no_escape_sequence_through(data_dir):
    hostile_records(data_dir)
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env |= {"TERM": "xterm-256color", "TABULA_DATA_DIR": str(data_dir), "PYTHONPATH": CODE}
    out = pty_output(["records", "export", "--csv"], env)
    assert "␛]0;pwned␇".encode() in out
    for sequence in ESCAPE_OUTPUT:
        assert sequence.encode("utf-8") not in out, sequence

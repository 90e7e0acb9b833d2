"""Files that are JSON (or pipes and devices where a file is named) but whose values no Tabula
writes: numbers out of any range, games this Tabula does not know, texts and lists of any
length, data nested too deeply. Through `records import`, the play records (`records list`, the
Stats screen), `tabula score`, the component data (TABULA_COMPONENTS), saves of unknown games
(Resume, replay, join, `saves list`), the SSH server's key files and the settings. No case may
crash or hang: each runs against a deadline, and commands run in processes of their own where a
hang or a runaway read could not be stopped otherwise (a FIFO, /dev/zero)."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from saves.records import export_csv, record_from_dict
from saves.store import SaveStore
from tests.hostile.corpus import screen_text
from tests.hostile.junk import BAD_RECORDS, GOOD_PLAYER, GOOD_TITLE, plant, play_record, player
from tests.hostile.test_junk_files import cli_run, titles, within_deadline
from tests.tui.helpers import make_app, settle, until
from tui import cli
from tui.compat import notifications

CODE = str(Path(cli.__file__).parents[2])
"""The checkout under test, for child processes."""
SECONDS = 30
"""A child process still running after this long hangs (generous: the machine may be busy)."""
MEMORY = 1 << 30
"""Address space a child may use: a read that never ends fails instead of eating the machine."""


def limited_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def tabula(*argv: str, env: dict[str, str] | None = None, stdin=subprocess.DEVNULL) -> subprocess.CompletedProcess:
    """`tabula ARGV` in a process of its own, with a deadline and a memory cap."""
    env = {**os.environ, "PYTHONPATH": CODE, **(env or {})}
    return subprocess.run([sys.executable, "-m", "tui.cli", *argv], env=env, stdin=stdin, capture_output=True,
                          text=True, timeout=SECONDS, preexec_fn=limited_memory)


def refused(done: subprocess.CompletedProcess, *mentions: str) -> None:
    """The command said why it could not go on, in a line or two, and stopped with status 1 or 2."""
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    assert done.returncode in (1, 2) and "Error: " in done.stderr, (done.returncode, done.stderr[-2000:])
    assert len(done.stdout) + len(done.stderr) < 2000, f"{len(done.stderr):,} characters said"
    for text in mentions:
        assert text in done.stderr, done.stderr


# -- play records in the data folder: set aside, never shown, never a crash ----------------------------


RECORD_REASONS = {
    "score-10-4000": "players[0].score: a number of 4,001 digits is out of range",
    "score-negative-huge": "players[0].score: a number of 31 digits is out of range",
    "points-10-4000": "players[0].breakdown: 'Gods': a number of 4,001 digits is out of range",
    "game-markup": "game: '[/]' is not a game this Tabula knows",
    "game-unknown": "game: 'chess' is not a game this Tabula knows",
    "game-5mb": "game: too long (5,242,880 characters)",
    "name-5mb": "players[0].name: too long (5,242,880 characters)",
    "players-5000": "players: 5,000 players, and pantheon is for 2 to 4",
    "players-1": "players: 1 player, and pantheon is for 2 to 4",
    "format-minus-99": "format -99 is not one this Tabula reads",
    "format-bool": "format True is not one this Tabula reads",
    "categories-10000": "players[0].breakdown: 10,000 categories (at most 50)",
    "variant-5mb": "variant: too long (5,242,880 characters)",
    "link-markup": "link: '[/]\\x1b[2J' is not the id of a save or a sheet",
}
assert set(RECORD_REASONS) == set(BAD_RECORDS)


@pytest.mark.parametrize("name", sorted(BAD_RECORDS))
def test_a_bad_play_record_is_set_aside_with_the_reason(name, data_dir, toy, capsys):
    plant(f"record-{name}", data_dir)
    status, said = cli_run(capsys, "records", "list")
    assert status == 0 and GOOD_PLAYER in said and len(said) < 5000
    assert "junk-record.json could not be used" in said and RECORD_REASONS[name] in said, said
    assert not (data_dir / "records" / "junk-record.json").exists()
    assert [path.name.split(".json")[0] for path in (data_dir / "set-aside").iterdir()] == ["junk-record"]
    status, said = cli_run(capsys, "records", "export")
    assert status == 0 and [r["id"] for r in json.loads(said)["records"]] == ["good-record"]


def planted_records(data_dir: Path) -> None:
    """Every bad record of the corpus in the data folder, beside the good one."""
    plant("record-not-ours", data_dir)
    for name, record in BAD_RECORDS.items():
        path = data_dir / "records" / f"junk-{name}.json"
        path.write_text(json.dumps({"record": {"1": {**record, "id": f"junk-{name}"}}}), encoding="utf-8")


async def stats_with(data_dir: Path) -> str:
    """Open the Stats screen, go through its filters and tabs; what it said about the bad records."""
    app = make_app(data_dir)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await until(pilot, lambda: type(app.screen).__name__ == "StatsScreen", timeout=30)
        await until(pilot, lambda: GOOD_PLAYER in screen_text(app), timeout=30)
        notice = str(app.screen.query_one("#problems").render())
        for key in ("g", "p", "right", "right", "right", "g", "p", "right"):
            await pilot.press(key)
            await settle(pilot)
        assert type(app.screen).__name__ == "StatsScreen" and app.return_code is None
        await pilot.press("escape")
        await settle(pilot)
    assert app.return_code in (None, 0), app.return_code
    return notice


def test_the_stats_screen_sets_bad_records_aside_and_shows_the_good_ones(toy, tmp_path):
    planted_records(tmp_path)
    notice = within_deadline(lambda: asyncio.run(stats_with(tmp_path)))
    for name in BAD_RECORDS:
        assert f"junk-{name}.json could not be used" in notice, notice
    assert [record.id for record in SaveStore(tmp_path).records.all()] == ["good-record"]
    assert len(list((tmp_path / "set-aside").iterdir())) == len(BAD_RECORDS) + 1


# -- records to import: each bad record refused with its reason, the good ones imported --------------


def export_file(path: Path, *records: dict) -> Path:
    path.write_text(json.dumps({"format": 1, "kind": "tabula-records", "records": list(records)}), encoding="utf-8")
    return path


GOOD_IMPORT = play_record(id="good-import", players=[player("Imogen", 31, winner=True), player("Bo", 20)])


@pytest.mark.parametrize("name", sorted(BAD_RECORDS))
def test_a_bad_record_to_import_is_refused_and_the_others_imported(name, data_dir, capsys, tmp_path):
    path = export_file(tmp_path / "records.json", GOOD_IMPORT, BAD_RECORDS[name], {**GOOD_IMPORT, "id": "good-2",
                                                                                  "date": "2025-02-01T00:00:00+00:00"})
    status, said = cli_run(capsys, "records", "import", str(path))
    assert status == 1 and len(said) < 5000, said
    assert f"records[1]: {RECORD_REASONS[name]}" in said and "Imported 2 play records" in said, said
    assert sorted(record.id for record in SaveStore(data_dir).records.all()) == ["good-2", "good-import"]


def test_an_export_of_only_bad_records_is_refused_with_the_first_reason(data_dir, capsys, tmp_path):
    path = export_file(tmp_path / "records.json", BAD_RECORDS["score-10-4000"], BAD_RECORDS["game-markup"])
    status, said = cli_run(capsys, "records", "import", str(path))
    assert status == 1 and "Error:" in said and "no record could be imported" in said and "(and 1 more)" in said
    assert SaveStore(data_dir).records.all() == []


def test_an_export_of_twenty_thousand_records_is_refused(data_dir, capsys, tmp_path):
    records = [play_record(id=f"r{n}", players=[player("Ann", n % 100, winner=True), player("Bo", n // 100)])
               for n in range(20_000)]
    status, said = cli_run(capsys, "records", "import", str(export_file(tmp_path / "records.json", *records)))
    assert status == 1 and "it holds 20,000 records; an export holds at most 10,000" in said, said
    assert SaveStore(data_dir).records.all() == []


def csv_rows(record: dict, **cells: str) -> str:
    """The CSV export of ``record`` (a good one), its first player's cells replaced by ``cells``."""
    header, *rows = csv.reader(io.StringIO(export_csv([record_from_dict(record)]), newline=""))
    for column, text in cells.items():
        rows[0][header.index(column)] = text
    out = io.StringIO()
    csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_ALL).writerows([header, *rows])
    return out.getvalue()


CSV_JUNK = {
    "score-10-4000": ({"score": "1" + "0" * 4000}, "players[0].score: a number of 4,001 digits is out of range"),
    "breakdown-nested": ({"breakdown": "[" * 100_000}, "breakdown: its JSON is nested too deeply"),
    "game-unknown": ({"game": "chess"}, "game: 'chess' is not a game this Tabula knows"),
}


@pytest.mark.parametrize("name", sorted(CSV_JUNK) + ["players-5000"])
def test_a_bad_record_in_a_csv_to_import_is_refused_and_the_others_imported(name, data_dir, capsys, tmp_path):
    bad = {**GOOD_IMPORT, "id": "bad-one", "date": "2025-02-01T00:00:00+00:00"}
    if name == "players-5000":
        text = csv_rows(bad) + "".join(f'"bad-one","{bad["date"]}","pantheon","2","","sheet","","{n + 2}","P{n}",'
                                       f'"1","no","{{}}"\n' for n in range(5000))
        reason = "players: 5,002 players, and pantheon is for 2 to 4"
    else:
        cells, reason = CSV_JUNK[name]
        text = csv_rows(bad, **cells)
    path = tmp_path / "records.csv"
    path.write_text(csv_rows(GOOD_IMPORT) + text.split("\n", 1)[1], encoding="utf-8")
    status, said = cli_run(capsys, "records", "import", str(path))
    assert status == 1 and f"record 'bad-one': {reason}" in said and "Imported 1 play records" in said, said
    assert [record.id for record in SaveStore(data_dir).records.all()] == ["good-import"]


# -- tabula score ---------------------------------------------------------------------------------------


def example_sheet(**entry: object) -> dict:
    from engine.assistant.examples import EXAMPLES

    sheet = json.loads(json.dumps(EXAMPLES["thebai"]))
    sheet["entries"][0].update(entry)
    return sheet


def score_file(tmp_path: Path, kind: str) -> str:
    path = tmp_path / "sheet.json"
    if kind == "nested":
        path.write_text("[" * 200_000)
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        return "/dev/zero"
    elif kind == "link-to-dev-zero":
        os.symlink("/dev/zero", path)
    elif kind == "value-5mb":
        path.write_text(json.dumps(example_sheet(track="1 " * (5 << 19))))
    elif kind == "value-10-4000":
        path.write_text(json.dumps(example_sheet(track=10**4000)))
    return str(path)


SCORE_JUNK = {
    "nested": "its JSON is nested too deeply",
    "fifo": "it is not a regular file",
    "dev-zero": "it is not a regular file",
    "link-to-dev-zero": "it is not a regular file",
    "value-5mb": "entries[0] (Ann).track: too long (5,242,880 characters; a field holds at most 200)",
    "value-10-4000": "entries[0] (Ann).track: too long (4,001 characters; a field holds at most 200)",
}


@pytest.mark.parametrize("kind", sorted(SCORE_JUNK))
def test_a_junk_score_sheet_is_refused_with_a_message(kind, tmp_path):
    refused(tabula("score", "thebai", score_file(tmp_path, kind)), SCORE_JUNK[kind])


def test_a_score_sheet_from_an_endless_standard_input_is_refused(tmp_path):
    with open("/dev/zero", "rb") as zeros:
        refused(tabula("score", "thebai", "-", stdin=zeros), "it is too large")


# -- component data (TABULA_COMPONENTS): every number whole, finite and in range ----------------------


def built_in(game: str, name: str) -> dict:
    return json.loads((Path(engine.__file__).parent / game / "data" / f"{name}.json").read_text(encoding="utf-8"))


def first(records: list[dict], **match) -> dict:
    return next(record for record in records if all(record.get(k) == v for k, v in match.items()))


HUGE = "1" + "0" * 400
"""10^400 as JSON writes it."""
COMPONENT_JUNK = {
    # case: (game, file, change to the file's records, the value as JSON text, what the message says)
    "thebai-track-length-10-400": ("thebai", "devotion", lambda r: first(r, id="ares").update(length="@"), HUGE,
                                   "not a whole number from -999 to 999"),
    "thebai-hoplite-face-999": ("thebai", "setup", lambda r: first(r, kind="pieces").update(hoplite_face="@"), "999",
                                "the hoplites' starting face is 0-5"),
    "thebai-goods-nan": ("thebai", "setup", lambda r: first(r, kind="pieces")["goods"].update(grape="@"), "NaN",
                         "NaN is not a number JSON allows"),
    "thebai-passage-vp-1e400": ("thebai", "council", lambda r: first(r, kind="passage")["vp"].__setitem__(0, "@"),
                                "1e400", "the number 1e400 is too large"),
    "thebai-council-slot-text": ("thebai", "council", lambda r: first(r, kind="space").update(slot="@"), '"x"',
                                 "a slot numbered from 1"),
    "thebai-devotion-step-true": ("thebai", "devotion", lambda r: first(r, kind="space").update(step="@"), "true",
                                  "a step from 1, yellow or not"),
    "thebai-nested-900": ("thebai", "commanders", lambda r: r[0].update(note="@"), "[" * 900 + "]" * 900,
                          "its JSON is nested too deeply"),
    "polis-wheat-10-400": ("polis", "start", lambda r: r[0]["resources"].update(wheat="@"), HUGE,
                           "not a whole number from -999 to 999"),
    "polis-event-n-999": ("polis", "events",
                          lambda r: next(e for x in r for e in x["effects"] if "n" in e).update(n="@"),
                          "999", "n must be a whole number from -9 to 9"),
    "pantheon-map-col-10-400": ("pantheon", "map", lambda r: r[0].update(col="@"), HUGE,
                                "not a whole number from -999 to 999"),
    "almadi-points-10-400": ("almadi", "objectives", lambda r: r[0].update(points="@"), HUGE,
                             "not a whole number from -999 to 999"),
    "almadi-cost-5000-digits": ("almadi", "characters", lambda r: r[0].update(cost="@"), "9" * 5000,
                                "Exceeds the limit"),
}


@pytest.mark.parametrize("case", sorted(COMPONENT_JUNK))
def test_a_component_number_out_of_range_is_refused(case, tmp_path):
    """In a process of its own: the games keep what they loaded for the life of a process."""
    game, name, change, value, says = COMPONENT_JUNK[case]
    data = built_in(game, name)
    change(data["records"])
    (tmp_path / "components" / game).mkdir(parents=True)
    (tmp_path / "components" / game / f"{name}.json").write_text(json.dumps(data).replace('"@"', value))
    done = tabula("simulate", game, "--games", "1", env={"TABULA_COMPONENTS": str(tmp_path / "components")})
    refused(done, f"{name}.json", says)


# -- saves of a game this Tabula does not know ----------------------------------------------------------


async def resume_the_unknown_game(data_dir: Path) -> tuple[str, str]:
    """Resume lists it with what it is, `p` and Enter on it say why not (and change nothing), and
    the good game beside it still opens. Returns the detail line and the notices."""
    from tui.screens.resume import ResumeScreen
    from tui.screens.table import TableScreen

    app = make_app(data_dir)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await until(pilot, lambda: "A junk save" in titles(app.screen.query_one("#saves")), timeout=30)
        saves = app.screen.query_one("#saves")
        saves.move_cursor(row=titles(saves).index("A junk save"))
        await settle(pilot)
        await pilot.press("p")
        await until(pilot, lambda: any(n.title == "Cannot replay" for n in notifications(app)), timeout=30)
        await pilot.press("enter")
        await until(pilot, lambda: any(n.title == "Cannot resume" for n in notifications(app)), timeout=30)
        assert isinstance(app.screen, ResumeScreen) and app.return_code is None
        assert "chess (unknown game)" in screen_text(app)
        detail = str(app.screen.query_one("#save-detail").render())
        saves.move_cursor(row=titles(saves).index(GOOD_TITLE))
        await settle(pilot)
        await pilot.press("p")
        await until(pilot, lambda: type(app.screen).__name__ == "ReplayScreen", timeout=30)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.state is not None, timeout=30)
        notices = "\n".join(f"{n.title}: {n.message}" for n in notifications(app))
    assert app.return_code in (None, 0), app.return_code
    return detail, notices


def test_resume_lists_a_save_of_an_unknown_game_and_refuses_to_replay_or_open_it(toy, tmp_path):
    plant("unknown-game", tmp_path)
    detail, notices = within_deadline(lambda: asyncio.run(resume_the_unknown_game(tmp_path)))
    assert "a game this Tabula does not know (chess)" in detail, detail
    assert ("Cannot replay: Saved game 'A junk save' (junk0001) is of a game this Tabula does not know ('chess'"
            in notices)
    assert "Cannot resume: Saved game 'A junk save' (junk0001) is of a game this Tabula does not know" in notices


def test_the_command_line_says_a_save_is_of_an_unknown_game(data_dir, toy, capsys):
    plant("unknown-game", data_dir)
    status, said = cli_run(capsys, "saves", "list")
    assert status == 0 and "chess (unknown game)" in said and GOOD_TITLE in said
    done = tabula("join", "junk0001", env={"TABULA_DATA_DIR": str(data_dir)})
    refused(done, "Saved game 'A junk save' (junk0001) is of a game this Tabula does not know ('chess'")


# -- the SSH server's key files and the settings ------------------------------------------------------------


def test_a_host_key_that_is_a_fifo_is_refused_without_waiting(tmp_path):
    from tui.serve.ssh import HOST_KEY_NAME, ServeError, host_key

    (tmp_path / "ssh").mkdir()
    os.mkfifo(tmp_path / "ssh" / HOST_KEY_NAME)

    def start() -> str:
        try:
            host_key(tmp_path)
        except ServeError as error:
            return str(error)
        return "accepted"

    assert "cannot be used: it is not a regular file" in within_deadline(start, 10)


def test_an_authorized_keys_file_that_is_a_fifo_lets_nobody_in_without_waiting(tmp_path):
    import asyncssh

    from tui.serve.ssh import AuthorizedKeys

    path = tmp_path / "players"
    os.mkfifo(path)
    key = asyncssh.generate_private_key("ssh-ed25519").convert_to_public()
    assert within_deadline(lambda: AuthorizedKeys(path).allows(key, "127.0.0.1", "127.0.0.1"), 10) is False


def test_settings_keep_no_name_longer_than_a_seat_may_have(data_dir):
    store = SaveStore(data_dir)
    names = ["x" * (1 << 20), *(f"P{n}" for n in range(10_000))]
    (data_dir / "settings.json").write_text(json.dumps({"settings": {"1": {"bell": True, "no_confirm": names}}}))
    kept = store.settings().no_confirm
    assert len(kept) <= 100 and all(len(name) <= 200 for name in kept)  # a save's seat name has at most 200

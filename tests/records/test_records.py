"""Play records: what is recorded, the store, export/import round trips, the stats figures."""

from __future__ import annotations

import json

import pytest

from engine.core.text import Words
from saves.records import (
    CSV_COLUMNS,
    Player,
    PlayerResult,
    PlayRecord,
    RecordFormatError,
    export_csv,
    export_json,
    filtered,
    parse_export,
    record_from_dict,
    record_to_dict,
    stats,
    sync_finished_games,
)
from saves.session import GameSession
from saves.store import SaveStore, Seat
from tests import records_set


def test_stats_figures_on_a_known_set():
    lines = {(line.player.name, line.game): line for line in stats(records_set.records())}
    ann = lines[("Ann", "almadi")]  # 61 (won), 55, 70 (won)
    assert (ann.plays, ann.wins, ann.best) == (3, 2, 70)
    assert ann.average == pytest.approx((61 + 55 + 70) / 3) and ann.win_rate == pytest.approx(2 / 3)
    shared = lines[("Chloe", "pantheon")]  # 83 tied with Bruno: a shared win counts for both
    assert (shared.plays, shared.wins) == (1, 1) and lines[("Bruno", "pantheon")].wins == 1
    thebai = [(line.player.name, line.plays, line.wins, line.best)
              for line in stats(records_set.records(), game="thebai")]
    assert sorted(thebai) == [("Ann", 2, 0, 118), ("Bruno", 2, 1, 121), ("Chloe", 2, 1, 111), ("Dara", 1, 0, 88)]
    dara = stats(records_set.records(), player=Player("Dara"))
    assert ({(line.game, line.plays, line.wins) for line in dara}
            == {("thebai", 1, 0), ("pantheon", 1, 0), ("almadi", 2, 1)})


def test_a_finished_digital_game_is_recorded_once(tmp_path):
    store = SaveStore(tmp_path)
    session = GameSession.new(store, "almadi", "Friday", [Seat("Ann", "random"), Seat("Bruno", "greedy")], {}, 4)
    assert store.records.all() == []
    session.play_bots()
    assert session.match.finished
    [record] = store.records.all()
    ranking = session.match.ranking()
    assert record.id == f"game-{session.record.id}" and record.link == session.record.id
    assert record.game == "almadi" and record.source == "digital" and record.variant == ""
    assert [p.name for p in record.players] == ["Ann", "Bruno"]
    assert [p.player for p in record.players] == [Player("Ann", "random"), Player("Bruno", "greedy")]
    assert [p.score for p in record.players] == [s.total for s in session.match.scores()]
    assert [p.breakdown for p in record.players] == [s.breakdown for s in session.match.scores()]
    assert record.winners == [["Ann", "Bruno"][seat] for seat in ranking[0][1]]
    assert sync_finished_games(store) == 0  # already recorded


def test_finished_games_without_a_record_are_recorded_by_a_sync(tmp_path):
    store = SaveStore(tmp_path)
    session = GameSession.new(store, "almadi", "Old", [Seat("Ann", "random"), Seat("Bruno", "random")],
                              {"characters": True}, 8)
    session.play_bots()
    store.records.remove(f"game-{session.record.id}")  # as if finished before records were kept
    assert sync_finished_games(store) == 1
    [record] = store.records.all()
    assert record.variant.startswith("Characters") and record.date == store.load(session.record.id).updated


def test_a_sheet_marked_finished_is_recorded_and_unmarking_takes_it_out(tmp_path):
    from engine.assistant.sheets import new_form
    from saves.records import record_sheet

    store = SaveStore(tmp_path)
    sheet = new_form("polis", "final", ["Ann", "Bruno"])
    sheet["entries"] = [{"population": "14", "prestige": "9"}, {"population": "3", "prestige": "20", "projects": "4"}]
    record_sheet(store, "s1", sheet)
    assert store.records.all() == []  # not finished yet
    sheet["finished"] = True
    record_sheet(store, "s1", sheet)
    [record] = store.records.all()
    assert (record.id, record.source, record.link, record.winners) == ("sheet-s1", "sheet", "s1", ["Bruno"])
    assert record.players[1].breakdown == {"Population": 3, "Prestige": 20, "Projects": 4}
    first_date = record.date
    sheet["entries"][0]["population"] = "18"
    record_sheet(store, "s1", sheet)
    [again] = store.records.all()
    assert again.date == first_date and again.winners == ["Ann", "Bruno"]  # 27 each: shared
    sheet["finished"] = False
    record_sheet(store, "s1", sheet)
    assert store.records.all() == []


@pytest.mark.parametrize("kind", ["json", "csv"])
def test_export_and_import_round_trip_and_recognise_duplicates(tmp_path, kind):
    source = SaveStore(tmp_path / "a")
    records_set.fill(tmp_path / "a")
    original = source.records.all()
    text = export_json(original) if kind == "json" else export_csv(original)
    parsed, refused = parse_export(text)
    assert refused == [] and [record_to_dict(r) for r in parsed] == [record_to_dict(r) for r in original]
    target = SaveStore(tmp_path / "b")
    assert target.records.import_records(parsed) == (len(original), 0)
    assert target.records.import_records(parse_export(text)[0]) == (0, len(original))
    # the same play under another id (exported elsewhere) is still a duplicate
    renamed = [PlayRecord("elsewhere-1", r.date, r.game, r.players, r.variant, r.source, r.link) for r in original[:1]]
    assert target.records.import_records(renamed) == (0, 1)
    assert [record_to_dict(r) for r in target.records.all()] == [record_to_dict(r) for r in original]


def bruno_twice() -> list[PlayRecord]:
    """Bruno at the table one week, a Normal bot named Bruno the next."""
    return [PlayRecord("game-1", "2026-11-06T20:00:00+00:00", "thebai",
                       [PlayerResult("Ann", 90, {}, False), PlayerResult("Bruno", 95, {}, True)], source="digital"),
            PlayRecord("game-2", "2026-11-13T20:00:00+00:00", "thebai",
                       [PlayerResult("Ann", 99, {}, True), PlayerResult("Bruno", 80, {}, False, "normal")],
                       source="digital")]


def test_a_bot_is_counted_apart_from_a_person_of_its_name():
    lines = {line.player: (line.plays, line.wins) for line in stats(bruno_twice())}
    assert lines == {Player("Ann"): (2, 1), Player("Bruno"): (1, 1), Player("Bruno", "normal"): (1, 0)}
    assert [r.id for r in filtered(bruno_twice(), player=Player("Bruno", "normal"))] == ["game-2"]


@pytest.mark.parametrize("kind", ["json", "csv"])
def test_who_was_a_bot_goes_through_export_and_import(kind):
    text = export_json(bruno_twice()) if kind == "json" else export_csv(bruno_twice())
    parsed, refused = parse_export(text)
    assert refused == [] and [[p.bot for p in r.players] for r in parsed] == [["", ""], ["", "normal"]]


def test_a_csv_export_made_before_bots_were_marked_reads_every_player_as_a_person():
    rows = export_csv(bruno_twice()).splitlines()
    assert rows[0].endswith(',"bot","outcome"') and CSV_COLUMNS[-2:] == ("bot", "outcome")
    older = "\n".join(row.rsplit(",", 2)[0] for row in rows)  # without the last two columns
    parsed, refused = parse_export(older)
    assert refused == [] and {p.player for r in parsed for p in r.players} == {Player("Ann"), Player("Bruno")}


def test_csv_text_a_spreadsheet_would_run_is_written_inert_and_read_back(tmp_path):
    record = records_set.records()[0]
    record.players[0].name = "=HYPERLINK(\"http://x\")"
    text = export_csv([record])
    assert "'=HYPERLINK" in text and ",=HYPERLINK" not in text
    assert parse_export(text)[0][0].players[0].name == "=HYPERLINK(\"http://x\")"


@pytest.mark.parametrize("change, says", [
    (lambda d: d.update(kind="other"), "not a Tabula play record"),
    (lambda d: d.update(date="yesterday"), "date"),
    (lambda d: d.update(id="../../etc"), "id"),
    (lambda d: d["players"][0].update(score="ten"), "players[0].score"),
    (lambda d: d["players"][0]["breakdown"].update(Oases=1.5), "breakdown"),
    (lambda d: d.update(players=[]), "players"),
    (lambda d: d.update(source="guess"), "source"),
    (lambda d: d["players"][1].update(bot="genius"), "players[1].bot"),
])
def test_a_bad_record_is_refused_naming_the_field(change, says):
    data = record_to_dict(records_set.records()[0])
    change(data)
    with pytest.raises(RecordFormatError, match=says.replace("[", r"\[").replace("]", r"\]")):
        record_from_dict(data)


def test_an_unreadable_record_file_is_skipped_with_a_note(tmp_path):
    store = SaveStore(tmp_path)
    records_set.fill(tmp_path)
    (store.layout.records / "junk.json").write_text("{not json", encoding="utf-8")
    assert len(store.records.all()) == len(records_set.PLAYS)
    assert any("junk.json" in Words([])(problem) for problem in store.records.problems)
    assert json.loads(export_json(store.records.all()))["kind"] == "tabula-records"


def test_a_sheet_names_the_variants_its_table_wide_fields_switched_on():
    from engine.assistant.examples import EXAMPLES
    from engine.assistant.sheets import new_form
    from saves.records import sheet_record

    sheet = new_form("almadi", "final", ["Ann", "Bruno"])
    sheet["entries"] = [{key: str(value) for key, value in entry.items()} for entry in EXAMPLES["almadi"]["entries"]]
    sheet["finished"] = True
    assert sheet_record("s1", sheet).variant == ""
    sheet["shared"]["characters"] = "1"
    for entry in sheet["entries"]:
        entry["characters"] = "3"
    assert sheet_record("s1", sheet).variant == "Characters"

"""`tabula score`: every game's example sheet, the JSON output, and every class of bad sheet."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys

import pytest

from engine.assistant.examples import EXAMPLES
from engine.assistant.games import GAME_IDS
from tui import cli


def run(capsys, *argv):
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def score_of(capsys, tmp_path, game, sheet, *flags):
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(sheet) if not isinstance(sheet, str) else sheet, encoding="utf-8")
    return run(capsys, "score", game, str(path), *flags)


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_example_round_trips_through_score(capsys, tmp_path, game):
    status, out, _ = run(capsys, "score", game, "--example")
    assert status == 0 and json.loads(out) == EXAMPLES[game]
    status, text, err = score_of(capsys, tmp_path, game, json.loads(out))
    assert status == 0 and not err
    status, out, _ = score_of(capsys, tmp_path, game, json.loads(out), "--json")
    result = json.loads(out)
    assert status == 0 and result["players"] == EXAMPLES[game]["players"]
    for score in result["scores"]:
        assert score["total"] == sum(score["breakdown"].values())
        assert score["player"] in text
    best = max(score["total"] for score in result["scores"])
    assert result["winners"] == [s["player"] for s in result["scores"] if s["total"] == best]
    assert f"Winner: {' and '.join(result['winners'])}" in text
    assert "Total" in text and result["tie_rule"] in text


def test_thebai_by_hand(capsys, tmp_path):
    # Ann: 3 of suit 1 and a gate tile -> 4 of suit 1: sets 1+1+1+1 different (4), 7 same.
    sheet = {"players": ["Ann", "Bruno"], "entries": [{"track": 20, "suit1": 3, "gates": 1}, {"track": "30"}]}
    status, out, _ = score_of(capsys, tmp_path, "thebai", sheet, "--json")
    result = json.loads(out)
    assert status == 0
    assert [s["total"] for s in result["scores"]] == [20 + 4 + 7, 30]
    assert result["winners"] == ["Ann"] and result["notes"] == ["Ann: gate tiles as 1 to suit 1"]


def test_ties_follow_the_games_rule(capsys, tmp_path):
    sheet = {"players": ["Ann", "Bruno"],
             "entries": [{"population": 5, "prestige": 5}, {"population": 3, "prestige": 7}]}
    status, out, _ = score_of(capsys, tmp_path, "polis", sheet)
    assert status == 0 and "Winner: Ann and Bruno share the win." in out
    tied = copy.deepcopy(EXAMPLES["pantheon"])
    tied["entries"] = [{"gods1": 1, "demigods1": [1, 1]}, {"gods1": 1, "demigods1": [2]}, {}]
    tied["shared"] = {}
    status, out, _ = score_of(capsys, tmp_path, "pantheon", tied, "--json")
    assert json.loads(out)["winners"] == ["Ann"]  # 3 VP each; Ann holds more demigod tiles


def with_change(game, change):
    sheet = copy.deepcopy(EXAMPLES[game])
    change(sheet)
    return sheet


BAD_SHEETS = [
    # (game, sheet, where the message points, what it says)
    ("thebai", "{not json", None, "is not valid JSON"),
    ("thebai", "[1, 2]", "sheet", "expected a JSON object"),
    ("thebai", with_change("thebai", lambda s: s.update(colour="red")), "colour", "unknown field"),
    ("thebai", with_change("thebai", lambda s: s["entries"][1].update(bribes=3)), "entries[1] (Bruno).bribes",
     "unknown field"),
    ("almadi", with_change("almadi", lambda s: s["shared"].update(bonus=1)), "shared.bonus", "unknown field"),
    ("thebai", with_change("thebai", lambda s: s["entries"][0].update(track=2.5)), "entries[0] (Ann).track",
     "expected a whole number or text, got a fraction"),
    ("thebai", with_change("thebai", lambda s: s["entries"][0].update(track=True)), "entries[0] (Ann).track",
     "got true/false"),
    ("polis", with_change("polis", lambda s: s["entries"][0].update(prestige={"a": 1})), "entries[0] (Ann).prestige",
     "got an object"),
    ("polis", with_change("polis", lambda s: s["entries"][0].update(prestige="many")), "entries[0] (Ann).prestige",
     "'many' is not a whole number"),
    ("thebai", with_change("thebai", lambda s: s["entries"][2].update(goods=-1)), "entries[2] (Chloe).goods",
     "expected 0 or more"),
    ("thebai", with_change("thebai", lambda s: s["entries"][0].update(gates=5)), "entries[0] (Ann).gates",
     "5 is more than 4 (4 battles, one gate tile each)"),
    ("thebai", with_change("thebai", lambda s: [e.update(gates=2) for e in s["entries"]]), "entries[*].gates",
     "6 in all, at most 4"),
    ("pantheon", with_change("pantheon", lambda s: s["entries"][0].update(columns2=13)), "entries[0] (Ann).columns2",
     "13 is more than 12 (12 columns of your colour)"),
    ("pantheon", with_change("pantheon", lambda s: s["entries"][1].update(demigods1=[7])),
     "entries[1] (Bruno).demigods1", "7 is more than 6"),
    ("pantheon", with_change("pantheon", lambda s: s["shared"].update(enders="A D")), "shared.enders",
     "there is no player D in a 3-player game"),
    ("almadi", with_change("almadi", lambda s: s["entries"][0].update(rubies=31)), "entries[0] (Ann).rubies",
     "31 is more than 30"),
    ("almadi", with_change("almadi", lambda s: s["entries"][0].update(row1="OOOOOOOOOOOOOOOOOO")),
     "entries[0] (Ann).row1", "18 entries, at most 17"),
    ("almadi", with_change("almadi", lambda s: s["entries"][0].update(row1="OXC")), "entries[0] (Ann).row1",
     "'X' is not a landscape letter"),
    ("almadi", with_change("almadi", lambda s: s["entries"][1].update(mosaics=15)), "entries[1] (Bruno).mosaics",
     "15 is more than 14 (the cards in the deck for this many players)"),
    ("thebai", with_change("thebai", lambda s: s["entries"].pop()), "entries",
     "2 entries for 3 players (missing player: Chloe)"),
    ("thebai", with_change("thebai", lambda s: s["players"].__setitem__(1, "")), "players[1]", "missing player"),
    ("thebai", with_change("thebai", lambda s: s.pop("players")), "players", "expected the list of player names"),
    ("thebai", with_change("thebai", lambda s: s["players"].__setitem__(2, "Ann")), "players[2]", "named twice"),
    ("thebai", with_change("thebai", lambda s: s.update(players=["Ann"], entries=[{}])), "players",
     "Thebai is for 2-4 players, the sheet has 1"),
    ("thebai", with_change("thebai", lambda s: s.update(form="battle")), "form", "not a score sheet"),
    ("thebai", with_change("thebai", lambda s: s.update(game="almadi")), "game", "the sheet is for 'almadi'"),
    ("thebai", with_change("thebai", lambda s: s.update(finished="yes")), "finished", "expected true or false"),
]


@pytest.mark.parametrize("game, sheet, where, says", BAD_SHEETS,
                         ids=[f"{i}-{b[3][:24]}" for i, b in enumerate(BAD_SHEETS)])
def test_a_bad_sheet_is_refused_naming_the_field(capsys, tmp_path, game, sheet, where, says):
    status, out, err = score_of(capsys, tmp_path, game, sheet)
    assert status != 0 and not out
    message = " ".join(err.split())
    assert message.startswith("Error: ") and says in message, message
    if where is not None:
        assert f"sheet.json: {where}: " in message, message


def test_a_value_out_of_range_is_refused_in_the_language_asked_for(capsys, tmp_path):
    sheet = with_change("thebai", lambda s: s["entries"][0].update(gates=5))
    status, out, err = score_of(capsys, tmp_path, "thebai", sheet, "--lang", "ja")
    assert status != 0 and not out
    assert "entries[0] (Ann).gates：5は4を超えている（戦闘は4回、門タイルは1回に1枚） [門タイル]" in err, err


def test_missing_file_unknown_game_and_no_sheet(capsys, tmp_path):
    status, _, err = run(capsys, "score", "thebai", str(tmp_path / "nope.json"))
    assert status == 2 and "cannot read" in err
    status, _, err = run(capsys, "score", "chess", "--example")
    assert status == 2 and "unknown game 'chess'" in err
    status, _, err = run(capsys, "score", "thebai")
    assert status == 2 and "--example" in err


def junk(chooser: random.Random, depth: int = 0):
    kinds = [None, True, -3, 0, 7, 10**9, 2.5, "", "x", "3 2", "+6 -9", "OCMP", "A B", "3/2/5", "1 2*", "\x1b[31m"]
    if depth < 2:
        kinds += [[], {}, "list", "dict"]
    value = chooser.choice(kinds)
    if value == "list":
        return [junk(chooser, depth + 1) for _ in range(chooser.randint(0, 4))]
    if value == "dict":
        keys = ["players", "entries", "shared", "form", "track", "gates", "row1", "enders", "foo"]
        return {chooser.choice(keys): junk(chooser, depth + 1) for _ in range(chooser.randint(0, 4))}
    return value


def mutate(chooser: random.Random, sheet):
    sheet = copy.deepcopy(sheet)
    target = chooser.choice(sheet["entries"] + [sheet, sheet.setdefault("shared", {})])
    key = chooser.choice(list(target) or ["foo"])
    target[key] = junk(chooser)
    return sheet


def test_junk_sheets_never_raise(capsys, tmp_path):
    chooser = random.Random(13)
    for _ in range(400):
        game = chooser.choice(GAME_IDS)
        sheet = mutate(chooser, EXAMPLES[game]) if chooser.random() < 0.8 else junk(chooser)
        status, out, err = score_of(capsys, tmp_path, game, sheet)
        assert status in (0, 1, 2), (sheet, err)
        assert (status == 0) == bool(out) and (status == 0) != bool(err)
        assert "Traceback" not in err


def test_the_real_command_reports_without_a_traceback(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"players": ["Ann", "Bruno"], "entries": [{"gates": 9}, {}]}), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "tui.cli", "score", "thebai", str(path)],
                          capture_output=True, text=True)
    assert done.returncode == 1 and not done.stdout
    assert "entries[0] (Ann).gates: 9 is more than 4" in " ".join(done.stderr.split())
    assert "Traceback" not in done.stderr


def test_the_docs_show_each_example_and_every_field():
    from pathlib import Path

    from engine.assistant.examples import example_text
    from engine.assistant.sheets import score_forms

    docs = (Path(__file__).resolve().parents[2] / "docs" / "score-sheets.md").read_text(encoding="utf-8")
    for game in GAME_IDS:
        assert example_text(game) in docs, game
        for form in score_forms(game):
            for field in (*form.shared, *form.per_player):
                where = "shared" if field in form.shared else "entries"
                assert f"`{where}.{field.key}`" in docs, (game, field.key)

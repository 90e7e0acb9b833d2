"""``tabula --lang ja``: the help of every command and what a command prints are in Japanese,
the help wrapped by display width (a Japanese character takes two cells)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from rich.cells import cell_len

from engine.assistant.examples import EXAMPLES
from engine.assistant.games import GAME_IDS
from saves.session import GameSession
from saves.store import SaveStore, Seat
from tests import records_set
from tests.tui.test_catalogue_complete import english_in
from tui import i18n

from .test_cli import run
from .test_review_cli import saved_game


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """``--lang`` sets the language of the process: the next test reads English again."""
    yield
    i18n.use("en")


@pytest.mark.parametrize("argv", [["--help"], ["saves", "--help"], ["review", "--help"], ["serve", "ssh", "--help"]],
                         ids=" ".join)
def test_the_help_is_in_japanese_and_fits_the_terminal(capsys, monkeypatch, argv):
    monkeypatch.setenv("COLUMNS", "80")
    status, out, err = run(capsys, "--lang", "ja", *argv)
    assert status == 0, err
    assert out.startswith("使い方: tabula") and "オプション:" in out
    assert "このヘルプを表示して終了" in out and "show this help" not in out
    assert all(cell_len(line) <= 80 for line in out.splitlines()), out


def test_the_commands_are_listed_in_japanese_whichever_place_lang_has(capsys):
    _, out, _ = run(capsys, "--lang", "ja", "--help")
    assert "テーバイ、アルマディ、ポリス、パンテオンのための端末の卓。" in out
    assert "保存したゲームの一覧、書き出し、取り込み、検証" in out
    _, later, _ = run(capsys, "saves", "list", "--help", "--lang", "ja")
    assert "保存したゲームを一覧、最近プレイした順" in later


def test_a_review_is_printed_in_japanese(capsys, data_dir, toy_game):
    status, out, err = run(capsys, "--lang", "ja", "review", saved_game(data_dir), "--seat", "a")
    assert status == 0, err
    assert "●A Ann：6決定；勝率は最初" in out
    assert next(line for line in out.splitlines() if "より良い手は" in line).startswith("  11手目：Draw a card — ")
    status, out, err = run(capsys, "review", saved_game(data_dir), "--seat", "a")
    assert "●A Ann: 6 decisions" in out and "より良い手" not in out


def test_a_refusal_is_said_in_japanese(capsys, data_dir, toy_game):
    status, _, err = run(capsys, "--lang", "ja", "review", saved_game(data_dir), "--seat", "C")
    assert status == 2 and "席Cはありません" in err


def saves_in(data_dir, toy_game) -> str:
    """A game of Ann and a random bot, and a finished one of two bots; the id of the first."""
    store = SaveStore(data_dir)
    first = GameSession.new(store, toy_game, "昼の一局", [Seat("Ann", "human"), Seat("Rex", "random")], seed=1)
    GameSession.new(store, toy_game, "ボットだけ", [Seat("Rex", "random"), Seat("Gus", "greedy")], seed=2).play_bots()
    return first.record.id


@pytest.mark.parametrize(("argv", "says"), [
    (["saves", "list"], "進行中"), (["saves", "verify"], "保存したゲーム2件のうち2件が再生でき"),
    (["saves", "seats", "{game}"], "●A Ann：空き"), (["saves", "talk", "{game}"], "卓の会話はありません")],
    ids=lambda value: " ".join(value) if isinstance(value, list) else "")
def test_what_saves_prints_is_in_japanese(capsys, data_dir, toy_game, argv, says):
    game = saves_in(data_dir, toy_game)
    status, out, err = run(capsys, "--lang", "ja", *(word.format(game=game) for word in argv))
    assert status == 0, err
    assert says in out and not english_in(out), out


def test_saves_list_reads_its_headings_and_seat_kinds_in_japanese(capsys, data_dir, toy_game):
    saves_in(data_dir, toy_game)
    status, out, _ = run(capsys, "--lang", "ja", "saves", "list")
    assert out.splitlines()[0].split() == ["ID", "ゲーム", "タイトル", "席", "進行", "状態", "手番", "最終手"]
    assert "Ann, Rex（ランダムボット）" in out or "Ann, Rex (ランダムボット)" in out, out


def test_an_empty_folder_and_a_seat_refused_are_said_in_japanese(capsys, data_dir, toy_game):
    _, out, _ = run(capsys, "--lang", "ja", "saves", "list")
    assert f"{data_dir}に保存したゲームはありません" in out
    game = saves_in(data_dir, toy_game)
    status, _, err = run(capsys, "--lang", "ja", "saves", "seats", game, "--free", "Z")
    assert status == 2 and "'Z'は席ではありません" in err, err


def test_the_play_records_are_listed_in_japanese(capsys, data_dir, monkeypatch):
    monkeypatch.setenv("COLUMNS", "160")
    records_set.fill(data_dir)
    status, out, err = run(capsys, "--lang", "ja", "records", "list")
    assert status == 0, err
    assert all(heading in out for heading in ("日時", "ゲーム", "プレイヤーと得点", "勝者", "出どころ"))
    assert "BrunoとChloe" in out and out.count("得点表 play") == len(records_set.PLAYS)
    assert not english_in(out.replace("Characters: yes", "")), out  # a variant is kept as the record wrote it
    _, out, _ = run(capsys, "--lang", "ja", "records", "list", "--data-dir", str(data_dir / "none"))
    assert f"{data_dir / 'none'}にプレイ記録はありません" in out


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_score_sheet_is_worked_out_in_japanese(capsys, tmp_path, game):
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(EXAMPLES[game]), encoding="utf-8")
    status, out, err = run(capsys, "--lang", "ja", "score", game, str(path))
    assert status == 0, err
    winner = next(line for line in out.splitlines() if line.startswith("勝者："))
    assert "同点" in winner and "勝利を分け合" in winner, winner
    assert not english_in(out), out


def test_a_bad_score_sheet_is_refused_in_japanese(capsys, tmp_path):
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps({"players": ["Ann", "Ann"], "entries": 3}), encoding="utf-8")
    status, _, err = run(capsys, "--lang", "ja", "score", "almadi", str(path))
    assert status == 1 and "players[1]：'Ann'が2回ある" in err, err
    path.write_text(json.dumps({"players": ["Ann", "Bruno"], "entries": 3}), encoding="utf-8")
    status, _, err = run(capsys, "--lang", "ja", "score", "almadi", str(path))
    assert "entries：プレイヤーごとに1つのオブジェクトのリストが必要だが、整数だった" in err, err
    status, _, err = run(capsys, "--lang", "ja", "score", "chess", str(path))
    assert status == 2 and "知らないゲーム'chess'" in err, err

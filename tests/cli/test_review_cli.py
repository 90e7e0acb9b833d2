"""``tabula review``: a finished game's review, in words and as JSON, kept and reused."""

from __future__ import annotations

import json

import pytest

import engine.search.review
from saves.store import SaveStore, Seat
from tests.search.review_games import NAMES, OPTIONS, SEED, blundered_game

from .test_cli import run


def saved_game(data_dir, finished=True) -> str:
    match = blundered_game()
    actions = match.actions if finished else match.actions[:-1]
    record = SaveStore(data_dir).create(
        match.rules.id, "Blunder", [Seat(name, "human") for name in NAMES], OPTIONS, SEED, str(match.rules.version),
        match.rules.data_version(), actions=[action.to_json() for action in actions], progress="",
        status="finished" if finished else "active", to_move=[] if finished else [1])
    return record.id


def test_the_review_names_the_blunder_in_words_and_is_reused(capsys, data_dir, toy_game, monkeypatch):
    save_id = saved_game(data_dir)
    status, out, err = run(capsys, "review", save_id, "--seat", "a")
    assert status == 0, err
    lines = out.splitlines()
    assert "●A Ann: 6 decisions" in out and "▲B" not in out
    first_drop = next(line for line in lines if "better was" in line)
    assert first_drop.startswith("  move 11: Draw a card — better was Play a 2, ") and "% → " in first_drop
    monkeypatch.setattr(engine.search.review, "review_in_workers", lambda *_, **__: pytest.fail("searched again"))
    again = run(capsys, "review", save_id[:5], "--seat", "A")
    assert again == (0, out, "")


def test_the_json_review_of_every_seat(capsys, data_dir, toy_game):
    status, out, err = run(capsys, "review", saved_game(data_dir), "--json")
    assert status == 0, err
    data = json.loads(out)
    assert [seat["seat"] for seat in data["seats"]] == ["A", "B"] and data["level"] == "normal"
    ann = data["seats"][0]
    worst = next(move for move in ann["moves"] if move["action"] == ann["largest_drops"][0])
    assert (worst["played"]["label"], worst["best"]["label"]) == ("Draw a card", "Play a 2")
    assert worst["drop"] > 0.8 and 0 <= worst["played"]["win"] <= 1 and worst["worlds"] > 0


def test_a_game_still_being_played_is_not_reviewed(capsys, data_dir, toy_game):
    status, out, err = run(capsys, "review", saved_game(data_dir, finished=False))
    assert status == 1 and "still being played" in err and not out
    assert not list((data_dir / "reviews").iterdir())


def test_a_seat_the_game_does_not_have_is_refused(capsys, data_dir, toy_game):
    status, _, err = run(capsys, "review", saved_game(data_dir), "--seat", "C")
    assert status == 2 and "no seat C" in err

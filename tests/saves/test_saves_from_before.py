"""Saves made before choices carried their arguments and the rules wrote their sentences as
data (tests/saves/before_typed, one finished and one unfinished game of each game) still load,
replay, and read word for word as they did then: every seat's log, prompt and choices."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from saves.session import GameSession
from saves.store import SaveStore

FIXTURES = Path(__file__).with_name("before_typed")
SAVES = sorted(path for path in FIXTURES.glob("*.json") if not path.name.endswith(".seen.json"))


@pytest.mark.parametrize("save", SAVES, ids=[path.stem for path in SAVES])
def test_a_save_from_before_loads_and_reads_as_it_did(tmp_path, save):
    (tmp_path / "games").mkdir()
    shutil.copy(save, tmp_path / "games" / save.name)
    expected = json.loads(save.with_name(f"{save.stem}.seen.json").read_text(encoding="utf-8"))
    match = GameSession.resume(SaveStore(tmp_path), save.stem).match
    assert match.finished == expected["finished"]
    assert [score.breakdown for score in match.scores()] == expected["scores"]
    for key, seen in expected["seen"].items():
        view = match.view(None if key == "spectator" else int(key))
        assert view["log"] == seen["log"]
        assert view["prompt"] == seen["prompt"]
        assert [[c.id, c.label, c.hint] for c in view["choices"]] == seen["choices"]

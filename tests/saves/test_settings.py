"""Settings a player changes once and finds again: kept in the data folder."""

from __future__ import annotations

import json

from engine.core.text import Words
from saves.settings import Settings
from saves.store import SaveStore


def test_defaults_then_remembered_across_stores(tmp_path):
    store = SaveStore(tmp_path)
    assert store.settings() == Settings(bell=True, no_confirm=())
    assert store.settings().confirms("Ann")
    store.put_settings(store.settings().with_confirm("Ann", False))
    store.put_settings(store.settings().with_confirm("Bo", False))
    store.put_settings(Settings(bell=False, no_confirm=store.settings().no_confirm))
    again = SaveStore(tmp_path).settings()  # another process on the same folder
    assert again == Settings(bell=False, no_confirm=("Ann", "Bo"))
    assert not again.confirms("Ann") and again.confirms("Cy")
    assert again.with_confirm("Ann", True).no_confirm == ("Bo",)


def test_an_unreadable_settings_file_is_set_aside_and_the_defaults_apply(tmp_path):
    store = SaveStore(tmp_path)
    (tmp_path / "settings.json").write_text("{not json")
    assert store.settings() == Settings()
    assert not (tmp_path / "settings.json").exists() and any(tmp_path.joinpath("set-aside").iterdir())
    assert any("settings.json" in Words([])(problem) for problem in store.problems)


def test_values_of_the_wrong_kind_are_ignored(tmp_path):
    store = SaveStore(tmp_path)
    store.put_settings(Settings(bell=False))
    raw = json.loads((tmp_path / "settings.json").read_text())
    raw["settings"]["1"].update(bell="yes", no_confirm=["Ann", 3], extra=True, last_game=["polis"])
    (tmp_path / "settings.json").write_text(json.dumps(raw))
    assert store.settings() == Settings(bell=True, no_confirm=("Ann",), last_game="")

"""Each action of a save is checked as the save is read or written: {"a": actor, "c": choice id},
with at most the flags "d", "r", "h" and "f", each true or false."""

from __future__ import annotations

import pytest

from saves.store import CHANCE, SaveFormatError, SaveStore, Seat, record_from_dict, record_to_dict


@pytest.fixture
def document(tmp_path):
    record = SaveStore(tmp_path).create("toy", "t", [Seat("Ann", "human"), Seat("Bo", "human")], {}, 1, "1", "1")
    return record_to_dict(record)


@pytest.mark.parametrize("action", [
    {"a": 0, "c": "x"}, {"a": 1, "c": "x", "h": True}, {"a": CHANCE, "c": "3", "d": True, "r": False},
    {"a": 0, "c": "x", "d": False, "r": True, "h": False, "f": True},
])
def test_an_action_with_its_flags_true_or_false_is_read(document, action):
    document["actions"] = [action]
    assert record_from_dict(document).actions == [action]


@pytest.mark.parametrize("action", [
    {"a": 0, "c": "x", "d": 1}, {"a": 0, "c": "x", "h": None}, {"a": 0, "c": "x", "z": True},
    {"a": 0, "c": "x", "d": True, "extra": False}, {"a": 0}, {"c": "x"}, {"a": True, "c": "x"},
    {"a": 0, "c": 5}, {"a": 2, "c": "x"}, {"a": 0, "c": "x" * 10_000}, ["a", "c"],
])
def test_anything_else_is_not_read(document, action):
    document["actions"] = [{"a": 0, "c": "x"}, action]
    with pytest.raises(SaveFormatError, match="action 1"):
        record_from_dict(document)

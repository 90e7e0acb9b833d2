"""Reviews kept beside their games (saves/reviews.py): written whole, read strictly, a bad file
set aside and never deleted, and gone with their game."""

from __future__ import annotations

import json

import pytest

from engine.core.text import Said, Words
from engine.search.review import Estimate, Review, ReviewedMove
from saves.reviews import keep_review, load_review
from saves.storage import MAX_DOCUMENT
from saves.store import SaveStore, Seat


def move(action: int, seat: int, played: float = 0.4, best: float = 0.6) -> ReviewedMove:
    chosen, better = Estimate("draw", "Draw a card", played, 120), Estimate("play:2", "Play a 2", best, 300)
    return ReviewedMove(action, action, seat, "Round 1", chosen, better, (better, chosen), 600)


def a_review(seats=(0,), actions=30, level="normal") -> Review:
    return Review("toy", actions, level, seats, tuple(move(10 + seat, seat) for seat in seats))


@pytest.fixture
def saved(store, toy_game):
    return store, store.create(toy_game, "Toy", [Seat("Ann", "human"), Seat("Bea", "human")], {"bonus": 1, "goal": 6},
                               3, "1", "").id


def test_a_kept_review_is_read_back_at_its_actions_and_level_only(saved):
    store, save_id = saved
    keep_review(store.data_dir, save_id, a_review())
    assert load_review(store.data_dir, save_id, 30, "normal") == a_review()
    assert load_review(store.data_dir, save_id, 31, "normal") is None  # the game went on: stale
    assert load_review(store.data_dir, save_id, 30, "hard") is None


def test_reviewing_another_seat_adds_its_moves_and_a_stale_review_is_dropped(saved):
    store, save_id = saved
    keep_review(store.data_dir, save_id, a_review((1,)))
    keep_review(store.data_dir, save_id, a_review((0,)))
    both = load_review(store.data_dir, save_id, 30, "normal")
    assert both is not None and both.seats == (0, 1) and [m.seat for m in both.moves] == [0, 1]
    keep_review(store.data_dir, save_id, a_review((0,), actions=40))
    assert load_review(store.data_dir, save_id, 30, "normal") is None
    assert load_review(store.data_dir, save_id, 40, "normal") == a_review((0,), actions=40)


def kept_file(store, save_id, review_json):
    path = store.layout.reviews / f"{save_id}.json"
    path.write_text(json.dumps({"review": {"1": {"kind": "tabula-reviews", "game": save_id,
                                                 "reviews": [review_json]}}}))
    return path


HOSTILE = {
    "a win above 1": lambda data: data["moves"][0]["played"].update(win=3),
    "visits as text": lambda data: data["moves"][0]["best"].update(visits="many"),
    "a seat beyond the game": lambda data: data.update(seats=[7]),
    "a label that is a number": lambda data: data["moves"][0]["played"].update(label=5),
}


@pytest.mark.parametrize("spoil", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_review_file_is_set_aside_with_a_message_and_computed_afresh(saved, spoil):
    store, save_id = saved
    data = a_review().to_json()
    spoil(data)
    path = kept_file(store, save_id, data)
    problems: list[Said] = []
    assert load_review(store.data_dir, save_id, 30, "normal", problems) is None
    assert not path.exists() and len(list(store.layout.set_aside.glob(f"{save_id}.json.*"))) == 1
    said = Words([])(*problems)
    assert "Tabula did not write" in said and "moved to" in said
    keep_review(store.data_dir, save_id, a_review())
    assert load_review(store.data_dir, save_id, 30, "normal") == a_review()


def test_a_huge_review_file_is_set_aside_unread(saved):
    store, save_id = saved
    path = store.layout.reviews / f"{save_id}.json"
    path.write_bytes(b" " * (MAX_DOCUMENT + 1))
    problems: list[Said] = []
    assert load_review(store.data_dir, save_id, 30, "normal", problems) is None
    assert not path.exists() and problems and len(list(store.layout.set_aside.glob(f"{save_id}.json.*"))) == 1


def test_a_deleted_game_takes_its_review_to_the_trash(saved):
    store, save_id = saved
    keep_review(store.data_dir, save_id, a_review())
    store.delete(save_id)
    assert not (store.layout.reviews / f"{save_id}.json").exists()
    assert len(list(store.layout.trash.glob(f"{save_id}.json.*"))) == 2  # the save and its review


def test_an_imported_game_does_not_take_a_review_left_at_its_id(saved, tmp_path):
    store, save_id = saved
    exported = store.export(save_id)
    keep_review(store.data_dir, save_id, a_review())
    store.delete(save_id)
    keep_review(store.data_dir, save_id, a_review())  # left behind at a free id (by hand, or a crash)
    elsewhere = SaveStore(tmp_path / "elsewhere")
    assert "review" not in json.dumps(exported) and load_review(elsewhere.data_dir, save_id, 30, "normal") is None
    imported = store.import_(exported)
    assert imported.id == save_id and load_review(store.data_dir, save_id, 30, "normal") is None

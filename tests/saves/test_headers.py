"""A list of games reads each save's header alone (saves/headers.py): its action log is counted,
not checked; whatever opens, verifies or exports the game reads the whole save and checks it, the
header's word against the actions included."""

import json

import pytest

from saves.headers import header_of
from saves.session import GameSession, SaveDoesNotReplay
from saves.store import SaveStore, SaveUnreadable, Seat
from tui import cli


def rewrite(store: SaveStore, save_id: str, **changes) -> None:
    """Change a save's document as Tabula lays it out (compact JSON, the action log last)."""
    path = store.path_of(save_id)
    data = json.loads(path.read_text())
    data["save"]["1"] = {**{k: v for k, v in data["save"]["1"].items() if k != "actions"}, **changes,
                         "actions": changes.get("actions", data["save"]["1"]["actions"])}
    path.write_text(json.dumps(data, separators=(",", ":")))


def test_a_save_is_listed_from_its_header_and_its_bad_action_found_when_it_is_opened(store, toy_game):
    session = GameSession.new(store, toy_game, "spoilt", [Seat("Ann", "human"), Seat("Bo", "human")], seed=7)
    actions = [*session.record.actions, {"a": 99, "c": "x"}]
    rewrite(store, session.record.id, actions=actions)
    [summary] = SaveStore(store.data_dir).summaries()
    assert (summary.title, summary.moves) == ("spoilt", len(actions))
    opening = SaveStore(store.data_dir)
    with pytest.raises(SaveUnreadable, match="by player 99"):
        GameSession.resume(opening, session.record.id)
    assert not store.path_of(session.record.id).exists() and list((store.data_dir / "set-aside").iterdir())


def test_a_header_that_says_finished_is_believed_by_the_list_and_refused_when_opened(store, toy_game, capsys):
    session = GameSession.new(store, toy_game, "not over", [Seat("Ann", "human"), Seat("Bo", "human")], seed=7)
    rewrite(store, session.record.id, status="finished", progress="game over")
    [summary] = SaveStore(store.data_dir).summaries()
    assert (summary.status, summary.progress) == ("finished", "game over")
    with pytest.raises(SaveDoesNotReplay, match="says it is finished, but its actions leave the game active"):
        GameSession.resume(store, session.record.id)
    assert cli.main(["saves", "verify", "--data-dir", str(store.data_dir)]) == 1
    assert "says it is finished" in capsys.readouterr().out


def test_a_finished_game_s_header_agrees_with_its_actions(store, toy_game):
    session = GameSession.new(store, toy_game, "over", [Seat("Ann", "random"), Seat("Bo", "random")], seed=7)
    session.play_bots()
    [summary] = SaveStore(store.data_dir).summaries()
    assert summary.status == "finished" and summary.moves == len(session.record.actions)
    assert GameSession.resume(store, session.record.id).match.finished


HEADER = '{"save":{"1":{"format":1,"kind":"tabula-save","id":"a","title":"t"'


@pytest.mark.parametrize("text", [
    HEADER + ',"actions":[]}}',  # cut short
    HEADER + ',"actions":[]}}} ',  # something after the save
    HEADER + ',"actions":[]},"2":{}}}',  # a second document
    HEADER + ',"options":{"x":{"y":1,"actions":[{"a":0}]}}}}}',  # a log nested in a field
    '{"save":{"1":{"list":[1,"actions":[{"a":0}]}}}',  # not JSON before the log
    '{"other":{"1":{"x":1,"actions":[]}}}',  # not a save's document
    HEADER.replace(",", ", ") + ', "actions": []}}}',  # laid out by something else than Tabula
], ids=["cut", "trailing", "two-documents", "nested-log", "broken", "other-table", "spaced"])
def test_a_file_not_laid_out_as_tabula_writes_saves_is_read_in_full(text):
    assert header_of(text.encode()) is None


def test_the_header_is_the_document_before_the_log_and_the_log_is_counted():
    text = HEADER + ',"actions":[{"a":0,"c":"x"},{"a":-1,"c":"{\\"a\\":","d":true}]}}}'
    assert header_of(text.encode()) == ({"format": 1, "kind": "tabula-save", "id": "a", "title": "t"}, 2)

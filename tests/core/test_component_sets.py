"""Component sets: merged by record over the built-in data, validated as a whole with each
game's own rules (each problem named on its record), played with (the view, the bots, the search
worker), kept with the save (resuming after the set changed or went goes on with the copy)."""

from __future__ import annotations

import copy
import io
import json

import pytest

from engine.almadi.catalog import catalog as almadi_catalog
from engine.component_sets import (
    ComponentSet,
    find_set,
    list_sets,
    problems,
    read_document,
    write_set,
)
from engine.core import components
from engine.core.components import ComponentDataError
from engine.registry import BUILT_IN_GAMES
from engine.search import Level, Limits, profile_for, search
from engine.search.worker import Request, Thinker, receive, send, serve
from saves.session import GameSession
from saves.store import SaveStore, Seat

SIDES = ("top", "right", "bottom", "left")


@pytest.fixture(autouse=True)
def built_in_after():
    yield
    for game in BUILT_IN_GAMES:
        components.select(game, None)


def builtin(game: str, name: str) -> list[dict]:
    return copy.deepcopy(components.builtin_records(game, name))


def turned(record: dict) -> dict:
    """An Almadi landscape turned a quarter: each side where the one before it was."""
    sides = [record["sides"][name] for name in SIDES]
    return {**record, "sides": dict(zip(SIDES, sides[-1:] + sides[:-1], strict=True)), "provenance": "owner"}


def landscapes_turned() -> ComponentSet:
    """Every landscape turned: whatever tiles a game shows, each shows the set's faces."""
    return ComponentSet("turned", "Turned box", {"almadi": {"landscapes": tuple(
        turned(record) for record in builtin("almadi", "landscapes"))}})


def one_change(game: str, file: str, record: dict, name: str = "My box") -> ComponentSet:
    return ComponentSet("my-box", name, {game: {file: (record,)}})


# -- the merge --------------------------------------------------------------------------------


def test_a_record_replaces_the_built_in_one_of_its_id_in_place_and_a_new_one_comes_last():
    base = [{"id": "a", "v": 1}, {"id": "b", "v": 2}, {"id": "c", "v": 3}]
    merged = components.merged(base, ({"id": "d", "v": 4}, {"id": "b", "v": 20}))
    assert merged == [{"id": "a", "v": 1}, {"id": "b", "v": 20}, {"id": "c", "v": 3}, {"id": "d", "v": 4}]


def test_the_game_plays_with_the_set_merged_and_the_rest_built_in():
    record = {**builtin("almadi", "landscapes")[0], "sides": {"top": "ruby", "right": "moon", "bottom": "arrow",
                                                              "left": "arrow"}, "provenance": "owner"}
    before = almadi_catalog()
    components.select("almadi", one_change("almadi", "landscapes", record).layer("almadi"))
    after = almadi_catalog()
    assert after.faces[record["id"]] == ("O", ("ruby", "moon", "arrow", "arrow"))
    assert {tile: face for tile, face in after.faces.items() if tile != record["id"]} == \
        {tile: face for tile, face in before.faces.items() if tile != record["id"]}
    assert after.digest != before.digest
    components.select("almadi", None)
    assert almadi_catalog().faces[record["id"]] == before.faces[record["id"]]


# -- whole-set validation: a test per rule ----------------------------------------------------


def test_a_set_the_rules_accept_has_no_problem():
    assert problems(landscapes_turned(), "almadi") == []


def test_a_count_the_rules_state_broken_by_an_added_record_is_named_on_it():
    extra = {**builtin("almadi", "landscapes")[0], "id": "O23"}
    found = problems(one_change("almadi", "landscapes", extra), "almadi")
    assert [(p.game, p.file, p.record) for p in found] == [("almadi", "landscapes", "O23")]
    assert "expected 88 landscapes, found 89" in found[0].message


def test_a_total_the_rules_state_is_checked():
    loot = builtin("pantheon", "loot")[0]
    found = problems(one_change("pantheon", "loot", {**loot, "count": loot["count"] + 1}), "pantheon")
    assert [(p.file, p.record) for p in found] == [("loot", loot["id"])]
    assert "the loot tiles must number 40" in found[0].message


def test_a_record_the_engine_cannot_use_is_named_with_why():
    tile = builtin("almadi", "landscapes")[1]
    unusable = {**tile, "sides": dict.fromkeys(SIDES, "ruby")}
    found = problems(one_change("almadi", "landscapes", unusable), "almadi")
    assert [(p.file, p.record) for p in found] == [("landscapes", tile["id"])]
    assert "a tile needs at least one arrow and at least one effect" in found[0].message


def test_an_effect_the_engine_does_not_know_is_named_on_its_tile():
    tile = builtin("thebai", "cadmea")[0]
    found = problems(one_change("thebai", "cadmea", {**tile, "effect": [{"conjure": 3}]}), "thebai")
    assert [(p.file, p.record) for p in found] == [("cadmea", tile["id"])]
    assert "conjure" in found[0].message


def test_each_bad_record_is_named_and_the_good_one_is_not():
    records = builtin("almadi", "landscapes")
    good = turned(records[0])
    bad = {**records[1], "sides": dict.fromkeys(SIDES, "arrow")}
    extra = {**records[2], "id": "O23"}
    component_set = ComponentSet("b", "Bad", {"almadi": {"landscapes": (good, bad, extra)}})
    assert [p.record for p in problems(component_set, "almadi")] == [records[1]["id"], "O23"]


# -- the file a set travels as ------------------------------------------------------------------


def document(games: dict, name: str = "My box") -> bytes:
    return json.dumps({"kind": "tabula-component-set", "format": 1, "name": name, "games": games}).encode()


@pytest.mark.parametrize(("games", "why"), [
    ({"chess": {"pieces": [{"id": "k", "provenance": "owner"}]}}, "'chess' is not a game with components"),
    ({"almadi": {"rivers": [{"id": "r", "provenance": "owner"}]}}, "'rivers' is not one of its data files"),
    ({"almadi": {"landscapes": [{"id": "O01", "provenance": "owner"}, {"id": "O01", "provenance": "owner"}]}},
     "duplicate id 'O01'"),
    ({"almadi": {"landscapes": [{"id": "O01", "provenance": "owner", "n": 10**6}]}}, "is not a whole number"),
    ({"almadi": {"landscapes": [{"id": "O01", "provenance": "owner", "name": "a\x1b[2Jb"}]}}, "control character"),
    ({"almadi": {"landscapes": [{"id": "O01", "provenance": "mine"}]}}, "provenance must be one of"),
])
def test_a_set_file_that_is_not_one_is_refused_with_why(games, why):
    with pytest.raises(ComponentDataError, match=why):
        read_document(document(games), "x")


def test_a_set_file_nested_too_deep_or_not_json_is_refused():
    with pytest.raises(ComponentDataError, match="nested too deeply"):
        read_document(b"[" * 100 + b"]" * 100, "x")
    with pytest.raises(ComponentDataError, match="not valid JSON"):
        read_document(b"My box", "x")
    with pytest.raises(ComponentDataError, match="name must be plain text"):
        read_document(document({}, name="My\nbox"), "x")


def test_a_set_is_kept_in_its_folder_and_read_back_as_it_was(tmp_path):
    component_set = landscapes_turned()
    folder = write_set(tmp_path, component_set)
    assert (folder / "set.json").is_file() and (folder / "almadi" / "landscapes.json").is_file()
    assert find_set(tmp_path, "turned") == component_set
    assert [kept.id for kept in list_sets(tmp_path)] == ["turned"]


# -- playing with a set -----------------------------------------------------------------------


def tile_sides(view) -> dict[str, list[str]]:
    """Every landscape tile the view shows (starting tiles' cells apart), with the sides it shows."""
    found = {}
    stack = [view]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if "tile" in item and "sides" in item and "." not in item["tile"]:
                found[item["tile"]] = item["sides"]
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def new_game(store: SaveStore, component_set: ComponentSet | None) -> GameSession:
    return GameSession.new(store, "almadi", "t", [Seat("Ann", "human"), Seat("Bob", "normal")], seed=7,
                           component_set=component_set)


def test_a_game_with_a_set_shows_the_sets_faces_and_its_save_keeps_the_set(tmp_path):
    plain = tile_sides(new_game(SaveStore(tmp_path), None).match.view(0))
    session = new_game(SaveStore(tmp_path), landscapes_turned())
    shown = tile_sides(session.match.view(0))
    assert shown.keys() == plain.keys() and shown
    for tile, sides in shown.items():
        assert sides == plain[tile][-1:] + plain[tile][:-1]
    kept = session.record.component_set
    assert kept is not None and (kept.id, kept.name) == ("turned", "Turned box")
    assert session.record.data_version == kept.digest != new_game(SaveStore(tmp_path), None).record.data_version


def test_resuming_after_the_set_changed_or_went_goes_on_with_the_copy_and_says_so(tmp_path):
    store = SaveStore(tmp_path)
    write_set(tmp_path, landscapes_turned())
    session = new_game(store, find_set(tmp_path, "turned"))
    shown = tile_sides(session.match.view(0))
    assert GameSession.resume(store, session.record.id).set_news == ""

    folder = tmp_path / "components" / "turned" / "almadi" / "landscapes.json"
    changed = json.loads(folder.read_text())
    changed["records"] = changed["records"][:1]
    folder.write_text(json.dumps(changed))
    components.select("almadi", None)
    resumed = GameSession.resume(store, session.record.id)
    assert "has changed since the game began" in resumed.set_news.text
    assert tile_sides(resumed.match.view(0)) == shown

    for path in sorted((tmp_path / "components" / "turned").rglob("*"), reverse=True):
        path.rmdir() if path.is_dir() else path.unlink()
    (tmp_path / "components" / "turned").rmdir()
    resumed = GameSession.resume(store, session.record.id)
    assert "is no longer here" in resumed.set_news.text
    assert tile_sides(resumed.match.view(0)) == shown


def test_a_bot_and_the_search_worker_think_with_the_games_set(tmp_path):
    session = new_game(SaveStore(tmp_path), landscapes_turned())
    match = session.match
    seat = next(s for s in match.awaiting() if s >= 0)
    level = Level("normal", "Normal (test)", iterations=300, cpu_cap=60.0, wall_cap=60.0)
    request = Thinker.request(match, seat, level, "s", capped=False)
    assert request.layer == landscapes_turned().layer("almadi")
    here = search(match.rules, request.state, seat, 2, Limits(300), "s", profile_for("almadi"))

    components.select("almadi", None)  # the worker is a process of its own: it starts on the built-in data
    requests, answers = io.BytesIO(), io.BytesIO()
    send(requests, request)
    requests.seek(0)
    serve(requests, answers)
    assert components.selected("almadi") == request.layer
    answers.seek(0)
    kind, there = receive(answers)
    while kind == "progress":
        kind, there = receive(answers)
    assert kind == "done" and there.candidates == here.candidates


def test_the_worker_request_of_a_built_in_game_names_no_set(tmp_path):
    match = new_game(SaveStore(tmp_path), None).match
    seat = next(s for s in match.awaiting() if s >= 0)
    assert Request is type(Thinker.request(match, seat, Level("normal", "n", 10, 1.0, 1.0), "s"))
    assert Thinker.request(match, seat, Level("normal", "n", 10, 1.0, 1.0), "s").layer is None

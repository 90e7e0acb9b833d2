"""Playing with a component set from the app: New game offers the sets valid for the game (not one
with problems), the table's title bar names the set, and resuming after the set changed says so."""

from __future__ import annotations

import copy

import pytest
from textual.widgets import Label, Select

from engine.component_sets import ComponentSet, write_set
from engine.core import components
from engine.registry import BUILT_IN_GAMES
from saves.store import SaveStore
from tests.tui.helpers import make_app, pilot_test, settle, until
from tests.tui.test_new_game import open_form_for
from tui.screens.table import TableScreen

NEW_FACE = {"top": "ruby", "right": "moon", "bottom": "arrow", "left": "arrow"}


@pytest.fixture(autouse=True)
def built_in_after():
    yield
    for game in BUILT_IN_GAMES:
        components.select(game, None)


def keep_sets(data_dir) -> None:
    first = copy.deepcopy(components.builtin_records("almadi", "landscapes")[0])
    write_set(data_dir, ComponentSet("my-box", "My box", {"almadi": {"landscapes": (
        {**first, "sides": NEW_FACE, "provenance": "owner"},)}}))
    write_set(data_dir, ComponentSet("club-copy", "Club copy", {"almadi": {"landscapes": (
        {**first, "id": "O23"},)}}))


@pilot_test
async def test_new_game_offers_the_valid_set_and_the_title_bar_names_it(tmp_path):
    keep_sets(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form_for(pilot, "almadi")
        chooser = screen.query_one("#components", Select)
        assert [str(label) for label, _ in chooser._options] == ["Built-in", "My box"]
        while not chooser.has_focus:
            await pilot.press("tab")
        await pilot.press("enter", "down", "enter")
        await settle(pilot)
        assert chooser.value == "my-box"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        status = str(app.screen.query_one("#status", Label).content)
        assert "· My box ·" in status
        from engine.almadi.catalog import catalog

        assert catalog().faces["O01"] == ("O", ("ruby", "moon", "arrow", "arrow"))
    saved = SaveStore(tmp_path).summaries()[0]
    assert SaveStore(tmp_path).load(saved.id).component_set.name == "My box"


@pilot_test
async def test_the_set_the_host_offers_first_is_chosen_at_first(tmp_path):
    """`tabula components default almadi my-box`: every new Almadi game of the data folder (a
    server's: every player's) starts with that set chosen; a player may still choose otherwise."""
    from engine.component_sets import set_default

    keep_sets(tmp_path)
    set_default(tmp_path, "almadi", "my-box")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form_for(pilot, "almadi")
        assert screen.query_one("#components", Select).value == "my-box"
    set_default(tmp_path, "almadi", None)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form_for(pilot, "almadi")
        assert screen.query_one("#components", Select).value == ""


@pilot_test
async def test_a_set_is_not_offered_for_a_game_it_does_not_change(tmp_path):
    keep_sets(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form_for(pilot, "thebai")
        assert not screen.query("#components")  # no choice to make: the built-in components


@pilot_test
async def test_resuming_after_the_set_went_says_so_and_plays_on_with_the_copy(tmp_path):
    from saves.session import GameSession
    from saves.store import Seat

    keep_sets(tmp_path)
    from engine.component_sets import find_set

    session = GameSession.new(SaveStore(tmp_path), "almadi", "Box game", [Seat("Ann", "human"), Seat("Bob", "human")],
                              seed=5, component_set=find_set(tmp_path, "my-box"))
    for path in sorted((tmp_path / "components" / "my-box").rglob("*"), reverse=True):
        path.rmdir() if path.is_dir() else path.unlink()
    components.select("almadi", None)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await settle(pilot)
        said = [notice.message for notice in app._notifications]
        assert any("“My box” is no longer here: the game goes on with the set as it was" in text for text in said)
        assert "· My box ·" in str(app.screen.query_one("#status", Label).content)
        from engine.almadi.catalog import catalog

        assert catalog().faces["O01"] == ("O", ("ruby", "moon", "arrow", "arrow"))
    assert session.record.component_set is not None

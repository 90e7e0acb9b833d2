"""The component editor, from the keyboard only: a set built through it (an Almadi landscape's
edges, a Thebai Cadmea tile's effect), check my box through five records and back, a game played
with the set, and a set's name shown as typed."""

from __future__ import annotations

import pytest
from textual.widgets import Label

from engine.almadi.box import BOX as ALMADI_BOX
from engine.component_sets import find_set, list_sets, new_set
from engine.core import components
from engine.registry import BUILT_IN_GAMES
from engine.thebai.box import OPERATIONS
from tests.tui.helpers import make_app, pilot_test, settle, until
from tests.tui.test_new_game import open_form_for
from tui.screens.component_form import RecordFormScreen
from tui.screens.component_records import RecordListScreen, WalkScreen
from tui.screens.components import SetScreen
from tui.widgets.dialogs import ChoiceDialog
from tui.widgets.field_editors import EffectEditor, OperationBlock, OperationHeader, Stepper


@pytest.fixture(autouse=True)
def built_in_after():
    yield
    for game in BUILT_IN_GAMES:
        components.select(game, None)


def side_steps(value) -> int:
    """Right presses from a side's first option (arrow) to ``value``."""
    top = next(spec for spec in ALMADI_BOX.kind("landscapes").fields if spec.path == ("sides", "top"))
    return [option.value for option in top.options].index(value)


async def open_kind(pilot, game: str, file: str) -> RecordListScreen:
    """From a set's screen, the list of a kind's records (the arrows down to it, Enter)."""
    screen = pilot.app.screen
    assert isinstance(screen, SetScreen)
    wanted = next(index for index, row in enumerate(screen.rows) if row and row[0] == game and row[1].file == file)
    await pilot.press("home", *["down"] * sum(1 for row in screen.rows[:wanted] if row), "enter")
    await settle(pilot)
    assert isinstance(pilot.app.screen, RecordListScreen)
    return pilot.app.screen


async def open_record(pilot, game: str, file: str, record_id: str) -> RecordFormScreen:
    """From a set's screen, the form of one record of a kind (the arrows down to it, Enter)."""
    listing = await open_kind(pilot, game, file)
    await pilot.press(*["down"] * [record["id"] for record in listing.shown].index(record_id), "enter")
    await settle(pilot)
    assert isinstance(pilot.app.screen, RecordFormScreen)
    return pilot.app.screen


async def make_my_box(pilot) -> None:
    """Home → Components → n "My box": its kinds on screen."""
    await pilot.press("c")
    await settle(pilot)
    await pilot.press("n")
    await settle(pilot)
    await pilot.press(*"My box", "enter")
    await settle(pilot)
    assert isinstance(pilot.app.screen, SetScreen)


async def change_o01_top_to_ruby(pilot) -> None:
    listing = await open_kind(pilot, "almadi", "landscapes")
    assert listing.shown[0]["id"] == "O01"
    await pilot.press("enter")
    await settle(pilot)
    form = pilot.app.screen
    assert isinstance(form, RecordFormScreen)
    await pilot.press("down", "home", *["right"] * side_steps("ruby"))  # the top side, from its first option
    assert form.query_one("#record-drawing").render().plain.splitlines()[0] == "┌──♦──┐"
    await pilot.press("ctrl+s")
    await settle(pilot)
    assert isinstance(pilot.app.screen, RecordListScreen)


@pilot_test
async def test_the_form_checks_the_whole_set_with_the_record_as_it_is_being_edited(tmp_path):
    """O01 given moons where its arrows were: before anything is saved, the form names the rule
    the set would break (a tile needs an arrow), and says so no more once an arrow is back."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await make_my_box(pilot)
        await open_kind(pilot, "almadi", "landscapes")
        await pilot.press("enter")
        await settle(pilot)
        form = app.screen

        def said() -> str:
            return " ".join(str(form.query_one("#record-summary").render()).split())

        await pilot.press("down", "down", "down", "home", *["right"] * side_steps("moon"))
        await pilot.press("down", "home", *["right"] * side_steps("moon"))
        await until(pilot, lambda: "With this record as it is here:" in said())
        assert "a tile needs at least one arrow" in said()
        assert find_set(tmp_path, "my-box").games == {}  # nothing saved
        await pilot.press("home")  # the left side an arrow again
        await until(pilot, lambda: "The set has no problem with this record as it is here." in said())
        assert "a tile needs at least one arrow" not in said()


@pilot_test
async def test_a_set_built_in_the_editor_changes_a_landscape_and_a_cadmea_effect(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await make_my_box(pilot)
        await change_o01_top_to_ruby(pilot)
        listing = app.screen
        assert "O01 · owner" in str(listing.query_one("#records").get_option_at_index(0).prompt)
        await pilot.press("escape")
        await settle(pilot)
        await open_record(pilot, "thebai", "cadmea", "green-4")
        form = app.screen
        assert isinstance(form, RecordFormScreen)
        await pilot.press("down")  # from the colour to the effect's first operation
        await pilot.press("a")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press(*["down"] * [op.name for op in OPERATIONS].index("vp"), "enter")
        await settle(pilot)
        await pilot.press("down", "right", "right")  # the new operation's VP: 1 -> 3
        reading = str(form.query_one(EffectEditor).query_one("Static.effect-words").render())
        assert reading == "Reads: gain 2 bronze; 3 VP"
        await pilot.press("ctrl+s")
        await settle(pilot)
    kept = find_set(tmp_path, "my-box")
    landscape, = kept.games["almadi"]["landscapes"]
    assert (landscape["id"], landscape["sides"]["top"], landscape["provenance"]) == ("O01", "ruby", "owner")
    tile, = kept.games["thebai"]["cadmea"]
    assert (tile["id"], tile["effect"]) == ("green-4", [{"gain": {"bronze": 2}}, {"vp": 3}])


@pilot_test
async def test_an_operation_moves_and_goes_and_the_record_goes_back_to_the_built_in(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await make_my_box(pilot)
        await open_record(pilot, "thebai", "cadmea", "green-5")
        form = app.screen
        before = list(form.record["effect"])
        while not (isinstance(app.focused, OperationHeader) and app.focused.parent.index == 1):
            await pilot.press("down")  # field after field, to the second operation's line
        await pilot.press("ctrl+up")
        await settle(pilot)
        assert form.record["effect"] == [before[1], before[0]]
        assert isinstance(app.focused.parent, OperationBlock) and app.focused.parent.index == 0
        await pilot.press("d")
        await settle(pilot)
        assert form.record["effect"] == [before[0]]
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert find_set(tmp_path, "my-box").games["thebai"]["cadmea"][0]["effect"] == [before[0]]
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("ctrl+b")
        await settle(pilot)
    assert find_set(tmp_path, "my-box").games == {}


def progress(screen) -> str:
    return str(screen.query_one("#walk-progress").render())


@pilot_test
async def test_check_my_box_goes_through_five_records_and_keeps_where_it_stopped(tmp_path):
    new_set(tmp_path, "My box")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await open_kind(pilot, "almadi", "landscapes")
        await pilot.press("w")
        await settle(pilot)
        walk = app.screen
        assert isinstance(walk, WalkScreen)
        assert progress(walk) == "0 of 88 checked"
        for _ in range(4):
            await pilot.press("y")
            await settle(pilot)
        assert walk.record["id"] == "O05"
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, RecordFormScreen)
        await pilot.press("down", "home")  # O05's top: arrow
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.screen is walk and progress(walk) == "5 of 88 checked" and walk.record["id"] == "O06"
        await pilot.press("escape", "escape")  # stop, and leave the list too
        await settle(pilot)
        await open_kind(pilot, "almadi", "landscapes")
        await pilot.press("w")
        await settle(pilot)
        assert progress(app.screen) == "5 of 88 checked" and app.screen.record["id"] == "O06"
    kept = find_set(tmp_path, "my-box")
    assert kept.checked == {"almadi": {"landscapes": ("O01", "O02", "O03", "O04")}}
    assert [record["id"] for record in kept.games["almadi"]["landscapes"]] == ["O05"]


@pilot_test
async def test_a_game_played_with_the_set_built_in_the_editor_uses_its_faces(tmp_path):
    from engine.almadi.catalog import catalog
    from engine.almadi.view import tile_view
    from tui.screens.table import TableScreen

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await make_my_box(pilot)
        await change_o01_top_to_ruby(pilot)
        await pilot.press("escape", "escape", "escape")
        await settle(pilot)
        screen = await open_form_for(pilot, "almadi")
        await pilot.press("tab")
        while app.focused is not screen.query_one("#components"):
            await pilot.press("tab")
        await pilot.press("enter", "down", "enter", "ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert "· My box ·" in str(app.screen.query_one("#status", Label).content)
        assert catalog().faces["O01"] == ("O", ("ruby", "moon", "arrow", "arrow"))
        assert tile_view(catalog(), "O01")["sides"] == ["ruby", "moon", "arrow", "arrow"]


async def central_board(data_dir, component_set) -> tuple[str, list[list[str]]]:
    """What the table shows of an Almadi game whose central board holds O01 at the start (seed
    3), played with ``component_set`` (None: the built-in components), and the board's tiles."""
    from saves.session import GameSession
    from saves.store import SaveStore, Seat
    from tests.hostile.corpus import screen_text
    from tests.tui.helpers import open_first_save

    session = GameSession.new(SaveStore(data_dir), "almadi", "Board", [Seat("Ann", "human"), Seat("Bob", "human")],
                              seed=3, component_set=component_set)
    app = make_app(data_dir)
    async with app.run_test(size=(160, 50)) as pilot:
        await open_first_save(pilot)
        return screen_text(app), session.match.state["board"]


@pilot_test
async def test_the_board_draws_the_face_the_owner_entered_and_the_rules_read_it(tmp_path):
    """O01 in the editor: top ruby (it was a jar). On the central board at the start (the tile
    of key 2) the tile shows the ruby where the built-in one shows the jar, and the legend names
    the ruby; the rules' catalogue gives the ruby as what its top side fires."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await make_my_box(pilot)
        await change_o01_top_to_ruby(pilot)
    built_in, board = await central_board(tmp_path / "built-in", None)
    components.select("almadi", None)
    owned, same_board = await central_board(tmp_path / "owned", find_set(tmp_path, "my-box"))
    assert board == same_board and "O01" in str(board)
    assert "2──δ──┐" in built_in and "2──♦──┐" in owned and "2──δ──┐" not in owned
    assert "♦ ruby" in owned and "♦ ruby" not in built_in
    from engine.almadi.catalog import catalog, icons

    assert icons(catalog().faces["O01"][1][0]) == ("ruby",)


@pilot_test
async def test_a_set_name_with_markup_shows_as_typed(tmp_path):
    new_set(tmp_path, "[bold]x[/]")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await settle(pilot)
        listed = str(app.screen.query_one("#sets").get_option_at_index(0).prompt)
        assert listed.startswith("[bold]x[/] · 0 records changed")
        await pilot.press("enter")
        await settle(pilot)
        title = app.screen.query_one(".screen-title", Label)
        assert str(title.render()) == "Component set: [bold]x[/]"


@pilot_test
async def test_a_served_player_looks_at_the_hosts_sets_and_changes_none(tmp_path, monkeypatch):
    """Over SSH the data folder is the server's: a stranger may look at its sets (they are offered
    in New game), not make, change or walk them."""
    from tui.serve import SEAT_PER_TERMINAL

    monkeypatch.setenv(SEAT_PER_TERMINAL, "1")
    new_set(tmp_path, "Club copy")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await settle(pilot)
        assert "you can look at them here, not change them" in str(app.screen.query_one(".components-help").render())
        await pilot.press("n")
        await settle(pilot)
        assert not app.screen_stack[-1].query("TextDialog") and len(list_sets(tmp_path)) == 1
        await pilot.press("enter")
        await settle(pilot)
        listing = await open_kind(pilot, "almadi", "landscapes")
        await pilot.press("w")
        await settle(pilot)
        assert app.screen is listing
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, RecordFormScreen)
        await pilot.press("right", "ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, RecordFormScreen)  # not saved
    assert find_set(tmp_path, "club-copy").games == {}


@pilot_test
async def test_the_records_are_cut_again_for_a_wider_terminal(tmp_path):
    from engine.component_sets import save_set, with_record

    first = components.builtin_records("almadi", "landscapes")[0]
    kept = with_record(new_set(tmp_path, "My box"), "almadi", "landscapes",
                       {**first, "sides": dict.fromkeys(("top", "right", "bottom", "left"), "moon")})
    save_set(tmp_path, kept)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        listing = await open_kind(pilot, "almadi", "landscapes")
        row = str(listing.query_one("#records").get_option_at_index(0).prompt).splitlines()
        assert row[2].endswith("a tile needs at least one arrow and") and len(row) == 4
        await pilot.resize_terminal(160, 50)
        await settle(pilot)
        row = str(listing.query_one("#records").get_option_at_index(0).prompt).splitlines()
        assert row[2].endswith("a tile needs at least one arrow and at least one effect") and len(row) == 3


@pilot_test
async def test_a_set_that_cannot_be_read_is_listed_with_why_and_the_assistant_opens_the_editor(tmp_path):
    from tui.screens.components import ComponentSetsScreen

    (tmp_path / "components" / "broken").mkdir(parents=True)
    (tmp_path / "components" / "broken" / "set.json").write_text("{", encoding="utf-8")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, ComponentSetsScreen)
        listed = str(app.screen.query_one("#sets").get_option_at_index(0).prompt)
        assert listed.startswith("broken: cannot be read (set.json:")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ComponentSetsScreen)  # nothing to open: the player is told why


@pilot_test
async def test_an_operation_the_editor_does_not_build_is_shown_in_words_and_kept(tmp_path):
    """The estate's action r2c3 places a Cadmea tile with up to the die's power matched roofs:
    the builder offers counts, not the die's power, so the operation is said and kept as it is;
    a VP added beside it leaves it as it was."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await make_my_box(pilot)
        await open_record(pilot, "thebai", "estate", "r2c3")
        form = app.screen
        header = form.query_one(OperationHeader)
        assert "1. place a Cadmea tile, up to power matched roof(s) (kept as it is)" in " ".join(
            str(header.render()).split())
        assert not header.parent.query(Stepper)  # nothing of it to edit
        effect = form.query_one(EffectEditor)
        while not effect.has_focus_within:
            await pilot.press("tab")
        await pilot.press("a")
        await settle(pilot)
        await pilot.press(*["down"] * [op.name for op in OPERATIONS].index("vp"), "enter")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
    space, = find_set(tmp_path, "my-box").games["thebai"]["estate"]
    assert space["effect"] == [{"place": {"edges": "P"}}, {"vp": 1}]

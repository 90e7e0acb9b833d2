"""Pilot tests playing Thebai through the keyboard."""

from __future__ import annotations

from saves.session import GameSession
from saves.store import SaveStore
from tests.tui.helpers import make_app, new_save, open_first_save, pilot_test, play_to_the_end_by_keys, settle, text_of
from tui.screens.home import HomeScreen
from tui.screens.table import TableScreen


@pilot_test
async def test_a_whole_two_player_game_through_the_keyboard(tmp_path):
    new_save(tmp_path, "thebai", [("Alice", "human"), ("Bruno", "greedy")], seed=3)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        sheet = await play_to_the_end_by_keys(pilot, moves=600, arrows_every=4)
        for word in ("Council", "Estate", "City dice", "Different suits", "Same suit", "Total", "●A Alice"):
            assert word in sheet
        await pilot.press("enter")
        assert isinstance(app.screen, HomeScreen)
    [record] = SaveStore(tmp_path).summaries()
    assert record.status == "finished" and record.moves == len(table.session.match.actions)


@pilot_test
async def test_number_keys_sit_on_the_board_where_the_choices_act(tmp_path):
    from engine.thebai.choices import Die
    from engine.thebai.targets import EstateSpace, Space
    from tui.boards.thebai_panels import action_name, shown_name

    new_save(tmp_path, "thebai", [("Alice", "human"), ("Bruno", "greedy")], seed=3)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        while not isinstance(table.state.choices[0].args, Die):  # the starting tile and contract
            await pilot.press("1")
            await settle(pilot)
        await pilot.press("1")  # use a citizen die: the estate shows where it may go
        await settle(pilot)
        assert table.focused_view == "player:0"
        estate = text_of(table.query_one("#player-0"))
        on_estate = [(n, c) for n, c in enumerate(table.state.choices, 1)
                     if isinstance(c.target, EstateSpace) and c.target.seat == 0]
        assert on_estate
        for number, choice in on_estate:
            assert f"{number}{shown_name(action_name(choice.target.space), 5)}" in estate  # 5: the name's room
        await pilot.press("v")  # the city, with the keys of the city's dice spaces
        await settle(pilot)
        city = text_of(table.query_one("#shared"))
        in_city = [n for n, c in enumerate(table.state.choices, 1)
                   if isinstance(c.target, Space) and c.target.id[0] in "hv" and n <= 9]
        assert all(f"[{n}]" in city for n in in_city)


def thebai_with_a_long_decision(data_dir, more_than: int):
    """A four-player hot-seat game played at random up to a decision of more than ``more_than``
    choices (where a hoplite die goes: one choice a dice space of the city)."""
    from engine.core.bots import RandomBot

    session = new_save(data_dir, "thebai", [(name, "human") for name in ("Alice", "Bruno", "Carla", "Dora")], seed=0)
    bot = RandomBot(0)
    for _ in range(300):
        seat = session.match.awaiting()[0]
        if len(session.match.legal(seat)) > more_than:
            return session, seat
        session.act(seat, bot.choose(session.match, seat).id)
    raise AssertionError("no decision that long")


@pilot_test
async def test_a_decision_longer_than_the_keys_is_paged_and_every_choice_has_a_key(tmp_path):
    from tui.choice_keys import PAGE, choice_key
    from tui.widgets.choice_list import ChoiceList

    session, seat = thebai_with_a_long_decision(tmp_path, 2 * PAGE)
    legal = session.match.legal(seat)
    far = legal[2 * PAGE + 1]  # the second choice of the third page
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        choices = table.query_one("#choices", ChoiceList)
        assert len(table.state.choices) == len(legal) and choices.option_count == PAGE
        assert str(choices.border_title).startswith("Choices 1/3")
        city = text_of(table.query_one("#shared"))
        assert f"[{choice_key(1)}]" in city and "[>]" in city and "[<]" not in city
        assert "> a choice on a later page (press >)" in city
        await pilot.press("greater_than_sign", "greater_than_sign")
        await settle(pilot)
        assert choices.page == 2 and str(choices.border_title).startswith("Choices 3/3")
        assert choices.highlighted_choice().id == legal[2 * PAGE].id
        city = text_of(table.query_one("#shared"))
        assert "[<]" in city and "[>]" not in city and "< a choice on an earlier page (press <)" in city
        assert table.query_one("#choice-detail").render().plain.startswith(legal[2 * PAGE].label)
        await pilot.press("up")  # past the top of a page: the last choice of the page before
        assert choices.page == 1 and choices.highlighted_choice().id == legal[2 * PAGE - 1].id
        await pilot.press("down", choice_key(2))
        await settle(pilot)
    [record] = SaveStore(tmp_path).summaries()
    moved = GameSession.resume(SaveStore(tmp_path), record.id).match.actions[len(session.match.actions)]
    assert (moved.actor, moved.choice) == (seat, far.id)


ROOF_BOX = "┌──"
"""The top of a Cadmea tile drawn as a box with its roofs (the roomy city)."""


@pilot_test
async def test_from_160x50_the_city_tiles_are_boxes_with_their_roofs(tmp_path):
    """160x50: the roomy city with the tracks, council and contracts beside it at 80x24's width,
    the rows' details under it; 200x60: the rows' details beside it too; narrower or shorter
    screens keep the compact city."""
    from tests.tui.scenes import thebai_mid_game

    thebai_mid_game(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await open_first_save(pilot)
        board = app.screen.query_one("#shared")
        lines = text_of(board).splitlines()
        assert any(ROOF_BOX in line for line in lines)
        city_rows = [n for n, line in enumerate(lines) if line.lstrip().startswith("7 ")]
        details = next(n for n, line in enumerate(lines) if line.lstrip().startswith("row inv gate"))
        assert details > city_rows[0]  # under the city
        assert lines[0].split()[:7] == ["1", "2", "3", "4", "5", "6", "Dionysus"]  # the tracks beside the city
        for size, roomy in (((200, 60), True), ((160, 39), False), ((119, 50), False)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            lines = text_of(board).splitlines()
            assert any(ROOF_BOX in line for line in lines) == roomy, size
        await pilot.resize_terminal(200, 60)
        await settle(pilot)
        lines = text_of(board).splitlines()
        assert any("row inv gate" in line and line.index("row inv gate") > 60 for line in lines)  # beside the city


def whole(choice) -> str:
    return f"{choice.label} — {choice.hint}" if choice.hint else choice.label


@pilot_test
async def test_at_80x24_every_word_of_the_highlighted_choice_can_be_read(tmp_path):
    """The detail under the choices shows the highlighted choice whole, or as much as fits ending
    with "…" and the key (?) that shows it whole."""
    from textwrap import wrap

    from engine.core.bots import GreedyBot
    from tui.widgets.dialogs import ReadDialog

    session = new_save(tmp_path, "thebai", [("Alice", "human"), ("Bruno", "greedy")], seed=3)
    alice = GreedyBot(1)
    while not any(len(wrap(whole(choice), 32)) > 3 for choice in session.match.labelled(0)[:9]):
        if session.match.awaiting()[0] != 0:
            session.play_bots(limit=1)
        else:
            session.act(0, alice.choose(session.match, 0).id)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        detail = table.query_one("#choice-detail")
        rows, cut = detail.styles.max_height.value, 0
        for index, choice in enumerate(table.state.choices[:9]):
            await pilot.press(*(["down"] if index else []))
            await settle(pilot, rounds=1)
            shown = text_of(detail).strip()
            assert len(wrap(shown, detail.content_region.width)) <= rows  # nothing under the detail's last row
            if shown.endswith("… ?: all"):
                cut += 1
                await pilot.press("question_mark")
                await settle(pilot)
                assert isinstance(app.screen, ReadDialog)
                assert " ".join(text_of(app.screen.query_one("#read-text")).split()) == whole(choice)
                await pilot.press("escape")
                await settle(pilot)
                assert app.screen is table
            else:
                assert " ".join(shown.split()) == whole(choice)
        assert cut


@pilot_test
async def test_at_80x24_roofs_and_short_names_read_plainly_and_the_help_says_them(tmp_path):
    """A tile's roofs are written by their colours' first two letters (never a side's letter or
    a player colour's initial), the estate's long action names by a short form its legend
    spells out, and the table's F1 help (any size) has a section that says them all."""
    from engine.thebai.catalog import catalog
    from tui.boards.thebai_panels import ACTION_SHORT
    from tui.screens.help import HelpScreen

    new_save(tmp_path, "thebai", [("Alice", "human"), ("Bruno", "greedy")], seed=3)
    app = make_app(tmp_path)
    shorts = {roof["short"]: roof["id"] for roof in catalog().roofs.values()}
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        labels = [choice.label for choice in table.state.choices]  # the starting Cadmea tiles
        for label in labels:
            roofs = label.split("[roofs ")[1].split("]")[0].split()
            assert len(roofs) == 4 and set(roofs) <= set(shorts), label
        estate = text_of(table.query_one("#player-0"))
        for record in catalog().estate.values():
            if record.get("kind") == "space":
                name = record["name"]
                assert name in estate or ACTION_SHORT[name] in estate, name
        for name, short in ACTION_SHORT.items():
            assert f"{short} {name}" in estate  # the panel's legend
        await pilot.press("f1")
        await settle(pilot)
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        await pilot.press("home", "down")
        assert help_screen.shown_topic == "reading"
        reading = help_screen.sections[1].body
        for short, colour in shorts.items():
            assert f"{short} ({colour})" in reading
        for name, short in ACTION_SHORT.items():
            assert f"{short} ({name})" in reading
        await pilot.press("escape")
        assert app.screen is table


@pilot_test
async def test_at_80x24_the_fate_strip_names_each_face_up_peace_tile_whole(tmp_path):
    from engine.thebai.catalog import catalog
    from tests.tui.scenes import thebai_mid_game

    thebai_mid_game(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        board = " ".join(text_of(app.screen.query_one("#shared")).split())
        fate = app.screen.state.view["fate"]
        peace = [(k, slot["tile"]) for k, slot in enumerate(fate) if slot["up"] and not slot["done"]
                 and slot["tile"] and catalog().fate[slot["tile"]]["kind"] == "peace"]
        assert peace
        for k, tile in peace:
            assert f"{k + 1}:{tile} " in board


def test_an_action_name_without_room_for_its_short_form_is_cut_with_a_mark():
    """On a space holding a die the name has 3 or 4 columns at 80x24: it is cut visibly
    ("Har…"), never silently ("Harv" or "Tra" read as other words)."""
    from tui.boards.thebai_panels import shown_name

    assert shown_name("Trade", 5) == "Trade"
    assert shown_name("Harvest", 5) == "Harv…"
    assert shown_name("Harvest", 4) == "Har…"
    assert shown_name("Trade", 4) == "Tra…"
    assert shown_name("Masons", 3) == "Ma…"
    assert all(len(shown_name(name, room)) <= room for name in ("Trade", "Council", "Masons") for room in range(0, 9))

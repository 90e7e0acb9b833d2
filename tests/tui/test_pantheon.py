"""Pilot tests playing the real Pantheon through the keyboard."""

from __future__ import annotations

import random

import pytest

from engine.core import Choice
from engine.pantheon.catalog import catalog
from engine.pantheon.choices import BuyPiece, BuyTile, Decline, Foot, Jump, Payment, Placement, TakeGod
from engine.pantheon.targets import Hex
from saves.store import SaveStore
from tests.pantheon.helpers import put as staged_put
from tests.pantheon.helpers import refresh as staged_refresh
from tests.pantheon.helpers import table as staged_table
from tests.tui.helpers import make_app, new_save, open_first_save, pilot_test, press_choice, settle, text_of, until
from tests.tui.scenes import pantheon_mid_game
from tui.boards import pantheon_map
from tui.boards.glyphs import Pen
from tui.boards.pantheon import POINTER, ZOOM_IN, ZOOM_OUT, zoom_map, zoom_window
from tui.screens.end import EndScreen
from tui.screens.table import TableScreen


async def open_table(pilot) -> TableScreen:
    await open_first_save(pilot)
    assert isinstance(pilot.app.screen, TableScreen)
    return pilot.app.screen


def choice_ids(table) -> list[str]:
    return [choice.id for choice in table.state.choices]


async def pick(pilot, table, choice_id: str) -> None:
    await press_choice(pilot, table, choice_id, rounds=2)


def map_row(table, row: int) -> str:
    """The map line of ``row`` (1-based) as the focused board panel shows it."""
    prefix = f"{row:>2} "
    return next(line for line in text_of(table.query_one("#shared")).splitlines() if line.startswith(prefix))


def alice_area(table) -> str:
    return text_of(table.query_one("#player-0"))


async def answer_others(pilot, table) -> None:
    """Any decision that is not Alice's action choice: take the first choice."""
    while table.state.choices and table.state.view["topic"] != "turn":
        await pilot.press("1")
        await settle(pilot, rounds=2)


@pilot_test
async def test_turns_by_keys_movement_step_by_step_a_purchase_and_a_god(tmp_path):
    new_save(tmp_path, "pantheon", [("Alice", "human"), ("Bruno", "greedy")], seed=7)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot)
        assert "you play ●A Alice" in text_of(table.query_one("#status"))  # this terminal holds one seat
        assert choice_ids(table) == ["move", "buy", "draw"]

        # Movement, one hex at a time: each choice names its hex (its hint what it costs beyond a
        # free step), and its number key is on the map.
        await pick(pilot, table, "move")
        assert table.focused_view == "shared" and "a choice's key: where it acts" in text_of(table.query_one("#shared"))
        steps = 0
        while (targets := [c for c in table.state.choices if isinstance(c.args, Placement)]) and steps < 3:
            for number, choice in enumerate(table.state.choices, start=1):
                if isinstance(choice.args, Placement) and number <= 9:
                    assert choice.target == Hex(choice.args.hex) and choice.label.endswith(f" {choice.args.hex}")
                    assert str(number) in map_row(table, int(choice.args.hex[1:]))[3:]
            target = targets[0]
            hex_id = target.args.hex
            await pick(pilot, table, target.id)
            steps += 1
            assert f"foot to {hex_id}" in table.state.view["log"][-1] or any(
                f"to {hex_id}" in line for line in table.state.view["log"][-3:])
            assert "a" in map_row(table, int(hex_id[1:]))[3:]
            if "end" not in choice_ids(table):
                break
        assert steps >= 1
        if "end" in choice_ids(table):
            await pick(pilot, table, "end")
        await answer_others(pilot, table)

        # Further turns: buy once, draw cards until a god can be taken, then take it.
        bought = took_god = False
        for _turn in range(14):
            await answer_others(pilot, table)
            if isinstance(app.screen, EndScreen) or took_god:
                break
            ids = choice_ids(table)
            assert ids and table.state.view["topic"] == "turn"
            gods = [c.id for c in table.state.choices if isinstance(c.args, TakeGod)]
            if gods and (bought or "buy" not in ids):
                name = next(c.label for c in table.state.choices if c.id == gods[0]).removeprefix("Take ")
                await pick(pilot, table, gods[0])
                assert table.focused_view == "private" and "Your hand" in text_of(table.query_one("#private"))
                assert all(isinstance(c.args, (Payment, Decline)) for c in table.state.choices)
                before = len(table.state.view["log"])
                await pilot.press("1")
                await settle(pilot, rounds=2)
                # bots may have moved since
                assert any(f"gains {name}" in line for line in table.state.view["log"][before:])
                took_god = True
            elif "buy" in ids and not bought:
                supply = alice_area(table)
                await pick(pilot, table, "buy")
                purchase = table.state.choices
                assert all("money" in c.label or c.id == "end" for c in purchase)
                bought_piece = next(c for c in purchase if isinstance(c.args, (BuyPiece, BuyTile)))
                await pick(pilot, table, bought_piece.id)
                if "end" in choice_ids(table):
                    await pick(pilot, table, "end")
                assert alice_area(table) != supply
                bought = True
            else:
                await pick(pilot, table, "draw")
        assert bought and took_god
        assert "Permanent gods: none" not in alice_area(table) or "VP" in alice_area(table)
    record = SaveStore(tmp_path).summaries()[0]
    assert record.moves > 20


@pilot_test
async def test_the_curtain_keeps_each_hand_private_between_two_humans(tmp_path):
    session = new_save(tmp_path, "pantheon", [("Alice", "human"), ("Bruno", "human")], seed=7)
    hands = [session.match.view(seat)["hand"] for seat in (0, 1)]
    assert hands[0] != hands[1]
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot)
        assert table.curtain_up and "Pass to ●A Alice" in text_of(table.query_one("#curtain"))
        await pilot.press("1")  # swallowed while the curtain is down
        await settle(pilot)
        assert len(table.session.match.actions) == len(session.match.actions)
        await pilot.press("enter")
        await settle(pilot)
        alice_hand = text_of(table.query_one("#private"))
        assert alice_hand.startswith("Your hand:") and table.query_one("#private").border_title == "Private — ●A Alice"
        await pick(pilot, table, "draw")  # Alice draws 3 cards: one decision per card
        while table.state.viewer == 0 and table.state.choices:
            await pilot.press("1")
            await settle(pilot, rounds=2)
        assert table.curtain_up and "Pass to ▲B Bruno" in text_of(table.query_one("#curtain"))
        assert text_of(table.query_one("#private")) == "" and not table.query_one("#table-body").display
        await pilot.press("enter")
        await settle(pilot)
        bruno_hand = text_of(table.query_one("#private"))
        assert table.query_one("#private").border_title == "Private — ▲B Bruno"
        assert bruno_hand != alice_hand and table.state.view["hand"] == table.session.match.view(1)["hand"]
        assert table.state.view["players"][0]["demigod_values"] is None


@pilot_test
async def test_v_cycles_the_panels_at_80_columns_and_the_map_uses_200_columns(tmp_path):
    new_save(tmp_path, "pantheon", [("Alice", "human"), ("Bruno", "greedy"), ("Cleo", "greedy")], seed=7)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot)
        shown = [panel.id for panel in table.query("#boards .panel") if panel.region.height]
        assert shown == ["shared"]
        seen = []
        for _ in range(5):
            await pilot.press("v")
            await pilot.pause()
            seen.append([panel.id for panel in table.query("#boards .panel") if panel.region.height])
        assert seen == [["private"], ["player-0"], ["player-1"], ["player-2"], ["shared"]]
    app = make_app(tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        table = await open_table(pilot)
        shared = table.query_one("#shared")
        assert shared.region.width > 110 and "J5" in text_of(shared)  # the widest map shows hex ids
        areas = [table.query_one(f"#player-{seat}").region for seat in range(3)]
        assert areas[0].y == areas[1].y and areas[1].x > areas[0].x  # players' areas side by side


@pilot_test
async def test_a_bots_only_game_is_watched_to_the_end_with_the_final_map(tmp_path):
    new_save(tmp_path, "pantheon", [("Rob", "random"), ("Greta", "random")], seed=3)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("enter")
        for _ in range(40):
            await settle(pilot)
            if isinstance(app.screen, EndScreen):
                break
        end = app.screen
        assert isinstance(end, EndScreen)
        sheet = text_of(end.query_one("#sheet"))
        assert "Place" in sheet and "●A Rob" in sheet and "Total" in sheet
        await pilot.press("b")
        await pilot.pause()
        assert "Temple:" in text_of(end.query_one("#final-shared"))
        assert "VP" in text_of(end.query_one("#final-player-1"))
    assert SaveStore(tmp_path).summaries()[0].status == "finished"


@pytest.mark.slow
@pilot_test
async def test_a_whole_game_is_played_by_keys_to_the_final_sheet(tmp_path):
    """Alice plays every decision of a 2-player game by its key (a choice drawn at random
    among those offered, past the ninth with the arrows), against a random bot, until the end
    screen; the save holds every move she made, as she made them."""
    save = new_save(tmp_path, "pantheon", [("Alice", "human"), ("Rob", "random")], seed=11)
    app = make_app(tmp_path)
    draw = random.Random(11)
    made: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot)
        for _ in range(2000):
            if isinstance(app.screen, EndScreen):
                break
            await until(pilot, lambda: isinstance(app.screen, EndScreen) or bool(table.state and table.state.choices),
                        timeout=30, settled=False)
            if isinstance(app.screen, EndScreen):
                break
            choice = draw.choice(choice_ids(table))
            made.append(choice)
            await pick(pilot, table, choice)
        end = app.screen
        assert isinstance(end, EndScreen), "the game did not end"
        sheet = text_of(end.query_one("#sheet"))
        assert "Total" in sheet and "Alice" in sheet and "Rob" in sheet
    record = SaveStore(tmp_path).load(save.record.id)
    assert record.status == "finished"
    assert [action["c"] for action in record.actions if action.get("a") == 0] == made


def loot(view, hex_id: str) -> str:
    """The glyph of the loot on ``hex_id``."""
    kind = next(h["loot"] for h in view["map"]["hexes"] if h["id"] == hex_id)
    return pantheon_map.LOOT_KINDS[catalog().loot[kind]["effect"]]


def board_lines(table) -> list[str]:
    return text_of(table.query_one("#shared")).splitlines()


async def press(pilot, *keys: str) -> None:
    await pilot.press(*keys)
    await pilot.pause()


@pilot_test
async def test_z_zooms_the_map_around_the_highlighted_choice_and_back(tmp_path):
    new_save(tmp_path, "pantheon", [("Alice", "human"), ("Bruno", "greedy")], seed=7)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot)
        whole_map = "   A B C D E F G H I J K L M N O P Q R"
        assert whole_map in board_lines(table) and ZOOM_IN in text_of(table.query_one("#shared"))
        await pick(pilot, table, "move")
        assert table.state.view["temple"] == "J5"
        assert choice_ids(table) == ["foot:I4", "foot:J4", "foot:I5", "foot:K5", "foot:I6", "foot:J6", "end"]

        await press(pilot, "z")  # 7 of the 18 columns fit at 80x24, 7 rows; choice 1 (I4) highlighted
        lines = board_lines(table)
        assert lines[0] == "Rows 1-7 of 1-11, columns F-L of A-R" and whole_map not in lines
        assert "    F1   G1   H1   I1   J1   K1   L1" in lines and ZOOM_OUT in "\n".join(lines)
        assert f"{POINTER}1{loot(table.state.view, 'I4')}" in map_row(table, 4)  # I4: loot
        assert " 2· " in map_row(table, 4)
        assert " Π " in map_row(table, 5)

        await press(pilot, "down", "down", "down")  # K5: the window follows, one row down, two columns right
        assert board_lines(table)[0] == "Rows 2-8 of 1-11, columns H-N of A-R"
        assert f"{POINTER}4≈≈≈" in map_row(table, 5) and POINTER not in map_row(table, 4)  # K5: sea
        await press(pilot, "down", "down")  # J6
        assert board_lines(table)[0] == "Rows 3-9 of 1-11, columns G-M of A-R" and f"{POINTER}6≈≈≈" in map_row(table, 6)
        await press(pilot, "down")  # End movement has no hex: back to the temple, nothing marked
        assert board_lines(table)[0] == "Rows 2-8 of 1-11, columns G-M of A-R"
        assert POINTER not in "".join(map_row(table, row) for row in range(2, 9))

        await press(pilot, "z")
        assert whole_map in board_lines(table) and not board_lines(table)[0].startswith("Rows")


@pilot_test
async def test_a_zoomed_hex_shows_both_players_pieces_and_the_number_key(tmp_path):
    pantheon_mid_game(tmp_path)  # Alice's third turn: Bruno has a foot on B2, a column on C1
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot)
        await pick(pilot, table, "move")
        await pick(pilot, table, "foot:B2")  # a shared hex: ●A Alice's foot joins ▲B Bruno's
        assert choice_ids(table)[:2] == ["foot:B1", "foot:A2"] and "column:C1" in choice_ids(table)
        assert "2·ba3·" in map_row(table, 2)  # compact: B2's two pieces leave no room for its marker
        await press(pilot, "v", "z")  # z brings the board back into view as it zooms in
        assert table.focused_view == "shared"
        # zoomed, each piece is its seat's symbol and letter: B2's two (its marker, ○, left out for them)
        assert map_row(table, 2)[3:].split()[:3] == ["2·", "▲b●a", "3·"]
        column = choice_ids(table).index("column:C1") + 1
        assert map_row(table, 1)[3:].split()[:3] == ["·", f"{POINTER}1○▲b", f"{column}¦▲B"]
        legend = text_of(table.query_one("#shared"))
        assert "●a ●A Alice" in legend and "▲b ▲B Bruno" in legend


# The zoomed map's window, without the app.

MAP_SIZE = (11, 18)


def test_the_zoom_window_centres_where_it_can_and_never_runs_off_the_map():
    assert zoom_window((4, 9), (7, 7), MAP_SIZE) == (1, 6)  # J5 mid-map: 3 rows and 3 columns each side
    assert zoom_window((0, 0), (7, 7), MAP_SIZE) == (0, 0)  # A1: held at the top left
    assert zoom_window((10, 17), (7, 7), MAP_SIZE) == (4, 11)  # R11: rows 5-11, columns L-R
    assert zoom_window((10, 0), (7, 18), MAP_SIZE) == (4, 0)  # as wide as the map: no sideways room
    for rows in range(1, 12):
        for cols in range(1, 19):
            for centre in ((r, c) for r in range(11) for c in range(18)):
                top, left = zoom_window(centre, (rows, cols), MAP_SIZE)
                assert 0 <= top <= centre[0] < top + rows <= 11 and 0 <= left <= centre[1] < left + cols <= 18


def zoom_plain(view, width: int, highlighted: str | None = None) -> list[str]:
    """The zoomed map as drawn without colour, the viewer's choice ``highlighted`` (by id) highlighted."""
    choice = next((c for c in view.get("choices", ()) if c.id == highlighted), None)
    return zoom_map(view, width, choice, Pen(pantheon_map.PALETTE, color=False)).plain.splitlines()


def test_the_zoomed_map_follows_the_choice_else_the_viewers_last_foot_and_fits_its_width():
    match = staged_table(temple="J5")
    staged_put(match, 0, feet=["J4", "R11"])
    staged_put(match, 1, feet=["J4"], columns=["K4"])
    view = match.rules.view(match.state, 0)
    view["choices"] = [Choice.of(Foot("A11"), target=Hex("A11")), Choice.of(Jump("K4"), target=Hex("K4")),
                       Choice.of(Foot("E6"), target=Hex("E6"))]
    lines = zoom_plain(view, 41)  # no choice highlighted: Alice's last foot, in the bottom right corner
    assert lines[0] == head(5, 11, "L", "R") and lines[-2].split() == [f"{c}11" for c in "LMNOPQR"]
    assert lines[-1].split() == ["11", "·", "¦", "·", "·", "·", "¦", "·●a"] and POINTER not in "".join(lines)
    lines = zoom_plain(view, 41, "foot:A11")
    assert lines[0] == head(5, 11, "A", "G")
    assert lines[-1].startswith(f"11 {POINTER}1{loot(view, 'A11')}")  # A11: key 1, loot
    lines = zoom_plain(view, 41, "jump:K4")  # the hex of Bruno's column, by Alice's foot and his on J4
    assert lines[0] == head(1, 7, "H", "N") and lines[8].split()[3] == f"●a▲b{POINTER}2¦▲B"  # J4 full: then K4
    for width, columns, rows in ((41, 7, 7), (80, 15, 7), (200, 18, 11)):  # the whole map once it fits
        lines = zoom_plain(view, width, "foot:E6")
        assert max(map(len, lines)) <= width and len(lines[1].split()) == columns and len(lines) == 1 + 2 * rows
    match.state["active"] = 1  # a spectator's zoom: the active player's (Bruno's) last foot, J4
    assert zoom_plain(match.rules.view(match.state, None), 41)[0] == head(1, 7, "G", "M")
    match.state["players"][0]["feet_on"] = []
    staged_refresh(match)  # Alice without feet: the temple, J5
    assert zoom_plain(match.rules.view(match.state, 0), 41)[0] == head(2, 8, "G", "M")


def head(first: int, last: int, left: str, right: str) -> str:
    return f"Rows {first}-{last} of 1-11, columns {left}-{right} of A-R"


def pantheon_move_with_loot(data_dir):
    """A three-player hot-seat game played at random up to a move where several hexes take a
    movement card and some hold loot."""
    from engine.core.bots import RandomBot

    session = new_save(data_dir, "pantheon", [(name, "human") for name in ("Alice", "Bruno", "Carla")], seed=1)
    bot = RandomBot(0)
    for _ in range(300):
        seat = session.match.awaiting()[0]
        choices = session.match.view(seat)["choices"]
        if sum("loot" in c.hint for c in choices) >= 2 and sum("card" in c.hint for c in choices) >= 4:
            return session, seat
        session.act(seat, bot.choose(session.match, seat).id)
    raise AssertionError("no such move")


def shown_lines(choices) -> list[str]:
    """The choice list's lines as the screen shows them (cut to its width)."""
    return [choices.render_line(y).text for y in range(choices.scrollable_content_region.height)]


@pilot_test
async def test_every_move_at_80x24_shows_its_card_and_its_loot_on_its_own_line(tmp_path):
    from tui.choice_keys import choice_key
    from tui.widgets.choice_list import ChoiceList

    session, seat = pantheon_move_with_loot(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        await pilot.press("enter")  # the hot-seat curtain
        await settle(pilot)
        choices = app.screen.query_one("#choices", ChoiceList)
        offered = app.screen.state.choices
        checked = set()
        for index in range(len(offered)):
            for line in shown_lines(choices):
                number = next((n for n, c in enumerate(offered, 1) if line.strip().startswith(f"{choice_key(n)} ")),
                              None)
                if number is None or number - 1 == index or not offered[number - 1].target:
                    continue
                choice = offered[number - 1]
                assert choice.target.id in line, line
                if "card" in choice.hint:
                    assert "1 card" in line, line
                if "loot" in choice.hint:
                    loot = choice.hint.split("loot: ")[1].split()[0]
                    assert f"loot: {loot}" in line, line
                checked.add(choice.id)
            await pilot.press("down")
        assert len(checked) == sum(1 for c in offered if c.target)
        assert sum("loot" in c.hint for c in offered if c.id in checked) >= 2

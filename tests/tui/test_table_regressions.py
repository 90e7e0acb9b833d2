"""Pilot tests for problems found by playing Tabula as its users do."""

from __future__ import annotations

import re

from tests.tui.helpers import TWO_HUMANS, make_app, new_save, open_first_save, pilot_test, settle, text_of
from tui.screens.end import ScoreSheetScreen


@pilot_test
async def test_the_log_written_behind_the_curtain_wraps_at_the_panel_width(tmp_path):
    new_save(tmp_path, "almadi", TWO_HUMANS, options={"characters": True})
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        await pilot.press("enter")  # lift the curtain for Alice
        await settle(pilot)
        log = table.query_one("#log")
        width = log.scrollable_content_region.width
        widths = {strip.cell_length for strip in log.lines}
        assert max(widths) == width > 20  # not the 20 columns of a hidden log


@pilot_test
async def test_the_running_score_sheet_shows_whole_category_names_and_how_to_close_it(tmp_path):
    new_save(tmp_path, "almadi", [("Alice", "human"), ("Bruno", "greedy"), ("Carla", "greedy")],
             options={"characters": True})
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        await pilot.press("s")
        await settle(pilot)
        sheet = app.screen
        assert isinstance(sheet, ScoreSheetScreen)
        text = text_of(sheet.query_one("#running-sheet"))
        for category in ("Caravans", "Objectives", "Characters", "●A Alice"):
            assert category in text
        assert sheet.query_one(".sheet-box").border_subtitle == "Esc to close"
        await pilot.press("escape")
        assert not isinstance(app.screen, ScoreSheetScreen)


@pilot_test
async def test_an_80_column_resume_list_cuts_no_column_and_tells_copies_apart(tmp_path):
    """Every column is whole at 80 columns (the seats move to the line under the list), and an
    imported copy keeps its '(copy)' however long its title."""
    title = "Friday night Almadi at Bruno's with the whole family and friends"
    save = new_save(tmp_path, "almadi", [("Alice", "human"), ("Bruno", "greedy")], title=title)
    store = save.store
    store.import_(store.export(save.record.id), as_copy=True)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        table = app.screen.query_one("#saves")
        labels = table.headers
        assert labels == ["Title", "Game", "Progress", "Last", "Playing"]
        widths = [width + 2 for width in table.widths]  # a space either side
        assert sum(widths) <= table.size.width
        titles = {str(table.get_row_at(row)[0]) for row in range(2)}
        assert len(titles) == 2 and all(title.startswith("Friday night") for title in titles)
        copy, original = sorted(titles, key=lambda title: not title.endswith("… (copy)"))
        assert copy.endswith("… (copy)") and original.endswith("…") and "(copy)" not in original
        for row in range(2):  # the game was dealt from a seed chosen by hand (new_save's): the list says so
            cells = [str(cell) for cell in table.get_row_at(row)[1:4]]
            assert cells[0] == "Almadi" and cells[1] == "turn 1 of 32 · seed chosen"
            assert re.fullmatch(r"\d\d:\d\d", cells[2])
        detail = text_of(app.screen.query_one("#save-detail"))
        assert "●A Alice, ▲B Bruno (easy bot)" in detail and "last played" in detail
        await pilot.resize_terminal(160, 40)
        await settle(pilot)
        labels = table.headers
        assert labels == ["Title", "Game", "Progress", "Last played", "Playing", "Seats"]


@pilot_test
async def test_choosing_another_game_keeps_the_keyboard_in_the_form(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("enter", "down", "enter")  # Pantheon: the form is rebuilt for it
        await settle(pilot)
        assert app.screen.game_id == "pantheon" and app.focused is app.screen.query_one("#game")
        await pilot.press("tab", "enter", "down", "down", "enter")  # Players: 4
        await settle(pilot)
        assert app.screen.player_count == 4


def test_pantheon_says_gods_and_loot_are_not_yet_revealed_before_epoch_1():
    from engine.core.match import Match
    from engine.registry import rules_for
    from tui.boards import pantheon

    match = Match(rules_for("pantheon"), ["Ann", "Ben", "Cy"], {"bonus": "choose"}, seed=3)
    match.draw_all()
    lines = pantheon.display_lines(match.view(match.awaiting()[0]))
    assert any(line.startswith("Gods: none yet") for line in lines)
    assert any(line.startswith("Loot: none yet") for line in lines)


@pilot_test
async def test_the_log_keeps_its_newest_entries_in_sight_when_it_gets_shorter(tmp_path):
    session = new_save(tmp_path, "almadi", [("Alice", "human"), ("Bruno", "greedy"), ("Carla", "greedy")])
    for _ in range(6):  # a few turns, so the log is longer than its panel
        if session.match.awaiting() == (0,):
            session.act(0, session.match.legal(0)[0].id)
        else:
            session.play_bots(limit=1)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 34)) as pilot:
        await open_first_save(pilot)
        log = app.screen.query_one("#log")
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y


@pilot_test
async def test_a_long_title_never_hides_whose_view_the_table_shows(tmp_path):
    new_save(tmp_path, "pantheon", [("Alice", "human"), ("Bruno", "human"), ("Carla", "greedy"), ("Dario", "random")],
             title="Pantheon: Alice vs Bruno vs Carla vs Dario")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        status = text_of(app.screen.query_one("#status"))
        assert status.startswith("Pantheon: Alice") and status.endswith("view of ●A Alice") and len(status) <= 78
        await pilot.resize_terminal(120, 30)
        await settle(pilot)
        assert text_of(app.screen.query_one("#status")).startswith("Pantheon: Alice vs Bruno vs Carla vs Dario ·")


LARGE_START = "╔═══════╗"
"""The top of a starting tile drawn large (9x5, with its landscape's name): on a roomy screen."""


@pilot_test
async def test_at_200x60_the_almadi_realms_fill_the_height_with_large_tiles(tmp_path):
    seats = [("Alice", "human"), ("Bruno", "human"), ("Carla", "human"), ("Dara", "human")]
    new_save(tmp_path, "almadi", seats)
    app = make_app(tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        room = table.query_one("#boards").size.height
        for seat in range(len(seats)):
            panel = table.query_one(f"#player-{seat}")
            assert panel.outer_size.height >= room // 2 - 1  # two rows of realms fill the height
            lines = text_of(panel).splitlines()
            frames = [line for line in lines if LARGE_START in line]
            spelled = [line for line in lines if re.search(r"\b(Oasis|Caravan|Market|Palace)\b", line)]
            assert len(frames) == len(spelled) == 4  # the start column: one large tile a row, its landscape named


@pilot_test
async def test_growing_only_in_height_past_40_rows_redraws_the_almadi_realms_large(tmp_path):
    new_save(tmp_path, "almadi", [("Alice", "human"), ("Bruno", "human")])
    app = make_app(tmp_path)
    async with app.run_test(size=(200, 39)) as pilot:
        await open_first_save(pilot)
        panel = app.screen.query_one("#player-0")
        assert LARGE_START not in text_of(panel)
        await pilot.resize_terminal(200, 60)
        await settle(pilot)
        assert LARGE_START in text_of(panel)
        await pilot.resize_terminal(200, 39)
        await settle(pilot)
        assert "╭──" not in text_of(panel)


@pilot_test
async def test_at_200x60_enter_lifts_the_curtain_and_a_resize_keeps_the_highlighted_choice(tmp_path):
    new_save(tmp_path, "almadi", [("Alice", "human"), ("Bruno", "human")], options={"characters": True})
    app = make_app(tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        assert table.curtain_up
        await pilot.press("enter")
        await settle(pilot)
        assert not table.curtain_up
        choices = table.query_one("#choices")
        await pilot.press("down", "down")
        await pilot.resize_terminal(150, 60)  # out of the roomy size: the boards are redrawn
        await settle(pilot)
        assert choices.highlighted == 2 and choices.has_focus


@pilot_test
async def test_at_80x24_a_board_longer_than_the_screen_says_so_and_page_keys_scroll_it(tmp_path):
    new_save(tmp_path, "almadi", [("Alice", "human"), ("Bruno", "human"), ("Carla", "human")])
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        boards, choices = table.query_one("#boards"), table.query_one("#choices")
        assert boards.max_scroll_y > 0  # the objectives run past the bottom
        assert table.query_one("#shared").border_title == "Board · PgDn/PgUp: more"  # top border: on screen
        await pilot.press("down")
        highlighted = choices.highlighted
        await pilot.press("pagedown")
        await settle(pilot)
        assert boards.scroll_y > 0 and choices.highlighted == highlighted
        await pilot.press("pageup")
        await settle(pilot)
        assert boards.scroll_y == 0


@pilot_test
async def test_the_pantheon_board_is_whole_after_growing_from_80x24_to_200x60(tmp_path):
    """Resized 80x24 -> 120x40 -> 200x60, the board was cut after the map's legend (no epoch
    track, gods, loot, demigods, card row, offering tiles): its height stayed the old one."""
    new_save(tmp_path, "pantheon", [("Alice", "human"), ("Bruno", "greedy"), ("Carla", "greedy")], seed=1)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        for size in ((120, 40), (200, 60)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            shared = app.screen.query_one("#shared")
            drawn = text_of(shared).rstrip("\n").splitlines()
            assert shared.content_size.height == len(drawn)
            assert "Epochs:" in text_of(shared) and shared.region.height >= len(drawn)


def words_in_order(text: str, words: list[str]) -> bool:
    """Every one of ``words`` found in ``text``, one after another."""
    at = 0
    for word in words:
        at = text.find(word, at)
        if at < 0:
            return False
        at += len(word)
    return True


@pilot_test
async def test_at_80x24_the_full_log_shows_every_word_of_every_line(tmp_path):
    from tests.tui.scenes import polis_mid_game
    from tui.screens.log import LogScreen

    polis_mid_game(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        lines = app.screen.state.view["log"]
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LogScreen)
        log = app.screen.query_one("#full-log")
        shown = log.scrollable_content_region.width
        assert max(strip.cell_length for strip in log.lines) <= shown  # nothing out of sight on the right
        text = " ".join(strip.text for strip in log.lines)
        assert all(words_in_order(text, line.split()) for line in lines)

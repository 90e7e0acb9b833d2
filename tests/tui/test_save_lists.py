"""Pilot tests of the lists of saves with many games: Home reads the folder only when it
changed; Resume lists every save, shown with the texts of its first rows before the rest are made."""

from __future__ import annotations

import os
import shutil
import time

from saves.store import SaveStore
from tests.tui.helpers import TWO_HUMANS, make_app, new_save, pilot_test, settle, text_of, until
from tui.compat import watch_paints
from tui.screens import resume
from tui.screens.home import HomeScreen
from tui.screens.resume import FIRST_ROWS, ResumeScreen
from tui.screens.table import TableScreen


def count_listings(monkeypatch) -> list[int]:
    calls = []
    listing = SaveStore.summaries

    def counted(store):
        calls.append(1)
        return listing(store)

    monkeypatch.setattr(SaveStore, "summaries", counted)
    return calls


@pilot_test
async def test_home_reads_the_saves_folder_again_only_when_it_changed(toy, tmp_path, monkeypatch):
    new_save(tmp_path, "toy", TWO_HUMANS, title="First")
    long_ago = time.time_ns() - 60 * 10**9  # a folder changed a moment ago is looked at again (coarse file times)
    os.utime(tmp_path / "games", ns=(long_ago, long_ago))
    calls = count_listings(monkeypatch)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert len(calls) == 1  # the first look, which reports files set aside
        for _ in range(3):
            await pilot.press("n")
            await settle(pilot)
            await pilot.press("escape")
            await settle(pilot)
        assert isinstance(app.screen, HomeScreen) and len(calls) == 1
        new_save(tmp_path, "toy", TWO_HUMANS, title="Second")  # another terminal, say
        (tmp_path / "games" / "broken.json").write_text("{not json")
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert len(calls) == 2
        assert app.screen.query_one("#problems").display


@pilot_test
async def test_resume_lists_hundreds_of_saves_newest_first_and_all_of_them(toy, tmp_path):
    template = SaveStore(tmp_path).path_of(new_save(tmp_path, "toy", TWO_HUMANS, title="Copied").record.id)
    for index in range(FIRST_ROWS * 3):
        shutil.copy(template, template.with_name(f"copy{index:04d}.json"))
    newest = new_save(tmp_path, "toy", TWO_HUMANS, title="Newest").record.id
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ResumeScreen)
        table = screen.query_one("#saves")
        assert table.row_count == FIRST_ROWS * 3 + 2
        assert screen.selected.id == newest
        assert set(table.row_keys) == set(SaveStore(tmp_path).saved_ids())


def titles_listed(screen) -> dict[str, str]:
    """Each listed save's title cell, by save id."""
    table = screen.query_one("#saves")
    return {key: table.get_row_at(row)[0] for row, key in enumerate(table.row_keys)}


@pilot_test
async def test_games_of_one_title_are_told_apart_in_the_resume_list(toy, tmp_path):
    twins = [new_save(tmp_path, "toy", TWO_HUMANS, seed=seed, title="Toy: Alice vs Bruno").record.id for seed in (1, 2)]
    other = new_save(tmp_path, "toy", TWO_HUMANS, title="Friday").record.id
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        listed = titles_listed(app.screen)
        assert listed[other] == "Friday"
        assert [listed[twin] for twin in twins] == [f"Toy: Alice vs Bruno #{twin[:4]}" for twin in twins]
        await pilot.press("down")  # from Friday, the newest, to the newer twin: the line under the list names it
        await settle(pilot)
        assert f"id {twins[1]}" in text_of(app.screen.query_one("#save-detail"))


@pilot_test
async def test_the_title_the_form_gives_marks_a_bot_and_resume_lists_it(toy, tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await settle(pilot)
        while not app.screen.query_one("#kind-1").has_focus:
            await pilot.press("tab")
        await pilot.press("enter", "up", "up", "up", "enter", "ctrl+s")  # Bruno: an Easy bot
        await settle(pilot)
        await pilot.press("escape", "r")
        await settle(pilot)
        assert list(titles_listed(app.screen).values()) == ["Toy: Alice vs Bruno (bot)"]


@pilot_test
async def test_resume_paints_its_first_rows_before_the_rest_are_measured_and_keys_act_meanwhile(toy, tmp_path,
                                                                                               monkeypatch):
    template = SaveStore(tmp_path).path_of(new_save(tmp_path, "toy", TWO_HUMANS, title="Copied").record.id)
    total = FIRST_ROWS * 3
    for index in range(total - 1):
        shutil.copy(template, template.with_name(f"copy{index:05d}.json"))
    pressed_at: list[bool] = []
    widen = ResumeScreen.widen
    held: list[tuple] = []

    def slow_machine(screen: ResumeScreen, *args) -> None:
        """The widths of every row's texts come once the key was read (as on a busy machine,
        where the key can come late), so the test does not race them."""
        if pressed_at:
            widen(screen, *args)
        else:
            held.append((screen, *args))

    def measured(screen) -> bool:
        """Whether the widths of every row's texts have come."""
        return isinstance(screen, ResumeScreen) and False in screen.widths

    monkeypatch.setattr(ResumeScreen, "widen", slow_machine)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        painted: list[tuple[int, bool]] = []

        def paint(screen, _) -> None:
            if isinstance(screen, ResumeScreen):
                painted.append((screen.query_one("#saves").row_count, measured(screen)))

        watch_paints(app, paint)
        await pilot.press("r")
        await until(pilot, lambda: any(rows for rows, _ in painted), settled=False)  # rows on screen
        screen = app.screen
        table = screen.query_one("#saves")
        down = table.action_cursor_down

        def counted_down() -> None:
            pressed_at.append(measured(screen))
            down()
            for call in held:  # the widths that came meanwhile
                widen(*call)

        table.action_cursor_down = counted_down
        await pilot.press("down")
        await settle(pilot)
        assert table.row_count == total and measured(screen)
        assert (total, False) in painted  # every row listed before the texts of the rest were measured
        assert pressed_at == [False]  # the key acted before they were
        assert len(screen.texts[False]) < total  # the texts of the rows that came into view, not of every row
        assert table.cursor_row == 1 and screen.selected.id == table.row_keys[1]


def many_saves(tmp_path, count: int) -> None:
    template = SaveStore(tmp_path).path_of(new_save(tmp_path, "toy", TWO_HUMANS, title="Copied").record.id)
    for index in range(count - 1):
        shutil.copy(template, template.with_name(f"copy{index:05d}.json"))


@pilot_test
async def test_resume_makes_the_cells_of_the_rows_in_view_only(toy, tmp_path, monkeypatch):
    many_saves(tmp_path, FIRST_ROWS * 3)
    titled: list[str] = []
    fit = resume.fit_title

    def counted(title: str, *args) -> str:
        titled.append(title)
        return fit(title, *args)

    monkeypatch.setattr(resume, "fit_title", counted)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        table = app.screen.query_one("#saves")
        in_view = table.scrollable_content_region.height - 1  # under the header
        assert table.row_count == FIRST_ROWS * 3 and 0 < in_view < 24
        made = len(titled)
        assert 0 < made <= 4 * in_view  # a few paints of the rows in view, not a row of every save
        await pilot.press("ctrl+end")
        await settle(pilot)
        assert table.cursor_row == FIRST_ROWS * 3 - 1
        assert 0 < len(titled) - made <= 4 * in_view


@pilot_test
async def test_resume_moves_through_a_long_list_by_keys_and_clicks(toy, tmp_path):
    many_saves(tmp_path, 60)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        screen = app.screen
        table = screen.query_one("#saves")
        in_view = table.scrollable_content_region.height - 1

        async def press(key: str, row: int) -> None:
            await pilot.press(key)
            await settle(pilot)
            assert table.cursor_row == row
            assert f"id {table.row_keys[row]}" in text_of(screen.query_one("#save-detail"))
            assert table.scroll_y <= row < table.scroll_y + in_view  # on screen

        await press("pagedown", in_view)
        await press("pagedown", 2 * in_view)
        await press("pageup", in_view)
        await press("ctrl+end", 59)
        await press("up", 58)
        await press("ctrl+home", 0)
        await press("end", 0)  # across the columns (which fit): the rows stay where they are
        await pilot.click("#saves", offset=(5, 3))  # the header, then the rows: the third one
        await settle(pilot)
        assert table.cursor_row == 2 and isinstance(app.screen, ResumeScreen)
        await pilot.click("#saves", offset=(5, 3))  # the highlighted row: opened
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.screen.session.save_id == table.row_keys[2]


@pilot_test
async def test_resume_columns_fill_the_list_beside_its_scrollbar_at_every_size(toy, tmp_path):
    many_saves(tmp_path, 60)  # more rows than a screen: the list has a vertical scrollbar
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        table = app.screen.query_one("#saves")
        for size in ((80, 24), (130, 30), (80, 24), (100, 80)):  # the last: room for every row
            await pilot.resize_terminal(*size)
            await settle(pilot)
            room = table.scrollable_content_region.width
            assert table.show_vertical_scrollbar == (table.row_count + 1 > table.size.height)
            assert sum(width + 2 for width in table.widths) == room, size  # every column whole, the title wider
            assert not table.show_horizontal_scrollbar

"""Pilot tests of the lists of saves with many games: Home reads the folder only when it
changed; Resume lists every save, whose rows are added in batches."""

from __future__ import annotations

import os
import shutil
import time

from saves.store import SaveStore
from tests.tui.helpers import TWO_HUMANS, make_app, new_save, pilot_test, settle, text_of, until
from tui.compat import watch_paints
from tui.screens.home import HomeScreen
from tui.screens.resume import FIRST_ROWS, MORE_ROWS, ResumeScreen


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
        assert {key.value for key in table.rows} == set(SaveStore(tmp_path).saved_ids())


def titles_listed(screen) -> dict[str, str]:
    """Each listed save's title cell, by save id."""
    table = screen.query_one("#saves")
    return {key.value: str(table.get_row(key)[0]) for key in table.rows}


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
async def test_resume_paints_its_first_rows_before_the_rest_are_added_and_keys_act_meanwhile(toy, tmp_path,
                                                                                             monkeypatch):
    template = SaveStore(tmp_path).path_of(new_save(tmp_path, "toy", TWO_HUMANS, title="Copied").record.id)
    total = FIRST_ROWS + MORE_ROWS * 6
    for index in range(total - 1):
        shutil.copy(template, template.with_name(f"copy{index:05d}.json"))
    pressed_at: list[int] = []
    add_rows = ResumeScreen.add_rows

    def slow_machine(screen: ResumeScreen, *args) -> None:
        """A batch that comes due before the key was read waits for the next paint (as on a busy
        machine, where the key can come late), so the test does not race the fill."""
        if args[4] > 0 and not pressed_at:
            screen.call_after_refresh(slow_machine, screen, *args)
        else:
            add_rows(screen, *args)

    monkeypatch.setattr(ResumeScreen, "add_rows", slow_machine)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        painted: list[int] = []
        watch_paints(app, lambda screen, _: painted.append(
            screen.query_one("#saves").row_count if isinstance(screen, ResumeScreen) else 0))
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ResumeScreen) and app.screen.query_one("#saves").row_count,
                    settled=False)
        screen = app.screen
        table = screen.query_one("#saves")
        down = table.action_cursor_down

        def counted_down() -> None:
            pressed_at.append(table.row_count)
            down()

        table.action_cursor_down = counted_down
        await pilot.press("down")
        await settle(pilot)
        assert table.row_count == total
        assert any(0 < rows < total for rows in painted)  # rows on screen while the rest were added
        assert pressed_at and pressed_at[0] < total  # the key acted between two batches
        assert table.cursor_row == 1 and screen.selected.id == table.coordinate_to_cell_key((1, 0)).row_key.value

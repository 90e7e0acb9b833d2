"""Pilot tests of table talk (``!`` at the table): two apps on one data folder, as two
terminals of the same game are."""

from __future__ import annotations

from saves.store import SaveStore
from tests.tui.helpers import make_app, new_save, pilot_test, settle, text_of, until
from tui.screens.table import TableScreen
from tui.screens.talk import TalkScreen

TWO_HUMANS = [("Ann", "human"), ("Bruno", "human")]


def status(table: TableScreen) -> str:
    return text_of(table.query_one("#status"))


async def say(pilot, text: str) -> None:
    await pilot.press("exclamation_mark")
    await settle(pilot)
    assert isinstance(pilot.app.screen, TalkScreen)
    await pilot.press(*text, "enter")
    await settle(pilot)


@pilot_test
async def test_a_message_sent_at_one_table_reaches_the_other_terminal_marked_as_new(toy, tmp_path):
    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    ann, bruno = make_app(tmp_path, join=(save_id, 0)), make_app(tmp_path, join=(save_id, 1))
    async with ann.run_test(size=(80, 24)) as ann_pilot, bruno.run_test(size=(80, 24)) as bruno_pilot:
        await settle(ann_pilot)
        await settle(bruno_pilot)
        bruno_table = bruno.screen
        assert isinstance(bruno_table, TableScreen) and "new" not in status(bruno_table)

        await say(ann_pilot, "Good luck [b]all[/b]")
        shown = ann.screen.query_one("#talk-text")
        assert text_of(shown).endswith("Ann: Good luck [b]all[/b]")  # her seat's name, the markup as typed

        await until(bruno_pilot, lambda: bruno_table.talk)  # the doorbell, not a poll: well within the wait
        assert status(bruno_table).startswith("✉ 1 new (!) · ")
        await bruno_pilot.press("exclamation_mark")
        await settle(bruno_pilot)
        assert text_of(bruno.screen.query_one("#talk-text")).endswith("Ann: Good luck [b]all[/b]")
        await bruno_pilot.press("escape")
        await settle(bruno_pilot)
        assert bruno.screen is bruno_table and "new" not in status(bruno_table)  # read

        await ann_pilot.press("escape")
        await settle(ann_pilot)
        assert "new" not in status(ann.screen)  # her own message is no news to her
    messages = SaveStore(tmp_path).talk(save_id).messages()
    assert [(m.name, m.text) for m in messages] == [("Ann", "Good luck [b]all[/b]")]


@pilot_test
async def test_an_open_talk_shows_each_new_message_as_it_comes_and_a_spectator_talks_under_the_login_name(
        toy, tmp_path, monkeypatch):
    monkeypatch.setattr("getpass.getuser", lambda: "watcher")
    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    ann, spectator = make_app(tmp_path, join=(save_id, 0)), make_app(tmp_path, join=(save_id, None))
    async with ann.run_test(size=(80, 24)) as ann_pilot, spectator.run_test(size=(80, 24)) as watching:
        await settle(ann_pilot)
        await settle(watching)
        await ann_pilot.press("exclamation_mark")
        await settle(ann_pilot)
        await say(watching, "nice move")
        talk = ann.screen
        assert isinstance(talk, TalkScreen)
        await until(ann_pilot, lambda: "watcher: nice move" in text_of(talk.query_one("#talk-text")))
        await ann_pilot.press("escape")
        await settle(ann_pilot)
        assert "new" not in status(ann.screen)  # read while the talk was open


@pilot_test
async def test_the_talk_before_this_terminal_came_is_there_but_not_news(toy, tmp_path):
    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    SaveStore(tmp_path).talk(save_id).say("Bruno", "user:bruno", "see you tomorrow")
    app = make_app(tmp_path, join=(save_id, 0))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        await until(pilot, lambda: table.talk)
        assert "new" not in status(table)
        await pilot.press("exclamation_mark")
        await settle(pilot)
        assert "Bruno: see you tomorrow" in text_of(app.screen.query_one("#talk-text"))


@pilot_test
async def test_a_message_the_host_deletes_goes_from_the_open_talk_of_a_table(toy, tmp_path):
    from tui import cli

    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    talk = SaveStore(tmp_path).talk(save_id)
    talk.say("Bruno", "local:Bruno", "rude words")
    talk.say("Bruno", "local:Bruno", "sorry")
    app = make_app(tmp_path, join=(save_id, 0))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await until(pilot, lambda: app.screen.talk)
        await pilot.press("exclamation_mark")
        await settle(pilot)
        shown = app.screen.query_one("#talk-text")
        assert "rude words" in text_of(shown)
        assert cli.main(["--data-dir", str(tmp_path), "saves", "talk", save_id, "--delete", "1"]) == 0
        await until(pilot, lambda: "rude words" not in text_of(shown))
        assert "Bruno: sorry" in text_of(shown)


@pilot_test
async def test_served_a_spectator_talks_under_the_login_name_and_is_limited_by_the_key(toy, tmp_path, monkeypatch):
    from tui.serve import PLAYER_KEY, PLAYER_NAME, SEAT_PER_TERMINAL

    monkeypatch.setenv(SEAT_PER_TERMINAL, "1")
    monkeypatch.setenv(PLAYER_NAME, "carol")
    monkeypatch.setenv(PLAYER_KEY, "SHA256:carolskey")
    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    app = make_app(tmp_path, join=(save_id, None))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await say(pilot, "hello from the rail")
    [message] = SaveStore(tmp_path).talk(save_id).messages()
    assert (message.name, message.player, message.text) == ("carol", "key:SHA256:carolskey", "hello from the rail")

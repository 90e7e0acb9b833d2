"""Hostile table talk: markup, escape codes, 10,000 characters and 100 messages a second, sent
at a table and written into the talk file by another program. Shown as plain text, refused past
the limits; nothing crashes."""

from __future__ import annotations

import json

from saves.store import SaveStore
from saves.talk import BURST, LONGEST
from tests.hostile.corpus import ESCAPE_OUTPUT, HOSTILE, MARKUP, bad_characters, screen_text
from tests.tui.helpers import make_app, new_save, pilot_test, settle, text_of, until
from tui import cli
from tui.compat import notifications
from tui.screens.talk import TalkScreen

TWO_HUMANS = [("Ann", "human"), ("Bruno", "human")]


@pilot_test
async def test_hostile_messages_sent_at_the_table_are_plain_and_refused_past_the_limits(toy, tmp_path, monkeypatch):
    monkeypatch.setattr("saves.talk.BURST_SECONDS", 3600.0)  # however slow the machine, the flood is within the while
    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    app = make_app(tmp_path, join=(save_id, 0))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("exclamation_mark")
        await settle(pilot)
        talk = app.screen
        assert isinstance(talk, TalkScreen)
        talk.send("x" * 10_000)  # as a paste would hand it over, past the input's own limit
        await settle(pilot)
        assert SaveStore(tmp_path).talk(save_id).messages() == []
        assert f"at most {LONGEST} characters (this one has 10,000)" in "\n".join(n.message for n in notifications(app))

        for text in HOSTILE[:BURST]:
            talk.send(text)
            await settle(pilot)
        told: list[str] = []  # every notice as it is given (a shown one expires: a slow machine loses the first)
        notify = app.notify
        app.notify = lambda message, *args, **kwargs: told.append(message) or notify(message, *args, **kwargs)
        for n in range(100):  # a hundred more at once: each refused under the file's lock
            talk.send(f"flood {n}")
        await until(pilot, lambda: sum("wait a little" in message for message in told) == 100, timeout=30)
        kept = SaveStore(tmp_path).talk(save_id).messages()
        assert len(kept) == BURST and not any(m.text.startswith("flood") for m in kept)

        await until(pilot, lambda: len(talk.messages) == BURST)
        shown = screen_text(app)
        assert not bad_characters(shown), bad_characters(shown)
        for text in MARKUP[:BURST]:
            assert text in text_of(talk.query_one("#talk-text"))


@pilot_test
async def test_a_talk_file_written_by_another_program_with_escape_codes_is_shown_plain(toy, tmp_path):
    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    talk = SaveStore(tmp_path).talk(save_id)
    talk.say("Bruno", "local:Bruno", "first")
    document = json.loads(talk.path.read_text())
    message = document["talk"]["1"]["messages"][0]
    message.update(name="\x1b]0;pwned\x07Bruno", text="".join(ESCAPE_OUTPUT) + "[b]bold[/b")
    talk.path.write_text(json.dumps(document))
    app = make_app(tmp_path, join=(save_id, 0))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await until(pilot, lambda: app.screen.talk)
        await pilot.press("exclamation_mark")
        await settle(pilot)
        shown = screen_text(app)
        assert not bad_characters(shown), bad_characters(shown)
        assert "]0;pwnedBruno: ]0;pwned[2J[31mRED[b]bold[/b" in shown


def test_the_host_deletes_a_message_from_the_command_line(toy, data_dir, capsys):
    save_id = new_save(data_dir, toy, TWO_HUMANS).record.id
    talk = SaveStore(data_dir).talk(save_id)
    talk.say("Ann", "local:Ann", "keep this")
    talk.say("Bruno", "local:Bruno", "\x1b[31mrude [b]words[/b]")
    assert cli.main(["saves", "talk", save_id[:4]]) == 0
    listed = capsys.readouterr().out
    assert "keep this" in listed and "[31mrude [b]words[/b]" in listed and "\x1b" not in listed
    assert cli.main(["saves", "talk", save_id, "--delete", "2"]) == 0
    assert "Deleted message 2" in capsys.readouterr().out
    assert [m.text for m in talk.messages()] == ["keep this"]
    assert cli.main(["saves", "talk", save_id, "--delete", "2"]) != 0
    assert "no message 2" in capsys.readouterr().err
    assert cli.main(["saves", "export", save_id]) == 0
    assert [m["text"] for m in json.loads(capsys.readouterr().out)["talk"]] == ["keep this"]

"""The catalogues and how a language is chosen and read: translations keep their placeholders,
plural forms follow the count, one saved game reads in each reader's language, and old saves'
plain English lines are shown as they are."""

from __future__ import annotations

from babel.messages.pofile import read_po

from engine.core.bots import RandomBot
from engine.core.log import add_log
from engine.core.text import Say, Words, parsed
from engine.i18n import CATALOGUES, ENGLISH, code_from_environment, language
from saves.session import GameSession
from saves.settings import Settings, settings_document, settings_from
from saves.store import SaveStore, Seat

JAPANESE = language("ja")


def placeholders(template: str) -> set[tuple[str, str]]:
    return {(name, kind) for _, name, kind in parsed(template) if name is not None}


def test_every_japanese_translation_keeps_the_placeholders_of_its_english():
    with (CATALOGUES / "ja.po").open("rb") as po:
        catalog = read_po(po, locale="ja")
    changed = []
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for translated in filter(None, strings):
            if placeholders(translated) != placeholders(ids[-1]):
                changed.append((ids[0], translated))
    assert not changed


def test_a_plural_template_is_chosen_by_its_count_in_each_language():
    one, two = (Say.counted("{n} step left unused", "{n} steps left unused", n=n) for n in (1, 2))
    english = Words(["Ann"])
    assert (english(one), english(two)) == ("1 step left unused", "2 steps left unused")
    japanese = Words(["Ann"], language=JAPANESE)
    assert (japanese(one), japanese(two)) == ("1歩を使わずに残す", "2歩を使わずに残す")
    assert Say.from_json(two.to_json()) == two


def test_one_saved_game_reads_in_english_for_one_player_and_in_japanese_for_another(tmp_path):
    store = SaveStore(tmp_path)
    session = GameSession.new(store, "thebai", "", [Seat("Ann", "human"), Seat("Bruno", "human")], None, 5)
    bot = RandomBot(5)
    for _ in range(12):
        seat = session.match.awaiting()[0]
        session.act(seat, bot.choose(session.match, seat).id)
    add_log(session.match.state, "Ann took the last grape.")  # an old save's line: plain English words
    match = session.match
    english, japanese = match.view(0, language=ENGLISH), match.view(1, language=JAPANESE)
    assert english["log"][0] == "Turn order: Bruno, Ann" and japanese["log"][0] == "手番順：Bruno、Ann"
    assert len(english["log"]) == len(japanese["log"]) > 12
    assert english["log"][-1] == japanese["log"][-1] == "Ann took the last grape."
    assert all(line.isascii() for line in english["log"])
    assert sum(not line.isascii() for line in japanese["log"]) == len(japanese["log"]) - 1
    reread = GameSession.resume(store, session.record.id).match
    assert reread.view(1, language=JAPANESE)["log"][:3] == japanese["log"][:3]
    assert reread.view(0)["log"][:3] == english["log"][:3]


def test_the_locale_variables_choose_japanese_for_ja_and_english_otherwise():
    assert code_from_environment({"LANG": "ja_JP.UTF-8"}) == "ja"
    assert code_from_environment({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}) == "en"
    assert code_from_environment({"LC_MESSAGES": "ja", "LANG": "en_GB.UTF-8"}) == "ja"
    assert code_from_environment({}) == "en"


def test_each_player_keeps_a_language_of_their_own():
    settings = Settings().with_language("", "ja").with_language("SHA256:abc", "en")
    read = settings_from(settings_document(settings))
    assert (read.language(""), read.language("SHA256:abc"), read.language("SHA256:new")) == ("ja", "en", None)

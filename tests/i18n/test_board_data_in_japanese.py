"""The boards' data texts read in Japanese: Pantheon's card, offering, loot and bonus labels and
its nations' powers, Thebai's gates and commanders, Almadi's landscapes each have a catalogue
entry (the data's English is the message id), and the boards translate them when they draw."""

from __future__ import annotations

import re

from engine.i18n import language
from engine.pantheon.catalog import catalog as pantheon_catalog
from engine.thebai.catalog import catalog as thebai_catalog
from tests.pantheon.helpers import give, table
from tui import i18n
from tui.boards import almadi_tiles, pantheon
from tui.boards.thebai_city import GATE_COLUMN

JAPANESE = language("ja")
ENGLISH_WORDS = re.compile(r"[A-Za-z]{3,} [A-Za-z]{3,}")


def test_every_data_label_of_the_boards_has_a_japanese_translation():
    cat = pantheon_catalog()
    texts = {*cat.card_labels.values(), *cat.tile_labels.values(), *(r["label"] for r in cat.loot.values()),
             *(r["label"] for r in cat.bonus.values()), *(r["text"] for r in cat.nations.values())}
    thebai = thebai_catalog()
    texts |= {r["name"] for r in thebai.commanders.values()} | {r["name"] for r in thebai.gates.values()}
    assert {r["name"].split()[0] for r in thebai.gates.values()} == set(GATE_COLUMN)
    texts |= set(GATE_COLUMN) | {glyph.meaning for glyph in almadi_tiles.PALETTE.glyphs.values() if glyph.meaning}
    assert sorted(text for text in texts if not JAPANESE.translated(text)) == []


def test_the_pantheon_board_says_its_labels_powers_and_areas_in_japanese():
    match = table(epoch=1)
    give(match, 0, gifts=1, money1=2)
    match.state["nations"] = ["gallia"]
    view = match.view(0, language=JAPANESE)
    try:
        i18n.use("ja")
        lines = pantheon.display_lines(view) + pantheon.player_lines(view, 0) + pantheon.private_lines(view, 0)
    finally:
        i18n.use("en")
    english = [line for line in lines if ENGLISH_WORDS.search(line)]
    assert english == []

"""The table assistant reads in Japanese: every setup step (with its table lines), section and draw
label, and every round helper's and score sheet's title, help, field label and hint of the four
games has a Japanese translation, and each step fills in for every player count."""

from __future__ import annotations

import pytest

from engine.assistant.games import GAME_IDS, assistant_for
from engine.i18n import language

JAPANESE = language("ja")
SEEDS = range(6)
"""Enough seeds that each player gets each turn-order place (Thebai's starting table)."""


def checklist_texts(game_id: str) -> set[str]:
    game = assistant_for(game_id)
    texts = set()
    for players in game.PLAYER_COUNTS:
        for seed in SEEDS:
            checklist = game.setup_checklist(players, seed)
            for step in checklist.steps:
                texts |= {step.section, step.template, *(line for line, _ in step.lines)}
            texts |= {draw.label_template for draw in checklist.draws}
    return texts


def form_texts(game_id: str) -> set[str]:
    texts = set()
    for form in assistant_for(game_id).FORMS:
        texts |= {form.title, form.help}
        for field in (*form.shared, *form.per_player):
            texts |= {field.label} | ({field.hint} if field.hint else set())
    return texts


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_checklist_text_has_a_japanese_translation(game_id):
    missing = sorted(text for text in checklist_texts(game_id) if not JAPANESE.translated(text))
    assert missing == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_form_text_has_a_japanese_translation(game_id):
    missing = sorted(text for text in form_texts(game_id) if not JAPANESE.translated(text))
    assert missing == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_checklists_read_in_japanese_with_their_numbers(game_id):
    game = assistant_for(game_id)
    for players in game.PLAYER_COUNTS:
        checklist = game.setup_checklist(players, seed=1)
        for step in checklist.steps:
            japanese = step.words(JAPANESE.gettext)
            assert japanese != step.text
            for template, args in ((step.template, step.args), *step.lines):
                filled = [value for key, value in args.items() if f"{{{key}}}" in template]
                assert all(str(value) in japanese for value in filled), step.id
        for draw in checklist.draws:
            assert draw.label_words(JAPANESE.gettext) != draw.label

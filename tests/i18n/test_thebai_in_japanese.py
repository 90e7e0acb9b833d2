"""Thebai read in Japanese: every sentence a short game shows a player (log, prompts, choice labels
and hints) has a Japanese template in the catalogue, and what its arguments spell is Japanese too."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from engine.core.log import visible
from engine.core.match import Match
from engine.core.text import Said, Say, parsed, said_from_json
from engine.i18n import language
from engine.registry import rules_for
from engine.thebai.catalog import catalog

NAMES = ["Ann", "Bruno", "Cleo"]
JAPANESE = language("ja")


def nested(said: Said) -> Iterator[Said]:
    """``said`` and the sentences given as its ``said`` arguments."""
    yield said
    if isinstance(said, Say):
        for _, name, kind in parsed(said.text):
            if name is not None and kind == "said":
                yield from nested(said_from_json(said.args[name]))


def shown(match: Match) -> Iterator[Said]:
    """What the rules say to any seat now: the log, the prompts, every choice's label and hint."""
    for _, _, kept in visible(match.state, None):
        yield said_from_json(kept)
    for entry in match.state.get("log") or ():
        if entry["others"] is not None:
            yield said_from_json(entry["text"])
            yield said_from_json(entry["others"])
    decision = match.decision
    if decision is None:
        return
    for seat in range(len(NAMES)):
        yield decision.prompt_for(seat)
    for actor in decision.actors:
        for choice in match.legal(actor):
            described = match.rules.describe(match.state, actor, choice)
            yield described.label
            yield described.hint


def play(seed: int, moves: int) -> Iterator[Match]:
    match = Match(rules_for("thebai"), NAMES, {}, seed)
    pick = random.Random(seed)
    for _ in range(moves):
        match.draw_all()
        if match.finished:
            return
        yield match
        actor = match.decision.actors[0]
        match.choose(actor, pick.choice(match.legal(actor)).id)


@pytest.mark.parametrize("seed", [1, 2])
def test_every_sentence_of_a_random_game_has_its_japanese_template(seed):
    missing = set()
    for match in play(seed, 250):
        for said in shown(match):
            for part in nested(said):
                if isinstance(part, str):
                    if part:
                        missing.add(f"plain words, not a template: {part!r}")
                elif not JAPANESE.translated(part.text):
                    missing.add(part.text)
    assert not missing, "\n".join(sorted(missing))


IDS = re.compile(r"(?<![A-Za-z])(?:[a-z]+-\d+|[thvsr]\d+(?:[.c]\d+)?|[a-z]{2}-\d|wh|br|sl|te)(?![A-Za-z])|VP|No\.")
"""What stays as it is in any language: tile, contract, space and card ids, roof marks, VP, a
conflict tile's No. (as the rule texts write them)."""


def test_the_words_a_game_spells_are_japanese_too():
    data = catalog()
    names = {*NAMES, *data.fate, *data.metoikoi, *data.blessings}
    english = set()
    for match in play(3, 250):
        for seat in range(len(NAMES)):
            view = match.view(seat, language=JAPANESE)
            for line in [*view["log"][-6:], view["prompt"], *(c.label for c in view["choices"]),
                         *(c.hint for c in view["choices"])]:
                rest = IDS.sub("", line)
                english.update(word for word in re.findall(r"[A-Za-z][A-Za-z']+", rest) if word not in names)
    assert not english, sorted(english)

"""Almadi, Pantheon and Polis read in Japanese, as Thebai does: every sentence a random game shows
(log, prompts, choice labels and hints, progress) has a Japanese template in the catalogue and no
label is left as plain English words; and a short game of each of the four titles, its language
switched between moves, reads in both languages without a missing message."""

from __future__ import annotations

import copy
import gettext
import random
from collections.abc import Iterator

import pytest

from engine.core.bots import RandomBot
from engine.core.log import visible
from engine.core.match import Match
from engine.core.text import Said, Say, parsed, said_from_json
from engine.i18n import ENGLISH, Language, language
from engine.registry import rules_for

JAPANESE = language("ja")
NAMES = ["Ann", "Bruno", "Cleo", "Dara", "Eli"]


def nested(said: Said) -> Iterator[Said]:
    """``said`` and the sentences given as its ``said`` arguments (or lists of them)."""
    yield said
    if isinstance(said, Say):
        for _, name, kind in parsed(said.text):
            if name is None:
                continue
            if kind == "said":
                yield from nested(said_from_json(said.args[name]))
            elif kind in ("list", "clauses"):
                for part in said.args[name]:
                    yield from nested(said_from_json(part))


def shown(match: Match, logged: int) -> Iterator[Said]:
    """What the rules say to any seat now: the log's entries from ``logged`` on (as each seat
    reads them), where the game stands, the prompts, every choice's label and hint (at a chance
    step, what a table in table mode is asked: the step's prompt and its outcomes)."""
    for entry in (match.state["log"] or [])[logged:]:
        yield said_from_json(entry["text"])
        if entry["others"] is not None:
            yield said_from_json(entry["others"])
    yield match.rules.progress(match.state)
    yield match.rules.chapter(match.state)
    decision = match.decision
    if decision is None:
        return
    for seat in range(len(match.names)):
        yield decision.prompt_for(seat)
    for actor in decision.actors:
        for choice in match.possible_outcomes() if decision.is_chance else match.legal(actor):
            described = match.rules.describe(match.state, actor, choice)
            yield described.label
            yield described.hint


def play(game: str, players: int, seed: int, moves: int, options: dict | None = None) -> Iterator[Match]:
    """A random game, the match at each decision (a chance step's too, then drawn) and once at its end."""
    match = Match(rules_for(game), NAMES[:players], options or {}, seed)
    pick = random.Random(seed)
    for _ in range(moves):
        yield match
        if match.finished:
            return
        if match.decision.is_chance:
            match.draw()
        else:
            actor = match.decision.actors[0]
            match.choose(actor, pick.choice(match.legal(actor)).id)


def missing_templates(said: Said) -> set[str]:
    """The templates of ``said`` (and of the sentences within it) without a Japanese translation,
    and plain words where a template should be."""
    missing = set()
    for part in nested(said):
        if isinstance(part, str):
            if part:
                missing.add(f"plain words, not a template: {part!r}")
        elif not JAPANESE.translated(part.text):
            missing.add(part.text)
    return missing


GAMES = [("almadi", players, seed, {"characters": seed == 2}) for players in (2, 3, 4, 5) for seed in (1, 2)] + \
        [("pantheon", players, seed, {"bonus": "choose" if seed == 2 else "random"}) for players in (2, 3, 4)
         for seed in (1, 2)] + \
        [("polis", 2, seed, {"pass_fee": "turn" if seed % 2 else "action"}) for seed in range(1, 7)]
"""Every player count, each game's options both ways; Polis' random games are short (a side soon
runs out of prestige), so it plays more of them."""


@pytest.mark.parametrize("game,players,seed,options", GAMES)
def test_every_sentence_of_a_random_game_has_its_japanese_template(game, players, seed, options):
    missing: set[str] = set()
    logged = 0
    for match in play(game, players, seed, 2500, options):
        for said in shown(match, logged):
            missing |= missing_templates(said)
        logged = len(match.state["log"])
    assert match.finished
    assert not missing, "\n".join(sorted(missing))


class Missed(gettext.NullTranslations):
    """The catalogue's fallback: notes every message the catalogue lacks (a template, or a word a
    kind spells) and answers with its English, as a reader would see it."""

    def __init__(self) -> None:
        super().__init__()
        self.missed: set[str] = set()

    def gettext(self, message: str) -> str:
        self.missed.add(message)
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self.missed.add(singular)
        return singular if n == 1 else plural

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        self.missed.add(f"{context}: {singular}")
        return singular if n == 1 else plural


def japanese_noting_misses() -> tuple[Language, Missed]:
    translations = copy.copy(JAPANESE.translations)
    missed = Missed()
    translations._fallback = missed
    return Language("ja", translations), missed


def read(match: Match, language: Language) -> list[str]:
    """Everything each seat and a spectator read now in ``language``: the log, the prompt, the
    choices' labels and hints, where the game stands."""
    lines = [match.progress(language)]
    for viewer in (None, *range(len(match.names))):
        view = match.view(viewer, language=language)
        lines += [*view["log"], view["prompt"], *(c.label for c in view["choices"]), *(c.hint for c in view["choices"])]
    return lines


@pytest.mark.parametrize("game", ["thebai", "almadi", "pantheon", "polis"])
def test_a_short_game_read_in_english_and_japanese_by_turns_misses_no_message(game):
    japanese, missed = japanese_noting_misses()
    match = Match(rules_for(game), NAMES[:2], {}, 7)
    bot = RandomBot(7)
    for move in range(90):
        match.draw_all()
        first, then = (ENGLISH, japanese) if move % 2 else (japanese, ENGLISH)
        for reader in (first, then):  # each language read afresh, not from the other's cached lines
            fresh = match.rules.words(match.names, reader)
            kept = [fresh(said_from_json(said)) for _, _, said in visible(match.state, 0)]
            assert match.log_lines(0, reader) == kept
            assert not [line for line in read(match, reader) if "{" in line or "}" in line]
        english, read_in_japanese = read(match, ENGLISH), read(match, japanese)
        assert len(english) == len(read_in_japanese)
        assert match.view(0)["prompt"] != match.view(0, language=japanese)["prompt"]
        if match.finished:
            break
        seat = match.decision.actors[0]
        match.choose(seat, bot.choose(match, seat).id)
    assert len(match.state["log"]) > 20
    assert not missed.missed, sorted(missed.missed)

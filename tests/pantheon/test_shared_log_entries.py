"""Pantheon writes its most frequent log lines once and appends the same entry again and again,
in every game and every replay (``engine.pantheon.text.log_line``): reading a log, in any words and
from any seat, must leave those shared entries as they were written."""

import copy

from engine.core.bots import RandomBot, play_out
from engine.core.match import Match
from engine.i18n import ENGLISH, language

from .helpers import NAMES, RULES


def test_the_log_entries_shared_by_every_game_are_unchanged_by_being_read_and_replayed():
    match = Match(RULES, NAMES[:4], {}, 21)
    play_out(match, {seat: RandomBot(210 + seat) for seat in range(4)})
    log = match.state["log"]
    written = copy.deepcopy(log)
    for viewer in (None, 0, 1, 2, 3):
        for words in (ENGLISH, language("ja")):
            assert len(match.log_lines(viewer, words)) <= len(log)
            match.view(viewer, language=words)
    again = Match.replay(RULES, match.names, match.options, match.seed, match.actions)
    assert log == written == again.state["log"]
    shared = sum(entry is kept for entry, kept in zip(log, again.state["log"], strict=True))
    assert shared > len(log) // 4  # the entries this guards are there: the same objects in both games

"""The table's pure decisions: whose view, when to draw the curtain; help sections; score sheet."""

from __future__ import annotations

from rich.console import Console

from engine.bots import make_bot
from engine.core.contract import Score
from engine.core.match import Match
from engine.registry import rules_for
from tui.help_text import load_sections, parse_sections, section_index
from tui.table.state import choose_viewer, needs_curtain
from tui.widgets.scores import breakdown_table


def test_the_acting_human_is_shown_else_the_last_human_else_a_spectator():
    assert choose_viewer([1], humans=[0, 1], previous=0) == 1
    assert choose_viewer([0, 2], humans=[2], previous=None) == 2  # bots act first at a simultaneous step
    assert choose_viewer([1], humans=[0, 2], previous=2) == 2  # a bot moves: the last human stays
    assert choose_viewer([1], humans=[0, 2], previous=None) == 0
    assert choose_viewer([0], humans=[], previous=None) is None


def test_curtain_only_between_different_humans_with_private_information():
    assert needs_curtain([0, 1], revealed=0, viewer=1, has_private=True)
    assert needs_curtain([0, 1], revealed=None, viewer=0, has_private=True)
    assert not needs_curtain([0, 1], revealed=1, viewer=1, has_private=True)
    assert not needs_curtain([0, 1], revealed=0, viewer=1, has_private=False)
    assert not needs_curtain([0], revealed=None, viewer=0, has_private=True)
    assert not needs_curtain([], revealed=None, viewer=None, has_private=False)


def test_help_sections_by_topic():
    sections = parse_sections("# Game\nIntro.\n## A turn {#turn}\nTake one.\n## Final scoring\nAdd up.")
    assert [(s.topic, s.title) for s in sections] == [("overview", "Overview"), ("turn", "A turn"),
                                                      ("final-scoring", "Final scoring")]
    assert sections[1].body == "Take one."
    assert section_index(sections, "turn") == 1 and section_index(sections, "unknown") == 0


def test_every_almadi_decision_topic_has_a_help_section():
    topics = {section.topic for section in load_sections("almadi")}
    for options in ({"characters": False}, {"characters": True}):
        match = Match(rules_for("almadi"), ["A", "B", "C"], options, seed=3)
        bots = [make_bot("random", seat) for seat in range(3)]
        seen = set()
        while True:
            match.draw_all()
            if match.decision is None:
                break
            seen.add(match.decision.topic)
            seat = match.decision.actors[0]
            match.choose(seat, bots[seat].choose(match, seat).id)
        seen.add(match.view(None)["topic"])
        assert seen <= topics, f"topics without help: {seen - topics}"


def test_score_sheet_rows_are_categories_columns_are_players():
    scores = [Score(0, {"Oases": 3, "Rubies": 2}), Score(1, {"Oases": 5, "Jars": 1})]
    console = Console(width=80, record=True, color_system=None)
    console.print(breakdown_table(["Alice", "Bruno"], scores, [(1, [1]), (2, [0])]))
    lines = [line.split() for line in console.export_text().splitlines() if line.strip()]
    assert lines[0] == ["Category", "●A", "Alice", "▲B", "Bruno"]
    assert ["Oases", "3", "5"] in lines and ["Rubies", "2", "0"] in lines and ["Jars", "0", "1"] in lines
    assert ["Total", "5", "6"] in lines and ["Place", "2nd", "1st", "★"] in lines

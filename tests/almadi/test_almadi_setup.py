"""The setup draws as chance steps: first player, starting tiles, objectives, the character deal.

Each step must offer exactly what is left to draw, accept an outcome a person at the table
supplies, refuse one that is not offered without changing anything, and never show another
seat's dealt characters.
"""

from __future__ import annotations

import copy
import json
import re

import pytest

from engine.almadi.catalog import catalog
from engine.almadi.legal import phase
from engine.core.contract import CHANCE, IllegalChoice
from engine.core.match import Match
from tests.almadi.almadi_support import NAMES, RULES, draw_setup

PILES = ["red", "yellow", "blue", "green"]


def outcome_ids(match):
    return [choice.id for choice in match.decision.for_actor(CHANCE)]


def test_setup_builds_the_components_and_leaves_every_draw_to_chance_steps():
    match = Match(RULES, NAMES[:3], {"characters": True}, 8)
    state = match.state
    assert phase(state) == "first" and state["log"] == [] and state["middle"] == []
    assert all(s["start"] is None and s["realm"] == [] and s["dealt"] == [] for s in state["seats"])
    decision = match.decision
    assert decision.is_chance and decision.topic == "setup"
    assert [(c.id, c.label) for c in match.labelled(CHANCE)] == [("0", "Ann"), ("1", "Bruno"), ("2", "Cai")]
    assert match.view(0)["progress"] == "setup"


@pytest.mark.parametrize("n, characters", [(2, True), (3, False), (4, True), (5, True)])
def test_each_setup_step_offers_exactly_what_is_left(n, characters):
    cat = catalog()
    match = Match(RULES, NAMES[:n], {"characters": characters}, 40 + n)
    state = match.state
    assert outcome_ids(match) == [str(seat) for seat in range(n)]
    first = int(match.draw().id)
    assert state["first"] == state["current"] == first
    order = [(first + k) % n for k in range(n)]

    given = []
    for seat in order:
        assert sorted(outcome_ids(match)) == sorted(set(cat.starts) - set(given))
        assert NAMES[seat] in match.say(match.decision.prompt)
        tile = match.draw().id
        assert state["seats"][seat]["start"] == tile and [cell[2] for cell in state["seats"][seat]["realm"]] == [
            f"{tile}.{row}" for row in (1, 2, 3, 4)]
        given.append(tile)
    assert len(set(given)) == n

    for colour in PILES + ["grey"] * n:
        pile = {oid for oid, card in cat.objectives.items() if card["colour"] == colour}
        assert set(outcome_ids(match)) == pile - set(state["middle"])
        assert match.decision.topic == "setup"
        match.draw()
    assert [cat.objectives[oid]["colour"] for oid in state["middle"]] == PILES + ["grey"] * n
    assert phase(state) == "fill" and all(not s["dealt"] for s in state["seats"])
    while phase(state) == "fill":
        match.draw()

    if characters:  # dealt after the normal setup, the central board included
        per_hand = 4 if n == 2 else 3
        for k in range(per_hand * n):
            seat = order[k % n]
            dealt = {cid for s in state["seats"] for cid in s["dealt"]}
            assert set(outcome_ids(match)) == set(cat.characters) - dealt
            assert match.decision.topic == "characters" and NAMES[seat] in match.say(match.decision.prompt)
            cid = match.draw().id
            assert cid in state["seats"][seat]["dealt"]
        assert [len(s["dealt"]) for s in state["seats"]] == [per_hand] * n
        assert len({cid for s in state["seats"] for cid in s["dealt"]}) == per_hand * n
    assert phase(state) == ("keep" if characters else "take")


def test_a_person_supplies_setup_draws_and_an_outcome_not_offered_changes_nothing():
    match = Match(RULES, NAMES[:2], {"characters": True}, 3)
    state = match.state

    def refused(actor, outcome):
        before = copy.deepcopy(state)
        with pytest.raises(IllegalChoice):
            match.choose(actor, outcome)
        assert state == before

    refused(CHANCE, "2")  # no third seat
    refused(0, "0")  # a seat does not draw for chance
    match.choose(CHANCE, "1")
    assert state["first"] == 1 and match.log_lines(None)[-1] == "Bruno is the first player."
    match.choose(CHANCE, "S3")
    assert state["seats"][1]["start"] == "S3"
    refused(CHANCE, "S3")  # Ann cannot receive Bruno's starting tile
    match.choose(CHANCE, "S5")
    assert state["seats"][0]["start"] == "S5"
    refused(CHANCE, "yellow-square")  # the red pile comes first
    match.choose(CHANCE, "red-square")
    assert state["middle"] == ["red-square"]
    while phase(state) in ("objectives", "fill"):
        match.draw()
    match.choose(CHANCE, "hussain")
    assert state["seats"][1]["dealt"] == ["hussain"]
    refused(CHANCE, "hussain")  # already dealt to Bruno
    match.choose(CHANCE, "zaid")
    assert state["seats"][0]["dealt"] == ["zaid"]
    draw_setup(match)
    assert phase(state) == "keep" and not match.can_undo(0) and not match.can_undo(1)
    again = Match.replay(RULES, NAMES[:2], {"characters": True}, 3, match.actions)
    assert again.state == state


def _view_text(match, viewer):
    view = match.view(viewer)
    view["choices"] = [[c.id, c.label, c.hint] for c in view["choices"]]
    return json.dumps(view)


def _mentions(text, cid):
    name = catalog().characters[cid]["name"]
    return re.search(rf"\b({cid}|{name})\b", text) is not None


@pytest.mark.parametrize("n", [2, 3])
def test_other_seats_never_see_the_characters_dealt_to_a_seat(n):
    match = Match(RULES, NAMES[:n], {"characters": True}, 12)
    state = match.state
    while phase(state) != "keep":
        match.draw()
        for viewer in [*range(n), None]:
            text = _view_text(match, viewer)
            for seat in range(n):
                for cid in state["seats"][seat]["dealt"]:
                    assert _mentions(text, cid) == (viewer == seat), (viewer, seat, cid)
    mine = match.view(0)
    dealt = state["seats"][0]["dealt"]
    assert [c["id"] for c in mine["seats"][0]["dealt"]] == dealt
    names = sorted(catalog().characters[cid]["name"] for cid in dealt)
    assert sorted(line[len("You are dealt "):-1] for line in mine["log"] if line.startswith("You are dealt ")) == names
    others = [line for line in mine["log"] if "face down" in line]  # once per other hand, when complete
    assert others == [f"{NAMES[seat]} is dealt {len(dealt)} characters face down."
                      for seat in sorted(range(1, n), key=lambda seat: (seat - state["first"]) % n)]

"""Hidden information stays hidden; illegal choices are refused and change nothing."""

import copy
import json

import pytest

from engine.core import IllegalChoice

from .helpers import give, ids, new_match, table, to_first_turn


def test_a_view_shows_only_the_viewers_hand_and_demigod_values():
    m = to_first_turn(new_match(4, seed=3))
    m.state["players"][1]["demigods"] = [6, 2]
    for viewer in (None, 0, 1, 2, 3):
        view = m.view(viewer)
        for seat, p in enumerate(view["players"]):
            assert p["hand_size"] == sum(m.state["players"][seat]["hand"].values())
            assert p["demigods"] == len(m.state["players"][seat]["demigods"])
            assert (p["demigod_values"] is not None) == (seat == viewer)
        if viewer is None:
            assert view["hand"] is None
        else:
            assert view["hand"] == {k: n for k, n in m.state["players"][viewer]["hand"].items() if n}
    assert m.view(1)["players"][1]["demigod_values"] == [6, 2]


def test_another_seats_cards_never_appear_in_a_view_or_its_log():
    m = to_first_turn(new_match(2, seed=11))
    give(m, 1, temples=9)            # a count nobody else could see
    text = json.dumps(m.rules.view(m.state, 0)) + json.dumps(m.view(0)["log"])
    assert '"temples": 9' not in text
    assert "Bruno draws a card from the deck." in m.view(0)["log"]
    own_lines = [line for line in m.view(1)["log"] if line.startswith("Bruno draws ") and "from the deck" not in line]
    assert own_lines and not any(line in m.view(0)["log"] for line in own_lines)


def test_face_down_demigods_are_redacted_in_the_log():
    m = table()
    m.state["loot"] = {"J4": "demigod", **m.state["loot"]}
    m.state["demigod_display"] = [4]
    m.state_edited()
    m.choose(0, "move")
    m.choose(0, "foot:J4")
    m.choose(0, "end")
    assert "Ann takes demigod 4 from the display." in m.view(0)["log"]
    assert "Ann takes the highest demigod from the display." in m.view(1)["log"]
    assert not any("demigod 4" in line for line in m.view(1)["log"] if line.startswith("Ann"))


@pytest.mark.parametrize("actor, choice", [(1, "move"), (0, "foot:J4"), (0, "god:vinthrad-1"), (0, "buy")])
def test_illegal_choices_raise_and_change_nothing(actor, choice):
    m = table()
    before, done = copy.deepcopy(m.state), list(m.actions)
    with pytest.raises(IllegalChoice):
        m.choose(actor, choice)
    assert m.state == before and m.actions == done


def test_a_move_choice_that_became_stale_is_refused():
    m = table()
    give(m, 0, movement=1)
    m.choose(0, "move")
    m.choose(0, "foot:J4")
    before = copy.deepcopy(m.state)
    with pytest.raises(IllegalChoice):
        m.choose(0, "foot:J4")
    assert m.state == before
    assert "foot:J4" not in ids(m, 0)


def test_replay_reproduces_a_game_exactly():
    from engine.core.bots import RandomBot, play_out
    from engine.core.match import Match

    m = new_match(3, seed=5)
    play_out(m, {s: RandomBot(s) for s in range(3)})
    again = Match.replay(m.rules, m.names, m.options, m.seed, m.actions)
    assert again.state == m.state and again.finished


def test_undo_is_allowed_for_a_placement_but_not_past_a_draw():
    m = table()
    give(m, 0, movement=1)
    m.choose(0, "move")
    m.choose(0, "foot:J4")
    assert m.can_undo(0)
    m.undo(0)
    assert m.state["players"][0]["feet_on"] == []

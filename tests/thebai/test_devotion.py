"""The devotion tracks' last step and beyond, worked by hand from the rule text."""

from .helpers import choose, ids, inject, new_match, step
from .score_oracle import ScoreLedger

GREEN, BLUE, PEACH, RED = 0, 1, 2, 3
LAST = 10


def advance(match, seat, track):
    inject(match, step("devotion", seat, n=1, track=track, mode="any", used=[]))
    choose(match, f"t:{track}")


def test_the_last_step_takes_the_top_blessing_tile_of_its_stack_and_past_the_end_each_step_scores_1_vp():
    """Setup step 10 stacks each track's last-step blessing tiles 2 VP at the bottom up to 8 VP
    on top; the appendix: that tile gives its VP (and a die promotion if one is possible); a
    player already on a track's last space who advances again scores 1 VP instead."""
    match = new_match()
    state = match.state
    state["track"]["dionysus"][GREEN] = state["track"]["dionysus"][BLUE] = LAST - 1
    green, blue = state["vp"][GREEN], state["vp"][BLUE]

    advance(match, GREEN, "dionysus")
    assert state["track"]["dionysus"][GREEN] == LAST and state["vp"][GREEN] == green + 8
    assert "final-citizen:8" in state["blessings"][GREEN]
    while match.state["flow"] and match.state["flow"][-1]["step"] == "promote":
        choose(match, ids(match, GREEN)[0], seat=GREEN)  # the die promotion that comes with the tile

    advance(match, BLUE, "dionysus")
    assert state["vp"][BLUE] == blue + 6  # the next tile down

    advance(match, GREEN, "dionysus")
    assert state["track"]["dionysus"][GREEN] == LAST and state["vp"][GREEN] == green + 8 + 1


def test_the_score_oracle_reads_the_last_step_and_the_steps_past_the_end_as_the_rules_score_them():
    """The fuzz games seldom reach a track's end: the oracle's reading of those lines is held
    to the position above."""
    match = new_match()
    state = match.state
    ledger = ScoreLedger(state)
    state["track"]["ares"][RED] = LAST - 1
    for _ in range(3):
        advance(match, RED, "ares")
        while match.state["flow"] and match.state["flow"][-1]["step"] == "promote":
            choose(match, ids(match, RED)[0], seat=RED)
    ledger.note(state)
    assert ledger.vp == state["vp"] and ledger.vp[RED] == 10 + 8 + 1 + 1
    ledger.all_owed_scored()


def test_past_the_end_the_advance_says_it_scores_1_vp():
    """Appendix, devotion tracks: a player already on the last space who advances again scores
    1 VP instead, each time: the choice says so rather than "to 10"."""
    match = new_match()
    state = match.state
    state["track"]["ares"][GREEN] = LAST
    inject(match, step("devotion", GREEN, n=2, track="any", mode="any", used=[]))
    labels = {c.id: c.label for c in match.labelled(GREEN)}
    assert labels["t:ares"] == "Advance on Ares past its end: 1 VP"
    vp = state["vp"][GREEN]
    choose(match, "t:ares", "t:ares")
    assert state["vp"][GREEN] == vp + 2 and state["track"]["ares"][GREEN] == LAST


def test_a_yellow_promotion_space_with_the_actor_is_three_promotions_counted_down_and_logged():
    """Appendix, devotion tracks: a yellow space resolves twice, and promotions resolved more than
    once may fall on any combination of dice; the Actor's stand beside the track adds one. Ares 5
    promotes a hoplite die: 3 promotions, the prompt counting 3, 2, 1, each in the log."""
    match = new_match()
    state = match.state
    state["track"]["ares"][RED] = 4
    state["pool_h"][RED] = [0, 0, 0, 0]
    state["cmd"]["actor"] = {"seat": RED, "at": "ares"}
    inject(match, step("devotion", RED, n=1, track="ares", mode="any", used=[]))
    choose(match, "t:ares")
    prompts = []
    for die in ("d:pool:h:0", "d:pool:h:1", "d:pool:h:2"):
        prompts.append(match.view(RED)["prompt"])
        choose(match, die)
    assert prompts == [f"Red: promote a die ({n} left)" for n in (3, 2, 1)]
    assert state["pool_h"][RED] == [0, 0, 0, 3]
    log = match.view(RED)["log"]
    assert log[-3:] == ["Red promotes hoplite die 1 in supply", "Red promotes hoplite die 1* in supply",
                        "Red promotes hoplite die 2 in supply"]

"""The eight commanders of the rulebook appendix: taking one and what its stand does."""


from .helpers import choose, clear_city, ids, inject, new_match, put_tile, start_turn, step

GREEN, BLUE, PEACH, RED = 0, 1, 2, 3
ROWS = ["melanippus", "polyphontes", "megareus", "hyperbius", "actor", "lasthenes", "creon"]


def take(match, seat, commander):
    match.state["row_cmd"] = ROWS[:6] + [commander if commander not in ROWS[:6] else "creon"]
    inject(match, step("take_commander", seat))
    choose(match, f"row:{match.state['row_cmd'].index(commander) + 1}", seat=seat)


def test_row_stands_give_their_bonus_before_or_after_the_action_one_stand_per_row():
    match = new_match()
    state = match.state
    take(match, BLUE, "melanippus")
    assert ids(match) == ["row:1", "row:2", "row:3"]
    choose(match, "row:2")
    assert state["cmd"]["melanippus"] == {"seat": BLUE, "at": "row2"}
    take(match, BLUE, "megareus")
    assert ids(match) == ["row:1", "row:3"]
    choose(match, "row:3")
    state["pool_c"][BLUE] = [2]
    res = dict(state["res"][BLUE])
    start_turn(match, BLUE)
    choose(match, "die:2", "est:r2c1")
    assert ids(match) == ["before", "after"]
    choose(match, "before", "grape")
    assert state["res"][BLUE]["drachma"] == res["drachma"] + 1 + 2 and state["res"][BLUE]["bronze"] == res["bronze"] + 1


def test_hyperbius_reserves_a_cadmea_space_resolving_its_roofs():
    match = new_match()
    clear_city(match)
    state = match.state
    put_tile(match, "t4.2", "neutral-1", 0)  # east roof brown
    put_tile(match, "t4.4", "neutral-9", 2)  # west roof white
    state["pool_h"][PEACH] = [0, 0]
    hand = len(state["hand"][PEACH])
    take(match, PEACH, "hyperbius")
    choose(match, "at:t4.3")
    assert state["city"]["sites"] == {"t4.3": PEACH}
    choose(match, "show:0", "stop", "d:pool:h:0", "d:pool:h:0")  # brown: 2 hoplites; white: contract (+ exchange)
    assert len(state["hand"][PEACH]) == hand + 1 and state["pool_h"][PEACH] == [1, 1]
    # Only Peach may build there, and resolves the new tile when it does.
    state["estate"][GREEN][0] = ["green-3"]
    inject(match, step("place_row", GREEN, edges=0, activate=False))
    choose(match, "row:1")
    assert "at:t4.3" not in ids(match)
    state["estate"][PEACH][0] = ["peach-3"]  # 2 grapes
    grapes = state["res"][PEACH]["grape"]
    inject(match, step("place_row", PEACH, edges=0, activate=False))
    choose(match, "row:1", "at:t4.3", "rot:0")
    assert state["res"][PEACH]["grape"] == grapes + 2 and state["city"]["sites"] == {}


def test_actor_takes_2_steps_and_adds_a_promotion_on_its_tracks_promotion_spaces():
    match = new_match()
    state = match.state
    state["track"]["ares"][RED] = 2
    state["pool_h"][RED] = [0, 0, 0, 0]
    take(match, RED, "actor")
    choose(match, "t:ares")
    assert ids(match) == ["t:ares", "stop"]  # its 2 steps (which a player may decline)
    choose(match, "t:ares")
    assert state["track"]["ares"][RED] == 3 and state["meto"][RED] == ["red-2"]
    choose(match, "t:ares")
    assert state["track"]["ares"][RED] == 4 and state["blessings"][RED] == ["hoplite-ward"]
    inject(match, step("devotion", RED, n=1, track="ares", mode="any", used=[]))
    choose(match, "t:ares")  # 5: yellow, promote a hoplite twice, and Actor adds one
    choose(match, "d:pool:h:0", "d:pool:h:1", "d:pool:h:2")
    assert state["pool_h"][RED] == [0, 0, 0, 3]


def test_lasthenes_stands_on_a_dice_space_resolving_the_free_tiles_beside_it():
    match = new_match()
    clear_city(match)
    state = match.state
    put_tile(match, "t4.2", "neutral-2")  # 3 drachma
    put_tile(match, "t4.3", "neutral-8")  # 2 pottery
    state["archons"][GREEN] = "t4.3"
    drachma = state["res"][BLUE]["drachma"]
    take(match, BLUE, "lasthenes")
    assert "at:h4.3" in ids(match)
    choose(match, "at:h4.3")
    assert state["city"]["posts"] == {"h4.3": BLUE} and state["res"][BLUE]["drachma"] == drachma + 3


def test_creon_marks_a_display_contract_its_owner_may_fulfil_and_follows_it_when_taken():
    match = new_match()
    state = match.state
    take(match, GREEN, "creon")
    choose(match, "show:2")
    marked = state["display"][2]
    assert state["cmd"]["creon"]["at"] == marked
    from engine.thebai.catalog import catalog
    cost = catalog().contracts[marked]["cost"]
    for good, n in cost.items():
        state["res"][GREEN][good] = n
    state["hand"][GREEN], state["known"][GREEN] = [], []
    state["pool_c"][GREEN] = [0]
    start_turn(match, GREEN)
    fulfil = [i for i in ids(match) if i.startswith("f:")]
    assert [i.split(":")[1] for i in fulfil] == [marked]
    # Another player takes the marked card: the stand goes onto another display card.
    inject(match, step("take_contract", BLUE, n=1))
    match.choose(BLUE, "show:2")
    match.draw_all()
    assert match.awaiting() == (GREEN,) and state["flow"][-1]["step"] == "stand_contract"
    choose(match, "show:0")
    assert state["cmd"]["creon"]["at"] == state["display"][0]


def test_eteocles_pays_2_drachma_for_a_council_space_that_scores_but_is_no_die():
    match = new_match()
    state = match.state
    state["collapse"] = []
    state["res"][PEACH]["drachma"] = 2
    take(match, PEACH, "eteocles")
    choose(match, "at:bl-3")  # 2 VP per citizen die on the council
    assert state["council"]["bl-3"] == [PEACH, "stand", None] and state["res"][PEACH]["drachma"] == 0
    from engine.thebai.council import council_vp, free_spaces
    assert council_vp(state, PEACH) == 0  # the stand is not a die
    state["passage"][0] = [PEACH, 5]
    assert council_vp(state, PEACH) == 2
    assert "bl-1" in free_spaces(state, PEACH)  # and it does not stop a die on the same monument

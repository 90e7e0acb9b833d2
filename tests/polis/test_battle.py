"""Battles with the combat cards, worked by hand from the rule text."""

from engine.core import CHANCE

from .helpers import ATHENS, SPARTA, conserved, ids, play, set_units, step, table


def battle_in(area: str, athens: int, sparta: int, athens_cards, sparta_cards):
    """Round #5a (5 units a side per area); the units meet in ``area``; Sparta ends its turn with
    tribute at home, the battle breaks out and the given cards are dealt."""
    match = table()
    match.state["round"] = 3
    set_units(match, area, ATHENS, athens)
    set_units(match, area, SPARTA, sparta)
    play(match, SPARTA, "act:tribute", "area:lakedaemon", "end")
    assert step(match) == "deal"
    first = match.state["flow"][-1]["seat"]
    for cards in (sparta_cards, athens_cards) if first == SPARTA else (athens_cards, sparta_cards):
        for card in cards:
            match.choose(CHANCE, f"card:{card}")
    return match


def exchange(match, attack: str, defence: str):
    attacker = match.state["battle"]["attacker"]
    match.choose(attacker, f"play:{attack}")
    match.choose(1 - attacker, f"play:{defence}")


def test_seven_units_make_no_battle_and_eight_do():
    match = table()
    match.state["round"] = 3
    set_units(match, "argolis", ATHENS, 3)
    set_units(match, "argolis", SPARTA, 4)
    play(match, SPARTA, "act:tribute", "area:lakedaemon", "end")
    assert match.state["battle"] is None and match.decision.actors == (ATHENS,)
    match = battle_in("argolis", 4, 4, ["phalanx-1"] * 1 + ["kyklos-2", "kyklos-3", "embolon-2"],
                      ["phalanx-2", "phalanx-3", "embolon-3", "mercenary"])
    assert match.state["battle"]["area"] == "argolis"


def test_on_land_sparta_attacks_first_at_sea_athens():
    land = battle_in("argolis", 4, 4, ["phalanx-1", "kyklos-2", "kyklos-3", "embolon-2"],
                     ["phalanx-2", "phalanx-3", "embolon-3", "mercenary"])
    assert land.state["battle"]["attacker"] == SPARTA
    sea = battle_in("saronikos", 4, 4, ["phalanx-1", "kyklos-2", "kyklos-3", "embolon-2"],
                    ["phalanx-2", "phalanx-3", "embolon-3", "mercenary"])
    assert sea.state["battle"]["attacker"] == ATHENS


def test_each_unmatched_formation_costs_a_unit_and_the_attacker_gains_the_difference():
    match = battle_in("argolis", 4, 4, ["phalanx-1", "kyklos-2", "kyklos-3", "embolon-2"],
                      ["phalanx-2", "phalanx-3", "embolon-3", "mercenary"])
    state = match.state
    prestige = list(state["prestige"])
    # Sparta attacks with Phalanx 3 + Embolon 3 (6); Athens holds Phalanx 1 and Kyklos 2 (3):
    # the Phalanx is matched, the Embolon is not: 1 unit lost; Sparta gains 6 - 3 = 3 prestige.
    exchange(match, "embolon-3+phalanx-3", "kyklos-2+phalanx-1")
    assert state["units"]["argolis"] == [3, 4]
    assert state["prestige"][SPARTA] == prestige[SPARTA] + 3 and state["prestige"][ATHENS] == prestige[ATHENS]
    assert state["battle"]["attacker"] == ATHENS  # the roles swap
    assert conserved(match)


def test_a_mercenary_defends_against_any_formation_and_attacking_it_costs_nothing():
    match = battle_in("argolis", 4, 4, ["phalanx-1", "kyklos-2", "kyklos-3", "mercenary"],
                      ["phalanx-2", "phalanx-3", "embolon-3", "mercenary"])
    state = match.state
    exchange(match, "embolon-3+phalanx-3", "mercenary+phalanx-1")  # Embolon met by the Mercenary
    assert state["units"]["argolis"] == [4, 4]
    # Athens attacks with Kyklos 2 + Kyklos 3; Sparta defends Mercenary + Phalanx 2: one kyklos
    # is met by the mercenary, the other by nothing: 1 unit. 5 - 3 = 2 prestige.
    prestige = state["prestige"][ATHENS]
    exchange(match, "kyklos-2+kyklos-3", "mercenary+phalanx-2")
    assert state["units"]["argolis"] == [4, 3] and state["prestige"][ATHENS] == prestige + 2


def test_an_attacking_mercenary_is_matched_by_anything():
    match = battle_in("argolis", 4, 4, ["phalanx-1", "kyklos-2", "kyklos-3", "embolon-2"],
                      ["mercenary", "phalanx-3", "embolon-3", "kyklos-4"])
    exchange(match, "mercenary+phalanx-3", "kyklos-2+phalanx-1")
    assert match.state["units"]["argolis"] == [4, 4]


def test_a_salpinx_call_takes_a_unit_whatever_is_played_and_costs_its_player_1_prestige():
    match = battle_in("argolis", 4, 4, ["phalanx-1", "kyklos-2", "kyklos-3", "mercenary"],
                      ["salpinx", "phalanx-3", "embolon-3", "kyklos-4"])
    state = match.state
    prestige = state["prestige"][SPARTA]
    exchange(match, "phalanx-3+salpinx", "mercenary+phalanx-1")
    # Salpinx: 1 unit whatever; Phalanx 3 met. Attack 3 + 0 against 1 + 1: +1, -1 for the call.
    assert state["units"]["argolis"] == [3, 4]
    assert state["prestige"][SPARTA] == prestige + 1 - 1


def test_the_battle_ends_when_a_side_has_fewer_than_two_cards_and_the_cards_go_back():
    match = battle_in("argolis", 4, 4, ["phalanx-1", "kyklos-2", "kyklos-3", "embolon-2"],
                      ["phalanx-2", "phalanx-3", "embolon-3", "mercenary"])
    state = match.state
    exchange(match, "embolon-3+phalanx-3", "kyklos-2+phalanx-1")
    exchange(match, "embolon-2+kyklos-3", "mercenary+phalanx-2")
    assert state["battle"] is None and state["hands"] == [[], []] and len(state["deck"]) == 24
    assert match.decision.actors == (ATHENS,) and step(match) == "turn"


def test_the_battle_ends_when_the_defender_is_down_to_one_unit_and_losses_stop_there():
    match = battle_in("argolis", 3, 5, ["phalanx-1", "phalanx-2", "kyklos-1"],
                      ["embolon-3", "embolon-4", "kyklos-3", "kyklos-4", "salpinx"])
    state = match.state
    exchange(match, "embolon-3+embolon-4", "kyklos-1+phalanx-1")  # 2 unmatched: 3 -> 1
    assert state["units"]["argolis"][ATHENS] == 1
    assert state["battle"] is None
    assert conserved(match)


def test_a_retreat_costs_1_prestige_and_takes_every_unit_to_one_adjacent_area():
    match = battle_in("argolis", 4, 4, ["phalanx-1", "kyklos-2", "kyklos-3", "embolon-2"],
                      ["phalanx-2", "phalanx-3", "embolon-3", "mercenary"])
    state = match.state
    assert "retreat:korinthia" in ids(match, ATHENS) and "retreat:lakedaemon" not in ids(match, ATHENS)
    prestige = state["prestige"][ATHENS]
    match.choose(SPARTA, "play:embolon-3+phalanx-3")
    match.choose(ATHENS, "retreat:korinthia")
    assert state["units"]["argolis"] == [0, 4] and state["units"]["korinthia"][ATHENS] == 4
    assert state["prestige"][ATHENS] == prestige - 1 and state["battle"] is None
    assert conserved(match)


def test_the_cards_in_hand_and_the_choice_are_secret_until_revealed_together():
    match = battle_in("argolis", 4, 4, ["phalanx-1", "kyklos-2", "kyklos-3", "embolon-2"],
                      ["phalanx-2", "phalanx-3", "embolon-3", "mercenary"])
    athens_view = match.view(ATHENS)
    assert athens_view["sides"][SPARTA]["hand"] is None and athens_view["sides"][SPARTA]["hand_size"] == 4
    assert "Phalanx 3" not in " ".join(athens_view["log"])
    assert "Phalanx 3" in " ".join(match.view(SPARTA)["log"])
    match.choose(SPARTA, "play:embolon-3+phalanx-3")
    athens_view = match.view(ATHENS)
    assert athens_view["battle"]["chosen"] == [False, True] and athens_view["battle"]["mine"] is None
    assert match.view(SPARTA)["battle"]["mine"] == ["embolon-3", "phalanx-3"]


def test_a_bot_imagining_the_other_side_cannot_tell_a_chosen_retreat_from_chosen_cards():
    """Sparta has chosen, unseen: to retreat, or two cards. What Athens' bots imagine (the
    determinized state) must be the same either way: the choice is Sparta's secret."""
    imagined = []
    for sparta_choice in ("retreat", "cards"):
        match = battle_in("argolis", 4, 4, ["phalanx-1", "kyklos-2", "kyklos-3", "embolon-2"],
                          ["phalanx-2", "phalanx-3", "embolon-3", "mercenary"])
        if sparta_choice == "retreat":
            retreat = next(c.id for c in match.legal(SPARTA) if c.id.startswith("retreat:"))
            match.choose(SPARTA, retreat)
        else:
            match.choose(SPARTA, "play:embolon-3+phalanx-3")
        assert match.view(ATHENS)["battle"]["chosen"] == [False, True]
        imagined.append(match.rules.determinize(match.state, ATHENS, "athens"))
    assert imagined[0] == imagined[1]
    assert isinstance(imagined[0]["battle"]["played"][SPARTA], list)  # two of Sparta's imagined cards


def test_unmatched_formations_take_the_defenders_last_units_too():
    """The rule text's battle section: each attacking formation the defender cannot match costs it
    a unit, at most 2 an exchange; nothing there spares a side's last unit. Within the round's
    limits a side holds at least 3 units when a battle breaks out, so the units are set by hand:
    Athens 2 (2 cards), Sparta 6 in Argolis."""
    match = battle_in("argolis", 2, 6, ["phalanx-1", "kyklos-1"],
                      ["embolon-3", "embolon-4", "kyklos-3", "kyklos-4", "phalanx-2", "phalanx-3"])
    state = match.state
    # Sparta attacks on land with Embolon 3 + Embolon 4; Athens has no Embolon: 2 units lost, 2 -> 0.
    exchange(match, "embolon-3+embolon-4", "kyklos-1+phalanx-1")
    assert state["units"]["argolis"] == [0, 6]
    assert state["battle"] is None
    assert conserved(match)

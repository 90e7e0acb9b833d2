"""Epoch preparation, epoch end, the scorings, the end of the game and the tie-break."""

from engine.core.scoring import ranking
from engine.pantheon.catalog import catalog

from .helpers import RULES, give, ids, new_match, put, refresh, step, table
from .test_gods import show_gods


def test_preparation_reveals_players_plus_one_gods_and_loot_on_the_first_symbol_slots():
    for players in (2, 3, 4):
        m = new_match(players, seed=players)
        while m.decision.is_chance and step(m)["step"] in ("deal", "bonus_draw", "nation", "reveal_god", "place_loot",
                                                            "demigod"):
            m.draw()
        state = m.state
        nation = catalog().nations[state["nations"][0]]
        assert state["gods_shown"] == players + 1
        assert set(state["loot"]) == set(nation["symbols"][: players + 1])


def test_the_epoch_ends_when_the_last_god_is_taken():
    m = table(epoch=2, seat=1)
    show_gods(m, "vinthrad-1")                        # 2+1
    put(m, 0, feet=["J4"], columns=["K4"])
    m.state["demigod_display"] = [3]
    give(m, 1, gifts=2, priests=1)
    m.choose(1, "god:vinthrad-1")
    state = m.state
    assert state["epoch"] == 3                        # the next epoch is being prepared
    p0, p1 = state["players"][0], state["players"][1]
    assert p1["vp"]["epoch"] == 3 and p1["vp"]["gods"] == 2
    assert state["start"] == 2                        # the temple passes to the left
    assert p0["feet_on"] == [] and p0["feet"] == 4 and p0["columns_on"] == ["K4"]
    assert "J4" not in state["occupied"] and state["occupied"]["K4"] == [0]
    assert m.decision.is_chance and step(m)["step"] == "nation"   # the new epoch starts with its nation card
    assert state["demigod_display"] == [] and state["loot"] == {}   # leftovers boxed


def test_the_epoch_ends_when_the_last_loot_is_taken_after_the_others_moved():
    m = table(seat=0)
    m.state["loot"] = {"J4": "steps-1"}
    give(m, 1, movement=1)
    refresh(m)
    m.choose(0, "move")
    m.choose(0, "foot:J4")
    m.choose(0, "end")
    assert m.state["epoch"] == 1 and m.decision.actors == (1,)   # Bruno may still move
    m.choose(1, "foot:I4")
    m.choose(1, "end")
    m.choose(2, "end")
    assert m.state["players"][0]["vp"]["epoch"] == 3
    assert m.state["epoch"] == 2 and m.state["start"] == 1


def test_a_follower_who_takes_the_last_loot_tile_ends_the_epoch():
    """"The player who ended it scores 3 and hands the temple to the left": the follower whose
    move took the last loot tile, not the player whose action it was."""
    m = table(seat=0)
    m.state["loot"] = {"I4": "steps-1"}
    give(m, 1, movement=1)
    refresh(m)
    m.choose(0, "move")
    m.choose(0, "foot:J4")
    m.choose(0, "end")
    assert m.state["epoch"] == 1 and m.decision.actors == (1,)
    m.choose(1, "foot:I4")                            # Bruno's follow-up move takes the last loot tile
    m.choose(1, "end")
    assert m.state["epoch"] == 1 and m.decision.actors == (2,)   # Carla still follows
    m.choose(2, "end")
    assert m.state["players"][1]["vp"]["epoch"] == 3 and m.state["players"][0]["vp"]["epoch"] == 0
    assert m.state["epoch"] == 2 and m.state["start"] == 2         # the temple goes to Bruno's left
    assert any("ends epoch 1" in line and "Bruno" in line for line in m.view(None)["log"])


def test_scoring_after_epoch_three_counts_demigods_columns_and_pietalte():
    m = table(epoch=3)
    show_gods(m, "vinthrad-1")
    p = m.state["players"][0]
    p["demigods"] = [3, 2]
    p["tiles"].update(gifts=1, priests=3)
    p["gods"] = ["pietalte-1"]
    put(m, 0, columns=["K4", "L3", "B1", "E1", "C1"])
    m.choose(0, "god:vinthrad-1")                     # the tiles cover 2+1
    vp = m.state["players"][0]["vp"]
    assert (vp["demigods"], vp["columns"], vp["pietalte"]) == (5, 10, 4)
    assert vp["gods"] == 3 and vp["epoch"] == 3


def test_the_game_ends_after_the_sixth_epoch_with_a_second_scoring():
    m = table(epoch=6)
    show_gods(m, "vinthrad-1")
    m.state["players"][0]["vp"]["demigods"] = 5       # from the first scoring
    m.state["players"][0]["demigods"] = [4, 1]
    give(m, 0, gifts=2, priests=1)
    m.choose(0, "god:vinthrad-1")
    assert m.decision is None and m.finished
    assert m.state["players"][0]["vp"]["demigods"] == 10


def test_ties_go_to_more_demigod_tiles_then_are_shared():
    m = table()
    for p in m.state["players"]:
        p["vp"] = {"gods": 10, "epoch": 0, "demigods": 0, "columns": 0, "pietalte": 0}
    m.state["players"][1]["demigods"] = [1, 1]
    m.state["players"][2]["demigods"] = [6]
    m.state["players"][0]["demigods"] = [5]
    assert RULES.tiebreak(m.state, 1) == (2,)
    assert m.ranking() == [(1, [1]), (2, [0, 2])]
    assert ranking(m.scores(), lambda s: RULES.tiebreak(m.state, s))[1] == (2, [0, 2])


def prepare_with_depraccus(draw: bool):
    """Epoch 2's preparation, Carla owning Depraccus; ``draw``: she takes its 2 cards."""
    m = table(epoch=1)
    show_gods(m, "vinthrad-1")
    m.state["players"][2]["gods"] = ["depraccus-1"]
    give(m, 0, gifts=2, priests=1)
    m.choose(0, "god:vinthrad-1")
    held = sum(m.state["players"][2]["hand"].values())
    offered = []
    while step(m)["step"] != "turn":
        if m.decision.is_chance:
            m.draw()
        elif step(m)["step"] == "depraccus_draw":
            assert m.state["temple"] is not None     # the end of the preparation, after the temple
            offered = [c.label for c in m.labelled(2)]
            m.choose(2, "depraccus:2" if draw else "depraccus:0")
        else:
            seat = m.decision.actors[0]
            m.choose(seat, ids(m, seat)[-1])
    return m, held, offered


def test_depraccus_may_draw_two_cards_after_the_temple_is_placed():
    m, held, offered = prepare_with_depraccus(draw=True)
    assert offered == ["Draw 2 cards from the deck", "Draw no cards"]
    assert sum(m.state["players"][2]["hand"].values()) == held + 2


def test_depraccus_may_draw_nothing():
    m, held, _ = prepare_with_depraccus(draw=False)
    assert any("draws no cards for Depraccus" in line for line in m.view(None)["log"])


def test_the_total_if_the_game_ended_now_adds_a_scoring_and_hides_face_down_demigods():
    m = table()
    alice, bruno = m.state["players"][0], m.state["players"][1]
    alice["vp"]["gods"] = 4
    alice["demigods"], alice["demigods_known"] = [5, 2], [2]      # the 5 was drawn face down
    put(m, 0, columns=["K4"])
    bruno["demigods"], bruno["demigods_known"] = [3], [3]
    assert RULES.running_score == "so far" and m.scores()[0].total == 4
    assert m.if_ended_now(0)[0] == "12"                   # 4 + demigods 7 + 1 column
    assert m.if_ended_now(1)[0] == "7+?" and m.if_ended_now(1)[1] == "3"
    assert m.if_ended_now(None)[0] == "7+?"

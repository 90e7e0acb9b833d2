"""What a seat cannot know is sampled anew for the bots (``determinize``), and only that;
the other seats never read the actor's cards in its prompt."""

from collections import Counter

from engine.pantheon.cards import play

from .helpers import RULES, give, ids, step, table
from .test_gods import show_gods

SEEDS = range(40)


def samples(m, viewer):
    return [RULES.determinize(m.state, viewer, seed) for seed in SEEDS]


def test_the_others_hands_are_dealt_again_from_the_deck_and_their_unknown_cards():
    m = table()
    give(m, 0, gifts=2)
    give(m, 1, temples=3)
    m.state["deck"] = {"movement": 5}
    twins = samples(m, 0)
    for twin in twins:
        hands = [p["hand"] for p in twin["players"]]
        assert hands[0] == {"gifts": 2} and sum(hands[1].values()) == 3 and hands[2] == {}
        assert Counter(twin["deck"]) + Counter(hands[1]) == Counter(movement=5, temples=3)
        assert RULES.view(twin, 0) == RULES.view(m.state, 0)
    assert any(twin["players"][1]["hand"] != {"temples": 3} for twin in twins)
    assert all(twin["players"][1]["hand"] == {"temples": 3} for twin in samples(m, 1))


def test_cards_taken_face_up_stay_in_their_holders_hand_until_played():
    m = table()
    m.state["row"] = ["movement", "gifts", "money1", "priests"]
    m.state["deck"] = {"dancers": 20}
    m.choose(0, "draw")
    m.choose(0, "row:movement")
    m.draw_all()
    assert m.state["players"][0]["hand_known"] == {"movement": 1}
    assert m.view(1)["players"][0]["hand_known"] == {"movement": 1}
    for twin in samples(m, 1):
        assert twin["players"][0]["hand"]["movement"] >= 1
    play(m.state, 0, "movement")
    assert m.state["players"][0]["hand_known"] == {}


def test_face_down_demigods_are_dealt_again_from_their_own_stack_and_those_from_the_display_stay():
    m = table()
    m.state["players"][1].update(demigods=[2, 6, 5], demigods_known=[6])
    m.state["demigods_low"] = {"1": 1, "2": 0, "3": 2}
    m.state["demigods_high"] = {"4": 1, "5": 0, "6": 0}
    seen = m.view(0)["players"][1]
    assert seen["demigods_known"] == [6] and seen["demigods_face_down"] == {"low": 1, "high": 1}
    values = set()
    for twin in samples(m, 0):
        held = twin["players"][1]["demigods"]
        assert held[0] == 6 and len(held) == 3 and held[1] <= 3 < held[2]
        low = Counter({int(v): n for v, n in twin["demigods_low"].items()}) + Counter([held[1]])
        high = Counter({int(v): n for v, n in twin["demigods_high"].items()}) + Counter([held[2]])
        assert +low == Counter({1: 1, 2: 1, 3: 2}) and +high == Counter({4: 1, 5: 1})
        values.add(tuple(held))
    assert len(values) > 1


def test_a_seat_about_to_pay_for_a_god_holds_a_payment_in_every_sample():
    m = table()
    show_gods(m, "plaesiris-3", "taksator-1")          # 2+2+2 of three kinds
    give(m, 0, gifts=2, priests=2, dancers=2, temples=2)
    m.state["deck"] = {"movement": 12, "money1": 6, "gifts": 1}
    m.choose(0, "god:plaesiris-3")
    assert step(m)["step"] == "pay" and len(ids(m, 0)) > 1
    hands = set()
    for twin in samples(m, 1):
        decision = RULES.decision(twin)
        assert decision.actors == (0,) and all(c.id.startswith("pay:") for c in decision.for_actor(0))
        hands.add(tuple(sorted(twin["players"][0]["hand"].items())))
    assert len(hands) > 1


def test_the_others_read_a_purchase_prompt_without_the_buyers_money():
    m = table()
    give(m, 0, money3=1, money1=2)
    m.choose(0, "buy")
    assert m.view(0)["prompt"] == "Ann: buy: 5 money to spend"
    assert m.view(1)["prompt"] == m.view(None)["prompt"] == "Ann: buy"
    m.choose(0, "tile:dancers:1")                      # 1 money: paid with a 1
    m.choose(0, "buy:foot")
    assert m.view(0)["prompt"] == "Ann: buy: 3 money to spend"
    m.choose(0, "buy:column")                          # the 3 is played: 2 left over
    assert m.view(0)["prompt"] == "Ann: buy: 2 money to spend (2 of it already paid in cards)"
    assert m.view(1)["prompt"] == "Ann: buy (2 money already paid)"


def test_a_seated_player_always_has_something_private():
    m = table()
    assert all(RULES.has_private(m.state, seat) for seat in range(3))
    assert m.has_private(0) and not m.has_private(None)

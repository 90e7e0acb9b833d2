import pytest

from engine.core import CHANCE, IllegalChoice, Match, ReplayMismatch
from engine.core.bots import GreedyBot, RandomBot, play_out
from engine.core.match import Action
from tests.toygame import ToyRules

NAMES = ["Ann", "Bruno"]


def dealt(seed=7):
    match = Match(ToyRules(), NAMES, {}, seed)
    match.draw_all()
    return match


def test_setup_deals_through_chance_steps_and_then_asks_everyone_to_pledge():
    match = dealt()
    assert [a.actor for a in match.actions] == [CHANCE] * 4
    assert all(a.drawn for a in match.actions)
    assert match.awaiting() == (0, 1)


def test_simultaneous_decision_accepts_either_seat_first():
    match = dealt()
    match.choose(1, "pledge:low")
    assert match.awaiting() == (0,)
    match.choose(0, "pledge:high")
    assert match.awaiting() == (0,)
    assert match.decision.topic == "turn"


def test_illegal_choice_names_the_reason_and_changes_nothing():
    match = dealt()
    match.choose(0, "pledge:high")
    before = repr(match.state), list(match.actions)
    with pytest.raises(IllegalChoice, match="not Ann's decision"):
        match.choose(0, "pledge:low")
    with pytest.raises(IllegalChoice, match="not a legal choice"):
        match.choose(1, "play:3")
    with pytest.raises(IllegalChoice, match="no chance step"):
        match.draw()
    assert (repr(match.state), list(match.actions)) == before


def test_a_person_can_supply_the_chance_outcome():
    match = Match(ToyRules(), NAMES, {}, 1)
    match.choose(CHANCE, "card:3")
    assert match.state["hands"][0] == [3]
    assert match.actions[-1] == Action(CHANCE, "card:3")
    with pytest.raises(IllegalChoice):
        match.choose(CHANCE, "card:9")


def test_undo_only_own_last_action_and_not_past_chance():
    match = dealt()
    assert not match.can_undo(0)  # last action was a chance outcome
    match.choose(0, "pledge:high")
    assert not match.can_undo(1)  # not Bruno's action
    assert not match.can_undo(0)  # Ann no longer has to act: undo would change who acts
    match.choose(1, "pledge:high")
    play = next(c for c in match.legal(0) if c.id.startswith("play"))
    match.choose(0, play.id)
    match.choose(0, "end")
    assert not match.can_undo(0)  # the turn passed to Bruno
    with pytest.raises(IllegalChoice, match="cannot undo"):
        match.undo(0)


def test_undo_restores_the_exact_state_of_before():
    match = dealt()
    match.choose(1, "pledge:low")
    match.choose(0, "pledge:high")
    before = repr(match.state), len(match.actions)
    play = next(c for c in match.legal(0) if c.id.startswith("play"))
    match.choose(0, play.id)
    assert match.can_undo(0)
    match.undo(0)
    assert (repr(match.state), len(match.actions)) == before
    assert match.awaiting() == (0,)
    match.choose(0, "draw")
    assert not match.can_undo(0)  # a chance step is pending: never undo around a draw


def test_no_undo_past_revealed_information_even_in_the_same_turn():
    match = dealt(seed=3)
    match.choose(0, "pledge:low")
    match.choose(1, "pledge:low")
    match.choose(0, "peek")
    assert match.actions[-1] == Action(0, "peek", reveals=True)
    assert match.awaiting() == (0,) and not match.can_undo(0)
    bruno_hand = " ".join(map(str, sorted(match.state["hands"][1])))
    assert match.view(0)["log"][-1] == f"Ann sees Bruno holds {bruno_hand}"
    assert match.view(1)["log"][-1] == match.view(None)["log"][-1] == "Ann peeks at Bruno's hand"
    assert "peek" not in {c.id for c in match.legal(0)}  # once a turn


def test_replay_reproduces_state_and_detects_a_tampered_draw():
    match = dealt(seed=11)
    play_out(match, {0: RandomBot(1), 1: RandomBot(2)})
    twin = Match.replay(ToyRules(), NAMES, {}, 11, match.actions)
    assert twin.state == match.state
    drawn = next(i for i, a in enumerate(match.actions) if a.drawn)
    original = match.actions[drawn].choice
    other = next(f"card:{v}" for v in "123" if f"card:{v}" != original)
    tampered = list(match.actions)
    tampered[drawn] = Action(CHANCE, other, drawn=True)
    with pytest.raises(ReplayMismatch, match=f"action {drawn}"):
        Match.replay(ToyRules(), NAMES, {}, 11, tampered)


def played_game(seed):
    """A game played by random bots, with the choice each chosen action applied."""
    match, bots, played = dealt(seed), {0: RandomBot(1), 1: RandomBot(2)}, []
    while match.decision is not None:
        seat = match.decision.actors[0]
        played.append(match.choose(seat, bots[seat].choose(match, seat).id))
        match.draw_all()
    return match, played


def test_a_replay_given_the_played_choices_draws_chance_again_and_ends_where_the_game_did():
    match, played = played_game(seed=11)
    twin = Match.replay(ToyRules(), NAMES, {}, 11, match.actions, played)
    assert twin.state == match.state and twin.actions == match.actions
    drawn = [i for i, a in enumerate(match.actions) if a.drawn][-1]
    original = match.actions[drawn].choice
    tampered = list(match.actions)
    tampered[drawn] = Action(CHANCE, next(f"card:{v}" for v in "123" if f"card:{v}" != original), drawn=True)
    with pytest.raises(ReplayMismatch, match=f"action {drawn}: the RNG drew"):
        Match.replay(ToyRules(), NAMES, {}, 11, tampered, played)
    with pytest.raises(ReplayMismatch, match="was played, the log says"):
        Match.replay(ToyRules(), NAMES, {}, 11, match.actions, [*played[1:], played[0]])


def test_actions_round_trip_through_json():
    match = dealt()
    assert [Action.from_json(a.to_json()) for a in match.actions] == match.actions


def test_views_and_log_hide_other_hands():
    match = dealt(seed=3)
    ann, bruno, spectator = match.view(0), match.view(1), match.view(None)
    assert ann["hand"] == match.state["hands"][0]
    assert bruno["hand"] == match.state["hands"][1]
    assert spectator["hand"] is None
    for value in "123":
        secret = f"Ann gets a {value}"
        assert not any(secret in line for line in bruno["log"] + spectator["log"])
    assert "Ann gets a card" in bruno["log"]
    assert ann["choices"] and not spectator["choices"]


def test_bots_finish_games_and_greedy_prefers_points():
    for seed in range(20):
        match = Match(ToyRules(), ["A", "B", "C"], {"bonus": 2}, seed)
        play_out(match, {0: GreedyBot(seed), 1: RandomBot(seed), 2: RandomBot(seed + 1)})
        assert match.finished
        assert [s.breakdown for s in match.scores()] == toy_breakdowns_from_the_log(match, bonus=2)


def toy_breakdowns_from_the_log(match: Match, bonus: int) -> list[dict[str, int]]:
    """The toy's score sheet worked out from the moves alone: the values of the cards each seat
    played, and the bonus for a high pledge."""
    sheets = [{"Cards": 0, "Pledge": 0} for _ in match.names]
    for action in match.actions:
        kind, _, value = action.choice.partition(":")
        if kind == "play":
            sheets[action.actor]["Cards"] += int(value)
        elif action.choice == "pledge:high":
            sheets[action.actor]["Pledge"] = bonus
    return sheets


def test_player_count_and_options_are_checked():
    with pytest.raises(ValueError, match="2-3 players"):
        Match(ToyRules(), ["solo"])
    with pytest.raises(ValueError, match="option"):
        Match(ToyRules(), NAMES, {"bonus": 5})


def test_the_log_marks_what_others_did_since_a_seats_previous_turn():
    from tests.toygame import ToyRules

    match = Match(ToyRules(), ["Ann", "Bob"], {}, 5)
    match.draw_all()
    assert match.view(0)["log_new"] == len(match.view(0)["log"])  # nothing done yet: all of it is new
    match.choose(0, "pledge:low")
    assert match.view(0)["log_new"] == len(match.view(0)["log"])  # still her first turn
    match.choose(1, "pledge:high")
    assert match.view(0)["log_new"] == 1 and match.view(0)["log"][-1] == "Bob pledges high"
    match.choose(0, "draw")
    match.draw_all()  # Ann's card: a line Bob reads as "Ann gets a card"
    bob = match.view(1)
    assert bob["log_new"] == 1 and bob["log"][-1] == "Ann gets a card"
    assert match.view(0)["log_new"] == 2  # Bob's pledge stays marked while her turn goes on
    play = next(c.id for c in match.legal(1) if c.id.startswith("play:"))
    match.choose(1, play)
    assert match.view(0)["log_new"] == 2 and match.view(0)["log"][-2:] == ["Ann gets a 3", "Bob plays a 1"]
    assert match.view(None)["log_new"] == 1  # a spectator: what the last move wrote

import pytest

from engine import registry
from engine.core.contract import CHANCE, IllegalChoice
from engine.core.match import Action
from engine.core.text import Say, said_to_json
from saves.session import GameSession, SaveDoesNotReplay, replay_record
from saves.store import SaveConflict, SaveFormatError, SaveStore, Seat, record_from_dict, record_to_dict
from tests.toygame import ToyRules

HUMANS = [Seat("Ann", "human"), Seat("Bea", "human")]
BOTS = [Seat("Rex", "random"), Seat("Gus", "greedy")]


def pledged(session):
    """Both humans pledge low; then it is Ann's turn."""
    session.act(0, "pledge:low")
    session.act(1, "pledge:low")
    return session


def play_a_card(session, seat=0):
    choice = next(c.id for c in session.match.legal(seat) if c.id.startswith("play:"))
    session.act(seat, choice)
    return choice


def test_new_game_draws_chance_and_saves_it(store, toy_game):
    session = GameSession.new(store, toy_game, "", HUMANS)
    record = store.load(session.record.id)
    assert record.title == "Toy" and record.game == toy_game
    assert isinstance(record.seed, int) and record.options == {"bonus": 1, "goal": 6}
    assert len(record.actions) == 4  # two cards each, drawn by chance
    assert all(action == {"a": -1, "c": action["c"], "d": True} for action in record.actions)
    assert session.match.awaiting() == (0, 1)
    assert record.progress == "4 actions" and record.status == "active"


def test_every_act_is_saved_before_it_returns(store, toy_game):
    session = GameSession.new(store, toy_game, "Evening", HUMANS, seed=5)
    session.act(1, "pledge:high")
    assert store.load(session.record.id).actions == session.record.actions
    session.act(0, "pledge:low")
    session.act(0, "draw")  # ends the turn: the card dealt is drawn and saved too
    saved = store.load(session.record.id).actions
    assert saved == [a.to_json() for a in session.match.actions]
    assert saved[-1]["d"] and session.match.awaiting() == (1,)
    resumed = GameSession.resume(store, session.record.id)
    assert resumed.match.state == session.match.state


def test_an_illegal_choice_changes_nothing(store, toy_game):
    session = GameSession.new(store, toy_game, "", HUMANS, seed=5)
    before = store.path_of(session.record.id).read_bytes()
    with pytest.raises(IllegalChoice):
        session.act(1, "draw")
    with pytest.raises(IllegalChoice):
        session.act(0, "teleport")
    assert store.path_of(session.record.id).read_bytes() == before


def test_undo_truncates_the_save_but_not_past_revealed_information(store, toy_game):
    session = pledged(GameSession.new(store, toy_game, "", HUMANS, seed=5))
    pledges = len(session.record.actions)
    play_a_card(session)
    session.undo(0)
    assert store.load(session.record.id).actions == session.record.actions
    assert len(session.record.actions) == pledges
    play_a_card(session)
    session.act(0, "peek")  # Ann sees Bea's hand: still her turn, but no undo any more
    assert session.match.awaiting() == (0,)
    assert not session.match.can_undo(0) and not session.match.can_undo(1)
    with pytest.raises(IllegalChoice):
        session.undo(0)
    assert store.load(session.record.id).actions[-1] == {"a": 0, "c": "peek", "r": True}


def test_bots_play_a_whole_game_and_it_replays(store, toy_game):
    session = GameSession.new(store, toy_game, "", BOTS, seed=11)
    assert session.bot_seats() == [0, 1]
    acted = session.play_bots()
    assert acted > 0 and session.match.finished
    record = store.load(session.record.id)
    assert record.status == "finished"
    assert replay_record(record).state == session.match.state


def test_bot_choices_do_not_depend_on_saving_and_resuming(store, toy_game):
    straight = GameSession.new(store, toy_game, "", BOTS, seed=3)
    straight.play_bots()
    interrupted = GameSession.new(store, toy_game, "", BOTS, seed=3)
    while not interrupted.match.finished:
        interrupted.play_bots(limit=1)
        interrupted = GameSession.resume(store, interrupted.record.id)
    assert interrupted.record.actions == straight.record.actions
    seat = 0
    fresh = GameSession.new(store, toy_game, "", BOTS, seed=3)
    assert fresh.bot_choice(seat) == fresh.bot_choice(seat)
    assert fresh.record.actions == store.load(fresh.record.id).actions  # no side effect


def test_mixed_table_bots_stop_when_a_human_must_act(store, toy_game):
    session = GameSession.new(store, toy_game, "", [Seat("Ann", "human"), Seat("Rex", "random")], seed=2)
    assert session.play_bots() == 1 and session.match.awaiting() == (0,)  # Rex pledges; Ann has not yet
    assert session.play_bots() == 0
    session.act(0, "pledge:low")
    session.act(0, "draw")
    assert session.play_bots() >= 1 and session.match.awaiting() == (0,)


def test_a_tampered_chance_outcome_gives_a_clear_error(store, toy_game):
    session = pledged(GameSession.new(store, toy_game, "Tampered", HUMANS, seed=5))
    data = store.export(session.record.id)
    cards = {"card:1", "card:2", "card:3"} - {data["actions"][0]["c"]}
    data["actions"][0]["c"] = sorted(cards)[0]
    bad = store.import_(data, as_copy=True)
    with pytest.raises(SaveDoesNotReplay, match=r"'Tampered \(copy\)'.*action 0: the RNG drew"):
        GameSession.resume(store, bad.id)


def test_a_save_of_an_unknown_game_or_illegal_log_does_not_replay(store, toy_game, monkeypatch):
    session = GameSession.new(store, toy_game, "", HUMANS, seed=5)
    data = store.export(session.record.id)
    data["actions"].append({"a": 0, "c": "fly"})
    broken = store.import_(data, as_copy=True)
    with pytest.raises(SaveDoesNotReplay, match=f"action {len(data['actions']) - 1} .*'fly'.* does not replay"):
        GameSession.resume(store, broken.id)
    monkeypatch.delitem(registry.GAMES, toy_game)
    with pytest.raises(SaveDoesNotReplay, match="does not know"):
        GameSession.resume(store, session.record.id)


def test_two_sessions_on_one_save_never_fork_it(store, toy_game):
    mine = GameSession.new(store, toy_game, "", HUMANS, seed=5)
    theirs = GameSession.resume(store, mine.record.id)
    assert theirs.refresh() is False
    mine.act(0, "pledge:high")
    with pytest.raises(SaveConflict):
        theirs.act(1, "pledge:low")  # a simultaneous decision, but on a state that is out of date
    assert theirs.record.actions == mine.record.actions  # it now holds the game as saved
    assert theirs.match.state == mine.match.state
    mine.act(1, "pledge:low")
    assert theirs.refresh() is True and theirs.match.state == mine.match.state


def test_another_process_s_moves_are_applied_and_its_undo_rebuilds(store, toy_game, monkeypatch):
    import saves.session

    mine = GameSession.new(store, toy_game, "", HUMANS, seed=5)
    theirs = GameSession.resume(store, mine.record.id)
    rebuilt = []
    replay = saves.session.replay_record
    monkeypatch.setattr(saves.session, "replay_record", lambda record: rebuilt.append(record) or replay(record))
    match = theirs.match
    pledged(mine)
    play_a_card(mine)
    assert theirs.refresh() is True and theirs.match is match and rebuilt == []  # only the new moves applied
    assert theirs.match.state == mine.match.state and theirs.match.actions == mine.match.actions
    mine.undo(0)
    assert theirs.refresh() is True and len(rebuilt) == 1
    assert theirs.match.state == mine.match.state and theirs.match.actions == mine.match.actions


def test_undo_conflicts_when_someone_else_moved(store, toy_game):
    mine = pledged(GameSession.new(store, toy_game, "", HUMANS, seed=5))
    play_a_card(mine)
    theirs = GameSession.resume(store, mine.record.id)
    theirs.act(0, "end")
    with pytest.raises(SaveConflict):
        mine.undo(0)
    assert mine.record.actions == theirs.record.actions


def test_progress_falls_back_to_counting_actions(store, toy_game):
    session = GameSession.new(store, toy_game, "", BOTS, seed=1)
    assert session.progress() == f"{len(session.match.actions)} actions"
    session.play_bots()  # the toy has a simultaneous pledge: both bots must answer it
    assert session.match.finished and store.load(session.record.id).status == "finished"
    assert GameSession.resume(store, session.record.id).match.state == session.match.state


def test_rules_data_version_is_recorded(store, toy_game, monkeypatch):
    session = GameSession.new(store, toy_game, "", HUMANS, seed=5)
    record = store.load(session.record.id)
    assert (record.rules_version, record.data_version) == ("1", "")
    monkeypatch.setattr(ToyRules, "data_version", lambda rules: "v7")
    assert GameSession.new(store, toy_game, "", HUMANS).record.data_version == "v7"


def test_progress_prefers_the_rules_own_words(store, toy_game, monkeypatch):
    monkeypatch.setattr(ToyRules, "progress", lambda rules, state: f"{len(state['names'])} at the table")
    session = GameSession.new(store, toy_game, "", HUMANS, seed=5)
    assert session.progress() == "2 at the table" == store.load(session.record.id).progress


def test_seat_kinds_are_checked(store, toy_game):
    with pytest.raises(ValueError, match="kind 'wizard'"):
        GameSession.new(store, toy_game, "", [Seat("A", "wizard"), Seat("B", "human")])
    assert store.summaries() == []


def test_a_real_almadi_game_resumes_where_it_stopped(store):
    pytest.importorskip("engine.almadi.rules")
    rules = registry.rules_for("almadi")
    seats = [Seat("Ann", "greedy")] + [Seat(f"Bot {n}", "random") for n in range(1, rules.min_players)]
    straight = GameSession.new(store, "almadi", "Straight", seats, seed=2024)
    straight.play_bots()
    interrupted = GameSession.new(store, "almadi", "Interrupted", seats, seed=2024)
    interrupted.play_bots(limit=15)
    saved = store.load(interrupted.record.id)
    assert saved.data_version == rules.data_version() != ""
    assert saved.progress == interrupted.match.rules.view(interrupted.match.state, None)["progress"]

    resumed = GameSession.resume(store, interrupted.record.id)
    assert resumed.match.state == interrupted.match.state
    assert resumed.match.view(0) == interrupted.match.view(0)
    resumed.play_bots()  # the same bots from the same position play the same game

    assert resumed.match.finished and store.load(resumed.record.id).status == "finished"
    assert store.load(resumed.record.id).actions == store.load(straight.record.id).actions


def test_search_bot_seats_are_saved_and_think_alike_in_a_worker_process(store, toy_game):
    from engine.search.worker import Thinker

    seats = [Seat("Nora", "normal"), Seat("Hal", "hard")]
    session = GameSession.new(store, toy_game, "", seats, seed=8)
    assert [seat.kind for seat in store.load(session.record.id).seats] == ["normal", "hard"]
    thinker = Thinker()
    try:
        for _ in range(4):
            seat = session.match.awaiting()[0]
            reports = []
            there = session.bot_choice(seat, thinker, reports.append)
            assert there == session.bot_choice(seat)
            session.act(seat, there)
    finally:
        thinker.close()
    resumed = GameSession.resume(store, session.record.id)
    resumed.play_bots()
    assert resumed.match.finished


def test_an_unknown_seat_kind_is_refused(store, toy_game):
    with pytest.raises(ValueError, match="'wizard' is not one of human, random, greedy, normal, hard"):
        GameSession.new(store, toy_game, "", [Seat("Ann", "human"), Seat("Merlin", "wizard")])


# -- a turn end the player confirms (engine.core.match) ---------------------------------------

def test_the_wait_is_saved_replayed_and_confirmed_through_the_save(store, toy_game):
    session = GameSession.new(store, toy_game, "Lunch", [Seat("Ann", "human"), Seat("Bob", "human")], seed=5)
    session.act(0, "pledge:low")
    session.act(1, "pledge:low")
    session.act(0, "draw", hold=True)
    saved = store.load(session.record.id).actions
    assert saved[-1] == {"a": 0, "c": "draw", "h": True}
    elsewhere = GameSession.resume(store, session.record.id)  # another terminal, or after a crash
    assert elsewhere.match.held == 0 and elsewhere.match.awaiting() == (0,)
    assert elsewhere.match.actions[-1] == Action(0, "draw", held=True)  # not drawn on resume
    session.confirm(0)
    saved = store.load(session.record.id).actions
    assert "h" not in saved[-2] and saved[-2]["c"] == "draw" and saved[-1]["a"] == CHANCE
    assert session.record.actions == saved
    with pytest.raises(SaveConflict):
        elsewhere.confirm(0)  # already confirmed by the first terminal: refused, and it catches up
    assert elsewhere.match.held is None and elsewhere.match.awaiting() == (1,)


def test_undo_of_a_held_turn_end_through_the_save(store, toy_game):
    session = GameSession.new(store, toy_game, "Lunch", [Seat("Ann", "human"), Seat("Bob", "human")], seed=5)
    session.act(0, "pledge:low")
    session.act(1, "pledge:low")
    before = list(store.load(session.record.id).actions)
    session.act(0, "draw", hold=True)
    session.undo(0)
    assert store.load(session.record.id).actions == before and session.match.awaiting() == (0,)


def test_a_save_keeps_its_progress_as_the_rules_said_it_and_refuses_a_damaged_one(tmp_path):
    store = SaveStore(tmp_path)
    session = GameSession.new(store, "thebai", "t", [Seat("Ann", "human"), Seat("Bruno", "greedy")], seed=3)
    saved = store.load(session.record.id)
    assert saved.progress == "setup" and saved.progress_said == said_to_json(Say("setup"))
    assert store.summaries()[0].progress_said == saved.progress_said
    data = record_to_dict(saved)
    del data["progress_said"]
    assert record_from_dict(data).progress_said is None  # a save from before: its English is shown
    for damaged in ({"say": 3, "args": {}}, {"say": "x", "args": {"n": {"set": 1}}}, ["setup"]):
        data["progress_said"] = damaged
        with pytest.raises(SaveFormatError, match="progress_said"):
            record_from_dict(data)

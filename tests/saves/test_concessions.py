"""Seats handed to a bot mid-game and games their players ended (saves/concessions.py): kept in the
save's header, read back, refused when damaged, ranked and recorded as the module says."""

from __future__ import annotations

import time

import pytest

from engine.core.contract import IllegalChoice
from saves.concessions import standings
from saves.records import stats
from saves.session import GameSession
from saves.shared import SharedSession
from saves.store import SaveFormatError, SaveStore, Seat, record_from_dict, record_to_dict

HUMANS = ["Ann", "Bruno", "Cleo"]


def new_game(store: SaveStore, names=HUMANS, kinds=None) -> GameSession:
    kinds = kinds or ["human"] * len(names)
    return GameSession.new(store, "toy", "t", [Seat(name, kind) for name, kind in zip(names, kinds)], seed=3)


def test_a_concession_hands_the_seat_to_a_normal_bot_in_the_header_and_reads_back(store, toy_game):
    session = new_game(store)
    assert session.concede(1) is False  # two humans are left: the game goes on
    saved = store.load(session.record.id)
    assert [seat.kind for seat in saved.seats] == ["human", "normal", "human"]
    [change] = saved.seat_changes
    assert (change.seat, change.kind, change.why, change.at) == (1, "normal", "conceded", len(saved.actions))
    assert saved.status == "active" and saved.ending is None
    assert record_from_dict(record_to_dict(saved)) == saved
    assert store.load(store.import_(store.export(saved.id), as_copy=True).id).seat_changes == [change]
    assert session.bot_seats() == [1] and GameSession.resume(store, saved.id).record == saved


def test_a_save_from_before_has_no_seat_changes_and_no_ending(store, toy_game):
    data = record_to_dict(new_game(store).record)
    del data["seat_changes"], data["ending"]
    record = record_from_dict(data)
    assert record.seat_changes == [] and record.ending is None


@pytest.mark.parametrize("damage, why", [
    (lambda d: d.update(seat_changes={}), "seat_changes"),
    (lambda d: d.update(seat_changes=[{"seat": 7, "kind": "normal", "why": "conceded", "at": 0, "log": 0,
                                       "when": ""}]), "'seat'"),
    (lambda d: d["seat_changes"][0].update(kind="hard"), "'kind'"),  # the seat is played by a normal bot
    (lambda d: d["seat_changes"][0].update(why="bored"), "'why'"),
    (lambda d: d["seat_changes"][0].update(at=-1), "'at'"),
    (lambda d: d["seat_changes"][0].update(when="x" * 41), "'when'"),
    (lambda d: d["seat_changes"].append(dict(d["seat_changes"][0])), "once"),
    (lambda d: d.update(ending={"why": "conceded", "at": 0, "when": ""}), "not finished"),
    (lambda d: d.update(ending={"why": "draw", "at": 0, "when": ""}, status="finished"), "ended after 0 actions"),
    (lambda d: d.update(ending={"why": "won", "at": 0, "when": ""}, status="finished"), "not an ending"),
])
def test_a_damaged_seat_change_or_ending_is_refused(store, toy_game, damage, why):
    session = new_game(store)
    session.concede(1)
    data = record_to_dict(store.load(session.record.id))
    damage(data)
    with pytest.raises(SaveFormatError, match=why):
        record_from_dict(data)


def test_the_last_concession_but_one_ends_the_game_the_last_human_first_the_latest_to_concede_next(store, toy_game):
    session = new_game(store)
    session.concede(0)
    assert session.concede(2) is True
    saved = store.load(session.record.id)
    assert saved.status == "finished" and saved.ending is not None and saved.ending.why == "conceded"
    assert saved.to_move == [] and saved.progress.startswith("ended: Cleo conceded; ")
    with pytest.raises(IllegalChoice, match="ended"):
        session.act(1, session.match.legal(1)[0].id)
    assert GameSession.resume(store, saved.id).over  # replays though its rules have not ended it
    [record] = store.records.all()
    assert [(p.name, p.winner, p.outcome) for p in record.players] == [
        ("Ann", False, "conceded"), ("Bruno", True, ""), ("Cleo", False, "conceded")]
    [line] = [line for line in stats([record]) if line.player.name == "Ann"]
    assert line.plays == 1 and line.outcomes == {"conceded": 1}


def test_standings_put_conceded_seats_last_and_keep_the_rules_order_and_ties_for_the_others():
    from saves.concessions import Ending, SeatChange

    ranking = [(1, [2]), (2, [0, 3]), (4, [1])]
    first, second = (SeatChange(seat, "normal", "conceded", 0, 0, "") for seat in (2, 3))
    kinds = ["human", "greedy", "normal", "normal"]
    assert standings(ranking, [first, second], None, kinds) == [(1, [0]), (2, [1]), (3, [3]), (4, [2])]
    abandoned = SeatChange(2, "normal", "abandoned", 0, 0, "")
    assert standings(ranking, [abandoned], None, kinds) == ranking
    assert standings([(1, [1]), (2, [0])], [], Ending("draw", 0, ""), ["human", "human"]) == [(1, [0, 1])]
    # a concession left Ann, the last human: she comes first, then the bots by the rules' ranking
    assert standings(ranking, [first], Ending("conceded", 0, ""), kinds) == [(1, [0]), (2, [3]), (3, [1]), (4, [2])]


def test_a_seat_handed_to_a_bot_is_recorded_as_abandoned_and_ranked_by_its_points(store, toy_game):
    session = new_game(store, ["Ann", "Bruno"])
    session.hand_to_bot(1, "greedy")
    saved = store.load(session.record.id)
    assert [(c.seat, c.kind, c.why) for c in saved.seat_changes] == [(1, "greedy", "abandoned")]
    session.play_bots(limit=1)
    assert session.record.ending is None and not session.over
    with pytest.raises(ValueError):
        session.hand_to_bot(0, "genius")
    with pytest.raises(IllegalChoice):
        session.hand_to_bot(1)  # a bot's seat already


def test_another_terminal_sees_a_concession_as_a_change_of_the_game(store, toy_game):
    session = new_game(store)
    other = GameSession.resume(store, session.record.id)
    session.concede(2)
    revision = other.revision
    assert other.refresh() and other.revision == revision + 1 and other.record.seats[2].kind == "normal"


def test_only_the_creator_hands_a_served_seat_to_a_bot_and_never_one_held_at_a_table(store, toy_game):
    session = new_game(store, ["Ann", "Bruno"])
    shared = SharedSession(GameSession.resume(store, session.record.id), [0], lambda: None, identity="SHA256:bruno")
    shared.start()
    try:
        with pytest.raises(IllegalChoice, match="created this game"):
            shared.hand_to_bot(1, "normal")
        shared.identity = None  # the same terminal as the host's own: a key binds it no more
        with pytest.raises(IllegalChoice, match="at the table"):
            shared.hand_to_bot(0, "normal")
    finally:
        shared.stop()
    assert [seat.kind for seat in store.load(session.record.id).seats] == ["human", "human"]



def test_a_draw_offer_stands_until_a_move_and_only_between_the_two_people_of_a_two_player_game(store, toy_game):
    session = new_game(store, ["Ann", "Bruno"])
    session.offer_draw(0)
    saved = store.load(session.record.id)
    assert saved.draw_offer is not None and saved.draw_offer.seat == 0
    assert record_from_dict(record_to_dict(saved)) == saved
    other = GameSession.resume(store, saved.id)
    assert other.draw_offered_to(1) and not other.draw_offered_to(0)
    with pytest.raises(IllegalChoice, match="No draw"):
        other.answer_draw(0, accept=True)  # Ann cannot accept her own offer
    session.act(0, "pledge:high")  # a move ends the offer
    assert store.load(saved.id).draw_offer is None
    with pytest.raises(IllegalChoice, match="two-player game between people"):
        new_game(store).offer_draw(0)
    with pytest.raises(IllegalChoice, match="two-player game between people"):
        new_game(store, ["Ann", "Bot"], ["human", "greedy"]).offer_draw(0)


def test_an_accepted_draw_ends_the_game_with_no_winner(store, toy_game):
    session = new_game(store, ["Ann", "Bruno"])
    session.offer_draw(1)
    session.answer_draw(0, accept=True)
    saved = store.load(session.record.id)
    assert saved.ending is not None and saved.ending.why == "draw" and saved.draw_offer is None
    assert saved.progress.startswith("ended: agreed draw; ")
    [record] = store.records.all()
    assert record.winners == [] and {p.outcome for p in record.players} == {"draw"}


@pytest.mark.parametrize("offer", [{"seat": 2, "at": 0, "when": ""}, {"seat": 0, "at": "0", "when": ""}, [0]])
def test_a_damaged_draw_offer_is_refused(store, toy_game, offer):
    data = record_to_dict(new_game(store, ["Ann", "Bruno"]).record)
    data["draw_offer"] = offer
    with pytest.raises(SaveFormatError, match="draw"):
        record_from_dict(data)


def test_an_export_from_before_a_concession_is_known_as_the_same_game_on_import(store, toy_game):
    from saves.store import SaveExists

    session = new_game(store)
    exported = store.export(session.record.id)
    session.concede(1)
    with pytest.raises(SaveExists):
        store.import_(exported)


def test_a_damaged_seat_change_and_a_lost_seat_are_said_in_the_readers_language(store, toy_game):
    from engine.core.text import Words, said_of
    from engine.i18n import language
    from saves.seats import HOST, Lease, SeatLeases

    japanese = Words([], language=language("ja"))
    session = new_game(store, ["Ann", "Bruno"])
    data = record_to_dict(store.load(session.record.id))
    data["seat_changes"] = [{"seat": 1, "kind": "normal", "why": "bored", "at": 0, "log": 0, "when": ""}]
    with pytest.raises(SaveFormatError) as refused:
        record_from_dict(data)
    assert japanese(said_of(refused.value)) == "席の交代0：'kind'が席▲Bを指すボットではありません"  # Bruno plays

    shared = SharedSession(GameSession.resume(store, session.record.id), [0], lambda: None)
    shared.start()
    try:
        leases = SeatLeases(store.data_dir, session.record.id)
        with leases.lock:
            taken = leases._read()
            taken.leases["0"] = Lease("another terminal", HOST, taken.leases["0"].pid, time.time())
            leases._write(taken)
        with pytest.raises(IllegalChoice) as lost:
            shared.act(0, "draw")
    finally:
        shared.stop()
    assert "ほかの端末に引き継がれました" in japanese(said_of(lost.value))
    assert japanese(shared.lost).endswith("ほかの端末に引き継がれました。この端末は今から観戦のみです")
    assert Words([])(shared.lost).endswith("was taken over by another terminal; this terminal now only watches")

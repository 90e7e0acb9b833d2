"""Each player's waiting file (saves/waiting.py): kept by every write of a save and every change
of a seat's owner, made from a listing when missing, set aside and made again when damaged, and
its doorbell rung when the games waiting for the player's move change."""

import select

from engine.core.text import Words
from saves import waiting as waiting_module
from saves.seats import SeatLeases
from saves.session import GameSession
from saves.store import Seat
from saves.waiting import WaitingFile, my_games_of, player_name
from saves.watch import PlayerDoorbell

ANN, BOB = "SHA256:ann", "SHA256:bob"


def two_humans(store, toy_game, title="game"):
    return GameSession.new(store, toy_game, title, [Seat("Ann", "human"), Seat("Bob", "human")], {"goal": 6}, seed=3)


def kept(store, identity):
    """The file's games as (id, seats, to_move, moves, title), by id."""
    games = WaitingFile(store.data_dir, identity).read()
    assert games is not None
    return {save_id: (seats, summary.to_move, summary.moves, summary.title)
            for save_id, (seats, _, summary) in games.items()}


def waiting(store, identity):
    return [game.summary.id for game in my_games_of(store, identity)[0] if game.my_move]


def rung(doorbell) -> bool:
    readable = select.select([doorbell.fd], [], [], 0)[0]
    doorbell.answer()
    return bool(readable)


def test_every_kind_of_write_keeps_the_local_players_file(store, toy_game):
    assert my_games_of(store, None) == ([], None)  # made (empty) from a listing
    session = two_humans(store, toy_game)
    save_id, dealt = session.record.id, len(session.record.actions)
    assert kept(store, None) == {save_id: ((0, 1), [0, 1], dealt, "game")}  # create
    session.act(0, "pledge:high")
    assert kept(store, None) == {save_id: ((0, 1), [1], dealt + 1, "game")}  # append
    store.truncate(save_id, dealt, progress="", to_move=[0, 1])
    assert kept(store, None)[save_id][1:3] == ([0, 1], dealt)  # truncate
    store.rename(save_id, "renamed")
    assert kept(store, None)[save_id][3] == "renamed"
    copy = store.import_(store.export(save_id), as_copy=True)
    assert set(kept(store, None)) == {save_id, copy.id}  # import
    store.delete(save_id)
    assert set(kept(store, None)) == {copy.id}  # delete
    bots = GameSession.new(store, toy_game, "bots", [Seat("R", "random"), Seat("G", "greedy")], {"goal": 6}, seed=3)
    bots.play_bots()
    assert set(kept(store, None)) == {copy.id}  # no human seat: nobody's game


def test_a_keys_file_follows_the_seats_it_owns(store, toy_game):
    game = two_humans(store, toy_game)
    save_id = game.record.id
    assert my_games_of(store, ANN) == ([], None) and my_games_of(store, BOB) == ([], None)
    SeatLeases(store.data_dir, save_id).acquire(0, "t1", identity=ANN)
    SeatLeases(store.data_dir, save_id).acquire(1, "t2", identity=BOB)
    assert kept(store, ANN)[save_id][:2] == ((0,), [0, 1]) and kept(store, BOB)[save_id][:2] == ((1,), [0, 1])
    game.act(0, "pledge:low")
    assert waiting(store, ANN) == [] and waiting(store, BOB) == [save_id]
    SeatLeases(store.data_dir, save_id).give_up(1, BOB)
    assert kept(store, BOB) == {} and set(kept(store, ANN)) == {save_id}
    SeatLeases(store.data_dir, save_id).claim_creator(ANN)
    SeatLeases(store.data_dir, save_id).release(0, "t1")
    SeatLeases(store.data_dir, save_id).free_for_others(0, ANN)  # the creator frees her own seat for others
    assert kept(store, ANN) == {}


def test_a_missing_file_is_made_from_a_listing_of_every_save(store, toy_game):
    game = two_humans(store, toy_game)
    SeatLeases(store.data_dir, game.record.id).acquire(1, "t", identity=BOB)  # no file yet: nothing to keep
    other = two_humans(store, toy_game, "other")
    other.act(0, "pledge:high")
    assert not WaitingFile(store.data_dir, BOB).path.exists()
    assert waiting(store, BOB) == [game.record.id]
    assert set(kept(store, BOB)) == {game.record.id}
    assert waiting(store, None) == [game.record.id, other.record.id]


def test_a_damaged_file_is_set_aside_said_and_made_again(store, toy_game):
    game = two_humans(store, toy_game)
    file = WaitingFile(store.data_dir, None)
    my_games_of(store, None)
    for damage in ('{"format": 1, "kind": "tabula-waiting", "player": null, "games": {"x": [[0], 1]}}',
                   "{not json", '{"format": 1, "kind": "tabula-waiting", "player": "SHA256:eve", "games": {}}'):
        file.path.write_text(damage)
        games, message = my_games_of(store, None)
        assert [mine.summary.id for mine in games] == [game.record.id]
        said = Words([])(message) if message is not None else ""
        assert "local.json could not be used" in said and "moved to" in said
        assert kept(store, None)[game.record.id][0] == (0, 1)
    assert len(list(store.layout.set_aside.glob("local.json.*"))) == 3
    file.path.write_text("{not json")
    game.act(0, "pledge:high")  # a write leaves a damaged file to its reader
    assert my_games_of(store, None)[0][0].summary.to_move == [1]


def test_the_players_doorbell_rings_when_the_games_waiting_for_them_change(store, toy_game):
    game = two_humans(store, toy_game)
    save_id = game.record.id
    leases = SeatLeases(store.data_dir, save_id)
    leases.acquire(0, "t1", identity=ANN)
    leases.acquire(1, "t2", identity=BOB)
    my_games_of(store, ANN)
    ann = PlayerDoorbell(store.data_dir, player_name(ANN) or "")
    try:
        game.act(0, "pledge:high")  # no longer Ann's move
        assert rung(ann)
        store.rename(save_id, "renamed")  # still not Ann's move: nobody is woken
        assert not rung(ann)
        game.act(1, "pledge:low")
        assert rung(ann) and waiting(store, ANN) == [save_id]
    finally:
        ann.close()


def test_a_player_with_too_many_games_for_one_file_has_none_and_is_listed_from_the_saves(store, toy_game,
                                                                                         monkeypatch):
    monkeypatch.setattr(waiting_module, "MOST_GAMES", 2)
    my_games_of(store, None)  # the file is made
    first, second = two_humans(store, toy_game), two_humans(store, toy_game)
    assert len(kept(store, None)) == 2
    third = two_humans(store, toy_game)  # one more than the file may hold: the file goes
    assert not WaitingFile(store.data_dir, None).path.exists()
    third.act(0, "pledge:high")
    assert not WaitingFile(store.data_dir, None).path.exists()  # nor is it made again by a write
    assert set(waiting(store, None)) == {first.record.id, second.record.id, third.record.id}
    assert not WaitingFile(store.data_dir, None).path.exists()  # nor by its reader

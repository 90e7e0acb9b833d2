"""``tabula saves seats GAME --to-bot SEAT``: the host hands a vanished player's seat to a bot."""

from saves.seats import SeatLeases
from saves.session import GameSession
from saves.store import SaveStore, Seat
from tui import cli


def two_humans(data_dir) -> str:
    store = SaveStore(data_dir)
    return GameSession.new(store, "toy", "Club game", [Seat("Ann", "human"), Seat("Bruno", "human")], seed=3).record.id


def test_the_host_hands_an_away_players_seat_to_the_bot_asked_for(capsys, data_dir, toy_game):
    game = two_humans(data_dir)
    assert cli.main(["saves", "seats", game, "--to-bot", "B", "--bot", "hard"]) == 0
    out = capsys.readouterr().out
    assert "Bruno's seat (▲B) of 'Club game' is played by the hard bot from now on" in out
    assert "▲B Bruno: hard bot since " in out and "(abandoned)" in out
    saved = SaveStore(data_dir).load(game)
    assert [seat.kind for seat in saved.seats] == ["human", "hard"]
    assert [(c.seat, c.why) for c in saved.seat_changes] == [(1, "abandoned")]


def test_a_seat_played_now_or_a_bots_seat_is_not_handed_on(capsys, data_dir, toy_game):
    game = two_humans(data_dir)
    leases = SeatLeases(data_dir, game)
    leases.acquire(0, "another terminal")
    try:
        assert cli.main(["saves", "seats", game, "--to-bot", "A"]) == 1
        assert "Ann is at the table now" in capsys.readouterr().err
    finally:
        leases.release(0, "another terminal")
    assert cli.main(["saves", "seats", game, "--to-bot", "B"]) == 0
    assert cli.main(["saves", "seats", game, "--to-bot", "B"]) == 1
    assert "is not a human's seat" in capsys.readouterr().err
    assert [seat.kind for seat in SaveStore(data_dir).load(game).seats] == ["human", "normal"]

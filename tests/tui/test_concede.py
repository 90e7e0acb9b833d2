"""Pilot tests of the stalled and lost games: conceding (ctrl+g, or the palette) and handing a
vanished player's seat to a bot (the palette), with the toy game; the save, the table, the end
screen and the play records are checked as a player would find them."""

from __future__ import annotations

from saves.seats import SeatLeases
from saves.session import GameSession
from saves.shared import SharedSession
from saves.store import SaveStore
from tests.tui.helpers import make_app, new_save, open_first_save, pilot_test, settle, text_of, until
from tui.screens.end import EndScreen
from tui.screens.table import TableScreen
from tui.table.lines import seat_title
from tui.widgets.dialogs import ChoiceDialog, ConfirmDialog

THREE_HUMANS = [("Ann", "human"), ("Bruno", "human"), ("Cleo", "human")]
TWO_HUMANS = [("Ann", "human"), ("Bruno", "human")]


def log_text(table) -> str:
    """The side log's text, its wrapped lines joined again."""
    return " ".join(" ".join(line.text for line in table.query_one("#log").lines).split())


async def past_the_curtain(pilot) -> TableScreen:
    table = pilot.app.screen
    assert isinstance(table, TableScreen)
    if table.curtain_up:
        await pilot.press("enter")
        await settle(pilot)
    return table


async def asked_to_concede(pilot) -> ConfirmDialog:
    """Press ctrl+g: the confirmation it opens."""
    await pilot.press("ctrl+g")
    await settle(pilot)
    dialog = pilot.app.screen
    assert isinstance(dialog, ConfirmDialog)
    return dialog


@pilot_test
async def test_ctrl_g_asks_first_then_the_seat_concedes_and_a_normal_bot_plays_it_on(toy, tmp_path):
    save_id = new_save(tmp_path, "toy", THREE_HUMANS).record.id
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_first_save(pilot)
        table = await past_the_curtain(pilot)
        assert table.state.viewer == 0
        dialog = await asked_to_concede(pilot)
        assert "Concede as ●A Ann? You are placed last. A Normal bot plays the seat on" in dialog.question
        await pilot.press("n")  # not conceded: nothing changes
        await settle(pilot)
        assert SaveStore(tmp_path).load(save_id).seats[0].kind == "human"

        await asked_to_concede(pilot)
        await pilot.press("y")
        await until(pilot, lambda: table.state.kinds[0] == "normal" and 0 not in table.state.awaiting)
        saved = SaveStore(tmp_path).load(save_id)
        assert [seat.kind for seat in saved.seats] == ["normal", "human", "human"]
        assert [(c.seat, c.kind, c.why) for c in saved.seat_changes] == [(0, "normal", "conceded")]
        assert saved.status == "active" and saved.ending is None
        assert table.state.humans == [1, 2]  # this terminal plays on for Bruno and Cleo
        assert SeatLeases(tmp_path, save_id).holder_of(0) is None
        await past_the_curtain(pilot)  # Bruno's turn now: the device passes to him
        assert table.state.viewer == 1
        assert f"Ann conceded; a Normal bot plays ●A from move {saved.seat_changes[0].at + 1}" in log_text(table)
        assert seat_title(table.state, 0) == "●A Ann (normal bot)"


@pilot_test
async def test_conceding_leaves_one_human_so_the_game_ends_the_last_human_wins_and_the_records_say_so(toy, tmp_path):
    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_first_save(pilot)
        await past_the_curtain(pilot)
        dialog = await asked_to_concede(pilot)
        assert "The game ends here: the last player in it wins." in dialog.question
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        assert text_of(app.screen.query_one("#winners")) == "★ Winner: ▲B Bruno (●A Ann conceded, placed last)"
        assert "Ann conceded" in text_of(app.screen.query_one("#ending"))
    store = SaveStore(tmp_path)
    saved = store.load(save_id)
    assert saved.status == "finished" and saved.ending is not None and saved.ending.why == "conceded"
    assert saved.progress.startswith("ended: Ann conceded")
    [record] = store.records.all()
    assert [(p.name, p.winner, p.outcome, p.bot) for p in record.players] == [
        ("Ann", False, "conceded", ""), ("Bruno", True, "", "")]


@pilot_test
async def test_the_palette_hands_an_away_players_seat_to_a_bot_that_plays_it_at_once(toy, tmp_path):
    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    app = make_app(tmp_path, join=(save_id, 0))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.state.humans == [0]
        await pilot.press("1")  # Ann pledges; Bruno, away, is awaited
        await settle(pilot)
        assert table.state.awaiting == [1]
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"hand a seat")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert dialog.choices == [("1", "▲B Bruno: a Normal bot plays it from now on")]
        await pilot.press("enter")
        await until(pilot, lambda: table.state.kinds[1] == "normal" and 1 not in table.state.awaiting)
        saved = SaveStore(tmp_path).load(save_id)
        assert [(c.seat, c.kind, c.why) for c in saved.seat_changes] == [(1, "normal", "abandoned")]
        assert any(action["a"] == 1 for action in saved.actions)  # Bruno's bot moved
        assert f"Bruno left the game; a Normal bot plays ▲B from move {saved.seat_changes[0].at + 1}" \
            in log_text(table)
        assert table.state.humans == [0] and not table.state.finished


async def palette(pilot, command: str) -> None:
    await pilot.press("ctrl+p")
    await settle(pilot)
    await pilot.press(*command)
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)


def other_terminal(data_dir, save_id: str, seat: int) -> SharedSession:
    shared = SharedSession(GameSession.resume(SaveStore(data_dir), save_id), [seat], lambda: None)
    shared.start()
    return shared


@pilot_test
async def test_a_draw_offered_at_another_terminal_is_accepted_through_the_palette_and_ends_the_game(toy, tmp_path):
    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    app = make_app(tmp_path, join=(save_id, 0))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        table = app.screen
        bruno = other_terminal(tmp_path, save_id, 1)
        try:
            bruno.offer_draw(1)
            await until(pilot, lambda: table.state.draw_offered == 1)
            assert "▲B Bruno offers a draw: Ctrl+P, then Accept the draw" in text_of(table.query_one("#prompt"))
            await palette(pilot, "accept the draw")
            assert isinstance(app.screen, ConfirmDialog)
            await pilot.press("y")
            await until(pilot, lambda: isinstance(app.screen, EndScreen))
        finally:
            bruno.stop()
        assert text_of(app.screen.query_one("#winners")) == "Ended in an agreed draw"
    store = SaveStore(tmp_path)
    saved = store.load(save_id)
    assert saved.status == "finished" and saved.ending is not None and saved.ending.why == "draw"
    [record] = store.records.all()
    assert [(p.name, p.winner, p.outcome) for p in record.players] == [("Ann", False, "draw"), ("Bruno", False, "draw")]


@pilot_test
async def test_a_draw_offered_through_the_palette_is_declined_elsewhere_and_play_goes_on(toy, tmp_path):
    save_id = new_save(tmp_path, "toy", TWO_HUMANS).record.id
    app = make_app(tmp_path, join=(save_id, 0))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        table = app.screen
        await palette(pilot, "offer a draw")
        await until(pilot, lambda: table.state.draw_offered == 0)
        assert SaveStore(tmp_path).load(save_id).draw_offer.seat == 0
        assert "●A Ann offers a draw; waiting for the answer" in text_of(table.query_one("#prompt"))
        bruno = other_terminal(tmp_path, save_id, 1)
        try:
            bruno.answer_draw(1, accept=False)
            await until(pilot, lambda: table.state.draw_offered is None)
        finally:
            bruno.stop()
        assert SaveStore(tmp_path).load(save_id).draw_offer is None
        assert "offers a draw" not in text_of(table.query_one("#prompt"))
        await pilot.press("1")  # play goes on
        await settle(pilot)
        assert not table.state.finished


@pilot_test
async def test_a_game_its_players_ended_replays_from_every_view_as_a_finished_game_does(toy, tmp_path):
    from tui.screens.replay import ReplayScreen

    session = new_save(tmp_path, "toy", TWO_HUMANS)
    session.concede(0)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.finished and screen.views == [None, 0, 1]  # and its seed is shown

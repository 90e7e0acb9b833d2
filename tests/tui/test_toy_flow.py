"""Pilot tests of the generic table with the toy game (tests/toygame.py) as a test double."""

from __future__ import annotations

from saves.store import SaveStore
from tests.tui.helpers import TWO_HUMANS, make_app, new_save, open_first_save, pilot_test, settle, text_of
from tui.screens.end import EndScreen
from tui.screens.help import HelpScreen
from tui.screens.home import HomeScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.resume import ResumeScreen
from tui.screens.table import TableScreen
from tui.screens.too_small import TooSmallScreen


async def play_to_end(pilot, limit: int = 200) -> None:
    """Lift curtains with Enter and take the first choice with '1' until the game is over."""
    app = pilot.app
    for _ in range(limit):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, EndScreen):
            return
        assert isinstance(screen, TableScreen)
        await pilot.press("enter" if screen.curtain_up else "1")
    raise AssertionError("the game did not end")


@pilot_test
async def test_new_game_through_the_form_and_play_to_the_end(toy, tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        # Seat B becomes a human: Tab to its kind, open the list, go up to "Human".
        await pilot.press("tab", "tab", "tab", "tab", "tab", "enter", "up", "up", "enter")
        # past the four options and the title
        await pilot.press("tab", "tab", "tab", "tab", "tab", "tab", *"42", "enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        await play_to_end(pilot)
        sheet = text_of(app.screen.query_one("#sheet"))
        assert "●A Alice" in sheet and "▲B Bruno" in sheet and "Total" in sheet
        winners = text_of(app.screen.query_one("#winners"))
        assert "Winner" in winners or "Shared win" in winners
        await pilot.press("enter")
        assert isinstance(app.screen, HomeScreen)
    [record] = SaveStore(tmp_path).summaries()
    assert record.seed == 42 and [s.kind for s in record.seats] == ["human", "human"]
    assert record.status == "finished" and record.title == "Toy: Alice vs Bruno"


@pilot_test
async def test_curtain_hides_the_private_panel_until_enter(toy, tmp_path):
    session = new_save(tmp_path, "toy", TWO_HUMANS)
    bruno_hand = " ".join(str(c) for c in session.match.state["hands"][1])
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        assert table.curtain_up and "●A Alice" in text_of(table.query_one("#curtain"))
        await pilot.press("1")  # swallowed while the curtain is up
        await settle(pilot)
        assert len(table.session.match.actions) == len(session.match.actions)
        await pilot.press("enter")
        await settle(pilot)
        assert not table.curtain_up
        assert table.query_one("#private").border_title == "Private — ●A Alice"
        await pilot.press("1")  # Alice pledges; Bruno must pledge next
        await settle(pilot)
        assert table.curtain_up and "▲B Bruno" in text_of(table.query_one("#curtain"))
        assert not table.query_one("#table-body").display
        assert text_of(table.query_one("#private")) == ""
        await pilot.press("enter")
        await settle(pilot)
        assert not table.curtain_up
        assert table.query_one("#private").border_title == "Private — ▲B Bruno"
        assert text_of(table.query_one("#private")) == f"Hand: {bruno_hand}"


@pilot_test
async def test_one_human_never_sees_a_curtain_and_bots_play(toy, tmp_path):
    new_save(tmp_path, "toy", [("Alice", "human"), ("Bruno", "greedy")])
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("enter")
        for _ in range(100):
            await settle(pilot)
            if isinstance(app.screen, EndScreen):
                break
            assert not app.screen.curtain_up
            assert app.screen.state.viewer == 0
            await pilot.press("1")
        assert isinstance(app.screen, EndScreen)


@pilot_test
async def test_bots_only_is_a_spectator_view_to_the_end(toy, tmp_path):
    new_save(tmp_path, "toy", [("Rob", "random"), ("Greta", "greedy")])
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        assert isinstance(app.screen, EndScreen)
    assert SaveStore(tmp_path).summaries()[0].status == "finished"


@pilot_test
async def test_undo_takes_back_the_last_own_action(toy, tmp_path):
    session = new_save(tmp_path, "toy", TWO_HUMANS)
    session.act(0, "pledge:low")
    session.act(1, "pledge:low")
    before = len(session.match.actions)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        await pilot.press("enter")  # Alice's curtain
        await settle(pilot)
        assert not table.state.can_undo  # the last action was Bruno's
        await pilot.press("u")
        await settle(pilot)
        assert len(table.session.match.actions) == before
        hand = text_of(table.query_one("#private"))
        await pilot.press("1")  # play a card: still Alice's turn
        await settle(pilot)
        assert table.state.can_undo and text_of(table.query_one("#private")) != hand
        await pilot.press("u")
        await settle(pilot)
        assert len(table.session.match.actions) == before
        assert text_of(table.query_one("#private")) == hand
    assert len(SaveStore(tmp_path).load(session.record.id).actions) == before


@pilot_test
async def test_resume_rename_and_delete_with_confirmation(toy, tmp_path):
    first = new_save(tmp_path, "toy", TWO_HUMANS, title="First")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        await pilot.press("r", *"Renamed", "enter")
        await settle(pilot)
        # the old title is selected, typing replaces it
        assert SaveStore(tmp_path).load(first.record.id).title == "Renamed"
        await pilot.press("d", "n")
        await settle(pilot)
        assert len(SaveStore(tmp_path).summaries()) == 1
        await pilot.press("d", "y")
        await settle(pilot)
        assert SaveStore(tmp_path).summaries() == []
        assert not app.screen.query_one("#saves").display


@pilot_test
async def test_too_small_gate_swallows_keys_and_quit_still_works(toy, tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "need 80x24, this one is 70x20" in text_of(app.screen.query_one("#too-small"))
        await pilot.press("n", "f1", "r")
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(75, 22)
        assert "this one is 75x22" in text_of(app.screen.query_one("#too-small"))
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await pilot.resize_terminal(79, 24)
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0 and not app.is_running


@pilot_test
async def test_f1_opens_help_at_the_decision_topic(toy, tmp_path):
    new_save(tmp_path, "toy", [("Alice", "human"), ("Bruno", "random")])
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        assert app.screen.state.view["topic"] == "pledge"
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.shown_topic == "pledge"
        await pilot.press("down")
        await pilot.pause()
        assert app.screen.shown_topic == "turn"
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)


@pilot_test
async def test_set_aside_files_are_shown_on_home(toy, tmp_path):
    games = tmp_path / "games"
    games.mkdir(parents=True)
    (games / "broken.json").write_text("{not json")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        notice = app.screen.query_one("#problems")
        assert notice.display and "broken.json could not be used" in text_of(notice)


@pilot_test
async def test_f1_in_the_new_game_form_opens_the_rules_of_the_game_chosen(toy, tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen) and app.screen.game_id == "toy"

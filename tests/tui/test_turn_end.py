"""Pilot tests at 80x24: confirming (or undoing) the end of a turn, `u` saying why nothing can
be undone, the remembered settings (turn bell, who confirms, forced moves made at once)."""

from __future__ import annotations

from saves.session import GameSession
from saves.store import SaveStore
from tests.tui.helpers import (
    make_app,
    new_save,
    open_first_save,
    pilot_test,
    press_choice,
    settle,
    text_of,
)
from tui.compat import notifications
from tui.screens.settings import SettingsScreen
from tui.screens.table import TableScreen

ALICE_AND_BOT = [("Alice", "human"), ("Bruno", "greedy")]


async def play_until_turn_end(pilot, table: TableScreen) -> None:
    """Press 1 until the table asks Alice to confirm the end of her turn."""
    for _ in range(20):
        if table.state.confirming:
            return
        await pilot.press("1")
        await settle(pilot, rounds=2)
    raise AssertionError("the turn never came to its end")


def choice_labels(table: TableScreen) -> list[str]:
    return [choice.label for choice in table.query_one("#choices").choices]


@pilot_test
async def test_a_turn_end_waits_for_its_confirmation_and_can_be_undone(tmp_path):
    session = new_save(tmp_path, "almadi", ALICE_AND_BOT, seed=3)
    app = make_app(tmp_path, confirm_turn_ends=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        await play_until_turn_end(pilot, table)
        held = len(table.session.match.actions)
        assert table.session.match.held == 0 and table.state.awaiting == [0]
        assert "End of turn" in text_of(table.query_one("#prompt"))
        assert choice_labels(table) == ["Confirm: end my turn", "Undo my last move (u)", "Confirm, and stop asking me"]
        assert table.query_one("#choices").display and table.query_one("#choices").region.bottom <= 24
        assert "you did: Alice" in " ".join(text_of(table.query_one("#choice-detail")).split())
        await pilot.pause(0.1)
        assert len(table.session.match.actions) == held  # the bot waits too

        await pilot.press("2")  # undo: the last step of the turn is offered again
        await settle(pilot)
        assert not table.state.confirming and len(table.session.match.actions) == held - 1
        assert table.state.choices and table.state.viewer == 0

        await play_until_turn_end(pilot, table)
        bells = []
        app.bell = lambda: bells.append(True)
        await pilot.press("1")  # confirm: the bot plays, and the turn comes back with the bell
        await settle(pilot)
        match = table.session.match
        assert match.held is None and any(action.actor == 1 for action in match.actions[held:])
        assert table.state.choices and table.state.viewer == 0 and bells
    saved = SaveStore(tmp_path).load(session.record.id)
    assert not any(action.get("h") for action in saved.actions)


@pilot_test
async def test_u_says_why_nothing_can_be_undone(tmp_path):
    new_save(tmp_path, "almadi", ALICE_AND_BOT, seed=3)
    app = make_app(tmp_path, confirm_turn_ends=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        actions = len(table.session.match.actions)
        await pilot.press("u")
        await settle(pilot)
        notice = notifications(app)[-1]
        assert notice.title == "Nothing to undo" and "no move to take back" in notice.message
        assert app.screen is table and len(table.session.match.actions) == actions


@pilot_test
async def test_confirm_and_stop_asking_is_remembered(tmp_path):
    new_save(tmp_path, "almadi", ALICE_AND_BOT, seed=3)
    app = make_app(tmp_path, confirm_turn_ends=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        await play_until_turn_end(pilot, table)
        await pilot.press("3")
        await settle(pilot)
        assert not SaveStore(tmp_path).settings().confirms("Alice")
        assert table.state.choices and not table.state.confirming
        turns = sum(action.actor == 1 for action in table.session.match.actions)
        for _ in range(10):  # the next turn ends without asking: the bot plays at once
            await pilot.press("1")
            await settle(pilot, rounds=2)
            assert not table.state.confirming
        assert sum(action.actor == 1 for action in table.session.match.actions) > turns

        await pilot.press("o")  # the table's settings turn it back on
        await settle(pilot)
        assert isinstance(app.screen, SettingsScreen)
        rows = [str(option.prompt) for option in app.screen.query_one("#settings").options]
        assert rows[1].startswith("2 Confirm each turn end, Alice: off")
        await pilot.press("2")
        await settle(pilot)
        assert SaveStore(tmp_path).settings().confirms("Alice")
        await pilot.press("escape")
        assert app.screen is table


@pilot_test
async def test_the_turn_bell_is_on_by_default_and_its_setting_is_remembered(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert SaveStore(tmp_path).settings().bell
        await pilot.press("o")
        await settle(pilot)
        rows = [str(option.prompt) for option in app.screen.query_one("#settings").options]
        assert rows[0].startswith("1 Turn bell: on")
        await pilot.press("enter")
        await settle(pilot)
        assert "Turn bell: off" in str(app.screen.query_one("#settings").get_option_at_index(0).prompt)
        await pilot.press("escape")
    assert not SaveStore(tmp_path).settings().bell
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await settle(pilot)
        assert "Turn bell: off" in str(app.screen.query_one("#settings").get_option_at_index(0).prompt)


def advance(session, moves: int) -> None:
    """Play each seat's first legal choice ``moves`` times."""
    for _ in range(moves):
        seat = session.match.awaiting()[0]
        session.act(seat, session.match.legal(seat)[0].id)


@pilot_test
async def test_choices_past_nine_have_keys_on_the_list_and_on_the_map(tmp_path):
    session = new_save(tmp_path, "thebai", [("Alice", "human"), ("Bruno", "greedy")], seed=1)
    advance(session, 5)
    choices = session.match.labelled(0)
    assert len(choices) > 10 and choices[9].target
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        lines = [str(option.prompt) for option in table.query_one("#choices").options]
        assert [line[0] for line in lines[:12]] == list("123456789efg")
        from tui.boards.base import Frame

        drawn = [panel.draw(table.state.view, Frame(200, 0)) for panel in table.panels if not panel.legend]
        board = "\n".join(text_of_renderable(part) for part in drawn if part is not None)
        assert "[e]" in board and "[+]" not in board
        await pilot.press("e")
        await settle(pilot)
        assert table.session.match.actions[len(session.match.actions)].choice == choices[9].id


def text_of_renderable(renderable) -> str:
    import io

    from rich.console import Console

    console = Console(width=200, record=True, file=io.StringIO(), color_system=None)
    console.print(renderable)
    return console.export_text()


@pilot_test
async def test_escape_cancels_a_step_under_way_before_it_goes_home(tmp_path):
    new_save(tmp_path, "almadi", ALICE_AND_BOT, seed=3)
    app = make_app(tmp_path, confirm_turn_ends=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        start = len(table.session.match.actions)
        await pilot.press("1")  # a landscape is taken: its placement is being chosen
        await settle(pilot)
        assert len(table.session.match.actions) == start + 1
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is table and len(table.session.match.actions) == start
        assert table.state.view["topic"] != "placement"
        await play_until_turn_end(pilot, table)
        await pilot.press("escape")  # the turn end waiting for its confirmation is cancelled too
        await settle(pilot)
        assert app.screen is table and not table.state.confirming
        while table.state.can_undo:
            await pilot.press("escape")
            await settle(pilot)
        assert app.screen is table
        await pilot.press("escape")  # a resting table: home
        await settle(pilot)
        assert not isinstance(app.screen, TableScreen)


@pilot_test
async def test_the_log_marks_what_the_others_did_and_l_opens_the_whole_log(tmp_path):
    from tui.screens.log import LogScreen

    new_save(tmp_path, "almadi", [("Alice", "human"), ("Bruno", "greedy"), ("Carla", "greedy")], seed=3)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        mine = len(table.session.match.actions)
        while not any(action.actor == 2 for action in table.session.match.actions[mine:]):
            await pilot.press("1")
            await settle(pilot, rounds=2)
        new = table.state.view["log_new"]
        log = table.query_one("#log")
        assert new > 0 and log.border_title == f"Log · {new} new (l: all)"
        assert log.scrollable_content_region.height >= 4 and log.region.bottom <= 23  # above the footer
        shown = [strip.text for strip in log.lines]
        assert shown[-1].strip() and any(line.startswith("▸ ") for line in shown)
        last_bot_line = [line for line in table.state.view["log"] if line.startswith("Carla")][-1]
        assert any(last_bot_line[:20] in line for line in shown)

        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LogScreen)
        full = [strip.text for strip in app.screen.query_one("#full-log").lines]
        assert sum(line.startswith("▸ ") for line in full) >= new
        assert any(line.startswith("  ") for line in full)
        await pilot.press("escape")
        assert app.screen is table


def log_lines(widget) -> list[str]:
    return [strip.text for strip in widget.lines]


@pilot_test
async def test_a_replay_steps_both_ways_and_shows_each_view_only_what_it_saw(tmp_path):
    from engine.core.replay import replay_of
    from engine.registry import rules_for
    from tui.screens.replay import ReplayScreen

    session = new_save(tmp_path, "pantheon", [("Alice", "human"), ("Bruno", "human")], seed=4)
    advance(session, 12)
    record = session.record
    replay = replay_of(rules_for("pantheon"), ["Alice", "Bruno"], record.options, record.seed, record.actions)
    secret = next((position, line) for position in range(3, replay.last + 1)
                  for line in replay.view(position, 0)["log"] if line not in replay.view(position, 1)["log"])
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.replay.last == replay.last
        status = text_of(screen.query_one("#status"))
        assert "move 0 of" in status and "spectator" in status
        for _ in range(secret[0]):
            await pilot.press("right")
        await pilot.press("right", "left")  # one on, one back
        await settle(pilot)
        assert screen.position == secret[0] and f"move {secret[0]} of" in text_of(screen.query_one("#status"))
        assert not screen.query_one("#replay-private").display  # a spectator has no hand
        assert secret[1] not in "\n".join(log_lines(screen.query_one("#log")))

        await pilot.press("w")  # Alice's view: her secret, her hand
        await settle(pilot)
        private = screen.query_one("#replay-private")
        assert private.display and "Alice" in str(private.border_title)
        shown = " ".join(line.strip() for line in log_lines(screen.query_one("#log")))
        assert secret[1][:20] in shown

        await pilot.press("w")  # Bruno's: not hers
        await settle(pilot)
        assert "Bruno" in str(screen.query_one("#replay-private").border_title)
        assert secret[1] not in "\n".join(log_lines(screen.query_one("#log")))

        await pilot.press("end")
        assert screen.position == replay.last
        await pilot.press("left_square_bracket")
        assert screen.position == max(chapter.position for chapter in replay.chapters if chapter.position < replay.last)
        await pilot.press("home")
        assert screen.position == 0
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, ReplayScreen)


async def turn_forced_moves_on(pilot, name: str) -> None:
    """``o``, then the number of the row that makes ``name``'s forced moves at once."""
    await pilot.press("o")
    await settle(pilot)
    rows = [str(option.prompt) for option in pilot.app.screen.query_one("#settings").options]
    row = next(row for row in rows if f"Make forced moves at once, {name}: off" in row)
    await pilot.press(row.split()[0])
    await settle(pilot)
    assert SaveStore(pilot.app.store.data_dir).settings().takes_forced(name)
    await pilot.press("escape")


async def play_the_hand_out(pilot, table: TableScreen) -> None:
    """Alice peeks, then plays her cards by their keys, until only ending the turn is left (or it was made)."""
    for _ in range(12):
        ids = [choice.id for choice in table.state.choices]
        if ids == ["end"] or table.state.confirming or any(action.forced for action in table.session.match.actions):
            return
        if not ids:  # Bruno's turn first
            await pilot.pause(0.1)
            await settle(pilot)
            continue
        await press_choice(pilot, table, "peek" if "peek" in ids else next(i for i in ids if i.startswith("play:")),
                           rounds=2)
    raise AssertionError("the hand was not played out")


@pilot_test
async def test_a_forced_move_is_made_at_once_for_a_player_who_asked_and_the_log_says_so(toy, tmp_path):
    session = new_save(tmp_path, "toy", [("Alice", "human"), ("Bruno", "random")], seed=5)
    app = make_app(tmp_path, confirm_turn_ends=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        await turn_forced_moves_on(pilot, "Alice")
        await press_choice(pilot, table, "pledge:high", rounds=2)
        await play_the_hand_out(pilot, table)
        await settle(pilot)
        match = table.session.match
        [forced] = [action for action in match.actions if action.forced]
        assert (forced.actor, forced.choice) == (0, "end")
        assert any(action.actor == 1 for action in match.actions[match.actions.index(forced):])  # Bruno played on
        log = " ".join(" ".join(log_lines(table.query_one("#log"))).split())
        assert "Alice: End the turn (forced: the only choice)" in log
    saved = SaveStore(tmp_path).load(session.record.id)
    assert [action for action in saved.actions if action.get("f")] == [{"a": 0, "c": "end", "f": True}]
    again = GameSession.resume(SaveStore(tmp_path), session.record.id).match
    assert "Alice: End the turn (forced: the only choice)" in again.log_lines(0)
    assert not any("forced" in line for line in again.log_lines(1))  # the line is Alice's own


@pilot_test
async def test_a_forced_move_undone_waits_for_its_player(toy, tmp_path):
    """Confirming turn ends, the forced move waits to be confirmed; undone, it is offered again
    and not made again on its own: the player takes it with its key."""
    new_save(tmp_path, "toy", [("Alice", "human"), ("Bruno", "random")], seed=5)
    app = make_app(tmp_path, confirm_turn_ends=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        await turn_forced_moves_on(pilot, "Alice")
        await press_choice(pilot, table, "pledge:high", rounds=2)
        await play_the_hand_out(pilot, table)
        await settle(pilot)
        match = table.session.match
        assert table.state.confirming and match.actions[-1].forced
        made = len(match.actions)
        await pilot.press("2")  # undo
        await settle(pilot)
        await pilot.pause(0.2)
        await settle(pilot)
        assert len(table.session.match.actions) == made - 1
        assert [choice.id for choice in table.state.choices] == ["end"] and not table.state.confirming
        await pilot.press("1")
        await settle(pilot)
        last = table.session.match.actions[-1]
        assert last.choice == "end" and not last.forced and table.state.confirming


@pilot_test
async def test_the_confirmation_names_the_players_own_moves_of_the_turn_not_the_last_log_line(tmp_path):
    """A Thebai turn ends, and the game writes on (the next player's estate refresh): "you did"
    lists Alice's own moves of the turn, in the order she made them."""
    new_save(tmp_path, "thebai", ALICE_AND_BOT, seed=3)
    app = make_app(tmp_path, confirm_turn_ends=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        for _ in range(15):
            await play_until_turn_end(pilot, table)
            log = table.state.view["log"]
            if log[-1].startswith("Bruno"):
                break
            await pilot.press("1")
            await settle(pilot)
        else:
            raise AssertionError("no turn end of Alice's was followed by a line of Bruno's")
        match = table.session.match
        turn_log = log[len(log) - table.state.view["log_new"]:]
        done = table.query_one("#choices").choices[0].hint
        assert done.startswith("you did: Alice ") and log[-1] not in done
        moves = done.removeprefix("you did: ").split("; ")
        assert all(move.startswith("Alice") for move in moves)
        assert [line for line in turn_log if line in moves] == moves  # each her move's line, in order
        own_moves = [a for a in match.actions[match.turn_start(0):] if a.actor == 0]
        assert 1 < len(moves) <= len(own_moves)
        detail = " ".join(text_of(table.query_one("#choice-detail")).split())
        assert detail.startswith(f"Confirm: end my turn — you did: {moves[0]}"[:60])

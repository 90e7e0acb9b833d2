"""Pilot tests playing the real Polis through the keyboard."""

from __future__ import annotations

import re

from engine.core.bots import GreedyBot
from engine.polis.catalog import catalog
from saves.store import SaveStore
from tests.tui.helpers import TWO_HUMANS, make_app, new_save, open_first_save, pilot_test, press_choice, settle, text_of
from tui.choice_keys import CHOICE_KEYS, NEXT_PAGE, PREVIOUS_PAGE
from tui.screens.end import EndScreen
from tui.screens.home import HomeScreen
from tui.screens.table import TableScreen


@pilot_test
async def test_a_whole_game_against_a_greedy_sparta_through_the_keyboard(tmp_path):
    """Athens (a human here) plays the greedy bot's moves by their keys; the game runs to its end."""
    new_save(tmp_path, "polis", [("Alice", "human"), ("Bruno", "greedy")], seed=6)
    app = make_app(tmp_path)
    advisor = GreedyBot(1)
    topics = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.state.humans == [0]
        for _ in range(600):
            if isinstance(app.screen, EndScreen):
                break
            if not table.state.choices:
                await settle(pilot, rounds=1)
                continue
            topic = table.state.view["topic"]
            topics.add(topic)
            if topic in ("growth", "tax"):
                assert table.focused_view == "player:0", "the round end shows Athens' mat"
            choice = advisor.choose(table.session.match, 0)
            await press_choice(pilot, table, choice.id)
        end = app.screen
        assert isinstance(end, EndScreen)
        sheet = text_of(end.query_one("#sheet"))
        for word in ("Population", "Prestige", "Projects", "●A Alice", "▲B Bruno"):
            assert word in sheet
        await pilot.press("enter")
        assert isinstance(app.screen, HomeScreen)
    assert {"turn", "growth"} <= topics
    [record] = SaveStore(tmp_path).summaries()
    match = table.session.match
    assert record.status == "finished" and record.moves == len(match.actions)
    # It ends with round 4 (a side may also have starved at that round end: it only gives up cities).
    assert match.state["round"] == 4 and "round 4 is over" in match.state["end"]


@pilot_test
async def test_a_move_from_two_origins_by_keys_and_the_map_marks_each_key(tmp_path):
    session = new_save(tmp_path, "polis", [("Alice", "greedy"), ("Bruno", "human")], seed=2)
    session.play_bots()
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        await press_choice(pilot, table, "act:move-hoplites")
        ids = [c.id for c in table.state.choices]
        assert "to:arkadia" in ids
        lines = text_of(table.query_one("#shared")).splitlines()
        row = next(n for n, line in enumerate(lines) if "ARK" in line)
        column = lines[row].index("ARK")
        assert lines[row - 1][column] == str(ids.index("to:arkadia") + 1), "the key sits on Arkadia's box"
        await press_choice(pilot, table, "to:arkadia")
        await press_choice(pilot, table, "from:lakedaemon")
        await press_choice(pilot, table, "from:messenia")
        await press_choice(pilot, table, "done")
        state = table.session.match.state
        assert state["units"]["arkadia"][1] == 2


@pilot_test
async def test_each_mark_on_the_map_has_one_meaning_and_the_legend_names_it(tmp_path):
    """A polis with a completed project that a choice acts on (at 80x24 in the list of poleis):
    its key before the name, '+' before the project, and the legend says what each means."""
    from engine.core.bots import RandomBot
    from engine.polis.targets import AtPolis
    from tui.choice_keys import choice_key

    session, bot = new_save(tmp_path, "polis", TWO_HUMANS, seed=1), RandomBot(0)
    while True:
        seat = session.match.awaiting()[0]
        view = session.match.view(seat)
        built = [polis for polis, tiles in view["built"].items() if tiles and polis not in view["building"]]
        targets = [c.target for c in view["choices"]]
        if any(AtPolis(polis) in targets for polis in built):
            break
        session.act(seat, bot.choose(session.match, seat).id)
    polis = next(polis for polis in built if AtPolis(polis) in targets)
    key = choice_key(targets.index(AtPolis(polis)) + 1)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        board = text_of(app.screen.query_one("#shared"))
    cat = catalog()
    legend = " ".join(board.split())
    project = cat.name(view["built"][polis][0])
    assert re.search(rf"· {key} {cat.poleis[polis]['name']} \d+/\d+ f\d \w+ \+{project}", legend)
    assert "1 your choices' keys" in legend and "+ projects done" in legend
    assert "+" not in CHOICE_KEYS + NEXT_PAGE + PREVIOUS_PAGE


@pilot_test
async def test_the_end_screen_says_why_the_game_ended_early_and_l_opens_the_whole_log(tmp_path):
    from tui.screens.log import LogScreen

    session = new_save(tmp_path, "polis", [("Alice", "random"), ("Bruno", "random")], seed=1)
    session.play_bots()
    assert session.match.state["round"] == 2  # of 4: the game ended early
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        end = app.screen
        assert isinstance(end, EndScreen)
        assert "The game ends: a side could not feed its citizens" in text_of(end.query_one("#ending"))
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LogScreen)
        assert app.screen.lines == list(end.state.view["log"])
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)


def list_lines(table) -> list[str]:
    """The lines of the choice list as it holds them (scrolled into sight or not)."""
    choices = table.query_one("#choices")
    return [choices.get_option_at_index(index).prompt.plain for index in range(choices.option_count)]


@pilot_test
async def test_pass_and_end_the_turn_keep_the_key_0_however_many_actions_are_offered(tmp_path):
    """Each turn offers another number of actions before Pass (or End the turn): it is always
    `0`, shown last, and `0` takes it."""
    new_save(tmp_path, "polis", TWO_HUMANS, seed=6)
    app = make_app(tmp_path)
    advisor = GreedyBot(0)
    seen: dict[str, set[int]] = {"Pass": set(), "End the turn": set()}
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        for _ in range(200):
            if table.state.view["topic"] == "turn":
                lines = list_lines(table)
                standing = next(label for label in seen if lines[-1].startswith(f"0 {label}"))
                seen[standing].add(len(lines))
                assert not any(line.startswith("0 ") for line in lines[:-1])
                if all(len(counts) > 1 for counts in seen.values()):
                    break
                if standing == "End the turn":
                    ended = len(table.session.match.actions)
                    await pilot.press("0")
                    await settle(pilot, rounds=1)
                    assert table.session.match.actions[ended].choice == "end"
                    continue
            seat = table.state.viewer
            await press_choice(pilot, table, advisor.choose(table.session.match, seat).id)
        else:
            raise AssertionError(f"not seen at several lengths: {seen}")
        made = len(table.session.match.actions)
        await pilot.press("0")
        await settle(pilot, rounds=1)
        assert table.session.match.actions[made].choice == {"Pass": "pass", "End the turn": "end"}[standing]

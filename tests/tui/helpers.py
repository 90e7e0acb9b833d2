"""Helpers for the Pilot tests of the TUI."""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget
from textual.worker import WorkerCancelled

from saves.session import GameSession
from saves.store import SaveStore, Seat
from tui.app import TabulaApp
from tui.choice_keys import ChoicePages
from tui.screens.table import TableScreen

TWO_HUMANS = [("Alice", "human"), ("Bruno", "human")]


def pilot_test(test):
    """Run an async test function with asyncio (no async pytest plugin is installed)."""

    @functools.wraps(test)
    def run(*args, **kwargs):
        asyncio.run(test(*args, **kwargs))

    return run


def make_app(data_dir: Path, **kwargs) -> TabulaApp:
    """An app for a Pilot test; turn ends are confirmed only when a test asks for it
    (``confirm_turn_ends=True``), so other tests play one key per move."""
    return TabulaApp(data_dir, **{"bot_pause": 0, "cursor_blink": False, "confirm_turn_ends": False, **kwargs})


async def settle(pilot, rounds: int = 4) -> None:
    """Let workers finish and the UI catch up with what they published (a worker cancelled
    because its screen closed, e.g. the table's at the end of a game, is finished too)."""
    for _ in range(rounds):
        try:
            await pilot.app.workers.wait_for_complete()
        except WorkerCancelled:
            pass
        await pilot.pause()


async def until(pilot, condition, timeout: float = 5.0, settled: bool = True) -> None:
    """Let the app run until ``condition()`` holds (workers, bots, other processes' writes)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await pilot.pause(0.02)
    if settled:
        await settle(pilot)


async def open_first_save(pilot) -> None:
    """From the home screen, open the newest save of the resume list with Enter."""
    await pilot.press("r")
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)


async def play_to_the_end_by_keys(pilot, moves: int, arrows_every: int) -> str:
    """Play the table on screen to its end through the keyboard, at most ``moves`` moves: the
    first page's keys (the standing choice's among them), varied, and Down + Enter on every
    ``arrows_every``-th; the end screen's sheet text."""
    from tui.screens.end import EndScreen

    app, table = pilot.app, pilot.app.screen
    for move in range(moves):
        if isinstance(app.screen, EndScreen):
            break
        keys = [key for key, _ in ChoicePages(table.state.choices).page(0)]
        assert keys, "a human must always have a choice while the game runs"
        if move % arrows_every == arrows_every - 1 and len(keys) > 1:
            await pilot.press("down", "enter")
        else:
            await pilot.press(keys[move % min(len(keys), 9)])
        await settle(pilot, rounds=1)
    assert isinstance(app.screen, EndScreen), f"no end after {moves} moves"
    return text_of(app.screen.query_one("#sheet"))


async def press_choice(pilot, table, choice_id: str, rounds: int = 1) -> None:
    """Choose ``choice_id`` (of the first page) by its key when it is a digit (1-9, or the
    standing choice's 0); else with the arrows down to it and Enter."""
    shown = [(key, choice.id) for key, choice in ChoicePages(table.state.choices).page(0)]
    index = [choice for _, choice in shown].index(choice_id)
    key = shown[index][0]
    if key.isdigit():
        await pilot.press(key)
    else:
        await pilot.press("home", *["down"] * index, "enter")
    await settle(pilot, rounds=rounds)


def new_save(data_dir: Path, game: str, seats: list[tuple[str, str]], seed: int = 7, title: str = "",
             options=None) -> GameSession:
    store = SaveStore(data_dir)
    return GameSession.new(store, game, title, [Seat(name, kind) for name, kind in seats], options, seed)


@contextmanager
def rows_textual_paints(watched: Widget) -> Iterator[list[int]]:
    """The rows of ``watched`` that Textual paints (its own ``render_lines``) meanwhile."""
    rows: list[int] = []
    textual_paints = Widget.render_lines

    def paints(widget: Widget, crop: Region) -> list[Strip]:
        if widget is watched:
            rows.extend(crop.line_range)
        return textual_paints(widget, crop)

    Widget.render_lines = paints  # type: ignore[method-assign]
    try:
        yield rows
    finally:
        Widget.render_lines = textual_paints  # type: ignore[method-assign]


def text_of(widget) -> str:
    """The plain text a Static-like widget shows now; a board panel out of sight (80 columns
    show one), what it shows once in sight (it is drawn then)."""
    import io

    from rich.console import Console

    from tui.widgets.board_panel import BoardPanel

    if isinstance(widget, BoardPanel):
        widget.catch_up()
    content = widget.content
    if isinstance(content, str):
        return content
    if hasattr(content, "plain"):
        return content.plain
    console = Console(width=max(widget.size.width, 40), record=True, file=io.StringIO(), color_system=None)
    console.print(content)
    return console.export_text()


async def open_table(pilot) -> TableScreen:
    """The newest save from the Resume list (no settling: a bot may be thinking)."""
    await pilot.press("r")
    await settle(pilot)
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen) and pilot.app.screen.state, settled=False)
    return pilot.app.screen


def canned_search(decision):
    """A search's answer made at once and the same every time, in place of the search worker's
    (engine.search.ismcts.SearchResult): every legal choice, in the rules' order, a little less
    likely to win than the one before, from a chance that rises and falls over the game."""
    import math

    from engine.search import Candidate, SearchResult

    match, seat = decision.match, decision.seat
    base = 0.5 + 0.35 * math.sin(len(match.actions) / 6 + 2 * seat)
    candidates = tuple(Candidate(choice.id, 300 // (index + 1), max(0.0, base - 0.08 * index))
                       for index, choice in enumerate(match.legal(seat)))
    return SearchResult(seat, candidates, 600, 600, 0.0, "budget")


def finished_game(data_dir: Path, game: str, seats: list[tuple[str, str]], seed: int = 7) -> GameSession:
    """A game played to its end in the save: its human seats by a greedy bot's choices."""
    from engine.core.bots import GreedyBot

    session = new_save(data_dir, game, seats, seed=seed)
    person = GreedyBot(seed)
    while not session.match.finished:
        seat = session.match.awaiting()[0]
        if seats[seat][1] == "human":
            session.act(seat, person.choose(session.match, seat).id)
        else:
            session.play_bots(limit=1)
    return session

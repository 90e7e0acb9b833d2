"""A move is drawn in one paint at 80x24: after its key, the screen changes once (what the user
sees settles with the first frame, not one or two frames later)."""

from __future__ import annotations

from collections import Counter

import pyte
import pytest
from textual.widgets import Static

from engine.core.bots import RandomBot
from engine.registry import rules_for
from tests.tui.helpers import make_app, new_save, open_first_save, pilot_test, settle
from tui.choice_keys import ChoicePages
from tui.compat import watch_layouts, watch_paints
from tui.screens import table
from tui.screens.table import TableScreen
from tui.widgets import board_panel, choice_list

MID_GAME = {"almadi": 100, "pantheon": 60, "thebai": 120, "polis": 20}
"""Decisions made before the table is opened: the mid-game of ``make bench``'s move rows."""
MOVES = 12


class Emulator:
    """What a terminal shows of the app's paints, how many were sent and how many of them changed a cell."""

    def __init__(self, app) -> None:
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.Stream(self.screen)
        self.changes = self.paints = 0

        def shown(screen, renderable) -> None:
            if renderable is not None and hasattr(renderable, "render_segments"):
                self.paints += 1
                before = self.cells()
                self.stream.feed(renderable.render_segments(app.console))
                self.changes += self.cells() != before

        watch_paints(app, shown)

    def cells(self) -> list:
        return [dict(row) for row in self.screen.buffer.values()]


def mid_game(data_dir, game: str) -> None:
    seats = [(name, "human") for name in ("Ann", "Bruno", "Chloe", "Dara")][:rules_for(game).max_players]
    session = new_save(data_dir, game, seats, seed=5, title="paints")
    bot = RandomBot(5)
    for _ in range(MID_GAME[game]):
        seat = session.match.awaiting()[0]
        session.act(seat, bot.choose(session.match, seat).id)


def next_key(screen: TableScreen) -> str:
    """The key of the first choice shown, or Enter to lift a hot-seat curtain."""
    return "enter" if screen.curtain_up else ChoicePages(screen.state.choices).page(0)[0][0]


async def play_moves(pilot, moved=lambda: None) -> None:
    """MOVES keys of the first choice (or Enter on a curtain), each settled, then ``moved()``."""
    for _ in range(MOVES):
        await pilot.press(next_key(pilot.app.screen))
        await settle(pilot)
        moved()


@pytest.mark.parametrize("game", sorted(MID_GAME))
@pilot_test
async def test_each_move_changes_the_screen_once_in_one_paint(game, tmp_path, monkeypatch):
    """Not painted again a frame later: neither the widgets the layout itself refreshed (already
    drawn by its paint), nor the choice list for a resize that left its width (and so its
    rendered options) as it was."""
    monkeypatch.setattr(table, "SLOW_ANSWER", 60)  # a slow move dims its list: a change of its own
    mid_game(tmp_path, game)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        emulator = Emulator(app)
        await settle(pilot)
        await open_first_save(pilot)
        changes, paints = [], []
        while len(changes) < MOVES and isinstance(app.screen, TableScreen):
            curtain = app.screen.curtain_up  # a hot-seat curtain is lifted, not counted
            key = next_key(app.screen)
            emulator.changes = emulator.paints = 0
            await pilot.press(key)
            await settle(pilot)
            await pilot.pause(0.1)  # frames that would follow the move's (60 a second)
            if not curtain:
                changes.append(emulator.changes)
                paints.append(emulator.paints)
        assert changes == [1] * MOVES
        assert paints == [1] * MOVES


@pytest.mark.parametrize("game", ["almadi", "thebai"])
@pilot_test
async def test_each_move_lays_the_table_out_once(game, tmp_path, monkeypatch):
    """Not once more for the virtual sizes the layout itself changed (Textual asks for that), nor
    for a footer key shown or hidden before the layout whose ask reached the screen after it (in
    Thebai). Not Pantheon: a key the curtain's focus shows is still laid out after the move
    (Textual looks at the bindings after the layout that follows a change of focus)."""
    monkeypatch.setattr(table, "SLOW_ANSWER", 60)  # a slow move dims its list: a layout of its own
    mid_game(tmp_path, game)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        layouts = []
        for _ in range(MOVES):
            screen = app.screen
            assert isinstance(screen, TableScreen)
            curtain = screen.curtain_up
            key = next_key(screen)
            laid_out = [0]
            watch_layouts(screen, lambda laid_out=laid_out: laid_out.__setitem__(0, laid_out[0] + 1))
            await pilot.press(key)
            await settle(pilot)
            if not curtain:
                layouts.append(laid_out[0])
        assert layouts == [1] * len(layouts)


@pytest.mark.parametrize("game", ["almadi", "pantheon"])
@pilot_test
async def test_a_move_updates_no_widget_with_what_it_shows_already(game, tmp_path, monkeypatch):
    """The status line, the scores and the boards a move leaves as they were are left alone: an
    update lays its widget out and paints it again (a board's lines are rendered again). Counted
    once the first move is made (first drawn under a hot-seat curtain, a board has no width of
    its own yet: it is drawn at a guess)."""
    updates: list[tuple[str | None, tuple]] = []
    counting = [False]
    update = Static.update

    def update_seen(widget, content="", *args, **kwargs):
        if counting[0]:
            console = widget.app.console
            updates.append((widget.id, tuple(console.render(content, console.options.update_width(80)))))
        return update(widget, content, *args, **kwargs)

    monkeypatch.setattr(Static, "update", update_seen)
    drawn = board_panel.rendered_lines

    def drawn_seen(panel, drawing, width):
        lines = drawn(panel, drawing, width)
        if counting[0]:
            updates.append((panel.id, (panel.visual_style, *(tuple(line) for line in lines))))
        return lines

    monkeypatch.setattr(board_panel, "rendered_lines", drawn_seen)
    mid_game(tmp_path, game)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        await play_moves(pilot, lambda: counting.__setitem__(0, isinstance(app.screen, TableScreen)))
    last: dict[str | None, tuple] = {}
    again = []
    for widget, shown in updates:
        if last.get(widget) == shown:
            again.append(widget)
        last[widget] = shown
    assert len(updates) > MOVES and not again, again


@pytest.mark.parametrize("game", ["almadi", "pantheon"])
@pilot_test
async def test_each_arrow_key_changes_the_screen_once(game, tmp_path):
    """The highlight, the board that marks it and the detail under the list move together."""
    mid_game(tmp_path, game)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        emulator = Emulator(app)
        await settle(pilot)
        await open_first_save(pilot)
        if app.screen.curtain_up:  # a hot-seat curtain is lifted, not counted
            await pilot.press("enter")
            await settle(pilot)
        detail = app.screen.query_one("#choice-detail")
        changes, details = [], []
        for key in ["down", "up"] * (MOVES // 2):
            emulator.changes = 0
            before = str(detail.render())
            await pilot.press(key)
            await settle(pilot)
            await pilot.pause(0.1)  # frames that would follow the key's (60 a second)
            changes.append(emulator.changes)
            details.append(str(detail.render()) != before)
        assert all(details)  # each key highlighted another choice, and its detail shows
        assert changes == [1] * MOVES


@pilot_test
async def test_a_move_fits_the_choice_detail_once_and_a_view_restyles_each_panel_once(tmp_path, monkeypatch):
    """The detail under the list is wrapped to its rows when its choice, width or rows change, not
    again when a move's layout changes only its height; `v` restyles the panel it hides and the
    one it shows once each (both classes in one go)."""
    fits = []
    fitted = choice_list.fitted
    monkeypatch.setattr(choice_list, "fitted", lambda text, console, width, rows: fits.append(
        (text.plain, width, rows)) or fitted(text, console, width, rows))
    mid_game(tmp_path, "almadi")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        await play_moves(pilot)
        assert fits and all(this != following for this, following in zip(fits, fits[1:])), fits
        screen = app.screen
        assert isinstance(screen, TableScreen) and not screen.curtain_up
        hidden = screen.focused_panel()
        styled: Counter[object] = Counter()  # by the node: a freed node's id() is another's later
        apply = app.stylesheet.apply
        app.stylesheet.apply = lambda node, *args, **kwargs: styled.update([node]) or apply(node, *args, **kwargs)
        await pilot.press("v")
        await settle(pilot)
        shown = screen.focused_panel()
        assert shown is not hidden and styled[hidden] == styled[shown] == 1


@pilot_test
async def test_a_move_looks_at_the_footer_keys_once_when_it_is_drawn(tmp_path, monkeypatch):
    """Not also as it starts (the keys that wait for it would dim, for the few milliseconds it
    takes, and light again as it is drawn): only a slow move dims them."""
    from tui.widgets.footer import Footer

    monkeypatch.setattr(table, "SLOW_ANSWER", 60)
    looks = [0]
    follow = Footer._follow_bindings

    async def follow_counted(footer):
        looks[0] += 1
        await follow(footer)

    monkeypatch.setattr(Footer, "_follow_bindings", follow_counted)
    mid_game(tmp_path, "almadi")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        await settle(pilot)
        counted = []
        for _ in range(MOVES):
            looks[0] = 0
            await pilot.press(next_key(app.screen))
            await settle(pilot)
            counted.append(looks[0])
        assert counted == [1] * MOVES

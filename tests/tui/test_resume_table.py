"""A game opened from Resume: its seats are taken before the table comes up, so the table is
drawn from the saved position in its first layout; the footer's keys are shown and hidden,
not built anew, as the table and the hot-seat curtain take turns."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core.bots import RandomBot
from saves.seats import held_seats
from tests.tui.helpers import TWO_HUMANS, make_app, new_save, open_first_save, pilot_test, settle
from tui.compat import FooterKey
from tui.screens.end import EndScreen
from tui.screens.home import HomeScreen
from tui.screens.table import TableScreen
from tui.widgets.board_panel import BoardPanel
from tui.widgets.footer import Footer


def shown_keys(screen) -> list[str]:
    footer = screen.query_one(Footer)
    return [key.key for key in footer.query_children(FooterKey) if key.display]


def active_keys(screen) -> list[str]:
    """The keys Textual's own footer would show for the screen's bindings now (one per action)."""
    actions: dict[str, str] = {}
    for _, binding, _, _ in screen.active_bindings.values():
        if binding.show:
            actions.setdefault(binding.action, binding.key)
    palette = screen.active_bindings.get(screen.app.COMMAND_PALETTE_BINDING)
    return list(actions.values()) + ([palette.binding.key] if palette else [])


@pilot_test
async def test_a_resumed_game_is_drawn_from_its_saved_position_at_the_widths_of_its_first_layout(toy, tmp_path):
    session = new_save(tmp_path, "toy", [("Alice", "human"), ("Bruno", "greedy")])
    bot = RandomBot(3)
    for _ in range(40):  # a few moves in, so the log has lines, to Alice's turn (Bruno, a bot, would move at once)
        awaiting = tuple(session.match.awaiting())
        if len(session.match.actions) >= 8 and awaiting == (0,):
            break
        seat = 1 if 1 in awaiting else awaiting[0]
        session.act(seat, bot.choose(session.match, seat).id)
    assert tuple(session.match.awaiting()) == (0,)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.controller.first is not None  # seated before the screen came up
        assert table.state.position == len(session.match.actions) and table.state.choices
        assert table.has_class("-narrow") and table.drawn_alone  # one panel at a time, with its legend
        shown = table.focused_panel()
        assert isinstance(shown, BoardPanel) and shown.content_size.width > 0
        assert shown._drawn_width == shown.content_size.width and not shown._stale
        log = table.query_one("#log")
        assert any("Alice" in strip.text or "Bruno" in strip.text for strip in log.lines)
        assert shown_keys(table) == active_keys(table)
        await pilot.press("1")
        await settle(pilot)
        assert table.state.position > len(session.match.actions)


@pilot_test
async def test_the_footer_hides_and_shows_its_keys_as_the_curtain_comes_and_goes(toy, tmp_path):
    new_save(tmp_path, "toy", TWO_HUMANS)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        table = app.screen
        assert table.curtain_up and "u" not in shown_keys(table)
        assert shown_keys(table) == active_keys(table)
        built = {key.key: key for key in table.query_one(Footer).query_children(FooterKey)}
        await pilot.press("enter")  # Alice's private hand
        await settle(pilot)
        assert not table.curtain_up and "u" in shown_keys(table)
        assert shown_keys(table) == active_keys(table)
        await pilot.press("1")  # Alice pledges: the curtain before Bruno's hand
        await settle(pilot)
        assert table.curtain_up and shown_keys(table) == active_keys(table)
        await pilot.press("enter")
        await settle(pilot)
        assert not table.curtain_up and shown_keys(table) == active_keys(table)
        again = {key.key: key for key in table.query_one(Footer).query_children(FooterKey)}
        assert all(again[key] is widget for key, widget in built.items())  # the same keys, not built anew


@pilot_test
async def test_a_finished_game_opens_on_its_end_screen_with_no_table_composed_under_it(toy, tmp_path, monkeypatch):
    new_save(tmp_path, "toy", [("Rob", "random"), ("Greta", "random")]).play_bots()
    composed = []
    compose = TableScreen.compose
    monkeypatch.setattr(TableScreen, "compose", lambda screen: composed.append(screen) or compose(screen))
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        await settle(pilot)
        end = app.screen
        assert isinstance(end, EndScreen) and not composed
        assert held_seats(tmp_path) == {}  # the seats it took to open the game are free again
        panels = list(end.query(BoardPanel))
        assert panels and all(panel._drawn_width == panel.content_size.width > 0 and not panel._stale
                              for panel in panels)  # drawn once, at the widths of the first layout
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)


@pilot_test
async def test_a_finished_game_opens_with_its_widgets_styled_no_more_than_needed_and_home_not_laid_out_again(
        toy, tmp_path):
    """Each widget of the end screen is styled as it is mounted, as the screen is shown, and (in
    the scroll that takes the focus) as the focus comes; not again for the size classes or a
    footer key's compact style (the footer's value, not the key's own, from the start). The first
    layout's own Resize lays out neither the end screen nor Home under it again."""
    new_save(tmp_path, "toy", [("Rob", "random"), ("Greta", "random")]).play_bots()
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        home = app.screen
        await pilot.press("r")
        await settle(pilot)
        home_layouts: list[object] = []
        home.screen_layout_refresh_signal.subscribe(home, home_layouts.append)
        styled: Counter[object] = Counter()  # by the node: a freed node's id() is another's later
        apply = app.stylesheet.apply
        app.stylesheet.apply = lambda node, *args, **kwargs: styled.update([node]) or apply(node, *args, **kwargs)
        await pilot.press("enter")
        await settle(pilot)
        end = app.screen
        assert isinstance(end, EndScreen)
        focused = end.query_one("#final")
        assert app.focused is focused
        times = {widget: styled[widget] for widget in end.walk_children(with_self=False)}
        again = [widget for widget in times if focused in widget.ancestors_with_self  # as the focus comes
                 or widget.has_class("-command-palette")]  # Textual's palette key, made compact as it mounts
        assert times and all(count == (3 if widget in again else 2) for widget, count in times.items()), str(times)
        assert not home_layouts


@pytest.mark.parametrize("finished", [False, True])
@pilot_test
async def test_the_boards_of_a_game_opened_are_drawn_before_the_second_layout(finished, toy, tmp_path, monkeypatch):
    """Drawn as the first layout's Resize comes, the board panels are placed by the next layout;
    drawn after a paint, they took a layout of their own (and a paint)."""
    if finished:
        new_save(tmp_path, "toy", [("Rob", "random"), ("Greta", "random")]).play_bots()
    else:
        new_save(tmp_path, "toy", [("Alice", "human"), ("Bruno", "greedy")])
    drawn_at_layouts: list[bool] = []

    def following(mount):
        def follow(screen) -> None:  # Textual passes a handler as many arguments as it takes
            mount(screen)
            screen.screen_layout_refresh_signal.subscribe(screen, lambda _: drawn_at_layouts.append(
                all(not panel._stale for panel in screen.query(BoardPanel) if panel.display and panel.visible)))
        return follow

    for screen_type in (TableScreen, EndScreen):
        monkeypatch.setattr(screen_type, "on_mount", following(screen_type.on_mount))
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        await settle(pilot)
        assert isinstance(app.screen, EndScreen if finished else TableScreen)
        assert drawn_at_layouts[:2] == [False, True]

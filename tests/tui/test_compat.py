"""Each of Textual's internals that tui/compat.py uses, checked against the installed Textual: a
release that renames or changes one fails the test named after it (and nothing else breaks
silently). One test per use."""

from __future__ import annotations

import inspect

from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Footer, OptionList, RichLog, Select, Static

from tests.tui.helpers import pilot_test
from tui import compat


class Probe(App):
    """A small app holding one of each widget whose internals compat uses."""

    def compose(self) -> ComposeResult:
        yield compat.CompatLog(id="log")
        yield OptionList("one", "two", id="options")
        yield Select([("Human", "human"), ("Easy bot", "greedy")], value="human", id="select")
        yield Footer()


def test_the_styles_cache_method_is_still_cached_process_wide():
    from textual._styles_cache import StylesCache

    assert callable(getattr(StylesCache.get_inner_outer, "cache_clear", None)), \
        "Textual no longer caches get_inner_outer: tui.compat.forget_styles_cache can go"
    compat.forget_styles_cache()


@pilot_test
async def test_a_screen_is_marked_while_it_is_taken_down():
    app = Probe()
    async with app.run_test(size=(80, 24)):
        assert compat.being_taken_down(app.screen) is False
        compat.mark_taken_down(app.screen)
        assert compat.being_taken_down(app.screen) is True


@pilot_test
async def test_a_screen_can_paint_what_its_layout_made_dirty_with_it():
    from textual.screen import Screen

    assert inspect.signature(Screen._compositor_refresh).parameters.keys() == {"self"}

    class Painting(compat.PaintsWhatLayoutDirtied):
        def compose(self) -> ComposeResult:
            yield RichLog()

    app = Probe()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(Painting())
        await pilot.pause()
        assert len(compat.screen_strips(app)) == 24


@pilot_test
async def test_a_screen_renders_no_widget_covered_whole_and_paints_the_same_as_textual():
    from textual._compositor import Compositor
    from textual.containers import Vertical

    assert inspect.signature(Compositor._get_renders).parameters.keys() == {"self", "crop"}

    class Covered(compat.RendersWhatShows):
        DEFAULT_CSS = "#inner { height: auto; }"  # the scroll's scrollbar covers what the panel leaves

        def compose(self) -> ComposeResult:
            with VerticalScroll(id="outer"), Vertical(id="inner"):
                yield Static("\n".join(f"line {n} " * 6 for n in range(40)), id="panel")
            yield Static("under", id="short")

    app = Probe()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = Covered()
        await app.push_screen(screen)
        await pilot.pause()
        ours = [list(strip) for strip in compat.screen_strips(app)]
        covered = {widget.id for widget in screen._compositor._covered}
        assert {"outer", "inner"} <= covered and not {"panel", "short"} & covered
        assert screen.query_one("#outer").scrollbars_enabled[0]
        screen._compositor.__class__ = Compositor  # Textual's own, which renders every widget
        assert [list(strip) for strip in compat.screen_strips(app)] == ours
        assert "line 0" in "".join(segment.text for segment in ours[0])


@pilot_test
async def test_a_refresh_still_sets_a_flag_that_the_widget_turns_into_a_paint_when_idle():
    """PaintsWhatLayoutDirtied lowers that flag for the widgets its layout's paint drew."""
    app = Probe()
    async with app.run_test(size=(80, 24)) as pilot:
        options = app.query_one("#options", OptionList)
        await pilot.pause()
        options.refresh()
        assert options._repaint_required is True
        await pilot.pause()
        assert options._repaint_required is False


@pilot_test
async def test_an_option_list_still_forgets_its_rendered_options_on_every_resize():
    """KeepsOptionsOnResize forgets them only when the width changed (the cache has no width in its key)."""

    class Keeping(compat.KeepsOptionsOnResize):
        pass

    class Lists(App):
        def compose(self) -> ComposeResult:
            yield OptionList("one", "two", id="plain")
            yield Keeping("one", "two", id="keeping")

    app = Lists()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        cleared: list[str | None] = []
        for options in app.query(OptionList):
            options._clear_caches = lambda options=options: cleared.append(options.id) or \
                OptionList._clear_caches(options)
        for options in app.query(OptionList):
            options.styles.height = 5
        await pilot.pause(0.1)
        assert cleared == ["plain"]
        cleared.clear()
        for options in app.query(OptionList):
            options.styles.width = 30
        await pilot.pause(0.1)
        assert sorted(cleared) == ["keeping", "plain"]


def lays_out(screen_class: type) -> type:
    class Growing(screen_class):
        def compose(self) -> ComposeResult:
            with VerticalScroll(id="scroll"):
                yield Static("one", id="text")

    return Growing


async def layouts_as_text_grows(pilot, screen) -> list[int]:
    """How many layouts each change of a text in a scroll asks for: two lines, then 40."""
    await pilot.app.push_screen(screen)
    await pilot.pause()
    layouts = [0]
    compat.watch_layouts(screen, lambda: layouts.__setitem__(-1, layouts[-1] + 1))
    text = screen.query_one("#text", Static)
    for lines in (2, 40):
        text.update("\n".join(["line"] * lines))
        await pilot.pause(0.1)
        layouts.append(0)
    return layouts[:-1]


@pilot_test
async def test_textual_still_lays_out_again_for_the_virtual_sizes_a_layout_changes():
    """PaintsWhatLayoutDirtied drops the second layout that a layout's new virtual sizes ask for,
    through each widget's ``_layout_required`` (and its scrollbars', ``_get_virtual_dom``)."""
    from textual.screen import Screen

    assert list(inspect.signature(Screen._refresh_layout).parameters) == ["self", "size", "scroll"]
    async with Probe().run_test(size=(80, 24)) as pilot:
        assert await layouts_as_text_grows(pilot, lays_out(Screen)()) == [2, 3], \
            "Textual lays a virtual size change out once: PaintsWhatLayoutDirtied._refresh_layout can go"
    async with Probe().run_test(size=(80, 24)) as pilot:
        screen = lays_out(compat.PaintsWhatLayoutDirtied)()
        # once; twice where the scroll's scrollbar came (it narrows the text, laid out again)
        assert await layouts_as_text_grows(pilot, screen) == [1, 2]
        inside = screen.query_one("#scroll", VerticalScroll).scrollable_content_region.width
        assert screen.query_one("#text").size.width == inside < 80


@pilot_test
async def test_a_layout_ask_posted_before_a_whole_layout_is_answered_by_it():
    """A widget's ``messages.Layout`` (its ``time``) that reaches the screen after a layout of
    every widget that began later is dropped; one posted after it is laid out."""
    from textual import messages
    from textual.screen import Screen

    assert list(inspect.signature(Screen._on_layout).parameters) == ["self", "message"]
    async with Probe().run_test(size=(80, 24)) as pilot:
        screen = lays_out(compat.PaintsWhatLayoutDirtied)()
        await pilot.app.push_screen(screen)
        await pilot.pause()
        text = screen.query_one("#text", Static)
        late = messages.Layout(text)
        screen._refresh_layout()
        assert screen._layout_widgets == {}
        layouts = [0]
        compat.watch_layouts(screen, lambda: layouts.__setitem__(0, layouts[0] + 1))
        screen.post_message(late)
        await pilot.pause(0.1)
        assert layouts == [0]
        screen.post_message(messages.Layout(text))
        await pilot.pause(0.1)
        assert layouts == [1]


def overlay(base: type) -> type:
    """A screen (of class ``base``) with a pile of two notes docked at its foot over a long list,
    as Textual piles its notices: the pile shrinks from the top as its first note goes."""
    from textual.containers import Vertical

    class Overlay(base):
        DEFAULT_CSS = """
        Overlay { layers: base notes; }
        #pile { layer: notes; dock: bottom; height: auto; width: 30; }
        """

        def compose(self) -> ComposeResult:
            with Vertical(id="pile"):
                yield Static("FIRST NOTE", id="first")
                yield Static("second note")
            with VerticalScroll():
                for line in range(100):
                    yield Static(f"line {line}", id=f"line-{line}")

    return Overlay


async def note_left_on_terminal(pilot, screen) -> bool:
    """Whether the terminal still shows the first note after it was taken out just after a
    widget out of sight was refreshed."""
    import pyte

    terminal = pyte.Screen(80, 24)
    stream = pyte.Stream(terminal)

    def shown(_screen, renderable) -> None:
        if renderable is not None and hasattr(renderable, "render_segments"):
            stream.feed(renderable.render_segments(pilot.app.console))

    compat.watch_paints(pilot.app, shown)
    await pilot.app.push_screen(screen)
    await pilot.pause(0.1)
    assert "FIRST NOTE" in "\n".join(terminal.display)
    screen.query_one("#line-90", Static).update("out of sight")
    await pilot.pause(0.1)
    await screen.query_one("#first").remove()
    await pilot.pause(0.1)
    return "FIRST NOTE" in "\n".join(terminal.display)


@pilot_test
async def test_a_widget_taken_out_after_a_refresh_out_of_sight_is_painted_over():
    """Plain Textual compares a layout with a map of every widget rebuilt after the widget was
    taken out, and leaves its cells on the terminal; RepaintsWhatWasRemoved puts what that map
    lost back into it from the map its last layout painted (``_full_map``, ``_visible_map``)."""
    from textual.screen import Screen

    left = False
    for _ in range(3):  # the fault needs one order of the compositor's steps, which a busy machine may change
        async with Probe().run_test(size=(80, 24)) as pilot:
            left = await note_left_on_terminal(pilot, overlay(Screen)())
        if left:
            break
    assert left, "Textual paints over a widget taken out: RepaintsWhatWasRemoved can go"
    async with Probe().run_test(size=(80, 24)) as pilot:
        assert not await note_left_on_terminal(pilot, overlay(compat.RepaintsWhatWasRemoved)())


@pilot_test
async def test_a_rich_log_still_has_its_anchor_its_known_size_and_its_line_cache():
    from textual.widgets import RichLog as TextualLog

    assert list(inspect.signature(TextualLog._size_updated).parameters) == [
        "self", "size", "virtual_size", "container_size", "layout"]
    app = Probe()
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.query_one("#log", compat.CompatLog)
        await pilot.pause()
        assert log.size_known is True and log.anchor_released is False
        log.write("a line")
        compat.forget_rendered_lines(log)
        assert log.virtual_size.height == len(log.lines)


@pilot_test
async def test_an_option_list_still_keeps_its_lines_and_its_gutter():
    assert "_get_left_gutter_width" in vars(OptionList) or hasattr(OptionList, "_get_left_gutter_width")
    app = Probe()
    async with app.run_test(size=(80, 24)) as pilot:
        options = app.query_one("#options", OptionList)
        await pilot.pause()
        assert compat.option_line(options, 0) == (0, 0) and compat.option_line(options, 1) == (1, 0)
        strip = options.render_line(0)
        assert compat.first_style(strip) is not None


def test_the_next_enabled_option_is_still_found_without_wrapping():
    assert list(inspect.signature(compat.find_next_enabled_no_wrap).parameters)[:3] == [
        "candidates", "anchor", "direction"]


@pilot_test
async def test_the_footer_still_has_its_key_widgets_and_their_disabled_flag():
    app = Probe()
    async with app.run_test(size=(80, 24)) as pilot:
        footer = app.query_one(Footer)
        compat.footer_ready(footer)
        key = compat.FooterKey("x", "x", "Do", "app.bell")
        await footer.mount(key)
        await pilot.pause()
        assert compat.key_disabled(key) is False
        compat.set_key_disabled(key, True)
        assert compat.key_disabled(key) is True


@pilot_test
async def test_message_pumps_still_queue_messages_and_callbacks_the_tests_wait_for():
    app = Probe()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert compat.running_app() is app
        assert isinstance(compat.app_quiet(app, 0), bool)


def test_the_handling_of_messages_can_still_be_counted_and_put_back():
    from textual.message_pump import MessagePump

    assert inspect.iscoroutinefunction(MessagePump._dispatch_message)
    assert inspect.iscoroutinefunction(MessagePump._flush_next_callbacks)
    before = (MessagePump._dispatch_message, MessagePump._flush_next_callbacks)
    saved = compat.count_handling([0])
    compat.restore_handling(saved)
    assert (MessagePump._dispatch_message, MessagePump._flush_next_callbacks) == before


def test_pilot_still_waits_with_a_wait_for_idle_it_can_be_given():
    import textual.app
    import textual.pilot

    before = (textual.app.wait_for_idle, textual.pilot.wait_for_idle)
    assert list(inspect.signature(before[1]).parameters) == ["min_sleep", "max_sleep"]

    async def wait(min_sleep: float = 0.0, max_sleep: float = 0.0) -> None:
        return None

    restore = compat.replace_idle_wait(wait)
    assert textual.pilot.wait_for_idle is wait
    restore()
    assert (textual.app.wait_for_idle, textual.pilot.wait_for_idle) == before


@pilot_test
async def test_the_app_still_lists_its_notifications():
    app = Probe()
    async with app.run_test(size=(80, 24)) as pilot:
        app.notify("hello", title="Hi")
        await pilot.pause()
        assert [(n.title, n.message) for n in compat.notifications(app)] == [("Hi", "hello")]


@pilot_test
async def test_the_app_still_hands_each_paint_to_its_display():
    app = Probe()
    async with app.run_test(size=(80, 24)) as pilot:
        paints = []
        compat.watch_paints(app, lambda screen, renderable: paints.append(renderable))
        app.query_one("#log", compat.CompatLog).write("more")
        await pilot.pause(0.1)
        assert paints


@pilot_test
async def test_a_widget_still_keeps_its_rendered_lines_and_a_select_its_options():
    app = Probe()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert compat.rendered_lines_of(app.query_one("#log")) is not None
        labels = [label for label, _ in compat.select_options(app.query_one("#select", Select)) if label]
        assert [str(label) for label in labels] == ["Human", "Easy bot"]


@pilot_test
async def test_a_scrollable_widget_still_makes_its_vertical_scrollbar_in_its_property():
    """PaintedScrollBars makes the scrollbar in ``vertical_scrollbar`` (with the private slot and
    ``_start_widget`` Textual's property uses): Textual lays it out and shows it like its own."""
    from tui.widgets.painted import PaintedScrollBar

    class Painted(VerticalScroll, compat.PaintedScrollBars):
        pass

    class Scrolls(App):
        def compose(self) -> ComposeResult:
            with Painted(id="painted"):
                yield Static("\n".join(["line"] * 40))
            with VerticalScroll(id="plain"):
                yield Static("\n".join(["line"] * 40))

    app = Scrolls()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        painted, plain = (app.query_one(f"#{name}", VerticalScroll).vertical_scrollbar for name in ("painted", "plain"))
        assert type(painted) is PaintedScrollBar and type(plain) is not PaintedScrollBar
        assert painted.display and painted.region.size == plain.region.size and painted.region.height > 0
        assert painted.window_virtual_size == plain.window_virtual_size == 40

"""A board panel paints what Textual's Static would, and on a new drawing repaints the lines that
changed alone (tui/widgets/board_panel.py)."""

from __future__ import annotations

from rich.console import Group
from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.visual import RichVisual, Visual
from textual.widgets import Static

from tests.tui.helpers import pilot_test, rows_textual_paints
from tui.widgets.board_panel import TEXT_LINES, TEXT_LINES_KEPT, BoardPanel, canonical, render_text, rendered_lines

PANEL_CSS = """
.panel { border: round $primary; padding: 0 1; height: auto; width: 30; }
.panel.-focused { border: round $accent; }
"""


def board(marked: int, wide: bool = True) -> Text:
    """Six lines, some styled in runs, the ``marked`` one reversed; the fourth, ``wide``, wider
    than the panel (it wraps)."""
    lines = Text()
    for row in range(6):
        if row:
            lines.append("\n")
        style = Style(reverse=True) if row == marked else Style(color="red", bold=True)
        lines.append(f"row {row} ", style)
        lines.append("· " * (20 if row == 3 and wide else 4), "dim")
    return lines


class Side(App):
    CSS = PANEL_CSS

    def compose(self) -> ComposeResult:
        yield BoardPanel("Board", id="board", classes="panel")
        yield Static("", id="static", classes="panel")


def panel_and_static(app: Side) -> tuple[BoardPanel, Static]:
    """The panel and a Static with its border title, to paint the same drawings."""
    static = app.query_one(Static)
    static.border_title = "Board"
    return app.query_one(BoardPanel), static


def cells(widget) -> list[list[tuple[str, Style | None]]]:
    """The widget's content as characters with their styles, however Rich cut it in segments
    (and without the offsets a Static marks its text with, for a mouse's selection)."""
    lines = widget.render_lines(Region(0, 0, widget.outer_size.width, widget.outer_size.height))
    return [[(char, segment.style and segment.style.clear_meta_and_links()) for segment in line
             for char in segment.text] for line in lines]


@pilot_test
async def test_a_panel_paints_each_drawing_as_a_static_would():
    app = Side()
    async with app.run_test(size=(80, 40)) as pilot:
        panel, static = panel_and_static(app)
        no_wrap = Text("a legend too wide to wrap\nbut cut", no_wrap=True)
        for drawing in (board(1), Group(board(2), Text("legend: · empty", style="italic")), "plain [b]text[/b]",
                        "", board(3, wide=False), no_wrap, Group(no_wrap, Text("after", end=""), Text("on"))):
            panel.show(lambda width, drawing=drawing: drawing)
            static.update(Text(drawing) if isinstance(drawing, str) else drawing)
            await pilot.pause()
            assert panel.outer_size == static.outer_size
            if drawing == "plain [b]text[/b]":
                assert "[b]" in "".join(char for line in cells(panel) for char, _ in line)  # shown as typed
            assert cells(panel) == cells(static)


@pilot_test
async def test_a_new_drawing_of_as_many_lines_repaints_the_lines_that_changed_alone():
    app = Side()
    async with app.run_test(size=(80, 40)) as pilot:
        panel = app.query_one(BoardPanel)
        marked = [1]
        panel.show(lambda width: board(marked[0], wide=False))
        await pilot.pause()
        refreshed: list[tuple[Region, ...]] = []
        original = panel.refresh
        panel.refresh = lambda *regions, **kwargs: refreshed.append(regions) or original(*regions, **kwargs)
        marked[0] = 4
        panel.redraw()
        width = panel.size.width
        assert refreshed == [(Region(0, 1, width, 1), Region(0, 4, width, 1))]
        await pilot.pause()
        static = app.query_one(Static)
        static.border_title = "Board"
        static.update(board(4, wide=False))
        await pilot.pause()
        assert cells(panel) == cells(static)


@pilot_test
async def test_a_panel_whose_height_changed_paints_anew_only_the_lines_it_had_not_painted():
    """A drawing of more lines is laid out and painted whole: the lines painted before come from
    the panel's own, and the panel paints what a Static does."""
    app = Side()
    async with app.run_test(size=(80, 40)) as pilot:
        panel, static = panel_and_static(app)
        drawing = board(1, wide=False)
        panel.show(lambda width: drawing)
        await pilot.pause()
        with rows_textual_paints(panel) as painted_rows:
            drawing = board(1, wide=False) + Text("\nlegend")
            panel.redraw()
            await pilot.pause()
        assert panel.outer_size.height == 9
        assert painted_rows == [0, 7, 8]  # the borders and the new line: the six lines were painted before
        static.update(drawing)
        await pilot.pause()
        assert cells(panel) == cells(static)


@pilot_test
async def test_a_restyled_panel_paints_its_lines_in_its_new_look():
    app = Side()
    async with app.run_test(size=(80, 40)) as pilot:
        panel, static = panel_and_static(app)
        panel.show(lambda width: board(2, wide=False))
        static.update(board(2, wide=False))
        await pilot.pause()
        before = cells(panel)
        for widget in (panel, static):
            widget.add_class("-focused")
        await pilot.pause()
        assert cells(panel) == cells(static) != before


@pilot_test
async def test_a_line_is_painted_the_same_whatever_was_drawn_before_it():
    """Lines missing from the cache are rendered together: a line rendered with others and the
    same line rendered alone are the same segments (a screenshot cannot depend on the past)."""
    app = Side()
    async with app.run_test(size=(80, 40)):
        panel = app.query_one(BoardPanel)
        for drawing in (board(1), Group(board(2, wide=False), Text("legend", end=""), Text("on"))):
            TEXT_LINES.clear()
            alone = [list(strip) for strip in rendered_lines(panel, drawing, 26)]
            TEXT_LINES.clear()
            rendered_lines(panel, board(4), 26)  # some of its lines cached first, rendered with others
            rendered_lines(panel, Group(board(3, wide=False)), 26)
            assert [list(strip) for strip in rendered_lines(panel, drawing, 26)] == alone


@pilot_test
async def test_the_cache_of_lines_keeps_the_last_ones_rendered_up_to_its_bound():
    """A long game renders new lines at every move: the first rendered go first (a served
    player's memory is bounded)."""
    app = Side()
    async with app.run_test(size=(80, 40)):
        panel = app.query_one(BoardPanel)
        TEXT_LINES.clear()
        for start in range(0, TEXT_LINES_KEPT * 2, 50):
            rendered_lines(panel, Text("\n".join(f"line {n}" for n in range(start, start + 50))), 26)
        kept = {key[1] for key in TEXT_LINES}
        assert len(TEXT_LINES) == TEXT_LINES_KEPT
        assert f"line {TEXT_LINES_KEPT * 2 - 1}" in kept and "line 0" not in kept


@pilot_test
async def test_the_lines_of_a_group_that_fit_are_rendered_as_rich_renders_them_together():
    """A group's lines that fit the width are rendered one by one (no wrapping, no joining):
    the same segments as Rich's rendering of them together, which Textual's Static paints."""
    app = Side()
    async with app.run_test(size=(80, 40)):
        panel = app.query_one(BoardPanel)
        width = panel.content_size.width
        styled = Text("tiles ", style="italic") + Text("≈≈≈", Style(color="blue", bold=True)) + Text(" ♦ ruby  ")
        linked = Text("rules", style=Style(link="https://example.org"))
        for text in (board(2, wide=False), styled, Text("盤面の列 1  ≈≈≈ δ", style="bold"), Text("a\n\n  b  "),
                     Text("tab\there"), linked + Text(" and more"), Text("x" * width)):
            lines = list(text.split("\n", allow_blank=True))
            together = text.blank_copy()
            together.end = "\n"
            together.append_text(Text("\n").join(lines))
            as_rich_renders = [canonical(strip) for strip in Visual.to_strips(
                panel, RichVisual(panel, together), width, None, panel.visual_style, apply_selection=False)]
            assert render_text(panel, text, lines, width, False) == as_rich_renders, text.plain

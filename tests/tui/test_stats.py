"""The Stats screen, through the keyboard: from Home, filters, tabs, charts."""

from __future__ import annotations

from textual.widgets import DataTable, TabbedContent

from tests import records_set
from tests.tui.helpers import make_app, pilot_test, settle, text_of
from tui.screens.stats import StatsScreen


def table_rows(screen) -> list[list[str]]:
    table = screen.query_one("#stats-table", DataTable)
    return [[str(cell) for cell in table.get_row_at(index)] for index in range(table.row_count)]


@pilot_test
async def test_stats_from_home_with_filters_and_charts(tmp_path):
    records_set.fill(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        assert "Game: all games" in text_of(screen.query_one("#stats-filter"))
        rows = table_rows(screen)
        assert ["Ann", "Almadi", "3", "2", "67%", "62.0", "70"] in rows
        assert ["Chloe", "Pantheon", "1", "1", "100%", "83.0", "83"] in rows
        await pilot.press("g")  # the first game in order: almadi
        await settle(pilot)
        assert "Game: Almadi" in text_of(screen.query_one("#stats-filter"))
        assert {row[1] for row in table_rows(screen)} == {"Almadi"}
        await pilot.press("p")  # Ann
        await settle(pilot)
        assert table_rows(screen) == [["Ann", "Almadi", "3", "2", "67%", "62.0", "70"]]
        assert "3 plays" in text_of(screen.query_one("#stats-filter"))
        await pilot.press("right")
        await settle(pilot)
        assert screen.query_one(TabbedContent).active == "tab-scores"
        chart = screen.query_one("#chart-scores")
        assert chart.region.height >= 15  # readable at 80x24
        drawn = "\n".join(chart.render_line(y).text for y in range(chart.region.height))
        assert "Score per play" in drawn and "●● Ann" in drawn  # the legend names the marker
        await pilot.press("right", "right")  # categories of Ann's Almadi plays
        await settle(pilot)
        chart = screen.query_one("#chart-categories")
        drawn = "\n".join(chart.render_line(y).text for y in range(chart.region.height))
        assert "Oases" in drawn and "Average points per category: Ann" in drawn
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, StatsScreen)


@pilot_test
async def test_stats_without_records_say_how_plays_are_recorded(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await settle(pilot)
        assert "No play records yet" in text_of(app.screen.query_one("#stats-empty"))


@pilot_test
async def test_under_no_color_the_charts_have_no_colours(tmp_path):
    import os

    from textual_plotext import PlotextPlot

    records_set.fill(tmp_path)
    os.environ["NO_COLOR"] = "1"
    try:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("s", "right")
            await settle(pilot)
            plots = list(app.screen.query(PlotextPlot))
            assert plots and all(plot.theme == "clear" for plot in plots)
            chart = app.screen.query_one("#chart-scores")
            segments = [segment for y in range(chart.region.height) for segment in chart.render_line(y)]
            marker_colours = {segment.style.color for segment in segments if set(segment.text) & set("●▲■◆")}
            assert len(marker_colours) == 1  # no colour per player: the markers tell them apart
            drawn = "\n".join(chart.render_line(y).text for y in range(chart.region.height))
            assert "●● Bruno" in drawn and "▲▲ Ann" in drawn  # players told apart by marker (most plays first)
    finally:
        del os.environ["NO_COLOR"]

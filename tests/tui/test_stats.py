"""The Stats screen, through the keyboard: from Home, filters, tabs, charts."""

from __future__ import annotations

from textual.widgets import DataTable, TabbedContent

from saves.store import SaveStore
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


def two_games_with_a_bot(data_dir) -> None:
    """Thebai (scores near 80) and Polis (near 13), a Normal bot named Bruno in each, and a person
    named Bruno once."""
    from saves.records import PlayerResult, PlayRecord
    from saves.store import SaveStore

    store = SaveStore(data_dir)
    plays = [("2026-11-06", "thebai", [("Ann", 78, ""), ("Bruno", 70, "normal")]),
             ("2026-11-13", "polis", [("Ann", 10, ""), ("Bruno", 13, "normal")]),
             ("2026-11-20", "polis", [("Ann", 12, ""), ("Bruno", 9, "")])]
    for number, (day, game, players) in enumerate(plays, start=1):
        best = max(score for _, score, _ in players)
        results = [PlayerResult(name, score, {}, score == best, bot) for name, score, bot in players]
        store.records.put(PlayRecord(f"game-{number}", f"{day}T20:00:00+00:00", game, results, source="digital"))


def drawn(chart) -> str:
    return "\n".join(chart.render_line(y).text for y in range(chart.region.height))


@pilot_test
async def test_a_bot_is_marked_wherever_stats_names_players(tmp_path):
    two_games_with_a_bot(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await settle(pilot)
        screen = app.screen
        players = {row[0]: row[2] for row in table_rows(screen) if row[1] == "Polis"}
        assert players == {"Ann": "2", "Bruno (normal bot)": "1", "Bruno": "1"}  # counted apart
        await pilot.press("p", "p", "p")  # Ann, Bruno, then the bot
        await settle(pilot)
        assert "Player: Bruno (normal bot)" in text_of(screen.query_one("#stats-filter"))
        assert {row[0] for row in table_rows(screen)} == {"Bruno (normal bot)"}
        await pilot.press("p")  # all players again
        for tab in ("#chart-scores", "#chart-wins"):
            await pilot.press("right")
            await settle(pilot)
            assert "Bruno (normal bot)" in drawn(screen.query_one(tab))


@pilot_test
async def test_scores_over_time_of_all_games_are_shares_of_each_plays_best(tmp_path):
    two_games_with_a_bot(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s", "right")
        await settle(pilot)
        screen = app.screen
        chart = drawn(screen.query_one("#chart-scores"))
        assert "Score as % of the play's best" in chart and "100" in chart and "78" not in chart
        await pilot.press("g")  # Polis alone: in points
        await settle(pilot)
        chart = drawn(screen.query_one("#chart-scores"))
        assert "Score per play" in chart and "13" in chart and "100" not in chart


@pilot_test
async def test_plays_conceded_or_taken_over_by_a_bot_are_counted_apart_in_columns_of_their_own(tmp_path):
    store = SaveStore(tmp_path)
    for record in records_set.records():
        if record.game == "almadi":
            for player in record.players:
                player.outcome = {"Ann": "conceded", "Bruno": "abandoned"}.get(player.name, "")
        store.records.put(record)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await settle(pilot)
        screen = app.screen
        columns = [str(column.label) for column in screen.query_one("#stats-table", DataTable).columns.values()]
        assert columns[-2:] == ["Conceded", "Bot took over"]
        rows = table_rows(screen)
        assert ["Ann", "Almadi", "3", "2", "67%", "62.0", "70", "3", "0"] in rows
        assert next(row for row in rows if row[:2] == ["Chloe", "Pantheon"])[-2:] == ["0", "0"]

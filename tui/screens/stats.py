"""Play records and stats: plays, wins, win rate, average and best score per player and game,
filtered by game (g) and player (p), with charts where a picture reads better than a table.

Charts are drawn by textual-plotext. Series are told apart by their marker (the player's
initial), never by colour alone, and under NO_COLOR the plot has no colours at all. A bot is
counted apart from a person of the same name, and named with its kind: "Bruno (normal bot)".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from rich.cells import cell_len
from rich.text import Text
from textual import work
from textual.app import ComposeResult, RenderResult
from textual.binding import Binding
from textual.widgets import DataTable, Label, Static, TabbedContent, TabPane
from textual_plotext import PlotextPlot

from engine.registry import titles as digital_titles
from saves.concessions import ABANDONED, CONCEDED, DRAW
from saves.records import Player, PlayRecord, filtered, stats
from tui.i18n import N_, _, ngettext, spoken
from tui.screens.base import TabulaScreen
from tui.text import bot_mark, clean, cut, plain
from tui.widgets.footer import Footer

ALL = None
MARKERS = "●▲■◆★✚○△□◇"
"""One marker per player in a chart (their legend names them)."""
MOST_SERIES = 6
OUTCOME_TITLES = {CONCEDED: N_("Conceded"), ABANDONED: N_("Bot took over"), DRAW: N_("Agreed draws")}
"""The columns of plays that ended otherwise than played to the end (shown only when there are)."""
OUTCOMES = tuple(OUTCOME_TITLES)
"""Players drawn in the scores-over-time chart: the ones with most plays."""


def game_titles() -> dict[str, str]:
    from engine.assistant.games import GAME_IDS, assistant_for

    names = {game: assistant_for(game).TITLE for game in GAME_IDS}
    names.update(digital_titles())
    return names


def who(player: Player, width: int | None = None) -> str:
    """The player's name with the bot mark, in ``width`` columns at most: a long name is cut, the
    mark kept."""
    mark = bot_mark(player.bot)
    name = clean(player.name, lines=False)
    if width is not None:
        name = cut(name, max(2, width - cell_len(mark)))
    return name + mark


def percent(value: float) -> str:
    return f"{round(value * 100)}%"


Item = TypeVar("Item")


def cycle(options: list[Item], current: Item) -> Item:
    index = options.index(current) if current in options else 0
    return options[(index + 1) % len(options)]


class ScoresPlot(PlotextPlot):
    """The scores over time: its y range leaves the top rows free for the legend, which plotext
    draws over the plot's top left (where the first plays' best scores would be hidden)."""

    def __init__(self, *, id: str) -> None:
        super().__init__(id=id)
        self.low = self.high = 0
        self.series = 0

    def render(self) -> RenderResult:
        rows = self.size.height - 4  # the title, the frame and the dates take the others
        if self.series and rows > self.series + 1:
            share = self.series / (rows - 1)
            self.plt.ylim(self.low, self.high + max(self.high - self.low, 1) * share / (1 - share))
        return super().render()


class StatsScreen(TabulaScreen[None]):
    BINDINGS = [
        Binding("escape", "app.pop_screen", N_("Back")),
        Binding("g", "next_game", N_("Game")),
        Binding("p", "next_player", N_("Player")),
        Binding("left", "tab(-1)", N_("Previous tab"), show=False),
        Binding("right", "tab(1)", N_("Next tab"), key_display="→"),
    ]
    DEFAULT_CSS = """
    StatsScreen #stats-filter { height: 1; padding: 0 1; }
    StatsScreen #problems { max-height: 6; overflow-y: auto; }
    StatsScreen #stats-empty { padding: 1 2; }
    StatsScreen TabbedContent { height: 1fr; }
    StatsScreen TabPane { padding: 0; }
    StatsScreen PlotextPlot { height: 1fr; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.records: list[PlayRecord] = []
        self.game: str | None = ALL
        self.player: Player | None = ALL
        self.names = game_titles()

    def compose(self) -> ComposeResult:
        yield Label(_("Play records and stats"), classes="screen-title")
        yield Static("", id="stats-filter")
        yield Static("", id="problems", classes="notice")
        yield Static(_("Loading play records…"), id="stats-empty")
        with TabbedContent(id="stats-tabs"):
            with TabPane(_("Table"), id="tab-table"):
                yield DataTable(id="stats-table", cursor_type="row", zebra_stripes=True)
            with TabPane(_("Scores over time"), id="tab-scores"):
                yield ScoresPlot(id="chart-scores")
            with TabPane(_("Wins"), id="tab-wins"):
                yield PlotextPlot(id="chart-wins")
            with TabPane(_("Categories"), id="tab-categories"):
                yield PlotextPlot(id="chart-categories")
        yield Footer()

    def on_mount(self) -> None:
        if self.app.no_color:  # Textual takes NO_COLOR out of the environment and notes it here
            for plot in self.query(PlotextPlot):
                plot.theme = "clear"
        self.query_one("#stats-tabs").display = False
        self.query_one("#problems").display = False
        self.load()

    @work(thread=True, exclusive=True, group="records")
    def load(self) -> None:
        from saves.records import sync_finished_games

        sync_finished_games(self.app.store)
        records = self.app.records.all()
        problems = [spoken(problem) for problem in self.app.records.problems]
        self.app.call_from_thread(self.show_records, records, problems)

    def show_records(self, records: list[PlayRecord], problems: Sequence[str] = ()) -> None:
        """``problems``: the records that could not be used (set aside), said as Resume says its own."""
        self.records = records
        notice = self.query_one("#problems", Static)
        notice.display = bool(problems)
        notice.update(plain("\n".join([_("Could not be used (kept, never deleted):"), *(f"• {p}" for p in problems)])))
        empty = not records
        self.query_one("#stats-empty", Static).update(
            _("No play records yet: a finished game, or a score sheet marked finished (Ctrl+F), is recorded."))
        self.query_one("#stats-empty").display = empty
        self.query_one("#stats-tabs").display = not empty
        self.refresh_view()

    # -- filters ------------------------------------------------------------------------------

    def players(self) -> list[Player]:
        return sorted({p.player for r in filtered(self.records, self.game) for p in r.players},
                      key=lambda player: (player.name.casefold(), player.bot))

    def games(self) -> list[str]:
        return sorted({r.game for r in self.records})

    def action_next_game(self) -> None:
        self.game = cycle([ALL, *self.games()], self.game)
        if self.player not in self.players():
            self.player = ALL
        self.refresh_view()

    def action_next_player(self) -> None:
        self.player = cycle([ALL, *self.players()], self.player)
        self.refresh_view()

    def action_tab(self, step: int) -> None:
        tabs = self.query_one(TabbedContent)
        panes = [pane.id for pane in tabs.query(TabPane) if pane.id is not None]
        if tabs.active in panes:
            tabs.active = panes[(panes.index(tabs.active) + step) % len(panes)]

    def refresh_view(self) -> None:
        game = self.names.get(self.game, self.game) if self.game else _("all games")
        player = who(self.player) if self.player else _("all players")
        line = Text.assemble((_("Game: "), "bold"), plain(game), "  (g)   ", (_("Player: "), "bold"), plain(player),
                             "  (p)")
        plays = len(filtered(self.records, self.game, self.player))
        line.append("   " + ngettext("{n} play", "{n} plays", plays).format(n=plays))
        self.query_one("#stats-filter", Static).update(line)
        self.fill_table()
        self.draw_scores()
        self.draw_wins()
        self.draw_categories()

    # -- the table and the charts ----------------------------------------------------------------

    def fill_table(self) -> None:
        table = self.query_one("#stats-table", DataTable)
        table.clear(columns=True)
        lines = stats(self.records, self.game, self.player)
        ended = [outcome for outcome in OUTCOMES if any(line.outcomes.get(outcome) for line in lines)]
        for title in (N_("Player"), N_("Game"), N_("Plays"), N_("Wins"), N_("Win rate"), N_("Average"), N_("Best"),
                      *(OUTCOME_TITLES[outcome] for outcome in ended)):
            table.add_column(_(title), key=title)
        for line in lines:
            game = self.names.get(line.game, line.game)
            table.add_row(plain(who(line.player), lines=False), plain(game, lines=False), str(line.plays),
                          str(line.wins), percent(line.win_rate), f"{line.average:.1f}", str(line.best),
                          *(str(line.outcomes.get(outcome, 0)) for outcome in ended))

    def colour(self, index: int) -> str | None:
        """A series' colour: plotext's own sequence (None), or none at all under NO_COLOR."""
        return "default" if self.app.no_color else None

    def draw_scores(self) -> None:
        """One game's scores in points; across games, each score as a share of the best of its play
        (Thebai's hundred and Polis' thirty on one axis would flatten the smaller games)."""
        plot = self.query_one("#chart-scores", ScoresPlot)
        plt = plot.plt
        plt.clear_data()
        plt.clear_figure()
        records = filtered(self.records, self.game, self.player)
        lines = stats(records, self.game, self.player)
        by_plays: dict[Player, int] = {}
        for line in lines:
            by_plays[line.player] = by_plays.get(line.player, 0) + line.plays
        shown = sorted(by_plays, key=lambda player: (-by_plays[player], player))[:MOST_SERIES]
        series = {player: [(number, score) for number, r in enumerate(records, start=1) for p in r.players
                           if p.player == player and (score := self.score_shown(p.score, r)) is not None]
                  for player in shown}
        for index, (player, points) in enumerate(series.items()):
            if points:
                xs, ys = zip(*points)
                plt.scatter(list(xs), list(ys), marker=MARKERS[index % len(MARKERS)], label=who(player),
                            color=self.colour(index))
        scores = [score for points in series.values() for _, score in points]
        plot.series = sum(1 for points in series.values() if points)
        plot.low, plot.high = (min(scores), max(scores)) if scores else (0, 0)
        if records:
            step = max(1, -(-len(records) // 8))  # at most 8 dates along the axis
            numbers = list(range(1, len(records) + 1, step))
            ticks: list[float] = list(numbers)
            plt.xticks(ticks, [records[n - 1].date[5:10] for n in numbers])
            plt.xlim(0.5, len(records) + 0.5)
        if self.game is None:
            apart = 10 if plot.low >= 50 else 25
            plot.low = plot.low // apart * apart  # from a mark of the axis
            percents = range(plot.low, 101, apart)
            marks: list[float] = list(percents)
            plt.yticks(marks, [f"{percent}%" for percent in percents])
            plt.title(_("Score as % of the play's best, oldest first (g: one game in points)"))
        else:
            plt.title(_("Score per play, oldest first"))
        plot.refresh()

    def score_shown(self, score: int, record: PlayRecord) -> int | None:
        """The score as drawn: in points for one game; across games, as a percentage of the best
        score of its play (None for a play whose best is not above 0)."""
        if self.game is not None:
            return score
        best = max(p.score for p in record.players)
        return round(100 * score / best) if best > 0 else None

    def draw_wins(self) -> None:
        plot = self.query_one("#chart-wins", PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        plt.clear_figure()
        wins: dict[Player, int] = {}
        for line in stats(self.records, self.game, self.player):
            wins[line.player] = wins.get(line.player, 0) + line.wins
        ordered = sorted(wins, key=lambda player: (wins[player], player), reverse=True)[:12][::-1]  # most on top
        if ordered:
            plt.bar([who(player, 20) for player in ordered], [wins[player] for player in ordered],
                    orientation="horizontal", width=0.3, marker="█", color=self.colour(0))
            plt.xticks(list(range(max(wins.values()) + 1)))
        plt.title(_("Wins (a shared win counts for each)"))
        plot.refresh()

    def draw_categories(self) -> None:
        plot = self.query_one("#chart-categories", PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        plt.clear_figure()
        if self.game is None:
            plt.title(_("Choose a game (g) to see its score categories"))
            plot.refresh()
            return
        totals: dict[str, int] = {}
        plays = 0
        for record in filtered(self.records, self.game, self.player):
            for result in record.players:
                if self.player is None or result.player == self.player:
                    plays += 1
                    for category, points in result.breakdown.items():
                        totals[category] = totals.get(category, 0) + points
        if plays:
            categories = list(totals)
            plt.bar([cut(clean(c, lines=False), 14, "") for c in categories],
                    [round(totals[c] / plays, 1) for c in categories],
                    orientation="horizontal", width=0.3, marker="█", color=self.colour(1))
        plt.title(_("Average points per category: {who}").format(who=who(self.player) if self.player
                                                                  else _("all players")))
        plot.refresh()

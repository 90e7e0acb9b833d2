"""Scores: a compact running summary and the full breakdown table (score sheet)."""

from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from engine.core.contract import Score
from engine.core.seats import seat_tag
from tui.i18n import _, current
from tui.text import ordinal, plain, seat_label


def categories(scores: list[Score]) -> list[str]:
    """Every category in the order the score sheet lists it (first seen first)."""
    seen: dict[str, None] = {}
    for score in scores:
        seen.update(dict.fromkeys(score.breakdown))
    return list(seen)


def places_by_seat(ranking: list[tuple[int, list[int]]]) -> dict[int, int]:
    return {seat: place for place, seats in ranking for seat in seats}


def breakdown_table(names: list[str], scores: list[Score], ranking: list[tuple[int, list[int]]] | None = None) -> Table:
    """Rows are categories, columns players; totals and (when given) places at the bottom."""
    table = Table(box=box.SIMPLE_HEAD, show_footer=False, pad_edge=False)
    table.add_column(_("Category"))
    by_seat = {score.seat: score for score in scores}
    seats = sorted(by_seat)
    for seat in seats:
        table.add_column(plain(seat_label(names, seat)), justify="right")
    for category in categories(scores):
        table.add_row(plain(_(category)), *(str(by_seat[s].breakdown.get(category, 0)) for s in seats))
    table.add_section()
    table.add_row(Text(_("Total"), style="bold"), *(Text(str(by_seat[s].total), style="bold") for s in seats))
    if ranking:
        places = places_by_seat(ranking)
        table.add_row(_("Place"), *(ordinal(places[s]) + (" ★" if places[s] == 1 else "") for s in seats))
    return table


def summary_title(meaning: str, ended_now: dict[int, str] | None) -> str:
    """What the running totals count: 'Score if it ended now', 'Score so far', or both."""
    what = _("if it ended now") if meaning == "if the game ended now" else _(meaning)
    return (_("Score {what} (if ended now)") if ended_now else _("Score {what} (s: sheet)")).format(what=what)


class ScoreSummary(Static):
    """Running totals, labelled with what they count (``Rules.running_score``); where a game
    also has a total if it ended now, both. '▶' marks the seats that must act. Compact (short
    screens): every seat on one line, by tag."""

    _shown: tuple[object, ...] = ()
    """What the summary shows, as ``show`` was given it."""

    def show(self, names: list[str], scores: list[Score], awaiting: list[int], *,
             meaning: str = "if the game ended now", ended_now: dict[int, str] | None = None,
             compact: bool = False) -> None:
        ordered = sorted(scores, key=lambda s: s.seat)
        shown = (current(), tuple(names), tuple((score.seat, score.total) for score in ordered), tuple(awaiting),
                 meaning, tuple(ended_now.items()) if ended_now else None, compact)
        if shown == self._shown:  # most moves change no total: not laid out and painted again
            return
        self._shown = shown
        self.border_title = summary_title(meaning, ended_now)
        if compact:
            line = Text()
            for score in ordered:
                line.append("  " if line else "")
                line.append(f"{'▶' if score.seat in awaiting else ''}{seat_tag(score.seat)} ")
                line.append(str(score.total), style="bold")
                if ended_now:
                    line.append(f" ({ended_now[score.seat]})")
            self.update(line)
            return
        table = Table.grid(padding=(0, 1), expand=True)
        table.add_column(width=1)
        table.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        table.add_column(justify="right")
        if ended_now:
            table.add_column(justify="right")
            table.add_row("", "", Text(_("so far"), style="dim"), Text(_("if ended"), style="dim"))
        for score in ordered:
            mark = "▶" if score.seat in awaiting else " "
            extra = [Text(ended_now[score.seat])] if ended_now else []
            table.add_row(mark, plain(seat_label(names, score.seat)), Text(str(score.total), style="bold"), *extra)
        self.update(table)

"""The side log writes again only what changed, and shows what a log written whole shows."""

from __future__ import annotations

from collections import Counter

from textual.app import App

from tests.tui.helpers import pilot_test
from tui.widgets import game_log
from tui.widgets.game_log import KEPT, GameLog

LINES = [f"Line {index}: " + "a few words " * (index % 5) for index in range(260)]


class TwoLogs(App):
    CSS = "GameLog { height: 1fr; }"

    def compose(self):
        yield GameLog(id="kept")
        yield GameLog(id="fresh")


def texts(log: GameLog) -> list[str]:
    return [strip.text for strip in log.lines]


@pilot_test
async def test_each_show_writes_the_changed_lines_only_and_matches_a_log_written_whole():
    app = TwoLogs()
    async with app.run_test(size=(40, 40)) as pilot:
        await pilot.pause()
        kept, fresh = app.query_one("#kept", GameLog), app.query_one("#fresh", GameLog)
        writes: list[str] = []
        write = kept.write
        kept.write = lambda content, **options: writes.append(content.plain) or write(content, **options)
        for count, new, rewritten in [(3, 3, 3), (10, 7, 10), (12, 2, 9), (12, 2, 0), (60, 48, 50), (99, 39, 87),
                                      (100, 1, 51), (149, 10, 50), (150, 1, 51), (260, 110, 61), (260, 0, 60)]:
            writes.clear()
            kept.show(LINES[:count], new)
            fresh.clear()
            fresh._shown, fresh._ends = [], []
            fresh.show(LINES[:count], new)
            await pilot.pause()
            assert texts(kept) == texts(fresh), count
            assert len(writes) == rewritten, (count, new, writes)
        shown = texts(kept)
        assert shown[0].startswith("… 200 earlier lines")
        entries = [text for text in shown if text.startswith(("▸ Line", "  Line"))]
        assert len(entries) == 60 == KEPT // 2 + 10 and entries[-1].startswith("  Line 259")


@pilot_test
async def test_a_line_shown_again_with_its_mark_is_not_marked_again(monkeypatch):
    """A move shows the lines of the move before: each line is cleaned and marked once as new and
    once as old, not at every show."""
    cleaned: list[str] = []
    clean = game_log.clean
    monkeypatch.setattr(game_log, "clean", lambda text: cleaned.append(text) or clean(text))
    lines = [f"Move {index}" for index in range(40)]  # lines no other test shows
    app = TwoLogs()
    async with app.run_test(size=(40, 40)) as pilot:
        await pilot.pause()
        log = app.query_one("#kept", GameLog)
        for count in range(10, 40, 3):
            log.show(lines[:count], 3)
            await pilot.pause()
    assert len(set(cleaned)) == 37 and max(Counter(cleaned).values()) == 2
    # the kept lines are shared by every show: showing them changed none of them
    kept = {(line, new): game_log.marked_line(line, new) for line in lines[:37] for new in (False, True)}
    game_log.marked_line.cache_clear()
    for (line, new), shown in kept.items():
        fresh = game_log.marked_line(line, new)
        assert shown is not fresh and (shown.plain, shown.spans, shown.style) == (fresh.plain, fresh.spans, fresh.style)

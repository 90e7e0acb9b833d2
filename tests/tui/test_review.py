"""The review of a finished game (tui/screens/review.py): opened from the end screen and the replay,
computed in the background with its progress, cancelled with nothing kept, kept and opened again
at once, and a drop opening the replay at the position before it with the search's choices.

The search worker is stood in for by a canned search (tests.tui.helpers.canned_search) and
reviews are kept in the test's data folder by saves/reviews.py."""

from __future__ import annotations

import threading

import pytest

from engine.core.match import Action
from engine.core.text import Say
from engine.registry import rules_for
from engine.search.review import Estimate, Review, ReviewedMove, review
from saves.reviews import keep_review, load_review
from saves.store import SaveStore
from tests.tui.helpers import (
    canned_search,
    finished_game,
    make_app,
    new_save,
    open_first_save,
    pilot_test,
    settle,
    text_of,
    until,
)
from tui.commands import TabulaCommands
from tui.screens.end import EndScreen
from tui.screens.replay import ReplayScreen
from tui.screens.review import ReviewScreen

PEOPLE = [("Alice", "human"), ("Bruno", "greedy")]


@pytest.fixture
def searches(monkeypatch):
    """Every search the review screen asks for, answered by the canned search; a test may hold
    the answers back after ``searches.free`` of them, until it sets ``searches.go``."""

    class Searches:
        def __init__(self) -> None:
            self.asked = 0
            self.free: int | None = None
            self.go = threading.Event()

        def search(self, decision):
            self.asked += 1
            if self.free is not None and self.asked > self.free:
                self.go.wait()
            return canned_search(decision)

    searches = Searches()
    monkeypatch.setattr(ReviewScreen, "search_here_or_there", searches.search)
    yield searches
    searches.go.set()  # a test that failed midway lets its worker end


def expected_review(data_dir) -> Review:
    """The review of the newest save, as the canned search makes it."""
    store = SaveStore(data_dir)
    record = store.load(store.summaries()[0].id)
    found = review(rules_for(record.game), [seat.name for seat in record.seats], record.options, record.seed,
                   [Action.from_json(action) for action in record.actions], canned_search)
    assert found is not None
    return found


def rows(screen: ReviewScreen) -> list[str]:
    """The drops listed."""
    return [option.prompt.plain for option in screen.query_one("#review-drops").options]


async def open_review(pilot) -> ReviewScreen:
    """v on the end screen of the newest save (opened from Resume unless it is on screen)."""
    if not isinstance(pilot.app.screen, EndScreen):
        await open_first_save(pilot)
    assert isinstance(pilot.app.screen, EndScreen)
    await pilot.press("v")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ReviewScreen)
    return screen


@pilot_test
async def test_the_end_screens_key_reviews_the_game_with_its_progress_then_the_drops(toy, tmp_path,
                                                                                     searches):
    finished_game(tmp_path, "toy", PEOPLE)
    expected = expected_review(tmp_path)
    searches.free = 2
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_save(pilot)
        assert "v Review" in " ".join(f"{key.key} {key.description}" for key in app.screen.query("FooterKey")
                                      if key.display)
        screen = await open_review(pilot)
        total = len(expected.moves)
        await until(pilot, lambda: f"2 of {total} decisions weighed" in text_of(screen.query_one("#review-left")),
                    settled=False)
        assert "s left" in text_of(screen.query_one("#review-left"))
        assert screen.query_one("#review-bar").progress == 2 and not screen.query_one("#review-done").display
        searches.go.set()
        await until(pilot, lambda: screen.review is not None)
        assert screen.review == expected
        assert load_review(tmp_path, screen.record.id, expected.actions, "normal") == expected
        assert screen.seat == 0  # Alice's, the first (only) person's
        largest = expected.largest_drops(0, 1)[0]
        assert rows(screen)[0].startswith(f"1. {largest.chapter}: ")
        detail = text_of(screen.query_one("#review-detail"))
        assert f"estimates from {largest.worlds} worlds" in detail
        assert f"{round(largest.best.win * 100)}% (tried in {largest.best.visits})" in detail
        await pilot.press("w")
        await settle(pilot)
        assert screen.seat == 1 and text_of(screen.query_one("#review-seat")).startswith("▲B Bruno")


@pilot_test
async def test_a_cancelled_review_keeps_nothing(toy, tmp_path, searches, monkeypatch):
    import tui.screens.review

    ended: list[Review | None] = []

    def followed(*args, **kwargs):
        ended.append(review(*args, **kwargs))
        return ended[-1]

    monkeypatch.setattr(tui.screens.review, "review", followed)
    finished_game(tmp_path, "toy", PEOPLE)
    searches.free = 1
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_review(pilot)
        await until(pilot, lambda: "1 of" in text_of(screen.query_one("#review-left")), settled=False)
        await pilot.press("escape")
        assert isinstance(app.screen, EndScreen)
        searches.go.set()
        await until(pilot, lambda: ended)
        assert ended == [None] and searches.asked == 2  # the search under way when cancelled, then no more
        assert screen.review is None and not list(tmp_path.glob("reviews/*.json"))


@pilot_test
async def test_a_kept_review_opens_without_a_search(toy, tmp_path, searches):
    finished_game(tmp_path, "toy", PEOPLE)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        first = await open_review(pilot)
        await settle(pilot)
        asked = searches.asked
        assert first.review is not None and asked
        await pilot.press("escape")
        await settle(pilot)
        again = await open_review(pilot)
        await settle(pilot)
        assert again.review == first.review and searches.asked == asked


@pilot_test
async def test_enter_on_a_drop_opens_the_replay_before_it_with_the_searchs_choices(toy, tmp_path,
                                                                                   searches):
    finished_game(tmp_path, "toy", PEOPLE)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_review(pilot)
        await settle(pilot)
        await pilot.press("w")  # Bruno's largest drop
        await settle(pilot)
        move = screen.drops[0]
        await pilot.press("enter")
        await settle(pilot)
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert (replay.position, replay.viewer) == (move.position - 1, 1)
        note = replay.query_one("#note")
        words = rules_for("toy").words(screen.names)
        assert note.display and f"from {move.worlds} sampled worlds" in text_of(note)
        for estimate in (move.played, *move.alternatives):
            assert f"{words(estimate.label)}: {round(estimate.win * 100)}% (tried in {estimate.visits})" \
                in text_of(note)
        assert "v" not in {binding.key for _, binding, _, _ in replay.active_bindings.values()}  # not the review again
        await pilot.press("right")
        await settle(pilot)
        assert not note.display  # the note is of that position only
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen


@pilot_test
async def test_the_replay_and_the_palette_offer_the_review_of_a_finished_game_only(toy, tmp_path,
                                                                                   searches):
    new_save(tmp_path, "toy", PEOPLE)  # still running
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
        assert "Review the game" not in {name for name, _, _ in TabulaCommands(app.screen).commands()}
        await pilot.press("v")
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
    finished_game(tmp_path, "toy", PEOPLE, seed=8)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("p")  # the newest: the finished game
        await settle(pilot)
        assert "Review the game" in {name for name, _, _ in TabulaCommands(app.screen).commands()}
        await pilot.press("v")
        await settle(pilot)
        assert isinstance(app.screen, ReviewScreen) and app.screen.review is not None


HOSTILE = "[bold red]Eve[/]\x1b[2J"


@pilot_test
async def test_names_and_labels_in_a_review_show_as_plain_text(toy, tmp_path, searches):
    """A player's name in the seat line, the drops, the detail and the chart's legend, as typed."""
    session = finished_game(tmp_path, "toy", [(HOSTILE, "human"), ("Bruno", "greedy")])
    actions = len(session.match.actions)
    given = Estimate("peek", Say("Peek at {seat:seat}'s hand", seat=0), 0.2, 40)
    better = Estimate("draw", "Draw a card", 0.6, 500)
    keep_review(tmp_path, session.record.id, Review(
        "toy", actions, "normal", (0, 1),
        (ReviewedMove(5, 3, 1, "[i]Turn 2[/i]", given, better, (better, given), 600),)))
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_review(pilot)
        await settle(pilot)
        await pilot.press("w")
        await settle(pilot)
        assert rows(screen) == ["1. [i]Turn 2[/i]: Peek at [bold red]Eve[/]␛[2J's hand — better was Draw a card, "
                                "60% → 20%"]
        assert "played Peek at [bold red]Eve[/]␛[2J's hand: 20% (tried in 40)" in text_of(
            screen.query_one("#review-detail"))
        assert "●A [bold red]Eve[/]␛[2J" in text_of(screen.query_one("#review-legend"))
        assert searches.asked == 0

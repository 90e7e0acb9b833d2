"""Fixed scenes of the app for the SVG snapshot tests and `make screenshots`.

Each scene fills a fresh data folder (fixed seeds) and drives the app to one screen.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from engine.assistant.games import GAME_IDS
from engine.registry import rules_for
from saves.store import SaveStore
from tests.tui.helpers import make_app, new_save, open_first_save, settle
from tui.app import TabulaApp

SIZES = ((80, 24), (160, 50))


async def nothing(pilot) -> None:
    await settle(pilot)


async def open_new_game(pilot) -> None:
    await pilot.press("n")
    await settle(pilot)


async def open_and_take_first(pilot) -> None:
    await open_first_save(pilot)
    await pilot.press("1")
    await settle(pilot)


def no_saves(data_dir: Path) -> None:
    pass


def almadi_vs_bot(data_dir: Path) -> None:
    new_save(data_dir, "almadi", [("Alice", "human"), ("Bruno", "greedy")], seed=7)


def almadi_finished(data_dir: Path) -> None:
    session = new_save(data_dir, "almadi", [("Alice", "greedy"), ("Bruno", "greedy"), ("Carla", "random")], seed=7)
    session.play_bots()


def almadi_characters_hotseat(data_dir: Path) -> None:
    new_save(data_dir, "almadi", [("Alice", "human"), ("Bruno", "human")], seed=7, options={"characters": True})


@dataclass(frozen=True)
class Scene:
    name: str
    prepare: Callable[[Path], None]
    steps: Callable[..., Awaitable[None]]

    def app(self, data_dir: Path, language: str | None = None) -> TabulaApp:
        self.prepare(data_dir)
        return make_app(data_dir, language=language)


def almadi_finished_reviewed(data_dir: Path) -> None:
    """The finished game with a review kept beside it: the canned search's (the search's own
    figures vary with its budget and version)."""
    from engine.core.match import Action
    from engine.search.review import review
    from saves import reviews
    from tests.tui.helpers import canned_search

    almadi_finished(data_dir)
    store = SaveStore(data_dir)
    record = store.load(store.summaries()[0].id)
    kept = review(rules_for(record.game), [seat.name for seat in record.seats], record.options, record.seed,
                  [Action.from_json(action) for action in record.actions], canned_search)
    assert kept is not None
    reviews.keep_review(data_dir, record.id, kept)


async def open_review(pilot) -> None:
    await open_first_save(pilot)
    await pilot.press("v")
    await settle(pilot)


SCENES = (
    Scene("home", no_saves, nothing),
    Scene("new-game", no_saves, open_new_game),
    Scene("almadi-table", almadi_vs_bot, open_and_take_first),
    Scene("almadi-curtain", almadi_characters_hotseat, open_first_save),
    Scene("end", almadi_finished, open_first_save),
    Scene("review", almadi_finished_reviewed, open_review),
)


# Pantheon: a mid-game table (Alice's third turn), Alice choosing where her feet go.


def pantheon_mid_game(data_dir: Path) -> None:
    from engine.core.bots import GreedyBot

    session = new_save(data_dir, "pantheon", [("Alice", "human"), ("Bruno", "greedy"), ("Cleo", "greedy")], seed=5)
    alice, turns = GreedyBot(1), 0
    while True:
        seat = session.match.awaiting()[0]
        if seat != 0:
            session.play_bots(limit=1)
            continue
        turns += session.match.view(0)["topic"] == "turn"
        if turns == 3:
            return
        session.act(0, alice.choose(session.match, 0).id)


async def open_and_move(pilot) -> None:
    await open_first_save(pilot)
    await pilot.press("1")  # Move: the map shows the number key of each hex a foot may go to
    await settle(pilot)


async def zoom_after_a_step(pilot) -> None:
    """Alice's foot joins Bruno's on B2, then z zooms in on the next choice highlighted."""
    await open_and_move(pilot)
    await pilot.press("1")
    await settle(pilot)
    await pilot.press("z", "down", "down")
    await settle(pilot)


SCENES += (Scene("pantheon-table", pantheon_mid_game, open_and_move),
           Scene("pantheon-zoom", pantheon_mid_game, zoom_after_a_step))


# The table assistant (issue 4): a setup checklist with a fixed seed, a round helper, a score sheet.


async def open_assistant_tool(pilot, game: str, tool_presses: list[str]) -> None:
    await pilot.press("t", *["down"] * GAME_IDS.index(game), "enter", *tool_presses, "enter")
    await settle(pilot)


async def thebai_checklist_two_ticked(pilot) -> None:
    await open_assistant_tool(pilot, "thebai", [])
    await pilot.press("s", *"2024", "enter")
    await settle(pilot)
    await pilot.press("space", "space")
    await settle(pilot)


async def thebai_battle_filled(pilot) -> None:
    await open_assistant_tool(pilot, "thebai", ["down"])
    await pilot.press("2", "enter", "1", "enter")  # battle 2, invader card +1
    await pilot.press(*"3 2", "tab", "2", "tab", "2", "down", "1")  # ■C: a die of 2 and strategos 1
    await settle(pilot)


async def thebai_final_sheet_filled(pilot) -> None:
    await open_assistant_tool(pilot, "thebai", ["down", "down"])
    for values in ([*"25", "enter", *"12", "enter", "9", "enter", "5", "enter", "3", "enter",
                    "2", "enter", "1", "enter", "enter", "1", "enter", "2"],
                   [*"31", "enter", *"14", "enter", "6", "enter", "2", "enter", "2", "enter",
                    "2", "enter", "2", "enter", "2", "enter", "1"]):
        await pilot.press(*values)
        await pilot.press(*["up"] * 9, "tab")
    await settle(pilot)


SCENES += (
    Scene("assistant-checklist", no_saves, thebai_checklist_two_ticked),
    Scene("assistant-battle", no_saves, thebai_battle_filled),
    Scene("assistant-sheet", no_saves, thebai_final_sheet_filled),
)


# Play across terminals: Bruno's terminal opens a game whose seat ●A another terminal holds.


def almadi_seat_held_elsewhere(data_dir: Path) -> None:
    from saves.seats import SeatLeases, new_holder_id

    session = new_save(data_dir, "almadi", [("Alice", "human"), ("Bruno", "human"), ("Carla", "human")], seed=7,
                       title="Friday night")
    SeatLeases(data_dir, session.record.id).acquire(0, new_holder_id())


SCENES += (Scene("seat-dialog", almadi_seat_held_elsewhere, open_first_save),)


# Play records and stats (issue 13): a fixed set of plays, the table and a chart.


def eight_plays(data_dir: Path) -> None:
    from tests.records_set import fill

    fill(data_dir)


async def open_stats(pilot) -> None:
    await pilot.press("s")
    await settle(pilot)


async def open_stats_chart(pilot) -> None:
    await open_stats(pilot)
    await pilot.press("g", "right")  # Almadi, scores over time
    await settle(pilot)


SCENES += (Scene("stats", eight_plays, open_stats), Scene("stats-chart", eight_plays, open_stats_chart))


# Thebai: a 4-player table in round 3, Alice moving her archon (the number keys on the city).


def thebai_mid_game(data_dir: Path) -> None:
    from engine.core.bots import GreedyBot

    session = new_save(data_dir, "thebai", [("Alice", "human"), ("Bruno", "greedy"), ("Cleo", "greedy"),
                                            ("Dora", "greedy")], seed=7)
    alice, moves = GreedyBot(1), 0
    while moves < 20:
        if session.match.awaiting()[0] != 0:
            session.play_bots(limit=1)
            continue
        session.act(0, alice.choose(session.match, 0).id)
        moves += 1


async def thebai_archon(pilot) -> None:
    await open_first_save(pilot)
    for key in ("1", "3", "1"):  # a citizen die on the estate's Trade space (a grape): then the archon
        await pilot.press(key)
        await settle(pilot)


async def thebai_full_log(pilot) -> None:
    await thebai_archon(pilot)
    await pilot.press("l")
    await settle(pilot)


async def thebai_whole_choice(pilot) -> None:
    await thebai_archon(pilot)
    await pilot.press("question_mark")
    await settle(pilot)


async def thebai_reading_help(pilot) -> None:
    """F1 at the table, then the help's section on reading the table (the legend at any size)."""
    await thebai_archon(pilot)
    await pilot.press("f1")
    await settle(pilot)
    topics = pilot.app.screen.query_one("#help-topics")
    topics.highlighted = next(n for n, section in enumerate(pilot.app.screen.sections) if section.topic == "reading")
    await settle(pilot)


async def thebai_hint(pilot) -> None:
    """The hint panel as a search would fill it (a fixed hint: the search's figures vary by run)."""
    from engine.search.hint import Hint, Suggestion
    from tui.table.controller import HintReady

    await thebai_archon(pilot)
    table = pilot.app.screen
    choices = table.state.choices
    suggestions = tuple(Suggestion(choice.id, choice.label, win, 400)
                        for choice, win in zip(choices, (0.41, 0.33, 0.2)))
    table.show_suggestions(HintReady(Hint(table.state.viewer, table.state.position, suggestions, 1200)))
    await settle(pilot)


SCENES += (Scene("thebai-table", thebai_mid_game, thebai_archon),
           Scene("thebai-log", thebai_mid_game, thebai_full_log),
           Scene("thebai-choice", thebai_mid_game, thebai_whole_choice),
           Scene("thebai-reading", thebai_mid_game, thebai_reading_help),
           Scene("thebai-hint", thebai_mid_game, thebai_hint))


# Polis: Athens (Alice) against a greedy Sparta in round #4, Alice choosing where her hoplites go:
# the map shows the number key of each destination.


def polis_mid_game(data_dir: Path) -> None:
    from engine.core.bots import GreedyBot

    session = new_save(data_dir, "polis", [("Alice", "human"), ("Bruno", "greedy")], seed=6)
    alice = GreedyBot(1)
    while True:
        if session.match.awaiting()[0] != 0:
            session.play_bots(limit=1)
            continue
        state = session.match.state
        if (state["round"] >= 2 and not state["passed"][1]
                and "act:move-hoplites" in [c.id for c in session.match.legal(0)]):
            session.act(0, "act:move-hoplites")
            return
        session.act(0, alice.choose(session.match, 0).id)


SCENES += (Scene("polis-table", polis_mid_game, open_first_save),)


def waiting_for_alice(data_dir: Path) -> None:
    """Three games waiting for Alice's move (this terminal plays every human seat), last moved at
    fixed times (naive, so shown as written whatever the time zone) under fixed ids (a file's
    name is its game's id), and a game of bots."""
    import json

    from saves.store import SaveStore

    store = SaveStore(data_dir)
    for day, title, seed in ((3, "Tuesday club", 7), (1, "Bruno's rematch", 8), (2, "Long game with Carla", 9)):
        save_id = new_save(data_dir, "almadi", [("Alice", "human"), ("Bruno", "greedy")], seed=seed,
                           title=title).record.id
        path = store.path_of(save_id)
        document = json.loads(path.read_text())
        document["save"]["1"]["updated"] = f"2024-03-0{day}T1{day}:05:00"
        path.write_text(json.dumps(document, ensure_ascii=False, separators=(",", ":")))
        path.rename(path.with_name(f"game{day}.json"))
    almadi_finished(data_dir)


async def open_mine(pilot) -> None:
    await pilot.press("r")
    await settle(pilot)
    await pilot.press("m")
    await settle(pilot)


SCENES += (Scene("home-your-move", waiting_for_alice, nothing), Scene("resume-mine", waiting_for_alice, open_mine))


# Table talk open over Almadi's table: a few messages of a day gone by (their date shown), markup as typed.


def almadi_with_talk(data_dir: Path) -> None:
    from datetime import UTC, datetime, timedelta

    from saves.talk import GameTalk

    save_id = new_save(data_dir, "almadi", [("Alice", "human"), ("Bruno", "greedy")], seed=7).record.id
    moment = [datetime(2024, 3, 1, 12, tzinfo=UTC)]

    def clock() -> datetime:
        moment[0] += timedelta(minutes=1)
        return moment[0]

    talk = GameTalk(data_dir, save_id, clock)
    for name, text in (("Bruno", "Good luck! I always take the [b]palaces[/b] first."),
                       ("watcher", "Spectating from the club's server, have fun both of you."),
                       ("Alice", "Thanks. Row 2 looks good for a market; we will see about those palaces " * 2)):
        talk.say(name, f"local:{name}", text)


async def open_talk(pilot) -> None:
    await open_and_take_first(pilot)
    await pilot.press("exclamation_mark")
    await settle(pilot)


SCENES += (Scene("table-talk", almadi_with_talk, open_talk),)


# The component editor: a set changing the first record of a kind, its list and its form.


EDITOR_KINDS = [("almadi", "landscapes"), ("thebai", "cadmea"), ("pantheon", "gods"), ("polis", "poleis")]
"""The component editor's snapshots, a kind a line (game, data file)."""


def box_with_changes(data_dir) -> None:
    """A set changing the first record of each kind of EDITOR_KINDS: every effect field given a
    victory point more, every pick its last option (an Almadi tile of moons only: a problem named
    on it)."""
    import copy

    from engine.component_sets import new_set, save_set, with_record
    from engine.core import components
    from engine.core.box import Effect, Pick, with_value
    from engine.registry import box_for

    kept = new_set(data_dir, "My box")
    for game, file in EDITOR_KINDS:
        record = copy.deepcopy(components.builtin_records(game, file)[0])
        for spec in box_for(game).kind(file).fields:
            if isinstance(spec, Pick) and spec.path[0] == "sides":
                record = with_value(record, spec.path, "moon")
            elif isinstance(spec, Effect):
                record = with_value(record, spec.path, [*record[spec.path[0]], {"vp": 1}])
        kept = with_record(kept, game, file, record)
    save_set(data_dir, kept)


async def open_editor(pilot, game: str, file: str, form: bool) -> None:
    from tests.tui.test_component_editor import open_kind

    await pilot.press("c")
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)
    await open_kind(pilot, game, file)
    if form:
        await pilot.press("enter")
        await settle(pilot)


COMPONENT_SCENES = (Scene("components-records", box_with_changes, partial(open_editor, game="almadi", file="landscapes",
                                                                          form=False)),
                    Scene("components-form", box_with_changes, partial(open_editor, game="thebai", file="cadmea",
                                                                       form=True)))
"""The editor as the README shows it (the snapshot tests take every kind of EDITOR_KINDS)."""

"""What a command imports: the servers' libraries (asyncssh, textual-serve) only to serve,
markdown parsing only for the rules help, Textual only for the app, Rich only to print with it."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("asyncssh", "textual_serve", "markdown_it", "textual")


def loaded_after(code: str, packages: tuple[str, ...] = HEAVY) -> set[str]:
    """The ``packages`` a fresh interpreter has imported after running ``code``."""
    probe = f"import sys, json\n{code}\nprint(json.dumps(sorted(m for m in {packages!r} if m in sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return set(json.loads(out.splitlines()[-1]))


NO_UI = [["--help"], ["serve", "--help"], ["serve", "ssh", "--help"], ["serve", "web", "--help"], ["join", "--help"],
         ["saves", "list"], ["saves", "verify"], ["saves", "seats", "--help"],
         ["records", "list"], ["records", "export"], ["review", "--help"],
         ["score", "thebai", "--example"], ["simulate", "toy", "--games", "1"],
         ["arena", "toy", "--seats", "random,greedy", "--games", "1"]]
"""Every command that shows no UI (the app and ``join`` open it)."""


@pytest.mark.parametrize("argv", NO_UI, ids=[" ".join(argv) for argv in NO_UI])
def test_a_command_that_shows_no_ui_loads_no_server_markdown_or_textual(argv, tmp_path):
    from tests import toygame

    code = (f"from engine import registry\nregistry.GAMES.setdefault({toygame.GAME_ID!r}, {toygame.ENTRY!r})\n"
            f"from tui.cli import main\nmain({[*argv, '--data-dir', str(tmp_path)]!r})")
    assert loaded_after(code) == set()


def test_records_list_loads_no_ui_for_the_records_it_shows(tmp_path):
    """With play records to show (a finished game's and a score sheet's), whose game titles and
    variants it names, ``records list`` still loads neither Textual nor the charts' textual-plotext."""
    from saves.records import PlayerResult, PlayRecord
    from saves.session import GameSession
    from saves.store import SaveStore, Seat

    store = SaveStore(tmp_path)
    GameSession.new(store, "almadi", "finished", [Seat("Ann", "random"), Seat("Bo", "random")], seed=3).play_bots()
    store.records.put(PlayRecord("sheet-record", "2025-01-01T20:00:00+00:00", "pantheon",
                                 [PlayerResult("Cy", 30, {}, True), PlayerResult("Di", 20)], source="sheet"))
    code = f"from tui.cli import main\nassert main(['records', 'list', '--data-dir', {str(tmp_path)!r}]) == 0"
    assert loaded_after(code, ("textual", "textual_plotext")) == set()
    assert len(store.records.all()) == 2


def saves_listed(folder: Path) -> str:
    """Code listing the saves of ``folder`` (one game saved there, and listed once: its index is
    up to date) into a pipe."""
    from saves.session import GameSession
    from saves.store import SaveStore, Seat

    store = SaveStore(folder)
    GameSession.new(store, "almadi", "Lunch", [Seat("Ann", "human"), Seat("Bo", "greedy")], seed=3)
    store.summaries()
    return f"from tui.cli import main\nassert main(['saves', 'list', '--data-dir', {str(folder)!r}]) == 0\nprint()"


def test_saves_list_into_a_pipe_prints_its_rows_without_rich_s_console(tmp_path):
    """A pipe has no width to fit nor bold to show; a list of thousands of saves is timed start-up
    included. (Rich's table of character widths may load: the seats to move are ▲B...)"""
    assert loaded_after(saves_listed(tmp_path), ("rich.console", "rich.text")) == set()


def test_saves_list_loads_no_sessions_rules_machinery_component_sets_or_component_editor(tmp_path):
    """It reads the saves' headers: what plays a game or edits its components need not load."""
    loaded = loaded_after(saves_listed(tmp_path), ("saves.session", "engine.core.contract", "engine.core.match",
                                                   "engine.core.bots", "engine.component_sets", "engine.core.box"))
    assert loaded == set()


def test_saves_list_given_its_folder_loads_no_data_folder_lookup_id_maker_or_component_loaders(tmp_path):
    """Each costs milliseconds of a listing's start: platformdirs (and tempfile) finds the default
    folder, secrets (hashlib, random) makes a new save's id, and the component data's loaders
    read no listed save."""
    loaded = loaded_after(saves_listed(tmp_path), ("platformdirs", "secrets", "hashlib", "random",
                                                   "engine.core.components"))
    assert loaded == set()


def test_saves_list_with_its_index_up_to_date_takes_no_lock_and_loads_no_filelock(tmp_path):
    """filelock brings logging, decimal, random... (some 20-30 ms of CPU); a listing
    that finds nothing to write takes no lock."""
    assert loaded_after(saves_listed(tmp_path), ("filelock",)) == set()


def test_the_app_and_its_home_screen_load_no_server_or_markdown():
    assert loaded_after("import tui.app, tui.screens.home, tui.screens.resume, tui.screens.table") == {"textual"}


def test_the_rules_help_brings_markdown_with_it():
    assert "markdown_it" in loaded_after("import tui.screens.help")


def test_simulate_says_its_summary_without_rich():
    """Its games per second are timed start-up included; its one line needs no Rich."""
    code = "from tui.cli import main\nassert main(['simulate', 'almadi', '--games', '1']) == 0"
    assert loaded_after(code, ("rich", *HEAVY)) == set()


def test_the_commands_help_loads_no_component_data_machinery_nor_the_web_server():
    code = "from tui.cli import main\nmain(['--help'])"
    assert loaded_after(code, ("engine.core.components", "tui.serve.web", "tui.serve.visit", "hashlib")) == set()


def test_the_app_starts_without_loading_filelock_where_it_keeps_no_players_file():
    assert loaded_after("import tui.app, tui.screens.home", ("filelock",)) == set()


HOME_THEN_WARM_UP = """
import asyncio, sys, threading
from pathlib import Path
import tui.app
from tui.app import TabulaApp

warm_ups = []
tui.app.load_the_table = lambda: warm_ups.append(threading.current_thread() is threading.main_thread())

async def home():
    app = TabulaApp(Path({folder!r}))
    async with app.run_test(size=(80, 24)) as pilot:
        while app.your_moves is None or app.your_moves.games is None or not warm_ups:  # Home was told
            await pilot.pause(0.01)
        await app.workers.wait_for_complete()
    print("warm-ups on the event loop:", *warm_ups)

asyncio.run(home())
"""


def test_the_app_up_to_home_loads_no_game_table_but_in_a_warm_up_thread(tmp_path):
    """A start draws Home: a table's modules (over 100 ms of imports, on the event loop as the
    app started, when Home's count of waiting games loaded them) load in a thread once Home is
    drawn (its warm-up, left out here), before the first game is opened."""
    table = ("tui.screens.table", "tui.table.controller", "saves.session")
    code = HOME_THEN_WARM_UP.format(folder=str(tmp_path))
    probe = f"import sys, json\n{code}\nprint(json.dumps(sorted(m for m in {table!r} if m in sys.modules)))"
    said = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True,
                          timeout=60)
    warm_ups, loaded = said.stdout.splitlines()[-2:]
    assert warm_ups == "warm-ups on the event loop: False" and json.loads(loaded) == [], said.stderr

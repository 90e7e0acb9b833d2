"""The ``tabula`` command: the Textual app by default, plus headless subcommands.

To add a subcommand, write one function ``add_NAME(commands)`` that calls
``command(commands, "NAME", "help text", run_NAME)`` (which gives it ``--data-dir`` and
sets ``run``), declares its arguments on the parser it returns, and list it in SUBCOMMANDS.
``run_NAME(args) -> int`` returns the exit status; ``data_dir(args)`` is the data folder.

Every error is said one way, ``fail(message)``: "Error: message" on standard error, exit status
2 for a command line that cannot be run as written (argparse's own complaints included, an
unknown game, a file that cannot be read), 1 for a command that ran and failed (what it read
was refused, or the work failed).

Rich loads only when something is printed through it (a table, a styled line, an error):
``simulate`` says its one summary line with print(), and its games are timed start-up included.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from saves.errors import SaveError
from tui.text import clean, plain, short_time

if TYPE_CHECKING:
    from rich.console import Console

    from saves.store import SaveStore

Run = Callable[[argparse.Namespace], int]


USAGE, FAILED = 2, 1
"""Exit statuses: the command line cannot be run as written; the command ran and failed."""


def main(argv: list[str] | None = None) -> int:
    from engine.core.components import ComponentDataError

    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exit:  # --help, or a command line argparse refused (said by Parser.error)
        return int(exit.code or 0)
    try:
        return args.run(args)
    except (SaveError, ComponentDataError) as error:
        return fail(error)
    except OSError as error:  # e.g. a data folder that cannot be read
        return fail(f"{error.strerror or error}: {error.filename or ''}")


def fail(message: object, status: int = FAILED) -> int:
    """Say an error the one way every command does, and return the exit status."""
    from rich.console import Console
    from rich.text import Text

    Console(stderr=True, highlight=False, soft_wrap=True).print(Text.assemble(("Error: ", "bold red"), plain(message)))
    return status


class Parser(argparse.ArgumentParser):
    """argparse with its complaints said like every other error, and where to read more."""

    def error(self, message: str):
        sys.exit(fail(f"{message} (see '{self.prog} --help')", USAGE))


def say(console: Console, message: object, label: str = "", style: str = "") -> None:
    """Print ``message`` as plain text (it quotes titles, names and file names), after a styled label."""
    from rich.text import Text

    console.print(Text.assemble((f"{label} " if label else "", style), plain(message)))


def data_dir_option() -> argparse.ArgumentParser:
    option = Parser(add_help=False)
    option.add_argument("--data-dir", metavar="DIR", default=argparse.SUPPRESS,
                        help="data folder (default: $TABULA_DATA_DIR or the user's data folder)")
    return option


def command(commands: argparse._SubParsersAction, name: str, help: str, run: Run) -> argparse.ArgumentParser:
    parser = commands.add_parser(name, help=help, description=help, parents=[data_dir_option()])
    parser.set_defaults(run=run)
    return parser


def data_dir(args: argparse.Namespace) -> Path:
    from saves.paths import resolve_data_dir  # the saves load only for the commands that use them

    return resolve_data_dir(getattr(args, "data_dir", None))


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="tabula", parents=[data_dir_option()],
                                     description="A terminal companion for Thebai, Almadi, Polis and Pantheon.")
    parser.set_defaults(run=run_app)
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    for add in SUBCOMMANDS:
        add(commands)
    return parser


def run_app(args: argparse.Namespace) -> int:
    """The app; its exit status is non-zero when it ended on an error (Textual printed why)."""
    from tui.app import TabulaApp  # Textual loads only when the app is wanted

    app = TabulaApp(data_dir=data_dir(args))
    app.run()
    return app.return_code or 0


# -- simulate ---------------------------------------------------------------------------------


LEVEL_NAMES = {"easy": "greedy"}
"""Bot levels as the app names them, accepted wherever a bot kind is typed (Normal and Hard
are kinds already)."""


def bot_kinds() -> tuple[str, ...]:
    from engine.bots import BOTS

    return tuple(BOTS)


def bot_kind(text: str) -> str:
    """A bot kind from the command line: a kind, or a level's name ("easy" is the greedy bot)."""
    text = text.strip().lower()
    return LEVEL_NAMES.get(text, text)


def add_simulate(commands) -> None:
    parser = command(commands, "simulate", "play complete games with bots, headless, and check each replays",
                     run_simulate)
    parser.add_argument("game", help="game id, e.g. almadi")
    parser.add_argument("--players", type=int, help="number of players (default: the game's minimum)")
    parser.add_argument("--games", type=int, default=10, help="how many games (default 10)")
    parser.add_argument("--seed", type=int, default=0, help="game i uses seed SEED+i (default 0)")
    parser.add_argument("--bot", type=bot_kind, choices=bot_kinds(), default="random",
                        help="bot for every seat: random, greedy (or easy), normal or hard (the search bot)")
    parser.add_argument("--max-decisions", type=int, default=100_000,
                        help="a game still running after this many decisions counts as an error")


@dataclass
class GameRun:
    seed: int
    decisions: int = 0
    actions: list[dict] = field(default_factory=list)
    """The action log of a game that failed (for the report); empty for one that did not."""
    error: str = ""


def play_game(rules, players: int, seed: int, bot_kind: str, max_decisions: int) -> GameRun:
    """One game by bots to the end, then a replay of its log that must give the same state (every
    chance outcome drawn again from the seed, every choice applied again as it was played)."""
    from engine.bots import make_bot
    from engine.core.match import Match
    from engine.core.seats import seat_letter

    run, match = GameRun(seed), None
    names = [f"Bot {seat_letter(seat)}" for seat in range(players)]
    try:
        match, played = Match(rules, names, {}, seed), []
        bots = {seat: make_bot(bot_kind, f"{seed}:{seat}") for seat in range(players)}
        while True:
            match.draw_all()
            decision = match.decision
            if decision is None:
                break
            if run.decisions >= max_decisions:
                raise RuntimeError(f"runaway game: not over after {max_decisions} decisions")
            seat = decision.actors[0]
            played.append(match.choose(seat, bots[seat].choose(match, seat).id))
            run.decisions += 1
        replayed = Match.replay(rules, names, match.options, seed, match.actions, played)
        if replayed.state != match.state:
            raise RuntimeError("replaying the action log does not reproduce the final state")
    except Exception as error:  # a simulation reports every failure, whatever it is
        run.error = "".join(traceback.format_exception(error))
    if match is not None and run.error:
        run.actions = [action.to_json() for action in match.actions]
    return run


def output() -> Console:
    """Standard output; when it is a pipe or a file, as wide as the lines need (not cut at 80)."""
    from rich.console import Console

    return Console(highlight=False, width=None if sys.stdout.isatty() else 1000)


def run_simulate(args: argparse.Namespace) -> int:
    from engine.core.components import ComponentDataError
    from engine.registry import rules_for

    try:
        rules = rules_for(args.game)
        rules.data_version()  # loads the component data: a bad file of the user's is refused here
    except KeyError as error:
        return fail(error.args[0], USAGE)
    except ComponentDataError as error:
        return fail(error)
    players = args.players or rules.min_players
    if not rules.min_players <= players <= rules.max_players:
        return fail(f"{rules.title} is for {rules.min_players}-{rules.max_players} players, not {players}", USAGE)
    gc.freeze()  # what start-up loaded stays: the collector's full passes need not walk it after every game
    started = time.perf_counter()
    runs = [play_game(rules, players, args.seed + i, args.bot, args.max_decisions) for i in range(args.games)]
    seconds = time.perf_counter() - started
    failures = [run for run in runs if run.error]
    console = output() if failures else None
    for run in failures:
        say(console, f"after {len(run.actions)} actions: {run.error.strip().splitlines()[-1]}",
            f"Game with seed {run.seed} failed", "bold red")
    if failures:
        from saves.storage import atomic_write_text

        report = Path.cwd() / f"simulate-failures-{args.seed}.json"
        atomic_write_text(report, json.dumps({
            "game": args.game, "players": players, "bot": args.bot,
            "failures": [{"seed": r.seed, "error": r.error, "actions": r.actions} for r in failures],
        }, indent=1))
        say(console, f"Seeds and action logs of the failing games: {report}")
    decisions = sum(run.decisions for run in runs)
    rate = len(runs) / seconds if seconds > 0 else 0.0
    print(f"games={len(runs)} errors={len(failures)} decisions={decisions} seconds={seconds:.2f} games_per_s={rate:.2f}",
          flush=True)
    return 1 if failures else 0


# -- arena --------------------------------------------------------------------------------------


def add_arena(commands) -> None:
    parser = command(commands, "arena", "headless matches between bot kinds, with win rates and score margins",
                     run_arena)
    parser.add_argument("game", help="game id, e.g. almadi")
    parser.add_argument("--players", type=int, help="number of players (default: as many as --seats lists)")
    parser.add_argument("--seats", required=True,
                        help="a bot kind per seat, comma-separated, e.g. normal,greedy (kinds: "
                             f"{', '.join(bot_kinds())}; easy is greedy); seats rotate from game to game")
    parser.add_argument("--games", type=int, default=20, help="how many games (default 20)")
    parser.add_argument("--seed", type=int, default=0, help="first deal's seed (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once, one process each (default 1)")
    parser.add_argument("--no-time-cap", action="store_true",
                        help="search bots use their whole budget however long it takes (reproducible anywhere)")
    parser.add_argument("--games-log", metavar="FILE",
                        help="append each game to FILE as it ends, one JSON line (deal seed, seats, scores, winners, "
                             "think times), to pool runs on other deals or keep the games of a run cut short")


def run_arena(args: argparse.Namespace) -> int:
    from rich.table import Table

    from engine.registry import rules_for
    from engine.search.arena import arena
    from engine.search.profiles import LEVELS

    console = output()
    try:
        rules = rules_for(args.game)
    except KeyError as error:
        return fail(error.args[0], USAGE)
    seats = [bot_kind(kind) for kind in args.seats.split(",") if kind.strip()]
    unknown = sorted(set(seats) - set(bot_kinds()))
    if unknown:
        return fail(f"unknown bot kind {', '.join(unknown)}; choose from {', '.join(bot_kinds())}", USAGE)
    players = args.players or len(seats)
    if len(seats) == 1:
        seats *= players
    if len(seats) != players:
        return fail(f"--seats lists {len(seats)} kinds for {players} players", USAGE)
    if not rules.min_players <= players <= rules.max_players:
        return fail(f"{rules.title} is for {rules.min_players}-{rules.max_players} players, not {players}", USAGE)
    if args.games < 1 or args.jobs < 1:
        return fail("--games and --jobs must be at least 1", USAGE)

    log = None
    if args.games_log:
        try:
            log = open(args.games_log, "a", encoding="utf-8")
        except OSError as error:
            return fail(f"cannot write {args.games_log} ({error.strerror or error})")

    def progress(index: int, result) -> None:
        if log is not None:
            log.write(json.dumps({"game": args.game, **result.to_json()}) + "\n")
            log.flush()
        if sys.stderr.isatty():
            print(f"\r{index + 1}/{args.games} games", end="", file=sys.stderr, flush=True)

    started = time.perf_counter()
    try:
        stats = arena(args.game, seats, args.games, args.seed, jobs=args.jobs, capped=not args.no_time_cap,
                      on_game=progress)
    finally:
        if log is not None:
            log.close()
    if sys.stderr.isatty():
        print(file=sys.stderr)
    table = Table(title=f"{rules.title}, {players} players, {args.games} games (seed {args.seed}), seats rotating")
    for column in ("bot", "seat-games", "wins", "win rate", "95% interval", "avg margin", "think p50", "think p95", "cut by cap"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for kind in dict.fromkeys(seats):
        entry = stats[kind]
        low, high = entry.interval
        table.add_row(kind, str(entry.seats), f"{entry.wins:g}", f"{entry.rate:.0%}", f"{low:.0%}-{high:.0%}", f"{entry.margin:+.1f}",
                      seconds_text(entry.think_quantile(0.5)), seconds_text(entry.think_quantile(0.95)),
                      f"{entry.cut}/{len(entry.think)}" if kind in LEVELS else "-")
    console.print(table)
    say(console, f"Win rate: share of first places (a shared first place counts as a share). Margin: own score "
                 f"minus the best other's. Think: CPU time per decision with a choice; cut by cap: searches a time cap ended before their "
                 f"budget (on a busy machine the clock cap can; such moves depend on the load). "
                 f"{time.perf_counter() - started:.1f} s in all.")
    return 0


def seconds_text(value: float) -> str:
    return "-" if value != value else f"{value * 1000:.0f} ms" if value < 1 else f"{value:.2f} s"


# -- saves --------------------------------------------------------------------------------------


def add_saves(commands) -> None:
    parser = command(commands, "saves", "list, export, import and verify saved games", run_saves_list)
    saves = parser.add_subparsers(title="saves commands", metavar="ACTION")
    command(saves, "list", "list saved games, most recently played first", run_saves_list)
    export = command(saves, "export", "write a saved game as JSON", run_saves_export)
    export.add_argument("id", help="save id (see 'tabula saves list')")
    export.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    imported = command(saves, "import", "add a saved game from an exported JSON file", run_saves_import)
    imported.add_argument("file", help="JSON file written by 'tabula saves export'")
    imported.add_argument("--as-copy", action="store_true",
                          help="import a game that is already saved here as a further copy, titled '... (copy)'")
    command(saves, "verify", "replay every saved game and report any that does not reproduce", run_saves_verify)
    from tui.serve.commands import add_seats  # imports this module: only once it is loaded

    add_seats(saves)


def report_problems(console: Console, store: SaveStore) -> None:
    for problem in store.problems:
        say(console, problem, "Note:", "bold yellow")


def run_saves_list(args: argparse.Namespace) -> int:
    from engine.registry import title_of
    from saves.store import SaveStore

    console, store = output(), SaveStore(data_dir(args))
    records = store.summaries()
    report_problems(console, store)
    if not records:
        say(console, f"No saved games in {store.data_dir}")
        return 0
    rows = []
    for record in records:
        seats = ", ".join(seat.name if seat.kind == "human" else f"{seat.name} ({seat.kind})" for seat in record.seats)
        status = f"{record.status}, seed chosen" if record.seed_chosen else record.status
        rows.append([clean(cell, lines=False) for cell in (
            record.id, title_of(record.game), record.title, seats, record.progress, status,
            short_time(record.updated))])
    print_columns(console, ["id", "game", "title", "seats", "progress", "status", "last played"], rows,
                  shrink=("title", "seats", "progress"))
    return 0


def print_columns(console: Console, headers: list[str], rows: list[list[str]], shrink: tuple[str, ...]) -> None:
    """Rows of plain text (controls already made visible) in aligned columns, the header in bold.

    Rich's Table measures, wraps and renders every cell, some seconds for thousands of rows;
    this writes each line once. On a terminal the ``shrink`` columns, widest first, are cut
    (with '…') to fit its width; into a pipe or a file nothing is cut."""
    from rich.text import Text

    widths = [max([width_of(header), *(width_of(row[i]) for row in rows)]) for i, header in enumerate(headers)]
    if console.is_terminal:
        room = console.width - 2 * (len(headers) - 1)
        cuttable = [headers.index(name) for name in shrink]
        while sum(widths) > room:
            widest = max(cuttable, key=lambda i: widths[i])
            if widths[widest] <= 8:
                break
            widths[widest] -= 1

    def line(cells: list[str]) -> str:
        return "  ".join(fit_cell(cell, width) for cell, width in zip(cells, widths)).rstrip()

    console.print(Text(line(headers), style="bold"), soft_wrap=True)
    console.file.write("".join(line(row) + "\n" for row in rows))
    console.file.flush()


def width_of(text: str) -> int:
    """Columns ``text`` takes on a terminal."""
    from rich.cells import cell_len

    return len(text) if text.isascii() else cell_len(text)


def fit_cell(text: str, width: int) -> str:
    """``text`` padded to ``width`` columns, or cut to them with '…'."""
    size = width_of(text)
    if size <= width:
        return text + " " * (width - size)
    from rich.cells import set_cell_size

    return set_cell_size(text, width - 1) + "…"


def escape_controls(json_text: str) -> str:
    """JSON text with every character a terminal could act on (C1 controls, bidi overrides...)
    written as a \\u escape: the same JSON, harmless on a screen."""
    if clean(json_text) == json_text:
        return json_text
    return "".join(ch if ch == "\n" or clean(ch) == ch else json.dumps(ch)[1:-1] for ch in json_text)


def run_saves_export(args: argparse.Namespace) -> int:
    from saves.storage import atomic_write_text
    from saves.store import SaveStore

    text = json.dumps(SaveStore(data_dir(args)).export(args.id), indent=1, ensure_ascii=False)
    if args.output:
        atomic_write_text(Path(args.output), text + "\n")
        say(output(), f"Exported {args.id} to {args.output}")
    else:
        print(escape_controls(text))
    return 0


def run_saves_import(args: argparse.Namespace) -> int:
    from saves.session import replay_record
    from saves.storage import MAX_DOCUMENT, UnreadableFile, parse_json
    from saves.store import SaveStore, record_from_dict

    raw = read_named_file(args.file, MAX_DOCUMENT)
    if isinstance(raw, int):
        return raw
    try:
        data = parse_json(raw)
    except UnreadableFile as error:
        return fail(f"{args.file} cannot be used: {error}")
    replay_record(record_from_dict(data))  # refuse what would not load
    record = SaveStore(data_dir(args)).import_(data, as_copy=args.as_copy)
    say(output(), f"Imported {record.title!r} as {record.id}")
    return 0


def run_saves_verify(args: argparse.Namespace) -> int:
    from saves.session import SaveDoesNotReplay, replay_record
    from saves.store import SaveStore

    console, store = output(), SaveStore(data_dir(args))
    checked = failed = 0
    for record in store.saved_games():
        checked += 1
        try:
            replay_record(record)
        except SaveDoesNotReplay as error:
            failed += 1
            say(console, error, "Does not replay:", "bold red")
    report_problems(console, store)
    say(console, f"{checked - failed} of {checked} saved games replay; "
                 f"{failed} do not; {len(store.problems)} files could not be used")
    return 1 if failed or store.problems else 0


# -- score ---------------------------------------------------------------------------------------


def add_score(commands) -> None:
    parser = command(commands, "score", "compute a final score sheet from a JSON file (docs/score-sheets.md)",
                     run_score)
    parser.add_argument("game", help="game id: thebai, almadi, polis or pantheon")
    parser.add_argument("sheet", nargs="?", help="the sheet, a JSON file ('-' reads standard input)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--example", action="store_true", help="print a filled example sheet for GAME")


def run_score(args: argparse.Namespace) -> int:
    from engine.assistant.examples import example_text
    from engine.assistant.games import GAME_IDS
    from engine.assistant.sheets import SheetError, score_sheet

    if args.game not in GAME_IDS:
        return fail(f"unknown game {args.game!r}; the games are {', '.join(GAME_IDS)}", USAGE)
    if args.example:
        print(example_text(args.game))
        return 0
    if args.sheet is None:
        return fail("give a sheet file (or --example to see one)", USAGE)
    from engine.core.files import UnreadableFile, parse_json
    from saves.storage import MAX_DOCUMENT

    raw = read_named_file(args.sheet, MAX_DOCUMENT)
    if isinstance(raw, int):
        return raw
    try:
        data = parse_json(raw)
    except UnreadableFile as error:
        return fail(f"{args.sheet} cannot be used: {error}")
    try:
        report = score_sheet(args.game, data)
    except SheetError as error:
        return fail(f"{args.sheet}: {error}")
    if args.json:
        print(json.dumps(score_json(args.game, report), indent=2, ensure_ascii=False))
    else:
        print_score(report)
    return 0


def score_json(game: str, report) -> dict:
    result = report.evaluation.result
    return {
        "game": game, "form": report.form.id, "players": report.names,
        "scores": [{"player": report.names[s.seat], "breakdown": s.breakdown, "total": s.total} for s in result.scores],
        "winners": [report.names[seat] for seat in result.winners],
        "tie_rule": report.form.tie_rule, "notes": result.notes,
    }


def print_score(report) -> None:
    from rich.table import Table
    from rich.text import Text

    result = report.evaluation.result
    table = Table(title=Text(report.form.title), show_lines=False)
    table.add_column("")
    for name in report.names:
        table.add_column(plain(name), justify="right")
    for row in result.rows:
        style = "bold" if row[0] == "Total" else ""
        table.add_row(*(plain(cell, style) for cell in row))
    console = output()
    console.print(table)
    for note in result.notes:
        console.print(plain(note))
    winners = [report.names[seat] for seat in result.winners]
    verb = "wins" if len(winners) == 1 else "share the win"
    console.print(Text.assemble(("Winner: ", "bold"), plain(f"{' and '.join(winners)} {verb}. "), report.form.tie_rule))


# -- records -------------------------------------------------------------------------------------


def add_records(commands) -> None:
    parser = command(commands, "records", "list, export and import the play records", run_records_list)
    records = parser.add_subparsers(title="records commands", metavar="ACTION")
    command(records, "list", "list the play records, oldest first", run_records_list)
    export = command(records, "export", "write the play records as JSON (default) or CSV", run_records_export)
    kind = export.add_mutually_exclusive_group()
    kind.add_argument("--json", action="store_true", help="JSON (the default)")
    kind.add_argument("--csv", action="store_true", help="CSV, one row per player of each play")
    export.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    imported = command(records, "import", "add play records from an export (JSON or CSV); duplicates are skipped",
                       run_records_import)
    imported.add_argument("file", help="a file written by 'tabula records export'")


def record_store(args: argparse.Namespace):
    from saves.records import sync_finished_games
    from saves.store import SaveStore

    store = SaveStore(data_dir(args))
    sync_finished_games(store)
    return store


def report_record_problems(console: Console, store: SaveStore) -> None:
    """What reading the play records found (a record set aside, a finished game not recorded)."""
    for problem in store.records.problems:
        say(console, problem, "Note:", "bold yellow")


def run_records_list(args: argparse.Namespace) -> int:
    from rich.table import Table

    from tui.screens.stats import game_titles

    console, store = output(), record_store(args)
    records = store.records.all()
    report_record_problems(console, store)
    if not records:
        console.print(plain(f"No play records in {store.data_dir}"))
        return 0
    names = game_titles()
    table = Table()
    for column in ("date", "game", "players and scores", "winner", "from"):
        table.add_column(column)
    for record in records:
        scores = ", ".join(f"{player.name} {player.score}" for player in record.players)
        game = names.get(record.game, record.game) + (f" ({record.variant})" if record.variant else "")
        table.add_row(plain(record.date[:16].replace("T", " ")), plain(game), plain(scores),
                      plain(" and ".join(record.winners)), plain(f"{record.source} {record.link}"))
    console.print(table)
    return 0


def run_records_export(args: argparse.Namespace) -> int:
    from rich.console import Console

    from saves.records import export_csv, export_json
    from saves.storage import atomic_write_text

    store = record_store(args)
    records = store.records.all()
    report_record_problems(Console(stderr=True, highlight=False, soft_wrap=True), store)  # never into the export
    text = export_csv(records) if args.csv else export_json(records) + "\n"
    if args.output:
        atomic_write_text(Path(args.output), text)
        output().print(plain(f"Exported {len(records)} play records to {args.output}"))
    elif not args.csv:
        sys.stdout.write(escape_controls(text))
    else:  # CSV has no escapes: a terminal is shown the control characters, a pipe gets them as they are
        sys.stdout.write(clean(text) if sys.stdout.isatty() else text)
    return 0


MAX_RECORDS_FILE = 64 << 20
"""Bytes a records export to import may have (a play record takes well under a kilobyte)."""


def run_records_import(args: argparse.Namespace) -> int:
    """Import every good record of the file; each bad one is named with its problem and left out
    (exit status 1 if any was)."""
    from saves.records import RecordFormatError, parse_export

    raw = read_named_file(args.file, MAX_RECORDS_FILE)
    if isinstance(raw, int):
        return raw
    try:
        text = raw.decode("utf-8")  # not as a text file: a carriage return in a CSV cell is data
    except UnicodeDecodeError as error:
        return fail(f"{args.file} is not UTF-8 text ({error.reason} at byte {error.start})")
    try:
        records, refused = parse_export(text)
    except RecordFormatError as error:
        return fail(f"{args.file}: {error}")
    if refused and not records:
        return fail(f"{args.file}: no record could be imported; {refused[0]}"
                    + (f" (and {len(refused) - 1} more)" if len(refused) > 1 else ""))
    console, store = output(), record_store(args)
    for problem in refused:
        say(console, problem, "Not imported:", "bold yellow")
    added, duplicates = store.records.import_records(records)
    report_record_problems(console, store)
    said = f"Imported {added} play records; {duplicates} already recorded (skipped)"
    say(console, said + (f"; {len(refused)} not imported (see above)" if refused else ""))
    return FAILED if refused else 0


def read_named_file(name: str, limit: int) -> bytes | int:
    """The bytes of a file named on the command line ('-': standard input): a regular file (a
    link is followed) of at most ``limit`` bytes, never waited on if it is a pipe or a device;
    else the exit status of the error said."""
    from engine.core.files import UnreadableFile, read_regular_file, read_stream

    try:
        if name == "-":
            return read_stream(sys.stdin.buffer, limit)
        raw = read_regular_file(Path(name), limit, follow=True)
        if raw is None:
            raise UnreadableFile("there is no such file")
    except UnreadableFile as error:
        return fail(f"cannot read {name}: {error}", USAGE)
    return raw


def add_serve(commands) -> None:
    from tui.serve.commands import add_serve as add  # imports this module: only once it is loaded

    add(commands)


def add_join(commands) -> None:
    from tui.serve.commands import add_join as add

    add(commands)


SUBCOMMANDS: tuple[Callable[[argparse._SubParsersAction], None], ...] = (
    add_simulate, add_arena, add_saves, add_score, add_records, add_serve, add_join)

if __name__ == "__main__":
    sys.exit(main())

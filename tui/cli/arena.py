"""``tabula arena``: headless matches between bot kinds, with win rates and score margins."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import TYPE_CHECKING

from tui.cli.base import USAGE, bot_kind, bot_kinds, command, fail, output, say
from tui.i18n import _

if TYPE_CHECKING:
    from engine.search.arena import GameResult


def add(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = command(commands, "arena", _("headless matches between bot kinds, with win rates and score margins"),
                     run_arena)
    parser.add_argument("game", help=_("game id, e.g. almadi"))
    parser.add_argument("--players", type=int, help=_("number of players (default: as many as --seats lists)"))
    parser.add_argument("--seats", required=True,
                        help="a bot kind per seat, comma-separated, e.g. normal,greedy (kinds: "
                             f"{', '.join(bot_kinds())}; easy is greedy); seats rotate from game to game")
    parser.add_argument("--games", type=int, default=20, help=_("how many games (default 20)"))
    parser.add_argument("--seed", type=int, default=0, help=_("first deal's seed (default 0)"))
    parser.add_argument("--jobs", type=int, default=1, help=_("games played at once, one process each (default 1)"))
    parser.add_argument("--no-time-cap", action="store_true",
                        help=_("search bots use their whole budget however long it takes (reproducible anywhere)"))
    parser.add_argument("--games-log", metavar="FILE",
                        help=_("append each game to FILE as it ends, one JSON line (deal seed, seats, scores, winners, "
                             "think times), to pool runs on other deals or keep the games of a run cut short"))


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

    def progress(index: int, result: GameResult) -> None:
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
    columns = ("bot", "seat-games", "wins", "win rate", "95% interval", "avg margin", "think p50", "think p95",
               "cut by cap")
    for column in columns:
        table.add_column(column, justify="left" if column == "bot" else "right")
    for kind in dict.fromkeys(seats):
        entry = stats[kind]
        low, high = entry.interval
        table.add_row(kind, str(entry.seats), f"{entry.wins:g}", f"{entry.rate:.0%}", f"{low:.0%}-{high:.0%}",
                      f"{entry.margin:+.1f}", seconds_text(entry.think_quantile(0.5)),
                      seconds_text(entry.think_quantile(0.95)),
                      f"{entry.cut}/{len(entry.think)}" if kind in LEVELS else "-")
    console.print(table)
    say(console, f"Win rate: share of first places (a shared first place counts as a share). Margin: own score "
                 f"minus the best other's. Think: CPU time per decision with a choice; cut by cap: searches a "
                 f"time cap ended before their budget (on a busy machine the clock cap can; such moves depend on "
                 f"the load). "
                 f"{time.perf_counter() - started:.1f} s in all.")
    return 0


def seconds_text(value: float) -> str:
    return "-" if value != value else f"{value * 1000:.0f} ms" if value < 1 else f"{value:.2f} s"

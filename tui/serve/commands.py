"""The `serve ssh`, `serve web` and `join` subcommands of `tabula`.

Wire them in tui/cli.py by listing ``add_serve`` and ``add_join`` in SUBCOMMANDS.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import tui.cli as cli  # the module, not names: tui.cli imports this module while it loads

from engine.core.seats import LETTERS, seat_tag
from tui.text import KINDS, clean

if TYPE_CHECKING:  # the saves load when a command runs, not for every command line
    from saves.seats import SeatLeases
    from saves.store import SaveRecord, SaveStore

HUMAN = "human"


# -- serve ------------------------------------------------------------------------------------


def add_serve(commands) -> None:
    from tui.serve import SSH_PORT, web

    parser = cli.command(commands, "serve", "let players in other terminals or browsers play (ssh, web)", run_serve)
    servers = parser.add_subparsers(title="servers", metavar="SERVER")
    parser.set_defaults(serve_parser=parser)

    over_ssh = cli.command(servers, "ssh", "an SSH server that runs only Tabula, one process per connection",
                           run_serve_ssh)
    over_ssh.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1, this machine only)")
    over_ssh.add_argument("--port", type=int, default=SSH_PORT, help=f"port (default {SSH_PORT})")
    over_ssh.add_argument("--authorized-keys", metavar="FILE", type=Path,
                          help="public keys allowed to log in, one per line (e.g. a copy of ~/.ssh/authorized_keys)")
    over_ssh.add_argument("--allow-anyone", action="store_true",
                          help="no authentication at all: anyone who can reach the port can play")
    over_ssh.add_argument("--max-players", "--max-connections", type=int, default=16, dest="max_players",
                          help="simultaneous players, i.e. sessions with a running app (default 16)")
    over_ssh.add_argument("--max-startups", type=max_startups, default=(10, 30, 100), metavar="START:RATE:FULL",
                          help="connections still logging in or without a game, as OpenSSH's MaxStartups: "
                               "past START, refuse RATE%% of newcomers, rising to all at FULL (default 10:30:100)")
    over_ssh.add_argument("--login-grace", type=float, default=15.0, metavar="SECONDS",
                          help="time to log in (default 15)")
    over_ssh.add_argument("--memory-mb", type=int, default=1024,
                          help="address space each player's app may use, in MB; 0: no limit (default 1024)")
    over_ssh.add_argument("--idle-minutes", type=float, default=30.0,
                          help="close a connection after this long without a keypress (default 30)")
    over_ssh.add_argument("--max-bot-workers", type=at_least_one, default=None, metavar="N",
                          help="bot searches (moves and hints) running at once on the whole server; the others wait "
                               "in line, in turn (default: the number of cores minus one, at least 1)")
    over_ssh.add_argument("--max-bot-games-per-key", type=at_least_one, default=None, metavar="N",
                          help="games of one player key whose bots think or wait in line at once; that key's other "
                               "games wait behind them (default 2)")
    over_ssh.add_argument("--allow-bot-games", action="store_true",
                          help="let players start and run games of bots only (refused unless given)")

    in_browser = cli.command(servers, "web", "serve Tabula to web browsers (textual-serve)", run_serve_web)
    in_browser.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    in_browser.add_argument("--port", type=int, default=web.DEFAULT_PORT, help=f"port (default {web.DEFAULT_PORT})")
    in_browser.add_argument("--public-url", help="the URL browsers use, when behind a proxy")


def run_serve(args: argparse.Namespace) -> int:
    args.serve_parser.print_help(sys.stderr)
    return 2


def run_serve_ssh(args: argparse.Namespace) -> int:
    from tui.serve import BOT_GAMES_PER_KEY_DEFAULT, default_bot_workers, ssh

    return ssh.run(ssh.SSHOptions(
        data_dir=cli.data_dir(args), host=args.host, port=args.port, authorized_keys=args.authorized_keys,
        allow_anyone=args.allow_anyone, max_players=args.max_players, max_startups=args.max_startups,
        login_grace=args.login_grace, memory_limit=args.memory_mb << 20, idle_timeout=args.idle_minutes * 60,
        max_bot_workers=args.max_bot_workers or default_bot_workers(),
        bot_games_per_key=args.max_bot_games_per_key or BOT_GAMES_PER_KEY_DEFAULT,
        allow_bot_games=args.allow_bot_games,
    ))


def at_least_one(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 1")
    return value


def max_startups(text: str) -> tuple[int, int, int]:
    """'10:30:100' (OpenSSH's MaxStartups) as (start, rate, full); a lone number is start = full."""
    try:
        parts = [int(part) for part in text.split(":")]
    except ValueError:
        parts = []
    if len(parts) == 1:
        parts = [parts[0], 100, parts[0]]
    if len(parts) != 3 or not (0 <= parts[0] <= parts[2] and 0 <= parts[1] <= 100 and parts[2] >= 1):
        raise argparse.ArgumentTypeError(f"{text!r} is not START:RATE:FULL (e.g. 10:30:100)")
    return parts[0], parts[1], parts[2]


def run_serve_web(args: argparse.Namespace) -> int:
    from tui.serve import web

    return web.run(cli.data_dir(args), args.host, args.port, args.public_url)


# -- saves seats: the host's view of who owns what -------------------------------------------------


def add_seats(saves) -> None:
    parser = cli.command(saves, "seats", "who holds and who owns the seats of a game; free a seat; allow hot-seat "
                                         "over SSH", run_saves_seats)
    parser.add_argument("game", help="save id, or the start of one (see 'tabula saves list')")
    parser.add_argument("--free", metavar="SEAT", help="free a seat that belongs to an SSH player (letter or number)")
    parser.add_argument("--hot-seat", choices=("on", "off"),
                        help="let one SSH terminal play several seats of this game (off unless turned on)")


def run_saves_seats(args: argparse.Namespace) -> int:
    from saves.seats import SeatLeases
    from saves.store import SaveStore

    folder = cli.data_dir(args)
    store = SaveStore(folder)
    try:
        record = find_game(store, args.game)
        seat = None if args.free is None else parse_seat(args.free)
    except JoinError as error:
        return cli.fail(error, cli.USAGE)
    leases = SeatLeases(folder, record.id)
    if seat is not None and not leases.give_up(seat, None):
        return cli.fail(f"seat {args.free} of {record.title!r} belongs to no one")
    if args.hot_seat:
        leases.allow_hot_seat(args.hot_seat == "on")
    held, owners = leases.live(), leases.owners()
    lines = [f"{record.title!r} ({record.id}); hot-seat over SSH: {'allowed' if leases.hot_seat else 'not allowed'}"]
    if leases.creator:
        lines.append(f"  created over SSH by key {leases.creator}")
    for number, info in enumerate(record.seats):
        state = info.kind if info.kind != HUMAN else "playing now" if str(number) in held else "free"
        owner = f", belongs to key {owners[number]}" if number in owners else ""
        lines.append(f"  {seat_tag(number)} {info.name}: {state}{owner}")
    print(clean("\n".join(lines)))
    return 0


# -- join -------------------------------------------------------------------------------------


def add_join(commands) -> None:
    parser = cli.command(commands, "join", "take a free seat of a saved game in this terminal (or watch it)", run_join)
    parser.add_argument("game", help="save id, or the start of one (see 'tabula saves list')")
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--seat", help="seat letter (A, B, ...) or number (1, 2, ...); default: the first free human seat")
    who.add_argument("--watch", action="store_true", help="watch as a spectator: no seat, no private information")


class JoinError(Exception):
    """Why this terminal cannot join, worded for the player."""


def find_game(store: SaveStore, text: str) -> SaveRecord:
    from saves.store import SaveNotFound

    try:
        return store.load(text)
    except SaveNotFound:
        pass
    matches = [record for record in store.summaries() if record.id.startswith(text)]
    if len(matches) == 1:
        return store.load(matches[0].id)
    if matches:
        raise JoinError(f"{text!r} could be {', '.join(r.id for r in matches)}: give more of the id")
    raise JoinError(f"No saved game {text!r} (see 'tabula saves list')")


def parse_seat(text: str) -> int:
    text = text.strip().upper()
    if text in LETTERS:
        return LETTERS.index(text)
    if text.isdigit() and int(text) >= 1:
        return int(text) - 1
    raise JoinError(f"{text!r} is not a seat: give a letter (A, B, ...) or a number (1, 2, ...)")


def seat_list(record: SaveRecord, free: list[int]) -> str:
    lines = []
    for seat, info in enumerate(record.seats):
        state = KINDS.get(info.kind, info.kind) if info.kind != HUMAN else (
            "free" if seat in free else "held by another terminal")
        lines.append(f"  {seat_tag(seat)} {info.name}: {state}")
    return "\n".join(lines)


def choose_seat(record: SaveRecord, leases: SeatLeases, wanted: str | None) -> int:
    """The seat to take: the wanted one if it is a free human seat, else the first free one."""
    humans = [seat for seat, info in enumerate(record.seats) if info.kind == HUMAN]
    free = leases.free(humans)
    if wanted is None:
        if not free:
            raise JoinError(f"No free seat in {record.title!r}:\n{seat_list(record, free)}\nUse --watch to watch.")
        return free[0]
    seat = parse_seat(wanted)
    if seat not in humans:
        raise JoinError(f"Seat {wanted} is not a human seat of {record.title!r}:\n{seat_list(record, free)}")
    if seat not in free:
        raise JoinError(f"Seat {seat_tag(seat)} of {record.title!r} is taken:\n{seat_list(record, free)}")
    return seat


def run_join(args: argparse.Namespace) -> int:
    from saves.seats import SeatLeases
    from saves.session import unknown_game
    from saves.store import SaveStore
    from tui.app import TabulaApp  # Textual loads only when the app is wanted

    folder = cli.data_dir(args)
    store = SaveStore(folder)
    try:
        record = find_game(store, args.game)
        seat = None if args.watch else choose_seat(record, SeatLeases(folder, record.id), args.seat)
    except JoinError as error:
        return cli.fail(error, cli.USAGE)
    unknown = unknown_game(record)
    if unknown is not None:
        return cli.fail(unknown)
    app = TabulaApp(data_dir=folder, join=(record.id, seat))
    app.run()
    return app.return_code or 0

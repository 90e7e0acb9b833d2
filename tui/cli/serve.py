"""``tabula serve ssh`` and ``tabula serve web``: Tabula for players in other terminals or browsers."""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from tui.cli.base import USAGE, command, data_dir, fail
from tui.i18n import _


def add(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from tui.serve import SSH_PORT, WEB_PORT

    parser = command(commands, "serve", _("let players in other terminals or browsers play (ssh, web)"), run_serve)
    servers = parser.add_subparsers(title=_("servers"), metavar="SERVER")
    parser.set_defaults(serve_parser=parser)

    over_ssh = command(servers, "ssh", _("an SSH server that runs only Tabula, one process per connection"),
                       run_serve_ssh)
    over_ssh.add_argument("--host", default="127.0.0.1",
                          help=_("address to listen on (default: 127.0.0.1, this machine only)"))
    over_ssh.add_argument("--port", type=int, default=SSH_PORT, help=f"port (default {SSH_PORT})")
    over_ssh.add_argument("--authorized-keys", metavar="FILE", type=Path,
                          help=_("public keys allowed to log in, one per line (e.g. a copy of ~/.ssh/authorized_keys)"))
    over_ssh.add_argument("--allow-anyone", action="store_true",
                          help=_("no authentication at all: anyone who can reach the port can play"))
    over_ssh.add_argument("--max-players", "--max-connections", type=int, default=16, dest="max_players",
                          help=_("simultaneous players, i.e. sessions with a running app (default 16)"))
    over_ssh.add_argument("--max-startups", type=max_startups, default=(10, 30, 100), metavar="START:RATE:FULL",
                          help=_("connections still logging in or without a game, as OpenSSH's MaxStartups: "
                               "past START, refuse RATE%% of newcomers, rising to all at FULL (default 10:30:100)"))
    over_ssh.add_argument("--login-grace", type=float, default=15.0, metavar="SECONDS",
                          help=_("time to log in (default 15)"))
    over_ssh.add_argument("--memory-mb", type=int, default=1024,
                          help=_("address space each player's app may use, in MB; 0: no limit (default 1024)"))
    over_ssh.add_argument("--idle-minutes", type=float, default=30.0,
                          help=_("close a connection after this long without a keypress (default 30)"))
    over_ssh.add_argument("--max-bot-workers", type=at_least_one, default=None, metavar="N",
                          help=_("bot searches (moves and hints) running at once on the whole server; the others wait "
                               "in line, in turn (default: the number of cores minus one, at least 1)"))
    over_ssh.add_argument("--max-bot-games-per-key", type=at_least_one, default=None, metavar="N",
                          help=_("games of one player key whose bots think or wait in line at once; that key's other "
                               "games wait behind them (default 2)"))
    over_ssh.add_argument("--allow-bot-games", action="store_true",
                          help=_("let players start and run games of bots only (refused unless given)"))
    over_ssh.add_argument("--notify-command", type=command_line, default=(), metavar="CMD",
                          help=_("when a game comes to a player's move and they have no terminal at it, run CMD (split "
                               "like a shell line, but never run by a shell) with TABULA_GAME, TABULA_TITLE, "
                               "TABULA_SEAT, TABULA_PLAYER and TABULA_KEY in its environment; at most once per game "
                               "and player an hour"))

    in_browser = command(servers, "web", _("serve Tabula to web browsers (textual-serve)"), run_serve_web)
    in_browser.add_argument("--host", default="127.0.0.1", help=_("address to listen on (default: 127.0.0.1)"))
    in_browser.add_argument("--port", type=int, default=WEB_PORT, help=f"port (default {WEB_PORT})")
    in_browser.add_argument("--public-url", help=_("the URL browsers use, when behind a proxy"))


def run_serve(args: argparse.Namespace) -> int:
    args.serve_parser.print_help(sys.stderr)
    return 2


def run_serve_ssh(args: argparse.Namespace) -> int:
    from tui.serve import BOT_GAMES_PER_KEY_DEFAULT, default_bot_workers, ssh

    options = ssh.SSHOptions(
        data_dir=data_dir(args), host=args.host, port=args.port, authorized_keys=args.authorized_keys,
        allow_anyone=args.allow_anyone, max_players=args.max_players, max_startups=args.max_startups,
        login_grace=args.login_grace, memory_limit=args.memory_mb << 20, idle_timeout=args.idle_minutes * 60,
        max_bot_workers=args.max_bot_workers or default_bot_workers(),
        bot_games_per_key=args.max_bot_games_per_key or BOT_GAMES_PER_KEY_DEFAULT,
        allow_bot_games=args.allow_bot_games, notify_command=args.notify_command,
    )
    try:
        return ssh.run(options)
    except ssh.ServeError as error:
        return fail(error, USAGE)


def at_least_one(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 1")
    return value


def command_line(text: str) -> tuple[str, ...]:
    """The host's command, split once as a shell would split it (quotes, backslashes), into a
    program and its arguments: it is then run without a shell."""
    try:
        argv = tuple(shlex.split(text))
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"{text!r} cannot be split into a command: {error}") from None
    if not argv:
        raise argparse.ArgumentTypeError("the command is empty")
    return argv


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

    return web.run(data_dir(args), args.host, args.port, args.public_url)

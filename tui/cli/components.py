"""``tabula components``: list, export, import and check the player's component sets
(engine.component_sets)."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from tui.cli.base import FAILED, USAGE, command, data_dir, escape_controls, fail, output, read_named_file, say
from tui.i18n import _, ngettext

if TYPE_CHECKING:
    from rich.console import Console

    from engine.component_sets import ComponentSet


def add(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = command(commands, "components", _("list, export, import and check your component sets"), run_list)
    sets = parser.add_subparsers(title=_("components commands"), metavar="ACTION")
    command(sets, "list", _("list the component sets, their games and whether each game can be played with them"),
            run_list)
    export = command(sets, "export", _("write a component set as one JSON file"), run_export)
    export.add_argument("set", metavar="SET", help=_("the set's id (see 'tabula components list')"))
    export.add_argument("-o", "--output", metavar="FILE", help=_("write to FILE instead of standard output"))
    imported = command(sets, "import", _("keep the component set of a file written by 'tabula components export'"),
                       run_import)
    imported.add_argument("file", metavar="FILE", help=_("the set's file ('-': standard input)"))
    imported.add_argument("--as", dest="set_id", metavar="ID",
                          help=_("keep it under this id (default: made of the set's name)"))
    check = command(sets, "check", _("name each problem of a component set, by game, file and record"), run_check)
    check.add_argument("set", metavar="SET", help=_("the set's id"))
    default = command(sets, "default", _("offer a set first for every new game of a game (on a server: to every "
                                         "player)"), run_default)
    default.add_argument("game", metavar="GAME", help=_("the game's id, e.g. thebai"))
    default.add_argument("set", metavar="SET", nargs="?",
                         help=_("the set's id; leave it out to offer the built-in components first again"))


def run_list(args: argparse.Namespace) -> int:
    from engine.component_sets import list_sets, problems, read_defaults
    from engine.core.components import ENV_VAR, ComponentDataError, override_dir

    console, kept = output(), list_sets(data_dir(args))
    try:
        defaults = read_defaults(data_dir(args))
    except ComponentDataError as error:
        defaults = {}
        say(console, _("Which set each game offers first cannot be read: {error}").format(error=error), "✗",
            "bold red")
    outside = override_dir()
    if outside is not None:
        say(console, _("Games without a set of yours use the files of {folder} (${variable}) over the built-in "
                       "ones.").format(folder=outside, variable=ENV_VAR))
    if not kept:
        say(console, _("No component sets in {folder}: every game uses the built-in components.").format(
            folder=data_dir(args)))
        return 0
    for entry in kept:
        if entry.set is None:
            say(console, _("{id}: cannot be read: {error}").format(id=entry.id, error=entry.error), "✗", "bold red")
            continue
        games = []
        for game, files in entry.set.games.items():
            count = sum(len(records) for records in files.values())
            found = problems(entry.set, game)
            state = _("playable") if not found else ngettext("{n} problem", "{n} problems", len(found)).format(
                n=len(found))
            records = ngettext("{n} record", "{n} records", count).format(n=count)
            first = _(", offered first") if defaults.get(game) == entry.id else ""
            games.append(f"{game} ({records}, {state}{first})")
        say(console, f"{entry.id} · {entry.set.name}: {', '.join(games) or _('changes nothing')}")
    return 0


def run_default(args: argparse.Namespace) -> int:
    """Offer a set first in New game for a game; refused unless the set can be played with it."""
    from engine.component_sets import component_games, problems, set_default
    from engine.core.components import ComponentDataError

    if args.game not in component_games():
        return fail(_("{game!r} is not a game with components (one of {games})").format(
            game=args.game, games=", ".join(component_games())), USAGE)
    if args.set is None:
        set_default(data_dir(args), args.game, None)
        say(output(), _("New {game} games offer the built-in components first.").format(game=args.game))
        return 0
    found = find(args, args.set)
    if isinstance(found, int):
        return found
    if args.game not in found.games:
        return fail(_("the set {name!r} changes nothing of {game}").format(name=found.name, game=args.game))
    if problems(found, args.game):
        console = output()
        report(console, found)
        return fail(_("the set {name!r} cannot be played with {game} (its problems are above)").format(
            name=found.name, game=args.game))
    try:
        set_default(data_dir(args), args.game, found.id)
    except ComponentDataError as error:
        return fail(error)
    say(output(), _("New {game} games offer {name!r} first (every player of this data folder, a server's "
                    "too).").format(game=args.game, name=found.name))
    return 0


def find(args: argparse.Namespace, set_id: str) -> ComponentSet | int:
    """The set of that id, or the exit status of the error said."""
    from engine.component_sets import find_set

    found = find_set(data_dir(args), set_id)
    if found is None:
        return fail(_("there is no component set {id!r} (see 'tabula components list')").format(id=set_id), USAGE)
    return found


def run_export(args: argparse.Namespace) -> int:
    from engine.component_sets import export_document
    from saves.storage import atomic_write_text

    found = find(args, args.set)
    if isinstance(found, int):
        return found
    text = json.dumps(export_document(found), ensure_ascii=False, indent=1) + "\n"
    if args.output:
        atomic_write_text(Path(args.output), text)
        say(output(), _("Exported the component set {name!r} to {file}").format(name=found.name, file=args.output))
    else:
        sys.stdout.write(escape_controls(text))
    return 0


def run_import(args: argparse.Namespace) -> int:
    """Keep the file's set if the file is one (else nothing is written); a set whose data a game
    cannot use is kept too, with its problems said, and cannot be chosen for that game."""
    from engine.component_sets import SetExists, read_document, set_id_for, write_set
    from engine.core.components import MAX_USER_FILE, ComponentDataError

    raw = read_named_file(args.file, MAX_USER_FILE)
    if isinstance(raw, int):
        return raw
    try:
        read = read_document(raw, "")
    except ComponentDataError as error:
        return fail(_("{file} is not a component set Tabula can use: {error}. Nothing was imported.").format(
            file=args.file, error=error))
    set_id = args.set_id or set_id_for(read.name)
    try:
        write_set(data_dir(args), replace(read, id=set_id))
    except SetExists:
        return fail(_("a component set {id!r} is kept already: nothing was imported (import it under another "
                      "id with --as ID, or remove the set's folder first)").format(id=set_id))
    except ComponentDataError as error:
        return fail(_("{error}: nothing was imported").format(error=error), USAGE)
    console = output()
    say(console, _("Imported the component set {name!r} as {id}").format(name=read.name, id=set_id))
    return report(console, find(args, set_id))


def run_check(args: argparse.Namespace) -> int:
    return report(output(), find(args, args.set))


def report(console: Console, found: ComponentSet | int) -> int:
    """Each game of the set, playable or its problems; FAILED if any game has one."""
    from engine.component_sets import problems

    if isinstance(found, int):
        return found
    failed = False
    for game in found.games:
        found_problems = problems(found, game)
        failed = failed or bool(found_problems)
        if not found_problems:
            say(console, _("{game}: playable with {name!r}").format(game=game, name=found.name), "✓", "bold green")
        for problem in found_problems:
            say(console, problem, "✗", "bold red")
    return FAILED if failed else 0

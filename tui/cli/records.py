"""``tabula records``: list, export and import the play records."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from tui.cli.base import FAILED, command, data_dir, escape_controls, fail, output, read_named_file, say
from tui.i18n import N_, _, ngettext, spoken
from tui.text import bot_mark, clean, plain

if TYPE_CHECKING:
    from rich.console import Console

    from saves.store import SaveStore


def add(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = command(commands, "records", _("list, export and import the play records"), run_records_list)
    records = parser.add_subparsers(title=_("records commands"), metavar="ACTION")
    command(records, "list", _("list the play records, oldest first"), run_records_list)
    export = command(records, "export", _("write the play records as JSON (default) or CSV"), run_records_export)
    kind = export.add_mutually_exclusive_group()
    kind.add_argument("--json", action="store_true", help=_("JSON (the default)"))
    kind.add_argument("--csv", action="store_true", help=_("CSV, one row per player of each play"))
    export.add_argument("-o", "--output", metavar="FILE", help=_("write to FILE instead of standard output"))
    imported = command(records, "import", _("add play records from an export (JSON or CSV); duplicates are skipped"),
                       run_records_import)
    imported.add_argument("file", help=_("a file written by 'tabula records export'"))


def record_store(args: argparse.Namespace) -> SaveStore:
    from saves.records import sync_finished_games
    from saves.store import SaveStore

    store = SaveStore(data_dir(args))
    sync_finished_games(store)
    return store


def report_record_problems(console: Console, store: SaveStore) -> None:
    """What reading the play records found (a record set aside, a finished game not recorded)."""
    for problem in store.records.problems:
        say(console, problem, _("Note:"), "bold yellow")


OUTCOME_WORDS = {"conceded": N_("conceded"), "abandoned": N_("abandoned: a bot took over"), "draw": N_("agreed draw")}
"""How a player's game ended when not played to the end (saves.records.PlayerResult.outcome)."""
SOURCE_WORDS = {"digital": N_("digital game"), "sheet": N_("score sheet")}
"""Where a play record came from (saves.records.SOURCES): a game played here, or a score sheet."""
HEADINGS = (N_("played on"), N_("game"), N_("players and scores"), N_("winner"), N_("from"))


def run_records_list(args: argparse.Namespace) -> int:
    from rich.table import Table

    from engine.registry import title_of

    console, store = output(), record_store(args)
    records = store.records.all()
    report_record_problems(console, store)
    if not records:
        console.print(plain(_("No play records in {folder}").format(folder=store.data_dir)))
        return 0
    table = Table()
    for heading in HEADINGS:
        table.add_column(plain(_(heading)))
    for record in records:
        scores = ", ".join(f"{player.name}{bot_mark(player.bot)} {player.score}"
                           + (_(" ({outcome})").format(outcome=_(OUTCOME_WORDS[player.outcome]))
                              if player.outcome else "")
                           for player in record.players)
        game = title_of(record.game) + (f" ({record.variant})" if record.variant else "")
        table.add_row(plain(record.date[:16].replace("T", " ")), plain(game), plain(scores),
                      plain(_(" and ").join(record.winners)),
                      plain(f"{_(SOURCE_WORDS[record.source])} {record.link}"))
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
        output().print(plain(_("Exported {n} play records to {file}").format(n=len(records), file=args.output)))
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
        return fail(_("{file} is not UTF-8 text ({reason} at byte {start})").format(
            file=args.file, reason=error.reason, start=error.start))
    try:
        records, refused = parse_export(text)
    except RecordFormatError as error:
        return fail(_("{file}: {error}").format(file=args.file, error=spoken(error)))
    if refused and not records:
        more = ngettext(" (and {n} more)", " (and {n} more)", len(refused) - 1).format(n=len(refused) - 1)
        return fail(_("{file}: no record could be imported; {problem}").format(file=args.file, problem=spoken(
            refused[0])) + (more if len(refused) > 1 else ""))
    console, store = output(), record_store(args)
    for problem in refused:
        say(console, problem, _("Not imported:"), "bold yellow")
    added, duplicates = store.records.import_records(records)
    report_record_problems(console, store)
    said = _("Imported {added} play records; {duplicates} already recorded (skipped)").format(
        added=added, duplicates=duplicates)
    not_imported = _("; {n} not imported (see above)").format(n=len(refused)) if refused else ""
    say(console, said + not_imported)
    return FAILED if refused else 0

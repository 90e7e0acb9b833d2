"""``tabula score``: a final score sheet computed from JSON (docs/score-sheets.md)."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from tui.cli.base import USAGE, command, fail, output, read_named_file
from tui.i18n import _, current, ngettext, spoken
from tui.text import plain

if TYPE_CHECKING:
    from engine.assistant.forms import Result
    from engine.assistant.sheets import ScoreReport
    from engine.core.contract import Score


def add(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = command(commands, "score", _("compute a final score sheet from a JSON file (docs/score-sheets.md)"),
                     run_score)
    parser.add_argument("game", help=_("game id: thebai, almadi, polis or pantheon"))
    parser.add_argument("sheet", nargs="?", help=_("the sheet, a JSON file ('-' reads standard input)"))
    parser.add_argument("--json", action="store_true", help=_("print the result as JSON"))
    parser.add_argument("--example", action="store_true", help=_("print a filled example sheet for GAME"))


def run_score(args: argparse.Namespace) -> int:
    from engine.assistant.examples import example_text
    from engine.assistant.games import GAME_IDS
    from engine.assistant.sheets import SheetError, score_sheet, unknown_game

    if args.game not in GAME_IDS:
        return fail(spoken(unknown_game(args.game)), USAGE)
    if args.example:
        print(example_text(args.game))
        return 0
    if args.sheet is None:
        return fail(_("give a sheet file (or --example to see one)"), USAGE)
    from engine.core.files import UnreadableFile, parse_json
    from saves.storage import MAX_DOCUMENT

    raw = read_named_file(args.sheet, MAX_DOCUMENT)
    if isinstance(raw, int):
        return raw
    try:
        data = parse_json(raw)
    except UnreadableFile as error:
        return fail(_("{file} cannot be used: {error}").format(file=args.sheet, error=spoken(error)))
    try:
        report = score_sheet(args.game, data, current())
    except SheetError as error:
        return fail(_("{file}: {error}").format(file=args.sheet, error=spoken(error)))
    if args.json:
        print(json.dumps(score_json(args.game, report), indent=2, ensure_ascii=False))
    else:
        print_score(report)
    return 0


def computed(report: ScoreReport) -> tuple[Result, list[Score]]:
    """The result of a sheet ``score_sheet`` accepted, and its scores (a score sheet without
    problems always computes them)."""
    result = report.evaluation.result
    assert result is not None and result.scores is not None
    return result, result.scores


def score_json(game: str, report: ScoreReport) -> dict[str, Any]:
    from engine.assistant.forms import sheet_words

    result, scores = computed(report)
    return {
        "game": game, "form": report.form.id, "players": report.names,
        "scores": [{"player": report.names[s.seat], "breakdown": s.breakdown, "total": s.total} for s in scores],
        "winners": [report.names[seat] for seat in result.winners],
        "tie_rule": report.form.tie_rule, "notes": list(map(sheet_words(), result.notes)),
    }


def print_score(report: ScoreReport) -> None:
    from rich.table import Table
    from rich.text import Text

    from engine.assistant.forms import TOTAL, sheet_words
    from engine.core.text import and_list

    result = computed(report)[0]
    table = Table(title=Text(_(report.form.title)), show_lines=False)
    table.add_column("")
    for name in report.names:
        table.add_column(plain(name), justify="right")
    for row in result.rows:
        style = "bold" if row[0] == TOTAL else ""
        table.add_row(*(plain(_(cell), style) for cell in row))  # its labels and its words among the figures
    console = output()
    console.print(table)
    for note in result.notes:
        console.print(plain(sheet_words(current())(note)))
    winners = [report.names[seat] for seat in result.winners]
    won = ngettext("{winners} wins.", "{winners} share the win.", len(winners)).format(
        winners=and_list(winners, current()))
    console.print(Text.assemble((_("Winner: "), "bold"), plain(f"{won} "), _(report.form.tie_rule)))

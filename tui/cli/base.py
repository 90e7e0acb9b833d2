"""What every command of ``tabula`` shares: how a command is declared (``command``), where the
data folder is (``data_dir``), how an error is said (``fail``: "Error: message" on standard
error, exit status USAGE for a command line that cannot be run as written, FAILED for one that
ran and failed), how plain text and columns are printed, and how a file named on the command
line is read.

Rich loads only when something is printed through it."""

from __future__ import annotations

import argparse
import gc
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from itertools import repeat
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from engine.i18n import LANGUAGES, N_
from tui.i18n import _, spoken
from tui.text import clean, plain

if TYPE_CHECKING:
    from rich.console import Console

Run = Callable[[argparse.Namespace], int]


USAGE, FAILED = 2, 1
"""Exit statuses: the command line cannot be run as written; the command ran and failed."""


def fail(message: object, status: int = FAILED) -> int:
    """Say an error the one way every command does, and return the exit status."""
    from rich.console import Console
    from rich.text import Text

    Console(stderr=True, highlight=False, soft_wrap=True).print(Text.assemble((_("Error: "), "bold red"),
                                                                            plain(spoken(message))))
    return status


class CellsFormatter(argparse.HelpFormatter):
    """argparse's help wrapped by display width (``textwrap`` counts characters, and breaks
    Japanese only at spaces)."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        from tui.text import wrap

        return wrap(" ".join(text.split()), width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        from tui.text import wrap

        return "\n".join(indent + line for line in wrap(" ".join(text.split()), width - len(indent)))


class Parser(argparse.ArgumentParser):
    """argparse with its complaints said like every other error, and where to read more; its
    help wrapped by display width."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", CellsFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        sys.exit(fail(f"{message} (see '{self.prog} --help')", USAGE))


def say(console: Console, message: object, label: str = "", style: str = "") -> None:
    """Print ``message`` (in the reader's language: ``spoken``) as plain text (it quotes titles, names and file
    names), after a styled label."""
    from rich.text import Text

    console.print(Text.assemble((f"{label} " if label else "", style), plain(spoken(message))))


def data_dir_option() -> argparse.ArgumentParser:
    """The options every command takes: the data folder, and the language to read."""
    option = Parser(add_help=False)
    option.add_argument("--data-dir", metavar="DIR", default=argparse.SUPPRESS,
                        help=_("data folder (default: $TABULA_DATA_DIR or the user's data folder)"))
    option.add_argument("--lang", choices=sorted(LANGUAGES), default=argparse.SUPPRESS,
                        help=_("language to read (default: the player's setting, else $LANG)"))
    return option


def language(args: argparse.Namespace) -> str | None:
    """The language asked for with --lang, if any."""
    code: str | None = getattr(args, "lang", None)
    return code


def asked_language(argv: list[str]) -> str | None:
    """The language a command line asks for with --lang, read before the rest: the help texts of
    the parser that reads the rest are in it. (An unknown code: none asked; the parser says why.)"""
    reader = argparse.ArgumentParser(add_help=False)
    reader.add_argument("--lang")
    code: str | None = reader.parse_known_args(argv)[0].lang
    return code if code in LANGUAGES else None


ARGPARSE_WORDS = (N_("usage: "), N_("options"), N_("positional arguments"), N_("show this help message and exit"),
                  N_("the following arguments are required: %s"), N_("unrecognized arguments: %s"),
                  N_("invalid choice: %(value)r (choose from %(choices)s)"),
                  N_("argument %(argument_name)s: %(message)s"), N_("expected one argument"),
                  N_("invalid %(type)s value: %(value)r"),
                  N_("not allowed with argument %s"), N_("one of the arguments %s is required"),
                  N_("ambiguous option: %(option)s could match %(matches)s"))
"""The words argparse writes itself (its usage line, headings and complaints), in the catalogue."""


def speak(code: str) -> None:
    """Read and write ``code`` from now on, argparse's own words too (it looks them up through the
    module's ``_``, gettext's, which knows no catalogue of ours)."""
    from tui import i18n

    i18n.use(code)
    argparse._ = i18n._  # type: ignore[attr-defined]


def command(commands: argparse._SubParsersAction[argparse.ArgumentParser], name: str, help: str,
            run: Run) -> argparse.ArgumentParser:
    parser = commands.add_parser(name, help=help, description=help, parents=[data_dir_option()])
    parser.set_defaults(run=run)
    return parser


def data_dir(args: argparse.Namespace) -> Path:
    from saves.paths import resolve_data_dir  # the saves load only for the commands that use them

    return resolve_data_dir(getattr(args, "data_dir", None))


def output() -> Console:
    """Standard output; when it is a pipe or a file, as wide as the lines need (not cut at 80)."""
    from rich.console import Console

    return Console(highlight=False, width=None if sys.stdout.isatty() else 1000)


@contextmanager
def collector_paused() -> Iterator[None]:
    """The garbage collector held off while a command makes a great many objects and keeps
    them to the end (a listing's summaries and rows, which hold no cycles): its passes would walk
    them all again and again, a quarter of the CPU of listing 10,000 saves, and free nothing."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def print_columns(headers: list[str], rows: list[list[str]], shrink: tuple[str, ...]) -> None:
    """Rows of plain text (controls already made visible) in aligned columns, on standard output.

    Rich's Table measures, wraps and renders every cell, some seconds for thousands of rows;
    this writes each line once. On a terminal the header is bold and the ``shrink`` columns,
    widest first, are cut (with '…') to fit its width; into a pipe or a file nothing is cut or
    styled, and Rich is not loaded."""
    columns = list(zip(headers, *rows))
    sizes = [list(map(len if "".join(column).isascii() else width_of, column)) for column in columns]
    widths = [max(sized) for sized in sizes]
    console = output() if sys.stdout.isatty() else None
    if console is not None:
        room = console.width - 2 * (len(headers) - 1)
        cuttable = [headers.index(name) for name in shrink]
        while sum(widths) > room:
            widest = max(cuttable, key=lambda i: widths[i])
            if widths[widest] <= 8:
                break
            widths[widest] -= 1

    padded = [padded_column(column, sized, width) for column, sized, width in zip(columns, sizes, widths)]
    header, *lines = [line.rstrip() for line in map("  ".join, zip(*padded))]
    if console is None:
        sys.stdout.write(header + "\n")
    else:
        from rich.text import Text

        console.print(Text(header, style="bold"), soft_wrap=True)
    if lines:
        sys.stdout.write("\n".join(lines) + "\n")
    sys.stdout.flush()


def padded_column(column: tuple[str, ...], sizes: list[int], width: int) -> list[str]:
    """The cells of a column (``sizes``: the terminal columns each takes) padded to ``width``
    columns, or cut to them with '…'."""
    if max(sizes) <= width and "".join(column).isascii():  # a character per column: str.ljust pads them all
        return list(map(str.ljust, column, repeat(width)))
    return [cell + " " * (width - size) if size <= width else fit_cell(cell, width)
            for cell, size in zip(column, sizes)]


def width_of(text: str) -> int:
    """Columns ``text`` takes on a terminal."""
    if text.isascii():
        return len(text)
    from rich.cells import cell_len

    return cell_len(text)


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

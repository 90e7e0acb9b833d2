"""The ``tabula`` command: the Textual app by default, plus headless commands, one module each
(tui/cli/<command>.py: ``add(commands)`` declares it with ``base.command``, ``run(args) -> int``
runs it). What they share is tui/cli/base.py.

Every error is said one way (``base.fail``). A command imports what it uses when it runs: no
command but the app (and ``join``, which opens it) loads Textual, and Rich loads only to print.
"""

from __future__ import annotations

import argparse
import sys

from saves.errors import SaveError
from tui.cli import app, arena, components, join, records, review, saves, score, serve, simulate
from tui.cli.base import Parser, asked_language, data_dir_option, fail, speak
from tui.i18n import _

COMMANDS = (simulate, arena, saves, review, score, records, components, serve, join)
"""The commands, in the order ``tabula --help`` lists them."""


def main(argv: list[str] | None = None) -> int:
    from engine.core.files import ComponentDataError
    from tui import i18n

    speak(i18n.chosen(asked_language(sys.argv[1:] if argv is None else argv), None))
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exit:  # --help, or a command line argparse refused (said by Parser.error)
        return int(exit.code or 0)
    try:
        return int(args.run(args))
    except (SaveError, ComponentDataError) as error:
        return fail(error)
    except OSError as error:  # e.g. a data folder that cannot be read
        return fail(f"{error.strerror or error}: {error.filename or ''}")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="tabula", parents=[data_dir_option()],
                    description=_("A terminal companion for Thebai, Almadi, Polis and Pantheon."))
    parser.set_defaults(run=app.run_app)
    commands = parser.add_subparsers(title=_("commands"), metavar="COMMAND")
    for command in COMMANDS:
        command.add(commands)
    return parser


if __name__ == "__main__":
    sys.exit(main())

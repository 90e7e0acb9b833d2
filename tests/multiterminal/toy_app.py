"""The real `tabula` command with the toy game (tests/toygame.py) added, for tests and the
benchmark that run the app in real terminals:

    python -m tests.multiterminal.toy_app [tabula arguments...]
"""

from __future__ import annotations

import sys
from pathlib import Path

from engine import registry
from tests import toygame
from tests.tui import toy_board

TOY_HELP = Path(toy_board.__file__).with_name("toy_help.md")  # as in tests/tui/conftest.py, without pytest


def add_toy_game() -> None:
    import tui.help_text

    registry.GAMES.setdefault(toygame.GAME_ID, toygame.ENTRY)
    sys.modules.setdefault("tui.boards.toy", toy_board)
    help_path = tui.help_text.help_path
    tui.help_text.help_path = lambda game_id: TOY_HELP if game_id == "toy" else help_path(game_id)


if __name__ == "__main__":
    add_toy_game()
    from tui.cli import main

    sys.exit(main())

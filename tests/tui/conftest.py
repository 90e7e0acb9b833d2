from pathlib import Path

import pytest

from engine import registry
from tests import toygame
from tests.tui import toy_board

TOY_HELP = Path(__file__).parent / "toy_help.md"


@pytest.fixture
def toy(monkeypatch):
    """Make tests/toygame.py the only game, as 'toy', with its board renderer and help text."""
    import sys

    import tui.help_text

    monkeypatch.setattr(registry, "GAMES", {toygame.GAME_ID: toygame.ENTRY})
    monkeypatch.setitem(sys.modules, "tui.boards.toy", toy_board)
    monkeypatch.setattr(tui.help_text, "help_path", lambda game_id: TOY_HELP)
    return toygame.GAME_ID

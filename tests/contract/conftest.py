"""The games the conformance suite checks: every registered game, and the test toy.

A new game registered in engine/registry.py is checked by every test here without a line of
test code of its own.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from engine import registry
from engine.core.contract import Rules
from tests import toygame
from tests.tui import toy_board

TOY_HELP = Path(__file__).parent.parent / "tui" / "toy_help.md"


@dataclass(frozen=True)
class GameUnderTest:
    id: str
    rules: Rules


@pytest.fixture(params=[*sorted(registry.GAMES), toygame.GAME_ID])
def game(request, monkeypatch) -> GameUnderTest:
    if request.param == toygame.GAME_ID:
        import tui.help_text

        monkeypatch.setitem(registry.GAMES, toygame.GAME_ID, toygame.ENTRY)
        monkeypatch.setitem(sys.modules, "tui.boards.toy", toy_board)
        monkeypatch.setattr(tui.help_text, "help_path", lambda game_id: TOY_HELP)
    return GameUnderTest(request.param, registry.rules_for(request.param))

"""Per-game board renderers: ``tui/boards/<game_id>.py`` defines ``BOARD``, an instance of a
``tui.boards.base.Board`` subclass (the protocol: panels drawn from a seat's view, frames,
focus at 80 columns); ``tui/boards/text.py`` holds the text helpers they share."""

from __future__ import annotations

from importlib import import_module

from .base import Board


def board_for(game_id: str) -> Board:
    """The board of a registered game (engine.registry); KeyError for any other id, which is
    never taken for the name of a module (a save may name any game)."""
    from engine.registry import GAMES

    if game_id not in GAMES:
        raise KeyError(f"no board for the game {game_id[:40]!r}: this Tabula does not know it")
    board = import_module(f"tui.boards.{game_id}").BOARD
    if not isinstance(board, Board):
        raise TypeError(f"tui.boards.{game_id}.BOARD is not a tui.boards.base.Board")
    return board

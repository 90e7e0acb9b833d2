"""Per-game board renderers: ``tui/boards/<game_id>.py`` defines ``BOARD``, an instance of a
``tui.boards.base.Board`` subclass (the protocol: panels drawn from a seat's view, frames,
focus at 80 columns); ``tui/boards/text.py`` holds the text helpers they share."""

from __future__ import annotations

from importlib import import_module

from .base import Board


def board_for(game_id: str) -> Board:
    board = import_module(f"tui.boards.{game_id}").BOARD
    if not isinstance(board, Board):
        raise TypeError(f"tui.boards.{game_id}.BOARD is not a tui.boards.base.Board")
    return board

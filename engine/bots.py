"""The kinds of bot a seat may be played by, as saved with a game: ``random``, ``greedy`` (the
level players see as Easy) and the search bot's levels ``normal`` and ``hard``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.core.bots import Bot


def _core_bot(name: str) -> Callable[[int | str], Bot]:
    """A bot of engine.core.bots, loaded when first wanted (a list of saves names the kinds alone)."""

    def make(seed: int | str = 0) -> Bot:
        from engine.core import bots

        bot: Bot = getattr(bots, name)(seed)
        return bot

    return make


def _search_bot(level: str) -> Callable[[int | str], Bot]:
    """The search bot at a level (engine/search), loaded when first wanted."""

    def make(seed: int | str = 0) -> Bot:
        from engine.search import SearchBot

        return SearchBot(level, seed)

    return make


BOTS: dict[str, Callable[[int | str], Bot]] = {
    "random": _core_bot("RandomBot"), "greedy": _core_bot("GreedyBot"), "normal": _search_bot("normal"),
    "hard": _search_bot("hard"),
}


def make_bot(kind: str, seed: int | str = 0) -> Bot:
    try:
        return BOTS[kind](seed)
    except KeyError:
        raise ValueError(f"unknown bot {kind!r}; choose from {', '.join(BOTS)}") from None

"""The engine core: the contract all games implement and the generic machinery around it.

Its names load with their module when first used (``from engine.core import Choice``): what
needs only a part of it (the saves' messages need ``engine.core.text``) loads no more."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .contract import CHANCE, Choice, Decision, IllegalChoice, Option, Rules, Score, State
    from .flow import Ask, Auto, Draw, Flow, FlowError, Frame, Stack
    from .log import add_log, logging, visible_log
    from .match import Action, Match, ReplayMismatch
    from .playout import Playout
    from .state import copy_state
    from .text import Say, Words

__all__ = [
    "CHANCE", "Choice", "Decision", "IllegalChoice", "Option", "Rules", "Score", "State",
    "Ask", "Auto", "Draw", "Flow", "FlowError", "Frame", "Stack",
    "add_log", "logging", "visible_log", "Action", "Match", "ReplayMismatch", "Playout", "copy_state", "Say", "Words",
]

_MODULES = {"contract": ("CHANCE", "Choice", "Decision", "IllegalChoice", "Option", "Rules", "Score", "State"),
            "flow": ("Ask", "Auto", "Draw", "Flow", "FlowError", "Frame", "Stack"),
            "log": ("add_log", "logging", "visible_log"), "match": ("Action", "Match", "ReplayMismatch"),
            "playout": ("Playout",), "state": ("copy_state",), "text": ("Say", "Words")}
"""The module of each name, as imported above for the type checker."""
_MODULE_OF = {name: module for module, names in _MODULES.items() for name in names}


def __getattr__(name: str) -> Any:
    if name not in _MODULE_OF:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{_MODULE_OF[name]}"), name)
    globals()[name] = value
    return value

"""The engine core: the contract all games implement and the generic machinery around it."""

from .contract import CHANCE, Choice, Decision, IllegalChoice, Option, Rules, Score, State
from .log import add_log, visible_log
from .match import Action, Match, ReplayMismatch

__all__ = [
    "CHANCE", "Choice", "Decision", "IllegalChoice", "Option", "Rules", "Score", "State",
    "add_log", "visible_log", "Action", "Match", "ReplayMismatch",
]

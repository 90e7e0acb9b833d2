"""The engine core: the contract all games implement and the generic machinery around it."""

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

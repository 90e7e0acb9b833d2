"""The search bot: information-set Monte Carlo tree search over the engine contract."""

from .bot import SearchBot, think
from .ismcts import Candidate, Limits, SearchResult, search
from .profiles import LEVELS, Level, Profile, profile_for

__all__ = ["SearchBot", "think", "Candidate", "Limits", "SearchResult", "search", "LEVELS", "Level", "Profile",
           "profile_for"]

"""How hard each level searches, and how the search is tuned for each game.

A level is an iteration budget with a time cap. The same seed and budget give the same move;
the cap only stops a search that would run longer than a player should wait, and is counted
in CPU seconds of the thinking process, so a machine busy with other work slows the clock
down without changing the move (see docs/ARCHITECTURE.md, "The search bot").

A profile holds what was tuned per game by measurement (``make bench``, section search):
how many random decisions a play-out makes past the tree before the game's heuristic judges
it, and how many heuristic points make a lead worth about 73% (one logistic unit). A game
without a profile of its own gets the default, which works for any game on the contract.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    kind: str
    """The seat kind saved with the game ("normal", "hard")."""
    label: str
    iterations: int
    """Determinizations searched per decision: the budget."""
    cpu_cap: float
    """At most this many CPU seconds per decision, whatever the budget."""
    wall_cap: float
    """And at most this many seconds on the clock (a machine so busy that CPU time crawls)."""


LEVELS = {
    "normal": Level("normal", "Normal", iterations=600, cpu_cap=1.5, wall_cap=6.0),
    "hard": Level("hard", "Hard", iterations=4800, cpu_cap=5.0, wall_cap=15.0),
}


@dataclass(frozen=True)
class Profile:
    depth: int | None = 8
    """Random seat decisions played past the tree before the heuristic judges the position;
    None plays to the end (for games whose play-outs are short and cheap)."""
    scale: float = 10.0
    """Heuristic points for one logistic unit: a lead of ``scale`` is judged a 73% win."""
    explore: float = 0.7
    """UCB exploration constant for won-or-lost values; scaled down where the values vary less
    (engine/search/tree.py)."""
    whole_turns: bool = True
    """Play on past ``depth`` to the end of the seat's run of decisions before judging (for
    heuristics that judge half-made actions badly or slowly); False judges at once."""
    own_steps: bool = False
    """Back up a choice the same seat follows with another by its best-tried continuation (for
    games whose actions take several steps, where the mean of every continuation tried
    undervalues an action against a one-step choice such as passing)."""
    mirrored: bool = False
    """The game's heuristic, for two seats, is a lead: one seat's value is the other's negated,
    so it is judged once per position (for heuristics that search, where that halves the cost)."""
    prior_visits: int = 0
    """Each root choice starts with this many visits at the heuristic's value of the state
    right after it (one ply, as the greedy bot sees it), so a short search starts from the
    greedy bot's opinion and needs evidence to leave it."""


DEFAULT = Profile()

PROFILES: dict[str, Profile] = {
    # Random play-outs mislead in Polis (a random move strands armies and fleets): judged at once
    # by the game's heuristic, Normal won 4 of 6 games against the greedy bot (margin +2.7),
    # against 2.5 of 8 with the default play-outs (margin -6.2) and 1.5 of 6 with the greedy
    # bot's opinion as prior visits (tabula arena polis --seats normal,greedy --seed 1000); with each
    # choice's exploration scaled by the spread of its values (tree.py), 5 of 6 (margin +3.8).
    # On deals 2000-2003 that was 4 of 7: Normal led when the other side passed, judged Athens'
    # coming starvation a rout, acted on and starved. With the heuristic judging a round end that
    # ends the game by its final score (engine/polis/heuristic.py): 6 of 7 there (margin +5.6), and
    # 14.5 of 20 on new deals 3000-3009 (51-87%, margin +2.7), uncapped. With a side that may
    # still act counting on its home tribute (deal 3007 passed at once before): 18 of 20 on
    # 3000-3009 and 27 of 40 on new deals 3010-3029 (52-80%, margin +4.0), uncapped. With
    # own_steps and the heuristic's credits lost on passing (home tribute, merchant ships for
    # wheat): 32.5 of 40 on new deals 3030-3049 (67-90%, margin +3.0), against 30.5 of 40 before
    # on the same deals, and 24.5 of 40 on 3010-3029 against 27 before: no gain shown (57 against
    # 57.5 of 80); 47.5 of 60 on new deals 3030-3059 (67-88%), uncapped. With the other side's
    # half-made action judged by its best completion (it looked like a fee paid for nothing, so
    # the search never saw a threat coming): 32 of 40 on new deals 3062-3081 (65-90%), uncapped;
    # Hard vs Normal 28 of 45 on new deals 4015-4037 (48-75%) with the time caps, against 7.5 of 15.
    "polis": Profile(depth=0, scale=5.0, whole_turns=False, own_steps=True, mirrored=True),
}
"""Per-game tuning, by game id (measured with `tabula arena` and `python -m tests.bench --only search`)."""


def profile_for(game_id: str) -> Profile:
    return PROFILES.get(game_id, DEFAULT)

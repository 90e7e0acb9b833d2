"""The greedy bot's evaluation of an Almadi state (only ever called on a determinized state)."""

from __future__ import annotations

from engine.core.contract import State

from .legal import legal_placements, phase
from .scoring import scores_of

CARD_POTENTIAL = 0.5
PENDING_POTENTIAL = 0.4
USING_EFFECTS = ("effects", "genie", "genie_to", "genie_with")


def lead(state: State, seat: int) -> float:
    scores = scores_of(state)
    best_other = max(s.total for s in scores if s.seat != seat)
    return scores[seat].total - best_other


def estimate(state: State, seat: int) -> float:
    """Current score lead, plus a little for cards that may score later and effects not yet used;
    while a taken tile waits to be placed, the best placement's lead."""
    record = state["seats"][seat]
    potential: float = CARD_POTENTIAL * (record["mosaics"] + record["stalls"])
    pending = state["pending"]
    now = phase(state)
    if now == "place" and state["current"] == seat:
        best = float("-inf")
        for pos in legal_placements(state):
            trial = dict(state, seats=list(state["seats"]))
            trial["seats"][seat] = dict(record, realm=record["realm"] + [[pos[0], pos[1], pending["tile"]]])
            best = max(best, lead(trial, seat))
        return best + potential
    if pending is not None and state["current"] == seat and now in USING_EFFECTS:
        potential += PENDING_POTENTIAL * (sum(pending["effects"].values()) + pending["genie"])
    return lead(state, seat) + potential

"""The bots' heuristic: how good a position is for a seat.

It reads the whole state, every hand and face-down demigod included, so it is only ever given
a determinized state (``PantheonRules.determinize``): what the seat knows, the rest sampled.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .cards import MONEY_VALUES
from .catalog import Catalog, catalog
from .scoring import SCORING_EPOCHS, column_points

State = dict[str, Any]


def evaluate(state: State, seat: int) -> float:
    """The seat's worth less the best of the others'."""
    values = [worth(state, s) for s in range(state["n"])]
    return values[seat] - max(v for s, v in enumerate(values) if s != seat)


def worth(state: State, seat: int) -> float:
    """Points so far plus what the remaining scorings would pay for what is held now,
    and small amounts for the means to score more: cards, tiles, permanent gods, pieces,
    and feet close to the loot still on the board."""
    p = state["players"][seat]
    scorings_left = 0 if not state["flow"] else sum(1 for e in SCORING_EPOCHS if e >= max(state["epoch"], 1))
    held: int = sum(p["vp"].values())
    future: int = scorings_left * (sum(p["demigods"]) + column_points(len(p["columns_on"])))
    hand: dict[str, int] = p["hand"]
    cards = sum(hand.values()) - hand.get("movement", 0) - sum(hand.get(kind, 0) for kind in MONEY_VALUES)
    means: float = (
        0.35 * cards
        + 0.6 * hand.get("movement", 0)
        + 0.3 * sum(MONEY_VALUES[k] * n for k, n in hand.items() if k in MONEY_VALUES)
        + 0.8 * sum(p["tiles"].values())
        + 1.5 * len(p["gods"])
        + 0.2 * (p["feet"] + p["columns"])
        + 1.0 * p["steps"]
        + loot_reach(state, seat)
    )
    return held + future + means


def loot_reach(state: State, seat: int) -> float:
    """Loot taken but not yet resolved, and a little for every loot tile the route comes close to."""
    taken = sum(len(f["loot"]) for f in state["flow"] if "loot" in f and f["seat"] == seat)  # move, buy: never parallel
    starts = state["players"][seat]["feet_on"] or ([state["temple"]] if state["temple"] else [])
    near = 0.0
    if starts:
        axial = _axial(catalog())
        points = [axial[h] for h in starts]
        for h in state["loot"]:
            q, r = axial[h]
            near += 1.0 / (1 + min((abs(q - q0) + abs(r - r0) + abs(q - q0 + r - r0)) // 2 for q0, r0 in points))
    return 2.5 * taken + near


@lru_cache(maxsize=4)
def _axial(cat: Catalog) -> dict[str, tuple[int, int]]:
    """Each hex's axial coordinates: the steps between two hexes (ignoring what stands in the
    way) are (|dq| + |dr| + |dq + dr|) / 2."""
    return {h: (r["col"] - (r["row"] - (r["row"] & 1)) // 2, r["row"]) for h, r in cat.hexes.items()}

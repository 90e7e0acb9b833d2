"""Pantheon as a game on the engine core: setup, the contract methods, scores and a heuristic."""

from __future__ import annotations

from typing import Any, Mapping

from engine.core import Option, Rules, Score
from engine.core.rng import seed_state

from . import epochs, gods, loot, movement, nations, purchase, turn  # noqa: F401  (they register the task handlers)
from .cards import ROW_SIZE
from .chance import deal
from .data import NATION_IDS, OFFERING_KINDS, catalog
from .board import distance
from .scoring import EPOCHS, SCORE_SHEET_NAMES, SCORING_EPOCHS, column_points
from .tasks import act, advance, decision
from .view import build_view

START_FEET, START_COLUMNS, START_CARDS = 4, 3, 5
VP_CATEGORIES = ("gods", "epoch", "demigods", "columns", "pietalte")


def new_player() -> dict[str, Any]:
    return {
        "hand": {}, "feet": START_FEET, "columns": START_COLUMNS, "feet_on": [], "columns_on": [],
        "tiles": {k: 0 for k in OFFERING_KINDS}, "gods": [], "traitera_used": 0, "demigods": [],
        "steps": 0, "bonus": None, "vp": {c: 0 for c in VP_CATEGORIES},
    }


class PantheonRules(Rules):
    id = "pantheon"
    title = "Pantheon"
    min_players = 2
    max_players = 4
    version = "1"
    options = (
        Option("bonus", "Bonus tiles", (("random", "Dealt at random"), ("choose", "Chosen, last player first (variant)"))),
    )

    def setup(self, names: list[str], options: Mapping[str, Any], seed: int) -> dict[str, Any]:
        cat = catalog()
        n = len(names)
        state: dict[str, Any] = {
            "names": list(names), "n": n, "options": dict(options), "data": cat.digest,
            "epoch": 0, "nations": [], "nation_cards": list(NATION_IDS),
            "start": 0, "active": 0, "temple": None, "big_foot": None,
            "god_stack": sorted(cat.gods), "god_box": [], "god_display": [], "gods_shown": 0,
            "demigods_low": {str(v): c for v, c in cat.demigods.items() if v <= 3},
            "demigods_high": {str(v): c for v, c in cat.demigods.items() if v > 3},
            "demigod_display": [],
            "loot_bag": {k: r["count"] for k, r in cat.loot.items()}, "loot": {},
            "deck": dict(cat.action_deck), "discard": {}, "row": [],
            "special_money": list(cat.special_money),
            "tile_stock": {k: [4, 4] for k in OFFERING_KINDS},
            "bonus_pool": sorted(cat.bonus),
            "players": [new_player() for _ in names], "occupied": {},
            "tasks": [], "log": [], "over": False,
        }
        seed_state(state, seed)
        tasks = [deal(None, ROW_SIZE)] + [deal(s, START_CARDS) for s in range(n)]
        if options.get("bonus", "random") == "choose":
            tasks += [{"t": "bonus_pick", "seat": s} for s in reversed(range(n))]
        else:
            tasks += [{"t": "bonus_draw", "seat": s} for s in range(n)]
        tasks.append({"t": "prep"})
        state["tasks"] = tasks
        advance(state)
        return state

    def data_version(self) -> str:
        """Digest of the component data files in use (built-in or the user's override)."""
        return catalog().digest

    def progress(self, state: dict[str, Any]) -> str:
        if state["over"]:
            return "game over"
        return f"epoch {max(state['epoch'], 1)} of {EPOCHS}"

    decision = staticmethod(decision)
    apply = staticmethod(act)

    def view(self, state: dict[str, Any], viewer: int | None) -> dict[str, Any]:
        return build_view(state, viewer)

    def scores(self, state: dict[str, Any]) -> list[Score]:
        return [
            Score(seat, {SCORE_SHEET_NAMES[category]: p["vp"][category] for category in VP_CATEGORIES})
            for seat, p in enumerate(state["players"])
        ]

    def tiebreak(self, state: dict[str, Any], seat: int) -> tuple:
        """More demigod tiles wins a tie (their values do not matter); then the win is shared."""
        return (len(state["players"][seat]["demigods"]),)

    def evaluate(self, state: dict[str, Any], seat: int) -> float:
        values = [self._worth(state, s) for s in range(state["n"])]
        return values[seat] - max(v for s, v in enumerate(values) if s != seat)

    @staticmethod
    def _worth(state: dict[str, Any], seat: int) -> float:
        """Points so far plus what the remaining scorings would pay for what is held now,
        and small amounts for the means to score more: cards, tiles, lasting gods, pieces,
        and feet close to the loot still on the board."""
        p = state["players"][seat]
        scorings_left = 0 if state["over"] else sum(1 for e in SCORING_EPOCHS if e >= max(state["epoch"], 1))
        held = sum(p["vp"].values())
        future = scorings_left * (sum(p["demigods"]) + column_points(len(p["columns_on"])))
        hand = p["hand"]
        cards = sum(hand.values()) - hand.get("movement", 0) - sum(hand.get(f"money{v}", 0) for v in range(1, 6))
        means = (
            0.35 * cards
            + 0.6 * hand.get("movement", 0)
            + 0.3 * sum(int(k[5:]) * n for k, n in hand.items() if k.startswith("money"))
            + 0.8 * sum(p["tiles"].values())
            + 1.5 * len(p["gods"])
            + 0.2 * (p["feet"] + p["columns"])
            + 1.0 * p["steps"]
            + _loot_reach(state, seat)
        )
        return held + future + means


def _loot_reach(state: dict[str, Any], seat: int) -> float:
    """Loot taken but not yet resolved, and a little for every loot tile the route comes close to."""
    taken = sum(len(t["loot"]) for t in state["tasks"] if t.get("seat") == seat and "loot" in t)
    cat = catalog()
    starts = state["players"][seat]["feet_on"] or ([state["temple"]] if state["temple"] else [])
    near = sum(1.0 / (1 + min(distance(cat, s, h) for s in starts)) for h in state["loot"]) if starts else 0.0
    return 2.5 * taken + near

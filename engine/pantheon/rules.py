"""Pantheon as a game on the engine core: setup, the turn flow's steps, and the contract methods."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from engine.core import Flow, Option, Rules, Score
from engine.core.rng import seed_state

from . import chance, epochs, gods, loot, movement, nations, purchase, turn
from .cards import CARD_ORDER, ROW_SIZE
from .common import PIECES_PER_COLOUR
from .catalog import OFFERING_KINDS, Catalog, catalog
from .heuristic import evaluate
from .hidden import determinize
from .common import gods_owned
from .scoring import EPOCHS, SCORE_SHEET_NAMES, interim_scoring
from .view import build_view

START_FEET, START_COLUMNS, START_CARDS = 4, 3, 5
VP_CATEGORIES = ("gods", "epoch", "demigods", "columns", "pietalte")


def new_player() -> dict[str, Any]:
    return {
        "hand": {}, "hand_known": {}, "feet": START_FEET, "columns": START_COLUMNS, "feet_on": [], "columns_on": [],
        "feet_general": PIECES_PER_COLOUR - START_FEET, "columns_general": PIECES_PER_COLOUR - START_COLUMNS,
        "tiles": {k: 0 for k in OFFERING_KINDS}, "gods": [], "traitera_used": 0, "demigods": [], "demigods_known": [],
        "steps": 0, "bonus": None, "vp": {c: 0 for c in VP_CATEGORIES},
    }


class PantheonRules(Rules):
    id = "pantheon"
    title = "Pantheon"
    min_players = 2
    max_players = 4
    version = "2"
    options = (
        Option("bonus", "Bonus tiles", (("random", "Dealt at random"), ("choose", "Chosen, last player first (variant)"))),
    )
    flow = Flow([
        chance.Deal(), chance.RevealGod(), chance.PlaceLoot(), chance.DemigodDraw(),
        loot.BonusDraw(), loot.BonusPick(), loot.Effect(), loot.Reserve(), loot.FreeColumn(),
        epochs.Prep(), nations.Nation(), nations.Power(), epochs.Temple(), epochs.Depraccus(), epochs.DepraccusDraw(),
        epochs.BonusTiles(),
        nations.Gallia(), nations.HandOfSeven(), nations.Discard(), nations.Swap(),
        turn.Turn(), turn.Traitera(), turn.DrawCards(), movement.Move(), purchase.Buy(), purchase.Offering(),
        gods.DrawGod(), gods.Pay(), epochs.AfterAction(), epochs.EpochEnd(),
    ])

    def setup(self, names: list[str], options: Mapping[str, Any], seed: int) -> dict[str, Any]:
        cat = catalog()
        n = len(names)
        state: dict[str, Any] = {
            "names": list(names), "n": n,
            "epoch": 0, "nations": [],
            "start": 0, "active": 0, "temple": None, "big_foot": None,
            "god_stack": sorted(cat.gods), "god_box": [], "god_display": [], "gods_shown": 0,
            "demigods_low": {str(v): c for v, c in cat.demigods.items() if v <= chance.LOW_DEMIGODS},
            "demigods_high": {str(v): c for v, c in cat.demigods.items() if v > chance.LOW_DEMIGODS},
            "demigod_display": [], "demigod_box": [],
            "loot_bag": {k: r["count"] for k, r in cat.loot.items()}, "loot": {}, "loot_box": {},
            "deck": dict(cat.action_deck), "discard": {}, "row": [],
            "special_money": list(cat.special_money),
            "tile_stock": {k: [4, 4] for k in OFFERING_KINDS}, "tile_box": {k: [0, 0] for k in OFFERING_KINDS},
            "players": [new_player() for _ in names], "occupied": {},
            "log": [], "over": False,
        }
        seed_state(state, seed)
        frames = [chance.deal(None, ROW_SIZE)] + [chance.deal(s, START_CARDS) for s in range(n)]
        if options.get("bonus", "random") == "choose":
            frames += [{"step": "bonus_pick", "seat": s} for s in reversed(range(n))]
        else:
            frames += [{"step": "bonus_draw", "seat": s} for s in range(n)]
        self.flow.start(state, *frames, {"step": "prep"})
        return state

    def data_version(self) -> str:
        """Digest of the component data files in use (built-in or the user's override)."""
        return catalog().digest

    def progress(self, state: dict[str, Any]) -> str:
        if state["over"]:
            return "game over"
        return f"epoch {max(state['epoch'], 1)} of {EPOCHS}"

    def view(self, state: dict[str, Any], viewer: int | None) -> dict[str, Any]:
        return build_view(state, viewer)

    def has_private(self, state: dict[str, Any], viewer: int) -> bool:
        """A seated player always has a hand and face-down demigods (maybe none yet) to keep to itself."""
        return True

    def determinize(self, state: dict[str, Any], viewer: int | None, seed: int | str) -> dict[str, Any]:
        return determinize(state, viewer, seed)

    def targets(self, state: dict[str, Any]) -> frozenset[str]:
        """Hexes by id; ``god:<tile>`` on the display, ``row:<card>`` in the face-up row, ``deck``,
        ``offering:<kind>`` tiles, ``bonus:<tile>`` tiles left, the viewer's ``hand`` and ``hand:<card>``."""
        shown = {f"god:{t}" for t in state["god_display"]} | {f"row:{k}" for k in state["row"]}
        return _fixed_targets(catalog()) | shown | {f"bonus:{t}" for t in loot.bonus_left(state)}

    running_score = "so far"

    def scores(self, state: dict[str, Any]) -> list[Score]:
        """The points won so far (the two scorings come after epochs 3 and 6)."""
        return [
            Score(seat, {SCORE_SHEET_NAMES[category]: p["vp"][category] for category in VP_CATEGORIES})
            for seat, p in enumerate(state["players"])
        ]

    def if_ended_now(self, state: dict[str, Any], viewer: int | None) -> dict[int, str] | None:
        """The points so far plus the scoring that ends the game, worked out on the position
        now; another player's face-down demigods are not known to ``viewer`` ("+?")."""
        if state["over"]:
            return None
        totals = {}
        for seat, p in enumerate(state["players"]):
            known = p["demigods"] if seat == viewer else p["demigods_known"]
            scoring = interim_scoring(len(p["columns_on"]), list(known), gods_owned(state, seat, "pietalte"),
                                      p["tiles"].values())
            hidden = len(known) < len(p["demigods"])
            totals[seat] = f"{sum(p['vp'].values()) + sum(scoring.values())}{'+?' if hidden else ''}"
        return totals

    def tiebreak(self, state: dict[str, Any], seat: int) -> tuple:
        """More demigod tiles wins a tie (their values do not matter); then the win is shared."""
        return (len(state["players"][seat]["demigods"]),)

    def evaluate(self, state: dict[str, Any], seat: int) -> float:
        return evaluate(state, seat)


@lru_cache(maxsize=4)
def _fixed_targets(cat: Catalog) -> frozenset[str]:
    return frozenset([*cat.hexes, "deck", "hand", *(f"hand:{k}" for k in CARD_ORDER),
                      *(f"offering:{k}" for k in OFFERING_KINDS)])

"""A new game of Thebai: the state's layout, and the setup as steps of the flow.

Every random part of the setup is a chance step (engine/thebai/setup_steps.py) a person at a
real table could supply (the commander dealt to row 3, the tile laid on estate space r2c4, ...).
Face-down things (invaders, the lower fate tiles, the contract deck, herald cards) are not
decided at setup at all: each is drawn from what is left when it is revealed, so the state
never holds a secret nobody has seen.

State layout (seats 0..n-1; lists indexed by seat unless said otherwise):
  names, n, side ("12" or "34": the board sides), round (0 during setup), phase, order (seats in turn order)
  vp, res ({grape, pottery, bronze, drachma}), common (citizen dice left in the common supply)
  pool_c / pool_h: faces of the citizen / hoplite dice in the personal supply (face index 0-5)
  boxed_h: hoplite dice gone to the box (ascended to a Strategos tile)
  estate: per seat three rows of Cadmea tile ids, left to right, covering the row's rightmost spaces
  estate_dice / estate_meto: per seat {estate space: face / metoikoi id}
  meto: metoikoi tiles in supply; meto_left: {metoikoi id: tiles left in its stack}
  archons: the Cadmea space of each archon, or None in the supply
  city: tiles {space: [tile id, rotation]}, dice {dice space: [seat, "c"|"h", face]}, plaza [dice spaces],
        posts {dice space: seat} (Lasthenes stand), sites {Cadmea space: seat} (Hyperbius stand)
  strategos: per row (index row-1) [[seat, value]]; strat_left: values still in supply
  row_cmd: per row the commander card on it (None once taken); cmd: {commander id: {seat, at}}
  invaders: per row the revealed invader (None: face down); gates: per row its gate tile (None: taken)
  gates_won, fate (10 slots {stack, tile, up, done}), fate_left {stack: tiles not yet seen}, battles, marker
  track {dionysus, ares: positions}, arrived {track: arrival stamps, lower = below in the stack}, clock
  blessings (owned ids), bless_left {id: count}, final_left {id: VP tiles, top last}
  deck (contract ids left, unordered), display (4 slots), hand, known (hand cards taken in view of all),
  done (fulfilled), start_left
  passage (exclusive slots, [seat, face] or None), passage_last ([seat, face]...), council {space: [seat, kind, face]}
  collapse (spaces with a collapse marker), councillor_tiles {space: [seats]}, councillors (left in supply)
  heralds (herald cards left; 2 players), plaza_left, turn {seat, fulfils}, last_battle
"""

from __future__ import annotations

from engine.core.rng import seed_state

from .catalog import catalog
from .constants import ESTATE_COLS, ESTATE_ROWS, FATE_LAYOUT, ROWS
from .geometry import grid, side_for

UP_SLOTS = 5
"""Fate tiles of the top row start face up."""


def new_state(names_: list[str], seed: int) -> dict:
    cat = catalog()
    n = len(names_)
    pieces = cat.pieces
    dev_tracks = tuple(cat.tracks)
    state = {
        "names": list(names_), "n": n, "side": side_for(n), "round": 0, "phase": "setup", "order": list(range(n)),
        "vp": [pieces["score"]] * n,
        "res": [{**pieces["goods"], "drachma": 0} for _ in range(n)],
        "common": [pieces["citizens"] - pieces["citizens_in_supply"]] * n,
        "pool_c": [[] for _ in range(n)], "pool_h": [[pieces["hoplite_face"]] * pieces["hoplites"] for _ in range(n)],
        "boxed_h": [0] * n,
        "estate": [[[] for _ in range(ESTATE_ROWS)] for _ in range(n)],
        "estate_dice": [{} for _ in range(n)], "estate_meto": [{} for _ in range(n)], "tile_box": [], "meto_box": 0,
        "meto": [[] for _ in range(n)], "meto_left": {m: r["count"] for m, r in cat.metoikoi.items()},
        "archons": [None] * n,
        "city": {"tiles": {}, "dice": {}, "plaza": [], "posts": {}, "sites": {}},
        "strategos": [[] for _ in range(ROWS)], "strat_left": [list(cat.strategos) for _ in range(n)],
        "row_cmd": [None] * ROWS, "cmd": {},
        "invaders": [None] * ROWS, "gates": [None] * ROWS, "gates_won": [[] for _ in range(n)],
        "fate": [{"stack": s, "tile": None, "up": k < UP_SLOTS, "done": False} for k, s in enumerate(FATE_LAYOUT)],
        "fate_left": _fate_stacks(n), "battles": 0, "marker": None,
        "track": {t: [0] * n for t in dev_tracks}, "arrived": {t: [0] * n for t in dev_tracks}, "clock": 0,
        "blessings": [[] for _ in range(n)],
        "bless_left": {b: r["count"] for b, r in cat.blessings.items() if r["kind"] == "blessing"},
        "final_left": {b: list(r["vps"]) for b, r in cat.blessings.items() if r["kind"] == "final"},
        "deck": sorted(c for c, r in cat.contracts.items() if not r["start"]),
        "display": [None] * 4, "hand": [[] for _ in range(n)], "known": [[] for _ in range(n)], "done": [[] for _ in range(n)],
        "start_left": sorted(c for c, r in cat.contracts.items() if r["start"]),
        "passage": [None] * (len(cat.passage_vp) - 1), "passage_last": [], "council": {},
        "collapse": [], "councillor_tiles": {}, "councillors": [pieces["councillors"]] * n,
        "heralds": sorted(cat.heralds) if n <= 2 else [], "plaza_left": cat.plaza_markers if n <= 2 else 0,
        "turn": None, "last_battle": None,
        "setup": {"stack": [], "chosen": []},
        "log": [],
    }
    seed_state(state, seed)
    return state


def _fate_stacks(players: int) -> dict[str, list[str]]:
    stacks: dict[str, list[str]] = {}
    for tile_id, r in catalog().fate.items():
        if r["stack"] in ("alpha", "beta"):
            continue
        if players == 2 and r.get("row") == ROWS:
            continue  # conflict tile No.7 goes back to the box with 2 players
        stacks.setdefault(r["stack"], []).append(tile_id)
    return {k: sorted(v) for k, v in stacks.items()}


def setup_frames(state: dict) -> list[dict]:
    n = state["n"]
    frames = [{"step": "stack_marker"} for _ in range(n)]
    frames.append({"step": "starting_supply"})
    frames += [{"step": "deal_commander", "row": row} for row in range(1, ROWS + 1)]
    frames += [{"step": "deal_gate", "row": row} for row in range(1, ROWS + 1)]
    frames += [{"step": "deal_fate", "slot": k} for k in range(UP_SLOTS)]
    frames.append({"step": "draw_collapse"})
    for seat in range(n):
        for row in range(1, ESTATE_ROWS + 1):
            frames += [{"step": "deal_estate", "seat": seat, "row": row, "col": col} for col in range(2, ESTATE_COLS + 1)]
    frames.append({"step": "choose_start_tiles"})
    frames += [{"step": "extra_tile"} for _ in range(len(grid(state["side"]).start[n]) - n)]
    frames += [{"step": "place_start", "space": space} for space in grid(state["side"]).start[n]]
    frames.append({"step": "start_contracts"})
    frames += [{"step": "refill"}, {"step": "round"}]
    return frames

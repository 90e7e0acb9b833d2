"""A new game of Thebai: the state's layout, and the setup as steps of the flow.

Every random part of the setup is a chance step (below, in the order of the rulebook's setup) a
person at a real table could supply (the commander dealt to row 3, the tile laid on estate space r2c4, ...).
Face-down things (invaders, the lower fate tiles, the contract deck, herald cards) are not
decided at setup at all: each is drawn from what is left when it is revealed, so the state
never holds a secret nobody has seen.

State layout (seats 0..n-1; lists indexed by seat unless said otherwise):
  names, n, side ("12" or "34": the board sides), round (0 during setup), phase (setup, action, fate; the game
  is over when the flow is empty), order (seats in turn order)
  vp, res ({grape, pottery, bronze, drachma}), common (citizen dice left in the common supply)
  pool_c / pool_h: faces of the citizen / hoplite dice in the personal supply (face index 0-5)
  boxed_h: hoplite dice gone to the box (ascended to a Strategos tile)
  placed_h: the dice spaces where the seat's latest hoplite placements put dice (placing "another" die
            skips them; a placement that is not for another die starts the list anew)
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

from engine.core import Ask, Auto, Choice, Draw, Say
from engine.core.flow import Frame, Stack
from engine.core.rng import seed_state
from engine.core.text import Said

from . import choices
from .board import State, colour, log, place_battle_marker
from .catalog import catalog
from .choices import CadmeaTile, Collapse, Commander, EstateRow, FateTile, Gate, Marker
from .choices import StartContract as StartContractArgs
from .constants import COLOURS, ESTATE_COLS, ESTATE_ROWS, FATE_LAYOUT, ROWS
from .geometry import grid, side_for

UP_SLOTS = 5
"""Fate tiles of the top row start face up."""


def new_state(names_: list[str], seed: int) -> State:
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
        "boxed_h": [0] * n, "placed_h": [[] for _ in range(n)],
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
        "display": [None] * 4, "hand": [[] for _ in range(n)], "known": [[] for _ in range(n)],
        "done": [[] for _ in range(n)],
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


def setup_frames(state: State) -> list[Frame]:
    n = state["n"]
    frames: list[Frame] = [{"step": "stack_marker"} for _ in range(n)]
    frames.append({"step": "starting_supply"})
    frames += [{"step": "deal_commander", "row": row} for row in range(1, ROWS + 1)]
    frames += [{"step": "deal_gate", "row": row} for row in range(1, ROWS + 1)]
    frames += [{"step": "deal_fate", "slot": k} for k in range(UP_SLOTS)]
    frames.append({"step": "draw_collapse"})
    for seat in range(n):
        for row in range(1, ESTATE_ROWS + 1):
            frames += [{"step": "deal_estate", "seat": seat, "row": row, "col": col}
                       for col in range(2, ESTATE_COLS + 1)]
    frames.append({"step": "choose_start_tiles"})
    frames += [{"step": "extra_tile"} for _ in range(len(grid(state["side"]).start[n]) - n)]
    frames += [{"step": "place_start", "space": space} for space in grid(state["side"]).start[n]]
    frames.append({"step": "start_contracts"})
    frames += [{"step": "refill"}, {"step": "round"}]
    return frames


# -- the setup's chance steps and choices ---------------------------------------------------------


class StackMarker(Draw):
    """The devotion markers, stacked at random on the Dionysus start space (bottom first)."""

    name = "stack_marker"
    topic = "setup"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        stacked = state["setup"]["stack"]
        return [choices.outcome(Marker(s)) for s in range(state["n"]) if s not in stacked]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        return Say("{seat:seat}", seat=choice.args_as(Marker).seat), ""

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("Dionysus stack: marker {place} from the bottom", place=len(state["setup"]["stack"]) + 1)

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        stack = state["setup"]["stack"]
        stack.append(choice.args_as(Marker).seat)
        if len(stack) < state["n"]:
            return
        # Bottom of the Dionysus stack arrived first; Ares is stacked in the reverse order;
        # the top Dionysus marker's player goes first.
        for k, seat in enumerate(stack):
            state["arrived"]["dionysus"][seat] = k - len(stack)
            state["arrived"]["ares"][seat] = -k - 1
        state["order"] = stack[::-1]
        log(state, lambda: Say("Turn order: {order:order}", order=list(state["order"])))


class StartingSupply(Auto):
    """Citizen dice and drachma by turn-order place (the rulebook's table)."""

    name = "starting_supply"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        for place, seat in enumerate(state["order"], 1):
            start = catalog().starts[place]
            state["pool_c"][seat] = sorted(start["faces"])
            state["res"][seat]["drachma"] = start["drachma"]


class _Deal(Draw):
    """One face-up component dealt to a row: the outcomes are those not dealt yet."""

    topic = "setup"
    kind: type[Commander | Gate | FateTile | Collapse | CadmeaTile]
    """The arguments of an outcome: the id of what is dealt."""

    def pool(self, state: State, frame: Frame) -> list[str]:
        raise NotImplementedError

    def options(self, state: State, frame: Frame) -> list[Choice]:
        kind = self.kind
        return [choices.outcome(kind(x)) for x in self.pool(state, frame)]


class DealCommander(_Deal):
    name = "deal_commander"
    kind = Commander

    def pool(self, state: State, frame: Frame) -> list[str]:
        return sorted(set(catalog().commanders) - set(state["row_cmd"]))

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        return Say("{commander:commander}", commander=choice.args_as(Commander).commander), ""

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("Commander card for row {row}", row=frame["row"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        state["row_cmd"][frame["row"] - 1] = choice.args_as(Commander).commander


class DealGate(_Deal):
    name = "deal_gate"
    kind = Gate

    def pool(self, state: State, frame: Frame) -> list[str]:
        return sorted(set(catalog().gates) - set(state["gates"]))

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        return Say("{gate:gate}", gate=choice.args_as(Gate).gate), ""

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("Gate tile for row {row}", row=frame["row"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        state["gates"][frame["row"] - 1] = choice.args_as(Gate).gate


class DealFate(_Deal):
    """A fate tile turned face up: alpha and beta are fixed, the others come from their stack."""

    name = "deal_fate"
    topic = "fate"
    kind = FateTile

    def pool(self, state: State, frame: Frame) -> list[str]:
        stack = state["fate"][frame["slot"]]["stack"]
        return state["fate_left"].get(stack) or [stack]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        return Say("{tile:fate}", tile=choice.args_as(FateTile).tile), ""

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("Fate tile for round {round}", round=frame["slot"] + 1)

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        tile = choice.args_as(FateTile).tile
        slot = state["fate"][frame["slot"]]
        slot["tile"], slot["up"] = tile, True
        left = state["fate_left"].get(slot["stack"])
        if left and tile in left:
            left.remove(tile)
        place_battle_marker(state)
        log(state, lambda: Say("Fate tile of round {round} turned up", round=frame["slot"] + 1))


class DrawCollapse(_Deal):
    name = "draw_collapse"
    kind = Collapse

    def pool(self, state: State, frame: Frame) -> list[str]:
        return sorted(catalog().collapse)

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        return Say("{card:collapse}", card=choice.args_as(Collapse).card), ""

    def prompt(self, state: State, frame: Frame) -> Said:
        return "Collapse card"

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        state["collapse"] = list(catalog().collapse[choice.args_as(Collapse).card][:catalog().markers[state["n"]]])


class DealEstate(_Deal):
    """A Cadmea tile laid on an estate space: own colour on columns 2-4, neutral on 5."""

    name = "deal_estate"
    kind = CadmeaTile

    def pool(self, state: State, frame: Frame) -> list[str]:
        wanted = colour(frame["seat"]) if frame["col"] < ESTATE_COLS else "neutral"
        used = {t for rows in state["estate"] for row in rows for t in row}
        return [t for t, r in catalog().tiles.items() if r["colour"] == wanted and t not in used]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        return Say("{tile:tile_desc}", tile=choice.args_as(CadmeaTile).tile), ""

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}'s estate: tile for row {row}, column {col}",
                   seat=frame["seat"], row=frame["row"], col=frame["col"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        state["estate"][frame["seat"]][frame["row"] - 1].append(choice.args_as(CadmeaTile).tile)


class ChooseStartTiles(Auto):
    name = "choose_start_tiles"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        flow.parallel({seat: [{"step": "start_tile", "seat": seat}] for seat in range(state["n"])})


class ExtraTile(_Deal):
    """2-3 players: a random Cadmea tile of an unused colour joins the starting tiles."""

    name = "extra_tile"
    kind = CadmeaTile

    def pool(self, state: State, frame: Frame) -> list[str]:
        unused = COLOURS[state["n"]:]
        chosen = set(state["setup"]["chosen"])
        return [t for t, r in catalog().tiles.items() if r["colour"] in unused and t not in chosen]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        return Say("{tile:tile_desc}", tile=choice.args_as(CadmeaTile).tile), ""

    def prompt(self, state: State, frame: Frame) -> Said:
        return "Extra starting Cadmea tile (unused colour)"

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        state["setup"]["chosen"].append(choice.args_as(CadmeaTile).tile)


class PlaceStart(_Deal):
    """The starting tiles go at random onto the marked spaces in the middle of the city."""

    name = "place_start"
    kind = CadmeaTile

    def pool(self, state: State, frame: Frame) -> list[str]:
        return sorted(state["setup"]["chosen"])

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        return Say("{tile:tile_desc}", tile=choice.args_as(CadmeaTile).tile), ""

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("Starting Cadmea tile on {space:space}", space=frame["space"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        state["setup"]["chosen"].remove(choice.args_as(CadmeaTile).tile)
        state["city"]["tiles"][frame["space"]] = [choice.args_as(CadmeaTile).tile, 0]


class StartContracts(Auto):
    name = "start_contracts"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        flow.push(*({"step": "start_contract", "seat": seat} for seat in reversed(state["order"])),
                  {"step": "box_start"})


class BoxStart(Auto):
    name = "box_start"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        state["start_left"] = []


class StartTile(Ask):
    """Each player picks the leftmost Cadmea tile of one estate row for the city's centre."""

    name = "start_tile"
    topic = "setup"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        seat = frame["seat"]
        return [choices.estate_row(r, seat) for r in range(1, ESTATE_ROWS + 1) if state["estate"][seat][r - 1]]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        row = choice.args_as(EstateRow).row
        return (Say("Row {row}: {tile:tile_desc}", row=row, tile=state["estate"][frame["seat"]][row - 1][0]),
                Say("opens that row's second space"))

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: pick a starting Cadmea tile (the leftmost of a row)", seat=frame["seat"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        seat, row = frame["seat"], choice.args_as(EstateRow).row
        tile = state["estate"][seat][row - 1].pop(0)
        state["setup"]["chosen"].append(tile)
        log(state, lambda: Say("{seat:seat} gives the tile of estate row {row} to the city", seat=seat, row=row))


class StartContract(Ask):
    """In reverse turn order, each player takes one of the starting contracts."""

    name = "start_contract"
    topic = "contracts"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [choices.start_contract(c) for c in state["start_left"]]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        return Say("{contract:contract_desc}", contract=choice.args_as(StartContractArgs).contract), ""

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: take a starting contract", seat=frame["seat"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        contract = choice.args_as(StartContractArgs).contract
        state["start_left"].remove(contract)
        state["hand"][frame["seat"]].append(contract)
        state["known"][frame["seat"]].append(contract)
        log(state, lambda: Say("{seat:seat} takes starting contract {contract:contract}",
                               seat=frame["seat"], contract=contract))


STEPS = (StartTile(), StartContract(), StackMarker(), StartingSupply(), DealCommander(), DealGate(), DealFate(),
         DrawCollapse(), DealEstate(), ChooseStartTiles(), ExtraTile(), PlaceStart(), StartContracts(), BoxStart())

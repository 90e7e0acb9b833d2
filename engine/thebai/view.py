"""What a seat may see of a Thebai game, field by field: everything on the table, its own hand,
the contracts others took in view of everyone (``known``), and of the hidden parts only their
size (others' hands, the contract deck, unseen fate tiles, the herald deck).

The view is built from an allowlist (nothing of the state reaches a seat unless a field below
names it) and fits ``ThebaiView`` exactly (the conformance suite checks it). It holds what the
boards draw, worked out by the rules where it takes a rule (whose colour a tile is, the order of
the markers on a track, the contract a commander marks, the hand cards only their owner knows).

(No ``from __future__ import annotations`` here: a TypedDict reads ``NotRequired`` only from
annotations that are evaluated.)
"""

from typing import Any, Literal, NotRequired, TypedDict

from engine.core.contract import TableFields

from .board import State
from .catalog import catalog
from .constants import COLOURS
from .council import board_spaces
from .hidden import secret_cards

Phase = Literal["setup", "action", "fate", "over"]


class Goods(TypedDict):
    grape: int
    pottery: int
    bronze: int
    drachma: int


class SeatView(TypedDict):
    """A seat's estate, supply and cards, as everyone at the table sees them."""

    name: str
    vp: int
    """On the score track."""
    goods: Goods
    common: int
    """Its citizen dice still in the common supply."""
    citizens: list[int]
    """Faces (0-5) of the citizen dice in its supply."""
    hoplites: list[int]
    """Faces of the hoplite dice in its supply."""
    estate: list[list[str]]
    """Each estate row's Cadmea tiles, left to right (they cover the row's rightmost spaces)."""
    estate_dice: dict[str, int]
    """Estate space -> face of the citizen die on it."""
    estate_metoikoi: dict[str, str]
    """Estate space -> the metoikoi tile on it."""
    metoikoi: list[str]
    """Metoikoi tiles in its supply."""
    blessings: list[str]
    strategos_left: list[int]
    """Values of the Strategos tiles still in its supply."""
    councillors: int
    """Councillor tiles in its supply."""
    commanders: list[str]
    """The commander cards it took."""
    hand_size: int
    known: list[str]
    """The contracts of its hand it took in view of everyone (starting ones, from the display)."""
    unseen: int
    """The contracts of its hand drawn from the deck: only its owner knows them."""
    done: list[str]
    """Fulfilled contracts."""
    gates_won: list[str]


class PlacedTile(TypedDict):
    tile: str
    turns: int
    """Quarter turns clockwise."""
    owner: int | None
    """The seat of the tile's colour; None for a neutral tile or a colour nobody plays."""


class Die(TypedDict):
    seat: int
    kind: Literal["c", "h"]
    """A citizen or a hoplite die."""
    face: int


class CityView(TypedDict):
    side: Literal["12", "34"]
    """The city board's side (engine/thebai/geometry.py's grid)."""
    tiles: dict[str, PlacedTile]
    """Cadmea space -> the tile on it."""
    dice: dict[str, Die]
    """Dice space -> the die on it."""
    plaza: list[str]
    """Dice spaces with a plaza marker."""
    posts: dict[str, int]
    """Dice space -> the seat whose Lasthenes stand is on it."""
    sites: dict[str, int]
    """Cadmea space -> the seat whose Hyperbius stand reserves it."""
    archons: list[str | None]
    """Each seat's archon: its Cadmea space, None in the supply."""


class Strategos(TypedDict):
    seat: int
    value: int


class RowView(TypedDict):
    """A row of the city and its battle line."""

    invader: str | None
    """The invader card, once turned up."""
    gate: str | None
    """The gate tile, until a battle's winner takes it."""
    commander: str | None
    """The commander card, until it is taken."""
    strategos: list[Strategos]


class BattleResult(TypedDict):
    power: int
    result: Literal["won", "lost", "not engaged"]
    vp_change: int
    loot: int
    """Times the gate tile's reward was taken."""


class LastBattle(TypedDict):
    round: int
    row: int
    number: int
    invader: int
    """The invader's power."""
    results: list[BattleResult]
    """By seat."""
    gate: int | None
    """The seat that took the gate tile."""


class TrackView(TypedDict):
    length: int
    steps: list[int]
    """Each seat's space (0: the start)."""
    standing: list[int]
    """The seats from the furthest on; on one space, the marker lower in the stack first."""


class Tracks(TypedDict):
    dionysus: TrackView
    ares: TrackView


class FateSlot(TypedDict):
    stack: str
    tile: str | None
    """None while face down and never seen."""
    up: bool
    done: bool


class PassageDie(TypedDict):
    seat: int
    face: int


class CouncilPiece(TypedDict):
    seat: int
    what: Literal["die", "stand"]
    """A citizen die, or a commander's stand."""
    face: int | None


class CouncilView(TypedDict):
    spaces: list[str]
    """The monument spaces of this game (the 4-player tile's only with 4 players), in board order."""
    passage: list[PassageDie | None]
    """The passage's spaces, top first."""
    passage_last: list[PassageDie]
    """The dice on its bottom space."""
    taken: dict[str, CouncilPiece]
    """Monument space -> what is on it."""
    collapse: list[str]
    """Spaces with a collapse marker."""
    councillor_tiles: dict[str, list[int]]
    """Collapsed space -> the seats whose councillor tiles are on it."""


class ContractsView(TypedDict):
    display: list[str | None]
    deck: int
    """Cards left in the deck."""
    marked: str | None
    """The display contract a commander's stand marks (its owner may fulfil it)."""
    starting: list[str]
    """Starting contracts still to be taken (during the setup)."""


class Turn(TypedDict):
    seat: int
    fulfils: int
    """Contract fulfilments the turn still allows."""


class SupplyView(TypedDict):
    """The devotion board's stacks."""

    metoikoi: dict[str, int]
    blessings: dict[str, int]
    final: dict[str, list[int]]
    """Each last-step stack's VP tiles, bottom first (the top one is taken next)."""


class ThebaiView(TypedDict):
    viewer: int | None
    round: int
    """0 during the setup, then 1-10."""
    phase: Phase
    order: list[int]
    """The seats in turn order."""
    turn: Turn | None
    """The turn being played (None outside the action phase)."""
    seats: list[SeatView]
    city: CityView
    rows: list[RowView]
    marker: int | None
    """The row of the next battle."""
    battles: int
    """Battles fought."""
    last_battle: LastBattle | None
    tracks: Tracks
    fate: list[FateSlot]
    """Each round's fate tile."""
    fate_unseen: dict[str, int]
    """Face-down fate tiles left in each stack."""
    council: CouncilView
    contracts: ContractsView
    supply: SupplyView
    hand: list[str] | None
    """The viewer's contracts (None for a spectator)."""
    heralds: NotRequired[int]
    """2 players: herald cards left."""
    plaza_left: NotRequired[int]
    """2 players: plaza markers left."""


class ThebaiTable(ThebaiView, TableFields):
    """What a Thebai board draws: the view and the table's fields (``Match.view``)."""


def view(state: State, viewer: int | None) -> ThebaiView:
    n = state["n"]
    data: ThebaiView = {
        "viewer": viewer,
        "round": state["round"],
        "phase": "over" if not state["flow"] else state["phase"],
        "order": list(state["order"]),
        "turn": {"seat": state["turn"]["seat"], "fulfils": state["turn"]["fulfils"]} if state["turn"] else None,
        "seats": [_seat(state, seat) for seat in range(n)],
        "city": _city(state),
        "rows": [{"invader": state["invaders"][k], "gate": state["gates"][k], "commander": state["row_cmd"][k],
                  "strategos": [{"seat": seat, "value": value} for seat, value in state["strategos"][k]]}
                 for k in range(len(state["gates"]))],
        "marker": state["marker"],
        "battles": state["battles"],
        "last_battle": _last_battle(state["last_battle"]),
        "tracks": {"dionysus": _track(state, "dionysus"), "ares": _track(state, "ares")},
        "fate": [{"stack": slot["stack"], "tile": slot["tile"], "up": slot["up"], "done": slot["done"]}
                 for slot in state["fate"]],
        "fate_unseen": {stack: len(tiles) for stack, tiles in state["fate_left"].items()},
        "council": _council(state),
        "contracts": {"display": list(state["display"]), "deck": len(state["deck"]), "marked": marked(state),
                      "starting": list(state["start_left"])},
        "supply": {"metoikoi": dict(state["meto_left"]), "blessings": dict(state["bless_left"]),
                   "final": {stack: list(vps) for stack, vps in state["final_left"].items()}},
        "hand": list(state["hand"][viewer]) if viewer is not None else None,
    }
    if n <= 2:
        data["heralds"] = len(state["heralds"])
        data["plaza_left"] = state["plaza_left"]
    return data


def _seat(state: State, seat: int) -> SeatView:
    res = state["res"][seat]
    return {
        "name": state["names"][seat],
        "vp": state["vp"][seat],
        "goods": {"grape": res["grape"], "pottery": res["pottery"], "bronze": res["bronze"], "drachma": res["drachma"]},
        "common": state["common"][seat],
        "citizens": list(state["pool_c"][seat]),
        "hoplites": list(state["pool_h"][seat]),
        "estate": [list(row) for row in state["estate"][seat]],
        "estate_dice": dict(state["estate_dice"][seat]),
        "estate_metoikoi": dict(state["estate_meto"][seat]),
        "metoikoi": list(state["meto"][seat]),
        "blessings": list(state["blessings"][seat]),
        "strategos_left": list(state["strat_left"][seat]),
        "councillors": state["councillors"][seat],
        "commanders": [cid for cid, stand in state["cmd"].items() if stand["seat"] == seat],
        "hand_size": len(state["hand"][seat]),
        "known": list(state["known"][seat]),
        "unseen": len(secret_cards(state, seat)),
        "done": list(state["done"][seat]),
        "gates_won": list(state["gates_won"][seat]),
    }


def tile_owner(tile: str, players: int) -> int | None:
    """The seat a Cadmea tile's colour belongs to (None: neutral, or a colour nobody plays)."""
    colour = catalog().tiles[tile]["colour"]
    seat = COLOURS.index(colour) if colour in COLOURS else None
    return seat if seat is not None and seat < players else None


def _city(state: State) -> CityView:
    city, n = state["city"], state["n"]
    return {
        "side": state["side"],
        "tiles": {space: {"tile": tile, "turns": turns, "owner": tile_owner(tile, n)}
                  for space, (tile, turns) in city["tiles"].items()},
        "dice": {space: {"seat": seat, "kind": kind, "face": face}
                 for space, (seat, kind, face) in city["dice"].items()},
        "plaza": list(city["plaza"]),
        "posts": dict(city["posts"]),
        "sites": dict(city["sites"]),
        "archons": list(state["archons"]),
    }


def _last_battle(battle: dict[str, Any] | None) -> LastBattle | None:
    if battle is None:
        return None
    return {"round": battle["round"], "row": battle["row"], "number": battle["number"], "invader": battle["invader"],
            "results": [{"power": power, "result": result, "vp_change": change, "loot": loot}
                        for power, result, change, loot in battle["results"]],
            "gate": battle["gate"]}


def _track(state: State, track: str) -> TrackView:
    steps, arrived = state["track"][track], state["arrived"][track]
    return {"length": catalog().tracks[track], "steps": list(steps),
            "standing": sorted(range(state["n"]), key=lambda seat: (-steps[seat], arrived[seat]))}


def _council(state: State) -> CouncilView:
    # A die that has moved on to a monument leaves its passage space empty (its seat is None
    # until every die of the move has found its space).
    return {
        "spaces": board_spaces(state),
        "passage": [{"seat": entry[0], "face": entry[1]} if entry and entry[0] is not None else None
                    for entry in state["passage"]],
        "passage_last": [{"seat": seat, "face": face} for seat, face in state["passage_last"] if seat is not None],
        "taken": {space: {"seat": seat, "what": what, "face": face}
                  for space, (seat, what, face) in state["council"].items()},
        "collapse": list(state["collapse"]),
        "councillor_tiles": {space: list(seats) for space, seats in state["councillor_tiles"].items()},
    }


def marked(state: State) -> str | None:
    """The display contract the contract commander's stand is on, if any."""
    stand = state["cmd"].get(catalog().commander_with("contract"))
    return stand["at"] if stand and stand["at"] in state["display"] else None

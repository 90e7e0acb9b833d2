"""What one seat may see, as plain data for the board renderer (tui/boards/pantheon.py), declared
field by field (``PantheonView``).

Private: the cards in each hand and the values of face-down demigods. Everyone sees how
many cards and demigods each player holds, and what is public about them: the cards of a hand
taken face up (``hand_known``), the demigods taken face up from the display and from which
stack (low: 1-3, high: 4-6) the face-down ones were drawn. Everything public is here, the discard pile,
the god box and the loot bag included, so a seat's view is all it knows (``determinize``
samples the rest from it). ``viewer`` and each player's ``last_foot`` (the hex of the foot
placed most recently, where a path ends) tell a zoomed map where to centre.
"""

# No ``from __future__ import annotations`` here: the TypedDicts' NotRequired and Literal
# annotations are read at run time (tests/contract/typed.py).

from typing import Any, Literal

from typing_extensions import TypedDict

from .board import occupancy
from .cards import CARD_ORDER, money, size
from .catalog import OFFERING_KINDS, catalog
from .chance import LOW_DEMIGODS
from .common import gods_owned
from .scoring import SCORE_SHEET_NAMES, SCORING_EPOCHS, demigod_points

State = dict[str, Any]


class NationView(TypedDict):
    epoch: int
    """The epoch it rose in (1-6)."""
    id: str
    name: str
    power: str
    """What its power does, as the nation tile says."""


class PieceView(TypedDict):
    seat: int
    piece: Literal["foot", "column"]


class HexView(TypedDict):
    id: str
    col: int
    row: int
    terrain: Literal["land", "sea"]
    column_site: bool
    symbol: str | None
    """The nation whose symbol the hex shows (a loot tile goes there in its epoch)."""
    slot: int | None
    """Which of its nation's symbol hexes (1-5)."""
    active_symbol: bool
    """A symbol of this epoch's nation."""
    start: str | None
    """The nation whose start hex it is."""
    pieces: list[PieceView]
    loot: str | None
    """The loot tile on it (its kind)."""
    loot_effect: str | None
    """What that loot tile does (reserve, demigod, god, column, offering, cards, money, steps)."""
    temple: bool


class MapView(TypedDict):
    cols: int
    rows: int
    hexes: list[HexView]


class GodOnDisplayView(TypedDict):
    id: str
    name: str
    god: str
    kind: str
    """permanent, instant or once."""
    needs: list[int]
    cards_only: bool


class GodsView(TypedDict):
    display: list[GodOnDisplayView]
    stack: int
    box: int
    boxed: list[str]
    """The god tiles in the box (they come back when the stack runs out)."""


class DemigodsView(TypedDict):
    display: list[int]
    """The values face up on the display, highest first."""
    stack: int


StockView = TypedDict("StockView", {"1/2": int, "3/4": int})
"""Offering tiles of a kind left: the level 1/2 ones and the level 3/4 ones."""


class OwnedGodView(TypedDict):
    id: str
    name: str
    god: str
    money: int | None
    """Stonkus: the money it gives each purchase."""


class FaceDownView(TypedDict):
    """A player's face-down demigods by the stack they came from."""

    low: int
    high: int


class PlayerView(TypedDict):
    seat: int
    name: str
    score: int
    vp: dict[str, int]
    """Points so far by score sheet category."""
    feet: int
    columns: int
    feet_on: list[str]
    columns_on: list[str]
    last_foot: str | None
    feet_general: int
    columns_general: int
    tiles: dict[str, int]
    """Offering tile levels by kind (0: none)."""
    gods: list[OwnedGodView]
    """The lasting gods in front of the player."""
    traitera_unused: int
    steps: int
    """Steps tiles kept (a free step each per move)."""
    bonus: str | None
    demigods: int
    demigods_known: list[int]
    demigods_face_down: FaceDownView
    demigod_values: list[int] | None
    """All its demigods' values (only in its own view)."""
    demigod_points: int | None
    """What they score at each scoring (only in its own view)."""
    hand_size: int
    hand_known: dict[str, int]
    is_start: bool
    has_big_foot: bool


class LabelsView(TypedDict):
    """The names of the components by id."""

    cards: dict[str, str]
    tiles: dict[str, str]
    loot: dict[str, str]
    bonus: dict[str, str]
    nations: dict[str, str]


class PantheonView(TypedDict):
    viewer: int | None
    epoch: int
    nation: NationView | None
    epochs: list[NationView]
    scoring_epochs: list[int]
    map: MapView
    temple: str | None
    start_player: int
    active: int
    big_foot: int | None
    gods: GodsView
    demigods: DemigodsView
    loot_bag: int
    loot_in_bag: dict[str, int]
    offering_stock: dict[str, StockView]
    offering_prices: dict[str, list[int]]
    row: list[str]
    deck: int
    discard: int
    discard_pile: dict[str, int]
    special_money: list[int]
    """Top first."""
    players: list[PlayerView]
    hand: dict[str, int] | None
    """The viewer's cards by kind (None for a spectator)."""
    hand_money: int | None
    labels: LabelsView
    over: bool
    """The game is over (its flow is empty)."""


def _hexes(state: State) -> list[HexView]:
    cat = catalog()
    nation = state["nations"][-1] if state["nations"] else None
    symbols = {h: (n, i + 1) for n, r in cat.nations.items() for i, h in enumerate(r["symbols"])}
    starts = {r["start"]: n for n, r in cat.nations.items()}
    occupied = occupancy(state)
    hexes = []
    for hex_id, r in cat.hexes.items():
        symbol = symbols.get(hex_id)
        piece: Literal["foot", "column"] = "column" if r["column_site"] else "foot"
        loot = state["loot"].get(hex_id)
        hexes.append(HexView(
            id=hex_id, col=r["col"], row=r["row"], terrain=r["terrain"], column_site=r["column_site"],
            symbol=symbol[0] if symbol else None, slot=symbol[1] if symbol else None,
            active_symbol=bool(symbol and symbol[0] == nation),
            start=starts.get(hex_id),
            pieces=[PieceView(seat=s, piece=piece) for s in occupied.get(hex_id, ())],
            loot=loot, loot_effect=cat.loot[loot]["effect"] if loot else None,
            temple=hex_id == state["temple"],
        ))
    return hexes


def _player(state: State, seat: int, viewer: int | None) -> PlayerView:
    p = state["players"][seat]
    gods = catalog().gods
    return PlayerView(
        seat=seat, name=state["names"][seat],
        score=sum(p["vp"].values()), vp={SCORE_SHEET_NAMES[k]: v for k, v in p["vp"].items()},
        feet=p["feet"], columns=p["columns"],
        feet_on=list(p["feet_on"]), columns_on=list(p["columns_on"]),
        last_foot=p["feet_on"][-1] if p["feet_on"] else None,
        feet_general=p["feet_general"],
        columns_general=p["columns_general"],
        tiles=dict(p["tiles"]),
        gods=[OwnedGodView(id=t, name=gods[t]["name"], god=gods[t]["god"], money=gods[t].get("money"))
              for t in p["gods"]],
        traitera_unused=gods_owned(state, seat, "traitera") - p["traitera_used"],
        steps=p["steps"], bonus=p["bonus"],
        demigods=len(p["demigods"]),
        demigods_known=sorted(p["demigods_known"]),
        demigods_face_down=face_down_stacks(p),
        demigod_values=list(p["demigods"]) if viewer == seat else None,
        demigod_points=demigod_points(p["demigods"]) if viewer == seat else None,
        hand_size=size(p["hand"]),
        hand_known=in_order(p["hand_known"]),
        is_start=seat == state["start"], has_big_foot=seat == state["big_foot"],
    )


def face_down(player: dict[str, Any]) -> list[int]:
    """The values of a player's demigods that were drawn face down (secret but for their stack)."""
    hidden = list(player["demigods"])
    for value in player["demigods_known"]:
        hidden.remove(value)
    return hidden


def face_down_stacks(player: dict[str, Any]) -> FaceDownView:
    hidden = face_down(player)
    low = sum(1 for value in hidden if value <= LOW_DEMIGODS)
    return FaceDownView(low=low, high=len(hidden) - low)


def in_order(cards: dict[str, int]) -> dict[str, int]:
    return {kind: cards[kind] for kind in CARD_ORDER if cards.get(kind)}


def build_view(state: State, viewer: int | None) -> PantheonView:
    cat = catalog()
    gods = cat.gods
    nations = [NationView(epoch=i + 1, id=n, name=cat.nations[n]["name"], power=cat.nations[n]["text"])
               for i, n in enumerate(state["nations"])]
    return PantheonView(
        viewer=viewer,
        epoch=state["epoch"],
        nation=nations[-1] if nations else None,
        epochs=nations,
        scoring_epochs=list(SCORING_EPOCHS),
        map=MapView(cols=1 + max(r["col"] for r in cat.hexes.values()),
                    rows=1 + max(r["row"] for r in cat.hexes.values()),
                    hexes=_hexes(state)),
        temple=state["temple"],
        start_player=state["start"],
        active=state["active"],
        big_foot=state["big_foot"],
        gods=GodsView(
            display=[GodOnDisplayView(id=t, name=gods[t]["name"], god=gods[t]["god"], kind=gods[t]["kind"],
                                      needs=list(gods[t]["needs"]), cards_only=bool(gods[t].get("cards_only")))
                     for t in state["god_display"]],
            stack=len(state["god_stack"]), box=len(state["god_box"]), boxed=sorted(state["god_box"]),
        ),
        demigods=DemigodsView(display=list(state["demigod_display"]),
                              stack=sum(state["demigods_low"].values()) + sum(state["demigods_high"].values())),
        loot_bag=sum(state["loot_bag"].values()),
        loot_in_bag={kind: n for kind, n in state["loot_bag"].items() if n},
        offering_stock={k: StockView({"1/2": state["tile_stock"][k][0], "3/4": state["tile_stock"][k][1]})
                        for k in OFFERING_KINDS},
        offering_prices={k: list(cat.prices[k]) for k in OFFERING_KINDS},
        row=list(state["row"]),
        deck=size(state["deck"]),
        discard=size(state["discard"]),
        discard_pile=in_order(state["discard"]),
        special_money=list(state["special_money"]),
        players=[_player(state, s, viewer) for s in range(state["n"])],
        hand=in_order(state["players"][viewer]["hand"]) if viewer is not None else None,
        hand_money=money(state["players"][viewer]["hand"]) if viewer is not None else None,
        labels=LabelsView(cards=dict(cat.card_labels), tiles=dict(cat.tile_labels),
                          loot={k: r["label"] for k, r in cat.loot.items()},
                          bonus={k: r["label"] for k, r in cat.bonus.items()},
                          nations={k: r["name"] for k, r in cat.nations.items()}),
        over=not state["flow"],
    )

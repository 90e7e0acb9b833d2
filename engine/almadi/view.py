"""What a seat sees: plain data for the boards (tui/boards/almadi.py draws it), declared field
by field (``AlmadiView``): a seat's hand and the characters dealt to it are in its own view only."""


from typing import NotRequired

from typing_extensions import TypedDict

from engine.core.contract import State
from engine.core.seats import seat_tag
from engine.core.text import Say, Words

from .catalog import JAR, TURNS_PER_PLAYER, TYPE_OF_LETTER, TYPES, Catalog, catalog, icons
from .legal import GENIE_MOVES_PER_TURN, phase
from .objectives import Requirement
from .realm import grid_of, letters
from .scoring import best_mosaic_palaces, scores_of
from .setup import SETUP_PHASES

SETTING_UP = (*SETUP_PHASES, "fill")


class TileView(TypedDict):
    tile: str
    type: str
    letter: str
    sides: list[str]
    """What each side shows (top, right, bottom, left; '' = blank)."""
    jars: NotRequired[list[int]]
    """When a side shows several jars: how many each side shows."""


class RealmTile(TileView):
    row: int
    col: int
    start: bool
    """A part of the starting tile (column 0)."""


class ObjectiveView(TypedDict):
    id: str
    colour: str
    points: int
    requirement: Requirement
    done: NotRequired[bool]
    """For a seat's own objectives: completed."""


class CharacterView(TypedDict):
    id: str
    name: str
    title: str
    cost: int
    category: str
    text: str


class SeatView(TypedDict):
    seat: int
    name: str
    tag: str
    start: str | None
    realm: list[RealmTile]
    placed: int
    to_place: int
    rubies: int
    mosaics: int
    stalls: int
    mosaic_palaces: list[list[int]]
    """The realm positions (row, column) of the palaces the mosaic cards go on."""
    objectives: list[ObjectiveView]
    characters: list[CharacterView]
    """The characters it has recruited."""
    hand_size: int
    hand: list[CharacterView] | None
    """The two characters it kept (only in its own view)."""
    dealt: list[CharacterView] | None
    """The characters dealt to it, before it keeps two (only in its own view)."""


class PendingView(TypedDict):
    """The turn under way."""

    player: int
    tile: TileView | None
    from_row: int | None
    placed_at: list[int] | None
    effects: dict[str, int]
    genie: bool
    genie_moves: int
    genie_limit: int
    moving: str | None
    """The landscape the Genie moves (or Hussain swaps) now."""


class ScoreView(TypedDict):
    seat: int
    breakdown: dict[str, int]
    total: int


class AlmadiView(TypedDict):
    game: str
    names: list[str]
    tags: list[str]
    characters_mode: bool
    phase: str
    current: int | None
    turn: int
    total_turns: int
    progress: str
    board: list[list[TileView | None]]
    supply: dict[str, int]
    supply_total: int
    decks: dict[str, int]
    rubies_left: int
    middle: list[ObjectiveView]
    display: list[CharacterView]
    seats: list[SeatView]
    pending: PendingView | None
    scores: list[ScoreView]
    final: bool


def tile_view(cat: Catalog, tile: str) -> TileView:
    letter, sides = cat.faces[tile]
    shown = [icons(side)[0] if side else side for side in sides]
    data = TileView(tile=tile, type=TYPE_OF_LETTER[letter], letter=letter, sides=shown)
    if shown != list(sides):
        data["jars"] = [len(icons(side)) if side.startswith(JAR) else 0 for side in sides]
    return data


def objective_view(cat: Catalog, oid: str, done: bool | None = None) -> ObjectiveView:
    card = cat.objectives[oid]
    data = ObjectiveView(id=oid, colour=card["colour"], points=card["points"], requirement=card["requirement"])
    if done is not None:
        data["done"] = done
    return data


def character_view(cat: Catalog, cid: str) -> CharacterView:
    card = cat.characters[cid]
    return CharacterView(id=cid, name=card["name"], title=card["title"], cost=card["cost"], category=card["category"],
                         text=card["text"])


def _seat_view(state: State, cat: Catalog, index: int, viewer: int | None) -> SeatView:
    seat = state["seats"][index]
    grid = grid_of(seat["realm"])
    realm = [RealmTile(row=row, col=col, start=col == 0, **tile_view(cat, tile))
             for (row, col), tile in sorted(grid.items())]
    data = SeatView(**{
        "seat": index,
        "name": state["names"][index],
        "tag": seat_tag(index),
        "start": seat["start"],
        "realm": realm,
        "placed": sum(1 for tile in realm if not tile["start"]),
        "to_place": TURNS_PER_PLAYER,
        "rubies": seat["rubies"],
        "mosaics": seat["mosaics"],
        "stalls": seat["stalls"],
        "mosaic_palaces": [list(p) for p in best_mosaic_palaces(letters(grid, cat.faces), seat["mosaics"])],
        "objectives": [objective_view(cat, o["id"], o["done"]) for o in seat["objectives"]],
        "characters": [character_view(cat, cid) for cid in seat["played"]],
        "hand_size": len(seat["hand"]) or len(seat["dealt"]),
        "hand": None,
        "dealt": None,
    })
    if viewer == index:
        data["hand"] = [character_view(cat, cid) for cid in seat["hand"]]
        data["dealt"] = [character_view(cat, cid) for cid in seat["dealt"]]
    return data


def _pending_view(state: State, cat: Catalog, now: str) -> PendingView | None:
    pending = state["pending"]
    if pending is None or now == "keep":
        return None
    return PendingView(**{
        "player": state["current"],
        "tile": tile_view(cat, pending["tile"]) if pending["tile"] else None,
        "from_row": pending["row"] + 1 if pending["row"] is not None else None,
        "placed_at": pending["pos"],
        "effects": {effect: count for effect, count in pending["effects"].items() if count},
        "genie": pending["genie"],
        "genie_moves": pending["moves"],
        "genie_limit": GENIE_MOVES_PER_TURN,
        "moving": state["flow"][-1]["tile"] if now in ("genie_to", "genie_with") else None,
    })


def progress_text(state: State) -> Say:
    now = phase(state)
    if now == "over":
        return Say("game over")
    if now in SETTING_UP:
        return Say("setup")
    total = TURNS_PER_PLAYER * len(state["seats"])
    return Say("turn {turn} of {turns}", turn=min(state["turn"] + 1, total), turns=total)


def chapter_text(state: State) -> Say:
    """The round a replay jumps to: every player takes one turn a round, 16 rounds in all."""
    now = phase(state)
    if now == "over" or now in SETTING_UP:
        return progress_text(state)
    return Say("round {round} of {rounds}", round=min(state["turn"] // len(state["seats"]) + 1, TURNS_PER_PLAYER),
               rounds=TURNS_PER_PLAYER)


def build_view(state: State, viewer: int | None) -> AlmadiView:
    cat = catalog()
    n = len(state["seats"])
    total = TURNS_PER_PLAYER * n
    now = phase(state)
    over = now == "over"
    supply = {kind: 0 for kind in TYPES}
    for tile in state["supply"]:
        supply[TYPE_OF_LETTER[cat.faces[tile][0]]] += 1
    return AlmadiView(**{
        "game": "almadi",
        "names": list(state["names"]),
        "tags": [seat_tag(i) for i in range(n)],
        "characters_mode": state["characters"],
        "phase": now,
        "current": None if over else state["current"],
        "turn": min(state["turn"] + 1, total),
        "total_turns": total,
        "progress": Words(state["names"])(progress_text(state)),
        "board": [[tile_view(cat, t) if t else None for t in row] for row in state["board"]],
        "supply": supply,
        "supply_total": len(state["supply"]),
        "decks": dict(state["decks"]),
        "rubies_left": state["rubies"],
        "middle": [objective_view(cat, oid) for oid in state["middle"]],
        "display": [character_view(cat, cid) for cid in state["display"]],
        "seats": [_seat_view(state, cat, i, viewer) for i in range(n)],
        "pending": _pending_view(state, cat, now),
        "scores": [ScoreView(seat=s.seat, breakdown=dict(s.breakdown), total=s.total) for s in scores_of(state)],
        "final": over,
    })

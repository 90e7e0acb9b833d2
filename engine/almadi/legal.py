"""Where the game stands and what the player to move may do: queries over the state (the
geometry of realms is in realm.py)."""

from __future__ import annotations

from engine.core.contract import State
from engine.core.flow import EACH

from .catalog import catalog
from .characters import powers_of
from .geometry import Pos
from .realm import genie_destinations, grid_of, placements
from .realm import movable as movable_tiles

GENIE_MOVES_PER_TURN = 3
IMMEDIATE = ("martelin", "stall", "moon", "ruby")
"""Effects used at once, in any order; the Genie comes after them."""


def phase(state: State) -> str:
    """The step the game waits on ('take', 'place', 'effects', 'genie', 'genie_to', ...):
    'keep' while the players keep characters at once, 'over' once the game has ended."""
    frames = state["flow"]
    if not frames:
        return "over"
    name = frames[-1]["step"]
    return "keep" if name == EACH else name


def powers(state: State, seat: int | None = None) -> set[str]:
    """The powers of the characters ``seat`` (default: the player to move) has recruited."""
    played = state["seats"][state["current"] if seat is None else seat]["played"]
    return powers_of(played, catalog().characters) if played else set()


def pairs(state: State) -> bool:
    """Whether effect sides activate each other in the mover's realm (Zahra)."""
    return "effect_pairs" in powers(state)


def placement_rows(state: State, row: int | None = None) -> list[int]:
    """The realm rows a landscape from central-board ``row`` (default: the one taken) may go to."""
    row = state["pending"]["row"] if row is None else row
    held = powers(state)
    if "place_any_row" in held:
        return [0, 1, 2, 3]
    if "place_adjacent_row" in held:
        return [r for r in (row - 1, row, row + 1) if 0 <= r <= 3]
    return [row]


def legal_placements(state: State, row: int | None = None) -> list[Pos]:
    """Where the mover may place a landscape from central-board ``row`` (default: the one taken)."""
    return placements(grid_of(state["seats"][state["current"]]["realm"]), placement_rows(state, row))


def moon_targets(state: State) -> list[tuple[str, int | None]]:
    """Objectives a Moon may take: (id, None) in the middle, (id, owner) unfinished of another."""
    seat = state["current"]
    found: list[tuple[str, int | None]] = [(oid, None) for oid in state["middle"]]
    for other, record in enumerate(state["seats"]):
        if other != seat:
            found.extend((o["id"], other) for o in record["objectives"] if not o["done"])
    return found


def realm_positions(state: State) -> dict[str, Pos]:
    """Tile id -> position, for the mover's tiles right of the start."""
    return {tile: (row, col) for row, col, tile in state["seats"][state["current"]]["realm"] if col >= 1}


def position(value: list[int] | None) -> Pos | None:
    return (value[0], value[1]) if value is not None else None


def movable(state: State) -> list[tuple[str, Pos]]:
    """The mover's tiles right of the start that the Genie can move somewhere."""
    record = state["seats"][state["current"]]
    forbidden = {tile: position(origin) for tile, origin in state["pending"]["moved_from"].items()}
    return movable_tiles(grid_of(record["realm"]), forbidden, "genie_any_row" in powers(state))


def destinations(state: State, tile: str) -> list[Pos]:
    """Where the Genie may move ``tile`` (never straight back to where it just came from)."""
    grid = grid_of(state["seats"][state["current"]]["realm"])
    origin = realm_positions(state)[tile]
    back = position(state["pending"]["moved_from"].get(tile))
    return genie_destinations(grid, origin, back, "genie_any_row" in powers(state))


def swap_partners(state: State, tile: str) -> list[tuple[str, Pos]]:
    """Tiles ``tile`` may swap places with (Hussain), neither going back where it just was."""
    positions = realm_positions(state)
    moved_from = state["pending"]["moved_from"]
    here = positions[tile]
    return [
        (other, pos) for other, pos in sorted(positions.items(), key=lambda item: item[1])
        if other != tile and position(moved_from.get(tile)) != pos and position(moved_from.get(other)) != here
    ]


def swappable(state: State) -> list[tuple[str, Pos]]:
    """Tiles that may start a swap this turn (Hussain, once a turn), in realm order."""
    if "genie_swap" not in powers(state) or state["pending"]["swapped"]:
        return []
    positions = sorted(realm_positions(state).items(), key=lambda item: item[1])
    return [(tile, pos) for tile, pos in positions if swap_partners(state, tile)]


def can_use_genie(state: State) -> bool:
    return bool(movable(state)) or bool(swappable(state))


def recruitable(state: State) -> list[str]:
    """Characters the mover can afford now, from the hand and then the display."""
    record = state["seats"][state["current"]]
    characters = catalog().characters
    return [cid for cid in record["hand"] + state["display"] if characters[cid]["cost"] <= record["rubies"]]


def usable(state: State, effect: str) -> bool:
    """Whether an activated immediate effect can do anything now."""
    if effect == "martelin":
        left: int = state["decks"]["mosaic"]
    elif effect == "stall":
        left = state["decks"]["stall"]
    elif effect == "ruby":
        left = state["rubies"]
    else:
        return bool(moon_targets(state))
    return left > 0

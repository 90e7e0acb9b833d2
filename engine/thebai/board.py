"""Reading and changing the parts of a Thebai state that every rule touches.

The state is plain data (see engine/thebai/setup.py for its layout). These helpers keep
the golden rule (VP never below 0) and the estate and city availability rules in one place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import add_log
from engine.core.log import logging
from engine.core.text import Said

from .catalog import catalog
from .constants import COLOURS, ESTATE_COLS, ESTATE_ROWS, power
from .geometry import Grid, grid, roof

State = dict[str, Any]


def names(state: State, seat: int) -> str:
    name: str = state["names"][seat]
    return name


def log(state: State, said: Said | Callable[[], Said], **kwargs: Any) -> None:
    """Add a log entry (engine/core/log.py); ``said`` may be a function, so that play-outs, which
    keep no log, build nothing."""
    if logging(state):
        add_log(state, said() if callable(said) else said, **kwargs)


def city_grid(state: State) -> Grid:
    return grid(state["side"])


def colour(seat: int) -> str:
    return COLOURS[seat]


# -- score and resources ---------------------------------------------------------------------------


def add_vp(state: State, seat: int, amount: int) -> int:
    """Change a score by ``amount``, never below 0; returns the change made."""
    before: int = state["vp"][seat]
    after = max(0, before + amount)
    state["vp"][seat] = after
    return after - before


def can_pay(state: State, seat: int, cost: dict[str, int]) -> bool:
    res = state["res"][seat]
    return all(res[k] >= n for k, n in cost.items())


def pay(state: State, seat: int, cost: dict[str, int]) -> None:
    res = state["res"][seat]
    for k, n in cost.items():
        if res[k] < n:
            raise ValueError(f"{names(state, seat)} cannot pay {n} {k}")
        res[k] -= n


def gain(state: State, seat: int, goods: dict[str, int]) -> None:
    res = state["res"][seat]
    for k, n in goods.items():
        res[k] += n


# -- the estate --------------------------------------------------------------------------------------


def open_columns(state: State, seat: int, row: int) -> int:
    """How many columns of an estate row (1-3) are uncovered, counted from the left."""
    return ESTATE_COLS - len(state["estate"][seat][row - 1])


def empty_columns(state: State, seat: int) -> int:
    """Fully emptied estate columns (column 1 starts empty and is not counted)."""
    return min(open_columns(state, seat, row) for row in range(1, ESTATE_ROWS + 1)) - 1


def free_estate_spaces(state: State, seat: int, row: int | None = None) -> list[str]:
    """Estate action spaces with no Cadmea tile, die or metoikoi tile on them."""
    taken = state["estate_dice"][seat].keys() | state["estate_meto"][seat].keys()
    rows = (row,) if row else range(1, ESTATE_ROWS + 1)
    return [f"r{r}c{c}" for r in rows for c in range(1, open_columns(state, seat, r) + 1) if f"r{r}c{c}" not in taken]


def emptied_spaces(state: State, seat: int, row: int) -> int:
    """Spaces of an estate row freed of their Cadmea tile (the first space does not count)."""
    return open_columns(state, seat, row) - 1


# -- the city -----------------------------------------------------------------------------------------


def occupied(state: State, space: str) -> bool:
    """A dice space holding a die, a plaza marker or a commander stand."""
    city = state["city"]
    return space in city["dice"] or space in city["plaza"] or space in city["posts"]


def free_dice_spaces(state: State, touching_a_tile: bool) -> list[str]:
    """Dice spaces with nothing on them (that touch a Cadmea tile, if asked), in board order."""
    g = city_grid(state)
    city = state["city"]
    taken = city["dice"].keys() | city["posts"].keys() | set(city["plaza"])
    if not touching_a_tile:
        return [d for d in g.dice if d not in taken]
    near = {d for t in city["tiles"] for d in g.sides_of[t]} - taken
    return sorted(near, key=g.order.__getitem__)


def archon_on(state: State, space: str) -> int | None:
    for seat, at in enumerate(state["archons"]):
        if at == space:
            return seat
    return None


def free_tiles(state: State) -> list[str]:
    """Empty Cadmea tiles: with no archon on them, the mover's own included."""
    held = {at for at in state["archons"] if at}
    return [t for t in state["city"]["tiles"] if t not in held]


def placeable_spaces(state: State, seat: int) -> list[str]:
    """Empty Cadmea spaces next to a tile, where ``seat`` may place a Cadmea tile."""
    g = city_grid(state)
    tiles = state["city"]["tiles"]
    sites = state["city"]["sites"]
    return [t for t in g.tiles if t not in tiles and (t not in sites or sites[t] == seat)
            and any(n in tiles for n in g.across[t].values())]


def tile_roof(state: State, space: str, side: int) -> str | None:
    placed = state["city"]["tiles"].get(space)
    if placed is None:
        return None
    return roof(catalog().tiles[placed[0]]["roofs"], placed[1], side)


def matched_sides(state: State, space: str, roofs: list[str], rotation: int) -> list[tuple[int, str]]:
    """(side, roof colour) of each side of a tile at ``space`` whose roof matches its
    neighbour's facing roof or the roof printed on the board's edge there."""
    g = city_grid(state)
    matched = []
    for k, d in enumerate(g.sides_of[space]):
        mine = roof(roofs, rotation, k)
        neighbour = g.across[space].get(d)
        theirs = tile_roof(state, neighbour, (k + 2) % 4) if neighbour else g.border.get((space, k))
        if theirs == mine:
            matched.append((k, mine))
    return matched


def city_dice_of(state: State, seat: int, kind: str | None = None) -> list[str]:
    return [d for d, (s, k, _) in state["city"]["dice"].items() if s == seat and (kind is None or k == kind)]


def row_power(state: State, seat: int, row: int) -> tuple[int, list[str]]:
    """A seat's battle power in a row (hoplite dice and Strategos tile) and its engaged dice."""
    g = city_grid(state)
    dice = [d for d, (s, k, _) in state["city"]["dice"].items() if s == seat and k == "h" and row in g.rows_of[d]]
    strategos = sum(v for s, v in state["strategos"][row - 1] if s == seat)
    return sum(power(state["city"]["dice"][d][2]) for d in dice) + strategos, dice


def place_battle_marker(state: State) -> None:
    """The battle marker goes to the row of the leftmost face-up conflict tile still to come."""
    tiles = catalog().fate
    state["marker"] = next((tiles[slot["tile"]]["row"] for slot in state["fate"]
                            if slot["up"] and not slot["done"] and slot["tile"]
                            and tiles[slot["tile"]]["kind"] == "conflict"),
                           None)

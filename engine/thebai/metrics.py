"""Things counted for a player: by peace fate tiles, estate actions and the council's criteria."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from .board import State, city_grid, colour, emptied_spaces, empty_columns, matched_sides
from .catalog import catalog
from .constants import SUITS, power


def own_tiles(state: State, seat: int) -> list[str]:
    mine = colour(seat)
    tiles = catalog().tiles
    return [space for space, (tile, _) in state["city"]["tiles"].items() if tiles[tile]["colour"] == mine]


def groups(state: State, seat: int) -> list[int]:
    """Sizes of the groups of orthogonally adjacent own-colour tiles in the city."""
    left = set(own_tiles(state, seat))
    across = city_grid(state).across
    sizes = []
    while left:
        todo = [left.pop()]
        size = 0
        while todo:
            space = todo.pop()
            size += 1
            for neighbour in across[space].values():
                if neighbour in left:
                    left.remove(neighbour)
                    todo.append(neighbour)
        sizes.append(size)
    return sizes


def matched_tiles(state: State, seat: int) -> int:
    tiles = catalog().tiles
    placed = state["city"]["tiles"]
    return sum(1 for space in own_tiles(state, seat)
               if len(matched_sides(state, space, tiles[placed[space][0]]["roofs"], placed[space][1])) >= 2)


@cache
def _promotions_to(track: str, step: int, digest: str) -> int:
    """Die promotions printed on a track's spaces 1..step (a yellow space counts twice)."""
    spaces = catalog().track_spaces
    total = 0
    for k in range(1, step + 1):
        space = spaces[(track, k)]
        for op in space["reward"]:
            if "promote" in op:
                total += op["promote"].get("n", 1) * (2 if space["yellow"] else 1)
            elif "final" in op:
                total += 1
    return total


def track_promotions(state: State, seat: int) -> int:
    digest = catalog().digest
    return sum(_promotions_to(t, min(state["track"][t][seat], catalog().tracks[t]), digest) for t in state["track"])


def council_citizens(state: State, seat: int) -> int:
    return (sum(1 for e in state["passage"] if e and e[0] == seat)
            + sum(1 for e in state["passage_last"] if e[0] == seat)
            + sum(1 for s, what, _ in state["council"].values() if s == seat and what == "die"))


def best_suit(state: State, seat: int) -> int:
    contracts = catalog().contracts
    suits = [contracts[c]["suit"] for c in state["done"][seat]]
    return max((suits.count(s) for s in SUITS), default=0)


_METRICS: dict[str, Callable[[State, int], int]] = {
    "blessings": lambda s, p: len(s["blessings"][p]),
    "strategos_on_city": lambda s, p: sum(1 for row in s["strategos"] for seat, _ in row if seat == p),
    "contracts_done": lambda s, p: len(s["done"][p]),
    "council_citizens": council_citizens,
    "own_city_tiles": lambda s, p: len(own_tiles(s, p)),
    "city_citizen_power": lambda s, p: sum(power(f) for seat, k, f in s["city"]["dice"].values()
                                           if seat == p and k == "c"),
    "lower_track": lambda s, p: min(s["track"][t][p] for t in s["track"]),
    "higher_track": lambda s, p: max(s["track"][t][p] for t in s["track"]),
    "gates": lambda s, p: len(s["gates_won"][p]),
    "own_groups": lambda s, p: len(groups(s, p)),
    "largest_group": lambda s, p: max(groups(s, p), default=0),
    "matched_tiles": matched_tiles,
    "dionysus_steps": lambda s, p: s["track"]["dionysus"][p],
    "ares_steps": lambda s, p: s["track"]["ares"][p],
    "track_promotions": track_promotions,
    "top_row_emptied": lambda s, p: emptied_spaces(s, p, 1),
    "middle_row_emptied": lambda s, p: emptied_spaces(s, p, 2),
    "bottom_row_emptied": lambda s, p: emptied_spaces(s, p, 3),
    "empty_columns": empty_columns,
    "best_suit": best_suit,
}


def metric(state: State, seat: int, name: str) -> int:
    return _METRICS[name](state, seat)

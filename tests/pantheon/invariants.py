"""What must hold after every action of any Pantheon game (kept lean: it runs ~1M times)."""

from __future__ import annotations

from functools import lru_cache

from engine.core.flow import frames_named
from engine.pantheon.board import count_occupancy
from engine.pantheon.catalog import catalog

ACTION_CARDS = 75
PIECES = 12
"""Feet, and columns, of each colour."""
OFFERING_TILES = 4
"""Tiles of each offering kind in each group (levels 1/2, levels 3/4)."""
CAT = catalog()
DEMIGODS = sorted(value for value, n in CAT.demigods.items() for _ in range(n))
LOOT = {kind: record["count"] for kind, record in CAT.loot.items()}
ALL_GODS = sorted(CAT.gods)
SYMBOL_HEXES = {s for n in CAT.nations.values() for s in n["symbols"]}
GAIVILES = {t for t, r in CAT.gods.items() if r["god"] == "gaiviles"}


def check(state: dict) -> None:
    players = state["players"]
    temple = state["temple"]
    occupied = state["occupied"]
    counted = count_occupancy(players)
    assert occupied.keys() == counted.keys(), "occupancy out of step with the pieces"
    for hex_id, seats in occupied.items():
        assert sorted(seats) == sorted(counted[hex_id]), f"{hex_id}: occupancy out of step"
        assert len(seats) <= 2 and (len(seats) < 2 or seats[0] != seats[1]), f"{hex_id}: {seats}"
    assert temple not in occupied, "a piece on the temple's hex"
    cards = sum(state["deck"].values()) + sum(state["discard"].values()) + len(state["row"])
    gods = state["god_stack"] + state["god_box"] + state["god_display"]
    gods += [f["tile"] for f in frames_named(state, "pay") if f["how"] == "gallia"]
    demigods = [int(v) for stack in ("demigods_low", "demigods_high")
                for v, n in state[stack].items() for _ in range(n)]
    demigods += state["demigod_display"] + state["demigod_box"]
    loot = dict(state["loot_bag"])
    for kind in [*state["loot"].values(), *(k for f in state["flow"] for k in f.get("loot", ()))]:
        loot[kind] += 1
    for kind, n in state["loot_box"].items():
        loot[kind] += n
    for seat, p in enumerate(players):
        feet, columns = p["feet_on"], p["columns_on"]
        assert min(p["feet"], p["feet_general"], p["columns"], p["columns_general"]) >= 0, (
            f"seat {seat}: a negative supply")
        assert p["feet"] + len(feet) + p["feet_general"] == PIECES, f"seat {seat}: feet created or lost"
        assert p["columns"] + len(columns) + p["columns_general"] == PIECES, f"seat {seat}: columns created or lost"
        assert CAT.column_sites.isdisjoint(feet), "a foot on a column hex"
        assert CAT.column_sites.issuperset(columns), "a column off the column hexes"
        if temple is None:
            assert not feet, "feet left on the board between epochs"
        elif feet:
            jumps = not GAIVILES.isdisjoint(p["gods"])
            assert feet_joined(temple, tuple(feet), tuple(columns), jumps), (
                f"seat {seat}: a foot not joined to the temple")
        assert all(0 <= level <= 4 for level in p["tiles"].values())
        assert all(0 < n <= p["hand"].get(kind, 0) for kind, n in p["hand_known"].items()), f"seat {seat}: known cards"
        assert all(p["demigods"].count(v) >= p["demigods_known"].count(v) for v in p["demigods_known"]), (
            f"seat {seat}: demigods")
        cards += sum(p["hand"].values())
        gods += p["gods"]
        demigods += p["demigods"]
    for kind, stock in state["tile_stock"].items():
        levels = [p["tiles"][kind] for p in players]
        held = (sum(1 for v in levels if 0 < v <= 2), sum(1 for v in levels if v > 2))
        for group in (0, 1):
            assert stock[group] >= 0, f"{kind}: offering tiles of group {group} created or lost"
            assert stock[group] + held[group] + state["tile_box"][kind][group] == OFFERING_TILES, (
                f"{kind}: offering tiles of group {group} created or lost")
    assert cards == ACTION_CARDS + 7 - len(state["special_money"]), "cards created or lost"
    assert sorted(gods) == ALL_GODS, "god tiles created or lost"
    assert sorted(demigods) == DEMIGODS, "demigods created or lost"
    assert loot == LOOT, "loot tiles created or lost"
    assert SYMBOL_HEXES.issuperset(state["loot"])


@lru_cache(maxsize=100_000)
def feet_joined(temple: str, feet: tuple[str, ...], columns: tuple[str, ...], jumps: bool) -> bool:
    """Every foot reaches the temple through the player's own pieces, where a Gaiviles jump
    (two hexes in a straight line) also joins."""
    own = set(feet).union(columns)
    reached, frontier = set(), [temple]
    while frontier:
        here = frontier.pop()
        links = CAT.neighbours[here]
        if jumps:
            links = links + tuple(landing for _, landing in CAT.jumps[here])
        for h in links:
            if h in own and h not in reached:
                reached.add(h)
                frontier.append(h)
    return reached.issuperset(feet)

"""What must hold after every action of any Pantheon game (kept lean: it runs ~1M times)."""

from __future__ import annotations

from functools import lru_cache

from engine.core.flow import frames_named
from engine.pantheon.board import count_occupancy
from engine.pantheon.data import catalog

ACTION_CARDS = 75
CAT = catalog()
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
    demigods = len(state["demigod_display"])
    for seat, p in enumerate(players):
        feet, columns = p["feet_on"], p["columns_on"]
        assert 0 <= p["feet"] and p["feet"] + len(feet) <= 12, f"seat {seat}: feet"
        assert 0 <= p["columns"] and p["columns"] + len(columns) <= 12, f"seat {seat}: columns"
        assert CAT.column_sites.isdisjoint(feet), "a foot on a column hex"
        assert CAT.column_sites.issuperset(columns), "a column off the column hexes"
        if temple is None:
            assert not feet, "feet left on the board between epochs"
        elif feet:
            jumps = not GAIVILES.isdisjoint(p["gods"])
            assert feet_joined(temple, tuple(feet), tuple(columns), jumps), f"seat {seat}: a foot not joined to the temple"
        assert all(0 <= level <= 4 for level in p["tiles"].values())
        assert all(0 < n <= p["hand"].get(kind, 0) for kind, n in p["hand_known"].items()), f"seat {seat}: known cards"
        assert all(p["demigods"].count(v) >= p["demigods_known"].count(v) for v in p["demigods_known"]), f"seat {seat}: demigods"
        cards += sum(p["hand"].values())
        gods += p["gods"]
        demigods += len(p["demigods"])
    for kind, (low, high) in state["tile_stock"].items():
        levels = [p["tiles"][kind] for p in players]
        assert 0 <= high <= 4 - sum(1 for v in levels if v > 2), f"{kind}: level 3/4 stock"
        assert 0 <= low <= 4 - sum(1 for v in levels if 0 < v <= 2), f"{kind}: level 1/2 stock"
    assert cards == ACTION_CARDS + 7 - len(state["special_money"]), "cards created or lost"
    assert sorted(gods) == ALL_GODS, "god tiles created or lost"
    demigods += sum(state["demigods_low"].values()) + sum(state["demigods_high"].values())
    assert demigods <= 21
    assert sum(state["loot_bag"].values()) + len(state["loot"]) <= 40
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

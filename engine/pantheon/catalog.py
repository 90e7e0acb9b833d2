"""Pantheon's component data: the JSON files in data/, validated on load and indexed.

Every rule a data set must obey (counts, the rulebook's price examples, map sanity) is
checked here, so a user's override file cannot break a game halfway through.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from engine.core import components
from engine.core.components import ComponentData, ComponentDataError, load, whole

GAME = "pantheon"
NATION_IDS = ("gallia", "germania", "graecia", "aegyptus", "persia", "cartago", "iberia", "roma")
POWERS = ("gallia", "germania", "aegyptus", "persia", "cartago", "iberia", "roma")
GOD_KINDS = {
    "surparit": "instant", "plaesiris": "instant", "taksator": "instant",
    "depraccus": "permanent", "vinthrad": "permanent", "gaiviles": "permanent", "stonkus": "permanent",
    "gadicea": "permanent", "pietalte": "permanent", "traitera": "once",
}
EFFECTS = ("reserve", "demigod", "god", "column", "offering", "cards", "money", "steps")
OFFERING_KINDS = ("gifts", "priests", "dancers", "temples")
SYMBOL_SLOTS = 5
MAP_MOST = 99
"""The largest column or row of a hex (the board is 18 hexes by 11)."""


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise ComponentDataError(message)


def _counted(records: list[dict[str, Any]], total: int, what: str) -> None:
    for r in records:
        _require(whole(r.get("count"), 1), f"{r['id']}: count must be a positive integer")
    _require(sum(r["count"] for r in records) == total, f"the {what} must number {total}")


def validate_map(records: list[dict[str, Any]]) -> None:
    seen = set()
    for r in records:
        _require(whole(r.get("col"), 0, MAP_MOST) and whole(r.get("row"), 0, MAP_MOST),
                 f"{r['id']}: col and row must be whole numbers from 0 to {MAP_MOST}")
        _require(r.get("terrain") in ("land", "sea"), f"{r['id']}: terrain must be land or sea")
        _require(isinstance(r.get("column_site"), bool), f"{r['id']}: column_site must be true or false")
        _require(not (r["column_site"] and r["terrain"] == "sea"), f"{r['id']}: a column hex must be land")
        _require((r["col"], r["row"]) not in seen, f"{r['id']}: two hexes at one position")
        seen.add((r["col"], r["row"]))


def validate_nations(records: list[dict[str, Any]]) -> None:
    _require(sorted(r["id"] for r in records) == sorted(NATION_IDS), f"the nations must be {', '.join(NATION_IDS)}")
    hexes: dict[str, dict[str, Any]] = {r["id"]: r for r in _load_raw("map")}
    used: set[str] = set()
    for r in records:
        _require(r.get("power") in POWERS, f"{r['id']}: unknown power {r.get('power')!r}")
        places = [r.get("start")] + list(r.get("symbols", []))
        _require(len(r.get("symbols", [])) == SYMBOL_SLOTS, f"{r['id']}: needs {SYMBOL_SLOTS} symbol hexes")
        for place in places:
            if place not in hexes:  # raised here, not by _require, so that the checker knows place is a hex id
                raise ComponentDataError(f"{r['id']}: {place!r} is not a hex of the map")
            _require(hexes[place]["terrain"] == "land" and not hexes[place]["column_site"],
                     f"{r['id']}: {place} must be a land hex without a column site")
            _require(place not in used, f"{r['id']}: {place} is already used by another nation")
            used.add(place)


def validate_gods(records: list[dict[str, Any]]) -> None:
    _require(len(records) == 40, "there must be 40 god tiles")
    for r in records:
        god = r.get("god")
        if god not in GOD_KINDS:  # raised here, not by _require, so that the checker knows god is a god's name
            raise ComponentDataError(f"{r['id']}: unknown god {god!r}")
        _require(r.get("kind") == GOD_KINDS[god], f"{r['id']}: {god} is {GOD_KINDS[god]}")
        needs = r.get("needs")
        if not (isinstance(needs, list) and 1 <= len(needs) <= len(OFFERING_KINDS)
                and all(whole(n, 1, 8) for n in needs)):
            raise ComponentDataError(f"{r['id']}: needs must list 1-4 offering counts")
        _require(needs == sorted(needs, reverse=True), f"{r['id']}: needs are listed from the topmost (largest) down")
    for r in records:
        if r["god"] == "pietalte":
            _require(r["needs"] == [3, 2, 1] and r.get("cards_only") is True,
                     f"{r['id']}: Pietalte takes 3+2+1 cards only")
        if r["god"] == "gadicea":
            _require(r["needs"][0] == 5, f"{r['id']}: Gadicea's topmost offering is 5 of one kind")
        if r["god"] == "stonkus":
            _require(whole(r.get("money"), 1, 2), f"{r['id']}: Stonkus gives 1 or 2 money")
    _require({r["god"] for r in records} == set(GOD_KINDS), "every god named in the rules must be in the set")


def _validate_effects(records: list[dict[str, Any]]) -> None:
    for r in records:
        _require(r.get("effect") in EFFECTS, f"{r['id']}: unknown effect {r.get('effect')!r}")
        _require(whole(r.get("n"), 1), f"{r['id']}: n must be a positive integer")


def validate_loot(records: list[dict[str, Any]]) -> None:
    _validate_effects(records)
    _counted(records, 40, "loot tiles")


def validate_bonus(records: list[dict[str, Any]]) -> None:
    _validate_effects(records)
    _require(len(records) == 6, "there must be 6 bonus tiles")


def validate_demigods(records: list[dict[str, Any]]) -> None:
    _counted(records, 21, "demigods")
    for r in records:
        _require(whole(r.get("value"), 1, 6), f"{r['id']}: value must be 1-6")


def validate_cards(records: list[dict[str, Any]]) -> None:
    action = [r for r in records if r.get("deck") == "action"]
    special = [r for r in records if r.get("deck") == "special"]
    _counted(action, 75, "action cards")
    for r in records:
        _require("money" not in r or whole(r["money"], 1), f"{r['id']}: money must be a positive whole number")
    _counted(special, 7, "special money cards")
    by_id = {r["id"]: r for r in records}
    _require(by_id.get("movement", {}).get("count") == 16, "there must be 16 movement cards")
    _require(by_id.get("money1", {}).get("count") == 15, "there must be 15 money-1 cards")
    offering = [r for r in action if r.get("offering")]
    _require(sorted(r["offering"] for r in offering) == sorted(OFFERING_KINDS), "one offering card per kind")
    _require(sum(r["count"] for r in offering) == 44, "there must be 44 offering cards")
    _require(sorted((r.get("money"), r["count"]) for r in special) == [(2, 2), (3, 2), (4, 2), (5, 1)],
             "special money: 2x2, 2x3, 2x4, 1x5")


def validate_offerings(records: list[dict[str, Any]]) -> None:
    _require(sorted(r["id"] for r in records) == sorted(OFFERING_KINDS),
             "the offering kinds are gifts, priests, dancers, temples")
    for r in records:
        p = r.get("prices")
        _require(isinstance(p, list) and len(p) == 4 and all(whole(n, 1) for n in p) and p == sorted(set(p)),
                 f"{r['id']}: 4 rising prices")
        _require(r.get("stock") == [4, 4], f"{r['id']}: 4 level-1/2 and 4 level-3/4 tiles")
    prices: dict[str, list[int]] = {r["id"]: r["prices"] for r in records}  # each checked above
    _require(prices["dancers"][0] == 1 and prices["dancers"][2] == 6,
             "rulebook: dancers level 1 cost 1, level 3 cost 6")
    _require(prices["temples"][2] - prices["temples"][0] == 5, "rulebook: temples 1 -> 3 cost 5")
    _require(prices["dancers"][0] + prices["priests"][1] == 4, "rulebook: dancers 1 + priests 2 cost 4")


VALIDATORS = {
    "map": validate_map, "nations": validate_nations, "gods": validate_gods, "loot": validate_loot,
    "bonus": validate_bonus, "demigods": validate_demigods, "cards": validate_cards, "offerings": validate_offerings,
}


def _load_raw(name: str) -> tuple[dict[str, Any], ...]:
    return load(GAME, name, VALIDATORS[name]).records


@dataclass(frozen=True, eq=False)
class Catalog:
    """Compared and hashed by identity, so that derived tables can be memoised per catalog."""

    hexes: dict[str, dict[str, Any]]
    neighbours: dict[str, tuple[str, ...]]
    jumps: dict[str, tuple[tuple[str, str], ...]]
    """hex -> (jumped-over hex, landing hex) pairs in the six straight directions."""
    column_sites: frozenset[str]
    foot_links: dict[str, tuple[str, ...]]
    """hex -> its neighbours that are not column hexes (where feet may go)."""
    column_links: dict[str, tuple[str, ...]]
    """hex -> its neighbouring column hexes."""
    hex_order: dict[str, int]
    """Reading order (row by row) for listing hexes."""
    nations: dict[str, dict[str, Any]]
    gods: dict[str, dict[str, Any]]
    god_of: dict[str, str]
    """god tile -> the god it shows."""
    loot: dict[str, dict[str, Any]]
    bonus: dict[str, dict[str, Any]]
    demigods: dict[int, int]
    action_deck: dict[str, int]
    special_money: tuple[int, ...]
    card_labels: dict[str, str]
    prices: dict[str, tuple[int, ...]]
    tile_labels: dict[str, str]
    digest: str


_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def _axial(col: int, row: int) -> tuple[int, int]:
    return col - (row - (row & 1)) // 2, row


def _build() -> Catalog:
    loaded = {name: load(GAME, name, validator) for name, validator in VALIDATORS.items()}
    hexes = {r["id"]: r for r in loaded["map"].records}
    at = {_axial(r["col"], r["row"]): r["id"] for r in hexes.values()}
    neighbours, jumps = {}, {}
    for hex_id, r in hexes.items():
        q, s = _axial(r["col"], r["row"])
        neighbours[hex_id] = tuple(at[(q + dq, s + ds)] for dq, ds in _DIRECTIONS if (q + dq, s + ds) in at)
        jumps[hex_id] = tuple(
            (at[(q + dq, s + ds)], at[(q + 2 * dq, s + 2 * ds)])
            for dq, ds in _DIRECTIONS
            if (q + dq, s + ds) in at and (q + 2 * dq, s + 2 * ds) in at
        )
    sites = frozenset(h for h, r in hexes.items() if r["column_site"])
    cards = loaded["cards"].records
    digest = hashlib.sha256("".join(loaded[n].digest for n in sorted(loaded)).encode()).hexdigest()[:12]
    return Catalog(
        hexes=hexes,
        neighbours=neighbours,
        jumps=jumps,
        column_sites=sites,
        foot_links={h: tuple(n for n in links if n not in sites) for h, links in neighbours.items()},
        column_links={h: tuple(n for n in links if n in sites) for h, links in neighbours.items()},
        hex_order={h: i for i, h in enumerate(sorted(hexes, key=lambda h: (hexes[h]["row"], hexes[h]["col"])))},
        nations={r["id"]: r for r in loaded["nations"].records},
        gods={r["id"]: r for r in loaded["gods"].records},
        god_of={r["id"]: r["god"] for r in loaded["gods"].records},
        loot={r["id"]: r for r in loaded["loot"].records},
        bonus={r["id"]: r for r in loaded["bonus"].records},
        demigods={r["value"]: r["count"] for r in loaded["demigods"].records},
        action_deck={r["id"]: r["count"] for r in cards if r["deck"] == "action"},
        special_money=tuple(sorted(r["money"] for r in cards if r["deck"] == "special" for _ in range(r["count"]))),
        card_labels={r["id"]: r["label"] for r in cards},
        prices={r["id"]: tuple(r["prices"]) for r in loaded["offerings"].records},
        tile_labels={r["id"]: r["label"] for r in loaded["offerings"].records},
        digest=digest,
    )


_current: tuple[int, ComponentData, Catalog] | None = None
"""(``components.generation`` when it was last checked, the map file the current catalog was built
from, that catalog): the core forgets every file of a game together (a set selected, the outside
folder changed), so the same map means the same set."""


def catalog() -> Catalog:
    """The validated component set in use, indexed; cheap to call often (one comparison while no
    file was loaded or forgotten since)."""
    global _current
    current = _current
    if current is not None and current[0] == components.generation:
        return current[2]
    marker = load(GAME, "map", validate_map)
    built = current[2] if current is not None and marker is current[1] else _build()
    _current = (components.generation, marker, built)
    return built


def reload() -> Catalog:
    global _current
    _current = None
    return catalog()

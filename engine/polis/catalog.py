"""Polis component data: the JSON files in data/, validated on load and indexed.

Every count and rule the rule text and the public facts give is checked here (18 poleis with
3 + 3 + 12 at the start, 14 projects, 40 events in four round decks, 24 combat cards, 5 markets,
the three commercial poleis, the poleis without a port or without a region, ...), so a table
owner's corrected file (``TABULA_COMPONENTS``) is refused with a clear message instead of
breaking a game halfway through (the checks are in checks.py). ``catalog()`` builds the indexes
once per file set. The rule text's fixed numbers (costs, the battle threshold, the die) are here too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import components

from . import checks

GAME = "polis"

MILITARY_COST = 1
"""Prestige paid for every military action (no cost for tribute in the home region)."""
BATTLE_AT = 8
"""A battle breaks out after a turn in an area holding at least this many units."""
CARDS_PER_EXCHANGE = 2
RETREAT_COST = 1
SALPINX_COST = 1
FREE_PROXENOS_COST = 2
CIVIL_WAR_NEUTRAL = 2
"""Silver per base citizen to incite a neutral polis."""
CIVIL_WAR_ENEMY = 3
"""Silver per current citizen to incite an enemy polis."""
DIE = 4
ROUNDS = 4

FILES = ("rounds", "map", "trade", "poleis", "projects", "combat", "events", "start")
VALIDATORS = {
    "rounds": checks.rounds, "map": checks.area_map, "trade": checks.trade, "poleis": checks.poleis,
    "projects": checks.projects, "combat": checks.combat, "events": checks.events, "start": checks.start,
}


@dataclass(frozen=True)
class Catalog:
    """Every Polis component, indexed. Records are the validated JSON dicts (read-only by convention)."""

    rounds: tuple[dict[str, Any], ...]
    areas: dict[str, dict[str, Any]]
    """Land regions and seas by id."""
    ports: dict[str, dict[str, Any]]
    """Trade port record by side."""
    markets: dict[str, dict[str, Any]]
    poleis: dict[str, dict[str, Any]]
    projects: dict[str, dict[str, Any]]
    cards: dict[str, dict[str, Any]]
    card_deck: tuple[str, ...]
    """One card id per physical card (24)."""
    events: dict[str, dict[str, Any]]
    event_decks: tuple[tuple[str, ...], ...]
    """Per round, one event id per physical card."""
    start: dict[str, dict[str, Any]]
    land_links: dict[str, tuple[str, ...]]
    sea_links: dict[str, tuple[str, ...]]
    coasts: dict[str, tuple[str, ...]]
    """For each area, the areas of the other kind it touches (a land's seas, a sea's lands)."""
    poleis_in: dict[str, tuple[str, ...]]
    """Poleis of each land region, in data order."""
    reaches: dict[str, tuple[str, ...]]
    """Poleis a proxenos entering an area can stand in: the region's, and those without a region it touches."""
    capital: dict[str, str]
    home: dict[str, str]
    """Each side's home region: the region of its capital."""
    digest: str

    def is_land(self, area: str) -> bool:
        kind: str = self.areas[area]["kind"]
        return kind == "land"

    def name(self, thing: str) -> str:
        for table in (self.areas, self.poleis, self.markets, self.projects, self.events):
            if thing in table:
                name: str = table[thing]["name"]
                return name
        for port in self.ports.values():
            if port["id"] == thing:
                port_name: str = port["name"]
                return port_name
        return thing


def load_file(name: str) -> components.ComponentData:
    return components.load(GAME, name, VALIDATORS[name])


_cache: dict[tuple[str, ...], Catalog] = {}
_current: tuple[components.ComponentData, Catalog] | None = None


def catalog() -> Catalog:
    """The components in use, indexed; cheap to call often (the rules call it everywhere)."""
    if _current is not None and components.cached(GAME, FILES[-1]) is _current[0]:
        return _current[1]
    return _build()


def _build() -> Catalog:
    global _current
    files = {name: load_file(name) for name in FILES}
    key = tuple(f.digest for f in files.values())
    if key not in _cache:
        _cache.clear()
        records = {name: list(f.records) for name, f in files.items()}
        checks.across(records)
        _cache[key] = _index(records, "-".join(key))
    _current = (files[FILES[-1]], _cache[key])
    return _cache[key]


def _index(r: dict[str, list[dict[str, Any]]], digest: str) -> Catalog:
    areas = {a["id"]: a for a in r["map"]}
    land_links = {a: tuple(x for x in rec["links"] if areas[x]["kind"] == "land") for a, rec in areas.items()}
    sea_links = {a: tuple(x for x in rec["links"] if areas[x]["kind"] == "sea") for a, rec in areas.items()}
    coasts = {a: sea_links[a] if rec["kind"] == "land" else land_links[a] for a, rec in areas.items()}
    poleis = {p["id"]: p for p in r["poleis"]}
    capital = {p["start"]: p["id"] for p in r["poleis"] if p["capital"]}
    trade = r["trade"]
    return Catalog(
        rounds=tuple(r["rounds"]),
        areas=areas,
        ports={t["side"]: t for t in trade if t["kind"] == "port"},
        markets={t["id"]: t for t in trade if t["kind"] == "market"},
        poleis=poleis,
        projects={p["id"]: p for p in r["projects"]},
        cards={c["id"]: c for c in r["combat"]},
        card_deck=tuple(c["id"] for c in r["combat"] for _ in range(c["count"])),
        events={e["id"]: e for e in r["events"]},
        event_decks=tuple(tuple(e["id"] for e in r["events"] if e["deck"] == str(n) for _ in range(e["count"]))
                          for n in range(1, 5)),
        start={s["id"]: s for s in r["start"]},
        land_links=land_links,
        sea_links=sea_links,
        coasts=coasts,
        poleis_in={a: tuple(p for p in poleis if poleis[p]["region"] == a) for a in areas},
        reaches={a: tuple(p for p in poleis if poleis[p]["region"] == a or a in poleis[p].get("links", ()))
                 for a in areas},
        capital=capital,
        home={side: poleis[c]["region"] for side, c in capital.items()},
        digest=digest,
    )

"""Validation of the Polis data files: every count and rule the texts give, and a sane map.

One function per file (called on load by engine.core.components) and ``across`` for what
involves several files. Each raises ComponentDataError naming the record and the problem.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable
from typing import Any

from engine.core.components import ComponentDataError, whole

from .text import GOODS, PROJECT_TYPES, RESOURCES, SIDES

Records = list[dict[str, Any]]

ROUNDS = (("#3", 3, 3), ("#4", 4, 4), ("#5a", 5, 5), ("#5b", 5, 5))
"""Label, units per side per area, usable market spaces (rule text)."""
COMMERCIAL = {"athenai": "athens", "gytheion": "sparta", "pylos": "sparta"}
NO_PORT = ("sparta", "thebai")
NO_REGION = ("epidamnos", "abdera")
TWO_ARROWS = "korinthos"
NAMED_AREAS = ("messenia", "thessalia", "boiotia", "ionion")
"""Areas the 2012 event cards name."""
FIRST_DECK = {"earthquake", "eurymedon", "philopersians", "xerxes", "leotychidas", "holy-war"}
EFFECT_FIELDS = {
    "gain": ("side", "what", "n"), "place": ("side", "unit", "area"), "remove": ("side",),
    "close": ("market",), "first": ("side",), "citizens": ("polis", "n"), "price": ("market", "n"),
}


EFFECT_MOST = 9
"""The most an event changes a count by, either way (the built-in cards: -2 to 3)."""


def require(condition: bool, message: str) -> None:
    if not condition:
        raise ComponentDataError(message)


def _int(record: dict[str, Any], key: str, low: int, high: int = 99) -> None:
    value = record.get(key)
    require(whole(value, low, high),
            f"{record['id']}: {key} must be a whole number from {low} to {high}")


def _pos(record: dict[str, Any]) -> None:
    pos = record.get("pos")
    require(isinstance(pos, list) and len(pos) == 2 and all(whole(n, 0, 39) for n in pos),
            f"{record['id']}: pos must be [column, row]")


def _resources(record: dict[str, Any], key: str, allowed: Iterable[str] = RESOURCES) -> None:
    value = record.get(key)
    require(isinstance(value, dict) and all(k in allowed and whole(n, 0) for k, n in value.items()),
            f"{record['id']}: {key} must map resources ({', '.join(allowed)}) to whole numbers")


def rounds(records: Records) -> None:
    found = tuple((r.get("label"), r.get("cap"), r.get("spaces")) for r in records)
    require(found == ROUNDS, "the rounds must be #3, #4, #5a, #5b with 3, 4, 5, 5 units and 3, 4, 5, 5 market spaces")
    require([r["id"] for r in records] == ["1", "2", "3", "4"], "round ids must be 1 to 4")


def area_map(records: Records) -> None:
    by_id = {r["id"]: r for r in records}
    for r in records:
        require(r.get("kind") in ("land", "sea"), f"{r['id']}: kind must be land or sea")
        require(isinstance(r.get("name"), str) and r["name"], f"{r['id']}: needs a name")
        _pos(r)
        links = r.get("links")
        if not (isinstance(links, list) and links):
            raise ComponentDataError(f"{r['id']}: needs links")
        for other in links:
            require(other in by_id, f"{r['id']}: link to unknown area {other!r}")
            require(r["id"] in by_id[other]["links"], f"{r['id']}: the link to {other} must be listed on both")
        if r["kind"] == "land":
            box = r.get("tribute")
            require(isinstance(box, list) and len(box) <= 5 and all(x in RESOURCES for x in box),
                    f"{r['id']}: tribute must list up to 5 resources")
    for name in NAMED_AREAS:
        require(name in by_id, f"the map needs {name} (named by the event cards)")
    require(_connected({r["id"] for r in records}, {r["id"]: r["links"] for r in records}), "the map must be connected")
    seas = {r["id"] for r in records if r["kind"] == "sea"}
    require(_connected(seas, {s: [x for x in by_id[s]["links"] if x in seas] for s in seas}),
            "the seas must be connected to each other")


def _connected(nodes: set[str], links: dict[str, list[str]]) -> bool:
    if not nodes:
        return True
    start = next(iter(nodes))
    seen, todo = {start}, deque([start])
    while todo:
        for other in links[todo.popleft()]:
            if other in nodes and other not in seen:
                seen.add(other)
                todo.append(other)
    return seen == nodes


def trade(records: Records) -> None:
    ports = [r for r in records if r.get("kind") == "port"]
    markets = [r for r in records if r.get("kind") == "market"]
    require(len(ports) + len(markets) == len(records), "every record is a port or a market")
    require(Counter(p.get("side") for p in ports) == Counter(SIDES), "there is one trade port per side")
    require(len(markets) == 5, "there are 5 markets")
    require(any(m["id"] == "persia" for m in markets), "Persia is one of the markets")
    for r in records:
        _pos(r)
        require(isinstance(r.get("links"), list) and r["links"], f"{r['id']}: needs the seas it links to")
    for m in markets:
        require(bool(m.get("buys")) and set(m["buys"]) <= set(GOODS), f"{m['id']}: buys must list goods from {GOODS}")
        require(bool(m.get("gives")) and set(m["gives"]) <= {"wheat", "silver"},
                f"{m['id']}: gives wheat and/or silver")
        _int(m, "shipload", 1, 9)
        _int(m, "spaces", ROUNDS[-1][2], 9)
        prices = m.get("prices")
        if not (isinstance(prices, list) and len(prices) >= 2):
            raise ComponentDataError(f"{m['id']}: prices must be a track of positions")
        for step in prices:
            require(isinstance(step, list) and len(step) == 2 and whole(step[0], 1),
                    f"{m['id']}: each price is [goods, silver]")
            wants_silver = "wheat" in m["gives"]
            require(whole(step[1], 1) if wants_silver else step[1] is None,
                    f"{m['id']}: a silver price exactly where the market sells wheat")
        require([s[0] for s in prices] == sorted(s[0] for s in prices), f"{m['id']}: prices rise along the track")


def poleis(records: Records) -> None:
    require(len(records) == 18, "there are 18 poleis")
    starts = Counter(r.get("start") for r in records)
    require(starts == Counter({"athens": 3, "sparta": 3, None: 12}), "3 poleis start Athenian, 3 Spartan, 12 neutral")
    for r in records:
        require(r.get("type") in PROJECT_TYPES, f"{r['id']}: type must be one of {', '.join(PROJECT_TYPES)}")
        _int(r, "base", 1, 9)
        _int(r, "max", r["base"], 20)
        _int(r, "growth", 1, 9)
        require(isinstance(r.get("arrows"), list), f"{r['id']}: arrows must list seas")
        require(isinstance(r.get("commercial"), bool) and isinstance(r.get("capital"), bool),
                f"{r['id']}: commercial and capital are true or false")
        if r["capital"] is False and r["id"] not in NO_REGION:
            _int(r, "base", 1, 4)  # a d4 roll at least the fortification must be possible
    by_id = {r["id"]: r for r in records}
    for name in (*COMMERCIAL, *NO_PORT, *NO_REGION, TWO_ARROWS):
        require(name in by_id, f"the rule text names the polis {name}")
    require({r["id"]: r["start"] for r in records if r["commercial"]} == COMMERCIAL,
            "the commercial poleis are Athenai (Athens), Gytheion and Pylos (Sparta)")
    require(sorted(r["start"] for r in records if r["capital"]) == sorted(SIDES),
            "one capital per side, owned at the start")
    for name in NO_PORT:
        require(not by_id[name]["arrows"], f"{name} has no port")
    for r in records:
        if r["id"] not in NO_PORT:
            require(len(r["arrows"]) == (2 if r["id"] == TWO_ARROWS else 1),
                    f"{r['id']}: needs {2 if r['id'] == TWO_ARROWS else 1} galley arrow(s)")
        require((r.get("region") is None) == (r["id"] in NO_REGION),
                f"{r['id']}: only Epidamnos and Abdera lack a region")
        if r["region"] is None:
            _pos(r)
            require(isinstance(r.get("links"), list) and r["links"], f"{r['id']}: a polis without region needs links")
    regions = Counter(r["region"] for r in records if r["region"])
    require(max(regions.values()) <= 2, "a region holds at most 2 poleis")


def projects(records: Records) -> None:
    require(len(records) == 14, "there are 14 project tiles")
    for r in records:
        require(r.get("type") in PROJECT_TYPES, f"{r['id']}: type must be one of {', '.join(PROJECT_TYPES)}")
        _resources(r, "cost")
        require(sum(r["cost"].values()) >= 1, f"{r['id']}: a project costs something")
        _int(r, "round", 0, 9)
        _int(r, "final", 0, 9)


def combat(records: Records) -> None:
    for r in records:
        require(isinstance(r.get("name"), str) and r["name"], f"{r['id']}: needs a name")
        _int(r, "count", 1, 24)
        _int(r, "attack", 0, 9)
        require(r.get("kind") in ("formation", "mercenary", "salpinx"),
                f"{r['id']}: kind is formation, mercenary or salpinx")
        require((r["kind"] == "formation") == isinstance(r.get("formation"), str),
                f"{r['id']}: formation cards (only) name their formation")
    require(sum(r["count"] for r in records) == 24, "there are 24 combat cards")
    kinds = Counter(r["kind"] for r in records)
    require(kinds["mercenary"] >= 1 and kinds["salpinx"] >= 1, "the deck holds mercenaries and salpinx calls")
    require(len({r["formation"] for r in records if r["kind"] == "formation"}) >= 2, "at least 2 formations")


def events(records: Records) -> None:
    require(sum(r.get("count", 0) for r in records) == 40, "there are 40 event cards")
    for r in records:
        require(r.get("deck") in ("1", "2", "3", "4"), f"{r['id']}: deck must be 1 to 4 (#3, #4, #5a, #5b)")
        _int(r, "count", 1, 40)
        require(isinstance(r.get("effects"), list), f"{r['id']}: effects must be a list")
        for effect in r["effects"]:
            require(isinstance(effect, dict), f"{r['id']}: each effect is an object")
            fields = EFFECT_FIELDS.get(effect.get("op"))
            if fields is None:
                raise ComponentDataError(f"{r['id']}: unknown effect {effect.get('op')!r}")
            require(all(f in effect for f in fields), f"{r['id']}: {effect['op']} needs {', '.join(fields)}")
            if "n" in fields:
                require(whole(effect["n"], -EFFECT_MOST, EFFECT_MOST),
                        f"{r['id']}: {effect['op']} n must be a whole number from {-EFFECT_MOST} to {EFFECT_MOST}")
            if "side" in effect:
                require(effect["side"] in (*SIDES, "both"), f"{r['id']}: side must be athens, sparta or both")
    decks = Counter(r["deck"] for r in records)
    require(all(decks[d] for d in "1234"), "every round has its event deck")
    require(FIRST_DECK <= {r["id"] for r in records if r["deck"] == "1"}, "the #3 deck holds the published cards")


def start(records: Records) -> None:
    require(sorted(r["id"] for r in records) == sorted(SIDES), "one starting record per side")
    for r in records:
        for key in ("poleis", "hoplites", "galleys"):
            require(isinstance(r.get(key), dict) and all(whole(n, 0) for n in r[key].values()),
                    f"{r['id']}: {key} must map places to counts")
        _resources(r, "resources")
        _int(r, "prestige", 1, 30)
        _int(r, "merchants", 0, 9)
        _int(r, "cubes", 1, 99)


def across(r: dict[str, Records]) -> None:
    """Checks involving several files: arrows and links name real seas, events name real places, ..."""
    areas = {a["id"]: a for a in r["map"]}
    poleis_by = {p["id"]: p for p in r["poleis"]}
    markets = {m["id"] for m in r["trade"] if m["kind"] == "market"}
    seas = {a for a, rec in areas.items() if rec["kind"] == "sea"}
    for p in r["poleis"]:
        if p["region"] is not None:
            require(areas.get(p["region"], {}).get("kind") == "land",
                    f"{p['id']}: region {p['region']!r} is not a land region")
            touching = areas[p["region"]]["links"]
        else:
            touching = p["links"]
            require(all(x in areas for x in touching), f"{p['id']}: links name unknown areas")
        for sea in p["arrows"]:
            require(sea in seas and sea in touching, f"{p['id']}: arrow to {sea!r}, which is not a sea it touches")
    for t in r["trade"]:
        require(all(x in seas for x in t["links"]), f"{t['id']}: links must be seas")
    for a in r["map"]:
        if a["kind"] == "land":
            holds = any(p["region"] == a["id"] for p in r["poleis"])
            require(bool(a["tribute"]) == holds, f"{a['id']}: a region has a tribute box exactly when it holds a polis")
    types = {p["type"] for p in r["poleis"]}
    for t in r["projects"]:
        require(t["type"] in types, f"{t['id']}: no polis takes {t['type']} projects")
    places = ([a["pos"] for a in r["map"]] + [t["pos"] for t in r["trade"]]
              + [p["pos"] for p in r["poleis"] if "pos" in p])
    require(len({tuple(p) for p in places}) == len(places), "two places share one map position")
    for e in r["events"]:
        for effect in e["effects"]:
            if "area" in effect:
                kind = "land" if effect["unit"] == "hoplite" else "sea"
                require(areas.get(effect["area"], {}).get("kind") == kind,
                        f"{e['id']}: a {effect['unit']} cannot go to {effect['area']!r}")
            require(effect.get("market", "persia") in markets, f"{e['id']}: unknown market {effect.get('market')!r}")
            require(effect.get("polis", "athenai") in poleis_by, f"{e['id']}: unknown polis {effect.get('polis')!r}")
            if effect["op"] == "gain":
                require(effect["what"] in (*RESOURCES, "prestige"), f"{e['id']}: cannot gain {effect['what']!r}")
    _check_start(r, areas, poleis_by)


def _check_start(r: dict[str, Records], areas: dict[str, Any], poleis_by: dict[str, Any]) -> None:
    cap = ROUNDS[0][1]
    for s in r["start"]:
        owned = {p for p, rec in poleis_by.items() if rec["start"] == s["id"]}
        require(set(s["poleis"]) == owned,
                f"{s['id']}: starts with the poleis marked for it ({', '.join(sorted(owned))})")
        for p, n in s["poleis"].items():
            require(1 <= n <= poleis_by[p]["max"], f"{s['id']}: {p} starts with 1 to {poleis_by[p]['max']} citizens")
        for key, kind in (("hoplites", "land"), ("galleys", "sea")):
            for area, n in s[key].items():
                require(areas.get(area, {}).get("kind") == kind, f"{s['id']}: {key} cannot start in {area!r}")
                require(n <= cap, f"{s['id']}: at most {cap} units per area in the first round")
        require(s["proxenos"] in owned, f"{s['id']}: the proxenos starts in one of its poleis")
        used = sum(s["poleis"].values()) + sum(s["hoplites"].values()) + sum(s["galleys"].values()) + s["merchants"]
        require(used <= s["cubes"], f"{s['id']}: the starting position uses more than its {s['cubes']} cubes")

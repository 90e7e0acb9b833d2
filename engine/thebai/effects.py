"""The effect language of Thebai's components, and how an effect becomes steps of the flow.

An effect is a list of operations, each a one-key dict, resolved in order: tiles, roofs,
contracts, gate loot, estate actions, fate tiles and track rewards all use it. Numbers may
depend on the power of the die (or metoikoi tile) that triggers an estate action:
"P", "P+1", "2P", "3-P" (never below 0).

    gain        {"grape": n, "pottery": n, "bronze": n, "drachma": n, "any": n}   any = one good of your choice each
    gain_kind   n                        n goods of one kind of your choice
    vp          n
    contract    n                        take n contracts (display or deck top)
    exchange    n                        n times: 1 good/drachma for 1 good/drachma
    pick        n                        n times: a contract or an exchange
    promote     {"n", "kind", "where", "mode", "times"}   n promotions of your dice
    devotion    {"n", "track", "mode"}   n steps on the devotion tracks
    hoplite     {"n", "promote", "another"}  move n different hoplite dice onto the city (and promote each);
                                         another: none of those the effect's earlier hoplite ops moved
    place       {"edges", "activate"}    leftmost estate Cadmea tile to the city, up to `edges` matched roofs
    remove      {"n", "activate"}        leftmost estate Cadmea tiles to the box
    hurry       {"activate"}             archon to an empty Cadmea tile (not a move)
    pay         {"cost", "then", "times"}  may pay `cost` (up to `times` times) for `then`
    choose      [{"cost", "then"}, ...]  one of the alternatives (or none)
    fulfil      {"discount"}             fulfil a contract paying `discount` goods fewer
    councillor  {}                       a councillor tile onto a collapse marker
    vp_per      {"metric", "per", "vp"}  vp for every `per` of a counted thing
    metoikoi / blessing / final  id      devotion-track rewards
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, NoReturn, TypedDict

from engine.core.components import ComponentDataError

GOODS = ("grape", "pottery", "bronze")
RESOURCES = (*GOODS, "drachma")
KINDS = ("any", "citizen", "hoplite")
PLACES = ("any", "city", "estate", "council", "pool", "home")
"""Where a promoted die may be; "home" is the personal supply or the estate."""
MODES = ("any", "same", "different")
TRACKS = ("any", "dionysus", "ares")
COUNCIL_METRICS = (
    "own_groups", "largest_group", "matched_tiles", "top_row_emptied", "middle_row_emptied", "bottom_row_emptied",
    "dionysus_steps", "ares_steps", "track_promotions", "empty_columns", "strategos_on_city", "council_citizens",
    "contracts_done", "best_suit", "gates",
)
"""The fifteen council criteria of the rulebook appendix."""
METRICS = (*COUNCIL_METRICS, "blessings", "own_city_tiles", "city_citizen_power", "lower_track", "higher_track")
"""Everything an effect or a criterion can count for a player (engine/thebai/metrics.py)."""
_POWER = re.compile(r"^(?:(\d*)P([+-]\d+)?|(\d+)-P)$")

Effect = list[dict[str, Any]]


class PoweredEffect(TypedDict):
    """An effect with the power of the die (or metoikoi tile) that triggers it: its numbers
    are worked out for that power (the kind ``effect`` of engine/thebai/text.py)."""

    effect: Effect
    power: int


def number(value: int | str, power: int | None) -> int:
    """An effect number: an int, or an expression of the triggering die's power (>= 0)."""
    if isinstance(value, int):
        return value
    match = _POWER.match(value)
    if match is None or power is None:
        raise ValueError(f"{value!r} is not a number here")
    factor, offset, minuend = match.groups()
    if minuend is not None:
        return max(0, int(minuend) - power)
    return max(0, int(factor or 1) * power + int(offset or 0))


# -- validation ----------------------------------------------------------------------------------


def _fail(where: str, message: str) -> NoReturn:
    raise ComponentDataError(f"{where}: {message}")


def _check_number(value: Any, where: str, power: bool) -> None:
    if isinstance(value, bool) or not (isinstance(value, int) and value >= 0
                                       or power and isinstance(value, str) and _POWER.match(value)):
        _fail(where, f"{value!r} is not a count{' or die-power expression' if power else ''}")


def _check_keys(params: Any, where: str, allowed: dict[str, Any]) -> dict[str, Any]:
    if not isinstance(params, dict):
        _fail(where, "parameters must be an object")
    unknown = set(params) - set(allowed)
    if unknown:
        _fail(where, f"unknown parameter(s) {', '.join(sorted(unknown))}")
    for key, values in allowed.items():
        if isinstance(values, tuple) and key in params and params[key] not in values:
            _fail(where, f"{key} must be one of {', '.join(values)}")
    return params


def check_cost(cost: Any, where: str, power: bool = False) -> None:
    if not isinstance(cost, dict) or not cost:
        _fail(where, "a cost is an object of resources")
    for key, value in cost.items():
        if key not in RESOURCES:
            _fail(where, f"{key!r} is not a resource")
        _check_number(value, where, power)


def check_effect(effect: Any, where: str, power: bool = False, ids: dict[str, set[str]] | None = None) -> None:
    """Raise ComponentDataError unless ``effect`` is a well-formed effect list.

    ``power``: numbers may depend on the die power; ``ids``: known metoikoi/blessing/final ids."""
    if not isinstance(effect, list):
        _fail(where, "an effect is a list of operations")
    for index, op in enumerate(effect):
        here = f"{where} op {index + 1}"
        if not isinstance(op, dict) or len(op) != 1:
            _fail(here, "each operation is an object with exactly one key")
        (name, params), = op.items()
        check = _CHECKS.get(name)
        if check is None:
            _fail(here, f"unknown operation {name!r}")
        check(params, f"{here} ({name})", power, ids or {})


def _gain(p: Any, where: str, power: bool, ids: dict[str, set[str]]) -> None:
    _check_keys(p, where, {key: None for key in (*RESOURCES, "any")})
    if not p:
        _fail(where, "gains nothing")
    for value in p.values():
        _check_number(value, where, power)


def _count(p: Any, where: str, power: bool, ids: dict[str, set[str]]) -> None:
    _check_number(p, where, power)


def _promote(p: Any, where: str, power: bool, ids: dict[str, set[str]]) -> None:
    _check_keys(p, where, {"n": None, "kind": KINDS, "where": PLACES, "mode": MODES, "times": None})
    _check_number(p.get("n", 1), where, power)
    _check_number(p.get("times", 1), where, False)


def _devotion(p: Any, where: str, power: bool, ids: dict[str, set[str]]) -> None:
    _check_keys(p, where, {"n": None, "track": TRACKS, "mode": MODES})
    _check_number(p.get("n", 1), where, power)


def _hoplite(p: Any, where: str, power: bool, ids: dict[str, set[str]]) -> None:
    _check_keys(p, where, {"n": None, "promote": None, "another": None})
    _check_number(p.get("n", 1), where, power)
    _check_number(p.get("promote", 0), where, False)
    if not isinstance(p.get("another", False), bool):
        _fail(where, "another is true or false")


def _place(p: Any, where: str, power: bool, ids: dict[str, set[str]]) -> None:
    _check_keys(p, where, {"edges": None, "activate": None})
    _check_number(p.get("edges", 1), where, power)


def _remove(p: Any, where: str, power: bool, ids: dict[str, set[str]]) -> None:
    _check_keys(p, where, {"n": None, "activate": None})
    _check_number(p.get("n", 1), where, power)


def _hurry(p: Any, where: str, power: bool, ids: dict[str, set[str]]) -> None:
    _check_keys(p, where, {"activate": None})


def _pay(p: Any, where: str, power: bool, ids: dict[str, set[str]]) -> None:
    _check_keys(p, where, {"cost": None, "then": None, "times": None})
    check_cost(p.get("cost"), where, power)
    check_effect(p.get("then"), where, power, ids)
    _check_number(p.get("times", 1), where, False)


def _choose(p: Any, where: str, power: bool, ids: dict[str, set[str]]) -> None:
    if not isinstance(p, list) or len(p) < 2:
        _fail(where, "choose needs at least two alternatives")
    for k, alternative in enumerate(p, 1):
        _check_keys(alternative, f"{where} alternative {k}", {"cost": None, "then": None})
        if "cost" in alternative:
            check_cost(alternative["cost"], where, power)
        check_effect(alternative.get("then"), f"{where} alternative {k}", power, ids)


def _fulfil(p: Any, where: str, power: bool, ids: dict[str, set[str]]) -> None:
    _check_keys(p, where, {"discount": None})
    _check_number(p.get("discount", 0), where, power)


def _councillor(p: Any, where: str, power: bool, ids: dict[str, set[str]]) -> None:
    _check_keys(p, where, {})


def _vp_per(p: Any, where: str, power: bool, ids: dict[str, set[str]]) -> None:
    _check_keys(p, where, {"metric": METRICS, "per": None, "vp": None})
    if "metric" not in p:
        _fail(where, "needs a metric")
    _check_number(p.get("per", 1), where, False)
    _check_number(p.get("vp", 1), where, False)
    if p.get("per", 1) < 1:
        _fail(where, "per must be at least 1")


def _reference(kind: str) -> Callable[[Any, str, bool, dict[str, set[str]]], None]:
    def check(p: Any, where: str, power: bool, ids: dict[str, set[str]]) -> None:
        if not isinstance(p, str) or (kind in ids and p not in ids[kind]):
            _fail(where, f"{p!r} is not a known {kind} id")
    return check


_CHECKS = {
    "gain": _gain, "gain_kind": _count, "vp": _count, "contract": _count, "exchange": _count, "pick": _count,
    "promote": _promote, "devotion": _devotion, "hoplite": _hoplite, "place": _place, "remove": _remove,
    "hurry": _hurry, "pay": _pay, "choose": _choose, "fulfil": _fulfil, "councillor": _councillor,
    "vp_per": _vp_per, "metoikoi": _reference("metoikoi"), "blessing": _reference("blessing"),
    "final": _reference("final"),
}


# -- expansion into flow frames -------------------------------------------------------------------


def frames(effect: Effect, seat: int, power: int | None = None) -> list[dict[str, Any]]:
    """The flow frames that resolve ``effect`` for ``seat`` (numbers worked out for ``power``)."""
    out: list[dict[str, Any]] = []
    for op in effect:
        (name, p), = op.items()
        out.extend(_EXPAND[name](p, seat, power))
    return out


def _gain_frames(p: Any, seat: int, power: int | None) -> list[dict[str, Any]]:
    fixed = {k: number(v, power) for k, v in p.items() if k != "any"}
    out = [{"step": "gain", "seat": seat, "res": {k: v for k, v in fixed.items() if v}}] if any(fixed.values()) else []
    if p.get("any"):
        out.append({"step": "gain_any", "seat": seat, "n": number(p["any"], power)})
    return out


Expansion = Callable[[Any, int, int | None], list[dict[str, Any]]]
"""The flow frames of one operation: from its parameters, the seat and the triggering power."""


def _simple(step: str, key: str = "n") -> Expansion:
    return lambda p, seat, power: [{"step": step, "seat": seat, key: number(p, power)}] if number(p, power) else []


def _promote_frames(p: Any, seat: int, power: int | None) -> list[dict[str, Any]]:
    n = number(p.get("n", 1), power)
    return [{"step": "promote", "seat": seat, "n": n, "kind": p.get("kind", "any"), "where": p.get("where", "any"),
             "mode": p.get("mode", "any"), "times": p.get("times", 1), "done": []}] if n else []


def _devotion_frames(p: Any, seat: int, power: int | None) -> list[dict[str, Any]]:
    n = number(p.get("n", 1), power)
    return [{"step": "devotion", "seat": seat, "n": n, "track": p.get("track", "any"), "mode": p.get("mode", "any"),
             "used": []}] if n else []


def _hoplite_frames(p: Any, seat: int, power: int | None) -> list[dict[str, Any]]:
    """A frame per die; each after the first is another die than those before it."""
    another = p.get("another", False)
    return [{"step": "hoplite", "seat": seat, "promote": p.get("promote", 0), "another": another or k > 0}
            for k in range(number(p.get("n", 1), power))]


def _place_frames(p: Any, seat: int, power: int | None) -> list[dict[str, Any]]:
    return [{"step": "place_row", "seat": seat, "edges": number(p.get("edges", 1), power),
             "activate": bool(p.get("activate"))}]


def _remove_frames(p: Any, seat: int, power: int | None) -> list[dict[str, Any]]:
    return [{"step": "remove", "seat": seat, "n": number(p.get("n", 1), power), "activate": bool(p.get("activate"))}]


def _choose_frames(p: Any, seat: int, power: int | None) -> list[dict[str, Any]]:
    alternatives = [{"cost": {k: number(v, power) for k, v in a.get("cost", {}).items()}, "then": a["then"]} for a in p]
    return [{"step": "choose", "seat": seat, "alternatives": alternatives, "power": power}]


def _pay_frames(p: Any, seat: int, power: int | None) -> list[dict[str, Any]]:
    cost = {k: number(v, power) for k, v in p["cost"].items()}
    return [{"step": "pay", "seat": seat, "cost": cost, "then": p["then"], "times": p.get("times", 1), "power": power}]


_EXPAND: dict[str, Expansion] = {
    "gain": _gain_frames,
    "gain_kind": _simple("gain_kind"),
    "vp": lambda p, seat, power: [{"step": "vp", "seat": seat, "n": number(p, power)}],
    "contract": _simple("take_contract"),
    "exchange": _simple("exchange"),
    "pick": _simple("pick"),
    "promote": _promote_frames,
    "devotion": _devotion_frames,
    "hoplite": _hoplite_frames,
    "place": _place_frames,
    "remove": _remove_frames,
    "hurry": lambda p, seat, power: [{"step": "hurry", "seat": seat, "activate": bool(p.get("activate"))}],
    "pay": _pay_frames,
    "choose": _choose_frames,
    "fulfil": lambda p, seat, power: [{"step": "fulfil", "seat": seat,
                                       "discount": number(p.get("discount", 0), power)}],
    "councillor": lambda p, seat, power: [{"step": "councillor", "seat": seat}],
    "vp_per": lambda p, seat, power: [{"step": "vp_per", "seat": seat, **p}],
    "metoikoi": lambda p, seat, power: [{"step": "gain_metoikoi", "seat": seat, "id": p}],
    "blessing": lambda p, seat, power: [{"step": "gain_blessing", "seat": seat, "id": p}],
    "final": lambda p, seat, power: [{"step": "final_blessing", "seat": seat, "id": p}],
}

"""The names of Polis' things (sides, resources, actions, units) and how its sentences spell
them: the game's ``Words`` (engine/core/text.py), the kinds of argument its ``Say`` name.

What the rules say names a seat by its player (``{seat:seat}``, 'Ann'), its side
(``{seat:side}``, 'Athens') or both (``{seat:side_player}``, 'Athens (Ann)'), and the game's
things by their ids, spelled here by their names in the component data: ``polis``, ``area``,
``place`` (an area or a trade port), ``market``, ``project``, ``event``, ``card`` and ``cards``
(combat cards), ``round`` (its number, spelled by its label: '#3'). Resources are ``good`` (one),
``goods`` (a list, counted: '2 wheat, 1 oil'), ``either`` ('wine/oil'), ``cost`` and ``paid``
(amounts by resource); ``action`` is one of the 12 actions, ``unit`` and ``plural`` a unit word
('hoplite', 'hoplites'), ``count`` a number of something ([2, "galley"]: '2 galleys'),
``citizens`` a number of citizens, ``moved`` where the units of a move come from,
``reasons`` why the game ends, ``project_type`` the type of a polis or project.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core import Words
from engine.i18n import ENGLISH, Language

SIDES = ("athens", "sparta")
"""Seat 0 plays Athens, seat 1 Sparta."""
SIDE_NAMES = ("Athens", "Sparta")
RESOURCES = ("wheat", "silver", "wood", "metal", "oil", "wine")
GOODS = ("wine", "oil", "wood", "metal")
"""What a market may buy (it pays in wheat or silver)."""
PERISHABLE = ("wine", "oil", "wheat")
PROJECT_TYPES = ("sacred", "civic", "military")
UNIT_KINDS = ("hoplite", "galley")

ACTIONS = (
    ("hoplites", "Raise hoplites", "development"),
    ("galleys", "Build galleys", "development"),
    ("merchants", "Build merchant ships", "development"),
    ("project", "Start a project", "development"),
    ("move-hoplites", "Move hoplites", "military"),
    ("move-galleys", "Move galleys", "military"),
    ("siege", "Besiege a polis", "military"),
    ("tribute", "Collect tribute", "military"),
    ("trade", "Trade", "political"),
    ("proxenos", "Move the proxenos", "political"),
    ("free", "Free the proxenos", "political"),
    ("civil-war", "Incite civil war", "political"),
)
ACTION_NAMES = {key: name for key, name, _ in ACTIONS}
ACTION_FAMILY = {key: family for key, _, family in ACTIONS}


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def counted(items: list[str]) -> str:
    """'2 wheat, 1 oil' from ['wheat', 'oil', 'wheat'] (first-seen order)."""
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return ", ".join(f"{n} {item}" for item, n in counts.items()) or "nothing"


def cost_text(cost: dict[str, int]) -> str:
    return ", ".join(f"{n} {k}" for k, n in cost.items() if n) or "nothing"


def paid_text(paid: Mapping[str, int]) -> str:
    """'metal 2, silver 1': what units were paid with (nothing where none)."""
    return ", ".join(f"{good} {n}" for good, n in paid.items() if n)


def moved_text(picked: Mapping[str, int], name: Callable[[str], str]) -> str:
    """'2 from Attika, 1 from Boiotia', or 'none yet'."""
    return ", ".join(f"{n} from {name(area)}" for area, n in picked.items()) or "none yet"


def words(names: Sequence[str], language: Language = ENGLISH) -> Words:
    """Polis' sentences in English: the seats by their players' names or their sides, the game's
    things by their names in the component data."""
    from .catalog import catalog  # here: catalog.py's checks import the names above

    def named(table: str) -> Callable[[str], str]:
        return lambda thing: getattr(catalog(), table)[thing]["name"]

    spelled = Words(names, language=language)

    def side_player(seat: int) -> str:
        """'Athens (Ann)': the side first, then the player's name."""
        return f"{SIDE_NAMES[seat]} ({spelled.seat(seat)})"

    kinds: dict[str, Callable[[Any], str]] = {
        "side": lambda seat: SIDE_NAMES[seat],
        "side_player": side_player,
        "polis": named("poleis"),
        "area": named("areas"),
        "market": named("markets"),
        "project": named("projects"),
        "event": named("events"),
        "card": named("cards"),
        "cards": lambda cards: " + ".join(catalog().cards[card]["name"] for card in cards),
        "place": lambda place: catalog().name(place),
        "round": lambda number: catalog().rounds[number - 1]["label"],
        "action": lambda action: ACTION_NAMES[action],
        "good": str,
        "goods": counted,
        "either": "/".join,
        "cost": cost_text,
        "paid": paid_text,
        "unit": str,
        "plural": lambda unit: f"{unit}s",
        "count": lambda counted_: plural(*counted_),
        "citizens": lambda n: plural(n, "citizen"),
        "moved": lambda picked: moved_text(picked, catalog().name),
        "reasons": "; ".join,
        "project_type": str,
    }
    spelled.kinds.update(kinds)
    return spelled

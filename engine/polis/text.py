"""The names of Polis' things (sides, resources, actions, units) and how its sentences spell
them: the game's ``Words`` (engine/core/text.py) and the small helpers they share."""

from __future__ import annotations

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


def side_of(state: dict, seat: int) -> str:
    """'Athens (Ann)': the side first, then the player's name."""
    return f"{SIDE_NAMES[seat]} ({state['names'][seat]})"


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

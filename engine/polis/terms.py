"""The words and fixed numbers of Polis (2012): sides, resources, actions, rule constants."""

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

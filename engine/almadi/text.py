"""Almadi's wording: what choice labels, prompts and the log say about tiles, places and effects."""

from __future__ import annotations

from .catalog import TYPE_OF_LETTER, catalogue, icons
from .objectives import describe

EFFECT_TITLES = {"genie": "Genie", "martelin": "Martelin", "stall": "Stall", "moon": "Moon", "ruby": "Ruby", "jar": "Jar"}
EFFECT_LABELS = {
    "martelin": ("Martelin: draw a mosaic card", "Martelin: draw 2 mosaic cards"),
    "stall": ("Stall: draw a stall card", "Stall: draw 2 stall cards"),
    "ruby": ("Ruby: take a ruby", "Ruby: take 2 rubies"),
}
"""Label of an effect used once, by amount (1, or 2 with the character doubling it)."""


def tile_name(tile: str) -> str:
    return TYPE_OF_LETTER[catalogue().faces[tile][0]].capitalize()


def where(pos: tuple[int, int]) -> str:
    return f"row {pos[0] + 1}, column {pos[1]}"


def side_text(side: str) -> str:
    """'Moon', 'arrow', '2 Jars'."""
    if side not in EFFECT_TITLES and side != "arrow":
        shown = icons(side)
        return f"{len(shown)} {EFFECT_TITLES[shown[0]]}s"
    return EFFECT_TITLES.get(side, side)


def edges_text(tile: str) -> str:
    sides = catalogue().faces[tile][1]
    return ", ".join(f"{name} {side_text(side)}" for name, side in zip(("top", "right", "bottom", "left"), sides))


def fired_text(fired: list[str]) -> str:
    counts: dict[str, int] = {}
    for effect in fired:
        counts[effect] = counts.get(effect, 0) + 1
    return "activates " + counted_text(counts) if fired else "activates nothing"


def counted_text(effects: dict[str, int]) -> str:
    """'Martelin, Ruby x2' for the effects with a count."""
    return ", ".join(EFFECT_TITLES[e] + (f" x{n}" if n > 1 else "") for e, n in effects.items() if n)


def objective_text(oid: str) -> str:
    return describe(catalogue().objectives[oid]["requirement"])


def character_name(cid: str) -> str:
    return catalogue().characters[cid]["name"]

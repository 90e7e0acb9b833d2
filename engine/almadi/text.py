"""Almadi's wording: what choice labels, prompts and the log say about tiles, places and effects.

The rules say things as data (engine/core/text.py); ``words`` spells the kinds of argument
Almadi's sentences name: ``tile`` (a landscape by its type), ``where`` (a realm position),
``fired`` (what a placement or move activates), ``counted`` (effects with their counts),
``objective`` and ``character`` (by their text and name), ``characters`` (a list of them),
``edges`` (a landscape's four sides) and ``placing`` (where a landscape could go, and what
each place would activate).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.text import Words
from engine.i18n import ENGLISH, Language

from .catalog import TYPE_OF_LETTER, catalog, icons
from .objectives import describe

EFFECT_TITLES = {
    "genie": "Genie", "martelin": "Martelin", "stall": "Stall", "moon": "Moon", "ruby": "Ruby", "jar": "Jar",
}
EFFECT_LABELS = {
    "martelin": ("Martelin: draw a mosaic card", "Martelin: draw 2 mosaic cards"),
    "stall": ("Stall: draw a stall card", "Stall: draw 2 stall cards"),
    "ruby": ("Ruby: take a ruby", "Ruby: take 2 rubies"),
}
"""Label of an effect used once, by amount (1, or 2 with the character doubling it)."""


def words(names: Sequence[str], language: Language = ENGLISH) -> Words:
    return Words(names, language=language, kinds={
        "tile": tile_name, "where": where, "fired": fired_text, "counted": counted_text, "objective": objective_text,
        "character": character_name, "characters": characters_text, "edges": edges_text, "placing": placing_text,
    })


def tile_name(tile: str) -> str:
    return TYPE_OF_LETTER[catalog().faces[tile][0]].capitalize()


def where(pos: Sequence[int]) -> str:
    return f"row {pos[0] + 1}, column {pos[1]}"


def side_text(side: str) -> str:
    """'Moon', 'arrow', '2 Jars'."""
    if side not in EFFECT_TITLES and side != "arrow":
        shown = icons(side)
        return f"{len(shown)} {EFFECT_TITLES[shown[0]]}s"
    return EFFECT_TITLES.get(side, side)


def edges_text(tile: str) -> str:
    sides = catalog().faces[tile][1]
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
    return describe(catalog().objectives[oid]["requirement"])


def character_name(cid: str) -> str:
    name: str = catalog().characters[cid]["name"]
    return name


def characters_text(cids: Sequence[str]) -> str:
    return ", ".join(map(character_name, cids))


def placing_text(placing: dict[str, Any]) -> str:
    """What placing a landscape could activate, best places first, the effects before the place
    (a list cut at 80 columns still tells the choices apart): 'Genie, Moon (col 3); Ruby
    (col 1); nothing (col 2)' (columns of its own row; 'row 1 col 2' elsewhere). ``placing``:
    {"row": the landscape's row, "places": [[row, col, [effects]], ...]}."""
    row = placing["row"]

    def spot(pos: Sequence[int]) -> str:
        return f"col {pos[1]}" if pos[0] == row else f"row {pos[0] + 1} col {pos[1]}"

    ranked = sorted(placing["places"], key=lambda place: (-len(place[2]), place[0], place[1]))
    active = [f"{fired_text(fired)[len('activates '):]} ({spot(pos)})" for *pos, fired in ranked if fired]
    idle = [spot(pos) for *pos, fired in ranked if not fired]
    if not active:
        return "activates nothing wherever it goes"
    return "; ".join(active + ([f"nothing ({', '.join(idle)})"] if idle else []))

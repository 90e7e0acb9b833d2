"""Thebai's visual language, declared once: glyphs and colours of seats, tiles, roofs, dice and
markers, and the legend that explains exactly the glyphs a panel shows.

Seats are told apart by letter (and their archon by symbol) first, by colour second; every
colour has a glyph beside it, so NO_COLOR loses nothing.
"""

from __future__ import annotations

from rich.text import Text

from engine.core.seats import SYMBOLS, seat_letter
from engine.thebai.catalog import catalog
from engine.thebai.constants import COLOURS, FACES

SEAT_COLOURS = {"green": "green3", "blue": "dodger_blue1", "peach": "light_salmon1", "red": "red3"}
ROOF_GLYPHS = {"white": "w", "brown": "b", "slate": "s", "terracotta": "t"}
ROOF_STYLES = {"white": "bold bright_white", "brown": "bold dark_orange3", "slate": "bold grey62", "terracotta": "bold salmon1"}
NEUTRAL = "N"
EMPTY_SPACE = "·"
FREE_DICE = "."
PLAZA = "="
STAND = "^"
RESERVED = "H"
KEY_STYLE = "bold reverse"
"""A choice's number key on its board target."""

GLYPH_MEANINGS = {
    " A● ": "tile: owner (N neutral), archon ●▲■◆ of A-D",
    EMPTY_SPACE: "empty Cadmea space",
    "A2*": "citizen die (seat, face)",
    "a2*": "hoplite die",
    FREE_DICE: "free dice space",
    PLAZA: "plaza marker",
    f"{STAND}A": "Lasthenes stand of seat A",
    f"{RESERVED}A": "space reserved by Hyperbius for seat A",
    "[3]": "key of a choice there",
}


def seat_style(seat: int) -> str:
    return f"bold {SEAT_COLOURS[COLOURS[seat]]}"


def owner(view: dict, tile_id: str) -> str:
    """A tile's owner letter: its seat's, or N for neutral tiles and unused colours."""
    colour = catalog().tiles[tile_id]["colour"]
    seat = COLOURS.index(colour) if colour in COLOURS else None
    return NEUTRAL if seat is None or seat >= view["n"] else seat_letter(seat)


def archon_glyph(seat: int) -> str:
    return SYMBOLS[seat]


def tile_style(view: dict, tile_id: str) -> str:
    """A tile is a solid block: reverse video, in its owner's colour (grey for neutral)."""
    colour = catalog().tiles[tile_id]["colour"]
    seat = COLOURS.index(colour) if colour in COLOURS else None
    if seat is None or seat >= view["n"]:
        return "bold reverse grey70"
    return f"bold reverse {SEAT_COLOURS[colour]}"


def die_text(seat: int, kind: str, face: int) -> tuple[str, str]:
    letter = seat_letter(seat) if kind == "c" else seat_letter(seat).lower()
    return f"{letter}{FACES[face]}", seat_style(seat) + (" underline" if kind == "h" else "")


def roof_glyph(roof: str) -> tuple[str, str]:
    return ROOF_GLYPHS[roof], ROOF_STYLES[roof]


def key_text(number: int) -> str:
    return str(number) if number <= 9 else "+"


def legend(glyphs: list[str]) -> Text:
    """The meaning of exactly the glyphs given (those on screen), wrapped at the panel's width."""
    text = Text(style="dim")
    for index, glyph in enumerate(glyphs):
        if index:
            text.append(" · ")
        text.append(glyph, style="bold reverse" if glyph == " A● " else "bold")
        text.append(f" {GLYPH_MEANINGS[glyph]}")
    return text


def city_glyphs(view: dict) -> list[str]:
    """The glyphs the city shows now, for its legend."""
    city = view["city"]
    shown = [" A● ", EMPTY_SPACE, FREE_DICE]
    kinds = {kind for _, kind, _ in city["dice"].values()}
    shown += [glyph for kind, glyph in (("c", "A2*"), ("h", "a2*")) if kind in kinds]
    shown += [glyph for present, glyph in ((city["plaza"], PLAZA), (city["posts"], f"{STAND}A"),
                                           (city["sites"], f"{RESERVED}A")) if present]
    if any(choice.target for choice in view.get("choices", ())):
        shown.append("[3]")
    return shown


def roof_legend() -> Text:
    text = Text(style="dim")
    text.append("Roofs: ")
    for index, (roof, glyph) in enumerate(ROOF_GLYPHS.items()):
        if index:
            text.append("  ")
        text.append(glyph, style=ROOF_STYLES[roof])
        text.append(f" {roof}")
    return text

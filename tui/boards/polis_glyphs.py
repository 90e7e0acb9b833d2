"""The Polis boards' visual language, declared once: the palette of the map's glyphs (sides,
markets, poleis, proxenoi) with their meaning, colour and NO_COLOR attributes, area
abbreviations, how units and poleis are written. The map draws with a ``Pen`` of the palette,
so its legend explains exactly the glyphs drawn."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len

from engine.core.seats import SYMBOLS
from engine.polis.catalog import Catalog
from engine.polis.text import unit_word
from tui.i18n import N_, current

from .glyphs import Glyph, Palette, Pen

Cell = tuple[str, str]
SYMBOL = (SYMBOLS[0], SYMBOLS[1])
"""Athens ●, Sparta ▲: the app's seat symbols for seats A and B."""
SIDE_COLOURS = ("#3d7be0", "#d94a3f")
"""Athens blue, Sparta red: mid-tones, read on a light and a dark theme."""
SIDE_STYLE = tuple(f"bold {colour}" for colour in SIDE_COLOURS)
SIDES = ("athens", "sparta")
PALETTE = Palette("polis", {
    "athens": Glyph(SYMBOL[0], N_("Athens: units, ships"), N_("Sides"), SIDE_STYLE[0], "bold"),
    "sparta": Glyph(SYMBOL[1], N_("Sparta: units, ships"), N_("Sides"), SIDE_STYLE[1], "bold underline"),
    "market": Glyph("$", N_("market"), N_("Map"), "bold", "bold"),
    "slot": Glyph("·", N_("free market space"), N_("Map"), "dim", "dim"),
    "closed": Glyph("×", N_("market closed"), N_("Map"), "dim", "dim"),
    "neutral": Glyph("()", N_("neutral (base citizens)"), N_("Poleis"), "dim", "dim", shown="Arg(3)"),
    "building": Glyph("*", N_("project under way"), N_("Poleis"), "bold", "bold"),
    "built": Glyph("+", N_("projects done"), N_("Poleis"), "bold", "bold"),
    "proxenos": Glyph("○△", N_("proxenos of Athens, Sparta"), N_("Poleis"), "bold", "bold"),
    "prisoner": Glyph("◎◬", N_("proxenos held prisoner"), N_("Poleis"), "bold", "bold"),
}, SIDE_COLOURS)
ABBREVIATIONS = {"ionia": "ION", "ionion": "ion", "korinthia": "KOR", "korinthiakos": "kor", "kerkyra": "KER",
                 "thessalia": "THE", "thrakikon": "thr", "thraki": "Thr", "persia": "Per", "pontos": "Pon",
                 "messenia": "MES", "makedonia": "MAK", "myrtoon": "myr", "argolis": "ARG", "arkadia": "ARK",
                 "aigaion": "aig", "aegyptus": "Aeg", "adrias": "adr", "saronikos": "sar", "sikelia": "SIK"}


def cells_of(text: str, style: str = "") -> list[Cell]:
    """The cells ``text`` takes on the map: a wide character its own and an empty one ("") after it."""
    cells: list[Cell] = []
    for char in text:
        cells += [(char, style), ("", style)] if cell_len(char) == 2 else [(char, style)]
    return cells


def style_of_side(seat: int) -> str:
    return SIDE_STYLE[seat]


def side_cell(pen: Pen, seat: int) -> Cell:
    """A side's symbol, noted for the legend; its style in colour or under NO_COLOR."""
    char, style = pen(SIDES[seat])
    return char, str(style)


def marked(pen: Pen, name: str, style: str | None = None, variant: int = 0) -> Cell:
    """A glyph of the palette, noted for the legend (``style``: instead of its own, a side's)."""
    char, own = pen(name, variant)
    return char, style if style is not None and pen.color else str(own)


def abbreviation(cat: Catalog, place: str) -> str:
    """Three letters: capitals for a land region, small letters for a sea, else capitalised."""
    if place in ABBREVIATIONS:
        return ABBREVIATIONS[place]
    name = cat.name(place)
    if place in cat.areas:
        return name[:3].upper() if cat.is_land(place) else name[:3].lower()
    return name[:3]


def check_abbreviations(cat: Catalog) -> None:
    """Every abbreviation on the map names one place only (the tests check the built-in map)."""
    seen: dict[str, str] = {}
    for place in [*cat.areas, *cat.markets, *(p for p, r in cat.poleis.items() if r["region"] is None)]:
        short = abbreviation(cat, place)
        if short in seen:
            raise ValueError(f"{place} and {seen[short]} share the abbreviation {short}")
        seen[short] = place


TIGHT_NAMES = {"korinthiakos": "Kor. Gulf"}
"""Names for boxes too narrow for the first word of a sea's name."""


def box_name(cat: Catalog, place: str, width: int) -> str:
    """The name if it fits, else a sea's first word (without 'Pelagos', 'Kolpos', 'Sporades'), else a
    short form; cut to ``width`` as a last resort."""
    name = cat.name(place)
    if len(name) > width and place in cat.areas and not cat.is_land(place):
        name = name.split()[0]
        if len(name) > width:
            name = TIGHT_NAMES.get(place, name)
    return name[:width]


def units_text(units: list[int], pen: Pen, words: str | None = None) -> list[Cell]:
    """'●2▲1': each side's units by symbol and count; nothing for a side with none."""
    cells: list[Cell] = []
    if words:
        cells += cells_of(unit_word("hoplite" if words == "land" else "galley", 2, current()) + " ", "dim")
    for seat in (0, 1):
        if units[seat]:
            cell = side_cell(pen, seat)
            cells += [cell] + [(c, cell[1]) for c in str(units[seat])]
    if not any(units) and words:
        cells.append(("-", "dim"))
    return cells


def polis_token(view: dict[str, Any], cat: Catalog, polis: str, key: str | None, pen: Pen, long: bool = False,
                named: bool = True) -> list[Cell]:
    """A polis in a box: 'Spa▲4' (owner's symbol and citizens) or 'Arg(3)' (neutral: its base
    population); '*' after it while a project is being built there, '+' with completed ones;
    the hollow symbol of a side (○ △, in its style) where its proxenos stands (◎ ◬ held
    prisoner). ``long``: the full name; ``named``: with a name."""
    record = cat.poleis[polis]
    name = record["name"] if long else record["name"][:3]
    cells: list[Cell] = []
    if key is not None:
        cells.append((key, "bold reverse"))
    if named:
        cells += [(c, "") for c in name]
    owner = view["owner"][polis]
    if owner is None:
        pen.note("neutral")
        cells += [(c, str(pen.style("neutral"))) for c in f"({record['base']})"]
    else:
        cell = side_cell(pen, owner)
        cells += [cell] + [(c, cell[1]) for c in str(view["pop"][polis])]
        if long:
            cells += [(c, "dim") for c in f"/{record['max']}"]
    if polis in view["building"]:
        cells.append(marked(pen, "building"))
    elif view["built"].get(polis):
        cells.append(marked(pen, "built"))
    for seat, side in enumerate(view["sides"]):
        if side["proxenos"] == polis:
            cells.append(marked(pen, "prisoner" if side["held"] else "proxenos", style_of_side(seat), seat))
    return cells

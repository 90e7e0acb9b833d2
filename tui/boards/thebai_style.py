"""Thebai's visual language, declared once (tui/boards/glyphs.py's ``Palette``): the glyphs of
the city (tiles, archons, dice, plaza, stands, reserved spaces, roofs, battle marker), the
estates (covered spaces, metoikoi tiles), the council and the fate timeline, with their
meaning, their colour and their NO_COLOR attributes. Every panel draws with a ``Pen`` of this
palette and notes each glyph it shows, so its legend explains exactly those.

Seats are told apart by letter (and their archon by symbol) first, by colour second; every
colour has a glyph beside it, so NO_COLOR loses nothing: a tile stays a reverse-video block, a
hoplite die stays underlined, a number key stays reverse video. Roofs are small letters raised
(ʷ ᵇ ˢ ᵗ), on a fill of their colour that reads on a light and a dark theme alike.
"""

from __future__ import annotations

from rich.text import Text

from engine.core.seats import SYMBOLS, seat_letter
from engine.thebai.constants import COLOURS, FACES
from engine.thebai.view import PlacedTile
from tui.i18n import N_

from .glyphs import Glyph, Palette, Pen, key_entries

SEAT_COLOURS = {"green": "#2e9444", "blue": "#3d7be0", "peach": "#e07a4f", "red": "#d94a3f"}
"""The players' colours (seats A-D): mid-tones, read on a light and a dark theme."""
NEUTRAL_COLOUR = "#8a8a8a"
ROOFS = {"white": ("ʷ", "bold #1a1a1a on #e8e8e8"), "brown": ("ᵇ", "bold #ffffff on #8b5a2b"),
         "slate": ("ˢ", "bold #ffffff on #4f6070"), "terracotta": ("ᵗ", "bold #ffffff on #c0583a")}
ROOF_NAMES = {"white": N_("white roof (wh)"), "brown": N_("brown roof (br)"), "slate": N_("slate roof (sl)"),
              "terracotta": N_("terracotta roof (te)")}
"""A roof's legend entry, with the short name a tile's roofs are written with (roofs.json)."""
PALETTE = Palette("thebai", {
    "tile": Glyph("N", N_("tile: owner, archon; N neutral"), N_("City"), "bold reverse", "bold reverse", shown=" A● "),
    "archon": Glyph("".join(SYMBOLS[:4]), N_("archons of A-D"), N_("City"), "bold", "bold"),
    "empty": Glyph("·", N_("empty Cadmea space"), N_("City"), "dim", "dim"),
    "reserved": Glyph("H", N_("space reserved by Hyperbius for seat A"), N_("City"), "bold", "bold", shown="HA"),
    "battle": Glyph("⚔", N_("battle marker"), N_("City"), "bold #d94a3f", "bold"),
    "hidden": Glyph("?", N_("face down (a fate tile: its stack)"), N_("City"), "dim", "dim"),
    "citizen": Glyph("ABCD", N_("citizen die: seat, face"), N_("Dice"), "bold", "bold", shown="A2"),
    "hoplite": Glyph("abcd", N_("hoplite die"), N_("Dice"), "bold underline", "bold underline", shown="a2"),
    "star": Glyph("*", N_("face: next promotion adds power"), N_("Dice"), "bold", "bold"),
    "free": Glyph(".", N_("free dice or council space"), N_("Dice"), "dim", "dim"),
    "plaza": Glyph("=", N_("plaza marker"), N_("Dice"), "bold", "bold"),
    "stand": Glyph("^", N_("Lasthenes stand of seat A"), N_("Dice"), "bold", "bold", shown="^A"),
    **{f"roof:{roof}": Glyph(char, ROOF_NAMES[roof], N_("Roofs"), style, "bold")
       for roof, (char, style) in ROOFS.items()},
    "covered": Glyph("#", N_("space under a Cadmea tile"), N_("Estate"), "dim", "dim"),
    "metoikos": Glyph("μ", N_("metoikoi tile (power)"), N_("Estate"), "bold", "bold", shown="μ3"),
    "collapsed": Glyph("×", N_("collapsed; councillor tiles"), N_("Council"), "dim", "dim", shown="[×B]"),
    "resolved": Glyph("✓", N_("resolved"), N_("Fate"), "dim", "dim"),
    "now": Glyph("▸", N_("this round"), N_("Fate"), "bold", "bold"),
}, SEAT_COLOURS.values())
NEUTRAL = PALETTE["tile"].text
EMPTY_SPACE = PALETTE["empty"].text
FREE_DICE = PALETTE["free"].text
PLAZA = PALETTE["plaza"].text
STAND = PALETTE["stand"].text
RESERVED = PALETTE["reserved"].text
BATTLE = PALETTE["battle"].text
HIDDEN = PALETTE["hidden"].text
COVERED = PALETTE["covered"].text
METOIKOS = PALETTE["metoikos"].text
COLLAPSED = PALETTE["collapsed"].text
RESOLVED = PALETTE["resolved"].text
NOW = PALETTE["now"].text
KEY_STYLE = "bold reverse"
"""A choice's number key on its board target."""


def seat_style(seat: int) -> str:
    return f"bold {SEAT_COLOURS[COLOURS[seat]]}"


def owner(placed: PlacedTile) -> str:
    """A tile's owner letter: its seat's, or N for neutral tiles and unused colours."""
    return NEUTRAL if placed["owner"] is None else seat_letter(placed["owner"])


def archon_glyph(seat: int) -> str:
    return SYMBOLS[seat]


def tile_style(placed: PlacedTile) -> str:
    """A tile is a solid block: reverse video, in its owner's colour (grey for neutral)."""
    if placed["owner"] is None:
        return f"bold reverse {NEUTRAL_COLOUR}"
    return f"bold reverse {SEAT_COLOURS[COLOURS[placed['owner']]]}"


def face_text(face: int, pen: Pen) -> str:
    """A die's face ('2', '2*'), noting the star when it has one."""
    if "*" in FACES[face]:
        pen.note("star")
    return FACES[face]


def die_text(seat: int, kind: str, face: int, pen: Pen) -> tuple[str, str]:
    """A die on a board: its seat's letter (a hoplite's in lower case, underlined) and face."""
    letter = seat_letter(seat) if kind == "c" else seat_letter(seat).lower()
    return f"{letter}{face_text(face, pen)}", seat_style(seat) + (" underline" if kind == "h" else "")


def roof_glyph(roof: str) -> tuple[str, str]:
    return ROOFS[roof]


class ThebaiPen(Pen):
    """A pen of Thebai's palette that also notes the choices' keys it drew."""

    def __init__(self, color: bool = True) -> None:
        super().__init__(PALETTE, color)
        self.keys: set[str] = set()

    def key(self, key: str, brackets: bool = True) -> str:
        """A choice's key where it acts ('[3]', or '3' in a tight cell; '[>]' for a choice on a
        later page of the list)."""
        self.keys.add(key)
        return f"[{key}]" if brackets else key

    def extras(self) -> list[Text]:
        """The legend's entries beyond the palette's glyphs: the keys drawn."""
        return key_entries(self.keys, N_("key of a choice there"))

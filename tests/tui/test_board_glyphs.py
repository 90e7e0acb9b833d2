"""The boards' visual language: one glyph per meaning in every game's palette, a glyph for every
kind in the game's data, and legends that explain exactly the glyphs drawn."""

from __future__ import annotations

import copy
import io
import re

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from engine.almadi.catalog import ARROW, EFFECTS, TYPES
from engine.almadi.catalog import catalog as almadi_catalog
from engine.core.bots import RandomBot
from engine.core.match import Match
from engine.core.seats import LETTERS, SYMBOLS
from engine.pantheon.catalog import EFFECTS as LOOT_EFFECTS
from engine.pantheon.catalog import catalog as pantheon_catalog
from engine.polis.catalog import catalog as polis_catalogue
from engine.registry import rules_for
from engine.thebai.catalog import catalog as thebai_catalog
from engine.thebai.constants import COLOURS as THEBAI_COLOURS
from engine.thebai.geometry import grid as thebai_grid
from tui.boards import almadi_tiles, pantheon_map, polis_glyphs, thebai_city, thebai_panels, thebai_style
from tui.boards import pantheon as pantheon_board
from tui.boards import thebai as thebai_board
from tui.boards.base import Frame
from tui.boards.canvas import Canvas
from tui.boards.glyphs import Glyph, Ledger, Palette, Pen, legend_text
from tui.boards.polis_map import draw_map as draw_polis_map
from tui.boards.thebai_style import ThebaiPen
from tui.choice_keys import CHOICE_KEYS, NEXT_PAGE, PREVIOUS_PAGE, STANDING_KEY, TABLE_KEYS

PALETTES = {"almadi": almadi_tiles.PALETTE, "pantheon": pantheon_map.PALETTE, "thebai": thebai_style.PALETTE,
            "polis": polis_glyphs.PALETTE}


@pytest.mark.parametrize("game", PALETTES)
def test_no_character_has_two_meanings(game):
    assert PALETTES[game].clashes() == []


@pytest.mark.parametrize("game", PALETTES)
def test_no_choice_key_or_page_mark_is_a_glyph_of_the_board(game):
    """A key on a map (reverse video or not) is never read as a piece, a marker or another key."""
    drawn = {char for glyph in PALETTES[game].glyphs.values() for char in glyph.text}
    marks = CHOICE_KEYS + STANDING_KEY + NEXT_PAGE + PREVIOUS_PAGE
    assert drawn.isdisjoint(marks)
    assert len(set(marks)) == len(marks)
    assert STANDING_KEY not in TABLE_KEYS


def test_a_clash_is_found():
    palette = Palette("test", {"moon": Glyph("M", "moon"), "market": Glyph("M", "market"),
                               "arrows": Glyph("↑→", "arrow"), "frame": Glyph("│", ""), "wall": Glyph("│", "")})
    assert palette.clashes() == ["M: moon, market", "│: frame, wall"]


def test_a_no_color_style_holds_attributes_only():
    with pytest.raises(ValueError):
        Glyph("x", "thing", mono="bold red")


def test_every_almadi_landscape_and_edge_of_the_data_has_a_glyph():
    palette = almadi_tiles.PALETTE
    assert set(TYPES) <= set(palette.glyphs) and {ARROW, *EFFECTS} <= set(palette.glyphs)
    for _, sides in almadi_catalog().faces.values():
        assert {side.partition("*")[0] for side in sides if side} <= set(palette.glyphs)
    assert len(palette["arrow"].text) == 4  # one arrow a side, pointing out


def test_every_pantheon_terrain_feature_loot_and_piece_has_a_glyph():
    palette = pantheon_map.PALETTE
    cat = pantheon_catalog()
    assert {record["terrain"] for record in cat.hexes.values()} == {"sea", "land"} <= set(palette.glyphs)
    assert {"column_site", "symbol", "home", "temple", "foot", "column"} <= set(palette.glyphs)
    assert {f"loot:{effect}" for effect in LOOT_EFFECTS} <= set(palette.glyphs)
    assert {f"loot:{record['effect']}" for record in cat.loot.values()} <= set(palette.glyphs)
    assert len(palette["foot"].text) == len(palette["column"].text) == 4  # a letter per seat


def drawn_glyphs(palette: Palette, text: Text) -> set[str]:
    """The palette's glyphs whose symbols appear in ``text`` (Latin letters and digits aside:
    labels and hex ids use them)."""
    chars = set(text.plain)
    return {name for name, glyph in palette.glyphs.items()
            if any(char in chars for char in glyph.text if not (char.isascii() and char.isalnum()))}


def almadi_views():
    match = Match(rules_for("almadi"), ["A", "B", "C"], {}, 3)
    bots = [RandomBot(seat) for seat in range(3)]
    match.draw_all()
    for step in range(60):
        seat = match.awaiting()[0]
        match.choose(seat, bots[seat].choose(match, seat).id)
        match.draw_all()
        if step % 15 == 0:
            yield match.view(match.awaiting()[0])


@pytest.mark.parametrize("width,roomy", [(40, False), (60, False), (90, True)])
def test_the_almadi_legend_explains_exactly_what_was_drawn(width, roomy):
    for view in almadi_views():
        for seat in range(3):
            pen = Pen(almadi_tiles.PALETTE, color=False)
            drawn = almadi_tiles.realm_text(view, seat, {}, width, roomy, pen)
            assert set(pen.used) == drawn_glyphs(almadi_tiles.PALETTE, drawn)
            legend = pen.legend(width).plain
            for name in pen.used:
                assert almadi_tiles.PALETTE[name].meaning in legend


def pantheon_mid_game_view() -> dict:
    """Seat A's view of a 3-player Pantheon game 40 random actions in (pieces of every seat out)."""
    match = Match(rules_for("pantheon"), ["A", "B", "C"], {}, 4)
    bots = [RandomBot(seat) for seat in range(3)]
    for _ in range(40):
        match.draw_all()
        seat = match.awaiting()[0]
        match.choose(seat, bots[seat].choose(match, seat).id)
    return match.view(0)


def test_the_pantheon_legend_explains_exactly_what_was_drawn():
    view = pantheon_mid_game_view()
    rows, cols = range(view["map"]["rows"]), range(view["map"]["cols"])
    for size in pantheon_map.SIZES:
        pen = Pen(pantheon_map.PALETTE, color=False)
        drawn = pantheon_map.draw(view, pen, {}, size, rows, cols)
        assert set(pen.used) == drawn_glyphs(pantheon_map.PALETTE, drawn) | {
            name for name in ("foot", "column") if name in pen.used}
        legend = pen.legend(80, pantheon_map.legend_extra(view, pen)).plain
        assert all(pantheon_map.PALETTE[name].meaning in legend for name in pen.used)
        hexes = drawn.plain if size.outlined else drawn.plain.split("\n", 1)[1]  # below the column letters
        assert_pantheon_seats_explained(view, hexes, legend, size.symbols)


def assert_pantheon_seats_explained(view, drawn: str, legend: str, symbols: bool) -> None:
    """Every piece in the ``drawn`` hexes is its seat's symbol and letter (``symbols``) or its letter
    alone, and the legend gives each seat's foot and column exactly as drawn, with the player's name."""
    pieces = re.findall(r"[●▲■◆]?[a-dA-D](?![0-9])", re.sub(r"[A-R][0-9]+", "", drawn))  # hex ids left out
    assert pieces and all((len(piece) == 2) == symbols for piece in pieces)
    for player in view["players"]:
        symbol, letter = SYMBOLS[player["seat"]], LETTERS[player["seat"]]
        shown = (f"{symbol}{letter.lower()} {symbol}{letter} " if symbols
                 else f"{letter.lower()} {letter} {symbol}{letter} ")
        assert shown + player["name"] in legend
    if not symbols:
        assert not set(SYMBOLS) & set(drawn)


def test_the_zoomed_pantheon_map_shows_pieces_by_symbol_and_letter_and_explains_them():
    view = pantheon_mid_game_view()
    pen = Pen(pantheon_map.PALETTE, color=False)
    drawn = pantheon_board.zoom_map(view, 200, None, pen)  # wide enough for the whole map
    assert set(pen.used) == drawn_glyphs(pantheon_map.PALETTE, drawn) | {
        name for name in ("foot", "column") if name in pen.used}
    hexes = drawn.plain.split("\n", 1)[1]  # below the line saying which rows and columns are shown
    assert_pantheon_seats_explained(view, hexes, pen.legend(80, pantheon_map.legend_extra(view, pen)).plain, True)


def test_a_canvas_keeps_styles_in_runs_and_drops_trailing_blanks():
    canvas = Canvas(6, 2)
    canvas.write(0, 0, "ab", "bold")
    canvas.put(0, 2, "c", "bold")
    canvas.put(1, 1, "x")
    text = canvas.text()
    assert text.plain == "abc\n x" and [(s.start, s.end, s.style) for s in text.spans] == [(0, 3, "bold")]


def test_an_almadi_side_with_several_jars_shows_how_many():
    tile = {"type": "oasis", "sides": ["arrow", "jar", "jar", "genie"], "jars": [0, 3, 2, 0]}
    for size in (almadi_tiles.SMALL, almadi_tiles.MEDIUM, almadi_tiles.LARGE):
        canvas = Canvas(size.width, size.height)
        pen = Pen(almadi_tiles.PALETTE, color=False)
        almadi_tiles.draw_tile(canvas, pen, 0, 0, size, tile)
        lines = canvas.text().plain.splitlines()
        assert lines[size.height // 2].endswith("³δ") and "δδ" in lines[-1] and lines[0][size.width // 2] == "↑"
        assert "jars" in pen.used and "jars on that side" in pen.legend(80).plain


def test_every_thebai_colour_roof_die_and_archon_has_a_glyph():
    palette = thebai_style.PALETTE
    assert set(THEBAI_COLOURS) == set(thebai_style.SEAT_COLOURS)
    assert {f"roof:{roof}" for tile in thebai_catalog().tiles.values() for roof in tile["roofs"]} <= set(palette.glyphs)
    assert {"tile", "empty", "citizen", "hoplite", "free", "plaza", "stand", "reserved"} <= set(palette.glyphs)
    assert len(palette["archon"].text) == len(palette["citizen"].text) == len(palette["hoplite"].text) == 4


def test_every_polis_side_and_map_marker_has_a_glyph():
    palette = polis_glyphs.PALETTE
    assert [palette[side].text for side in polis_glyphs.SIDES] == list(polis_glyphs.SYMBOL)
    assert {"market", "slot", "closed", "neutral", "building", "built", "proxenos", "prisoner"} <= set(palette.glyphs)


def polis_views():
    match = Match(rules_for("polis"), ["A", "B"], {}, 3)
    bots = [RandomBot(seat) for seat in range(2)]
    for step in range(240):
        match.draw_all()
        if match.finished:
            break
        seat = match.awaiting()[0]
        match.choose(seat, bots[seat].choose(match, seat).id)
        if step % 40 == 0:
            yield match.view(seat)


@pytest.mark.parametrize("width", [42, 110])
def test_the_polis_legend_explains_exactly_what_the_map_drew(width):
    """Every glyph noted is drawn, and every glyph drawn is noted (proxenoi by their side's hollow symbol)."""
    for view in polis_views():
        pen = Pen(polis_glyphs.PALETTE, color=False)
        drawn = draw_polis_map(view, polis_catalogue(), width, {}, pen)
        assert set(pen.used) == drawn_glyphs(polis_glyphs.PALETTE, drawn)
        legend = pen.legend(width).plain
        assert all(polis_glyphs.PALETTE[name].meaning in legend for name in pen.used)



def thebai_views():
    """Views of a 4-player game along its course (dice, tiles, archons, covered and emptied
    estate spaces, collapsed council spaces, fate tiles resolved), each from the seat to act."""
    match = Match(rules_for("thebai"), ["A", "B", "C", "D"], {}, 5)
    bots = [RandomBot(seat) for seat in range(4)]
    for step in range(1500):
        match.draw_all()
        if match.finished:
            break
        seat = match.awaiting()[0]
        if step % 25 == 0:
            yield match.view(seat), seat
        if step == 100:
            yield with_rare_pieces(match.view(seat)), seat
        match.choose(seat, bots[seat].choose(match, seat).id)


def with_rare_pieces(view):
    """``view`` with what random games seldom show: a metoikoi tile on an estate, a space
    reserved by Hyperbius, a plaza marker, Lasthenes stands in the city and on the council."""
    view = copy.deepcopy(view)
    city, council, estate = view["city"], view["council"], view["seats"][3]
    g = thebai_grid(city["side"])
    free = [space for space in g.touching if space not in city["dice"] and space not in city["plaza"]]
    city["posts"][free[0]] = 1
    city["plaza"].append(free[1])
    city["sites"][next(f"t{r}.{c}" for r in range(1, g.rows + 1) for c in range(1, g.cols + 1)
                       if f"t{r}.{c}" not in city["tiles"])] = 2
    estate["estate_dice"].pop("r1c1", None)
    estate["estate_metoikoi"]["r1c1"] = next(iter(thebai_catalog().metoikoi))
    space = next(space for space in council["spaces"]
                 if space not in council["taken"] and space not in council["collapse"])
    council["taken"][space] = {"seat": 0, "what": "stand", "face": None}
    return view


THEBAI_LETTERS = {"tile", "citizen", "hoplite", "reserved"}
"""Thebai glyphs drawn as letters, which ``drawn_glyphs`` cannot find in a drawing."""


def thebai_letters(view) -> set[str]:
    """The letter glyphs a board must show, known from the view."""
    city, council = view["city"], view["council"]
    kinds = {die["kind"] for die in city["dice"].values()}
    citizens = ("c" in kinds or any(council["passage"]) or bool(council["passage_last"])
                or any(piece["what"] == "die" for piece in council["taken"].values()))
    shown = {"tile": bool(city["tiles"]), "hoplite": "h" in kinds, "reserved": bool(city["sites"]), "citizen": citizens}
    return {name for name, present in shown.items() if present}


def plain_lines(renderable) -> str:
    console = Console(width=400, no_color=True, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize("width,roomy", [(41, False), (52, False), (107, True), (110, False), (144, True)])
def test_the_thebai_legend_explains_exactly_what_every_panel_drew(width, roomy):
    """The city with its rows, the council and the fate tiles, each estate: their pens note
    exactly the glyphs drawn. Every panel alone ends with the legend of what it noted, each
    entry whole at the panel's width (41: 80x24); the legend panel gathers them all."""
    palette = thebai_style.PALETTE
    drawn_somewhere = set()
    for view, viewer in thebai_views():
        pen = ThebaiPen(color=False)
        drawn = Text("\n").join([*thebai_city.city(view, width, pen, roomy), thebai_city.rows_block(view, pen),
                                 thebai_panels.council(view, pen), thebai_panels.fate_timeline(view, pen)])
        assert set(pen.used) - THEBAI_LETTERS == drawn_glyphs(palette, drawn)
        assert set(pen.used) & THEBAI_LETTERS == thebai_letters(view)
        for seat in range(4):
            pen = ThebaiPen(color=False)
            drawn = thebai_panels.estate(view, seat, width, pen)
            assert set(pen.used) - {"citizen"} == drawn_glyphs(palette, drawn)
            assert ("citizen" in pen.used) == bool(view["seats"][seat]["estate_dice"])
        ledger = Ledger()
        for panel in thebai_board.BOARD.panels(4):
            frame = Frame(width, viewer, roomy, color=False, ledger=ledger, panel=panel.name)
            drawing = panel.draw(view, frame)
            if drawing is None or panel.legend:
                continue
            shown = plain_lines(drawing)
            for _, entry in ledger.drawn[panel.name]:
                assert entry.plain in shown
            assert max(map(cell_len, legend_text(list(ledger.drawn[panel.name]), width).plain.splitlines())) <= width
        legend = ledger.legend(width).plain
        for entries in ledger.drawn.values():
            for _, entry in entries:
                assert entry.plain in legend
                drawn_somewhere |= {name for name, glyph in palette.glyphs.items() if glyph.meaning in entry.plain}
    assert set(palette.glyphs) - {f"roof:{roof}" for roof in thebai_style.ROOFS} <= drawn_somewhere
    if roomy:
        assert {f"roof:{roof}" for roof in thebai_style.ROOFS} <= drawn_somewhere

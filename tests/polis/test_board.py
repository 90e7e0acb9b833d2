"""The Polis boards: every place has a box on the map at every size, one abbreviation per place,
the number keys on their boxes, and nothing drawn wider than its panel."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from engine.polis.catalog import catalog
from engine.polis.targets import InArea
from tui.boards import polis as board
from tui.boards.glyphs import Pen
from tui.boards.polis_glyphs import PALETTE, SYMBOL, abbreviation, check_abbreviations
from tui.boards.polis_map import SIZES, draw_map, places
from tui.choice_keys import choice_key

from .helpers import table
from .test_battle import battle_in


def rendered(renderable, width: int) -> str:
    console = Console(width=width, file=io.StringIO(), color_system=None, record=True)
    console.print(renderable)
    return console.export_text()


def test_every_place_has_its_own_abbreviation_and_each_side_its_own_symbol():
    cat = catalog()
    check_abbreviations(cat)
    shorts = [abbreviation(cat, p) for p in places(cat)]
    assert len(set(shorts)) == len(shorts)
    assert len(set(SYMBOL)) == 2


@pytest.mark.parametrize("width", [35, 42, 76, 110, 150])
def test_the_map_fits_its_panel_and_shows_every_place(width):
    match = table()
    view = match.view(1)
    text = draw_map(view, catalog(), width, {}, Pen(PALETTE, color=False)).plain
    assert max(len(line) for line in text.splitlines()) <= width
    lines = text.splitlines()
    size = next((s for s in SIZES if s.width(9) <= width), SIZES[-1])
    for place in places(catalog()).values():
        row = 1 + place.row * (size.node_h + size.gap_h)
        column = place.col * (size.node_w + size.gap_w)
        assert lines[row][column:column + 2].strip(), f"{place.id} has no box at size {size}"


def test_choice_keys_sit_on_the_boxes_they_act_on():
    match = table()
    match.choose(1, "act:move-hoplites")
    view = match.view(1)
    keys = board.target_keys(view)
    arkadia = InArea("arkadia")
    assert keys[arkadia] == choice_key([c.target for c in view["choices"]].index(arkadia) + 1)
    lines = draw_map(view, catalog(), 42, keys, Pen(PALETTE, color=False)).plain.splitlines()
    row = next(n for n, line in enumerate(lines) if "ARK" in line)
    assert lines[row - 1][lines[row].index("ARK")] == keys[arkadia]


def test_every_panel_of_a_battle_renders_within_42_columns():
    match = battle_in("argolis", 4, 4, ["phalanx-1", "kyklos-2", "kyklos-3", "embolon-2"],
                      ["phalanx-2", "phalanx-3", "embolon-3", "mercenary"])
    match.choose(1, "play:embolon-3+phalanx-3")
    for viewer in (0, 1):
        view = match.view(viewer)
        private = board.private(view, viewer, 42)
        assert private is not None and "Your combat cards" in rendered(private, 42)
        for panel in (board.shared(view, 42), board.player(view, viewer, 42), private):
            assert max(len(line) for line in rendered(panel, 42).splitlines()) <= 42
    assert "You play: Embolon 3 + Phalanx 3" in rendered(board.private(match.view(1), 1, 42), 42)
    assert "You play" not in rendered(board.private(match.view(0), 0, 42), 42)


def test_each_side_is_named_by_its_seat_tag_as_everywhere_else_in_the_app():
    view = table().view(0)
    assert [board._side(view, seat).plain.split()[:2] for seat in (0, 1)] == [["●A", "Athens"], ["▲B", "Sparta"]]

"""The Almadi board renderers: 80 columns, edge icons, compact realms, private hands."""

from __future__ import annotations

from engine.almadi.legal import phase
from engine.almadi.objectives import describe
from engine.core.bots import RandomBot, play_out
from engine.core.match import Match
from tests.almadi.almadi_support import NAMES, RULES, new_match, render, set_realm
from tui.boards import almadi as board
from tui.boards import almadi_tiles as tiles
from tui.boards.base import Frame, focus
from tui.boards.glyphs import Pen


def test_tile_cell_shows_edges_outwards():
    match = new_match()
    seat = match.state["current"]
    set_realm(match, seat, {(0, 1): "O02"})  # top arrow, right Ruby, bottom arrow, left Genie
    pen = Pen(tiles.PALETTE, color=False)
    lines = tiles.realm_text(match.view(seat), seat, {}, 80, False, pen).plain.splitlines()
    assert lines[1][3 + 7:3 + 14] == "┌──↑──┐"
    assert lines[2][3 + 7:3 + 14] == "§ ≈≈≈ ♦"  # an oasis, the Genie left, the Ruby right
    assert lines[3][3 + 7:3 + 14] == "└──↓──┘"
    assert lines[2][3:3 + 7] == "║ ≈≈≈ →"  # the start: a double frame, its right edge an arrow


def test_finished_game_fits_80_and_40_columns():
    match = Match(RULES, NAMES[:4], {"characters": True}, 9)
    play_out(match, {seat: RandomBot(seat) for seat in range(4)})
    view = match.view(0)
    for seat in range(4):
        for width in (80, 40):
            lines = render(board.player(view, seat, Frame(width, 0)), width)
            assert max(len(line) for line in lines) <= width
    shared = render(board.shared(view, Frame(80, 0)), 80)
    assert max(len(line) for line in shared) <= 80 and any("§ genie" in line for line in shared)


def test_private_shows_only_the_viewers_hand():
    match = new_match(n=3, characters=True)
    view = match.view(1)
    text = "\n".join(render(board.private(view, 1, 80), 80))
    assert "keep 2" in text
    assert board.private(new_match().view(0), 0, 80) is None


def test_texts_wrap_in_a_narrow_panel_instead_of_being_cut():
    match = new_match(n=3, characters=True)
    view = match.view(1)
    words = " ".join(" ".join(render(board.private(view, 1, 44), 44)).split())
    for character in view["seats"][1]["dealt"]:
        assert character["text"] in words
    shared = render(board.shared(view, Frame(44, 1)), 44)
    assert max(len(line) for line in shared) <= 44
    assert all(describe(objective["requirement"]) in " ".join(" ".join(shared).split()) for objective in view["middle"])


def test_boards_render_during_the_setup_draws():
    """Views are shown while a person supplies the setup draws: seats without a starting tile,
    objectives or characters yet."""
    match = Match(RULES, NAMES[:3], {"characters": True}, 6)
    while phase(match.state) != "fill":
        view = match.view(1)
        lines = render(board.shared(view, Frame(80, 1)), 80)
        for seat in range(3):
            lines += render(board.player(view, seat, Frame(80, 1)), 80)
        assert max(len(line) for line in lines) <= 80 and focus(board.BOARD.panels(3), view, 1) == "shared"
        without_start = sum(seat["start"] is None for seat in match.state["seats"])
        assert sum("(no starting tile yet)" in line for line in lines) == without_start
        assert lines[0] == "Almadi - setup"
        match.draw()
    text = "\n".join(render(board.private(match.view(1), 1, 80), 80))
    assert all(c["name"] in text for c in match.view(1)["seats"][1]["dealt"])


def test_a_realm_comes_before_its_objectives_and_characters_so_80x24_shows_it_whole():
    match = Match(RULES, NAMES[:2], {"characters": True}, 9)
    play_out(match, {seat: RandomBot(seat) for seat in range(2)})
    view = match.view(0)
    seat = max(range(2), key=lambda s: len(view["seats"][s]["objectives"]) + len(view["seats"][s]["characters"]))
    lines = render(board.player(view, seat, Frame(40, 0)), 40)
    listed = [n for n, line in enumerate(lines) if any(mark in line for mark in ("[open]", "[done]", "played:"))]
    last_row = max(n for n, line in enumerate(lines) if line.startswith(" 4 "))
    assert listed and min(listed) > last_row

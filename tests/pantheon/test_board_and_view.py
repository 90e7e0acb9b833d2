"""The view's plain data, the board renderer at 80 and 160 columns, the help topics."""

import json
import re
from pathlib import Path

import pytest
from rich.console import Console

from engine.pantheon import rules
from engine.pantheon.catalog import catalog
from engine.pantheon.choices import (
    BuyTile,
    Column,
    DiscardCard,
    Foot,
    FromDeck,
    FromRow,
    Jump,
    LootDrawn,
    NewTile,
    Payment,
    PickBonus,
    RaiseTile,
    TakeGod,
)
from engine.pantheon.targets import BonusTile, Deck, GodOnDisplay, Hand, HandCard, Hex, OfferingTile, RowCard
from tui.boards import pantheon as board
from tui.boards import pantheon_map
from tui.boards.base import Frame, focus
from tui.boards.glyphs import Pen
from tui.choice_keys import choice_key
from tui.help_text import parse_sections

from .helpers import RULES, give, new_match, put, table, to_first_turn
from .test_gods import show_gods

HELP = Path(rules.__file__).parent / "help.md"


def render(renderable, width):
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_the_view_is_plain_json_with_the_agreed_keys():
    m = to_first_turn(new_match(3, seed=4))
    view = m.rules.view(m.state, 1)
    json.dumps(view)
    assert {"epoch", "nation", "epochs", "map", "temple", "gods", "demigods", "offering_stock", "row", "deck",
            "discard", "special_money", "players", "hand", "big_foot", "start_player"} <= set(view)
    hexes = view["map"]["hexes"]
    assert len(hexes) == 198
    assert {"id", "col", "row", "terrain", "column_site", "symbol", "start", "pieces", "loot"} <= set(hexes[0])
    assert {"feet", "columns", "feet_on", "columns_on", "tiles", "gods", "demigods", "demigod_values", "score",
            "hand_size"} <= set(view["players"][0])


def test_compact_map_fits_80_columns_and_shows_pieces_by_letter():
    m = table(temple="J5")
    put(m, 0, feet=["J4"])
    put(m, 1, feet=["J4"], columns=["K4"])
    m.state["loot"] = {"I4": "demigod"}
    view = m.rules.view(m.state, 0)
    lines = map_lines(view, 80)
    assert max(len(line) for line in lines) <= 80 and len(lines) == 12
    row4, row5 = lines[4], lines[5]
    cells4 = [row4[3 + 2 + 4 * c: 3 + 2 + 4 * c + 3] for c in range(18)]   # odd row: shifted 2
    cells5 = [row5[3 + 4 * c: 3 + 4 * c + 3] for c in range(18)]
    assert cells4[9] == "·ab" and cells4[10] == "¦B " and cells4[8] == "δ  "  # land, column hex, demigod loot
    assert cells5[9] == "Π  " and cells5[10] == "≈≈≈"  # the temple, the sea
    text = render(board.shared(view, Frame(80, 0)), 80)
    assert "I4 Demigod" in text and "Temple: J5" in text


def test_narrow_panels_get_two_character_cells():
    m = table(temple="J5")
    put(m, 0, feet=["J4"])
    put(m, 1, feet=["J4"], columns=["K4"])
    lines = map_lines(m.rules.view(m.state, None), 41)
    assert max(len(line) for line in lines) <= 41 and len(lines) == 12
    assert lines[4][3 + 1 + 2 * 9: 3 + 1 + 2 * 11] == "ab¦B"   # the shared foot hex, then Bruno's column
    assert lines[5][3 + 2 * 9: 3 + 2 * 9 + 2] == "Π "


def test_a_roomy_map_outlines_its_hexes_with_their_ids_and_keeps_the_sea_open():
    m = table(temple="J5")
    put(m, 1, feet=["J4"])
    view = m.rules.view(m.state, None)
    for width, inner in ((123, 5), (143, 6)):  # 180x40: HEX6; 200x60: HEX7, a column wider
        lines = map_lines(view, width, roomy=True)
        text = "\n".join(lines)
        assert max(len(line) for line in lines) <= width and len(lines) == 2 + 3 * 11
        assert re.search(r"╱J5 +╲", text) and f"│ · ▲b{' ' * (inner - 5)}│" in lines[3 * 3 + 2]  # J4: Bruno's foot
        assert f"│{'≈' * (2 * inner + 1)}│" in lines[3 * 3 + 2]  # F4 and G4, two sea hexes: no line between them
        assert not re.search("╱╱|╲╲|╱ ╱|╲ ╲", text)  # each edge drawn once, where both its hexes put it
    assert max(len(line) for line in map_lines(view, 143, roomy=True)) == 133  # 93% of a 200x60 table's panel
    assert len(map_lines(view, 160)) == 12  # not roomy: a line a row


def test_the_wider_roomy_hexes_lean_alternately_and_their_edges_meet():
    """HEX7: an odd pitch, so a hex's peaks are a column left of its middle in even rows and
    right of it in odd ones; the slants of two neighbours are the same cells."""
    size = pantheon_map.HEX7
    even, odd = pantheon_map._slants(size, 0, 10), pantheon_map._slants(size, 1, 10 + size.shift)
    assert even == [(11, 16), (12, 14)] and odd == [(14, 19), (16, 18)]
    below_left = pantheon_map._slants(size, 1, 10 + size.shift - size.pitch)
    assert [east for _, east in even] == [west for west, _ in reversed(odd)]  # the slant rows under the even hex
    assert [west for west, _ in even] == [east for _, east in reversed(below_left)]


def test_at_160x50_pieces_show_their_seats_symbols_before_their_letters():
    m = table(temple="J5")
    put(m, 0, feet=["J4"])
    put(m, 1, feet=["J4"], columns=["K4"])
    view = m.rules.view(m.state, 0)
    lines = map_lines(view, 107)  # a 160x50 table's board panel: four characters a hex and a column of terrain
    assert max(len(line) for line in lines) <= 107 and len(lines) == 12
    cells4 = [lines[4][3 + 2 + 5 * c: 3 + 2 + 5 * c + 5] for c in range(18)]  # odd row: shifted 2
    assert cells4[9] == "●a▲b " and cells4[10] == "¦▲B  "  # two feet (no room for the marker); a column
    legend = render(board.shared(view, Frame(107, 0)), 107)
    assert "●a ●A Ann" in legend and "▲b ▲B Bruno" in legend


def map_lines(view, width, roomy=False):
    """The whole map as drawn without colour in a panel of ``width`` columns."""
    return board.whole_map(view, Frame(width, view["viewer"], roomy, color=False),
                           Pen(pantheon_map.PALETTE, color=False)).plain.splitlines()


def test_private_area_shows_only_the_viewers_own_secrets():
    m = table()
    give(m, 0, movement=2, money3=1)
    m.state["players"][0]["demigods"] = [4]
    give(m, 1, temples=5)
    mine = render(board.private(m.rules.view(m.state, 0), 0, 80), 80)
    assert "2 Movement" in mine and "money 3 in all" in mine and "4 points" in mine
    assert board.private(m.rules.view(m.state, None), None, 80) is None
    others = render(board.player(m.rules.view(m.state, 0), 1, 80), 80)
    assert "Hand: 5 cards" in others and "Temples offering" not in others


def test_decision_topics_seen_in_a_game_exist_in_the_help():
    from engine.core.bots import RandomBot

    topics = {s.topic for s in parse_sections(HELP.read_text())}
    m = new_match(4, seed=9)
    bot = RandomBot(1)
    seen = set()
    while m.decision is not None:
        seen.add(m.decision.topic)
        if m.decision.is_chance:
            m.draw()
        else:
            seat = m.decision.actors[0]
            m.choose(seat, bot.choose(m, seat).id)
    assert seen <= topics and len(seen) >= 6
    assert {"scoring", "epoch-end", "components"} <= topics


def test_choices_that_act_on_the_board_carry_their_target_and_the_board_marks_hexes_by_it():
    m = table(temple="J5")
    show_gods(m, "vinthrad-3", "taksator-1")
    give(m, 0, dancers=4, temples=1, priests=1)
    m.state["row"] = ["movement", "gifts"]
    targets = {c.id: c.target for c in m.legal(0)}
    assert targets == {"move": None, "god:vinthrad-3": GodOnDisplay("vinthrad-3"), "draw": None}
    m.choose(0, "move")
    targets = {c.id: c.target for c in m.legal(0)}
    assert targets["foot:J4"] == Hex("J4") and targets["end"] is None
    assert set(targets.values()) - {None} <= set(RULES.targets(m.state))
    view = m.view(0)
    keys = board.target_keys(view)
    assert keys["J4"] == choice_key([c.id for c in view["choices"]].index("foot:J4") + 1)
    assert len(keys) == len(targets) - 1
    assert focus(board.BOARD.panels(len(m.names)), view, 0) == "shared"
    m.choose(0, "end")
    m.choose(1, "draw")
    assert {c.id: c.target for c in m.legal(1)} == {"row:movement": RowCard("movement"), "row:gifts": RowCard("gifts"),
                                                     "deck": Deck()}


def expected_target(state, args):
    """Where a choice acts, read off the state from its arguments (an independent reading of the codec)."""
    match args:
        case Foot(hex_id) | Jump(hex_id) | Column(hex_id):
            return Hex(hex_id)
        case TakeGod(tile):
            assert tile in state["god_display"]
            return GodOnDisplay(tile)
        case FromRow(kind):
            assert kind in state["row"]
            return RowCard(kind)
        case FromDeck():
            return Deck()
        case BuyTile(kind, _) | NewTile(kind) | RaiseTile(kind):
            return OfferingTile(kind)
        case PickBonus(tile):
            assert all(p["bonus"] != tile for p in state["players"])
            return BonusTile(tile)
        case Payment():
            return Hand()
        case DiscardCard(kind):
            assert state["players"][state["flow"][-1]["seat"]]["hand"].get(kind)
            return HandCard(kind)
        case LootDrawn():
            frame = state["flow"][-1]
            return Hex(catalog().nations[state["nations"][-1]]["symbols"][frame["slot"]])
    return None


@pytest.mark.parametrize("players, seed, bonus", [(2, 1, "choose"), (3, 2, "random"), (4, 3, "choose")])
def test_every_choice_that_acts_on_the_table_names_where_as_its_arguments_say(players, seed, bonus):
    from engine.core.bots import RandomBot

    m = new_match(players, seed, bonus=bonus)
    bot, kinds = RandomBot(seed), set()
    while (decision := m.decision) is not None:
        for actor in decision.actors:
            for choice in decision.for_actor(actor):
                kinds.add(type(choice.args).__name__)
                assert choice.target == expected_target(m.state, choice.args), choice.id
                assert choice.target is None or choice.target in RULES.targets(m.state)
        if decision.is_chance:
            m.draw()
        else:
            seat = decision.actors[0]
            m.choose(seat, bot.choose(m, seat).id)
    assert {"Foot", "Column", "TakeGod", "FromRow", "FromDeck", "BuyTile", "Payment", "LootDrawn"} <= kinds

"""Almadi on the engine contract: board targets, the characters hidden from the bots'
look-ahead, the rules-only path, and modules that import each other in one direction only."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from engine.almadi import actions, effects, setup, turn
from engine.almadi.catalog import catalog
from engine.almadi.choices import (
    GenieTile,
    MoonObjective,
    MoveTo,
    PlaceAt,
    Recruit,
    SwapTile,
    SwapWith,
    TakeSlot,
    UseEffect,
)
from engine.almadi.legal import phase
from engine.almadi.targets import Cell, CharacterCard, Deck, ObjectiveCard, Rubies, Slot
from engine.core.contract import CHANCE
from engine.core.match import Match
from engine.core.playout import Playout, random_policy
from tests.almadi.almadi_support import NAMES, RULES, new_match, play, render, set_realm
from tui.boards import almadi as board
from tui.boards import almadi_tiles as tiles
from tui.boards.base import Frame, focus
from tui.boards.glyphs import Pen

FIXED_TARGETS = {"martelin": Deck("mosaic"), "stall": Deck("stall"), "ruby": Rubies()}


def expected_target(state, args):
    """What a choice acts on, read off the state from its arguments."""
    seat = state["current"]
    realm = {tile: (row, col) for row, col, tile in state["seats"][seat]["realm"]}
    match args:
        case TakeSlot(row, index):
            assert state["board"][row][index] is not None
            return Slot(row, index)
        case PlaceAt(row, col) | MoveTo(row, col):
            assert (row, col) not in realm.values()
            return Cell(seat, row, col)
        case GenieTile(tile) | SwapTile(tile) | SwapWith(tile):
            return Cell(seat, *realm[tile])
        case MoonObjective(oid):
            return ObjectiveCard(oid)
        case Recruit(cid):
            return CharacterCard(cid)
        case UseEffect(effect):
            return FIXED_TARGETS[effect]
    return None


@pytest.mark.parametrize("n, characters", [(2, True), (3, False), (4, True), (5, False)])
def test_every_choice_that_acts_on_the_table_names_where(n, characters):
    match = Match(RULES, NAMES[:n], {"characters": characters}, 20 + n)
    pick = random.Random(n)
    kinds = set()
    while not match.finished:
        decision = match.decision
        if decision.is_chance:
            assert all(choice.target is None for choice in decision.for_actor(CHANCE))
            match.draw()
            continue
        for actor in decision.actors:
            for choice in decision.for_actor(actor):
                kinds.add(type(choice.args).__name__)
                assert choice.target == expected_target(match.state, choice.args), choice.id
                assert choice.label == ""  # labels come from describe, for shown choices only
        seat = pick.choice(decision.actors)
        match.choose(seat, pick.choice(match.legal(seat)).id)
    assert {"TakeSlot", "PlaceAt", "UseEffect", "GenieTile", "MoveTo", "Done"} <= kinds


def realm_lines(view, seat):
    """The realm as drawn at 80 columns (7x3 tiles), with the number keys of the choices."""
    pen = Pen(tiles.PALETTE, color=False)
    return tiles.realm_text(view, seat, board.realm_keys(view, seat), 80, False, pen).plain.splitlines()


def key_at(lines, row, col):
    """The text drawn in the middle line of realm cell (row, col) at 80 columns (7-column tiles)."""
    line = lines[2 + 3 * row]
    return line[3 + 7 * col:3 + 7 * col + 7]


def test_number_keys_are_drawn_where_the_choices_act():
    match = new_match()
    seat = match.state["current"]
    set_realm(match, seat, {(0, 1): "O07", (0, 2): "O08", (2, 1): "M04"})
    shared = render(board.shared(match.view(seat), Frame(80, seat)), 80)
    row_two = shared[next(n for n, line in enumerate(shared) if line.startswith("Row 2")) - 1]  # the slots' corners
    assert row_two[6] == "3" and row_two[14] == "4"  # take:1:0 and take:1:1 are choices 3 and 4
    play(match, seat, "take:1:0")
    view = match.view(seat)
    assert [c.id for c in view["choices"]] == ["place:1:1", "place:1:2"]
    lines = realm_lines(view, seat)
    assert key_at(lines, 1, 1) == "╎  1  ╎" and key_at(lines, 1, 2) == "╎  2  ╎"
    assert realm_lines(view, 1 - seat) == realm_lines(match.view(1 - seat), 1 - seat)


def test_a_tile_the_genie_may_move_shows_its_key_in_its_corner():
    match = new_match()
    seat = match.state["current"]
    set_realm(match, seat, {(2, 1): "M04"})
    play(match, seat, "take:0:1", "place:0:1")  # O02: its Genie activated
    view = match.view(seat)
    assert [c.id for c in view["choices"]] == ["genie:O02", "genie:M04", "done"]
    lines = realm_lines(view, seat)
    assert lines[1][3 + 7:3 + 14] == "1──↑──*" and lines[7][3 + 7] == "2"  # the placed O02 (marked *), M04 in row 3
    assert focus(board.BOARD.panels(len(match.names)), view, seat) == f"player:{seat}"


def kept_match(n=3, seed=5, keepers=None):
    """The characters variant after the deal; ``keepers`` (default all) have kept their first pair."""
    match = new_match(n=n, characters=True, seed=seed)
    for seat in range(n) if keepers is None else keepers:
        match.choose(seat, match.legal(seat)[0].id)
    return match


def test_determinize_deals_the_unseen_characters_anew():
    match = kept_match()
    state = match.state
    seen_by_0 = set(state["display"]) | set(state["seats"][0]["hand"])
    hands = set()
    for seed in range(12):
        twin = RULES.determinize(state, 0, seed)
        assert twin["seats"][0] == state["seats"][0] and twin["display"] == state["display"]
        others = [twin["seats"][seat]["hand"] for seat in (1, 2)]
        assert [len(hand) for hand in others] == [2, 2] and all(hand == sorted(hand) for hand in others)
        held = set(others[0]) | set(others[1])
        assert len(held) == 4 and not held & seen_by_0 and held <= set(catalog().characters)
        hands.add(tuple(others[0] + others[1]))
    assert len(hands) > 6
    assert RULES.determinize(state, None, 1)["seats"][0]["hand"] != state["seats"][0]["hand"] or \
        RULES.determinize(state, None, 2)["seats"][0]["hand"] != state["seats"][0]["hand"]


def test_a_seat_that_kept_keeps_two_of_its_new_characters_and_the_keep_still_ends_well():
    match = kept_match(keepers=[1])  # seat 1 kept, seats 0 and 2 still choose
    twin = RULES.determinize(match.state, 0, "look")
    record = twin["seats"][1]
    assert len(record["dealt"]) == 3 and len(record["hand"]) == 2 and set(record["hand"]) <= set(record["dealt"])
    assert twin["seats"][0]["dealt"] == match.state["seats"][0]["dealt"]
    playout = Playout(RULES, twin)
    for seat in (0, 2):
        playout.apply(seat, playout.decision.for_actor(seat)[0])
    assert phase(twin) == "take" and len(twin["display"]) == 3
    assert all(len(record["hand"]) == 2 and not record["dealt"] for record in twin["seats"])


def test_without_characters_nothing_is_hidden_but_the_future_draws():
    match = new_match(n=3)
    twin = RULES.determinize(match.state, 1, 7)
    assert twin["rng"] != match.state["rng"] and twin["log"] is None
    assert {k: v for k, v in twin.items() if k not in ("rng", "log")} == \
        {k: v for k, v in match.state.items() if k not in ("rng", "log")}
    assert not any(RULES.has_private(match.state, seat) for seat in range(3))


TEXT = ("tile_name", "where", "edges_text", "fired_text", "counted_text", "objective_text", "character_name")


@pytest.mark.parametrize("characters", [False, True])
def test_the_rules_only_path_writes_no_label_and_no_log_text(monkeypatch, characters):
    def refuse(*args):
        raise AssertionError("text built on the rules-only path")

    for module in (actions, effects, setup, turn):
        for name in TEXT:
            if hasattr(module, name):
                monkeypatch.setattr(module, name, refuse)
    for n in range(2, 6):
        state = RULES.setup(NAMES[:n], {"characters": characters}, n)
        state["log"] = None
        playout = Playout(RULES, state)
        playout.run(random_policy(n))
        assert playout.finished and state["supply"] == []


def test_modules_import_each_other_in_one_direction_only():
    folder = Path(actions.__file__).parent
    imports = {}
    for path in folder.glob("*.py"):
        tree = ast.parse(path.read_text())
        found = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                if node.level == 1:
                    found.update([node.module] if node.module else [alias.name for alias in node.names])
                elif node.module and node.module.startswith("engine.almadi."):
                    found.add(node.module.split(".")[2])
        imports[path.stem] = found

    def visit(module, trail):
        assert module not in trail, f"import circle: {' -> '.join([*trail, module])}"
        for other in imports.get(module, ()):
            visit(other, [*trail, module])

    for module in imports:
        visit(module, [])
    assert "rules" not in imports["heuristic"] and "view" not in imports["heuristic"]

"""Helpers for the Almadi tests: matches with a chosen central board and hand-set realms."""

from __future__ import annotations

from rich.console import Console

from engine.almadi.catalog import catalog
from engine.almadi.legal import phase
from engine.almadi.setup import SETUP_PHASES
from engine.core.contract import CHANCE
from engine.core.match import Match
from engine.registry import rules_for

RULES = rules_for("almadi")
NAMES = ["Ann", "Bruno", "Cai", "Dee", "Eli"]
BOARD = ["O01", "O02", "C01", "C02", "M01", "M02", "P01", "P02"]
"""Rows 1-4 of the central board, two tiles each, in slot order."""


def face(tile: str) -> tuple[str, ...]:
    return catalog().faces[tile][1]


def draw_setup(match: Match) -> Match:
    """Draw the pending setup chance steps from the RNG: the first player, starting tiles and
    objectives up to the filling of the central board; after it, the character deal."""
    while phase(match.state) in SETUP_PHASES:
        match.draw()
    return match


def new_match(n: int = 2, board: list[str] = BOARD, characters: bool = False, seed: int = 5) -> Match:
    """A match after the setup draws whose central board was filled, as a person at the table
    would, with ``board``; every seat starts from S1 (whatever was drawn) so hand-worked cases
    know the edges."""
    match = draw_setup(Match(RULES, NAMES[:n], {"characters": characters}, seed))
    for tile in board:
        match.choose(CHANCE, tile)
    draw_setup(match)
    for seat in range(n):
        set_realm(match, seat, {})
    return match


def edited(match: Match) -> None:
    """The test changed match.state by hand: forget the cached decision."""
    match.state_edited()


def set_realm(match: Match, seat: int, tiles: dict[tuple[int, int], str], start: str = "S1") -> None:
    """Seat's realm = starting tile ``start`` plus ``tiles``; those tiles leave the supply."""
    record = match.state["seats"][seat]
    record["start"] = start
    record["realm"] = [[row, 0, f"{start}.{row + 1}"] for row in range(4)]
    record["realm"] += [[row, col, tile] for (row, col), tile in tiles.items()]
    for tile in tiles.values():
        if tile in match.state["supply"]:
            match.state["supply"].remove(tile)
    edited(match)


def ids(match: Match, seat: int) -> list[str]:
    return [choice.id for choice in match.legal(seat)]


def realm_of(match: Match, seat: int) -> dict[tuple[int, int], str]:
    return {(row, col): tile for row, col, tile in match.state["seats"][seat]["realm"]}


def play(match: Match, seat: int, *choice_ids: str) -> None:
    for choice_id in choice_ids:
        match.choose(seat, choice_id)


def render(renderable, width: int) -> list[str]:
    """A board's lines as a terminal of ``width`` columns without colour shows them."""
    console = Console(width=width, no_color=True, record=True, file=open("/dev/null", "w"))
    console.print(renderable)
    return console.export_text().splitlines()

"""Building Thebai positions for rules tests: a set-up game at its first turn, direct edits of
its state, extra steps pushed onto the flow, and choices by id."""

from __future__ import annotations

from engine.core import Match, Stack
from engine.thebai.rules import ThebaiRules

RULES = ThebaiRules()
NAMES = ["Green", "Blue", "Peach", "Red"]


def new_match(players: int = 4, seed: int = 0) -> Match:
    """A game past its setup (chance drawn, every seat taking its first option), at the first
    decision of round 1."""
    match = Match(RULES, NAMES[:players], {}, seed)
    while True:
        match.draw_all()
        decision = match.decision
        if decision.prompt_for(decision.actors[0]) and match.state["phase"] != "setup":
            return match
        for seat in decision.actors:
            match.choose(seat, match.legal(seat)[0].id)


def ids(match: Match, seat: int | None = None) -> list[str]:
    seat = match.awaiting()[0] if seat is None else seat
    return [c.id for c in match.legal(seat)]


def choose(match: Match, *choice_ids: str, seat: int | None = None) -> None:
    """Make choices in turn (the seat that must act, unless given) and draw chance between them."""
    for choice_id in choice_ids:
        match.draw_all()
        who = match.awaiting()[0] if seat is None else seat
        match.choose(who, choice_id)
    match.draw_all()


def supply(match: Match, seat: int, chance: str | None = None) -> None:
    """Supply the pending chance outcome (a person at the table telling what came out)."""
    match.choose(-1, chance)


def inject(match: Match, *frames: dict) -> None:
    """Run ``frames`` next (before what the game was waiting for)."""
    Stack(match.state["flow"]).push(*frames)
    RULES.flow.settle(match.state["flow"], match.state)
    match.state_edited()


def clear_city(match: Match) -> None:
    """An empty city (no tiles, dice, archons) to build a position on."""
    state = match.state
    state["city"] = {"tiles": {}, "dice": {}, "plaza": [], "posts": {}, "sites": {}}
    state["archons"] = [None] * state["n"]
    match.state_edited()


def step(name: str, seat: int, **fields) -> dict:
    return {"step": name, "seat": seat, **fields}


def current_step(match: Match) -> str:
    frames = match.state["flow"]
    top = frames[-1]
    if top["step"] == "each":
        return "each"
    return top["step"]


def start_turn(match: Match, seat: int) -> None:
    """Let ``seat`` take a turn now (its steps run before whatever the game was waiting for)."""
    inject(match, {"step": "turn_start", "seat": seat})


def put_tile(match: Match, space: str, tile: str, turn: int = 0) -> None:
    match.state["city"]["tiles"][space] = [tile, turn]
    match.state_edited()


def put_die(match: Match, space: str, seat: int, kind: str, face: int) -> None:
    match.state["city"]["dice"][space] = [seat, kind, face]
    match.state_edited()


def empty_estate_columns(match: Match, seat: int, columns: int) -> None:
    """Remove the first ``columns`` tile columns of an estate (to the box)."""
    estate = match.state["estate"][seat]
    for row in estate:
        while len(row) > 4 - columns:
            match.state["tile_box"].append(row.pop(0))
    match.state_edited()

"""Cadmea tiles: placing one from the estate into the city (any rotation, matched roofs),
removing one to the box, and hurrying the archon onto one."""

from __future__ import annotations

from engine.core import Ask, Choice

from . import choices, effects
from .board import city_grid, free_tiles, log, matched_sides, names, placeable_spaces
from .catalog import catalog
from .choices import EstateRow, Side, To
from .constants import ESTATE_ROWS
from .geometry import SIDES
from .text import effect_text, tile_text

EXTRA_EDGE_BLESSING = "roofs"


def tile_frames(tile_id: str, seat: int) -> list[dict]:
    return effects.frames(catalog().tiles[tile_id]["effect"], seat)


def roof_frames(roof: str, seat: int) -> list[dict]:
    return effects.frames(catalog().roofs[roof]["effect"], seat)


def estate_rows(state, seat: int) -> list[int]:
    return [r for r in range(1, ESTATE_ROWS + 1) if state["estate"][seat][r - 1]]


def row_choices(state, seat: int) -> list[Choice]:
    return [choices.estate_row(r, seat) for r in estate_rows(state, seat)]


def _row_label(state, frame, choice) -> tuple[str, str]:
    match choice.args:
        case EstateRow(row):
            return f"Row {row}: {tile_text(state['estate'][frame['seat']][row - 1][0])}", ""
    return "Stop", ""


class PlaceRow(Ask):
    """Take the leftmost Cadmea tile of an estate row to place it in the city."""

    name = "place_row"
    topic = "cadmea"

    def ready(self, state, frame):
        return bool(estate_rows(state, frame["seat"])) and bool(placeable_spaces(state, frame["seat"]))

    def options(self, state, frame):
        return [*row_choices(state, frame["seat"]), choices.STOP]

    describe = staticmethod(lambda state, frame, choice: _row_label(state, frame, choice))

    def prompt(self, state, frame):
        what = "resolve and place" if frame["activate"] else "place"
        return f"{names(state, frame['seat'])}: {what} a Cadmea tile (up to {frame['edges']} matched roofs)"

    def act(self, state, frame, choice, flow):
        if not isinstance(choice.args, EstateRow):
            return
        seat, row = frame["seat"], choice.args.row
        tile = state["estate"][seat][row - 1].pop(0)
        log(state, lambda: f"{names(state, seat)} takes Cadmea tile {tile} from estate row {row}")
        after = {"step": "place_space", "seat": seat, "tile": tile, "edges": frame["edges"]}
        flow.push(*(tile_frames(tile, seat) if frame["activate"] else ()), after)


class PlaceSpace(Ask):
    name = "place_space"
    topic = "cadmea"

    def options(self, state, frame):
        return [choices.at(t, t) for t in placeable_spaces(state, frame["seat"])]

    def describe(self, state, frame, choice):
        return f"Place it on {choice.args.space}", ""

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: where does {frame['tile']} go?"

    def act(self, state, frame, choice, flow):
        flow.push({"step": "place_turn", "seat": frame["seat"], "tile": frame["tile"], "at": choice.args.space,
                   "edges": frame["edges"]})


class PlaceTurn(Ask):
    name = "place_turn"
    topic = "cadmea"

    def options(self, state, frame):
        return [choices.rotation(k, frame["at"]) for k in range(4)]

    def describe(self, state, frame, choice):
        roofs = catalog().tiles[frame["tile"]]["roofs"]
        k = choice.args.turns
        shown = " ".join(f"{SIDES[s]}:{catalog().roofs[roofs[(s - k) % 4]]['letter']}" for s in range(4))
        matched = matched_sides(state, frame["at"], roofs, k)
        hint = ", ".join(f"{SIDES[s]} {r}" for s, r in matched) or "no roof matches"
        return f"Turn {k * 90} degrees ({shown})", f"matches: {hint}"

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: turn {frame['tile']} on {frame['at']}"

    def act(self, state, frame, choice, flow):
        seat, tile, at, turn = frame["seat"], frame["tile"], frame["at"], choice.args.turns
        state["city"]["tiles"][at] = [tile, turn]
        log(state, lambda: f"{names(state, seat)} places {tile} on {at}")
        matched = matched_sides(state, at, catalog().tiles[tile]["roofs"], turn)
        allowed = frame["edges"] + (1 if EXTRA_EDGE_BLESSING in state["blessings"][seat] else 0)
        if state["city"]["sites"].get(at) == seat:
            del state["city"]["sites"][at]
            flow.push(*tile_frames(tile, seat))
        if len(matched) <= allowed:
            flow.push(*(f for _, roof in matched for f in roof_frames(roof, seat)))
        elif allowed:
            flow.push({"step": "place_edges", "seat": seat, "at": at, "left": allowed,
                       "sides": [[k, roof] for k, roof in matched]})


class PlaceEdges(Ask):
    """More roofs match than may be resolved: choose them one by one."""

    name = "place_edges"
    topic = "cadmea"

    def ready(self, state, frame):
        return frame["left"] > 0 and bool(frame["sides"])

    def options(self, state, frame):
        g = city_grid(state)
        return [*(choices.side(k, g.sides_of[frame["at"]][k]) for k, _ in frame["sides"]), choices.STOP]

    def describe(self, state, frame, choice):
        if not isinstance(choice.args, Side):
            return "Resolve no more roofs", ""
        k = choice.args.side
        roof = dict((s, r) for s, r in frame["sides"])[k]
        return f"{SIDES[k]} side, {roof} roof", effect_text(catalog().roofs[roof]["effect"])

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: resolve a matched roof ({frame['left']} left)"

    def act(self, state, frame, choice, flow):
        if not isinstance(choice.args, Side):
            return
        k = choice.args.side
        roof = dict((s, r) for s, r in frame["sides"])[k]
        rest = {**frame, "left": frame["left"] - 1, "sides": [[s, r] for s, r in frame["sides"] if s != k]}
        flow.push(*roof_frames(roof, frame["seat"]), rest)


class Remove(Ask):
    """Leftmost Cadmea tiles of estate rows to the box (n of them), perhaps resolving each."""

    name = "remove"
    topic = "cadmea"

    def ready(self, state, frame):
        return frame["n"] > 0 and bool(estate_rows(state, frame["seat"]))

    def options(self, state, frame):
        return [*row_choices(state, frame["seat"]), choices.STOP]

    describe = staticmethod(lambda state, frame, choice: _row_label(state, frame, choice))

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: remove the leftmost Cadmea tile of a row ({frame['n']} left)"

    def act(self, state, frame, choice, flow):
        if not isinstance(choice.args, EstateRow):
            return
        seat, row = frame["seat"], choice.args.row
        tile = state["estate"][seat][row - 1].pop(0)
        state["tile_box"].append(tile)
        log(state, lambda: f"{names(state, seat)} removes Cadmea tile {tile} from estate row {row}")
        flow.push(*(tile_frames(tile, seat) if frame["activate"] else ()), {**frame, "n": frame["n"] - 1})


class Hurry(Ask):
    """The archon goes straight to a free Cadmea tile: not a move (no dice change, no blessing)."""

    name = "hurry"
    topic = "archon"

    def ready(self, state, frame):
        return bool(free_tiles(state, frame["seat"]))

    def options(self, state, frame):
        return [*(choices.to(t) for t in free_tiles(state, frame["seat"])), choices.STOP]

    def describe(self, state, frame, choice):
        if not isinstance(choice.args, To):
            return "Do not hurry the archon", ""
        at = choice.args.space
        tile = state["city"]["tiles"][at][0]
        return f"Archon to {at}", tile_text(tile) if frame["activate"] else ""

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: hurry your archon"

    def act(self, state, frame, choice, flow):
        if not isinstance(choice.args, To):
            return
        seat, at = frame["seat"], choice.args.space
        state["archons"][seat] = at
        log(state, lambda: f"{names(state, seat)} hurries the archon to {at}")
        if frame["activate"]:
            flow.push(*tile_frames(state["city"]["tiles"][at][0], seat))


STEPS = (PlaceRow(), PlaceSpace(), PlaceTurn(), PlaceEdges(), Remove(), Hurry())

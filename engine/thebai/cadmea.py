"""Cadmea tiles: placing one from the estate into the city (any rotation, matched roofs),
removing one to the box, and hurrying the archon onto one."""

from __future__ import annotations

from engine.core import Ask, Choice, Say
from engine.core.flow import Frame, Stack
from engine.core.text import Said

from . import choices, effects
from .board import State, city_grid, free_tiles, log, matched_sides, placeable_spaces
from .catalog import catalog
from .choices import At, EstateRow, Rotation, Side, To
from .constants import ESTATE_ROWS
from .targets import Space

EXTRA_EDGE_BLESSING = "roofs"


def tile_frames(tile_id: str, seat: int) -> list[Frame]:
    return effects.frames(catalog().tiles[tile_id]["effect"], seat)


def roof_frames(roof: str, seat: int) -> list[Frame]:
    return effects.frames(catalog().roofs[roof]["effect"], seat)


def estate_rows(state: State, seat: int) -> list[int]:
    return [r for r in range(1, ESTATE_ROWS + 1) if state["estate"][seat][r - 1]]


def row_choices(state: State, seat: int) -> list[Choice]:
    return [choices.estate_row(r, seat) for r in estate_rows(state, seat)]


def _row_label(state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
    match choice.args:
        case EstateRow(row):
            return Say("Row {row}: {tile:tile_desc}", row=row, tile=state["estate"][frame["seat"]][row - 1][0]), ""
    return Say("Stop"), ""


class PlaceRow(Ask):
    """Take the leftmost Cadmea tile of an estate row to place it in the city."""

    name = "place_row"
    topic = "cadmea"

    def ready(self, state: State, frame: Frame) -> bool:
        return bool(estate_rows(state, frame["seat"])) and bool(placeable_spaces(state, frame["seat"]))

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [*row_choices(state, frame["seat"]), choices.STOP]

    describe = staticmethod(lambda state, frame, choice: _row_label(state, frame, choice))

    def prompt(self, state: State, frame: Frame) -> Said:
        if frame["activate"]:
            return Say("{seat:seat}: resolve and place a Cadmea tile (up to {edges} matched roofs)",
                       seat=frame["seat"], edges=frame["edges"])
        return Say("{seat:seat}: place a Cadmea tile (up to {edges} matched roofs)",
                   seat=frame["seat"], edges=frame["edges"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        if not isinstance(choice.args, EstateRow):
            return
        seat, row = frame["seat"], choice.args.row
        tile = state["estate"][seat][row - 1].pop(0)
        log(state, lambda: Say("{seat:seat} takes Cadmea tile {tile:tile} from estate row {row}",
                               seat=seat, tile=tile, row=row))
        after = {"step": "place_space", "seat": seat, "tile": tile, "edges": frame["edges"]}
        flow.push(*(tile_frames(tile, seat) if frame["activate"] else ()), after)


class PlaceSpace(Ask):
    name = "place_space"
    topic = "cadmea"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [choices.at(t, Space(t)) for t in placeable_spaces(state, frame["seat"])]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        return Say("Place it on {space:space}", space=choice.args_as(At).space), ""

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: where does {tile:tile} go?", seat=frame["seat"], tile=frame["tile"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        flow.push({"step": "place_turn", "seat": frame["seat"], "tile": frame["tile"], "at": choice.args_as(At).space,
                   "edges": frame["edges"]})


class PlaceTurn(Ask):
    name = "place_turn"
    topic = "cadmea"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [choices.rotation(k, frame["at"]) for k in range(4)]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        roofs = catalog().tiles[frame["tile"]]["roofs"]
        k = choice.args_as(Rotation).turns
        matched = [[s, r] for s, r in matched_sides(state, frame["at"], roofs, k)]
        return (Say("Turn {degrees} degrees ({shown:turned})", degrees=k * 90, shown=[frame["tile"], k]),
                Say("matches: {matched:matched}", matched=matched))

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: turn {tile:tile} on {space:space}",
                   seat=frame["seat"], tile=frame["tile"], space=frame["at"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        seat, tile, at, turn = frame["seat"], frame["tile"], frame["at"], choice.args_as(Rotation).turns
        state["city"]["tiles"][at] = [tile, turn]
        log(state, lambda: Say("{seat:seat} places {tile:tile} on {space:space}", seat=seat, tile=tile, space=at))
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

    def ready(self, state: State, frame: Frame) -> bool:
        return frame["left"] > 0 and bool(frame["sides"])

    def options(self, state: State, frame: Frame) -> list[Choice]:
        g = city_grid(state)
        return [*(choices.side(k, Space(g.sides_of[frame["at"]][k])) for k, _ in frame["sides"]), choices.STOP]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        if not isinstance(choice.args, Side):
            return Say("Resolve no more roofs"), ""
        k = choice.args.side
        roof = dict((s, r) for s, r in frame["sides"])[k]
        return (Say("{side:side} side, {roof:roof} roof", side=k, roof=roof),
                Say("{effect:effect}", effect=catalog().roofs[roof]["effect"]))

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: resolve a matched roof ({left} left)", seat=frame["seat"], left=frame["left"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
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

    def ready(self, state: State, frame: Frame) -> bool:
        return frame["n"] > 0 and bool(estate_rows(state, frame["seat"]))

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [*row_choices(state, frame["seat"]), choices.STOP]

    describe = staticmethod(lambda state, frame, choice: _row_label(state, frame, choice))

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: remove the leftmost Cadmea tile of a row ({n} left)", seat=frame["seat"], n=frame["n"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        if not isinstance(choice.args, EstateRow):
            return
        seat, row = frame["seat"], choice.args.row
        tile = state["estate"][seat][row - 1].pop(0)
        state["tile_box"].append(tile)
        log(state, lambda: Say("{seat:seat} removes Cadmea tile {tile:tile} from estate row {row}",
                               seat=seat, tile=tile, row=row))
        flow.push(*(tile_frames(tile, seat) if frame["activate"] else ()), {**frame, "n": frame["n"] - 1})


class Hurry(Ask):
    """The archon goes straight to an empty Cadmea tile (not the one it stands on): not a move (no dice
    change, no blessing)."""

    name = "hurry"
    topic = "archon"

    def ready(self, state: State, frame: Frame) -> bool:
        return bool(free_tiles(state))

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [*(choices.to(t) for t in free_tiles(state)), choices.STOP]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        if not isinstance(choice.args, To):
            return Say("Do not hurry the archon"), ""
        at = choice.args.space
        tile = state["city"]["tiles"][at][0]
        return Say("Archon to {space:space}", space=at), Say("{tile:tile_desc}", tile=tile) if frame["activate"] else ""

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: hurry your archon", seat=frame["seat"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        if not isinstance(choice.args, To):
            return
        seat, at = frame["seat"], choice.args.space
        state["archons"][seat] = at
        log(state, lambda: Say("{seat:seat} hurries the archon to {space:space}", seat=seat, space=at))
        if frame["activate"]:
            flow.push(*tile_frames(state["city"]["tiles"][at][0], seat))


STEPS = (PlaceRow(), PlaceSpace(), PlaceTurn(), PlaceEdges(), Remove(), Hurry())

"""Commander cards: the first Strategos tile in a row takes one (from any row), and its stand
goes where its ability says (the rulebook appendix's eight abilities)."""

from __future__ import annotations

from engine.core import Ask

from . import choices, effects
from .board import can_pay, city_grid, free_dice_spaces, free_tiles, log, names, pay
from .cadmea import roof_frames, tile_frames
from .catalog import catalog
from .choices import At
from .constants import ESTATE_ROWS
from .council import criterion_text, free_spaces
from .devotion import TRACK_NAMES
from .text import contract_text, effect_text


def _name(cid: str) -> str:
    return catalog().commanders[cid]["name"]


class TakeCommander(Ask):
    name = "take_commander"
    topic = "commanders"

    def ready(self, state, frame):
        return any(state["row_cmd"])

    def options(self, state, frame):
        return [choices.commander_row(r) for r, c in enumerate(state["row_cmd"], 1) if c]

    def describe(self, state, frame, choice):
        row = choice.args.row
        cid = state["row_cmd"][row - 1]
        return f"{_name(cid)} (row {row})", ABILITY_TEXT[catalog().commanders[cid]["ability"]]

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: first Strategos in the row: take a commander"

    def act(self, state, frame, choice, flow):
        seat, row = frame["seat"], choice.args.row
        cid = state["row_cmd"][row - 1]
        state["row_cmd"][row - 1] = None
        state["cmd"][cid] = {"seat": seat, "at": None}
        log(state, lambda: f"{names(state, seat)} takes the commander {_name(cid)}")
        flow.push({"step": f"stand_{catalog().commanders[cid]['ability']}", "seat": seat, "commander": cid})


ABILITY_TEXT = {
    "row": "stand beside an estate row: a bonus for every die or metoikoi placed there",
    "site": "stand on an empty Cadmea space: resolve the roofs around it; only you may build there",
    "track": "stand beside a devotion track: 2 steps now, an extra promotion on its promotion spaces",
    "post": "stand on a dice space: resolve the tiles beside it; others' archons crossing it promote your die",
    "contract": "stand on a display contract: you may fulfil it as if in hand",
    "council": "pay 2 drachma: stand on a council space, scoring like a die there",
}


class _Stand(Ask):
    topic = "commanders"

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: place the stand of {_name(frame['commander'])}"

    def stand(self, state, frame, at) -> None:
        state["cmd"][frame["commander"]]["at"] = at
        log(state, lambda: f"{names(state, frame['seat'])} places {_name(frame['commander'])}'s stand ({at})")


class StandRow(_Stand):
    name = "stand_row"

    def options(self, state, frame):
        seat = frame["seat"]
        used = {c["at"] for c in state["cmd"].values() if c["seat"] == seat}
        return [choices.estate_row(r, seat) for r in range(1, ESTATE_ROWS + 1) if f"row{r}" not in used]

    def describe(self, state, frame, choice):
        return f"Beside estate row {choice.args.row}", effect_text(catalog().commanders[frame["commander"]]["bonus"])

    def act(self, state, frame, choice, flow):
        self.stand(state, frame, f"row{choice.args.row}")


def connected_roofs(state, space: str) -> list[str]:
    """The roofs facing an empty Cadmea space: its neighbours' edges and the board's printed edge."""
    g = city_grid(state)
    tiles = catalog().tiles
    roofs = []
    for k, d in enumerate(g.sides_of[space]):
        neighbour = g.across[space].get(d)
        if neighbour and neighbour in state["city"]["tiles"]:
            tile, turn = state["city"]["tiles"][neighbour]
            roofs.append(tiles[tile]["roofs"][((k + 2) % 4 - turn) % 4])
        elif not neighbour and (space, k) in g.border:
            roofs.append(g.border[(space, k)])
    return roofs


class StandSite(_Stand):
    name = "stand_site"

    def spaces(self, state):
        return [t for t in city_grid(state).tiles if t not in state["city"]["tiles"] and t not in state["city"]["sites"]]

    def ready(self, state, frame):
        return bool(self.spaces(state))

    def options(self, state, frame):
        return [choices.at(t, t) for t in self.spaces(state)]

    def describe(self, state, frame, choice):
        roofs = connected_roofs(state, choice.args.space)
        return f"On {choice.args.space}", "roofs: " + (", ".join(roofs) or "none")

    def act(self, state, frame, choice, flow):
        at = choice.args.space
        state["city"]["sites"][at] = frame["seat"]
        self.stand(state, frame, at)
        for roof in reversed(connected_roofs(state, at)):
            flow.push(*roof_frames(roof, frame["seat"]))


class StandTrack(_Stand):
    name = "stand_track"

    def options(self, state, frame):
        return [choices.track(t) for t in TRACK_NAMES]

    def describe(self, state, frame, choice):
        return f"Beside the {TRACK_NAMES[choice.args.track]} track", "and 2 steps on it now"

    def act(self, state, frame, choice, flow):
        track = choice.args.track
        self.stand(state, frame, track)
        flow.push(*effects.frames([{"devotion": {"n": 2, "track": track}}], frame["seat"]))


class StandPost(_Stand):
    name = "stand_post"

    def ready(self, state, frame):
        return bool(free_dice_spaces(state, True))

    def options(self, state, frame):
        return [choices.at(d, d) for d in free_dice_spaces(state, True)]

    def describe(self, state, frame, choice):
        at = choice.args.space
        usable = [t for t in city_grid(state).touching[at] if t in free_tiles(state)]
        return f"On {at}", "resolves " + (", ".join(usable) or "no free tile")

    def act(self, state, frame, choice, flow):
        at, seat = choice.args.space, frame["seat"]
        state["city"]["posts"][at] = seat
        self.stand(state, frame, at)
        for t in reversed([t for t in city_grid(state).touching[at] if t in free_tiles(state)]):
            flow.push(*tile_frames(state["city"]["tiles"][t][0], seat))


class StandContract(_Stand):
    name = "stand_contract"

    def ready(self, state, frame):
        stand = state["cmd"][frame["commander"]]
        return stand["at"] not in state["display"] and any(state["display"])

    def options(self, state, frame):
        return [choices.display(k) for k, c in enumerate(state["display"]) if c]

    def describe(self, state, frame, choice):
        return f"Mark {contract_text(state['display'][choice.args.slot])}", ""

    def act(self, state, frame, choice, flow):
        self.stand(state, frame, state["display"][choice.args.slot])


class StandCouncil(_Stand):
    name = "stand_council"

    def cost(self, frame):
        return catalog().commanders[frame["commander"]]["cost"]

    def ready(self, state, frame):
        return can_pay(state, frame["seat"], self.cost(frame)) and bool(free_spaces(state))

    def options(self, state, frame):
        return [*(choices.at(s, f"council.{s}") for s in free_spaces(state)), choices.STOP]

    def describe(self, state, frame, choice):
        if not isinstance(choice.args, At):
            return "Keep the stand (do not pay)", ""
        return f"Council space {choice.args.space} (pay 2 drachma)", criterion_text(state, choice.args.space)

    def act(self, state, frame, choice, flow):
        if not isinstance(choice.args, At):
            return
        pay(state, frame["seat"], self.cost(frame))
        at = choice.args.space
        state["council"][at] = [frame["seat"], "stand", None]
        self.stand(state, frame, at)


STEPS = (TakeCommander(), StandRow(), StandSite(), StandTrack(), StandPost(), StandContract(), StandCouncil())

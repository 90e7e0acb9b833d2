"""Commander cards: the first Strategos tile in a row takes one (from any row), and its stand
goes where its ability says (the rulebook appendix's eight abilities)."""

from __future__ import annotations

from typing import Any

from engine.core import Ask, Choice, Say
from engine.core.flow import Frame, Stack
from engine.core.text import Said

from . import choices, effects
from .board import State, can_pay, city_grid, free_dice_spaces, free_tiles, log, pay
from .cadmea import roof_frames, tile_frames
from .catalog import catalog
from .choices import At, CityRow, Display, EstateRow, Track
from .constants import ESTATE_ROWS, TRACKS
from .council import free_spaces
from .targets import CouncilSpace, Space


class TakeCommander(Ask):
    name = "take_commander"
    topic = "commanders"

    def ready(self, state: State, frame: Frame) -> bool:
        return any(state["row_cmd"])

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [choices.commander_row(r) for r, c in enumerate(state["row_cmd"], 1) if c]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        row = choice.args_as(CityRow).row
        cid = state["row_cmd"][row - 1]
        return (Say("{commander:commander} (row {row})", commander=cid, row=row),
                Say("{commander:ability}", commander=cid))

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: first Strategos in the row: take a commander", seat=frame["seat"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        seat, row = frame["seat"], choice.args_as(CityRow).row
        cid = state["row_cmd"][row - 1]
        state["row_cmd"][row - 1] = None
        state["cmd"][cid] = {"seat": seat, "at": None}
        log(state, lambda: Say("{seat:seat} takes the commander {commander:commander}", seat=seat, commander=cid))
        flow.push({"step": f"stand_{catalog().commanders[cid]['ability']}", "seat": seat, "commander": cid})


class _Stand(Ask):
    topic = "commanders"

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: place the stand of {commander:commander}",
                   seat=frame["seat"], commander=frame["commander"])

    def stand(self, state: State, frame: Frame, at: str) -> None:
        state["cmd"][frame["commander"]]["at"] = at
        log(state, lambda: Say("{seat:seat} places {commander:commander}'s stand ({at})",
                               seat=frame["seat"], commander=frame["commander"], at=at))


class StandRow(_Stand):
    name = "stand_row"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        seat = frame["seat"]
        used = {c["at"] for c in state["cmd"].values() if c["seat"] == seat}
        return [choices.estate_row(r, seat) for r in range(1, ESTATE_ROWS + 1) if f"row{r}" not in used]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        return (Say("Beside estate row {row}", row=choice.args_as(EstateRow).row),
                Say("{commander:bonus}", commander=frame["commander"]))

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        self.stand(state, frame, f"row{choice.args_as(EstateRow).row}")


def connected_roofs(state: State, space: str) -> list[str]:
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

    def spaces(self, state: State) -> list[str]:
        city = state["city"]
        return [t for t in city_grid(state).tiles if t not in city["tiles"] and t not in city["sites"]]

    def ready(self, state: State, frame: Frame) -> bool:
        return bool(self.spaces(state))

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [choices.at(t, Space(t)) for t in self.spaces(state)]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        at = choice.args_as(At).space
        roofs = connected_roofs(state, at)
        return Say("On {space:space}", space=at), Say("roofs: {roofs:roofs}", roofs=roofs)

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        at = choice.args_as(At).space
        state["city"]["sites"][at] = frame["seat"]
        self.stand(state, frame, at)
        for roof in reversed(connected_roofs(state, at)):
            flow.push(*roof_frames(roof, frame["seat"]))


class StandTrack(_Stand):
    name = "stand_track"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [choices.track(t) for t in TRACKS]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        return Say("Beside the {track:track} track", track=choice.args_as(Track).track), "and 2 steps on it now"

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        track = choice.args_as(Track).track
        self.stand(state, frame, track)
        flow.push(*effects.frames([{"devotion": {"n": 2, "track": track}}], frame["seat"]))


class StandPost(_Stand):
    name = "stand_post"

    def ready(self, state: State, frame: Frame) -> bool:
        return bool(free_dice_spaces(state, True))

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [choices.at(d, Space(d)) for d in free_dice_spaces(state, True)]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        at = choice.args_as(At).space
        usable = [t for t in city_grid(state).touching[at] if t in free_tiles(state)]
        if not usable:
            return Say("On {space:space}", space=at), Say("resolves no free tile")
        return Say("On {space:space}", space=at), Say("resolves {tiles:spaces}", tiles=usable)

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        at, seat = choice.args_as(At).space, frame["seat"]
        state["city"]["posts"][at] = seat
        self.stand(state, frame, at)
        for t in reversed([t for t in city_grid(state).touching[at] if t in free_tiles(state)]):
            flow.push(*tile_frames(state["city"]["tiles"][t][0], seat))


class StandContract(_Stand):
    name = "stand_contract"

    def ready(self, state: State, frame: Frame) -> bool:
        stand = state["cmd"][frame["commander"]]
        return stand["at"] not in state["display"] and any(state["display"])

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [choices.display(k) for k, c in enumerate(state["display"]) if c]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        return Say("Mark {contract:contract_desc}", contract=state["display"][choice.args_as(Display).slot]), ""

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        self.stand(state, frame, state["display"][choice.args_as(Display).slot])


class StandCouncil(_Stand):
    name = "stand_council"

    def cost(self, frame: Frame) -> dict[str, Any]:
        cost: dict[str, Any] = catalog().commanders[frame["commander"]]["cost"]
        return cost

    def ready(self, state: State, frame: Frame) -> bool:
        return can_pay(state, frame["seat"], self.cost(frame)) and bool(free_spaces(state))

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [*(choices.at(s, CouncilSpace(s)) for s in free_spaces(state)), choices.STOP]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        if not isinstance(choice.args, At):
            return Say("Keep the stand (do not pay)"), ""
        return (Say("Council space {space:space} (pay 2 drachma)", space=choice.args.space),
                Say("{space:criterion}", space=choice.args.space))

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        if not isinstance(choice.args, At):
            return
        pay(state, frame["seat"], self.cost(frame))
        at = choice.args.space
        state["council"][at] = [frame["seat"], "stand", None]
        self.stand(state, frame, at)


STEPS = (TakeCommander(), StandRow(), StandSite(), StandTrack(), StandPost(), StandContract(), StandCouncil())

"""The council board: the passage, the monuments' spaces, collapse markers and councillor tiles,
and the move of citizen dice from the passage to the monuments after a conflict and at the end."""

from __future__ import annotations

from typing import Any

from engine.core import Ask, Auto, Choice, Say
from engine.core.flow import Frame, Stack
from engine.core.text import Said

from . import choices
from .board import State, log
from .catalog import catalog
from .choices import At
from .metrics import metric
from .targets import CouncilSpace


def board_spaces(state: State) -> list[str]:
    """The monument spaces of this game (the 4-player tile only with 4 players)."""
    return [s for s, r in catalog().council.items() if r.get("players", state["n"]) <= state["n"]]


def monument(space: str) -> str:
    name: str = catalog().council[space]["monument"]
    return name


def free_spaces(state: State, seat: int | None = None) -> list[str]:
    """Empty, uncollapsed monument spaces; for a die of ``seat``, not on a monument where it has a die."""
    taken = state["council"]
    collapsed = set(state["collapse"])
    mine = ({monument(s) for s, (owner, what, _) in taken.items() if owner == seat and what == "die"}
            if seat is not None else set())
    return [s for s in board_spaces(state) if s not in taken and s not in collapsed and monument(s) not in mine]


class CouncilMove(Auto):
    """Passage dice go to the monuments one by one, from the top of the passage down."""

    name = "council_move"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        queue = frame.get("queue")
        if queue is None:
            queue = [["pas", k] for k, e in enumerate(state["passage"]) if e]
            queue += [["last", k] for k in range(len(state["passage_last"]))]
        for k, ref in enumerate(queue):
            seat = _entry(state, ref)[0]
            if free_spaces(state, seat):
                flow.push({"step": "council_seat", "seat": seat, "ref": ref},
                          {"step": "council_move", "queue": queue[k + 1:]})
                return
        # Dice with no space left stay in the passage; the moved ones leave it.
        state["passage_last"] = [e for e in state["passage_last"] if e[0] is not None]
        for k, e in enumerate(state["passage"]):
            if e and e[0] is None:
                state["passage"][k] = None


def _entry(state: State, ref: list[Any]) -> list[Any]:
    """A die of the passage: ``["pas", slot]`` on one of its spaces, ``["last", index]`` on the bottom one."""
    place, k = ref
    entry: list[Any] = (state["passage"] if place == "pas" else state["passage_last"])[k]
    return entry


class CouncilSeat(Ask):
    name = "council_seat"
    topic = "council"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [choices.at(s, CouncilSpace(s)) for s in free_spaces(state, frame["seat"])]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        space = choice.args_as(At).space
        return Say("{space:space}", space=space), Say("{space:criterion}", space=space)

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: move your citizen die from the passage to a monument", seat=frame["seat"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        entry = _entry(state, frame["ref"])
        space = choice.args_as(At).space
        state["council"][space] = [entry[0], "die", entry[1]]
        entry[0] = None  # marks the passage slot as emptied once every die has moved
        log(state, lambda: Say("{seat:seat}'s councillor takes {space:space}", seat=frame["seat"], space=space))


class Councillor(Ask):
    """The red row's last action: a councillor tile onto a collapse marker (one per colour there)."""

    name = "councillor"
    topic = "council"

    def spaces(self, state: State, seat: int) -> list[str]:
        if not state["councillors"][seat]:
            return []
        return [s for s in state["collapse"] if seat not in state["councillor_tiles"].get(s, [])]

    def ready(self, state: State, frame: Frame) -> bool:
        return bool(self.spaces(state, frame["seat"]))

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [*(choices.at(s, CouncilSpace(s)) for s in self.spaces(state, frame["seat"])), choices.STOP]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        if not isinstance(choice.args, At):
            return Say("Keep the councillor tile"), ""
        return (Say("Collapse marker on {space:space}", space=choice.args.space),
                Say("{space:criterion}", space=choice.args.space))

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: place a councillor tile", seat=frame["seat"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        if not isinstance(choice.args, At):
            return
        seat, space = frame["seat"], choice.args.space
        state["councillors"][seat] -= 1
        state["councillor_tiles"].setdefault(space, []).append(seat)
        log(state, lambda: Say("{seat:seat} places a councillor tile on {space:space}", seat=seat, space=space))


def council_vp(state: State, seat: int) -> int:
    """End-game VP of a seat's dice, councillor tiles and commander stand on the council."""
    side = "12" if state["n"] <= 2 else "34"
    spaces = [s for s, (owner, _, _) in state["council"].items() if owner == seat]
    spaces += [s for s, seats in state["councillor_tiles"].items() if seat in seats]
    total = 0
    for space in spaces:
        c = catalog().council[space]["criterion"]
        total += metric(state, seat, c["metric"]) // c["per"] * c["vp"][side]
    return total


STEPS = (CouncilMove(), CouncilSeat(), Councillor())

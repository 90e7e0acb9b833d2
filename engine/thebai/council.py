"""The council board: the passage, the monuments' spaces, collapse markers and councillor tiles,
and the move of citizen dice from the passage to the monuments after a conflict and at the end."""

from __future__ import annotations

from engine.core import Ask, Auto

from . import choices

from .board import log, names
from .catalog import catalog
from .choices import At
from .text import METRIC_TEXT
from .metrics import metric


def board_spaces(state) -> list[str]:
    """The monument spaces of this game (the 4-player tile only with 4 players)."""
    return [s for s, r in catalog().council.items() if r.get("players", state["n"]) <= state["n"]]


def monument(space: str) -> str:
    return catalog().council[space]["monument"]


def free_spaces(state, seat: int | None = None) -> list[str]:
    """Empty, uncollapsed monument spaces; for a die of ``seat``, not on a monument where it has a die."""
    taken = state["council"]
    collapsed = set(state["collapse"])
    mine = {monument(s) for s, (owner, what, _) in taken.items() if owner == seat and what == "die"} if seat is not None else set()
    return [s for s in board_spaces(state) if s not in taken and s not in collapsed and monument(s) not in mine]


def criterion_text(state, space: str) -> str:
    c = catalog().council[space]["criterion"]
    side = "12" if state["n"] <= 2 else "34"
    per = f"{c['per']} x " if c["per"] > 1 else ""
    return f"{c['vp'][side]} VP per {per}{METRIC_TEXT[c['metric']]}"


class CouncilMove(Auto):
    """Passage dice go to the monuments one by one, from the top of the passage down."""

    name = "council_move"

    def run(self, state, frame, flow):
        queue = frame.get("queue")
        if queue is None:
            queue = [f"pas:{k}" for k, e in enumerate(state["passage"]) if e]
            queue += [f"last:{k}" for k in range(len(state["passage_last"]))]
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


def _entry(state, ref: str) -> list:
    place, _, k = ref.partition(":")
    return (state["passage"] if place == "pas" else state["passage_last"])[int(k)]


class CouncilSeat(Ask):
    name = "council_seat"
    topic = "council"

    def options(self, state, frame):
        return [choices.at(s, f"council.{s}") for s in free_spaces(state, frame["seat"])]

    def describe(self, state, frame, choice):
        space = choice.args.space
        return f"{space}", criterion_text(state, space)

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: move your citizen die from the passage to a monument"

    def act(self, state, frame, choice, flow):
        entry = _entry(state, frame["ref"])
        space = choice.args.space
        state["council"][space] = [entry[0], "die", entry[1]]
        entry[0] = None  # marks the passage slot as emptied once every die has moved
        log(state, lambda: f"{names(state, frame['seat'])}'s councillor takes {space}")


class Councillor(Ask):
    """The red row's last action: a councillor tile onto a collapse marker (one per colour there)."""

    name = "councillor"
    topic = "council"

    def spaces(self, state, seat):
        if not state["councillors"][seat]:
            return []
        return [s for s in state["collapse"] if seat not in state["councillor_tiles"].get(s, [])]

    def ready(self, state, frame):
        return bool(self.spaces(state, frame["seat"]))

    def options(self, state, frame):
        return [*(choices.at(s, f"council.{s}") for s in self.spaces(state, frame["seat"])), choices.STOP]

    def describe(self, state, frame, choice):
        if not isinstance(choice.args, At):
            return "Keep the councillor tile", ""
        return f"Collapse marker on {choice.args.space}", criterion_text(state, choice.args.space)

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: place a councillor tile"

    def act(self, state, frame, choice, flow):
        if not isinstance(choice.args, At):
            return
        seat, space = frame["seat"], choice.args.space
        state["councillors"][seat] -= 1
        state["councillor_tiles"].setdefault(space, []).append(seat)
        log(state, lambda: f"{names(state, seat)} places a councillor tile on {space}")


def council_vp(state, seat: int) -> int:
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

"""Dice: faces 1 -> 1* -> 2 -> 2* -> 3 -> 3* -> ascension, promotion, demotion and ascension.

A seat's die is named by where it is (engine/thebai/choices.py's ``DieRef``): a dice space of
the city, an estate space, the supply (dice there are told apart only by kind and face), a space
of the council passage or its bottom space, a council space.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Ask, Choice, Say
from engine.core.choices import Target
from engine.core.flow import Frame, Stack
from engine.core.text import Said
from engine.i18n import N_

from . import choices
from .board import State, add_vp, city_grid, log
from .catalog import catalog
from .choices import Ascend as AscendArgs
from .choices import CityDie, CityRow, CouncilDie, DieRef, EstateDie, LastDie, PassageDie, PoolDie
from .choices import Promote as PromoteArgs
from .constants import DEMOTE_LOSS, TOP_FACE, TOP_FACE_VP
from .targets import PASSAGE, CouncilSpace, EstateSpace, Space, Supply

WHERE = {"any": ("city", "est", "pool", "council"), "city": ("city",), "estate": ("est",), "pool": ("pool",),
         "council": ("council",), "home": ("pool", "est")}


def own_dice(state: State, seat: int, kind: str = "any", where: str = "any") -> list[DieRef]:
    refs: list[DieRef] = []
    places = WHERE[where]
    if "city" in places:
        refs += [CityDie(d) for d, (s, k, _) in state["city"]["dice"].items()
                 if s == seat and kind in ("any", k_name(k))]
    if "est" in places and kind != "hoplite":
        refs += [EstateDie(space) for space in state["estate_dice"][seat]]
    if "pool" in places:
        if kind != "hoplite":
            refs += [PoolDie("c", f) for f in sorted(set(state["pool_c"][seat]))]
        if kind != "citizen":
            refs += [PoolDie("h", f) for f in sorted(set(state["pool_h"][seat]))]
    if "council" in places and kind != "hoplite":
        refs += [PassageDie(k) for k, e in enumerate(state["passage"]) if e and e[0] == seat]
        refs += [LastDie(k) for k, e in enumerate(state["passage_last"]) if e[0] == seat]
        refs += [CouncilDie(space) for space, (s, what, _) in state["council"].items() if s == seat and what == "die"]
    return refs


def k_name(k: str) -> str:
    return "citizen" if k == "c" else "hoplite"


def face_of(state: State, seat: int, ref: DieRef) -> int:
    face: int
    match ref:
        case CityDie(space):
            face = state["city"]["dice"][space][2]
        case EstateDie(space):
            face = state["estate_dice"][seat][space]
        case PoolDie():
            face = ref.face
        case PassageDie(slot):
            face = state["passage"][slot][1]
        case LastDie(index):
            face = state["passage_last"][index][1]
        case CouncilDie(space):
            face = state["council"][space][2]
        case _:
            raise TypeError(ref)
    return face


def _set_face(state: State, seat: int, ref: DieRef, face: int) -> DieRef:
    """Turn a die to ``face``; returns its ref afterwards (a supply die's ref names its face)."""
    match ref:
        case CityDie(space):
            state["city"]["dice"][space][2] = face
        case EstateDie(space):
            state["estate_dice"][seat][space] = face
        case PoolDie(kind, old):
            pool = state["pool_c" if kind == "c" else "pool_h"][seat]
            pool.remove(old)
            pool.append(face)
            pool.sort()
            return PoolDie(kind, face)
        case PassageDie(slot):
            state["passage"][slot][1] = face
        case LastDie(index):
            state["passage_last"][index][1] = face
        case CouncilDie(space):
            state["council"][space][2] = face
    return ref


def promote(state: State, seat: int, ref: DieRef, flow: Stack, chosen: bool = True) -> DieRef | None:
    """Promote a die once. From 3*, a die in the city ascends (its owner may decline if the
    promotion was not their own choice); elsewhere it stays at 3* and scores 1 VP.
    Returns the die's ref afterwards, None once it has ascended (or is about to)."""
    face = face_of(state, seat, ref)
    if face < TOP_FACE:
        return _set_face(state, seat, ref, face + 1)
    if isinstance(ref, CityDie) and can_ascend(state, seat, ref.space):
        if chosen:
            ascend(state, seat, ref.space, flow)
        else:
            flow.push({"step": "ascend", "seat": seat, "space": ref.space})
        return None
    add_vp(state, seat, TOP_FACE_VP)
    log(state, lambda: Say("{seat:seat}'s die stays at 3* and scores {vp} VP", seat=seat, vp=TOP_FACE_VP))
    return ref


def demote(state: State, seat: int, space: str) -> None:
    """Demote a die in the city once; at 1 it stays and its owner loses 3 VP."""
    die = state["city"]["dice"][space]
    if die[2] > 0:
        die[2] -= 1
    else:
        lost = add_vp(state, seat, -DEMOTE_LOSS)
        log(state, lambda: Say("{seat:seat}'s die at 1 cannot go lower: {vp} VP", seat=seat, vp=lost))


def can_ascend(state: State, seat: int, space: str) -> bool:
    if state["city"]["dice"][space][1] == "c":
        return True
    return bool(strategos_rows(state, seat, space))


def strategos_rows(state: State, seat: int, space: str) -> list[int]:
    """Rows where an ascending hoplite die at ``space`` may put its owner's Strategos tile."""
    if not state["strat_left"][seat]:
        return []
    return [r for r in city_grid(state).rows_of[space] if all(s != seat for s, _ in state["strategos"][r - 1])]


def ascend(state: State, seat: int, space: str, flow: Stack) -> None:
    kind = state["city"]["dice"][space][1]
    if kind == "c":
        del state["city"]["dice"][space]
        vps = catalog().passage_vp
        slot = next((k for k, e in enumerate(state["passage"]) if e is None), None)
        if slot is None:
            state["passage_last"].append([seat, TOP_FACE])
            vp = vps[-1]
        else:
            state["passage"][slot] = [seat, TOP_FACE]
            vp = vps[slot]
        add_vp(state, seat, vp)
        log(state, lambda: Say("{seat:seat}'s citizen ascends to the council passage: {vp} VP", seat=seat, vp=vp))
        return
    rows = strategos_rows(state, seat, space)
    if len(rows) == 1:
        place_strategos(state, seat, space, rows[0], flow)
    else:
        flow.push({"step": "strategos_row", "seat": seat, "space": space})


def place_strategos(state: State, seat: int, space: str, row: int, flow: Stack) -> None:
    del state["city"]["dice"][space]
    state["boxed_h"][seat] += 1
    value = state["strat_left"][seat].pop(0)
    first = not state["strategos"][row - 1]
    state["strategos"][row - 1].append([seat, value])
    log(state, lambda: Say("{seat:seat}'s hoplite ascends: Strategos {value} in row {row}",
                           seat=seat, value=value, row=row))
    if first and any(state["row_cmd"]):
        flow.push({"step": "take_commander", "seat": seat})


def target(seat: int, ref: DieRef) -> Target | None:
    match ref:
        case CityDie(space):
            return Space(space)
        case EstateDie(space):
            return EstateSpace(seat, space)
        case PoolDie(kind, _):
            return Supply(seat, kind)
        case PassageDie() | LastDie():
            return PASSAGE
        case CouncilDie(space):
            return CouncilSpace(space)
    return None


PROMOTE_LABELS = {
    "city": N_("Promote {kind:die_kind} die {face:face} on {space:space}{times:times}"),
    "estate": N_("Promote citizen die {face:face} on estate {space:space}{times:times}"),
    "pool": N_("Promote {kind:die_kind} die {face:face} in supply{times:times}"),
    "council": N_("Promote citizen die {face:face} on the council{times:times}"),
}
"""'Promote hoplite die 2* on h4.3 x2': the die by where it is, how many times."""
PROMOTE_LOGS = {
    "city": N_("{seat:seat} promotes {kind:die_kind} die {face:face} on {space:space}{times:times}"),
    "estate": N_("{seat:seat} promotes citizen die {face:face} on estate {space:space}{times:times}"),
    "pool": N_("{seat:seat} promotes {kind:die_kind} die {face:face} in supply{times:times}"),
    "council": N_("{seat:seat} promotes citizen die {face:face} on the council{times:times}"),
}
"""The log's words for a promotion chosen, by where the die is."""


def promotion(state: State, seat: int, ref: DieRef, times: int) -> tuple[str, dict[str, int | str]]:
    """Where a die to promote is (a key of ``PROMOTE_LABELS``) and the arguments that name it."""
    named: dict[str, int | str] = {"face": face_of(state, seat, ref), "times": times}
    match ref:
        case CityDie(space):
            return "city", {**named, "kind": state["city"]["dice"][space][1], "space": space}
        case EstateDie(space):
            return "estate", {**named, "space": space}
        case PoolDie(kind, _):
            return "pool", {**named, "kind": kind}
    return "council", named


def promote_label(state: State, seat: int, ref: DieRef, times: int) -> Say:
    place, named = promotion(state, seat, ref, times)
    return Say(PROMOTE_LABELS[place], **named)


class Promote(Ask):
    """Promote some of your dice: frame n (promotions left), kind, where, mode, times, done."""

    name = "promote"
    topic = "dice"

    def eligible(self, state: State, frame: Frame) -> list[DieRef]:
        """The dice the step may promote now; ``done`` keeps the ones promoted so far (their
        refs' spellings: a frame is plain data)."""
        seat = frame["seat"]
        refs = own_dice(state, seat, frame["kind"], frame["where"])
        done = frame["done"]
        if frame["mode"] == "same" and done:
            return [r for r in refs if r.spelled() == done[-1]]
        if frame["mode"] == "different" and done:
            refs = [r for r in refs if not isinstance(r, PoolDie) and r.spelled() not in done
                    or isinstance(r, PoolDie) and _pool_count(state, seat, r) > done.count(r.spelled())]
        return refs

    def ready(self, state: State, frame: Frame) -> bool:
        return frame["n"] > 0 and bool(self.eligible(state, frame))

    def options(self, state: State, frame: Frame) -> Sequence[Choice]:
        seat = frame["seat"]
        return [*(choices.promote(r, target(seat, r)) for r in self.eligible(state, frame)), choices.STOP]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        if not isinstance(choice.args, PromoteArgs):
            return Say("Stop promoting"), Say.counted("{n} promotion left unused", "{n} promotions left unused",
                                                      n=frame["n"])
        return promote_label(state, frame["seat"], choice.args.die, frame["times"]), ""

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: promote a die ({n} left)", seat=frame["seat"], n=frame["n"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        if not isinstance(choice.args, PromoteArgs):
            return
        seat, ref = frame["seat"], choice.args.die
        place, named = promotion(state, seat, ref, frame["times"])
        log(state, lambda: Say(PROMOTE_LOGS[place], seat=seat, **named))
        rest = {**frame, "n": frame["n"] - 1}
        if rest["n"] > 0:
            flow.push(rest)
        promoted: DieRef | None = ref
        for _ in range(frame["times"]):
            promoted = promote(state, seat, ref, flow)
            if promoted is None:
                break
            ref = promoted
        if promoted is not None:
            rest["done"] = [*frame["done"], promoted.spelled()]


def _pool_count(state: State, seat: int, ref: PoolDie) -> int:
    pool: list[int] = state["pool_c" if ref.kind == "c" else "pool_h"][seat]
    return pool.count(ref.face)


class Ascend(Ask):
    """Someone else's move promotes your die at 3* in the city: ascend, or keep it at 3*."""

    name = "ascend"
    topic = "ascension"

    def ready(self, state: State, frame: Frame) -> bool:
        die = state["city"]["dice"].get(frame["space"])
        return (die is not None and die[0] == frame["seat"] and die[2] == TOP_FACE
                and can_ascend(state, frame["seat"], frame["space"]))

    def options(self, state: State, frame: Frame) -> Sequence[Choice]:
        return choices.ascend_or_stay(frame["space"])

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        if not isinstance(choice.args, AscendArgs):
            return Say("Keep the die at 3*"), Say("decline the promotion")
        kind = state["city"]["dice"][frame["space"]][1]
        return Say("Ascend"), Say("to the council passage") if kind == "c" else Say("becomes a Strategos tile")

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: your die on {space:space} is promoted from 3*",
                   seat=frame["seat"], space=frame["space"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        if isinstance(choice.args, AscendArgs):
            ascend(state, frame["seat"], frame["space"], flow)


class StrategosRow(Ask):
    """A hoplite die between two rows ascends: choose the row of the Strategos tile."""

    name = "strategos_row"
    topic = "ascension"

    def options(self, state: State, frame: Frame) -> Sequence[Choice]:
        return [choices.strategos_row(r) for r in strategos_rows(state, frame["seat"], frame["space"])]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        return Say("Strategos tile in row {row}", row=choice.args_as(CityRow).row), ""

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: which row gets your Strategos tile?", seat=frame["seat"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        place_strategos(state, frame["seat"], frame["space"], choice.args_as(CityRow).row, flow)


STEPS = (Promote(), Ascend(), StrategosRow())

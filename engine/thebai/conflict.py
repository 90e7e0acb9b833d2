"""A conflict fate tile: the battle in its row (engine/thebai/battle.py computes it, the same code
the table assistant's battle helper runs), loot, hoplite wages, councillors, turn order."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Ask, Auto, Choice, Draw, Say
from engine.core.flow import Frame, Stack
from engine.core.text import Said

from . import choices, effects
from .battle import Combatant, resolve_battle
from .board import State, log, pay, row_power
from .catalog import catalog
from .choices import Invader, Keep
from .constants import power


def conflict_frames(row: int) -> list[Frame]:
    return [{"step": "reveal_invader", "row": row}, {"step": "battle", "row": row},
            {"step": "council_move"}, {"step": "turn_order"}]


def stack_place(state: State, track: str, seat: int) -> int:
    """A marker's place in its stack on a track, counted from the bottom (1 = arrived first)."""
    here = state["track"][track][seat]
    stamps = state["arrived"][track]
    return 1 + sum(1 for s in range(state["n"]) if state["track"][track][s] == here and stamps[s] < stamps[seat])


def combatant(state: State, seat: int, row: int) -> Combatant:
    _, dice = row_power(state, seat, row)
    return Combatant(
        hoplites=tuple(power(state["city"]["dice"][d][2]) for d in dice),
        strategos=sum(v for s, v in state["strategos"][row - 1] if s == seat),
        ares=(state["track"]["ares"][seat], stack_place(state, "ares", seat)),
        dionysus=(state["track"]["dionysus"][seat], stack_place(state, "dionysus", seat)),
        vp=state["vp"][seat],
    )


class RevealInvader(Draw):
    """The invader card of the battle's row is turned up: one of the cards nobody has seen."""

    name = "reveal_invader"
    topic = "battle"

    def options(self, state: State, frame: Frame) -> Sequence[Choice]:
        seen = set(state["invaders"])
        return [choices.outcome(Invader(i)) for i in sorted(catalog().invaders) if i not in seen]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        return Say("{invader:invader}", invader=choice.args_as(Invader).invader), ""

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("Invader card of row {row}", row=frame["row"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        invader = choice.args_as(Invader).invader
        state["invaders"][frame["row"] - 1] = invader
        log(state, lambda: Say("Row {row}: the invader is {invader:invader}", row=frame["row"], invader=invader))


class Battle(Auto):
    name = "battle"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        row = frame["row"]
        state["battles"] += 1
        invader = catalog().invaders[state["invaders"][row - 1]]
        fighters = [combatant(state, seat, row) for seat in range(state["n"])]
        report = resolve_battle(state["battles"], invader["modifier"], fighters)
        gate = state["gates"][row - 1]
        branches = {}
        for outcome in report.outcomes:
            seat = outcome.seat
            state["vp"][seat] = outcome.vp_after
            loot = catalog().gates[gate]["loot"] * outcome.loot if gate else []
            wages = [{"step": "wage", "seat": seat, "space": d} for d in row_power(state, seat, row)[1]]
            branches[seat] = effects.frames(loot, seat) + wages
        state["last_battle"] = {
            "round": state["round"], "row": row, "number": state["battles"], "invader": report.invader,
            "results": [[o.power, o.result, o.vp_change, o.loot] for o in report.outcomes], "gate": report.gate_tile,
        }
        log(state, lambda: Say("Battle {number} in row {row}: invader power {invader}; {results:battle}",
                               number=state["battles"], row=row, invader=report.invader,
                               results=[[o.seat, o.power, o.result, o.vp_change] for o in report.outcomes]))
        if gate and report.gate_tile is not None:
            state["gates"][row - 1] = None
            state["gates_won"][report.gate_tile].append(gate)
            log(state, lambda: Say("{seat:seat} takes the gate tile of row {row}", seat=report.gate_tile, row=row))
        flow.parallel({seat: branches[seat] for seat in state["order"]})


def send_home(state: State, seat: int, space: str) -> None:
    del state["city"]["dice"][space]
    state["pool_h"][seat] = sorted(state["pool_h"][seat] + [0])
    log(state, lambda: Say("{seat:seat}'s hoplite on {space:space} goes home", seat=seat, space=space))


class WageDue(Auto):
    """A hoplite die that fought: its owner decides, or without a drachma it goes home."""

    name = "wage"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        die = state["city"]["dice"].get(frame["space"])
        if die is None or die[0] != frame["seat"]:
            return
        if state["res"][frame["seat"]]["drachma"]:
            flow.push({**frame, "step": "wage_pay"})
        else:
            send_home(state, frame["seat"], frame["space"])


class Wage(Ask):
    """Pay 1 drachma to keep a hoplite die that fought in the city, or send it home at 1."""

    name = "wage_pay"
    topic = "battle"

    def options(self, state: State, frame: Frame) -> Sequence[Choice]:
        return choices.keep_or_home(frame["space"])

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        f, space = state["city"]["dice"][frame["space"]][2], frame["space"]
        if isinstance(choice.args, Keep):
            return Say("Pay 1 drachma: keep the hoplite {face:face} on {space:space}", face=f, space=space), ""
        return (Say("Send the hoplite {face:face} on {space:space} home", face=f, space=space),
                Say("it returns to your supply at 1"))

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: hoplite wages", seat=frame["seat"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        seat, space = frame["seat"], frame["space"]
        if isinstance(choice.args, Keep):
            pay(state, seat, {"drachma": 1})
            log(state, lambda: Say("{seat:seat} pays 1 drachma to keep the hoplite on {space:space}",
                                   seat=seat, space=space))
        else:
            send_home(state, seat, space)


class TurnOrder(Auto):
    """Turn order by the Dionysus track; on one space, the marker lower in the stack goes first."""

    name = "turn_order"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        track, stamps = state["track"]["dionysus"], state["arrived"]["dionysus"]
        state["order"] = sorted(range(state["n"]), key=lambda s: (-track[s], stamps[s]))
        log(state, lambda: Say("Turn order: {order:order}", order=list(state["order"])))


STEPS = (RevealInvader(), Battle(), WageDue(), Wage(), TurnOrder())

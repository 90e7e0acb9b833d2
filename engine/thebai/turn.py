"""The action phase: each player's turn in turn order.

1. estate refresh (only with no citizen die in the supply), 2. use a citizen die on the estate
or in the city, 3. move the archon (engine/thebai/archon.py), 4. use a metoikoi tile
(optional); one contract may be fulfilled before or after any step.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Ask, Auto, Choice, Say
from engine.core.flow import Frame, Stack
from engine.core.text import Said

from . import choices, effects
from .board import State, city_grid, empty_columns, free_dice_spaces, free_estate_spaces, free_tiles, log, pay
from .cadmea import tile_frames
from .catalog import catalog
from .choices import Before, City, Die, End, Estate, Metoikoi, OneTile, Skip
from .constants import power
from .contracts import TurnStage, turn_fulfils


class Round(Auto):
    name = "round"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        state["round"] += 1
        state["phase"] = "action"
        log(state, lambda: Say("Round {round}", round=state["round"]))
        flow.push(*({"step": "turn_start", "seat": seat} for seat in state["order"]), {"step": "fate_phase"})


class TurnStart(Auto):
    name = "turn_start"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        seat = frame["seat"]
        state["turn"] = {"seat": seat, "fulfils": 1}
        if not state["pool_c"][seat]:
            refresh(state, seat)
        flow.push(*({"step": s, "seat": seat} for s in ("use_die", "archon", "use_metoikoi", "end_turn")))


def refresh(state: State, seat: int) -> None:
    """No citizen die in the supply: estate dice come home, metoikoi tiles leave, a new die."""
    state["pool_c"][seat] = sorted(state["pool_c"][seat] + list(state["estate_dice"][seat].values()))
    state["estate_dice"][seat] = {}
    state["meto_box"] += len(state["estate_meto"][seat])
    state["estate_meto"][seat] = {}
    if state["common"][seat]:
        state["common"][seat] -= 1
        new = catalog().refresh_face[empty_columns(state, seat)]
        state["pool_c"][seat] = sorted(state["pool_c"][seat] + [new])
        log(state, lambda: Say("{seat:seat} refreshes the estate: a new citizen die at {face:face}",
                               seat=seat, face=new))
    else:
        log(state, lambda: Say("{seat:seat} refreshes the estate (no citizen die left to add)", seat=seat))


def estate_action(state: State, seat: int, space: str, pow_: int) -> list[Frame]:
    """The frames of an estate action (with its commander row bonus, if the row has a stand)."""
    frames = effects.frames(catalog().estate[space]["effect"], seat, pow_)
    row = int(space[1])
    for cid, stand in state["cmd"].items():
        if stand["seat"] == seat and stand.get("at") == f"row{row}":
            return [{"step": "row_bonus", "seat": seat, "commander": cid, "then": frames}]
    return frames


def estate_effect(space: str, pow_: int) -> effects.PoweredEffect:
    """An estate action's effect for a die (or metoikoi tile) of that power, as the kind
    ``effect`` of engine/thebai/text.py spells it."""
    return {"effect": catalog().estate[space]["effect"], "power": pow_}


class UseDie(TurnStage):
    name = "use_die"
    topic = "turn"

    def ready(self, state: State, frame: Frame) -> bool:
        """A citizen die to use and somewhere to put it (a full estate and a full city skip the step)."""
        return bool(state["pool_c"][frame["seat"]]) and bool(die_spaces(state, frame["seat"]))

    def options(self, state: State, frame: Frame) -> list[Choice]:
        seat = frame["seat"]
        dice = [choices.die(f, seat) for f in sorted(set(state["pool_c"][seat]))]
        return dice + turn_fulfils(state, seat)

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        match choice.args:
            case Die(f):
                return Say("Use a citizen die {face:face}", face=f), Say("power {power}", power=power(f))
        return super().describe(state, frame, choice)

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: use a citizen die", seat=frame["seat"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        if not self.fulfil_now(state, frame, choice, flow):
            flow.push({"step": "die_space", "seat": frame["seat"], "face": choice.args_as(Die).face})


def city_allowed(state: State, seat: int) -> bool:
    """Before the last citizen die is used, one must have gone to the estate (if it can)."""
    return (len(state["pool_c"][seat]) > 1 or bool(state["estate_dice"][seat])
            or not free_estate_spaces(state, seat))


def die_spaces(state: State, seat: int) -> list[Choice]:
    """Where a citizen die of ``seat`` may go: a free estate action space, or a free dice space
    of the city next to a Cadmea tile."""
    found = [choices.estate(s, seat) for s in free_estate_spaces(state, seat)]
    if city_allowed(state, seat):
        found += [choices.city(d) for d in free_dice_spaces(state, True)]
    return found


class DieSpace(Ask):
    name = "die_space"
    topic = "turn"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return die_spaces(state, frame["seat"])

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        match choice.args:
            case Estate(where):
                return (Say("Estate {space:space} {space:action}", space=where),
                        Say("{effect:effect}", effect=estate_effect(where, power(frame["face"]))))
        where = choice.args_as(City).space
        tiles = [state["city"]["tiles"][t][0] for t in city_grid(state).touching[where] if t in state["city"]["tiles"]]
        return Say("City {space:space}", space=where), Say("{tiles:tile_descs}", tiles=tiles)

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: where does the {face:face} die go?", seat=frame["seat"], face=frame["face"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        seat, f = frame["seat"], frame["face"]
        state["pool_c"][seat].remove(f)
        match choice.args:
            case Estate(where):
                state["estate_dice"][seat][where] = f
                log(state, lambda: Say("{seat:seat} puts a citizen die {face:face} on estate {space:space}",
                                       seat=seat, face=f, space=where))
                flow.push(*estate_action(state, seat, where, power(f)))
            case City(where):
                state["city"]["dice"][where] = [seat, "c", f]
                log(state, lambda: Say("{seat:seat} puts a citizen die {face:face} on {space:space}",
                                       seat=seat, face=f, space=where))
                usable = [t for t in city_grid(state).touching[where] if t in free_tiles(state)]
                if len(usable) == 2:
                    payable = power(f) if state["res"][seat]["drachma"] >= power(f) else 0
                    flow.push({"step": "city_tiles", "seat": seat, "space": where, "tiles": usable, "power": payable})
                elif usable:
                    flow.push(*tile_frames(state["city"]["tiles"][usable[0]][0], seat))


class CityTiles(Ask):
    """A die in the city resolves one tile beside it, or both for drachma equal to its power."""

    name = "city_tiles"
    topic = "city"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        found = [choices.one_tile(t) for t in frame["tiles"]]
        if frame["power"] and len(frame["tiles"]) == 2:
            found.append(choices.both(frame["space"]))
        return found

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        match choice.args:
            case OneTile(space):
                return (Say("Resolve {space:space}", space=space),
                        Say("{tile:tile_desc}", tile=state["city"]["tiles"][space][0]))
        return Say("Both tiles for {drachma} drachma", drachma=frame["power"]), ""

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: which tile does the die resolve?", seat=frame["seat"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        seat = frame["seat"]
        match choice.args:
            case OneTile(space):
                spaces = [space]
            case _:
                pay(state, seat, {"drachma": frame["power"]})
                spaces = frame["tiles"]
        for t in reversed(spaces):
            flow.push(*tile_frames(state["city"]["tiles"][t][0], seat))


class RowBonus(Ask):
    """A commander stand beside the row: its bonus before or after the action."""

    name = "row_bonus"
    topic = "commanders"

    def options(self, state: State, frame: Frame) -> Sequence[Choice]:
        return choices.BEFORE_AFTER

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        bonus = Say("{commander:bonus}", commander=frame["commander"])
        if isinstance(choice.args, Before):
            return Say("Commander bonus before the action"), bonus
        return Say("Commander bonus after the action"), bonus

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: take the commander bonus before or after the action?", seat=frame["seat"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        bonus = effects.frames(catalog().commanders[frame["commander"]]["bonus"], frame["seat"])
        flow.push(*(bonus + frame["then"] if isinstance(choice.args, Before) else frame["then"] + bonus))


def metoikoi_choices(state: State, seat: int) -> list[Choice]:
    metoikoi = catalog().metoikoi
    return [choices.metoikoi(m, s, seat) for m in sorted(set(state["meto"][seat]))
            for s in free_estate_spaces(state, seat, metoikoi[m]["row"])]


class UseMetoikoi(TurnStage):
    """Step 4 (optional): a metoikoi tile on a free space of its row, as a die of its power."""

    name = "use_metoikoi"
    topic = "metoikoi"

    def ready(self, state: State, frame: Frame) -> bool:
        return bool(metoikoi_choices(state, frame["seat"]) or turn_fulfils(state, frame["seat"]))

    def options(self, state: State, frame: Frame) -> list[Choice]:
        seat = frame["seat"]
        return [*metoikoi_choices(state, seat), *turn_fulfils(state, seat), choices.SKIP]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        match choice.args:
            case Skip():
                return Say("No metoikoi this turn"), ""
            case Metoikoi(m, space):
                return (Say("Metoikoi {metoikoi:metoikoi} on {space:space} {space:action}", metoikoi=m, space=space),
                        Say("{effect:effect}", effect=estate_effect(space, catalog().metoikoi[m]["power"])))
        return super().describe(state, frame, choice)

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: use a metoikoi tile?", seat=frame["seat"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        if isinstance(choice.args, Skip) or self.fulfil_now(state, frame, choice, flow):
            return
        seat = frame["seat"]
        chosen = choice.args_as(Metoikoi)
        m, space = chosen.metoikoi, chosen.space
        state["meto"][seat].remove(m)
        state["estate_meto"][seat][space] = m
        log(state, lambda: Say("{seat:seat} uses metoikoi {metoikoi:metoikoi} on estate {space:space}",
                               seat=seat, metoikoi=m, space=space))
        flow.push(*estate_action(state, seat, space, catalog().metoikoi[m]["power"]))


class EndTurn(TurnStage):
    """The turn's last chance to fulfil a contract."""

    name = "end_turn"
    topic = "contracts"

    def ready(self, state: State, frame: Frame) -> bool:
        return bool(turn_fulfils(state, frame["seat"]))

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [*turn_fulfils(state, frame["seat"]), choices.END]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        return (Say("End the turn"), "") if isinstance(choice.args, End) else super().describe(state, frame, choice)

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: fulfil a contract or end the turn", seat=frame["seat"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        self.fulfil_now(state, frame, choice, flow)


STEPS = (Round(), TurnStart(), UseDie(), DieSpace(), CityTiles(), RowBonus(), UseMetoikoi(), EndTurn())

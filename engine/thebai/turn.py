"""The action phase: each player's turn in turn order.

1. estate refresh (only with no citizen die in the supply), 2. use a citizen die on the estate
or in the city, 3. move the archon (engine/thebai/archon.py), 4. use a metoikoi tile
(optional); one contract may be fulfilled before or after any step.
"""

from __future__ import annotations

from engine.core import Ask, Auto, Choice

from . import choices, effects
from .board import city_grid, empty_columns, free_dice_spaces, free_estate_spaces, free_tiles, log, names, pay
from .cadmea import tile_frames
from .catalog import catalog
from .choices import Before, City, Die, End, Estate, Metoikoi, OneTile, Skip
from .constants import power
from .contracts import TurnStage, turn_fulfils
from .text import effect_text, face, tile_text


class Round(Auto):
    name = "round"

    def run(self, state, frame, flow):
        state["round"] += 1
        state["phase"] = "action"
        log(state, lambda: f"Round {state['round']}")
        flow.push(*({"step": "turn_start", "seat": seat} for seat in state["order"]), {"step": "fate_phase"})


class TurnStart(Auto):
    name = "turn_start"

    def run(self, state, frame, flow):
        seat = frame["seat"]
        state["turn"] = {"seat": seat, "fulfils": 1}
        if not state["pool_c"][seat]:
            refresh(state, seat)
        flow.push(*({"step": s, "seat": seat} for s in ("use_die", "archon", "use_metoikoi", "end_turn")))


def refresh(state, seat: int) -> None:
    """No citizen die in the supply: estate dice come home, metoikoi tiles leave, a new die."""
    state["pool_c"][seat] = sorted(state["pool_c"][seat] + list(state["estate_dice"][seat].values()))
    state["estate_dice"][seat] = {}
    state["meto_box"] += len(state["estate_meto"][seat])
    state["estate_meto"][seat] = {}
    if state["common"][seat]:
        state["common"][seat] -= 1
        new = catalog().refresh_face[empty_columns(state, seat)]
        state["pool_c"][seat] = sorted(state["pool_c"][seat] + [new])
        log(state, lambda: f"{names(state, seat)} refreshes the estate: a new citizen die at {face(new)}")
    else:
        log(state, lambda: f"{names(state, seat)} refreshes the estate (no citizen die left to add)")


def estate_action(state, seat: int, space: str, pow_: int) -> list[dict]:
    """The frames of an estate action (with its commander row bonus, if the row has a stand)."""
    frames = effects.frames(catalog().estate[space]["effect"], seat, pow_)
    row = int(space[1])
    for cid, stand in state["cmd"].items():
        if stand["seat"] == seat and stand.get("at") == f"row{row}":
            return [{"step": "row_bonus", "seat": seat, "commander": cid, "then": frames}]
    return frames


class UseDie(TurnStage):
    name = "use_die"
    topic = "turn"

    def ready(self, state, frame):
        return bool(state["pool_c"][frame["seat"]])

    def options(self, state, frame):
        seat = frame["seat"]
        dice = [choices.die(f, seat) for f in sorted(set(state["pool_c"][seat]))]
        return dice + turn_fulfils(state, seat)

    def describe(self, state, frame, choice):
        if isinstance(choice.args, Die):
            return f"Use a citizen die {face(choice.args.face)}", f"power {power(choice.args.face)}"
        return super().describe(state, frame, choice)

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: use a citizen die"

    def act(self, state, frame, choice, flow):
        if not self.fulfil_now(state, frame, choice, flow):
            flow.push({"step": "die_space", "seat": frame["seat"], "face": choice.args.face})


def city_allowed(state, seat: int) -> bool:
    """Before the last citizen die is used, one must have gone to the estate (if it can)."""
    return (len(state["pool_c"][seat]) > 1 or bool(state["estate_dice"][seat])
            or not free_estate_spaces(state, seat))


class DieSpace(Ask):
    name = "die_space"
    topic = "turn"

    def options(self, state, frame):
        seat = frame["seat"]
        found = [choices.estate(s, seat) for s in free_estate_spaces(state, seat)]
        if city_allowed(state, seat):
            found += [choices.city(d) for d in free_dice_spaces(state, True)]
        return found

    def describe(self, state, frame, choice):
        match choice.args:
            case Estate(where):
                p = power(frame["face"])
                return f"Estate {where} {catalog().estate[where]['name']}", effect_text(catalog().estate[where]["effect"], p)
            case City(where):
                tiles = [t for t in city_grid(state).touching[where] if t in state["city"]["tiles"]]
                return f"City {where}", " / ".join(tile_text(state["city"]["tiles"][t][0]) for t in tiles)

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: where does the {face(frame['face'])} die go?"

    def act(self, state, frame, choice, flow):
        seat, f = frame["seat"], frame["face"]
        where = choice.args.space
        state["pool_c"][seat].remove(f)
        if isinstance(choice.args, Estate):
            state["estate_dice"][seat][where] = f
            log(state, lambda: f"{names(state, seat)} puts a citizen die {face(f)} on estate {where}")
            flow.push(*estate_action(state, seat, where, power(f)))
            return
        state["city"]["dice"][where] = [seat, "c", f]
        log(state, lambda: f"{names(state, seat)} puts a citizen die {face(f)} on {where}")
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

    def options(self, state, frame):
        found = [choices.one_tile(t) for t in frame["tiles"]]
        if frame["power"] and len(frame["tiles"]) == 2:
            found.append(choices.both(frame["space"]))
        return found

    def describe(self, state, frame, choice):
        match choice.args:
            case OneTile(space):
                return f"Resolve {space}", tile_text(state["city"]["tiles"][space][0])
        return f"Both tiles for {frame['power']} drachma", ""

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: which tile does the die resolve?"

    def act(self, state, frame, choice, flow):
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
    def options(self, state, frame):
        return choices.BEFORE_AFTER

    def describe(self, state, frame, choice):
        bonus = effect_text(catalog().commanders[frame["commander"]]["bonus"])
        when = "before" if isinstance(choice.args, Before) else "after"
        return f"Commander bonus {when} the action", bonus

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: take the commander bonus before or after the action?"

    def act(self, state, frame, choice, flow):
        bonus = effects.frames(catalog().commanders[frame["commander"]]["bonus"], frame["seat"])
        flow.push(*(bonus + frame["then"] if isinstance(choice.args, Before) else frame["then"] + bonus))


def metoikoi_choices(state, seat: int) -> list[Choice]:
    metoikoi = catalog().metoikoi
    return [choices.metoikoi(m, s, seat) for m in sorted(set(state["meto"][seat]))
            for s in free_estate_spaces(state, seat, metoikoi[m]["row"])]


class UseMetoikoi(TurnStage):
    """Step 4 (optional): a metoikoi tile on a free space of its row, as a die of its power."""

    name = "use_metoikoi"
    topic = "metoikoi"

    def ready(self, state, frame):
        return bool(metoikoi_choices(state, frame["seat"]) or turn_fulfils(state, frame["seat"]))

    def options(self, state, frame):
        seat = frame["seat"]
        return [*metoikoi_choices(state, seat), *turn_fulfils(state, seat), choices.SKIP]

    def describe(self, state, frame, choice):
        match choice.args:
            case Skip():
                return "No metoikoi this turn", ""
            case Metoikoi(m, space):
                p = catalog().metoikoi[m]["power"]
                return f"Metoikoi {m} on {space} {catalog().estate[space]['name']}", effect_text(catalog().estate[space]["effect"], p)
        return super().describe(state, frame, choice)

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: use a metoikoi tile?"

    def act(self, state, frame, choice, flow):
        if isinstance(choice.args, Skip) or self.fulfil_now(state, frame, choice, flow):
            return
        seat = frame["seat"]
        m, space = choice.args.metoikoi, choice.args.space
        state["meto"][seat].remove(m)
        state["estate_meto"][seat][space] = m
        log(state, lambda: f"{names(state, seat)} uses metoikoi {m} on estate {space}")
        flow.push(*estate_action(state, seat, space, catalog().metoikoi[m]["power"]))


class EndTurn(TurnStage):
    """The turn's last chance to fulfil a contract."""

    name = "end_turn"
    topic = "contracts"

    def ready(self, state, frame):
        return bool(turn_fulfils(state, frame["seat"]))

    def options(self, state, frame):
        return [*turn_fulfils(state, frame["seat"]), choices.END]

    def describe(self, state, frame, choice):
        return ("End the turn", "") if isinstance(choice.args, End) else super().describe(state, frame, choice)

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: fulfil a contract or end the turn"

    def act(self, state, frame, choice, flow):
        self.fulfil_now(state, frame, choice, flow)


STEPS = (Round(), TurnStart(), UseDie(), DieSpace(), CityTiles(), RowBonus(), UseMetoikoi(), EndTurn())

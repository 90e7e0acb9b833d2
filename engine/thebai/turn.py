"""The action phase: each player's turn in turn order.

1. estate refresh (only with no citizen die in the supply), 2. use a citizen die on the estate
or in the city, 3. move the archon (engine/thebai/archon.py), 4. use a metoikoi tile
(optional); one contract may be fulfilled before or after any step.
"""

from __future__ import annotations

from engine.core import Ask, Auto, Choice

from . import effects
from .board import city_grid, empty_columns, free_dice_spaces, free_estate_spaces, free_tiles, log, names, pay
from .cadmea import tile_frames
from .catalog import catalog
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
        dice = [Choice(f"die:{f}", target=f"pool{seat}.c") for f in sorted(set(state["pool_c"][seat]))]
        return dice + turn_fulfils(state, seat)

    def describe(self, state, frame, choice):
        if choice.id.startswith("die:"):
            return f"Use a citizen die {face(int(choice.id[4:]))}", f"power {power(int(choice.id[4:]))}"
        return super().describe(state, frame, choice)

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: use a citizen die"

    def act(self, state, frame, choice, flow):
        if not self.fulfil_now(state, frame, choice, flow):
            flow.push({"step": "die_space", "seat": frame["seat"], "face": int(choice.id[4:])})


def city_allowed(state, seat: int) -> bool:
    """Before the last citizen die is used, one must have gone to the estate (if it can)."""
    return (len(state["pool_c"][seat]) > 1 or bool(state["estate_dice"][seat])
            or not free_estate_spaces(state, seat))


class DieSpace(Ask):
    name = "die_space"
    topic = "turn"

    def options(self, state, frame):
        seat = frame["seat"]
        choices = [Choice(f"est:{s}", target=f"e{seat}.{s}") for s in free_estate_spaces(state, seat)]
        if city_allowed(state, seat):
            choices += [Choice(f"city:{d}", target=d) for d in free_dice_spaces(state, True)]
        return choices

    def describe(self, state, frame, choice):
        place, _, where = choice.id.partition(":")
        p = power(frame["face"])
        if place == "est":
            return f"Estate {where} {catalog().estate[where]['name']}", effect_text(catalog().estate[where]["effect"], p)
        tiles = [t for t in city_grid(state).touching[where] if t in state["city"]["tiles"]]
        return f"City {where}", " / ".join(tile_text(state["city"]["tiles"][t][0]) for t in tiles)

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: where does the {face(frame['face'])} die go?"

    def act(self, state, frame, choice, flow):
        seat, f = frame["seat"], frame["face"]
        place, _, where = choice.id.partition(":")
        state["pool_c"][seat].remove(f)
        if place == "est":
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
        choices = [Choice(f"one:{t}", target=t) for t in frame["tiles"]]
        if frame["power"] and len(frame["tiles"]) == 2:
            choices.append(Choice("both", target=frame["space"]))
        return choices

    def describe(self, state, frame, choice):
        if choice.id == "both":
            return f"Both tiles for {frame['power']} drachma", ""
        return f"Resolve {choice.id[4:]}", tile_text(state["city"]["tiles"][choice.id[4:]][0])

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: which tile does the die resolve?"

    def act(self, state, frame, choice, flow):
        seat = frame["seat"]
        if choice.id == "both":
            pay(state, seat, {"drachma": frame["power"]})
            spaces = frame["tiles"]
        else:
            spaces = [choice.id[4:]]
        for t in reversed(spaces):
            flow.push(*tile_frames(state["city"]["tiles"][t][0], seat))


class RowBonus(Ask):
    """A commander stand beside the row: its bonus before or after the action."""

    name = "row_bonus"
    topic = "commanders"
    CHOICES = (Choice("before"), Choice("after"))

    def options(self, state, frame):
        return self.CHOICES

    def describe(self, state, frame, choice):
        bonus = effect_text(catalog().commanders[frame["commander"]]["bonus"])
        return f"Commander bonus {choice.id} the action", bonus

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: take the commander bonus before or after the action?"

    def act(self, state, frame, choice, flow):
        bonus = effects.frames(catalog().commanders[frame["commander"]]["bonus"], frame["seat"])
        flow.push(*(bonus + frame["then"] if choice.id == "before" else frame["then"] + bonus))


def metoikoi_choices(state, seat: int) -> list[Choice]:
    metoikoi = catalog().metoikoi
    return [Choice(f"m:{m}:{s}", target=f"e{seat}.{s}") for m in sorted(set(state["meto"][seat]))
            for s in free_estate_spaces(state, seat, metoikoi[m]["row"])]


class UseMetoikoi(TurnStage):
    """Step 4 (optional): a metoikoi tile on a free space of its row, as a die of its power."""

    name = "use_metoikoi"
    topic = "metoikoi"

    def ready(self, state, frame):
        return bool(metoikoi_choices(state, frame["seat"]) or turn_fulfils(state, frame["seat"]))

    def options(self, state, frame):
        seat = frame["seat"]
        return [*metoikoi_choices(state, seat), *turn_fulfils(state, seat), Choice("skip")]

    def describe(self, state, frame, choice):
        if choice.id == "skip":
            return "No metoikoi this turn", ""
        if choice.id.startswith("m:"):
            _, m, space = choice.id.split(":")
            p = catalog().metoikoi[m]["power"]
            return f"Metoikoi {m} on {space} {catalog().estate[space]['name']}", effect_text(catalog().estate[space]["effect"], p)
        return super().describe(state, frame, choice)

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: use a metoikoi tile?"

    def act(self, state, frame, choice, flow):
        if choice.id == "skip" or self.fulfil_now(state, frame, choice, flow):
            return
        seat = frame["seat"]
        _, m, space = choice.id.split(":")
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
        return [*turn_fulfils(state, frame["seat"]), Choice("end")]

    def describe(self, state, frame, choice):
        return ("End the turn", "") if choice.id == "end" else super().describe(state, frame, choice)

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: fulfil a contract or end the turn"

    def act(self, state, frame, choice, flow):
        self.fulfil_now(state, frame, choice, flow)


STEPS = (Round(), TurnStart(), UseDie(), DieSpace(), CityTiles(), RowBonus(), UseMetoikoi(), EndTurn())

"""An epoch's preparation and its end: the temple, Depraccus, bonus tiles, scoring."""

from __future__ import annotations

from functools import cache

from engine.core import Auto, Choice, Frame, Stack, add_log
from engine.core.text import Said, Say

from .board import count_occupancy
from .catalog import catalog
from .chance import deal
from .choices import DepraccusCards
from .common import Choose, State, gods_owned, seats_from
from .loot import effect
from .scoring import EPOCH_END_BONUS, EPOCHS, SCORING_EPOCHS, interim_scoring


class Prep(Auto):
    """A new epoch: its nation, gods, loot, the nation's power, the temple, then the turns."""

    name = "prep"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        state["epoch"] += 1
        state["gods_shown"] = 0
        n = state["n"]
        frames = [
            {"step": "nation"},
            {"step": "reveal_god", "n": n + 1},
            {"step": "place_loot", "slot": 0, "n": n + 1},
            {"step": "power"},
            {"step": "temple"},
            {"step": "depraccus"},
        ]
        if state["epoch"] == 1:
            frames.append({"step": "bonus_exec"})
        frames.append({"step": "turn", "seat": state["start"]})
        flow.push(*frames)


class Temple(Auto):
    name = "temple"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        nation = state["nations"][-1]
        state["temple"] = start = catalog().nations[nation]["start"]
        add_log(state, Say("The temple is placed on {nation:nation}'s start hex {hex:hex}.", nation=nation, hex=start))


class Depraccus(Auto):
    """The end of the preparation, after the temple: each owner of Depraccus, from the start
    player on, may draw 2 cards from the deck per Depraccus (one taken earlier in this same
    preparation counts: its end has not come yet)."""

    name = "depraccus"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        draws = [(seat, gods_owned(state, seat, "depraccus")) for seat in seats_from(state, state["start"])]
        flow.push(*({"step": "depraccus_draw", "seat": seat, "n": count} for seat, count in draws if count))


@cache
def depraccus_choice(cards: int) -> Choice:
    return Choice.of(DepraccusCards(cards))


class DepraccusDraw(Choose):
    """Depraccus "may" draw: 2 cards per Depraccus held, or fewer, or none."""

    name = "depraccus_draw"
    topic = "gods"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [depraccus_choice(2 * count) for count in range(frame["n"], 0, -1)] + [depraccus_choice(0)]

    def describe(self, state: State, frame: Frame, option: Choice) -> tuple[Said, Said]:
        cards = option.args_as(DepraccusCards).cards
        label = Say("Draw {cards} cards from the deck", cards=cards) if cards else Say("Draw no cards")
        return label, Say("Depraccus")

    def question(self, state: State, frame: Frame) -> Said:
        return Say("Depraccus: draw cards from the deck?")

    def act(self, state: State, frame: Frame, option: Choice, flow: Stack) -> None:
        cards = option.args_as(DepraccusCards).cards
        if cards:
            flow.push(deal(frame["seat"], cards))
        else:
            add_log(state, Say("{seat:seat} draws no cards for Depraccus.", seat=frame["seat"]))


class BonusTiles(Auto):
    """The bonus tiles act once, after the first epoch's preparation."""

    name = "bonus_exec"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        bonus = catalog().bonus
        tiles = [(seat, state["players"][seat]["bonus"]) for seat in seats_from(state, state["start"])]
        flow.push(*(effect(seat, bonus[tile]["effect"], bonus[tile]["n"], "bonus") for seat, tile in tiles if tile))


def epoch_over(state: State) -> bool:
    return not state["loot"] or (state["gods_shown"] > 0 and not state["god_display"])


class AfterAction(Auto):
    """After a seat's action: the epoch ends, Traitera offers a second action, or the next seat's turn."""

    name = "after_action"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        seat = frame["seat"]
        state["big_foot"] = None
        if epoch_over(state):
            flow.push({"step": "epoch_end", "seat": seat})
        elif gods_owned(state, seat, "traitera") > state["players"][seat]["traitera_used"]:
            flow.push({"step": "traitera", "seat": seat})
        else:
            flow.push({"step": "turn", "seat": (seat + 1) % state["n"]})


class EpochEnd(Auto):
    name = "epoch_end"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        # The player who took the last loot or god tile ends it (whoever's action it was),
        # scores 3 and hands the temple on.
        seat, epoch = state.pop("ender", frame["seat"]), state["epoch"]
        state["players"][seat]["vp"]["epoch"] += EPOCH_END_BONUS
        add_log(state, Say("{seat:seat} ends epoch {epoch} and scores {points}.", seat=seat, epoch=epoch,
                           points=EPOCH_END_BONUS))
        state["start"] = (seat + 1) % state["n"]
        for p in state["players"]:
            p["feet"] += len(p["feet_on"])
            p["feet_on"] = []
        state["occupied"] = count_occupancy(state["players"])
        state["temple"] = None
        state["god_box"].extend(state["god_display"])
        state["god_display"] = []
        state["demigod_box"].extend(state["demigod_display"])
        state["demigod_display"] = []
        for kind in state["loot"].values():
            state["loot_box"][kind] = state["loot_box"].get(kind, 0) + 1
        state["loot"] = {}
        add_log(state, Say("The temple passes to {seat:seat}; feet return, columns stay, leftovers are boxed.",
                           seat=state["start"]))
        if epoch in SCORING_EPOCHS:
            score_epoch(state)
        if epoch >= EPOCHS:
            add_log(state, Say("The game is over."))
            flow.clear()
        else:
            flow.push({"step": "prep"})


def score_epoch(state: State) -> None:
    for seat, p in enumerate(state["players"]):
        part = interim_scoring(len(p["columns_on"]), p["demigods"], gods_owned(state, seat, "pietalte"),
                               p["tiles"].values())
        for category, points in part.items():
            p["vp"][category] += points
        add_log(state, Say("Scoring: {seat:seat} gets {demigods} for demigods, {columns} for {count} columns, "
                           "{pietalte} from Pietalte.", seat=seat, demigods=part["demigods"], columns=part["columns"],
                           count=len(p["columns_on"]), pietalte=part["pietalte"]))

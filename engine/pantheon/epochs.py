"""An epoch's preparation and its end: the temple, Depraccus, bonus tiles, scoring."""

from __future__ import annotations

from engine.core import add_log

from .board import count_occupancy
from .chance import deal
from .data import catalog
from .loot import effect
from .scoring import EPOCH_END_BONUS, EPOCHS, SCORING_EPOCHS, interim_scoring
from .tasks import State, automatic, gods_owned, name, push, seats_from


@automatic("prep")
def _prep(state, task):
    state["epoch"] += 1
    state["gods_shown"] = 0
    n = state["n"]
    tasks = [
        {"t": "nation"},
        {"t": "reveal_god", "n": n + 1},
        {"t": "place_loot", "slot": 0, "n": n + 1},
        {"t": "power"},
        {"t": "temple"},
        {"t": "depraccus"},
    ]
    if state["epoch"] == 1:
        tasks.append({"t": "bonus_exec"})
    tasks.append({"t": "turn", "seat": state["start"]})
    push(state, *tasks)


@automatic("temple")
def _temple(state, task):
    nation = catalog().nations[state["nations"][-1]]
    state["temple"] = nation["start"]
    add_log(state, f"The temple is placed on {nation['name']}'s start hex {nation['start']}.")


@automatic("depraccus")
def _depraccus(state, task):
    for seat in reversed(seats_from(state, state["start"])):
        count = gods_owned(state, seat, "depraccus")
        if count:
            push(state, deal(seat, 2 * count))


@automatic("bonus_exec")
def _bonus_exec(state, task):
    for seat in reversed(seats_from(state, state["start"])):
        tile = state["players"][seat]["bonus"]
        if tile:
            record = catalog().bonus[tile]
            push(state, effect(seat, record["effect"], record["n"], "bonus"))


def epoch_over(state: State) -> bool:
    return not state["loot"] or (state["gods_shown"] > 0 and not state["god_display"])


@automatic("after_action")
def _after_action(state, task):
    seat = task["seat"]
    state["big_foot"] = None
    if epoch_over(state):
        push(state, {"t": "epoch_end", "seat": seat})
    elif gods_owned(state, seat, "traitera") > state["players"][seat]["traitera_used"]:
        push(state, {"t": "traitera", "seat": seat})
    else:
        push(state, {"t": "turn", "seat": (seat + 1) % state["n"]})


@automatic("epoch_end")
def _epoch_end(state, task):
    seat, epoch = task["seat"], state["epoch"]
    state["players"][seat]["vp"]["epoch"] += EPOCH_END_BONUS
    add_log(state, f"{name(state, seat)} ends epoch {epoch} and scores {EPOCH_END_BONUS}.")
    state["start"] = (seat + 1) % state["n"]
    for p in state["players"]:
        p["feet"] += len(p["feet_on"])
        p["feet_on"] = []
    state["occupied"] = count_occupancy(state["players"])
    state["temple"] = None
    state["god_box"].extend(state["god_display"])
    state["god_display"] = []
    state["demigod_display"] = []
    state["loot"] = {}
    add_log(state, f"The temple passes to {name(state, state['start'])}; feet return, columns stay, leftovers are boxed.")
    if epoch in SCORING_EPOCHS:
        score_epoch(state)
    if epoch >= EPOCHS:
        state["over"] = True
        add_log(state, "The game is over.")
    else:
        push(state, {"t": "prep"})


def score_epoch(state: State) -> None:
    for seat, p in enumerate(state["players"]):
        part = interim_scoring(len(p["columns_on"]), p["demigods"], gods_owned(state, seat, "pietalte"), p["tiles"].values())
        for category, points in part.items():
            p["vp"][category] += points
        add_log(state, f"Scoring: {name(state, seat)} gets {part['demigods']} for demigods, "
                       f"{part['columns']} for {len(p['columns_on'])} columns, {part['pietalte']} from Pietalte.")

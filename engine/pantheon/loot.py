"""Loot and bonus tile effects, and the bonus tiles themselves."""

from __future__ import annotations

from engine.core import Choice, Decision, add_log

from .board import COLUMN, FOOT, free_column_sites
from .chance import deal, demigod_draw
from .data import catalog
from .gods import take_special_money
from .tasks import State, Task, acts, automatic, decides, finish, general_supply, name, push, ready, single


def effect(seat: int, kind: str, n: int, source: str) -> Task:
    return {"t": "effect", "seat": seat, "effect": kind, "n": n, "source": source}


@automatic("effect")
def _effect(state, task):
    seat, kind, n = task["seat"], task["effect"], task["n"]
    p = state["players"][seat]
    if kind == "reserve":
        push(state, {"t": "reserve", "seat": seat, "n": n})
    elif kind == "demigod":
        display = state["demigod_display"]
        if task["source"] == "loot" and display:
            value = display.pop(0)
            p["demigods"].append(value)
            who = name(state, seat)
            add_log(state, f"{who} takes demigod {value} from the display.", only=[seat],
                    others=f"{who} takes the highest demigod from the display.")
        else:
            push(state, demigod_draw(seat))
    elif kind == "god":
        push(state, {"t": "draw_god", "seat": seat, "how": task["source"]})
    elif kind == "column":
        push(state, {"t": "free_column", "seat": seat})
    elif kind == "offering":
        push(state, {"t": "offering", "seat": seat, "n": n})
    elif kind == "cards":
        push(state, deal(seat, n))
    elif kind == "money":
        take_special_money(state, seat)
    elif kind == "steps":
        p["steps"] += n
        add_log(state, f"{name(state, seat)} keeps a steps tile (+{n} step per move from now on).")


@ready("reserve")
def _reserve_ready(state, task):
    return any(general_supply(state, task["seat"], piece) for piece in (FOOT, COLUMN))


@decides("reserve")
def _reserve_decide(state, task):
    seat, n = task["seat"], task["n"]
    choices = []
    for piece, key in ((FOOT, "feet"), (COLUMN, "columns")):
        available = general_supply(state, seat, piece)
        if available:
            choices.append(Choice(key, f"Take {min(n, available)} {key} into your supply"))
    return single(state, seat, f"reserve: take {n} feet or {n} columns", choices, "loot")


@acts("reserve")
def _reserve_act(state, task, choice):
    seat = task["seat"]
    finish(state)
    got = min(task["n"], general_supply(state, seat, FOOT if choice == "feet" else COLUMN))
    state["players"][seat][choice] += got
    add_log(state, f"{name(state, seat)} takes {got} {choice} into their supply.")


@ready("free_column")
def _free_column_ready(state, task):
    seat = task["seat"]
    return general_supply(state, seat, COLUMN) > 0 and bool(free_column_sites(catalog(), state, seat))


@decides("free_column")
def _free_column_decide(state, task):
    choices = [Choice(f"column:{h}", f"Column to hex {h}") for h in free_column_sites(catalog(), state, task["seat"])]
    return single(state, task["seat"], "place a column from the general supply on any column hex", choices, "loot")


@acts("free_column")
def _free_column_act(state, task, choice):
    seat = task["seat"]
    finish(state)
    hex_id = choice.split(":", 1)[1]
    state["players"][seat]["columns_on"].append(hex_id)
    state["occupied"].setdefault(hex_id, []).append(seat)
    add_log(state, f"{name(state, seat)} places a column on {hex_id} (loot).")


# -- bonus tiles ----------------------------------------------------------------------------


@decides("bonus_draw")
def _bonus_draw_decide(state, task):
    bonus = catalog().bonus
    outcomes = [Choice(b, bonus[b]["label"]) for b in state["bonus_pool"]]
    return Decision.chance(f"Draw a bonus tile for {name(state, task['seat'])}", outcomes, "bonus")


@acts("bonus_draw")
def _bonus_draw_act(state, task, tile):
    take_bonus(state, task["seat"], tile)
    finish(state)


def take_bonus(state: State, seat: int, tile: str) -> None:
    state["bonus_pool"].remove(tile)
    state["players"][seat]["bonus"] = tile
    add_log(state, f"{name(state, seat)} gets the bonus tile {catalog().bonus[tile]['label']}.")


@decides("bonus_pick")
def _bonus_pick_decide(state, task):
    bonus = catalog().bonus
    choices = [Choice(f"bonus:{b}", bonus[b]["label"]) for b in state["bonus_pool"]]
    return single(state, task["seat"], "choose a bonus tile", choices, "bonus")


@acts("bonus_pick")
def _bonus_pick_act(state, task, choice):
    take_bonus(state, task["seat"], choice.split(":", 1)[1])
    finish(state)

"""Buying with money (offering tiles, pieces, placements) and the offering tile effect."""

from __future__ import annotations

from functools import lru_cache

from engine.core import Choice, add_log

from . import cards as deck
from .board import COLUMN, FOOT, placements
from .data import OFFERING_KINDS, Catalog, catalog
from .movement import collect, entry_cost, place, place_label
from .tasks import State, Task, acts, countdown, decides, finish, general_supply, make_choice, name, ready, single


def tile_cost(kind: str, current: int, level: int) -> int:
    prices = catalog().prices[kind]
    return prices[level - 1] - (prices[current - 1] if current else 0)


def tile_in_stock(state: State, kind: str, current: int, level: int) -> bool:
    """Levels 1/2 and 3/4 share double-sided tiles: flipping within a pair needs no new tile."""
    group = 0 if level <= 2 else 1
    if current and (current - 1) // 2 == group:
        return True
    return state["tile_stock"][kind][group] > 0


def set_tile(state: State, seat: int, kind: str, level: int) -> None:
    p = state["players"][seat]
    current = p["tiles"][kind]
    group = 0 if level <= 2 else 1
    if not (current and (current - 1) // 2 == group):
        state["tile_stock"][kind][group] -= 1
    p["tiles"][kind] = level


@decides("buy")
def _buy_decide(state, task):
    seat = task["seat"]
    p = state["players"][seat]
    cat = catalog()
    budget = task["budget"]
    funds = budget + (deck.money(p["hand"]) if task["hand"] else 0)
    money_cards = tuple([p["hand"].get(kind, 0) for kind in deck.MONEY_VALUES])

    def hint(cost: int) -> str:
        return "" if cost <= budget else _paid_with(money_cards, cost - budget)

    choices = []
    tiles = p["tiles"]
    for kind in OFFERING_KINDS:
        if kind in task["kinds"]:
            continue
        current = tiles[kind]
        for level, cost in _raises(cat, kind, current):
            if cost > funds:
                break  # prices rise with the level
            if tile_in_stock(state, kind, current, level):
                choices.append(_tile_choice(cat, kind, current, level, cost, hint(cost)))
    if funds >= 1:
        for piece in (FOOT, COLUMN):
            if general_supply(state, seat, piece):
                choices.append(_piece_choice(piece, hint(1)))
        loot = state["loot"]
        for pl in placements(cat, state, seat):
            if pl.cost <= funds:
                choices.append(_buy_place_choice(pl, hint(pl.cost), cat.loot[loot[pl.hex]]["label"] if pl.hex in loot else ""))
    choices.append(make_choice("end", "End purchase", f"{budget} money left over is lost" if budget else ""))
    source = "" if task["hand"] else " (Cartago: 2 money, no cards)"
    change = f" ({budget} of it already paid in cards)" if budget and task["hand"] else ""
    return single(state, seat, f"buy: {funds} money to spend{change}{source}", choices, "purchase")


@lru_cache(maxsize=64)
def _raises(cat: Catalog, kind: str, current: int) -> tuple[tuple[int, int], ...]:
    """(level, cost) of each higher level of an offering tile, from ``current``."""
    return tuple((level, tile_cost(kind, current, level)) for level in range(current + 1, 5))


@lru_cache(maxsize=4096)
def _paid_with(money_cards: tuple[int, ...], due: int) -> str:
    """Which money cards pay ``due`` out of ``money_cards`` (how many of each value are held)."""
    cards = deck.payment(dict(zip(deck.MONEY_VALUES, money_cards)), due) or {}
    return "pays with " + ", ".join(f"{n} money card{'s' if n > 1 else ''} of {deck.MONEY_VALUES[k]}" for k, n in sorted(cards.items()))


@lru_cache(maxsize=1024)
def _tile_choice(cat: Catalog, kind: str, current: int, level: int, cost: int, paid_with: str) -> Choice:
    what = f"{cat.tile_labels[kind]} tile L{level}" if not current else f"{cat.tile_labels[kind]} L{current} → L{level}"
    return Choice(f"tile:{kind}:{level}", f"{what} — {cost} money", paid_with)


@lru_cache(maxsize=64)
def _piece_choice(piece: str, paid_with: str) -> Choice:
    return Choice(f"buy:{piece}", f"Buy a {piece} — 1 money", "; ".join(h for h in (paid_with, "into your supply") if h))


@lru_cache(maxsize=4096)
def _buy_place_choice(pl, paid_with: str, loot_label: str) -> Choice:
    label = place_label(pl.kind, pl.hex, pl.cost, False).replace("steps", "money").replace("step", "money")
    hint = "; ".join(h for h in (paid_with, "loot: " + loot_label if loot_label else "") if h)
    return Choice(f"{pl.kind}:{pl.hex}", label, hint)


@acts("buy")
def _buy_act(state, task, choice):
    seat = task["seat"]
    if choice == "end":
        if task["budget"]:
            add_log(state, f"{name(state, seat)} ends the purchase; {task['budget']} money left over is lost.")
        finish(state)
        collect(state, seat, task["loot"])
        return
    head, _, rest = choice.partition(":")
    if head == "tile":
        kind, level = rest.split(":")
        level = int(level)
        current = state["players"][seat]["tiles"][kind]
        spend(state, task, tile_cost(kind, current, level))
        set_tile(state, seat, kind, level)
        task["kinds"].append(kind)
        add_log(state, f"{name(state, seat)} buys {catalog().tile_labels[kind]} level {level}.")
    elif head == "buy":
        spend(state, task, 1)
        state["players"][seat]["feet" if rest == FOOT else "columns"] += 1
        add_log(state, f"{name(state, seat)} buys a {rest}.")
    else:
        spend(state, task, entry_cost(state, rest))
        place(state, seat, head, rest, task["loot"], "places")


def spend(state: State, task: Task, cost: int) -> None:
    due = cost - task["budget"]
    if due > 0:
        p = state["players"][task["seat"]]
        cards = deck.payment(p["hand"], due)
        paid = 0
        for kind, n in cards.items():
            deck.remove(p["hand"], kind, n)
            deck.add(state["discard"], kind, n)
            paid += deck.MONEY_VALUES[kind] * n
        add_log(state, f"{name(state, task['seat'])} plays money cards worth {paid}.")
        task["budget"] += paid
    task["budget"] -= cost


# -- the offering tile effect (loot, bonus tiles, Iberia) ------------------------------------


def offering_options(state: State, seat: int) -> list[Choice]:
    p = state["players"][seat]
    labels = catalog().tile_labels
    choices = []
    for kind in OFFERING_KINDS:
        level = p["tiles"][kind]
        if level and level < 4 and tile_in_stock(state, kind, level, level + 1):
            choices.append(Choice(f"upgrade:{kind}", f"Raise {labels[kind]} {level} → {level + 1}"))
        elif not level and tile_in_stock(state, kind, 0, 1):
            choices.append(Choice(f"new:{kind}", f"Take a {labels[kind]} tile level 1"))
    return choices


@ready("offering")
def _offering_ready(state, task):
    return bool(offering_options(state, task["seat"]))


@decides("offering")
def _offering_decide(state, task):
    return single(state, task["seat"], f"offering tile: raise one by a level or take a level 1 ({task['n']} to go)",
                  offering_options(state, task["seat"]), "loot")


@acts("offering")
def _offering_act(state, task, choice):
    seat = task["seat"]
    kind = choice.split(":", 1)[1]
    level = state["players"][seat]["tiles"][kind] + 1
    set_tile(state, seat, kind, level)
    add_log(state, f"{name(state, seat)} now has {catalog().tile_labels[kind]} level {level}.")
    countdown(state, task)

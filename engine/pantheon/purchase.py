"""Buying with money (offering tiles, pieces, placements) and the offering tile effect."""

from __future__ import annotations

from functools import lru_cache

from engine.core import Choice, add_log

from . import cards as deck
from .board import COLUMN, FOOT, placements
from .common import Choose, State, choice, countdown, from_general, general_supply, name
from .catalog import OFFERING_KINDS, Catalog, catalog
from .movement import END, collect, entry_cost, place, place_hint, place_label

BUY_PIECE = {FOOT: Choice(f"buy:{FOOT}"), COLUMN: Choice(f"buy:{COLUMN}")}


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
        if current:  # the level 1/2 tile goes back into the box
            state["tile_box"][kind][(current - 1) // 2] += 1
    p["tiles"][kind] = level


@lru_cache(maxsize=64)
def _raises(cat: Catalog, kind: str, current: int) -> tuple[tuple[int, int], ...]:
    """(level, cost) of each higher level of an offering tile, from ``current``."""
    return tuple((level, tile_cost(kind, current, level)) for level in range(current + 1, 5))


@lru_cache(maxsize=4096)
def _paid_with(money_cards: tuple[int, ...], due: int) -> str:
    """Which money cards pay ``due`` out of ``money_cards`` (how many of each value are held)."""
    cards = deck.payment(dict(zip(deck.MONEY_VALUES, money_cards)), due) or {}
    return "pays with " + ", ".join(f"{n} money card{'s' if n > 1 else ''} of {deck.MONEY_VALUES[k]}" for k, n in sorted(cards.items()))


def funds(state: State, frame: dict) -> int:
    return frame["budget"] + (deck.money(state["players"][frame["seat"]]["hand"]) if frame["hand"] else 0)


class Buy(Choose):
    """Spend money (cards from the hand, Stonkus, Cartago's 2) on tiles, pieces and placements;
    money cards are played as they are needed, and what is left when the purchase ends is lost."""

    name = "buy"
    topic = "purchase"

    def options(self, state, frame):
        seat, cat = frame["seat"], catalog()
        money = funds(state, frame)
        choices = []
        tiles = state["players"][seat]["tiles"]
        for kind in OFFERING_KINDS:
            if kind in frame["kinds"]:
                continue
            current = tiles[kind]
            for level, cost in _raises(cat, kind, current):
                if cost > money:
                    break  # prices rise with the level
                if tile_in_stock(state, kind, current, level):
                    choices.append(choice(f"tile:{kind}:{level}", f"offering:{kind}"))
        if money >= 1:
            choices += [BUY_PIECE[piece] for piece in (FOOT, COLUMN) if general_supply(state, seat, piece)]
            choices += placements(cat, state, seat, money)
        choices.append(END)
        return choices

    def describe(self, state, frame, option):
        budget = frame["budget"]
        if option.id == "end":
            return "End purchase", f"{budget} money left over is lost" if budget else ""
        hand = state["players"][frame["seat"]]["hand"]

        def paid_with(cost: int) -> str:
            return "" if cost <= budget else _paid_with(tuple([hand.get(k, 0) for k in deck.MONEY_VALUES]), cost - budget)

        head, _, rest = option.id.partition(":")
        if head == "tile":
            kind, level = rest.split(":")
            current, level = state["players"][frame["seat"]]["tiles"][kind], int(level)
            cost, label = tile_cost(kind, current, level), catalog().tile_labels[kind]
            what = f"{label} tile L{level}" if not current else f"{label} L{current} → L{level}"
            return f"{what} — {cost} money", paid_with(cost)
        if head == "buy":
            return f"Buy a {rest} — 1 money", "; ".join(h for h in (paid_with(1), "into your supply") if h)
        cost = entry_cost(state, rest)
        hint = place_hint(state, rest, "").replace("2 steps (shared)", "shared")
        return f"{place_label(head, rest)} — {cost} money", "; ".join(h for h in (hint, paid_with(cost)) if h)

    def question(self, state, frame):
        budget = frame["budget"]
        source = "" if frame["hand"] else " (Cartago: 2 money, no cards)"
        change = f" ({budget} of it already paid in cards)" if budget and frame["hand"] else ""
        return f"buy: {funds(state, frame)} money to spend{change}{source}"

    def public_question(self, state, frame):
        if not frame["hand"]:
            return None
        return f"buy ({frame['budget']} money already paid)" if frame["budget"] else "buy"

    def act(self, state, frame, option, flow):
        seat = frame["seat"]
        if option.id == "end":
            if frame["budget"]:
                add_log(state, f"{name(state, seat)} ends the purchase; {frame['budget']} money left over is lost.")
            collect(state, seat, frame["loot"], flow)
            return
        head, _, rest = option.id.partition(":")
        if head == "tile":
            kind, level = rest.split(":")
            level = int(level)
            spend(state, frame, tile_cost(kind, state["players"][seat]["tiles"][kind], level))
            set_tile(state, seat, kind, level)
            frame["kinds"].append(kind)
            add_log(state, f"{name(state, seat)} buys {catalog().tile_labels[kind]} level {level}.")
        elif head == "buy":
            spend(state, frame, 1)
            from_general(state, seat, "feet" if rest == FOOT else "columns", 1)
            add_log(state, f"{name(state, seat)} buys a {rest}.")
        else:
            spend(state, frame, entry_cost(state, rest))
            place(state, seat, head, rest, frame["loot"], "places")
        flow.push(frame)


def spend(state: State, frame: dict, cost: int) -> None:
    """Pay ``cost`` from the money left over, playing money cards for the rest (no change)."""
    due = cost - frame["budget"]
    if due > 0:
        seat = frame["seat"]
        paid = 0
        for kind, n in deck.payment(state["players"][seat]["hand"], due).items():
            deck.play(state, seat, kind, n)
            paid += deck.MONEY_VALUES[kind] * n
        add_log(state, f"{name(state, seat)} plays money cards worth {paid}.")
        frame["budget"] += paid
    frame["budget"] -= cost


# -- the offering tile effect (loot, bonus tiles, Iberia) ------------------------------------


def offering_options(state: State, seat: int) -> list[Choice]:
    tiles = state["players"][seat]["tiles"]
    choices = []
    for kind in OFFERING_KINDS:
        level = tiles[kind]
        if level and level < 4 and tile_in_stock(state, kind, level, level + 1):
            choices.append(choice(f"upgrade:{kind}", f"offering:{kind}"))
        elif not level and tile_in_stock(state, kind, 0, 1):
            choices.append(choice(f"new:{kind}", f"offering:{kind}"))
    return choices


class Offering(Choose):
    """Raise one offering tile by a level, or take a level-1 tile of a kind not held yet."""

    name = "offering"
    topic = "loot"

    def ready(self, state, frame):
        return bool(offering_options(state, frame["seat"]))

    def options(self, state, frame):
        return offering_options(state, frame["seat"])

    def describe(self, state, frame, option):
        how, kind = option.id.split(":")
        label = catalog().tile_labels[kind]
        if how == "new":
            return f"Take a {label} tile level 1", ""
        level = state["players"][frame["seat"]]["tiles"][kind]
        return f"Raise {label} {level} → {level + 1}", ""

    def question(self, state, frame):
        return f"offering tile: raise one by a level or take a level 1 ({frame['n']} to go)"

    def act(self, state, frame, option, flow):
        seat, kind = frame["seat"], option.id.split(":")[1]
        level = state["players"][seat]["tiles"][kind] + 1
        set_tile(state, seat, kind, level)
        add_log(state, f"{name(state, seat)} now has {catalog().tile_labels[kind]} level {level}.")
        countdown(frame, flow)

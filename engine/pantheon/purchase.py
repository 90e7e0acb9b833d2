"""Buying with money (offering tiles, pieces, placements) and the offering tile effect."""

from __future__ import annotations

from functools import cache, lru_cache

from engine.core import Choice, Frame, Stack, add_log
from engine.core.log import add_entry
from engine.core.text import Said, Say
from engine.i18n import N_

from . import cards as deck
from .board import placements
from .catalog import OFFERING_KINDS, Catalog, catalog
from .choices import COLUMN, FOOT, BuyPiece, BuyTile, End, NewTile, Placement, RaiseTile
from .common import Choose, State, countdown, from_general, general_supply
from .movement import END, collect, entry_cost, loot_hint, place
from .targets import OFFERINGS
from .text import joined, log_line

BUY_PIECE = {FOOT: Choice.of(BuyPiece(FOOT)), COLUMN: Choice.of(BuyPiece(COLUMN))}
NEW_TILE = {kind: Choice.of(NewTile(kind), target=OFFERINGS[kind]) for kind in OFFERING_KINDS}
RAISE_TILE = {kind: Choice.of(RaiseTile(kind), target=OFFERINGS[kind]) for kind in OFFERING_KINDS}

PLAYS_MONEY = log_line(N_("{seat:seat} plays money cards worth {paid}."), "seat", "paid")
BUYS_TILE = log_line(N_("{seat:seat} buys {kind:offering} level {level}."), "seat", "kind", "level")
BUYS_PIECE = {FOOT: log_line(N_("{seat:seat} buys a foot."), "seat"),
              COLUMN: log_line(N_("{seat:seat} buys a column."), "seat")}


@cache
def tile_choice(kind: str, level: int) -> Choice:
    """Buying the offering tile of ``kind`` at ``level``, made once."""
    return Choice.of(BuyTile(kind, level), target=OFFERINGS[kind])


def tile_cost(kind: str, current: int, level: int) -> int:
    prices = catalog().prices[kind]
    return prices[level - 1] - (prices[current - 1] if current else 0)


def tile_in_stock(state: State, kind: str, current: int, level: int) -> bool:
    """Levels 1/2 and 3/4 share double-sided tiles: flipping within a pair needs no new tile."""
    group = 0 if level <= 2 else 1
    if current and (current - 1) // 2 == group:
        return True
    tiles_left: int = state["tile_stock"][kind][group]
    return tiles_left > 0


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
def _paid_with(money_cards: tuple[int, ...], due: int) -> Say:
    """Which money cards pay ``due`` out of ``money_cards`` (how many of each value are held)."""
    cards = deck.payment(dict(zip(deck.MONEY_VALUES, money_cards)), due) or {}
    return Say("pays with {cards:money_cards}", cards=dict(sorted(cards.items())))


def funds(state: State, frame: Frame) -> int:
    budget: int = frame["budget"]
    return budget + (deck.money(state["players"][frame["seat"]]["hand"]) if frame["hand"] else 0)


class Buy(Choose):
    """Spend money (cards from the hand, Stonkus, Cartago's 2) on tiles, pieces and placements;
    money cards are played as they are needed, and what is left when the purchase ends is lost."""

    name = "buy"
    topic = "purchase"

    def options(self, state: State, frame: Frame) -> list[Choice]:
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
                    choices.append(tile_choice(kind, level))
        if money >= 1:
            choices += [BUY_PIECE[piece] for piece in (FOOT, COLUMN) if general_supply(state, seat, piece)]
            choices += placements(cat, state, seat, money)
        choices.append(END)
        return choices

    def describe(self, state: State, frame: Frame, option: Choice) -> tuple[Said, Said]:
        budget = frame["budget"]
        hand = state["players"][frame["seat"]]["hand"]

        def paid_with(cost: int) -> Said:
            if cost <= budget:
                return ""
            return _paid_with(tuple([hand.get(k, 0) for k in deck.MONEY_VALUES]), cost - budget)

        match option.args:
            case End():
                return Say("End purchase"), Say("{budget} money left over is lost", budget=budget) if budget else ""
            case BuyTile(kind, level):
                current = state["players"][frame["seat"]]["tiles"][kind]
                cost = tile_cost(kind, current, level)
                if current:
                    label = Say("{kind:offering} L{current} → L{level} — {cost} money", kind=kind, current=current,
                                level=level, cost=cost)
                else:
                    label = Say("{kind:offering} tile L{level} — {cost} money", kind=kind, level=level, cost=cost)
                return label, paid_with(cost)
            case BuyPiece(piece):
                return (Say("Buy a foot — 1 money") if piece == FOOT else Say("Buy a column — 1 money"),
                        joined([paid_with(1), Say("into your supply")], "clauses"))
            case Placement() as placement:
                hex_id = placement.hex
                cost = entry_cost(state, hex_id)
                label = (Say("Foot {hex:hex} — {cost} money", hex=hex_id, cost=cost) if placement.piece == FOOT
                         else Say("Column {hex:hex} — {cost} money", hex=hex_id, cost=cost))
                where = joined([loot_hint(state, hex_id), Say("shared") if cost == 2 else ""])
                return label, joined([where, paid_with(cost)], "clauses")
        raise ValueError(f"not a choice of a purchase: {option.args}")

    def question(self, state: State, frame: Frame) -> Said:
        budget, money = frame["budget"], funds(state, frame)
        if not frame["hand"]:
            return Say("buy: {money} money to spend (Cartago: 2 money, no cards)", money=money)
        if budget:
            return Say("buy: {money} money to spend ({budget} of it already paid in cards)", money=money, budget=budget)
        return Say("buy: {money} money to spend", money=money)

    def public_question(self, state: State, frame: Frame) -> Said | None:
        if not frame["hand"]:
            return None
        return Say("buy ({budget} money already paid)", budget=frame["budget"]) if frame["budget"] else Say("buy")

    def act(self, state: State, frame: Frame, option: Choice, flow: Stack) -> None:
        seat = frame["seat"]
        match option.args:
            case End():
                if frame["budget"]:
                    add_log(state, Say("{seat:seat} ends the purchase; {budget} money left over is lost.", seat=seat,
                                       budget=frame["budget"]))
                collect(state, seat, frame["loot"], flow)
                return
            case BuyTile(kind, level):
                spend(state, frame, tile_cost(kind, state["players"][seat]["tiles"][kind], level))
                set_tile(state, seat, kind, level)
                frame["kinds"].append(kind)
                add_entry(state, BUYS_TILE(seat, kind, level))
            case BuyPiece(piece):
                spend(state, frame, 1)
                from_general(state, seat, "feet" if piece == FOOT else "columns", 1)
                add_entry(state, BUYS_PIECE[piece](seat))
            case Placement() as placement:
                spend(state, frame, entry_cost(state, placement.hex))
                place(state, seat, placement.piece, placement.hex, frame["loot"], "places")
        flow.push(frame)


def spend(state: State, frame: Frame, cost: int) -> None:
    """Pay ``cost`` from the money left over, playing money cards for the rest (no change)."""
    due = cost - frame["budget"]
    if due > 0:
        seat = frame["seat"]
        paid = 0
        cards = deck.payment(state["players"][seat]["hand"], due)
        if cards is None:  # the purchases offered are those the seat's money covers
            raise ValueError(f"seat {seat} cannot pay {due} more money")
        for kind, n in cards.items():
            deck.play(state, seat, kind, n)
            paid += deck.MONEY_VALUES[kind] * n
        add_entry(state, PLAYS_MONEY(seat, paid))
        frame["budget"] += paid
    frame["budget"] -= cost


# -- the offering tile effect (loot, bonus tiles, Iberia) ------------------------------------


def offering_options(state: State, seat: int) -> list[Choice]:
    tiles = state["players"][seat]["tiles"]
    choices = []
    for kind in OFFERING_KINDS:
        level = tiles[kind]
        if level and level < 4 and tile_in_stock(state, kind, level, level + 1):
            choices.append(RAISE_TILE[kind])
        elif not level and tile_in_stock(state, kind, 0, 1):
            choices.append(NEW_TILE[kind])
    return choices


class Offering(Choose):
    """Raise one offering tile by a level, or take a level-1 tile of a kind not held yet."""

    name = "offering"
    topic = "loot"

    def ready(self, state: State, frame: Frame) -> bool:
        return bool(offering_options(state, frame["seat"]))

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return offering_options(state, frame["seat"])

    def describe(self, state: State, frame: Frame, option: Choice) -> tuple[Said, Said]:
        match option.args:
            case NewTile(kind):
                return Say("Take a {kind:offering} tile level 1", kind=kind), ""
            case RaiseTile(kind):
                level = state["players"][frame["seat"]]["tiles"][kind]
                return Say("Raise {kind:offering} {level} → {next}", kind=kind, level=level, next=level + 1), ""
        raise ValueError(f"not an offering tile: {option.args}")

    def question(self, state: State, frame: Frame) -> Said:
        return Say("offering tile: raise one by a level or take a level 1 ({n} to go)", n=frame["n"])

    def act(self, state: State, frame: Frame, option: Choice, flow: Stack) -> None:
        if not isinstance(option.args, NewTile | RaiseTile):
            raise ValueError(f"not an offering tile: {option.args}")
        seat, kind = frame["seat"], option.args.kind
        level = state["players"][seat]["tiles"][kind] + 1
        set_tile(state, seat, kind, level)
        add_log(state, Say("{seat:seat} now has {kind:offering} level {level}.", seat=seat, kind=kind, level=level))
        countdown(frame, flow)

"""God tiles: drawing one from the stack, paying for it with offerings, and what it does."""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from operator import contains, ge

from engine.core import Choice, Decision, add_log

from . import cards as deck
from .chance import demigod_draw, god_outcomes, refill_god_stack
from .data import OFFERING_KINDS, Catalog, catalog
from .scoring import god_tile_points
from .tasks import State, acts, decides, finish, name, needs_text, push, ready, single


@ready("draw_god")
def _draw_god_ready(state, task):
    return refill_god_stack(state)


@decides("draw_god")
def _draw_god_decide(state, task):
    return Decision.chance(f"Draw a god tile from the stack for {name(state, task['seat'])}", god_outcomes(state), "gods")


@acts("draw_god")
def _draw_god_act(state, task, tile):
    finish(state)
    state["god_stack"].remove(tile)
    seat, how = task["seat"], task["how"]
    if how == "gallia":
        record = catalog().gods[tile]
        add_log(state, f"{name(state, seat)} reveals {record['name']} (Gallia: its topmost {record['needs'][0]} offerings take it).")
        push(state, {"t": "pay", "seat": seat, "tile": tile, "top_only": True, "how": how})
    else:
        gain_god(state, seat, tile, how)


def payments(state: State, seat: int, tile: str, top_only: bool) -> list[dict[str, int]]:
    """Distinct sets of offering cards that take ``tile``: each number on the tile needs a
    different kind; a tile of level L counts as L offerings of its kind and is kept."""
    record = catalog().gods[tile]
    needs = record["needs"][:1] if top_only else record["needs"]
    p = state["players"][seat]
    held = tuple([p["hand"].get(k, 0) for k in OFFERING_KINDS])
    levels = (0,) * len(OFFERING_KINDS) if record.get("cards_only") else tuple([p["tiles"][k] for k in OFFERING_KINDS])
    return [dict(cards) for cards in _payments(tuple(needs), held, levels)]


@lru_cache(maxsize=4096)
def _payments(needs: tuple[int, ...], held: tuple[int, ...], tile_levels: tuple[int, ...]) -> tuple[dict[str, int], ...]:
    """``payments`` for offering cards ``held`` and tile levels, both in OFFERING_KINDS order."""
    shorts = [{kind: need - level for kind, n, level in zip(OFFERING_KINDS, held, tile_levels) if need - level <= n}
              for need in needs]
    found: dict[tuple, dict[str, int]] = {}
    for kinds in permutations(OFFERING_KINDS, len(needs)):
        if all(map(contains, shorts, kinds)):
            cards = {kind: short[kind] for kind, short in zip(kinds, shorts) if short[kind] > 0}
            found.setdefault(tuple(sorted(cards.items())), cards)
    return tuple(sorted(found.values(), key=lambda c: (sum(c.values()), sorted(c.items()))))


def affordable(state: State, seat: int, tiles: list[str]) -> list[str]:
    """The god tiles among ``tiles`` that some payment takes (the rule of ``payments``):
    each number on a tile needs its own kind. Matching the numbers, largest first (as the
    tiles list them), to the kinds with the most offerings (cards + tile levels) finds such
    an assignment whenever one exists."""
    p = state["players"][seat]
    hand, levels = p["hand"], p["tiles"]
    cards = sorted([hand.get(k, 0) for k in OFFERING_KINDS], reverse=True)
    spare = sorted([hand.get(k, 0) + levels[k] for k in OFFERING_KINDS], reverse=True)
    gods = catalog().gods
    return [tile for tile in tiles
            if all(map(ge, cards if gods[tile].get("cards_only") else spare, gods[tile]["needs"]))]


def payment_id(cards: dict[str, int]) -> str:
    return "pay:" + ("-".join(f"{k}{n}" for k, n in sorted(cards.items())) or "tiles")


def payment_label(cards: dict[str, int]) -> str:
    if not cards:
        return "Offer with your tiles only"
    return "Offer " + " + ".join(f"{n} {catalog().tile_labels[k]}" for k, n in sorted(cards.items())) + " card(s)"


@lru_cache(maxsize=1024)
def _payment_choice(cat: Catalog, cards: tuple[tuple[str, int], ...]) -> Choice:
    paid = dict(cards)
    return Choice(payment_id(paid), payment_label(paid), "tiles cover the rest")


@decides("pay")
def _pay_decide(state, task):
    seat, tile = task["seat"], task["tile"]
    cat = catalog()
    record = cat.gods[tile]
    choices = [_payment_choice(cat, tuple(c.items())) for c in payments(state, seat, tile, task["top_only"])]
    if task["how"] == "gallia":
        choices.append(Choice("decline", f"Do not take {record['name']} (it goes to the box)"))
    needs = record["needs"][:1] if task["top_only"] else record["needs"]
    return single(state, seat, f"offer {needs_text(needs)} for {record['name']}", choices, "gods")


@acts("pay")
def _pay_act(state, task, choice):
    seat, tile = task["seat"], task["tile"]
    finish(state)
    if choice == "decline":
        state["god_box"].append(tile)
        add_log(state, f"{name(state, seat)} leaves {catalog().gods[tile]['name']}; it goes to the box.")
        return
    cards = next(c for c in payments(state, seat, tile, task["top_only"]) if payment_id(c) == choice)
    take_god(state, seat, tile, cards, task["how"])


def take_god(state: State, seat: int, tile: str, cards: dict[str, int], how: str) -> None:
    p = state["players"][seat]
    for kind, n in cards.items():
        deck.remove(p["hand"], kind, n)
        deck.add(state["discard"], kind, n)
    if tile in state["god_display"]:
        state["god_display"].remove(tile)
    if cards:
        add_log(state, f"{name(state, seat)} offers {', '.join(f'{n} {k}' for k, n in sorted(cards.items()))}.")
    gain_god(state, seat, tile, how)


def gain_god(state: State, seat: int, tile: str, how: str) -> None:
    """A god joins ``seat``: epoch points now; instant gods act and go to the box."""
    record = catalog().gods[tile]
    points = god_tile_points(state["epoch"])
    p = state["players"][seat]
    p["vp"]["gods"] += points
    add_log(state, f"{name(state, seat)} gains {record['name']} and scores {points}.")
    if record["kind"] != "instant":
        p["gods"].append(tile)
        return
    state["god_box"].append(tile)
    god = record["god"]
    if god == "surparit" and how != "surparit":
        push(state, {"t": "draw_god", "seat": seat, "how": "surparit"})
    elif god == "plaesiris":
        display = state["demigod_display"] if how == "action" else []
        taken = display[:2]
        del display[:2]
        if taken:
            p["demigods"].extend(taken)
            add_log(state, f"{name(state, seat)} takes demigods {', '.join(map(str, taken))} from the display.",
                    only=[seat], others=f"{name(state, seat)} takes the {len(taken)} highest demigods from the display.")
        push(state, *(demigod_draw(seat) for _ in range(2 - len(taken))))
    elif god == "taksator":
        take_special_money(state, seat)


def take_special_money(state: State, seat: int) -> None:
    if not state["special_money"]:
        add_log(state, f"No special money card is left for {name(state, seat)}.")
        return
    value = state["special_money"].pop(0)
    deck.add(state["players"][seat]["hand"], f"money{value}")
    add_log(state, f"{name(state, seat)} takes the special money card {value}.")

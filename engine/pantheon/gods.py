"""God tiles: drawing one from the stack, paying for it with offerings, and what it does."""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from operator import contains, ge

from engine.core import Choice, Stack, add_log

from . import cards as deck
from .chance import GodDraw, demigod_draw
from .common import Choose, State, choice, name, needs_text
from .catalog import OFFERING_KINDS, catalog
from .scoring import god_tile_points

DECLINE = Choice("decline")


class DrawGod(GodDraw):
    """A god tile from the stack for a seat (Surparit, a loot or bonus tile, Gallia)."""

    name = "draw_god"
    topic = "gods"

    def prompt(self, state, frame):
        return f"Draw a god tile from the stack for {name(state, frame['seat'])}"

    def act(self, state, frame, option, flow):
        tile = option.id
        state["god_stack"].remove(tile)
        seat, how = frame["seat"], frame["how"]
        if how == "gallia":
            record = catalog().gods[tile]
            add_log(state, f"{name(state, seat)} reveals {record['name']} (Gallia: its topmost {record['needs'][0]} offerings take it).")
            flow.push({"step": "pay", "seat": seat, "tile": tile, "top_only": True, "how": how})
        else:
            gain_god(state, seat, tile, how, flow)


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
    return "Offer " + ", ".join(f"{n} {catalog().tile_labels[k]}" for k, n in sorted(cards.items()))


class Pay(Choose):
    """Which offering cards take the god tile (the tiles' levels count too, unless cards only)."""

    name = "pay"
    topic = "gods"

    def options(self, state, frame):
        found = [choice(payment_id(cards), "hand") for cards in payments(state, frame["seat"], frame["tile"], frame["top_only"])]
        return found + [DECLINE] if frame["how"] == "gallia" else found

    def describe(self, state, frame, option):
        if option.id == DECLINE.id:
            return f"Do not take {catalog().gods[frame['tile']]['name']} (it goes to the box)", ""
        return payment_label(self._cards(state, frame, option.id)), "tiles cover the rest"

    def question(self, state, frame):
        record = catalog().gods[frame["tile"]]
        needs = record["needs"][:1] if frame["top_only"] else record["needs"]
        return f"offer {needs_text(needs)} for {record['name']}"

    def act(self, state, frame, option, flow):
        seat, tile = frame["seat"], frame["tile"]
        if option.id == DECLINE.id:
            state["god_box"].append(tile)
            add_log(state, f"{name(state, seat)} leaves {catalog().gods[tile]['name']}; it goes to the box.")
            return
        take_god(state, seat, tile, self._cards(state, frame, option.id), frame["how"], flow)

    @staticmethod
    def _cards(state: State, frame: dict, choice_id: str) -> dict[str, int]:
        return next(c for c in payments(state, frame["seat"], frame["tile"], frame["top_only"]) if payment_id(c) == choice_id)


def take_god(state: State, seat: int, tile: str, cards: dict[str, int], how: str, flow: Stack) -> None:
    for kind, n in cards.items():
        deck.play(state, seat, kind, n)
    if tile in state["god_display"]:
        state["god_display"].remove(tile)
        if not state["god_display"]:
            state.setdefault("ender", seat)
    if cards:
        add_log(state, f"{name(state, seat)} offers {', '.join(f'{n} {k}' for k, n in sorted(cards.items()))}.")
    gain_god(state, seat, tile, how, flow)


def gain_god(state: State, seat: int, tile: str, how: str, flow: Stack) -> None:
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
        flow.push({"step": "draw_god", "seat": seat, "how": "surparit"})
    elif god == "plaesiris":
        display = state["demigod_display"] if how == "action" else []
        taken = display[:2]
        del display[:2]
        if taken:
            p["demigods"].extend(taken)
            p["demigods_known"].extend(taken)
            add_log(state, f"{name(state, seat)} takes demigods {', '.join(map(str, taken))} from the display.",
                    only=[seat], others=f"{name(state, seat)} takes the {len(taken)} highest demigods from the display.")
        flow.push(*(demigod_draw(seat) for _ in range(2 - len(taken))))
    elif god == "taksator":
        take_special_money(state, seat)


def take_special_money(state: State, seat: int) -> None:
    if not state["special_money"]:
        add_log(state, f"No special money card is left for {name(state, seat)}.")
        return
    value = state["special_money"].pop(0)
    deck.take(state["players"][seat], f"money{value}")
    add_log(state, f"{name(state, seat)} takes the special money card {value}.")

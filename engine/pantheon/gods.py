"""God tiles: drawing one from the stack, paying for it with offerings, and what it does."""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from operator import contains, ge

from engine.core import Choice, Frame, Stack, add_log
from engine.core.log import add_entry
from engine.core.text import Said, Say
from engine.i18n import N_

from . import cards as deck
from .catalog import OFFERING_KINDS, catalog
from .chance import GodDraw, demigod_draw
from .choices import Decline, GodDrawn, Payment
from .common import Choose, State
from .scoring import god_tile_points
from .targets import HAND
from .text import cards_of, log_line

DECLINE = Choice.of(Decline())
GAINS = log_line(N_("{seat:seat} gains {tile:god} and scores {points}."), "seat", "tile", "points")


class DrawGod(GodDraw):
    """A god tile from the stack for a seat (Surparit, a loot or bonus tile, Gallia)."""

    name = "draw_god"
    topic = "gods"

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("Draw a god tile from the stack for {seat:seat}", seat=frame["seat"])

    def act(self, state: State, frame: Frame, option: Choice, flow: Stack) -> None:
        tile = option.args_as(GodDrawn).tile
        state["god_stack"].remove(tile)
        seat, how = frame["seat"], frame["how"]
        if how == "gallia":
            add_log(state, Say("{seat:seat} reveals {tile:god} (Gallia: its topmost {top} offerings take it).",
                               seat=seat, tile=tile, top=catalog().gods[tile]["needs"][0]))
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
def _payments(needs: tuple[int, ...], held: tuple[int, ...],
              tile_levels: tuple[int, ...]) -> tuple[dict[str, int], ...]:
    """``payments`` for offering cards ``held`` and tile levels, both in OFFERING_KINDS order."""
    shorts = [{kind: need - level for kind, n, level in zip(OFFERING_KINDS, held, tile_levels) if need - level <= n}
              for need in needs]
    found: dict[tuple[tuple[str, int], ...], dict[str, int]] = {}
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


@lru_cache(maxsize=4096)
def payment_choice(cards: tuple[tuple[str, int], ...]) -> Choice:
    """Paying with ``cards`` (sorted (kind, count) pairs), made once; it acts on the hand."""
    return Choice.of(Payment(cards), target=HAND)


def payment_label(cards: dict[str, int]) -> Said:
    if not cards:
        return Say("Offer with your tiles only")
    return Say("Offer {cards:payment}", cards=cards_of(cards))


class Pay(Choose):
    """Which offering cards take the god tile (the tiles' levels count too, unless cards only)."""

    name = "pay"
    topic = "gods"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        found = [payment_choice(tuple(sorted(cards.items())))
                 for cards in payments(state, frame["seat"], frame["tile"], frame["top_only"])]
        return found + [DECLINE] if frame["how"] == "gallia" else found

    def describe(self, state: State, frame: Frame, option: Choice) -> tuple[Said, Said]:
        match option.args:
            case Decline():
                return Say("Do not take {tile:god} (it goes to the box)", tile=frame["tile"]), ""
            case Payment(cards):
                return payment_label(dict(cards)), Say("tiles cover the rest")
        raise ValueError(f"not a payment: {option.args}")

    def question(self, state: State, frame: Frame) -> Said:
        tile = frame["tile"]
        needs = catalog().gods[tile]["needs"]
        return Say("offer {needs:needs} for {tile:god}", needs=list(needs[:1] if frame["top_only"] else needs),
                   tile=tile)

    def act(self, state: State, frame: Frame, option: Choice, flow: Stack) -> None:
        seat, tile = frame["seat"], frame["tile"]
        match option.args:
            case Decline():
                state["god_box"].append(tile)
                add_log(state, Say("{seat:seat} leaves {tile:god}; it goes to the box.", seat=seat, tile=tile))
            case Payment(cards):
                take_god(state, seat, tile, dict(cards), frame["how"], flow)


def take_god(state: State, seat: int, tile: str, cards: dict[str, int], how: str, flow: Stack) -> None:
    for kind, n in cards.items():
        deck.play(state, seat, kind, n)
    if tile in state["god_display"]:
        state["god_display"].remove(tile)
        if not state["god_display"]:
            state.setdefault("ender", seat)
    if cards:
        add_log(state, Say("{seat:seat} offers {cards:paid}.", seat=seat, cards=cards_of(cards)))
    gain_god(state, seat, tile, how, flow)


def gain_god(state: State, seat: int, tile: str, how: str, flow: Stack) -> None:
    """A god joins ``seat``: epoch points now; instant gods act and go to the box."""
    record = catalog().gods[tile]
    points = god_tile_points(state["epoch"])
    p = state["players"][seat]
    p["vp"]["gods"] += points
    add_entry(state, GAINS(seat, tile, points))
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
            add_log(state, Say("{seat:seat} takes demigods {values:numbers} from the display.", seat=seat,
                               values=taken),
                    only=[seat], others=Say("{seat:seat} takes the {n} highest demigods from the display.", seat=seat,
                                            n=len(taken)))
        flow.push(*(demigod_draw(seat) for _ in range(2 - len(taken))))
    elif god == "taksator":
        take_special_money(state, seat)


def take_special_money(state: State, seat: int) -> None:
    if not state["special_money"]:
        add_log(state, Say("No special money card is left for {seat:seat}.", seat=seat))
        return
    value = state["special_money"].pop(0)
    deck.take(state["players"][seat], f"money{value}")
    add_log(state, Say("{seat:seat} takes the special money card {value}.", seat=seat, value=value))

"""The nations: drawing an epoch's nation card and their one-off powers."""

from __future__ import annotations

from functools import cache

from engine.core import Auto, Choice, Draw, Frame, Stack, add_log
from engine.core.text import Said, Say

from . import cards as deck
from .catalog import NATION_IDS, catalog
from .chance import deal
from .choices import COLUMN, FOOT, DiscardCard, GalliaCards, GalliaGod, KeepPieces, NationDrawn, SwapPieces
from .common import Choose, State, from_general, general_supply, seats_from
from .targets import HAND_CARDS

HAND_LIMIT_NATION = 7
CARDS, GOD = Choice.of(GalliaCards()), Choice.of(GalliaGod())
KEEP = Choice.of(KeepPieces())
NATIONS = {nation: Choice.of(NationDrawn(nation)) for nation in NATION_IDS}
DISCARDS = {kind: Choice.of(DiscardCard(kind), target=HAND_CARDS[kind]) for kind in deck.CARD_ORDER}


@cache
def swap_choice(give: str, n: int) -> Choice:
    return Choice.of(SwapPieces(give, n))


class Nation(Draw):
    """The epoch's nation card, from those not drawn yet."""

    name = "nation"
    topic = "preparation"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [NATIONS[nation] for nation in NATION_IDS if nation not in state["nations"]]

    def describe(self, state: State, frame: Frame, option: Choice) -> tuple[Said, Said]:
        return Say("{nation:nation}", nation=option.args_as(NationDrawn).nation), ""

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("Epoch {epoch}: draw the nation card", epoch=state["epoch"])

    def act(self, state: State, frame: Frame, option: Choice, flow: Stack) -> None:
        nation = option.args_as(NationDrawn).nation
        state["nations"].append(nation)
        add_log(state, Say("Epoch {epoch}: {nation:nation} rises.", epoch=state["epoch"], nation=nation))


class Power(Auto):
    """The epoch's nation acts once, for every player from the start player on."""

    name = "power"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        power = catalog().nations[state["nations"][-1]]["power"]
        order = seats_from(state, state["start"])
        if power == "persia":
            state["special_money"].reverse()
            add_log(state, Say("Persia: the special money stack is turned round."))
        elif power == "gallia":
            flow.push(*({"step": "gallia", "seat": s} for s in order))
        elif power == "germania":
            flow.push(*({"step": "hand7", "seat": s} for s in order))
        elif power == "aegyptus":
            flow.push(*({"step": "swap", "seat": s} for s in order))
        elif power == "cartago":
            flow.push(*({"step": "buy", "seat": s, "budget": 2, "hand": False, "kinds": [], "loot": []} for s in order))
        elif power == "iberia":
            flow.push(*({"step": "offering", "seat": s, "n": 1} for s in order))
        elif power == "roma":
            flow.push(*(deal(s, 2) for s in order))


def _gallia_choices(state: State) -> list[Choice]:
    choices = []
    if deck.can_refill_deck(state):
        choices.append(CARDS)
    if state["god_stack"] or state["god_box"]:
        choices.append(GOD)
    return choices


class Gallia(Choose):
    name = "gallia"
    topic = "nations"

    def ready(self, state: State, frame: Frame) -> bool:
        return bool(_gallia_choices(state))

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return _gallia_choices(state)

    def describe(self, state: State, frame: Frame, option: Choice) -> tuple[Said, Said]:
        if isinstance(option.args, GalliaCards):
            return Say("Draw 2 cards from the deck"), ""
        return Say("Reveal a god from the stack"), Say("take it by offering only its topmost number")

    def question(self, state: State, frame: Frame) -> Said:
        return Say("Gallia: draw 2 cards or reveal a god")

    def act(self, state: State, frame: Frame, option: Choice, flow: Stack) -> None:
        seat = frame["seat"]
        if isinstance(option.args, GalliaCards):
            flow.push(deal(seat, 2))
        else:
            flow.push({"step": "draw_god", "seat": seat, "how": "gallia"})


class HandOfSeven(Auto):
    """Germania: a hand of fewer than seven cards draws from the deck, one of more discards."""

    name = "hand7"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        seat = frame["seat"]
        held = deck.size(state["players"][seat]["hand"])
        if held < HAND_LIMIT_NATION:
            flow.push(deal(seat, HAND_LIMIT_NATION - held))
        elif held > HAND_LIMIT_NATION:
            flow.push({"step": "discard", "seat": seat})


class Discard(Choose):
    name = "discard"
    topic = "nations"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        hand = state["players"][frame["seat"]]["hand"]
        return [DISCARDS[kind] for kind in deck.CARD_ORDER if hand.get(kind)]

    def describe(self, state: State, frame: Frame, option: Choice) -> tuple[Said, Said]:
        kind = option.args_as(DiscardCard).kind
        return (Say("Discard {kind:card}", kind=kind),
                Say("you hold {n}", n=state["players"][frame["seat"]]["hand"][kind]))

    def question(self, state: State, frame: Frame) -> Said:
        held = deck.size(state["players"][frame["seat"]]["hand"])
        return Say("discard down to {limit} cards ({held} held)", limit=HAND_LIMIT_NATION, held=held)

    def act(self, state: State, frame: Frame, option: Choice, flow: Stack) -> None:
        seat, kind = frame["seat"], option.args_as(DiscardCard).kind
        deck.play(state, seat, kind)
        add_log(state, Say("{seat:seat} discards {kind:card}.", seat=seat, kind=kind))
        if deck.size(state["players"][seat]["hand"]) > HAND_LIMIT_NATION:
            flow.push(frame)


class Swap(Choose):
    """Aegyptus: swap feet for columns (or back) with the general supply, one for one."""

    name = "swap"
    topic = "nations"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        seat = frame["seat"]
        p = state["players"][seat]
        choices = [KEEP]
        choices += [swap_choice("feet", n) for n in range(1, min(p["feet"], general_supply(state, seat, COLUMN)) + 1)]
        choices += [swap_choice("columns", n)
                    for n in range(1, min(p["columns"], general_supply(state, seat, FOOT)) + 1)]
        return choices

    def describe(self, state: State, frame: Frame, option: Choice) -> tuple[Said, Said]:
        match option.args:
            case SwapPieces(give, n):
                if give == "feet":
                    return Say("Swap {n} feet for {n} columns", n=n), ""
                return Say("Swap {n} columns for {n} feet", n=n), ""
        p = state["players"][frame["seat"]]
        return Say("Keep your pieces as they are"), Say("supply: {feet} feet, {columns} columns", feet=p["feet"],
                                                   columns=p["columns"])

    def question(self, state: State, frame: Frame) -> Said:
        return Say("Aegyptus: swap feet and columns with the general supply")

    def act(self, state: State, frame: Frame, option: Choice, flow: Stack) -> None:
        match option.args:
            case SwapPieces(give, n):
                seat = frame["seat"]
                get = "columns" if give == "feet" else "feet"
                from_general(state, seat, give, -n)
                from_general(state, seat, get, n)
                add_log(state, Say("{seat:seat} swaps {n} feet for {n} columns.", seat=seat, n=n) if give == "feet"
                        else Say("{seat:seat} swaps {n} columns for {n} feet.", seat=seat, n=n))
